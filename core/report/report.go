// Package report writes a playground case as text people paste into
// mailing-list posts: plain fixed-width text (Case.Text) or Gemtext
// (Case.Gemtext), the dialects' verdicts (with a reader of one's own,
// the page's "Your reader" column, where the grid has one) and the real
// crawlers' side by side, each table followed by its notes. Every line is at most Width columns, except the permalink,
// which stands whole on a line of its own so that mail clients and
// Gemini browsers can link it (RFC 3676 flowed text allows long lines;
// a Gemtext link line cannot be broken).
package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/custom"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
)

// Limits that keep a report of a huge case readable.
const (
	// MaxListedLines: a longer robots.txt is listed only around the lines
	// the verdicts, groups and lints refer to.
	MaxListedLines = 300
	// MaxNotes: interpretation notes listed before the rest are counted.
	MaxNotes = 40
	// MaxFindings: lint findings listed before the rest are counted by
	// code (a large file can have thousands).
	MaxFindings = 100
	context     = 2 // lines shown around each referred line of a long file
	// maxSelectorLines: a selector needing more lines of its column is
	// abbreviated in the table and given in full below it.
	maxSelectorLines = 3
)

// section is one part of a report. Prose is fixed wording of ours,
// already wrapped; Pre holds lines with user text (cleaned, at most
// Width columns), kept as they are.
type section struct {
	Title string
	Prose []string
	Pre   []string
	Alt   string // Gemtext alt text of the preformatted block
}

// Case is what a report is of: the verdict grid, the robots.txt it was
// built from, the permalink ("" for none), and the "Real crawlers"
// table.
type Case struct {
	Grid      grid.Grid
	Robots    string
	Permalink string
	// Crawlers are the crawler presets shown, in column order, and
	// CrawlerRows their verdicts, one row per selector of Grid, as
	// grid.Crawlers gives them. With no Crawlers the section is left out.
	Crawlers    []core.Dialect
	CrawlerRows [][]grid.CrawlerCell
	// Answer is the chosen cell's sentence, the report's first words
	// ("" when no cell is chosen): the question a shared link asks.
	Answer string
	// Shared is what the link's record says of its verdicts once
	// checked (core/pageview.RecordCheck): printed under the answer;
	// "" for a case opened without one.
	Shared string
	// Rev and Date name the smolbots build that made the report (the
	// commit and its date), on the report's last line; "" leaves it out.
	Rev, Date string
}

// made is the report's version line, "" when no build is named.
func (c Case) made() string {
	if c.Rev == "" {
		return ""
	}
	return "Made with smolbots " + c.Rev + " on " + c.Date + "."
}

// Text is the case as plain fixed-width text, no markup, without the
// real crawlers' verdicts (Case.Text has them).
func Text(g grid.Grid, robots string, permalink string) string {
	return Case{Grid: g, Robots: robots, Permalink: permalink}.Text()
}

// Gemtext is Text as Gemtext (Case.Gemtext).
func Gemtext(g grid.Grid, robots string, permalink string) string {
	return Case{Grid: g, Robots: robots, Permalink: permalink}.Gemtext()
}

// Text is the case as plain fixed-width text, no markup.
func (c Case) Text() string {
	var b strings.Builder
	title := "smolbots report"
	b.WriteString(title + "\n" + strings.Repeat("=", len(title)) + "\n")
	if c.Answer != "" {
		b.WriteString("\n")
		writeLines(&b, wordWrap(clean(c.Answer), Width))
	}
	if c.Shared != "" {
		b.WriteString("\n")
		writeLines(&b, wordWrap(clean(c.Shared), Width))
	}
	for _, s := range c.sections() {
		b.WriteString("\n")
		if s.Title != "" {
			b.WriteString(s.Title + "\n" + strings.Repeat("-", width(s.Title)) + "\n")
		}
		writeLines(&b, s.Prose)
		if len(s.Prose) > 0 && len(s.Pre) > 0 {
			b.WriteString("\n")
		}
		writeLines(&b, s.Pre)
	}
	if c.Permalink != "" {
		b.WriteString("\nPermalink\n---------\nOpen this case in the playground:\n\n")
		b.WriteString(linkText(c.Permalink) + "\n")
	}
	if m := c.made(); m != "" {
		b.WriteString("\n")
		writeLines(&b, wordWrap(m, Width))
	}
	return b.String()
}

