package prerender

import (
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
	"github.com/smolbots/smolbots/core/state"
)

func TestDefaultChoosesADisagreement(t *testing.T) {
	st := Default()
	ex := pageview.Examples[0]
	if st.Robots != ex.Robots || st.Selectors != ex.Selectors || st.Agents != ex.Agents || len(st.Hidden) != 0 {
		t.Fatalf("Default is not the first example: %+v", st)
	}
	g := grid.Build(grid.Input{Robots: st.Robots, Selectors: st.Selectors, Agents: st.Agents, Dialects: pageview.DialectsShown(nil)})
	row, col, ok := g.Find(st.Cell)
	if !ok || !g.Rows[row].Disagree || col != 0 {
		t.Errorf("Default chooses %q (row %d col %d found %v), want the first column of a row where the dialects disagree", st.Cell, row, col, ok)
	}
	// The page adopts the prerendered gutter as drawn for the whole
	// file: true while the file is shorter than the gutter's margin.
	if n := pageview.CountLines(st.Robots); n >= pageview.GutterMargin {
		t.Errorf("the default file has %d lines; the gutter draws only %d around the view", n, pageview.GutterMargin)
	}
}

func TestMarkLine(t *testing.T) {
	in := `<span class="line">a</span><span class="line">b</span><span class="line">c</span>`
	if got, want := markLine(in, 2), `<span class="line">a</span><span class="line hl">b</span><span class="line">c</span>`; got != want {
		t.Errorf("markLine 2 = %s", got)
	}
	if got := markLine(in, 4); got != in {
		t.Errorf("markLine past the end changed the HTML: %s", got)
	}
	if got := markLine(in, 0); got != in {
		t.Errorf("markLine 0 changed the HTML: %s", got)
	}
}

func TestPrerender(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "web", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Prerender(string(page))
	if err != nil {
		t.Fatal(err)
	}
	st := Default()
	v := Render(st)
	for _, want := range []string{
		`<body data-prerendered="default">`,
		`<table id="grid" role="grid" aria-describedby="legend">` + v.Grid + `</table>`,
		`<ul id="lints">` + v.Lints + `</ul>`,
		`<div id="explain" aria-live="polite">` + v.Explain + `</div>`,
		`<pre id="robots-hl" class="chroma" aria-hidden="true">` + v.Overlay + `</pre>`,
		`readonly>` + html.EscapeString(st.Robots) + `</textarea>`,
		`readonly>` + html.EscapeString(st.Selectors) + `</textarea>`,
		`<option value="indexer-clash">`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the prerendered page lacks %.120q", want)
		}
	}
	if n := strings.Count(v.Grid, `data-verdict=`); n != 12*6 {
		t.Errorf("%d verdict cells, want 72", n)
	}
	if !strings.Contains(v.Explain, "Deciding line") || !strings.Contains(v.Overlay, `<span class="line hl">`) || !strings.Contains(v.Gutter, `gl current`) {
		t.Error("the chosen cell is not explained, or its deciding line not marked in the overlay and the gutter")
	}
	if !strings.Contains(v.Lints, `data-code=`) || v.LintCount == "" {
		t.Errorf("the default case shows no lint: %q %q", v.LintCount, v.Lints)
	}

	// A page that lost a place to fill is an error, not an empty grid.
	broken := strings.Replace(string(page), `<table id="grid" role="grid" aria-describedby="legend"></table>`, `<table id="grid" class="x"></table>`, 1)
	if _, err := Prerender(broken); err == nil || !strings.Contains(err.Error(), `table id=\"grid\"`) {
		t.Errorf("a page without the grid's place: error %v", err)
	}
}

func TestTextareaText(t *testing.T) {
	for in, want := range map[string]string{"a<b": "a&lt;b", "\nx": "\n\nx", "": "", "a\x1bb": "a\x1bb"} {
		if got := textareaText(in); got != want {
			t.Errorf("textareaText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRenderCrawlerCase: a link whose chosen cell is a crawler's opens
// with that cell explained and its line marked; the default case's page
// holds the table and the chooser.
func TestRenderCrawlerCase(t *testing.T) {
	st := state.State{Robots: "User-agent: *\nDisallow: /private\n", Selectors: "/private/x", Crawlers: []string{"kennedy"}, Cell: grid.CrawlerKey("kennedy", "/private/x")}
	v := Render(st)
	if !strings.Contains(v.Explain, "Kennedy may not fetch /private/x") || !strings.Contains(v.Overlay, `<span class="line hl">`) {
		t.Errorf("the crawler cell is not explained and marked:\n%s\n%s", v.Explain, v.Overlay)
	}
	if n := strings.Count(v.Crawlers, "data-crawler="); n != 1 || v.ChooserLabel != "Choose (1 of 11)" {
		t.Errorf("%d crawler cells, label %q; want 1 and Choose (1 of 11)", n, v.ChooserLabel)
	}
	page, err := os.ReadFile(filepath.Join("..", "..", "web", "index.html"))
	out, err2 := Prerender(string(page))
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	def := Render(Default())
	for _, want := range []string{
		`<table id="crawlers" role="grid" aria-describedby="crawlers-names legend">` + def.Crawlers + `</table>`,
		`<fieldset id="crawler-choice">` + def.Chooser + `</fieldset>`,
		`>Choose (10 of 11)</button>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the prerendered page lacks %.80s", want)
		}
	}
	if n := strings.Count(def.Crawlers, "data-crawler="); n != 3*10 {
		t.Errorf("the default case draws %d crawler cells, want 3 selectors x 10 crawlers", n)
	}
}

// Render draws a case's lint as the page does: served over Gemini, the
// Gopher draft's lf-line-endings is left out unless its column shows.
func TestRenderScope(t *testing.T) {
	const lf = "User-agent: *\nDisallow: /private\n"
	st := state.State{Robots: lf, Selectors: "/private/x", Protocol: "gemini", Hidden: pageview.HiddenFor(core.ProtocolGemini)}
	if v := Render(st); strings.Contains(v.Lints, "lf-line-endings") || strings.Contains(v.Grid, `data-dialect="gopherdraft"`) {
		t.Errorf("served over Gemini:\n%s", v.Lints)
	}
	st.Hidden = []string{"gopher2019"}
	if v := Render(st); !strings.Contains(v.Lints, "lf-line-endings") {
		t.Errorf("gopherdraft shown, its finding missing:\n%s", v.Lints)
	}
	st.Protocol = ""
	if v := Render(st); !strings.Contains(v.Lints, "lf-line-endings") {
		t.Errorf("served over both, lf-line-endings missing:\n%s", v.Lints)
	}
}

// The legend beside the grid explains the mark the cells show for a
// note (pageview.NoteMark), and both tables point to it.
func TestNoteLegend(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "web", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	legend := `<p id="legend" class="hint"><span class="note-mark" aria-hidden="true">` + pageview.NoteMark + `</span> has a note`
	if !strings.Contains(string(page), legend) {
		t.Errorf("index.html has no legend for the note mark %q", pageview.NoteMark)
	}
	for _, table := range []string{`<table id="grid" role="grid" aria-describedby="legend">`, `<table id="crawlers" role="grid" aria-describedby="crawlers-names legend">`} {
		if !strings.Contains(string(page), table) {
			t.Errorf("index.html lacks %s", table)
		}
	}
}
