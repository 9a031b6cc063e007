package pageview

import (
	"regexp"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/internal/tabletest"
)

// A note's mark cannot be read as robots.txt syntax, and a cell whose
// note's other reading answers the other way says so in words.
func TestNoteMarkAndOtherWay(t *testing.T) {
	for _, syntax := range []string{"*", "$", "#", "/", ":", "?", "%"} {
		if strings.Contains(NoteMark, syntax) {
			t.Errorf("the note mark %q holds %q, which a robots.txt reads", NoteMark, syntax)
		}
	}
	noted := core.Verdict{Dialect: "rfc9309", Allowed: false, Line: 7, Note: "a note"}
	if in := CellInner(noted); !strings.Contains(in, NoteMark) || !strings.Contains(in, "with a note") || strings.Contains(in, "see note") {
		t.Errorf("a cell with a note: %s", in)
	}
	other := core.Verdict{Dialect: "gemini", Allowed: true, Line: 5, Note: "a note", Alternative: &core.Alternative{Allowed: false, Line: 3, Reading: "the other"}}
	in := CellInner(other)
	text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(in, "")
	if !strings.Contains(text, "allow by line L5, or deny: see note") {
		t.Errorf("a cell whose other reading denies reads %q", text)
	}
	same := other
	same.Alternative = &core.Alternative{Allowed: true}
	if OtherWay(same) || strings.Contains(CellInner(same), "see note") {
		t.Error("an other reading that agrees is called the other way")
	}
	// The gopher draft's sample: gemini lets googlebot into /about.txt,
	// where another reading of the Gemini spec does not.
	ex, _ := ExampleByID("gopherdraft-sample")
	g := build(ex.Robots, ex.Selectors, ex.Agents)
	if out := GridHTML(&g, ""); !strings.Contains(out, `, <span class="alt">or deny: see note</span>`) {
		t.Errorf("the gopher draft's sample shows no cell that may go either way")
	}
}

var tabRe = regexp.MustCompile(`tabindex="0"`)

// Each table is one tab stop: the chosen cell, else the first cell,
// else the first column's head; every column head links to its
// reference page and names its source in full.
func TestGridOneTabStopAndColumnHeads(t *testing.T) {
	g := build(clash, "/index.gmi\n/private/x\n", "GUS(indexer)\nElpher")
	for selected, want := range map[string]string{
		"": `data-row="0" data-col="0" tabindex="0"`,
		grid.CellKey("rfc9309", "Elpher", "/private/x"): `data-row="3" data-col="4" tabindex="0"`,
		grid.CrawlerKey("tlgs", "/index.gmi"):           `data-row="0" data-col="0" tabindex="0"`,
	} {
		out := GridHTML(&g, selected)
		if n := len(tabRe.FindAllString(out, -1)); n != 1 {
			t.Errorf("chosen %q: %d tab stops, want 1", selected, n)
		}
		if !strings.Contains(out, want) {
			t.Errorf("chosen %q: the tab stop is not at %s", selected, want)
		}
	}
	out := GridHTML(&g, "")
	for _, d := range core.Dialects() {
		want := `<a class="colref" href="dialects/` + d.ID + `" title="` + esc(d.Title+", from "+d.Source) + `"`
		if !strings.Contains(out, want) || !strings.Contains(out, `<span class="vh">: `+esc(d.Title+", from "+d.Source)+`</span>`) {
			t.Errorf("the %s column's head does not name its source and link its page", d.ID)
		}
	}
	empty := build(clash, "", "")
	if out := GridHTML(&empty, ""); len(tabRe.FindAllString(out, -1)) != 1 || !strings.Contains(out, `data-row="-1" data-col="0" tabindex="0"`) {
		t.Errorf("a grid without cells has no tab stop on its first head")
	}
	presets := CrawlersShown(nil)
	sels := []string{"/a", "/b"}
	rows := grid.Crawlers(core.Parse([]byte(clash)), sels, presets)
	ct := CrawlerTableHTML(rows, presets, sels, grid.CrawlerKey("kennedy", "/b"))
	if n := len(tabRe.FindAllString(ct, -1)); n != 1 || !strings.Contains(ct, `data-crawler="kennedy" data-selector="/b"`) {
		t.Errorf("the crawler table has %d tab stops", n)
	}
	for _, d := range presets {
		if !strings.Contains(ct, `href="crawlers/`+d.ID+`"`) || !strings.Contains(ct, esc(d.Title+", from "+d.Source)) {
			t.Errorf("the %s column's head does not name its source and link its page", d.ID)
		}
	}
}