// Gemtext is the same report as Gemtext: headings, preformatted blocks
// for everything column-aligned, and a link line for the permalink.
func (c Case) Gemtext() string {
	var b strings.Builder
	b.WriteString("# smolbots report\n")
	if c.Answer != "" {
		b.WriteString("\n" + clean(c.Answer) + "\n")
	}
	if c.Shared != "" {
		b.WriteString("\n" + clean(c.Shared) + "\n")
	}
	for _, s := range c.sections() {
		b.WriteString("\n")
		if s.Title != "" {
			b.WriteString("## " + s.Title + "\n\n")
		}
		writeLines(&b, s.Prose)
		if len(s.Pre) > 0 {
			if len(s.Prose) > 0 {
				b.WriteString("\n")
			}
			b.WriteString("```" + s.Alt + "\n")
			writeLines(&b, s.Pre) // no line starts with ``` (all are indented or labelled)
			b.WriteString("```\n")
		}
	}
	if c.Permalink != "" {
		b.WriteString("\n## Permalink\n\n")
		b.WriteString("=> " + linkText(c.Permalink) + " Open this case in the playground\n")
	}
	if m := c.made(); m != "" {
		b.WriteString("\n" + m + "\n")
	}
	return b.String()
}

// linkText is the permalink as one unbroken word: cleaned, its spaces
// escaped. It is the report's one line that may pass Width.
func linkText(permalink string) string {
	return clean(strings.ReplaceAll(permalink, " ", "%20"))
}

func writeLines(b *strings.Builder, lines []string) {
	for _, l := range lines {
		b.WriteString(strings.TrimRight(l, " "))
		b.WriteByte('\n')
	}
}

func (c Case) sections() []section {
	g := c.Grid
	f := core.Parse([]byte(c.Robots))
	out := []section{summary(g, f)}
	for _, d := range g.Dialects {
		if r, ok := yourReader(d); ok {
			out = append(out, r)
		}
	}
	out = append(out, listing(c, f))
	out = append(out, verdicts(g))
	if n := notes(g); len(n.Pre) > 0 {
		out = append(out, n)
	}
	if len(c.Crawlers) > 0 {
		out = append(out, crawlerSection(c))
		if n := crawlerNotes(c); len(n.Pre) > 0 {
			out = append(out, n)
		}
	}
	out = append(out, lints(g))
	return out
}

func summary(g grid.Grid, f *core.File) section {
	disagree := 0
	for _, r := range g.Rows {
		if r.Disagree {
			disagree++
		}
	}
	readers, who := readersTested(g.Dialects)
	s := fmt.Sprintf("%s tested for %s under %s: %s where %s disagree.",
		plural(len(g.Rows)/max(1, len(g.Agents)), "selector"), plural(len(g.Agents), "agent"),
		readers, plural(disagree, "row"), who)
	if f.Truncated || g.Truncated {
		s += fmt.Sprintf(" The robots.txt is %d bytes; only the first %d are read, as by the dialects.", f.Size, core.MaxBytes)
	}
	var pre []string
	idw := 0
	for _, d := range g.Dialects {
		idw = max(idw, width(clean(columnName(d))))
	}
	for _, d := range g.Dialects {
		pre = append(pre, indented(pad(clean(columnName(d)), idw), idw+2, d.Title)...)
	}
	return section{Prose: wordWrap(s, Width), Pre: pre, Alt: "dialects"}
}

