package refsite

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/crawlers"
)

// Every page of both editions ends with the stamp (the commit and the
// build date), and compat.json carries both.
func TestStampOnEveryPage(t *testing.T) {
	files := allPages(t)
	for name, data := range files {
		text := string(data)
		if strings.HasSuffix(name, ".html") {
			text = html.UnescapeString(text)
		}
		if name == "conformance.json" || regexp.MustCompile(`^conformance/[0-9.]+\.json$`).MatchString(name) {
			continue // data with its own dated version, the suite's; a kept release as it was cut
		}
		if name == "compat.json" || name == "conformance/results.json" {
			if !strings.Contains(text, `"version": "`+jsonVersion()+`"`) || !strings.Contains(text, `"built": "`) {
				t.Errorf("%s has no version or built", name)
			}
			continue
		}
		if !strings.Contains(text, stamp()) {
			t.Errorf("%s: no stamp %q", name, stamp())
		}
	}
}

func jsonVersion() string { return CompatData().Version }

// Every cell of the matrix links to its own anchor, visibly, and the
// page says how those addresses are made.
func TestMatrixCellsLinkThemselves(t *testing.T) {
	page := string(allPages(t)["compat.html"])
	n := 0
	for _, f := range Features {
		for _, r := range Readers() {
			id := cellID(f.ID, r.ID)
			start := strings.Index(page, `id="`+id+`"`)
			if start < 0 {
				t.Errorf("no cell %s", id)
				continue
			}
			end := strings.Index(page[start:], "</td>")
			if end < 0 || !regexp.MustCompile(`<a href="/compat#`+regexp.QuoteMeta(id)+`" class="self" aria-label="[^"]+" title="[^"]+">#</a>`).MatchString(page[start:start+end]) {
				t.Errorf("cell %s does not link itself", id)
				continue
			}
			n++
		}
	}
	if n != len(Features)*len(Readers()) {
		t.Errorf("%d cells link themselves, want %d", n, len(Features)*len(Readers()))
	}
	if !strings.Contains(page, "/compat#FEATURE.READER") || !strings.Contains(page, `<a href="/compat#allow.tlgs">`) {
		t.Errorf("compat.html does not say how a cell's address is made")
	}
}

var (
	// A code reference written as code: path:lines, maybe behind
	// repo@commit:.
	codeRefRE = regexp.MustCompile(`<code>([\w./-]+@[0-9a-f^]+:)?[\w./-]+\.\w+:[0-9][0-9,-]*</code>`)
	// A commit named by fewer than 40 hex digits, or by a tag.
	shortHashRE = regexp.MustCompile(`(@|\bcommit |/commit/|/blob/|/tree/)([0-9a-f]{6,39}|v[0-9][\w.]*)\b`)
	evidenceRE  = regexp.MustCompile(`<li id="(source-[\w-]+|text-[\w-]+)">(.*?)</li>`)
	repoPathRE  = regexp.MustCompile(`[\w./-]+\.(md|json)(</code>)? in the repository`)
)

// Every citation has an address: each code reference is a link, each
// evidence and text item links its source (but the texts in
// unaddressed, which say why), commits are written in full, a post is
// never set as code, and a page names no file the repository lacks.
func TestCitationsHaveAddresses(t *testing.T) {
	files := allPages(t)
	links, items := 0, 0
	for name, data := range files {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		page := string(data)
		unlinked := page
		for _, m := range regexp.MustCompile(`<a href="[^"]*">.*?</a>`).FindAllString(page, -1) {
			unlinked = strings.Replace(unlinked, m, "", 1)
		}
		for _, m := range codeRefRE.FindAllString(unlinked, -1) {
			t.Errorf("%s: %s is not linked to its line", name, m)
		}
		links += strings.Count(page, `<a href="https://github.com/`)
		for _, m := range shortHashRE.FindAllString(page, -1) {
			t.Errorf("%s: %q names a commit by less than its full hash", name, m)
		}
		for _, m := range evidenceRE.FindAllStringSubmatch(page, -1) {
			items++
			if strings.Contains(m[2], "<a href=") {
				continue
			}
			excused := false
			for id := range unaddressed {
				if strings.Contains(html.UnescapeString(m[2]), texts[id].Title) {
					excused = true
				}
			}
			if !excused {
				t.Errorf("%s: %s cites with no address: %s", name, m[1], m[2])
			}
		}
		for _, word := range []string{"DIALECTS.md", "CRAWLERS.md", "shared/"} {
			if strings.Contains(page, word) {
				t.Errorf("%s names %s, which the repository does not hold", name, word)
			}
		}
		for _, p := range repoPathRE.FindAllString(page, -1) {
			p = strings.TrimSuffix(strings.TrimSuffix(p, " in the repository"), "</code>")
			if _, err := os.Stat(filepath.Join("..", "..", p)); err != nil {
				t.Errorf("%s names %s: %v", name, p, err)
			}
		}
		if regexp.MustCompile(`<code>[^<]*lists\.[^<]*</code>`).MatchString(page) {
			t.Errorf("%s sets a mailing-list post as code", name)
		}
	}
	if links < 100 || items < 50 {
		t.Fatalf("only %d links to code and %d evidence items: is the test reading the pages?", links, items)
	}
	for id, why := range unaddressed {
		if texts[id].Href != "" || why == "" {
			t.Errorf("text %s: unaddressed, yet it has an address or no reason", id)
		}
	}
	for id, x := range texts {
		if x.Href == "" && unaddressed[id] == "" {
			t.Errorf("text %s has no address", id)
		}
	}
}

// Every crawler page opens with its matrix column in words, each answer
// linking its cell, before anything else.
func TestCrawlerPagesOpenWithAnswers(t *testing.T) {
	files := allPages(t)
	for _, d := range crawlers.All() {
		page := string(files["crawlers/"+d.ID+".html"])
		main := page[strings.Index(page, `<p class="lead">`):]
		first := strings.Index(main, `<ul id="at-a-glance">`)
		if first < 0 || strings.Contains(main[:first], "<h2") || strings.Contains(main[:first], "<dl") {
			t.Errorf("crawlers/%s does not open with its answers", d.ID)
			continue
		}
		for _, f := range Features {
			c := compatCells()[f.ID][d.ID]
			want := `<a href="/compat#` + cellID(f.ID, d.ID) + `">` + html.EscapeString(upperFirst(f.Question)) + ": " + c.Support + "</a>"
			if !strings.Contains(main, want) {
				t.Errorf("crawlers/%s: no %s", d.ID, want)
			}
		}
	}
}

// Every lint page shows its example, the flagged file, before any
// section of prose: the first thing under the summary strip.
func TestLintPagesShowExampleFirst(t *testing.T) {
	files := allPages(t)
	for _, e := range lintEntries() {
		page := string(files["lint/"+e.Code+".html"])
		ex := strings.Index(page, `<h2 id="example">`)
		pre := strings.Index(page, `<pre class="robots"`)
		if ex < 0 || pre < ex || strings.Count(page[:ex], "<h2") != 0 || strings.Count(page[:pre], "<p>") > 0 {
			t.Errorf("lint/%s: the example is not the first thing shown", e.Code)
		}
	}
}