// The arrow keys, Home and End move within a table; Ctrl+Home goes to
// the head's first column, Ctrl+End to the last cell; nothing leaves it.
func TestGridMove(t *testing.T) {
	for _, c := range []struct {
		key        string
		ctrl       bool
		row, col   int
		wantR, wan int
		ok         bool
	}{
		{"ArrowRight", false, 0, 0, 0, 1, true},
		{"ArrowRight", false, 0, 5, 0, 5, true},
		{"ArrowLeft", false, 2, 0, 2, 0, true},
		{"ArrowDown", false, 0, 3, 1, 3, true},
		{"ArrowDown", false, 11, 3, 11, 3, true},
		{"ArrowUp", false, 0, 3, -1, 3, true},
		{"ArrowUp", false, -1, 3, -1, 3, true},
		{"Home", false, 4, 3, 4, 0, true},
		{"End", false, 4, 3, 4, 5, true},
		{"Home", true, 4, 3, -1, 0, true},
		{"End", true, 4, 3, 11, 5, true},
		{"a", false, 4, 3, 4, 3, false},
		{"Enter", false, 4, 3, 4, 3, false},
	} {
		r, col, ok := GridMove(c.key, c.ctrl, c.row, c.col, 12, 6)
		if r != c.wantR || col != c.wan || ok != c.ok {
			t.Errorf("%s (ctrl %v) from %d,%d = %d,%d,%v; want %d,%d,%v", c.key, c.ctrl, c.row, c.col, r, col, ok, c.wantR, c.wan, c.ok)
		}
	}
	if _, _, ok := GridMove("ArrowDown", false, -1, 0, 0, 0); ok {
		t.Error("a table without columns moves")
	}
}

// A lint item starts with its line and its code, linked to the code's
// page.
func TestLintItemLineAndCodeFirst(t *testing.T) {
	g := build("User-agent: *\nDissallow: /x\nno colon here\n", "/x", "*")
	out := LintsHTML(g.Findings, nil)
	re := regexp.MustCompile(`<li class="lint [a-z]+" data-line="3" data-code="no-colon"><button type="button" class="goto" data-line="3">line 3</button> <a class="code" href="lint/no-colon"><code>no-colon</code></a> <span class="sev">[a-z]+</span> <span class="msg">`)
	if !re.MatchString(out) {
		t.Errorf("the no-colon item does not start with its line and linked code:\n%s", out)
	}
}

// The Why pane opens with the verdict in one sentence, says how the
// rule matched, and defines the spec words it uses.
func TestExplainOpensWithASentence(t *testing.T) {
	g := build("User-agent: indexer\nDisallow: /cgi-bin/\n", "/cgi-bin/search", "GUS(indexer)")
	row, col, _ := g.Find(grid.CellKey("gemini", "GUS(indexer)", "/cgi-bin/search"))
	out := ExplainHTML(&g, row, col)
	want := `<p class="sentence"><span class="icon" aria-hidden="true">✗</span> Under <strong>gemini</strong>, GUS(indexer) may not fetch /cgi-bin/search: line 2 <code>Disallow: /cgi-bin/</code> covers it, because <code>/cgi-bin/search</code> starts with <code>/cgi-bin/</code>.</p>`
	if !strings.HasPrefix(out, want) {
		t.Errorf("the explanation opens with\n%.400s\nwant\n%s", out, want)
	}
	if !strings.Contains(out, `<dt><dfn>group</dfn></dt><dd>one or more User-agent lines`) {
		t.Errorf("the word group is not defined:\n%s", out)
	}
	g = build("User-agent: *\nDisallow: /tmp*\n", "/tmp/x", "*")
	for _, c := range []struct{ dialect, says string }{
		{"rfc9309", "each * in <code>/tmp*</code> matches any run of characters"},
		{"gemini", "a robot no group names may fetch /tmp/x: no rule of the group chosen matches it"},
	} {
		row, col, _ := g.Find(grid.CellKey(c.dialect, "*", "/tmp/x"))
		if out := ExplainHTML(&g, row, col); !strings.Contains(out, c.says) {
			t.Errorf("%s does not say %q:\n%s", c.dialect, c.says, out)
		}
	}
	if got := codeSpans("a `<b>` c"); got != "a <code>&lt;b&gt;</code> c" {
		t.Errorf("codeSpans: %s", got)
	}
	if got := codeSpans("an odd ` one"); got != "an odd ` one" {
		t.Errorf("codeSpans with an odd backtick: %s", got)
	}
}

// An agent or a selector may break after an inner slash or before a
// parenthesis, never after its leading slash.
func TestBreakable(t *testing.T) {
	tabletest.Strings(t, "breakable", breakable, map[string]string{
		"/index.gmi":         "/index.gmi",
		"/private/butpublic": "/private/<wbr>butpublic",
		"/a/b/":              "/a/<wbr>b/",
		"Lupa(archiver)":     "Lupa<wbr>(archiver)",
		"(x)":                "(x)",
		"/<x>/y":             "/&lt;x&gt;/<wbr>y",
		"":                   "",
		"/":                  "/",
	})
}