// columnName is a column's name as the page's head gives it: a
// dialect's ID, and custom.Column for a reader of one's own (its
// spelling is long, and its section spells it out).
func columnName(d core.Dialect) string {
	if custom.Is(d.ID) {
		return custom.Column
	}
	return d.ID
}

// readersTested counts the columns for the summary ("6 dialects and
// your reader") and names them as a whole, for where they disagree.
func readersTested(columns []core.Dialect) (readers, who string) {
	n, own := 0, 0
	for _, d := range columns {
		if custom.Is(d.ID) {
			own++
		} else {
			n++
		}
	}
	readers = plural(n, "dialect")
	switch {
	case own == 0:
		return readers, "the dialects"
	case n == 0:
		return custom.Column, "the columns"
	}
	return readers + " and " + custom.Column, "the columns"
}

// yourReader is the section on a reader of one's own: its spelling,
// which `smolbots check -dialect` takes, its base, and each knob it
// changes, in the words the page's knobs use (core/custom).
func yourReader(d core.Dialect) (section, bool) {
	base, changed, ok := custom.Changes(d)
	if !ok {
		return section{}, false
	}
	s := section{Title: "Your reader", Alt: custom.Column}
	s.Prose = wordWrap(fmt.Sprintf(`The column "%s" is a reader of your own: a dialect or crawler to start from, with knobs changed. smolbots check -dialect takes its spelling.`, custom.Column), Width)
	s.Pre = append(s.Pre, labelled("spelling     ", clean(d.ID))...)
	s.Pre = append(s.Pre, labelled("starts from  ", clean(custom.BaseName(base)))...)
	s.Pre = append(s.Pre, "")
	if len(changed) == 0 {
		s.Pre = append(s.Pre, hanging(fmt.Sprintf("It changes no knob: it reads as %s.", clean(base.ID)), 2)...)
		return s, true
	}
	for i, c := range changed {
		if i > 0 {
			s.Pre = append(s.Pre, "")
		}
		s.Pre = append(s.Pre, hanging(c.Knob.Label(), 4)...)
		s.Pre = append(s.Pre, knobValue(c.Knob, "", c.Value, "")...)
		s.Pre = append(s.Pre, knobValue(c.Knob, "(as "+base.ID+": ", c.Base, ")")...)
	}
	return s, true
}

