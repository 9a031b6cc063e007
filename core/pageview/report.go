package pageview

import (
	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/report"
)

// ReportCase is what Copy report and Copy Gemtext send to the page's
// on-demand module (wasm/ondemand): the inputs the page builds its grid
// from, and the permalink to quote.
type ReportCase struct {
	Robots            string   // the editor's text, LF line ends as a textarea holds it
	Ends              LineEnds // the file's own line ends
	Selectors, Agents string   // the boxes' text
	Hidden            []string // dialect columns turned off
	Protocol          core.Protocol
	Link              string
	Gemtext           bool
}

// Report is the case as report text with the lints the page shows:
// the grid is built as the page builds it, the file linted in full (the
// page may still be waiting to lint a big file), and the lints scoped
// to what the file is served over.
func Report(c ReportCase) string {
	g := grid.Build(grid.Input{
		Robots:    WithEnds(c.Robots, c.Ends),
		Selectors: c.Selectors,
		Agents:    c.Agents,
		Dialects:  DialectsShown(CleanHidden(c.Hidden)),
	})
	g.Findings = ScopeFindings(Findings(&g), c.Protocol, g.Dialects)
	if c.Gemtext {
		return report.Gemtext(g, c.Robots, c.Link)
	}
	return report.Text(g, c.Robots, c.Link)
}
