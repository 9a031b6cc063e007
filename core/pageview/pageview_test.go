package pageview

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
)

const clash = "User-agent: indexer\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n"

func build(robots, selectors, agents string, hidden ...string) grid.Grid {
	return grid.Build(grid.Input{Robots: robots, Selectors: selectors, Agents: agents, Dialects: DialectsShown(hidden)})
}

var attrRe = regexp.MustCompile(`<button type="button" class="cell ([a-z]+)[^"]*" aria-pressed="(true|false)" data-dialect="([^"]*)" data-agent="([^"]*)" data-selector="([^"]*)" data-verdict="([^"]*)" data-line="([0-9]+)"`)

// The contract's data attributes are on every verdict cell, with the
// verdict in words as well as in the class.
func TestGridHTMLContractAttributes(t *testing.T) {
	g := build(clash, "/index.gmi\n/private/<x>\n", "GUS(indexer)\nElpher")
	out := GridHTML(&g, grid.CellKey("gemini", "GUS(indexer)", "/index.gmi"))
	cells := attrRe.FindAllStringSubmatch(out, -1)
	if len(cells) != 2*2*6 {
		t.Fatalf("%d cells with the contract attributes, want 24:\n%s", len(cells), out)
	}
	chosen := 0
	for _, c := range cells {
		if c[1] != c[6] && !(c[1] == "allow" && c[6] == "allow") {
			t.Errorf("class %q and data-verdict %q differ", c[1], c[6])
		}
		if c[2] == "true" {
			chosen++
			if c[3] != "gemini" || c[4] != "GUS(indexer)" || c[5] != "/index.gmi" || c[6] != "disallow" || c[7] != "2" {
				t.Errorf("chosen cell is %v", c[3:])
			}
		}
	}
	if chosen != 1 {
		t.Errorf("%d chosen cells, want 1", chosen)
	}
	if strings.Contains(out, "/private/<x>") || !strings.Contains(out, `data-selector="/private/&lt;x&gt;"`) {
		t.Error("selector not escaped")
	}
	if !strings.Contains(out, `<tr class="disagree">`) || !strings.Contains(out, "differ") {
		t.Error("the disagreement row is not marked in words and class")
	}
	for _, w := range []string{">✗</span> deny", ">✓</span> allow"} {
		if !strings.Contains(out, w) {
			t.Errorf("cells lack the text %q", w)
		}
	}
}

func TestGridHTMLEmptyAndCapped(t *testing.T) {
	g := build(clash, "", "")
	if out := GridHTML(&g, ""); !strings.Contains(out, "No rows yet") {
		t.Errorf("no hint for an empty grid: %s", out)
	}
	all := []string{}
	for _, d := range core.Dialects() {
		all = append(all, d.ID)
	}
	g = build(clash, "/x", "", all...)
	if out := GridHTML(&g, ""); !strings.Contains(out, "Every dialect is hidden") {
		t.Errorf("no hint when every dialect is hidden: %s", out)
	}
	var sel strings.Builder
	for i := 0; i < 1000; i++ {
		sel.WriteString("/s\n")
	}
	g = build(clash, sel.String(), "a\nb\nc", "gemini")
	out := GridHTML(&g, "")
	if n := strings.Count(out, "<tr>") + strings.Count(out, `<tr class="disagree">`); n > MaxRows+2 {
		t.Errorf("%d rows drawn, cap is %d", n, MaxRows)
	}
	if !strings.Contains(out, "Only the first 2000 of 3000 rows") {
		t.Error("the cap is not said")
	}
}

func TestHiddenDialects(t *testing.T) {
	g := build(clash, "/x", "*", "gemini", "rfc9309")
	if len(g.Dialects) != 4 {
		t.Fatalf("%d dialects shown, want 4", len(g.Dialects))
	}
	if got := CleanHidden([]string{"norobots", "bogus", "gemini", "gemini"}); !reflect.DeepEqual(got, []string{"gemini", "norobots"}) {
		t.Errorf("CleanHidden = %v", got)
	}
}

func TestExplainHTML(t *testing.T) {
	g := build(clash, "/index.gmi", "GUS(indexer)")
	row, col, ok := g.Find(grid.CellKey("gemini", "GUS(indexer)", "/index.gmi"))
	if !ok {
		t.Fatal("cell not found")
	}
	out := ExplainHTML(&g, row, col)
	for _, want := range []string{"Group chosen", "Why this group", `data-line="2"`, "Disallow: /", "Other dialects", "conner2020 allow"} {
		if !strings.Contains(out, want) {
			t.Errorf("explanation lacks %q:\n%s", want, out)
		}
	}
	if out := ExplainHTML(&g, 9, 9); !strings.Contains(out, "Choose a verdict cell") {
		t.Errorf("out of range: %s", out)
	}
}