// knobValue is a knob's value in the page's words, between before and
// after, indented under the knob's question: our words wrap at spaces,
// a free-text value (user text) is kept exactly.
func knobValue(k custom.Knob, before, value, after string) []string {
	if k.Values == nil && value != "" {
		return labelled("    ", before+clean(value)+after)
	}
	return indented("", 4, before+k.Say(value)+after)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// listing is the robots.txt with line numbers, long lines wrapped behind
// a "+" in the number column.
func listing(c Case, f *core.File) section {
	s := section{Title: fmt.Sprintf("robots.txt (%s)", plural(len(f.Lines), "line")), Alt: "robots.txt"}
	if len(f.Lines) == 0 {
		s.Prose = []string{"The file is empty."}
		return s
	}
	nw := max(3, len(strconv.Itoa(len(f.Lines))))
	text := Width - nw - 2
	show := shownLines(c, f)
	if show != nil {
		s.Prose = wordWrap(fmt.Sprintf("The file is long: only the lines the verdicts and lints refer to are listed, with %d lines around each.", context), Width)
	}
	gap := 0
	for i := range f.Lines {
		n := i + 1
		if show != nil && !show[n] {
			gap++
			continue
		}
		if gap > 0 {
			s.Pre = append(s.Pre, fmt.Sprintf("%*s  (%s left out)", nw, "...", plural(gap, "line")))
			gap = 0
		}
		for j, part := range hardWrap(clean(f.Lines[i].Text), text) {
			num := strconv.Itoa(n)
			if j > 0 {
				num = "+"
			}
			s.Pre = append(s.Pre, fmt.Sprintf("%*s  %s", nw, num, part))
		}
	}
	if gap > 0 {
		s.Pre = append(s.Pre, fmt.Sprintf("%*s  (%s left out)", nw, "...", plural(gap, "line")))
	}
	return s
}

// shownLines is nil when every line is listed, else the set to list.
func shownLines(c Case, f *core.File) map[int]bool {
	g := c.Grid
	if len(f.Lines) <= MaxListedLines {
		return nil
	}
	show := map[int]bool{}
	mark := func(n int) {
		for k := n - context; k <= n+context; k++ {
			if k >= 1 && k <= len(f.Lines) {
				show[k] = true
			}
		}
	}
	for _, r := range g.Rows {
		for _, c := range r.Cells {
			if c.Line > 0 {
				mark(c.Line)
			}
		}
	}
	for _, r := range c.CrawlerRows {
		for _, cell := range r {
			if cell.Verdict.Line > 0 {
				mark(cell.Verdict.Line)
			}
		}
	}
	for _, p := range g.Policies {
		if len(p.Groups) > 10 {
			continue // gopher2019 and merged * groups span the whole file
		}
		for _, n := range p.Groups {
			mark(n)
		}
	}
	for _, fd := range listedFindings(g) {
		if fd.Line > 0 {
			mark(fd.Line)
		}
	}
	mark(1)
	return show
}

// cell is a verdict as the table shows it: the word, the deciding line,
// and "?" when another reading of the dialect answers the other way.
func cell(v core.Verdict) string {
	s := "allow"
	switch {
	case v.SkipHost:
		s = "SKIP HOST" // the crawler fetches nothing from the host
	case v.Unread == core.IgnoresFile:
		s = "IGNORES FILE" // it fetches the URL without reading robots.txt
	case v.Unread == core.NeverFetched:
		s = "NEVER FETCHED" // its code refuses the URL, whatever the file says
	case !v.Allowed:
		s = "DENY"
	}
	if v.Line > 0 {
		s += " " + strconv.Itoa(v.Line)
	}
	if v.Alternative != nil {
		s += "?"
	}
	return s
}

// headerParts splits a column's name over two header lines where it
// reads well; the built-in dialect IDs are long but narrow columns are
// what fit, and a crawler's name splits at its last space or hyphen
// ("GUS (2020)", "mozz-archiver") or stays whole up to 10 columns
// ("Gemplex"). Parts may be wider than w.
func headerParts(id string, w int) []string {
	known := map[string][]string{
		"gopher2019": {"gopher", "2019"}, "gopherdraft": {"gopher", "draft"},
		"conner2020": {"conner", "2020"}, "norobots": {"no", "robots"},
		"rfc9309": {"rfc", "9309"},
	}
	if width(id) <= w {
		return []string{clean(id)}
	}
	if p, ok := known[id]; ok {
		return p
	}
	if i := strings.LastIndexAny(id, " -"); i > 0 && i < len(id)-1 {
		top := id[:i]
		if id[i] == '-' {
			top = id[:i+1]
		}
		return []string{clean(top), clean(id[i+1:])}
	}
	if width(id) <= 10 {
		return []string{clean(id)}
	}
	return hardWrap(clean(id), w)
}

// tableRow is one row of a verdict table.
type tableRow struct {
	group    string // the agent over the row's block; "" in a table without
	label    string // the selector
	cells    []core.Verdict
	disagree bool
}

func verdicts(g grid.Grid) section {
	s := section{Title: "Verdicts", Alt: "verdicts"}
	_, who := readersTested(g.Dialects)
	s.Prose = wordWrap(`Each cell is allow or DENY and the line that decided it ("allow" alone: no rule matched). "!" marks a row where `+who+` disagree; "?" a cell that another reading of the same dialect answers the other way (see the notes).`, Width)
	if len(g.Rows) == 0 {
		s.Prose = append(s.Prose, "", "There is nothing to test: add a selector, an agent and a dialect.")
		return s
	}
	heads := columnNames(g.Dialects)
	rows := make([]tableRow, len(g.Rows))
	for i, r := range g.Rows {
		rows[i] = tableRow{group: r.Agent, label: r.Selector, cells: r.Cells, disagree: r.Disagree}
	}
	s.Pre = table(heads, rows, "agent ")
	return s
}

// table lays rows out under columns named by heads, a row a line (its
// selector wrapped over up to maxSelectorLines), or as blocks when the
// columns leave the selectors too little room. Rows of one group follow
// a line naming it: group then the row's group.
func table(heads []string, rows []tableRow, group string) []string {
	var out []string
	widths := make([]int, len(heads))
	for i := range heads {
		widths[i] = 6
	}
	selw := width("selector")
	for _, r := range rows {
		for i, c := range r.cells {
			widths[i] = max(widths[i], len(cell(c)))
		}
		selw = max(selw, width(clean(r.label)))
	}
	// Whole column names as headers where that leaves the selectors
	// room; else narrower columns with the names over two lines.
	full := make([]int, len(widths))
	for i, h := range heads {
		full[i] = max(widths[i], width(clean(h)))
	}
	if spare(full) >= max(12, min(selw, 24)) {
		widths = full
	} else {
		for i, h := range heads {
			for _, p := range headerParts(h, widths[i]) {
				widths[i] = max(widths[i], width(p))
			}
		}
	}
	avail := spare(widths)
	if avail < 12 {
		return blocks(heads, rows, group)
	}
	selw = min(selw, avail)

	// Header: up to two lines of column names over their columns.
	head := [2]string{"  " + strings.Repeat(" ", selw), "  " + pad("selector", selw)}
	for i, h := range heads {
		parts := headerParts(h, widths[i])
		if len(parts) > 2 {
			parts = []string{parts[0], "~" + parts[len(parts)-1]}
		}
		top, bottom := "", parts[len(parts)-1]
		if len(parts) == 2 {
			top = parts[0]
		}
		head[0] += " " + pad(top, widths[i])
		head[1] += " " + pad(bottom, widths[i])
	}
	if strings.TrimSpace(head[0]) != "" {
		out = append(out, head[0])
	}
	out = append(out, head[1])

	current := ""
	refs := map[string]int{} // abbreviated selectors and their legend numbers
	var legend []string
	for ri, r := range rows {
		if group != "" && (ri == 0 || r.group != current) {
			current = r.group
			if ri > 0 {
				out = append(out, "")
			}
			out = append(out, labelled(group, clean(current))...)
		}
		parts := pathWrap(clean(r.label), selw)
		if len(parts) > maxSelectorLines {
			n, ok := refs[r.label]
			if !ok {
				n = len(refs) + 1
				refs[r.label] = n
				legend = append(legend, labelled(fmt.Sprintf("[%d] ", n), clean(r.label))...)
			}
			ref := fmt.Sprintf("...[%d]", n)
			parts = []string{hardWrap(parts[0], selw-len(ref))[0] + ref}
		}
		mark := "  "
		if r.disagree {
			mark = "! "
		}
		line := mark + pad(parts[0], selw)
		for i, c := range r.cells {
			line += " " + pad(cell(c), widths[i])
		}
		out = append(out, line)
		for _, p := range parts[1:] {
			out = append(out, "  "+p)
		}
	}
	if len(legend) > 0 {
		out = append(out, "", "Long selectors in full:")
		out = append(out, legend...)
	}
	return out
}

// spare is the width left for the selector column.
func spare(widths []int) int {
	n := Width - 2
	for _, w := range widths {
		n -= w + 1
	}
	return n
}

// labelled hard-wraps user text after a fixed label, continuing under it.
func labelled(label, text string) []string {
	var out []string
	for i, p := range hardWrap(text, Width-width(label)) {
		if i == 0 {
			out = append(out, label+p)
		} else {
			out = append(out, strings.Repeat(" ", width(label))+p)
		}
	}
	return out
}

// blocks is a verdict table for when the columns do not fit: each row
// as a block, one column a line.
func blocks(heads []string, rows []tableRow, group string) []string {
	idw := 0
	for _, h := range heads {
		idw = max(idw, width(clean(h)))
	}
	var out []string
	for ri, r := range rows {
		if ri > 0 {
			out = append(out, "")
		}
		mark := "  "
		if r.disagree {
			mark = "! "
		}
		if group != "" {
			out = append(out, labelled(mark+pad(strings.TrimSpace(group), 8)+" ", clean(r.group))...)
			mark = "  "
		}
		out = append(out, labelled(mark+"selector ", clean(r.label))...)
		for i, c := range r.cells {
			out = append(out, "    "+pad(clean(heads[i]), idw)+"  "+cell(c))
		}
	}
	return out
}

// notes lists each distinct interpretation note of the verdicts once,
// with the dialect and agents it was given for.
func notes(g grid.Grid) section {
	heads := columnNames(g.Dialects)
	s := section{Title: "Notes", Alt: "notes"}
	s.Pre = noteList(heads, len(g.Rows), ", for ", func(col, row int) (string, string) {
		r := g.Rows[row]
		if col >= len(r.Cells) {
			return "", ""
		}
		return r.Cells[col].Note, r.Agent
	})
	return s
}

// crawlerNotes lists the real crawlers' notes, each once, with the
// crawler and the selectors it was given on.
func crawlerNotes(c Case) section {
	s := section{Title: "Crawler notes", Alt: "crawler notes"}
	s.Pre = noteList(crawlerHeads(c.Crawlers), len(c.CrawlerRows), ", on ", func(col, row int) (string, string) {
		r := c.CrawlerRows[row]
		if col >= len(r) {
			return "", ""
		}
		return r[col].Verdict.Note, r[col].Selector
	})
	return s
}

// noteList lists each distinct note once, in column order: every note
// of the first column, row by row, then the next column's. Each is
// headed by its column, joint and whom the rows it came from were for.
func noteList(heads []string, rows int, joint string, at func(col, row int) (note, who string)) []string {
	type key struct {
		col  int
		note string
	}
	var order []key
	whom := map[key][]string{}
	for i := range heads {
		for r := range rows {
			note, who := at(i, r)
			if note == "" {
				continue
			}
			k := key{i, note}
			if _, ok := whom[k]; !ok {
				order = append(order, k)
			}
			if ws := whom[k]; len(ws) == 0 || ws[len(ws)-1] != who {
				whom[k] = append(ws, who)
			}
		}
	}
	var out []string
	for i, k := range order {
		if i == MaxNotes {
			out = append(out, "", fmt.Sprintf("(%s more; open the permalink to see them)", strconv.Itoa(len(order)-MaxNotes)))
			break
		}
		if i > 0 {
			out = append(out, "")
		}
		out = append(out, labelled(clean(heads[k.col])+joint, clean(strings.Join(whom[k], ", ")))...)
		out = append(out, indented("", 4, k.note)...)
	}
	return out
}

// columnNames are the verdict table's column names, as columnName.
func columnNames(columns []core.Dialect) []string {
	heads := make([]string, len(columns))
	for i, d := range columns {
		heads[i] = columnName(d)
	}
	return heads
}

// crawlerHeads are the crawler table's column names: the crawlers' own.
func crawlerHeads(presets []core.Dialect) []string {
	heads := make([]string, len(presets))
	for i, d := range presets {
		heads[i] = d.ID
		if d.Crawler != nil {
			heads[i] = d.Crawler.Name
		}
	}
	return heads
}

// crawlerSection is the "Real crawlers" table: each preset's verdict on each
// selector, in the verdicts' compact form, after a legend saying whose
// code each column follows.
func crawlerSection(c Case) section {
	s := section{Title: "Real crawlers", Alt: "real crawlers"}
	s.Prose = wordWrap(`What real crawlers do, each as its own code reads the file. Each tests its own names, not the agents above. Cells read as in the verdicts; "!" marks a row where the crawlers disagree.`, Width)
	if len(c.CrawlerRows) == 0 {
		s.Prose = append(s.Prose, "", "There is nothing to test: add a selector.")
	}
	heads := crawlerHeads(c.Crawlers)
	if len(c.CrawlerRows) > 0 {
		rows := make([]tableRow, len(c.CrawlerRows))
		for i, r := range c.CrawlerRows {
			rows[i].cells = make([]core.Verdict, len(r))
			for j, cell := range r {
				rows[i].label = cell.Selector
				rows[i].cells[j] = cell.Verdict
				rows[i].disagree = rows[i].disagree || (cell.Verdict.Allowed != r[0].Verdict.Allowed || cell.Verdict.SkipHost != r[0].Verdict.SkipHost || cell.Verdict.Unread != r[0].Verdict.Unread)
			}
		}
		s.Pre = append(table(heads, rows, ""), "")
	}
	w := 0
	for _, h := range heads {
		w = max(w, width(clean(h)))
	}
	for i, d := range c.Crawlers {
		source := d.Source
		if d.Crawler != nil && !d.Crawler.Verified {
			source = "unverified: " + source
		}
		s.Pre = append(s.Pre, indented(pad(clean(heads[i]), w), w+2, source)...)
	}
	return s
}

func lints(g grid.Grid) section {
	s := section{Title: "Lints", Alt: "lints"}
	switch {
	case g.LintPending:
		s.Prose = wordWrap("The file was not linted for this report (build the grid without LintLater to include the lints).", Width)
	case len(g.Findings) == 0 && len(g.Problems) == 0:
		s.Prose = []string{"No lint findings."}
		return s
	}
	listed := listedFindings(g)
	for i, f := range listed {
		if i > 0 {
			s.Pre = append(s.Pre, "")
		}
		where := "file"
		if f.Line > 0 {
			where = "line " + strconv.Itoa(f.Line)
		}
		head := fmt.Sprintf("%s  %s  %s", where, f.Code, f.Severity)
		if len(f.Dialects) > 0 {
			head += "  (" + strings.Join(f.Dialects, ", ") + ")"
		}
		s.Pre = append(s.Pre, hanging(head, 2)...)
		s.Pre = append(s.Pre, indented("", 4, f.Message)...)
	}
	if rest := g.Findings[len(listed):]; len(rest) > 0 {
		s.Pre = append(s.Pre, "")
		s.Pre = append(s.Pre, hanging(fmt.Sprintf("%s more not listed: %s.", plural(len(rest), "finding"), countCodes(rest)), 2)...)
	}
	for i, p := range g.Problems {
		if i > 0 || len(g.Findings) > 0 {
			s.Pre = append(s.Pre, "")
		}
		s.Pre = append(s.Pre, fmt.Sprintf("%s line %d  not tested", p.Field, p.Line))
		s.Pre = append(s.Pre, indented("", 4, p.Message)...)
	}
	return s
}

func listedFindings(g grid.Grid) []lint.Finding {
	return g.Findings[:min(len(g.Findings), MaxFindings)]
}

// countCodes summarises findings as "code n" pairs, most frequent first.
func countCodes(fs []lint.Finding) string {
	counts := map[string]int{}
	var codes []string
	for _, f := range fs {
		if counts[f.Code] == 0 {
			codes = append(codes, f.Code)
		}
		counts[f.Code]++
	}
	slices.SortStableFunc(codes, func(a, b string) int { return counts[b] - counts[a] })
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%s %d", c, counts[c])
	}
	return strings.Join(parts, ", ")
}
