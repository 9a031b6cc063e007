package pageview

import (
	"fmt"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/changes"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/state"
)

// A link's record (core/state, record.go) is what the sender's page
// showed. RecordOf writes it from the page's grid and Real crawlers
// table; CheckRecord compares it, once the checker has run, with what
// the page shows now, and says what changed and which change of reading
// (core/changes) explains it, or that none does.

func init() { state.Columns = recordColumns }

// recordColumns are the columns the page shows for s by default: the
// dialects its Hidden leaves (none known with a reader of one's own,
// whose column main.js cannot tell before the checker) and the Real
// crawlers its choice shows. A record names them by reference.
func recordColumns(s state.State) (dialects, crawlers []string) {
	if s.Custom == "" {
		dialects = []string{}
		for _, d := range DialectsShown(s.Hidden) {
			dialects = append(dialects, d.ID)
		}
	}
	crawlers = []string{}
	for _, d := range CrawlersShown(s.Crawlers) {
		crawlers = append(crawlers, d.ID)
	}
	return dialects, crawlers
}

// CodeOf is a verdict's code in a record.
func CodeOf(v core.Verdict) state.Code {
	switch {
	case v.SkipHost:
		return state.SkipHost
	case v.Allowed:
		return state.Allow
	}
	return state.Disallow
}

// RecordOf is the record of the grid g and the crawler rows (presets
// across) that the page shows for s, made with smolbots rev on date;
// nil when the case has more cells than a record holds. A commit is
// kept to its first 12 hex digits.
func RecordOf(s state.State, g *grid.Grid, presets []core.Dialect, rows [][]grid.CrawlerCell, rev, date string) *state.Record {
	if len(rev) > 12 && strings.Trim(rev, "0123456789abcdef") == "" {
		rev = rev[:12] // a commit's abbreviation: the link stays shorter
	}
	r := &state.Record{Rev: rev, Date: date, Dialects: []string{}, Crawlers: []string{}}
	for _, d := range g.Dialects {
		r.Dialects = append(r.Dialects, d.ID)
	}
	for _, d := range presets {
		r.Crawlers = append(r.Crawlers, d.ID)
	}
	if len(g.Rows)*len(g.Dialects)+len(rows)*len(presets) > state.MaxRecordCells {
		return nil
	}
	// The rows the record names must be the grid's: every line whose
	// text the grid used, and no other (a line past the grid's caps with
	// the text of one it used would be counted twice).
	var agents []string
	if strings.Trim(strings.ReplaceAll(strings.ReplaceAll(s.Agents, "\r", ""), "\n", ""), " \t") != "" {
		agents = g.Agents
	}
	r.AgentsUsed = state.UsedLines(s.Agents, agents, true)
	r.SelectorsUsed = state.UsedLines(s.Selectors, g.Selectors, false)
	if count(r.AgentsUsed) != len(agents) || count(r.SelectorsUsed) != len(g.Selectors) {
		return nil
	}
	for _, row := range g.Rows {
		for _, v := range row.Cells {
			r.Cells = append(r.Cells, CodeOf(v))
		}
	}
	for _, row := range rows {
		for _, c := range row {
			r.Cells = append(r.Cells, CodeOf(c.Verdict))
		}
	}
	return r
}

func count(bits []bool) int {
	n := 0
	for _, b := range bits {
		if b {
			n++
		}
	}
	return n
}

// CellChange is a cell whose verdict is not the one recorded.
type CellChange struct {
	state.Cell            // where, and the recorded verdict
	Now        state.Code // today's
	Line       int        // today's deciding line
}

// RecordCheck is a record held against the page's verdicts.
type RecordCheck struct {
	Rev, Date string
	Changed   []CellChange
	// Gone counts the recorded cells the page no longer shows (a
	// reader dropped, a row no longer read); they are not shown.
	Gone int
	// Entries are the changes of reading after the record that name a
	// reader whose cells changed; Unexplained the readers (by ID) whose
	// changes none names.
	Entries     []changes.Entry
	Unexplained []string
}

// CheckRecord compares s's record with the page's grid g and crawler
// rows: every recorded cell the page shows is compared.
func CheckRecord(s state.State, g *grid.Grid, rows [][]grid.CrawlerCell) RecordCheck {
	c := RecordCheck{Rev: s.Record.Rev, Date: s.Record.Date}
	now := map[state.Cell]core.Verdict{}
	for _, row := range g.Rows {
		for i, v := range row.Cells {
			now[state.Cell{Column: g.Dialects[i].ID, Agent: row.Agent, Selector: row.Selector}] = v
		}
	}
	for _, row := range rows {
		for _, cc := range row {
			now[state.Cell{Crawler: true, Column: cc.Crawler, Selector: cc.Selector}] = cc.Verdict
		}
	}
	var readers []string
	for _, cell := range s.Record.Layout(s) {
		code := cell.Code
		cell.Code = 0
		v, ok := now[cell]
		if !ok {
			c.Gone++
			continue
		}
		if CodeOf(v) == code {
			continue
		}
		cell.Code = code
		c.Changed = append(c.Changed, CellChange{Cell: cell, Now: CodeOf(v), Line: v.Line})
		if !contains(readers, cell.Column) {
			readers = append(readers, cell.Column)
		}
	}
	for _, r := range readers {
		es := changes.Explaining(r, c.Rev, c.Date)
		if len(es) == 0 {
			c.Unexplained = append(c.Unexplained, r)
		}
		for _, e := range es {
			if !containsEntry(c.Entries, e.ID) {
				c.Entries = append(c.Entries, e)
			}
		}
	}
	return c
}

