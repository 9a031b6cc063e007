package pageview

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/grid"
)

func TestDefaultChoosesADisagreement(t *testing.T) {
	st := Default()
	ex := Examples[0]
	if st.Robots != ex.Robots || st.Selectors != ex.Selectors || st.Agents != ex.Agents || len(st.Hidden) != 0 {
		t.Fatalf("Default is not the first example: %+v", st)
	}
	g := grid.Build(grid.Input{Robots: st.Robots, Selectors: st.Selectors, Agents: st.Agents, Dialects: DialectsShown(nil)})
	row, col, ok := g.Find(st.Cell)
	if !ok || !g.Rows[row].Disagree || col != 0 {
		t.Errorf("Default chooses %q (row %d col %d found %v), want the first column of a row where the dialects disagree", st.Cell, row, col, ok)
	}
	// The page adopts the prerendered gutter as drawn for the whole
	// file: true while the file is shorter than the gutter's margin.
	if n := CountLines(st.Robots); n >= GutterMargin {
		t.Errorf("the default file has %d lines; the gutter draws only %d around the view", n, GutterMargin)
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
		`<table id="grid">` + v.Grid + `</table>`,
		`<ul id="lints">` + v.Lints + `</ul>`,
		`<div id="explain" aria-live="polite">` + v.Explain + `</div>`,
		`<pre id="robots-hl" class="chroma" aria-hidden="true">` + v.Overlay + `</pre>`,
		`readonly>` + escExact(st.Robots) + `</textarea>`,
		`readonly>` + escExact(st.Selectors) + `</textarea>`,
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
	broken := strings.Replace(string(page), `<table id="grid"></table>`, `<table id="grid" class="x"></table>`, 1)
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
