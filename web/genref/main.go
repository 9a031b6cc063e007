// Command genref writes the reference site into OUTDIR: the web edition
// (/lint/<code>, /dialects/<id>, /crawlers/<id>, /compat, /compat.json,
// /conformance, /conformance.json, the conformance table
// /conformance/results with a page per library, results.json and a badge
// per library, every kept release of the suite as /conformance/NAME.json,
// and the index /reference, as .html files that the server or Netlify
// serves without the extension) and the Gemini edition under
// OUTDIR/gemini. Every page comes from core/refsite, which computes it
// from the code. web/build-site.sh runs it; the site's address, the
// commit and the build date come in with -ldflags, as for the CLI
// (web/ldflags.sh prints them), and every page names the last two.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/smolbots/smolbots/core/refsite"
	"github.com/smolbots/smolbots/internal/toolmain"
)

func main() {
	toolmain.Run("genref", "OUTDIR", run)
}

func run(args ...string) error {
	outdir := args[0]
	files, err := refsite.Pages()
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(outdir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	counts := refsite.Counts()
	fmt.Fprintf(os.Stderr, "genref: %d files into %s (%d lint, %d dialect and %d crawler pages, the matrix, the conformance suite, the changes of reading and the index; each also as Gemtext)\n",
		len(files), outdir, counts["lint"], counts["dialects"], counts["crawlers"])
	return nil
}