// Control bytes from a file or a server show as escapes, as lint shows
// them; the data attributes keep the exact text.
func TestControlCharactersVisible(t *testing.T) {
	const hostile = "\x1b]0;X\x07\u0085"
	g := build("User-agent: *\nDisallow: /a"+hostile+"\n", "/a"+hostile, "*")
	row, col, _ := g.Find(grid.CellKey("gemini", "*", "/a"+hostile))
	page := GridHTML(&g, "") + ExplainHTML(&g, row, col)
	attrs := `data-selector="/a` + hostile + `"`
	if n := strings.Count(page, attrs); n != 6 {
		t.Errorf("%d cells carry the exact selector in data-selector, want 6", n)
	}
	if text := strings.ReplaceAll(page, attrs, ""); strings.ContainsAny(text, "\x1b\x07\u0085") {
		t.Errorf("raw control characters outside the data attributes:\n%q", text)
	}
	if !strings.Contains(ExplainHTML(&g, row, col), `Disallow: /a\x1b]0;X\a\u0085`) {
		t.Errorf("the deciding rule is not shown with escapes:\n%s", ExplainHTML(&g, row, col))
	}
	r := FetchResult{URL: "gopher://h", Outcome: "not-found", Attempts: []FetchAttempt{{URL: "gopher://h/0robots.txt", Status: "not found: error text", Reply: "Error: " + hostile}}}
	if out := FetchViewOf("gopher://h", 200, &r, false).HTML; strings.ContainsAny(out, "\x1b\x07") || !strings.Contains(out, `the server said “Error: \x1b]0;X\a\u0085”`) {
		t.Errorf("fetch details: %q", out)
	}
}

func TestLintsAndGutter(t *testing.T) {
	fs := []lint.Finding{
		{Line: 2, Code: "no-colon", Severity: lint.SevError, Message: "a <line>", Dialects: []string{"gemini"}},
		{Line: 2, Code: "x", Severity: lint.SevInfo, Message: "info"},
		{Line: 0, Code: "empty-file", Severity: lint.SevWarning, Message: "whole"},
	}
	out := LintsHTML(fs, []grid.Problem{{Field: "agents", Line: 3, Message: "bad"}})
	if strings.Count(out, `data-code=`) != 3 || !strings.Contains(out, `data-line="2" data-code="no-colon"`) {
		t.Errorf("lint items lack the contract attributes:\n%s", out)
	}
	if !strings.Contains(out, "a &lt;line&gt;") || !strings.Contains(out, "agents line 3: bad") || !strings.Contains(out, "whole file") {
		t.Errorf("lint list:\n%s", out)
	}
	if LintsHTML(nil, nil) != `<li class="none">No lint findings.</li>` {
		t.Error("empty lint list")
	}
	gut := GutterHTML(1, 4, IndexMarks(fs), 2)
	if strings.Count(gut, `class="gl`) != 3 || strings.Count(gut, `class="mark error"`) != 1 || !strings.Contains(gut, `class="gl marked current"`) {
		t.Errorf("gutter:\n%s", gut)
	}
	two := GutterHTML(1, 5, IndexMarks(append(fs, lint.Finding{Line: 4, Code: "y", Severity: lint.SevInfo, Message: "m"})), 0)
	if strings.Count(two, `tabindex="0"`) != 1 || strings.Count(two, `tabindex="-1"`) != 1 {
		t.Errorf("the marks should be one tab stop:\n%s", two)
	}
	if !strings.Contains(gut, `aria-label="line 2: a &lt;line&gt; [no-colon]; info [x]"`) {
		t.Errorf("mark label:\n%s", gut)
	}
	many := make([]lint.Finding, MaxLintItems+5)
	for i := range many {
		many[i] = lint.Finding{Line: i + 1, Code: "c", Severity: lint.SevInfo, Message: "m"}
	}
	if out := LintsHTML(many, nil); strings.Count(out, "data-code=") != MaxLintItems || !strings.Contains(out, "and 5 more findings") {
		t.Errorf("lint list not capped at %d", MaxLintItems)
	}
}

