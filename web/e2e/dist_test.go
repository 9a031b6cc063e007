package e2e

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/conformance"
)

// TestDist builds the deployable site and loads it: hashed names, every
// reference rewritten, the deployed CSP, no errors.
func TestDist(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "dist")
	cmd := exec.Command("../dist.sh", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("dist.sh: %v\n%s", err, b)
	}
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"#]+)"`).FindAllStringSubmatch(string(index), -1)
	if len(refs) < 5 {
		t.Fatalf("index.html references %d files", len(refs))
	}
	hashed := regexp.MustCompile(`^assets/[a-z_]+\.[0-9a-f]{16}\.(js|css|svg|wasm)$`)
	refPage := regexp.MustCompile(`^(reference|compat|(lint|dialects|crawlers)/[a-z0-9-]+)$`)
	for _, r := range refs {
		if refPage.MatchString(r[1]) {
			// Links to the reference's pages (reference.html,
			// compat.html, lint/<code>.html and the column heads'
			// dialects/<id>.html and crawlers/<id>.html, served without
			// .html), not assets.
			if _, err := os.Stat(filepath.Join(out, r[1]+".html")); err != nil {
				t.Errorf("index.html links %s, which dist/ does not have", r[1])
			}
			continue
		}
		if !hashed.MatchString(r[1]) {
			t.Errorf("index.html references %q, not a hashed asset", r[1])
		}
		if _, err := os.Stat(filepath.Join(out, r[1])); err != nil {
			t.Errorf("referenced %s is missing: %v", r[1], err)
		}
	}
	// Nothing deployed names the .org example domain (the wasm
	// included), and every reference page and compat.json name the
	// commit and the date they were built from.
	banned := []byte("example" + ".org")
	stamp := regexp.MustCompile(`Built from smolbots [0-9a-f]{40} on \d{4}-\d{2}-\d{2}\.`)
	pages := 0
	err = filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		name, _ := filepath.Rel(out, path)
		if regexp.MustCompile(`(?i)` + regexp.QuoteMeta(string(banned))).Match(data) {
			t.Errorf("dist/%s names %s", name, banned)
		}
		switch {
		case name == "compat.json":
			if !regexp.MustCompile(`"version": "[0-9a-f]{40}"`).Match(data) || !regexp.MustCompile(`"built": "\d{4}-\d{2}-\d{2}"`).Match(data) {
				t.Errorf("dist/compat.json has no version and build date")
			}
		case strings.HasSuffix(name, ".gmi"), strings.HasSuffix(name, ".html") && name != "index.html":
			pages++
			if !stamp.Match(data) {
				t.Errorf("dist/%s has no stamp of the commit and date", name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages < 100 {
		t.Errorf("dist/ holds %d reference pages", pages)
	}

	// The conformance suite is published beside the matrix, with its
	// table, a badge per library and its kept release.
	for _, f := range []string{"conformance.html", "conformance.json", "gemini/conformance.gmi",
		"conformance/results.html", "conformance/results.json", "conformance/results/grobotstxt.html", "gemini/conformance/results.gmi",
		"conformance/badges/robots-parser.svg", "conformance/" + conformance.Release + ".json"} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil || fi.Size() == 0 {
			t.Errorf("dist/%s is missing or empty (%v)", f, err)
		}
	}
	// The preload names the checker's module, not the on-demand one.
	if !regexp.MustCompile(`<link rel="preload" href="assets/playground\.[0-9a-f]{16}\.wasm"`).Match(index) {
		t.Error("index.html does not preload the checker's module (assets/playground.*.wasm)")
	}
	entries, _ := os.ReadDir(filepath.Join(out, "assets"))
	var wasm string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".wasm") {
			wasm = e.Name()
		}
	}
	mainJS, _ := filepath.Glob(filepath.Join(out, "assets", "main.*.js"))
	if len(mainJS) != 1 || wasm == "" {
		t.Fatalf("assets: main.js %v, wasm %q", mainJS, wasm)
	}
	if js, _ := os.ReadFile(mainJS[0]); !strings.Contains(string(js), `"assets/`+wasm+`"`) {
		t.Errorf("main.js does not load %s", wasm)
	}

	csp, err := deployedCSP()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(withCSP(csp, siteHandler(out)))
	defer srv.Close()
	b := newBrowser(t)
	b.do(t, chromedp.Navigate(srv.URL+"/"))
	b.waitUpdates(t, 1)
	if n := len(b.cells(t)); n == 0 {
		t.Error("the deployed page drew no grid")
	}
	b.noErrors(t)
}

// TestScreenshot keeps a picture of the page for the README, on a
// 1280x800 laptop screen; set SCREENSHOT_OUT to write it there
// (docs/screenshot.png).
func TestScreenshot(t *testing.T) {
	t.Parallel()
	b := openBrowser(t, chromedp.EmulateViewport(1280, 800))
	n := b.updates(t)
	b.do(t, chromedp.SetValue(chromedp.ID("example"), "indexer-clash"), chromedp.Click(chromedp.ID("load-example")))
	b.waitUpdates(t, n+1)
	b.do(t, chromedp.Click(chromedp.CSS(`button.cell[data-dialect="gemini"][data-agent="GUS(indexer)"]`)),
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if len(png) < 8 || string(png[1:4]) != "PNG" {
		t.Fatalf("not a PNG (%d bytes)", len(png))
	}
	out := os.Getenv("SCREENSHOT_OUT")
	if out == "" {
		out = filepath.Join(t.TempDir(), "screenshot.png")
	}
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", out)
	b.noErrors(t)
}