func containsEntry(es []changes.Entry, id string) bool {
	for _, e := range es {
		if e.ID == id {
			return true
		}
	}
	return false
}

// readerName is a column's reader as the page names it.
func readerName(id string) string {
	if d, ok := crawlers.ReaderByID(id); ok && d.Crawler != nil {
		return d.Crawler.Name
	}
	return id
}

// SharedAs is the mark of verdicts painted from a record before the
// checker has run (main.js writes the same words).
func SharedAs(rev, date string) string {
	return "As shared on " + date + " (smolbots " + shortCommit(rev) + "), not yet checked."
}

// Agree says every verdict is as shared.
func (c RecordCheck) Agree() bool { return len(c.Changed) == 0 }

// Text is what the page says above the grid once the checker has run,
// in plain words (the reports' and At a glance's too).
func (c RecordCheck) Text() string { return c.words(false) }

// HTML is Text with each change's entry linked to /changes.
func (c RecordCheck) HTML() string { return c.words(true) }

func (c RecordCheck) words(html bool) string {
	e := func(s string) string {
		if html {
			return esc(s)
		}
		return s
	}
	made := "on " + c.Date + " (smolbots " + shortCommit(c.Rev) + ")"
	if c.Agree() {
		s := "Checked with this version: every verdict is as shared " + made + "."
		if c.Gone > 0 {
			s += fmt.Sprintf(" %d %s of the link are no longer shown.", c.Gone, plural(c.Gone, "verdict", "verdicts"))
		}
		return e(s)
	}
	var b strings.Builder
	b.WriteString(e("Since this link was made " + made + ", smolbots reads this case differently: "))
	var parts []string
	for _, ch := range c.Changed {
		where := ch.Selector
		if !ch.Crawler {
			where = ch.Agent + " " + ch.Selector
		}
		s := fmt.Sprintf("under %s, %s was %s, now %s", readerName(ch.Column), where, ch.Code.Word(), ch.Now.Word())
		if ch.Line > 0 {
			s += fmt.Sprintf(" (line %d)", ch.Line)
		}
		parts = append(parts, s)
	}
	const most = 6
	if len(parts) > most {
		parts = append(parts[:most], fmt.Sprintf("and %d more", len(parts)-most))
	}
	b.WriteString(e(strings.Join(parts, "; ") + "."))
	for _, en := range c.Entries {
		b.WriteString(" ")
		if html {
			fmt.Fprintf(&b, `<a href="%s">%s</a>`, esc(changes.Path(en.ID)), esc("The change of "+en.Date+": "+en.Title+"."))
		} else {
			b.WriteString("The change of " + en.Date + ": " + en.Title + " (" + core.Site() + changes.Path(en.ID) + ").")
		}
	}
	if len(c.Unexplained) > 0 {
		var names []string
		for _, r := range c.Unexplained {
			names = append(names, readerName(r))
		}
		b.WriteString(e(" Under " + strings.Join(names, ", ") + ", no recorded change explains this; the link may have been edited."))
		if html {
			b.WriteString(` <a href="` + changes.Path("") + `">The changes of reading</a>.`)
		} else {
			b.WriteString(" The changes of reading: " + core.Site() + changes.Path("") + ".")
		}
	}
	return b.String()
}

// CheckLink is CheckRecord for a link's case as the page shows it: the
// grid of the dialects shown (and the "Your reader" column) and the
// Real crawlers chosen, built as the page builds them. ok is false when
// the case has no record. The on-demand module runs it for the page,
// which keeps the check's code out of the checker's module.
func CheckLink(s state.State) (c RecordCheck, ok bool) {
	if s.Record == nil {
		return c, false
	}
	reader, rok, _ := ReaderDialect(s.Custom)
	var b grid.Builder
	g := b.Build(grid.Input{
		Robots:    s.Robots,
		Selectors: s.Selectors,
		Agents:    s.Agents,
		Dialects:  WithReader(DialectsShown(CleanHidden(s.Hidden)), reader, rok),
		LintLater: true,
	})
	presets := CrawlersShown(CleanCrawlers(s.Crawlers))
	return CheckRecord(s, &g, grid.Crawlers(b.File(), g.Selectors, presets)), true
}