func TestGutterWindow(t *testing.T) {
	cases := []struct{ lines, first, visible, from, to int }{
		{1, 1, 20, 1, 2},
		{100, 1, 20, 1, 101},
		{30000, 1, 20, 1, 221},
		{30000, 10000, 20, 9800, 10220},
		{30000, 29990, 20, 29790, 30001},
		{10, 500, 20, 1, 11}, // scrolled past a text that shrank
	}
	for _, c := range cases {
		from, to := GutterWindow(c.lines, c.first, c.visible)
		if from != c.from || to != c.to {
			t.Errorf("GutterWindow(%d, %d, %d) = %d, %d; want %d, %d", c.lines, c.first, c.visible, from, to, c.from, c.to)
		}
	}
}

func TestGridShapeAndCells(t *testing.T) {
	a := build(clash, "/x\n/y", "GUS")
	b := build(clash+"Disallow: /x\n", "/x\n/y", "GUS")
	c := build(clash, "/x\n/z", "GUS")
	if GridShape(&a) != GridShape(&b) {
		t.Error("editing the file changed the grid's shape")
	}
	if GridShape(&a) == GridShape(&c) {
		t.Error("a new selector did not change the grid's shape")
	}
	v := a.Rows[0].Cells[0]
	if CellClass(v, true) != "cell disallow chosen" || !strings.Contains(CellInner(v), "deny") {
		t.Errorf("cell %q %q", CellClass(v, true), CellInner(v))
	}
	if RowClass(true) != "disagree" || !strings.Contains(AgreeInner(true), "differ") {
		t.Error("row marks")
	}
}

func TestFindingsTruncation(t *testing.T) {
	g := build(strings.Repeat("# filler line\n", core.MaxBytes/14+100), "/x", "*")
	fs := Findings(&g)
	n := 0
	for _, f := range fs {
		if f.Code == TruncationCode {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d %s findings for a truncated file, want 1: %+v", n, TruncationCode, fs)
	}
}

func TestFactsHTML(t *testing.T) {
	g := build("User-agent: *\nDisallow: /x\nCrawl-delay: 10\nCheck: 3600\n", "/x", "GUS")
	out := FactsHTML(&g)
	if !strings.Contains(out, "GUS: Crawl-delay 10 (line 3)") || !strings.Contains(out, "GUS: Check 3600 (line 4)") {
		t.Errorf("facts lack the agent's values:\n%s", out)
	}
	if strings.Count(out, "<tr data-dialect=") != 6 {
		t.Errorf("facts rows:\n%s", out)
	}
}

func TestLineRange(t *testing.T) {
	text := "ab\né😀x\n\nlast"
	cases := []struct {
		n, start, end int
		ok            bool
	}{{1, 0, 2, true}, {2, 3, 7, true}, {3, 8, 8, true}, {4, 9, 13, true}, {5, 0, 0, false}, {0, 0, 0, false}}
	for _, c := range cases {
		s, e, ok := LineRange(text, c.n)
		if s != c.start || e != c.end || ok != c.ok {
			t.Errorf("LineRange(%d) = %d,%d,%v want %d,%d,%v", c.n, s, e, ok, c.start, c.end, c.ok)
		}
	}
	if CountLines("a\nb\n") != 3 || CountLines("") != 1 {
		t.Error("CountLines")
	}
}

func TestDelay(t *testing.T) {
	if NextFrame(100, 10) || !NextFrame(SmallBytes+1, 10) || !NextFrame(10, SmallRows+1) {
		t.Error("small inputs update at once, big ones wait")
	}
	if HashDelay(10) >= HashDelay(500*1024) || HashDelay(10) < 100*time.Millisecond {
		t.Error("the link waits longer for bigger cases")
	}
}

func TestExamplesShowDisagreements(t *testing.T) {
	for _, ex := range Examples {
		g := grid.Build(grid.Input{Robots: ex.Robots, Selectors: ex.Selectors, Agents: ex.Agents, Dialects: core.Dialects()})
		if len(g.Problems) > 0 {
			t.Errorf("%s: problems %+v", ex.ID, g.Problems)
		}
		dis := 0
		for _, r := range g.Rows {
			if r.Disagree {
				dis++
			}
		}
		if len(g.Rows) == 0 || dis == 0 {
			t.Errorf("%s: %d rows, %d disagreements; an example should show the dialects parting", ex.ID, len(g.Rows), dis)
		}
		if _, ok := ExampleByID(ex.ID); !ok {
			t.Errorf("ExampleByID(%s)", ex.ID)
		}
	}
}

// The page's mirror of the relay's JSON must keep every field.
func TestFetchResultMirrorsRelay(t *testing.T) {
	r := fetch.Result{
		URL: "gemini://h", Outcome: fetch.Found, Body: "User-agent: *\n", Bytes: 14, MIME: "text/plain", Fingerprint: "AB:CD",
		Redirects:   []fetch.Redirect{{Status: 31, From: "a", To: "b"}},
		Attempts:    []fetch.Attempt{{URL: "gemini://h/robots.txt", Sent: "gemini://h/robots.txt\r\n", Status: "20 text/plain", Bytes: 14, Reply: "r"}},
		Conclusions: []fetch.Conclusion{{Dialect: "rfc9309", Reading: "disallow-all", Note: "n"}},
		Error:       "e",
	}
	want, _ := json.Marshal(r)
	var m FetchResult
	if err := json.Unmarshal(want, &m); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(m)
	var a, b map[string]any
	json.Unmarshal(want, &a)
	json.Unmarshal(got, &b)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("mirror loses fields:\nrelay %s\npage  %s", want, got)
	}
}

