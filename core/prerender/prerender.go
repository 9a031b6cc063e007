// Package prerender draws the page's default case into web/index.html at
// build time, with the code the page itself runs (core/pageview), so the
// first verdicts arrive with the HTML and show without JavaScript. It is
// apart from pageview so that the page's on-demand module, which uses
// pageview, does not link the editor's colours and the permalink code
// that drawing a whole case needs.
package prerender

import (
	"fmt"
	"html"
	"strings"

	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/highlight"
	"github.com/smolbots/smolbots/core/pageview"
	"github.com/smolbots/smolbots/core/state"
)

// Default is the case the page opens when the address holds none: the
// first example, with the first cell of the first row where the dialects
// disagree chosen, so a newcomer sees an explanation too.
func Default() state.State {
	ex := pageview.Examples[0]
	st := state.State{Robots: ex.Robots, Selectors: ex.Selectors, Agents: ex.Agents}
	g := grid.Build(grid.Input{Robots: st.Robots, Selectors: st.Selectors, Agents: st.Agents, Dialects: pageview.DialectsShown(nil)})
	for _, r := range g.Rows {
		if r.Disagree {
			st.Cell = r.Key(&g, 0)
			break
		}
	}
	return st
}

// Prerendered is the value of the body's data-prerendered attribute in a
// page whose HTML already shows Default: the wasm then takes over that
// DOM instead of drawing it again.
const Prerendered = "default"

// View is everything the page draws for a case, as HTML fragments: the
// same strings the wasm puts into the DOM.
type View struct {
	Grid, Lints, LintCount, Explain, Facts, Summary string
	Overlay, Gutter                                 string
	Crawlers, Chooser, ChooserLabel                 string // the Real crawlers table
}

// Render draws a whole case at once, as the page looks once it has
// settled: lint done, overlay coloured, the chosen cell explained and its
// deciding line highlighted.
func Render(st state.State) View {
	hidden := pageview.CleanHidden(st.Hidden)
	var gb grid.Builder
	g := gb.Build(grid.Input{Robots: st.Robots, Selectors: st.Selectors, Agents: st.Agents, Dialects: pageview.DialectsShown(hidden)})
	findings := pageview.ScopeFindings(pageview.Findings(&g), pageview.ProtocolOf(st.Protocol), g.Dialects)
	presets := pageview.CrawlersShown(st.Crawlers)
	crawlers := grid.Crawlers(gb.File(), g.Selectors, presets)
	v := View{
		Grid:      pageview.GridHTML(&g, st.Cell),
		Lints:     pageview.LintsHTML(findings, g.Problems),
		LintCount: pageview.LintCount(findings, g.Problems),
		Explain:   pageview.NoChoice,
		Facts:     pageview.FactsHTML(&g),
		Summary:   pageview.Summary(&g),
	}
	v.Crawlers = pageview.CrawlerTableHTML(crawlers, presets, g.Selectors, st.Cell)
	v.Chooser, v.ChooserLabel = pageview.CrawlerChooserHTML(presets), pageview.CrawlerChooserLabel(len(presets))
	var c highlight.Cache
	v.Overlay = c.HTML(st.Robots)
	current := 0
	if row, col, ok := g.Find(st.Cell); ok {
		v.Explain = pageview.ExplainHTML(&g, row, col)
		current = g.Rows[row].Cells[col].Line
		v.Overlay = markLine(v.Overlay, current)
	} else if row, col, ok := grid.FindCrawler(crawlers, st.Cell); ok {
		v.Explain = pageview.ExplainCrawlerHTML(crawlers, presets, row, col)
		current = crawlers[row][col].Verdict.Line
		v.Overlay = markLine(v.Overlay, current)
	}
	lines := pageview.CountLines(st.Robots)
	from, to := pageview.GutterWindow(lines, 1, 0)
	v.Gutter = pageview.GutterHTML(from, to, pageview.IndexMarks(findings), current)
	return v
}

