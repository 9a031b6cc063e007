package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

const clash = "User-agent: indexer\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n"

// typeCase fills the three inputs like a user pasting into each.
func (b *browser) typeCase(t testing.TB, robots, selectors, agents string) {
	t.Helper()
	b.setInput(t, "robots", robots)
	b.setInput(t, "selectors", selectors)
	b.setInput(t, "agents", agents)
}

func TestLoadTypeAndReadVerdicts(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	if n := len(b.cells(t)); n == 0 {
		t.Fatal("the default example drew no verdict cells")
	}
	b.typeCase(t, clash, "/index.gmi\n/private/x\n", "GUS(indexer)\nElpher\n")
	cells := b.cells(t)
	if len(cells) != 2*2*6 {
		t.Fatalf("%d cells, want 24", len(cells))
	}
	want := []struct{ dialect, agent, sel, verdict, line string }{
		{"gemini", "GUS(indexer)", "/index.gmi", "disallow", "2"},
		{"conner2020", "GUS(indexer)", "/index.gmi", "allow", "0"},
		{"rfc9309", "Elpher", "/private/x", "disallow", "5"},
		{"gopher2019", "Elpher", "/index.gmi", "disallow", "2"},
	}
	for _, w := range want {
		c, ok := find(cells, w.dialect, w.agent, w.sel)
		if !ok {
			t.Errorf("no cell for %s %s %s", w.dialect, w.agent, w.sel)
			continue
		}
		if c.Verdict != w.verdict || c.Line != w.line {
			t.Errorf("%s %s %s = %s line %s, want %s line %s", w.dialect, w.agent, w.sel, c.Verdict, c.Line, w.verdict, w.line)
		}
	}
	// Verdicts read in words, not only colours.
	words := eval[[]string](t, b, `[...document.querySelectorAll("[data-verdict]")].map(e => e.dataset.verdict + ":" + e.textContent.trim())`)
	for _, w := range words {
		v, text, _ := strings.Cut(w, ":")
		if v == "allow" && !strings.Contains(text, "allow") || v == "disallow" && !strings.Contains(text, "deny") {
			t.Errorf("cell %q does not say its verdict in words", w)
		}
	}
	// The row where gemini and conner2020 part ways is marked, in words too.
	rows := eval[[]string](t, b, `[...document.querySelectorAll("#grid tbody tr")].map(r => r.querySelector("th").textContent + " " + r.querySelector(".sel").textContent + " " + r.classList.contains("disagree") + " " + r.lastElementChild.textContent.trim())`)
	wantRows := map[string]string{
		"GUS(indexer) /index.gmi": "true ⚠ differ",
		"Elpher /private/x":       "false same",
	}
	for _, r := range rows {
		for k, v := range wantRows {
			if strings.HasPrefix(r, k+" ") && r != k+" "+v {
				t.Errorf("row %q, want %q", r, k+" "+v)
			}
		}
	}
	if len(rows) != 4 {
		t.Errorf("%d rows, want 4", len(rows))
	}
	// Real key presses: a new selector typed at the end of the box.
	n := b.updates(t)
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("selectors"); s.focus(); s.setSelectionRange(s.value.length, s.value.length); })()`),
		chromedp.SendKeys(chromedp.ID("selectors"), "/private/y"))
	b.waitUpdates(t, n+len("/private/y"))
	if c, ok := find(b.cells(t), "rfc9309", "Elpher", "/private/y"); !ok || c.Verdict != "disallow" {
		t.Errorf("typed selector: %+v %v", c, ok)
	}
	b.noErrors(t)
}

// TestOverlayPatchedByLine: a key rewrites only its own line of the
// coloured overlay (the others stay the same elements), the overlay
// still reads as the editor, and the chosen cell's deciding line stays
// the one highlighted.
func TestOverlayPatchedByLine(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, clash, "/index.gmi\n", "GUS(indexer)\n")
	b.do(t, chromedp.Click(chromedp.CSS(`button.cell[data-dialect="gemini"]`)))
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#robots-hl .line").forEach((l, i) => { l.dataset.probe = i + 1; })`))
	b.typeInEditor(t, "x") // at the end of line 1
	kept := eval[[]string](t, b, `[...document.querySelectorAll("#robots-hl .line")].map(l => l.dataset.probe || "new")`)
	if strings.Join(kept, ",") != "new,2,3,4,5" {
		t.Errorf("overlay lines after a key in line 1: %v, want only line 1 redrawn", kept)
	}
	text := eval[string](t, b, `document.getElementById("robots").value`)
	if got := eval[string](t, b, `document.getElementById("robots-hl").textContent`); got != text {
		t.Errorf("overlay %q, editor %q", got, text)
	}
	hl := eval[[]int](t, b, `[...document.querySelectorAll("#robots-hl .line")].map((l, i) => l.classList.contains("hl") ? i + 1 : 0).filter(n => n)`)
	want := eval[int](t, b, `Number(document.querySelector("#grid button.cell.chosen").dataset.line)`)
	if (want == 0 && len(hl) != 0) || (want > 0 && (len(hl) != 1 || hl[0] != want)) {
		t.Errorf("highlighted editor lines %v, want the chosen cell's line %d", hl, want)
	}
}