func TestReadFetch(t *testing.T) {
	ok := `{"url":"gemini://h","outcome":"found","body":"User-agent: *\nDisallow: /\n","bytes":26,"attempts":[{"url":"gemini://h/robots.txt","sent":"gemini://h/robots.txt\r\n","status":"20 text/plain","bytes":26}],"fingerprint":"AA:BB"}`
	v := ReadFetch("gemini://h", 200, []byte(ok))
	if !v.OK || !v.Load || v.Body != "User-agent: *\nDisallow: /\n" || !strings.Contains(v.HTML, "AA:BB") || !strings.Contains(v.HTML, "20 text/plain") {
		t.Errorf("found: %+v", v)
	}
	nf := `{"url":"gopher://h","outcome":"not-found","body":"","bytes":0,"attempts":[],"conclusions":[{"dialect":"gemini","reading":"allow-all","note":"none"}]}`
	v = ReadFetch("gopher://h", 200, []byte(nf))
	if !v.OK || v.Load || !strings.Contains(v.HTML, "everything allowed") || !strings.Contains(v.Status, "no robots.txt") {
		t.Errorf("not found: %+v", v)
	}
	down := `{"url":"gopher://h:7070","outcome":"unreachable","body":"","bytes":0,"attempts":[{"url":"gopher://h:7070/0robots.txt","sent":"robots.txt\r\n","error":"connection refused","bytes":0}],"conclusions":[{"dialect":"rfc9309","reading":"disallow-all","note":"n"}],"error":"could not connect"}`
	v = ReadFetch("gopher://h:7070", 502, []byte(down))
	if !v.OK || v.Load || !strings.Contains(v.Status, "could not be read") || !strings.Contains(v.HTML, "everything disallowed") || !strings.Contains(v.HTML, "connection refused") {
		t.Errorf("upstream failure with a result: %+v", v)
	}
	v = ReadFetch("gopher://10.0.0.1", 403, []byte(`{"error":"refused: a private address"}`))
	if v.OK || !strings.Contains(v.Status, "HTTP 403") || !strings.Contains(v.Status, "private address") {
		t.Errorf("refused: %+v", v)
	}
	// Fields of the wrong type are left out and the rest is read; an
	// answer that is not an object is not read at all.
	nulls := `{"outcome": "not-found", "attempts": [null, 7, {"url": 5}], "conclusions": "x"}`
	if v := ReadFetch("gemini://h", 200, []byte(nulls)); !v.OK || !strings.Contains(v.Status, "has no robots.txt") {
		t.Errorf("ill-typed fields: %+v", v)
	}
	for _, bad := range [][]byte{[]byte("<html>"), nil, []byte(`{"outcome":""}`), []byte(`[1, 2, 3]`), []byte(`"found"`), []byte(`null`)} {
		if v := ReadFetch("x", 200, bad); v.OK || v.Status == "" {
			t.Errorf("garbage %q: %+v", bad, v)
		}
	}
	if v := ReadFetch("x", 404, []byte("not found")); !strings.Contains(v.Status, "no relay") {
		t.Errorf("404: %+v", v)
	}
	if v := ReadFetch("x", 200, make([]byte, MaxRelayBytes+1)); v.OK {
		t.Error("oversized answer accepted")
	}
}
