package pageview

import (
	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
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
	Custom            string   // the "Your reader" column's spelling (core/custom), "" for none
	Crawlers          []string // the crawler presets chosen (CrawlersShown; nil: the default)
	Protocol          core.Protocol
	Link              string
	Gemtext           bool
	Cell              string // the chosen cell's key: the report opens with its sentence
	// Shared is what the opened link's record says of its verdicts once
	// checked (RecordCheck.Text), "" for none.
	Shared string
	// Rev and Date are the page's build: the report's last line names them.
	Rev, Date string
}

// Report is the case as report text with the lints, the "Your reader"
// column and the real crawlers the page shows: the grid and the
// crawlers' rows are built as the page builds them, and the file linted
// in full (the page may still be waiting to lint a big file), the lints
// scoped to what the file is served over. Its prose names only the
// dialects shown (lint.ScopeFindings words each finding again for them),
// so a finding about a hidden column alone is left out.
func Report(c ReportCase) string {
	// The reader's column as the page builds it (update, in
	// wasm/playground); a spelling it refuses shows no column there.
	reader, ok, _ := ReaderDialect(c.Custom)
	var b grid.Builder
	g := b.Build(grid.Input{
		Robots:    WithEnds(c.Robots, c.Ends),
		Selectors: c.Selectors,
		Agents:    c.Agents,
		Dialects:  WithReader(DialectsShown(CleanHidden(c.Hidden)), reader, ok),
		LintLater: true, // linted below, for the dialects shown
	})
	shown := make([]string, len(g.Dialects))
	for i, d := range g.Dialects {
		shown[i] = d.ID
	}
	queries := make([]string, 0, len(g.Selectors))
	for _, s := range g.Selectors {
		if q, err := core.SelectorFrom(s); err == nil { // as the grid tested it
			queries = append(queries, q)
		}
	}
	g.Findings, g.LintPending = lint.Lint(b.File(), queries), false
	g.Findings = namingShown(lint.ScopeFindings(ScopeFindings(Findings(&g), c.Protocol, g.Dialects), func(id string) bool {
		return contains(shown, id) || !isDialect(id)
	}), shown)
	presets := CrawlersShown(c.Crawlers)
	r := report.Case{Grid: g, Robots: c.Robots, Permalink: c.Link, Crawlers: presets, Shared: c.Shared, Rev: c.Rev, Date: c.Date,
		CrawlerRows: grid.Crawlers(b.File(), g.Selectors, presets)}
	if c.Cell != "" {
		r.Answer = AnswerFor(&g, r.CrawlerRows, presets, c.Cell).Sentence
	}
	if c.Gemtext {
		return r.Gemtext()
	}
	return r.Text()
}

// namingShown drops from each finding's dialects the built-in ones not
// shown (Findings' truncation finding lists them all); crawler presets
// stay. The input is not changed.
func namingShown(findings []lint.Finding, shown []string) []lint.Finding {
	out := make([]lint.Finding, len(findings))
	for i, fd := range findings {
		kept := make([]string, 0, len(fd.Dialects))
		for _, id := range fd.Dialects {
			if contains(shown, id) || !isDialect(id) {
				kept = append(kept, id)
			}
		}
		fd.Dialects = kept
		out[i] = fd
	}
	return out
}

func isDialect(id string) bool {
	for _, d := range core.Dialects() {
		if d.ID == id {
			return true
		}
	}
	return false
}
