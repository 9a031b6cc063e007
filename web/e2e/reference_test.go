package e2e

import (
	"fmt"
	"html"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The reference pages checked in the browser: the index, a lint page, a
// crawler page and the matrix.
var referencePages = []string{"/reference", "/lint/blank-line-in-group", "/crawlers/tlgs", "/compat", "/conformance/results", "/conformance/results/webrobots"}

// TestReferenceAccessibility runs axe-core on the reference pages, as
// the site serves them (without .html, under the deployed CSP), in the
// light and the dark colour scheme: no violation, and no console error.
func TestReferenceAccessibility(t *testing.T) {
	t.Parallel()
	for _, dark := range []bool{false, true} {
		b := newBrowser(t)
		for _, p := range referencePages {
			b.do(t, chromedp.Navigate(server.URL+p))
			b.emulateScheme(t, dark)
			if h1 := eval[string](t, b, `document.querySelector("main h1").textContent`); h1 == "" {
				t.Fatalf("%s: no heading", p)
			}
			// The page uses the playground's style sheet and top bar.
			if bar := eval[string](t, b, `getComputedStyle(document.querySelector("header.topbar")).display`); bar != "flex" {
				t.Errorf("%s: the top bar is %q, not the playground's", p, bar)
			}
			b.axe(t, fmt.Sprintf("%s dark %v", p, dark))
			if n := eval[int](t, b, `axe.run(document).then(r => r.passes.length)`); n < 10 {
				t.Errorf("%s: axe passed only %d rules: did it run?", p, n)
			}
		}
		b.noErrors(t)
	}
}

// TestReferenceWithoutJavaScript: the pages are complete with scripts
// off, and the playground's header and About link to the index.
func TestReferenceWithoutJavaScript(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.do(t, scriptsOff())
	b.do(t, chromedp.Navigate(server.URL+"/compat"))
	cells, err := chromedp.Run(b.ctx, chromedp.Nodes(chromedp.CSSAll(`#compat td a`)))
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) < 15*14 {
		t.Errorf("the matrix shows %d linked cells without JavaScript", len(cells))
	}
	b.do(t, chromedp.Navigate(server.URL+"/"))
	links, err := chromedp.Run(b.ctx, chromedp.Nodes(chromedp.CSSAll(`header.topbar a[href="reference"], #about a[href="reference"]`)))
	if err != nil {
		t.Fatal(err)
	}
	if len(links) != 2 {
		t.Errorf("the playground's header and About link to the reference %d times, want 2", len(links))
	}
}

// TestReferenceDist builds the deployable site and crawls it: every
// internal link of every page resolves, to a file and to an anchor on
// it, in the web edition as Netlify serves it (pretty URLs) and in the
// Gemini edition under gemini/ as a capsule's root.
func TestReferenceDist(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "dist")
	if b, err := exec.Command("../dist.sh", out).CombinedOutput(); err != nil {
		t.Fatalf("dist.sh: %v\n%s", err, b)
	}
	exists := func(p string) (string, bool) {
		for _, f := range []string{p, p + ".html", path.Join(p, "index.html")} {
			if st, err := os.Stat(filepath.Join(out, filepath.FromSlash(f))); err == nil && !st.IsDir() {
				return f, true
			}
		}
		return "", false
	}
	hrefRE := regexp.MustCompile(`(?:href|src)="([^"]*)"`)
	idRE := regexp.MustCompile(`id="([^"]*)"`)
	gemRE := regexp.MustCompile(`(?m)^=> (\S+)`)
	ids := map[string]map[string]bool{}
	idsOf := func(f string) map[string]bool {
		if m, ok := ids[f]; ok {
			return m
		}
		m := map[string]bool{}
		body, _ := os.ReadFile(filepath.Join(out, filepath.FromSlash(f)))
		for _, x := range idRE.FindAllStringSubmatch(string(body), -1) {
			m[html.UnescapeString(x[1])] = true
		}
		ids[f] = m
		return m
	}
	var pages, links, gemLinks int
	err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, out+string(filepath.Separator)))
		body, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		switch {
		case strings.HasSuffix(rel, ".html"):
			pages++
			for _, m := range hrefRE.FindAllStringSubmatch(string(body), -1) {
				href := html.UnescapeString(m[1])
				if strings.Contains(href, "://") || strings.HasPrefix(href, "mailto:") {
					continue
				}
				target, anchor, _ := strings.Cut(href, "#")
				switch {
				case target == "":
					target = rel
				case strings.HasPrefix(target, "/"):
					target = strings.TrimPrefix(target, "/")
				default:
					target = path.Join(path.Dir(rel), target)
				}
				if target == "" || target == "." {
					target = "index.html"
				}
				f, ok := exists(target)
				if !ok {
					t.Errorf("%s links %s, which dist/ does not have", rel, href)
					continue
				}
				links++
				if anchor != "" && !strings.HasPrefix(anchor, "v1.") && !idsOf(f)[anchor] {
					t.Errorf("%s links %s: %s has no id %q", rel, href, f, anchor)
				}
			}
		case strings.HasSuffix(rel, ".gmi"):
			if !strings.HasPrefix(rel, "gemini/") {
				t.Errorf("%s: a Gemtext page outside gemini/", rel)
			}
			pages++
			for _, m := range gemRE.FindAllStringSubmatch(string(body), -1) {
				href := m[1]
				if strings.Contains(href, "://") {
					continue
				}
				if !strings.HasPrefix(href, "/") {
					href = "/" + path.Join(path.Dir(strings.TrimPrefix(rel, "gemini/")), href)
				}
				if _, err := os.Stat(filepath.Join(out, "gemini", filepath.FromSlash(href))); err != nil {
					t.Errorf("%s links %s, which dist/gemini/ does not have", rel, m[1])
				}
				gemLinks++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages < 2*(41+6+8+2) || links < 2000 || gemLinks < 1000 {
		t.Errorf("crawled %d pages, %d web links, %d Gemini links: too few", pages, links, gemLinks)
	}
	// The pages link the hashed style sheet, as index.html does.
	body, err := os.ReadFile(filepath.Join(out, "lint", "bom.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`href="/assets/style\.[0-9a-f]{16}\.css"`).Match(body) {
		t.Error("lint/bom.html does not link the hashed style sheet")
	}
}
