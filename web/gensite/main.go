// Command gensite writes the page's generated files into OUTDIR:
// chroma.css, the editor's token colours (light and dark), so the page
// ships CSS and no chroma style registry; and index.html, the page IN
// with the default case already drawn by the code the page itself runs
// (core/prerender.Prerender), so the first verdicts arrive with the HTML
// and show without JavaScript, and the build's commit and date in its
// smolbots-version meta.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/highlight/theme"
	"github.com/smolbots/smolbots/core/prerender"
	"github.com/smolbots/smolbots/internal/toolmain"
)

func main() {
	toolmain.Run("gensite", "IN.html OUTDIR", run)
}

func run(args ...string) error {
	in, outdir := args[0], args[1]
	var css bytes.Buffer
	if err := theme.CSS(&css); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(outdir, "chroma.css"), css.Bytes(), 0o644); err != nil {
		return err
	}
	page, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	html, err := prerender.Prerender(string(page))
	if err != nil {
		return err
	}
	// The build's commit and date, which a link's record of its
	// verdicts names (web/ldflags.sh passes them in).
	const empty = `<meta name="smolbots-version" content="" data-date="">`
	if strings.Count(html, empty) != 1 {
		return fmt.Errorf("the page holds %q %d times, want once", empty, strings.Count(html, empty))
	}
	html = strings.Replace(html, empty, `<meta name="smolbots-version" content="`+core.Version()+`" data-date="`+core.BuildDate()+`">`, 1)
	return os.WriteFile(filepath.Join(outdir, "index.html"), []byte(html), 0o644)
}