// TestSummaryWrittenOnChange: a key that changes no verdict leaves the
// grid's summary (which heads the grid's box) as it is, the same text
// node; a change of verdicts rewrites it.
func TestSummaryWrittenOnChange(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, "# c\nUser-agent: *\nDisallow: /private\n", "/private/x\n/index.gmi\n", "GUS\n")
	before := b.text(t, "summary")
	b.do(t, chromedp.Evaluate[chromedp.Void](`window.__summaryNode = document.getElementById("summary").firstChild`))
	b.typeInEditor(t, "x") // into the comment on line 1
	if !eval[bool](t, b, `document.getElementById("summary").firstChild === window.__summaryNode`) {
		t.Errorf("a key in a comment rewrote the summary (%q, was %q)", b.text(t, "summary"), before)
	}
	b.typeCase(t, "User-agent: *\nDisallow: /\n", "/private/x\n/index.gmi\n/a\n", "GUS\n")
	if after := b.text(t, "summary"); after == before {
		t.Errorf("the summary %q did not follow new verdicts", after)
	}
}

func TestExplainAndLineHighlight(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, clash, "/index.gmi\n", "GUS(indexer)\n")
	// The overlay is coloured by chroma's classes, line for line.
	if got := eval[[]string](t, b, `[...document.querySelectorAll("#robots-hl .line")].map(l => l.textContent)`); strings.Join(got, "") != clash || len(got) != 5 {
		t.Errorf("overlay lines %q do not match the editor", got)
	}
	if k := eval[int](t, b, `document.querySelectorAll("#robots-hl .k").length`); k != 4 {
		t.Errorf("%d field names coloured as keywords, want 4", k)
	}
	b.do(t, chromedp.Click(chromedp.CSS(`button.cell[data-dialect="gemini"]`)))
	explain := eval[string](t, b, `document.getElementById("explain").textContent`)
	for _, want := range []string{"gemini", "Group chosen", "Why this group", "Deciding line", "line 2", "Disallow: /", "Other dialects"} {
		if !strings.Contains(explain, want) {
			t.Errorf("explanation lacks %q: %s", want, explain)
		}
	}
	hl := eval[[]int](t, b, `[...document.querySelectorAll("#robots-hl .line")].map((l, i) => l.classList.contains("hl") ? i + 1 : 0).filter(n => n)`)
	if len(hl) != 1 || hl[0] != 2 {
		t.Errorf("highlighted editor lines %v, want [2]", hl)
	}
	if cur := eval[string](t, b, `document.querySelector("#gutter-inner .gl.current").textContent`); cur != "2" {
		t.Errorf("gutter marks line %q, want 2", cur)
	}
	if p := eval[string](t, b, `document.querySelector('button.cell[data-dialect="gemini"]').getAttribute("aria-pressed")`); p != "true" {
		t.Errorf("chosen cell aria-pressed=%s", p)
	}

	// Keyboard only: the cells are buttons, Enter chooses one.
	b.do(t, chromedp.Focus(chromedp.CSS(`button.cell[data-dialect="conner2020"]`)), chromedp.KeyEvent("\r"))
	explain = eval[string](t, b, `document.getElementById("explain").textContent`)
	if !strings.Contains(explain, "conner2020") || !strings.Contains(explain, "no rule matched") {
		t.Errorf("Enter on a cell did not explain it: %s", explain)
	}
	if n := eval[int](t, b, `document.querySelectorAll("#robots-hl .line.hl").length`); n != 0 {
		t.Errorf("a cell with no deciding line left %d lines highlighted", n)
	}
	if a := eval[string](t, b, `document.activeElement.dataset.dialect || ""`); a != "conner2020" {
		t.Errorf("focus moved off the cell to %q", a)
	}

	// The deciding line's button in the explanation moves the caret there.
	b.do(t, chromedp.Click(chromedp.CSS(`button.cell[data-dialect="gemini"]`)))
	b.do(t, chromedp.Click(chromedp.CSS(`#explain button.goto`)))
	b.wantCaret(t, "after 'line 2'", 20, 31)
	b.noErrors(t)
}