// markLine adds the class the page gives the deciding line (hl) to line
// n of the overlay's HTML, one `<span class="line">` per line.
func markLine(overlay string, n int) string {
	const open = `<span class="line">`
	i := 0
	for k := 1; ; k++ {
		j := strings.Index(overlay[i:], open)
		if j < 0 {
			return overlay
		}
		i += j
		if k == n {
			return overlay[:i] + `<span class="line hl">` + overlay[i+len(open):]
		}
		i += len(open)
	}
}

// Prerender fills the page's HTML (web/index.html) with the Default case,
// so its verdicts show with the HTML, before the wasm has loaded, and
// without JavaScript. Each place it fills is an element of the page,
// found by its exact empty markup; a page that lacks one is an error,
// so the build stops instead of shipping an empty grid.
func Prerender(page string) (string, error) {
	st := Default()
	v := Render(st)
	fills := []struct{ empty, full string }{
		{`<body>`, `<body data-prerendered="` + Prerendered + `">`},
		{`<select id="example">
      <option value="">Examples…</option>
    </select>`, `<select id="example">` + pageview.ExampleOptions() + `</select>`},
		{`<pre id="robots-hl" class="chroma" aria-hidden="true"></pre>`, `<pre id="robots-hl" class="chroma" aria-hidden="true">` + v.Overlay + `</pre>`},
		{`<div id="gutter-lines"><span class="gl">1</span></div>`, `<div id="gutter-lines">` + v.Gutter + `</div>`},
		{`aria-describedby="editor-status"></textarea>`, `aria-describedby="editor-status" readonly>` + textareaText(st.Robots) + `</textarea>`},
		{`aria-describedby="selectors-hint"></textarea>`, `aria-describedby="selectors-hint" readonly>` + textareaText(st.Selectors) + `</textarea>`},
		{`aria-describedby="agents-hint"></textarea>`, `aria-describedby="agents-hint" readonly>` + textareaText(st.Agents) + `</textarea>`},
		{`<p id="summary" aria-live="polite">Loading the checker…</p>`, `<p id="summary" aria-live="polite">` + pageview.Escape(v.Summary) + `</p>`},
		{`<table id="grid" role="grid" aria-describedby="legend"></table>`, `<table id="grid" role="grid" aria-describedby="legend">` + v.Grid + `</table>`},
		{`<span id="lint-count"></span>`, `<span id="lint-count">` + v.LintCount + `</span>`},
		{`<div id="explain" aria-live="polite">` + pageview.NoChoice + `</div>`, `<div id="explain" aria-live="polite">` + v.Explain + `</div>`},
		{`<ul id="lints"></ul>`, `<ul id="lints">` + v.Lints + `</ul>`},
		{`<table id="facts"></table>`, `<table id="facts">` + v.Facts + `</table>`},
		{`<table id="crawlers" role="grid" aria-describedby="crawlers-names legend"></table>`, `<table id="crawlers" role="grid" aria-describedby="crawlers-names legend">` + v.Crawlers + `</table>`},
		{`<fieldset id="crawler-choice"></fieldset>`, `<fieldset id="crawler-choice">` + v.Chooser + `</fieldset>`},
		{`aria-describedby="crawlers-h">Choose</button>`, `aria-describedby="crawlers-h">` + v.ChooserLabel + `</button>`},
	}
	for _, f := range fills {
		if n := strings.Count(page, f.empty); n != 1 {
			return "", fmt.Errorf("prerender: the page holds %q %d times, want once", f.empty, n)
		}
		page = strings.Replace(page, f.empty, f.full, 1)
	}
	return page, nil
}

// textareaText escapes a textarea's initial text, keeping every
// character as it is (the editor shows what the file holds); HTML drops
// one newline right after the start tag, so a text that starts with one
// gets another.
func textareaText(s string) string {
	if strings.HasPrefix(s, "\n") || strings.HasPrefix(s, "\r") {
		return "\n" + html.EscapeString(s)
	}
	return html.EscapeString(s)
}
