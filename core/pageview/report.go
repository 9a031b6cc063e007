package pageview

import (
	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/report"
)

// ReportCase is what Copy report and Copy Gemtext send to the page's
// on-demand module (wasm/ondemand): the inputs the page builds its grid
// and its Real crawlers table from, and the permalink to quote.
type ReportCase struct {
	Robots            string   // the editor's text, LF line ends as a textarea holds it
	Ends              LineEnds // the file's own line ends
	Selectors, Agents string   // the boxes' text
	Hidden            []string // dialect columns turned off
	Crawlers          []string // the crawler presets chosen (CrawlersShown; nil: the default)
	Protocol          core.Protocol
	Link              string
	Gemtext           bool
}

// Report is the case as report text with the lints and the real
// crawlers the page shows: the grid and the crawlers' rows are built as
// the page builds them, the file linted in full (the page may still be
// waiting to lint a big file), and the lints scoped to what the file is
// served over.
func Report(c ReportCase) string {
	var b grid.Builder
	g := b.Build(grid.Input{
		Robots:    WithEnds(c.Robots, c.Ends),
		Selectors: c.Selectors,
		Agents:    c.Agents,
		Dialects:  DialectsShown(CleanHidden(c.Hidden)),
	})
	g.Findings = ScopeFindings(Findings(&g), c.Protocol, g.Dialects)
	presets := CrawlersShown(c.Crawlers)
	r := report.Case{Grid: g, Robots: c.Robots, Permalink: c.Link, Crawlers: presets,
		CrawlerRows: grid.Crawlers(b.File(), g.Selectors, presets)}
	if c.Gemtext {
		return r.Gemtext()
	}
	return r.Text()
}