func TestLintPanel(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, "User-agent: *\nDissallow: /x\nno colon here\n", "/x\n", "*\n")
	// The list is a tab of the lower pane, drawn when it is chosen.
	b.showTab(t, "lint")
	items := eval[[]string](t, b, `[...document.querySelectorAll("#lints [data-code]")].map(e => e.dataset.line + " " + e.dataset.code)`)
	if len(items) == 0 {
		t.Fatal("no lint items for a file with a typo and a line without a colon")
	}
	has := func(s string) bool {
		for _, it := range items {
			if it == s {
				return true
			}
		}
		return false
	}
	if !has("3 no-colon") {
		t.Errorf("lint items %v lack line 3 no-colon", items)
	}
	// Gutter marks carry the message for hover and focus.
	label := eval[string](t, b, `document.querySelector('#gutter-inner button.mark[data-line="3"]').getAttribute("aria-label")`)
	if !strings.Contains(label, "line 3") || !strings.Contains(label, "no-colon") {
		t.Errorf("gutter mark label %q", label)
	}
	b.do(t, chromedp.Focus(chromedp.CSS(`#gutter-inner button.mark[data-line="3"]`)))
	if s := eval[string](t, b, `document.getElementById("editor-status").textContent`); s != label {
		t.Errorf("focusing the mark shows %q, want %q", s, label)
	}
	// The marks are one tab stop; arrow keys move between them.
	stops := eval[int](t, b, `document.querySelectorAll('#gutter-lines button.mark[tabindex="0"]').length`)
	if stops != 1 {
		t.Errorf("%d gutter marks in the tab order, want 1", stops)
	}
	b.do(t, chromedp.KeyEvent(kb.ArrowUp))
	if l := eval[string](t, b, `document.activeElement.dataset.line || ""`); l != "2" {
		t.Errorf("ArrowUp from the mark of line 3 went to line %q, want 2", l)
	}
	// The tab counts the items; choosing an item moves the caret to its
	// line.
	if c := eval[string](t, b, `document.getElementById("lint-count").textContent`); c != fmt.Sprintf("(%d)", len(items)) {
		t.Errorf("the lint tab counts %q, want (%d)", c, len(items))
	}
	b.do(t, chromedp.Click(chromedp.CSS(`#lints li[data-code="no-colon"] button`)))
	b.wantCaret(t, "after choosing the lint", 28, 41)
	b.noErrors(t)
}

func TestHideDialects(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, clash, "/x\n", "*\n")
	n := b.updates(t)
	b.do(t, chromedp.Click(chromedp.ID("show-gemini")), chromedp.Click(chromedp.ID("show-norobots")))
	b.waitUpdates(t, n+2)
	got := map[string]bool{}
	for _, c := range b.cells(t) {
		got[c.Dialect] = true
	}
	if got["gemini"] || got["norobots"] || len(got) != 4 {
		t.Errorf("dialects shown %v, want four without gemini and norobots", got)
	}
	if f := eval[int](t, b, `document.querySelectorAll("#facts tbody tr").length`); f != 4 {
		t.Errorf("facts show %d dialects, want 4", f)
	}
	b.noErrors(t)
}

func TestFactsAndExamples(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	n := b.updates(t)
	b.do(t, chromedp.SetValue(chromedp.ID("example"), "conner2020-sample"), chromedp.Click(chromedp.ID("load-example")))
	b.waitUpdates(t, n+1)
	if v := eval[string](t, b, `document.getElementById("robots").value`); !strings.Contains(v, "Virtual-agent: feed") {
		t.Errorf("the example was not loaded: %q", v)
	}
	facts := eval[string](t, b, `document.querySelector('#facts tr[data-dialect="conner2020"]').textContent`)
	for _, want := range []string{"GUS: Crawl-delay 10", "FeedBot(feed): Check 21600", "Check: seconds between re-fetches"} {
		if !strings.Contains(facts, want) {
			t.Errorf("conner2020 facts lack %q: %s", want, facts)
		}
	}
	if src := eval[string](t, b, `document.getElementById("example-source").textContent`); !strings.Contains(src, "Conner") {
		t.Errorf("example source %q", src)
	}
	b.noErrors(t)
}

// wantCaret: the editor has the focus and selects from start to end.
func (b *browser) wantCaret(t testing.TB, what string, start, end int) {
	t.Helper()
	sel := eval[[]int](t, b, `(() => { const r = document.getElementById("robots"); return [document.activeElement === r ? 1 : 0, r.selectionStart, r.selectionEnd]; })()`)
	if sel[0] != 1 || sel[1] != start || sel[2] != end {
		t.Errorf("caret %s: focus %d, selection %d-%d; want the editor, %d-%d", what, sel[0], sel[1], sel[2], start, end)
	}
}
