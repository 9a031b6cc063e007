// Package report writes a playground case as text people paste into
// mailing-list posts: plain fixed-width text (Text) or Gemtext
// (Gemtext). Every line is at most Width columns, except the permalink,
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
	"github.com/smolbots/smolbots/core/grid"
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

// Text is the case as plain fixed-width text, no markup.
func Text(g grid.Grid, robots string, permalink string) string {
	var b strings.Builder
	title := "smolbots report"
	b.WriteString(title + "\n" + strings.Repeat("=", len(title)) + "\n")
	for _, s := range sections(g, robots) {
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
	if permalink != "" {
		b.WriteString("\nPermalink\n---------\nOpen this case in the playground:\n\n")
		b.WriteString(linkText(permalink) + "\n")
	}
	return b.String()
}

// Gemtext is the same report as Gemtext: headings, preformatted blocks
// for everything column-aligned, and a link line for the permalink.
func Gemtext(g grid.Grid, robots string, permalink string) string {
	var b strings.Builder
	b.WriteString("# smolbots report\n")
	for _, s := range sections(g, robots) {
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
	if permalink != "" {
		b.WriteString("\n## Permalink\n\n")
		b.WriteString("=> " + linkText(permalink) + " Open this case in the playground\n")
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

func sections(g grid.Grid, robots string) []section {
	f := core.Parse([]byte(robots))
	out := []section{summary(g, f)}
	out = append(out, listing(g, f))
	out = append(out, verdicts(g))
	if n := notes(g); len(n.Pre) > 0 {
		out = append(out, n)
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
	s := fmt.Sprintf("%s tested for %s under %s: %s where the dialects disagree.",
		plural(len(g.Rows)/max(1, len(g.Agents)), "selector"), plural(len(g.Agents), "agent"),
		plural(len(g.Dialects), "dialect"), plural(disagree, "row"))
	if f.Truncated || g.Truncated {
		s += fmt.Sprintf(" The robots.txt is %d bytes; only the first %d are read, as by the dialects.", f.Size, core.MaxBytes)
	}
	var pre []string
	idw := 0
	for _, d := range g.Dialects {
		idw = max(idw, width(clean(d.ID)))
	}
	for _, d := range g.Dialects {
		pre = append(pre, indented(pad(clean(d.ID), idw), idw+2, d.Title)...)
	}
	return section{Prose: wordWrap(s, Width), Pre: pre, Alt: "dialects"}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// listing is the robots.txt with line numbers, long lines wrapped behind
// a "+" in the number column.
func listing(g grid.Grid, f *core.File) section {
	s := section{Title: fmt.Sprintf("robots.txt (%s)", plural(len(f.Lines), "line")), Alt: "robots.txt"}
	if len(f.Lines) == 0 {
		s.Prose = []string{"The file is empty."}
		return s
	}
	nw := max(3, len(strconv.Itoa(len(f.Lines))))
	text := Width - nw - 2
	show := shownLines(g, f)
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
func shownLines(g grid.Grid, f *core.File) map[int]bool {
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
	if !v.Allowed {
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

// headerParts splits a dialect ID over two header lines where it reads
// well; the built-in IDs are long but narrow columns are what fit.
func headerParts(id string, w int) []string {
	known := map[string][]string{
		"gopher2019": {"gopher", "2019"}, "gopherdraft": {"gopher", "draft"},
		"conner2020": {"conner", "2020"}, "norobots": {"no", "robots"},
		"rfc9309": {"rfc", "9309"},
	}
	if p, ok := known[id]; ok && width(id) > w {
		return p
	}
	return hardWrap(clean(id), w)
}

func verdicts(g grid.Grid) section {
	s := section{Title: "Verdicts", Alt: "verdicts"}
	s.Prose = wordWrap(`Each cell is allow or DENY and the line that decided it ("allow" alone: no rule matched). "!" marks a row where the dialects disagree; "?" a cell that another reading of the same dialect answers the other way (see the notes).`, Width)
	if len(g.Rows) == 0 {
		s.Prose = append(s.Prose, "", "There is nothing to test: add a selector, an agent and a dialect.")
		return s
	}
	widths := make([]int, len(g.Dialects))
	for i := range g.Dialects {
		widths[i] = 6
	}
	selw := width("selector")
	for _, r := range g.Rows {
		for i, c := range r.Cells {
			widths[i] = max(widths[i], len(cell(c)))
		}
		selw = max(selw, width(clean(r.Selector)))
	}
	// Whole dialect IDs as headers where that leaves the selectors room;
	// else narrower columns with the IDs over two lines.
	full := make([]int, len(widths))
	for i, d := range g.Dialects {
		full[i] = max(widths[i], width(clean(d.ID)))
	}
	if spare(full) >= max(12, min(selw, 24)) {
		widths = full
	}
	avail := spare(widths)
	if avail < 12 {
		s.Pre = blocks(g)
		return s
	}
	selw = min(selw, avail)

	// Header: up to two lines of dialect IDs over their columns.
	head := [2]string{"  " + strings.Repeat(" ", selw), "  " + pad("selector", selw)}
	for i, d := range g.Dialects {
		parts := headerParts(d.ID, widths[i])
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
		s.Pre = append(s.Pre, head[0])
	}
	s.Pre = append(s.Pre, head[1])

	agent := ""
	refs := map[string]int{} // abbreviated selectors and their legend numbers
	var legend []string
	for ri, r := range g.Rows {
		if ri == 0 || r.Agent != agent {
			agent = r.Agent
			if ri > 0 {
				s.Pre = append(s.Pre, "")
			}
			s.Pre = append(s.Pre, labelled("agent ", clean(agent))...)
		}
		parts := hardWrap(clean(r.Selector), selw)
		if len(parts) > maxSelectorLines {
			n, ok := refs[r.Selector]
			if !ok {
				n = len(refs) + 1
				refs[r.Selector] = n
				legend = append(legend, labelled(fmt.Sprintf("[%d] ", n), clean(r.Selector))...)
			}
			ref := fmt.Sprintf("...[%d]", n)
			parts = []string{hardWrap(parts[0], selw-len(ref))[0] + ref}
		}
		mark := "  "
		if r.Disagree {
			mark = "! "
		}
		line := mark + pad(parts[0], selw)
		for i, c := range r.Cells {
			line += " " + pad(cell(c), widths[i])
		}
		s.Pre = append(s.Pre, line)
		for _, p := range parts[1:] {
			s.Pre = append(s.Pre, "  "+p)
		}
	}
	if len(legend) > 0 {
		s.Pre = append(s.Pre, "", "Long selectors in full:")
		s.Pre = append(s.Pre, legend...)
	}
	return s
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

// blocks is the verdict table for when the columns do not fit: each row
// as a block, one dialect a line.
func blocks(g grid.Grid) []string {
	idw := 0
	for _, d := range g.Dialects {
		idw = max(idw, width(clean(d.ID)))
	}
	var out []string
	for ri, r := range g.Rows {
		if ri > 0 {
			out = append(out, "")
		}
		mark := "  "
		if r.Disagree {
			mark = "! "
		}
		out = append(out, labelled(mark+"agent    ", clean(r.Agent))...)
		out = append(out, labelled("  selector ", clean(r.Selector))...)
		for i, c := range r.Cells {
			out = append(out, "    "+pad(clean(g.Dialects[i].ID), idw)+"  "+cell(c))
		}
	}
	return out
}

// notes lists each distinct interpretation note once, with the dialect
// and agents it was given for, in column order: every note of the first
// column, row by row, then the next column's.
func notes(g grid.Grid) section {
	type key struct {
		col  int
		note string
	}
	var order []key
	agents := map[key][]string{}
	for i := range g.Dialects {
		for _, r := range g.Rows {
			if i >= len(r.Cells) || r.Cells[i].Note == "" {
				continue
			}
			k := key{i, r.Cells[i].Note}
			if _, ok := agents[k]; !ok {
				order = append(order, k)
			}
			if as := agents[k]; len(as) == 0 || as[len(as)-1] != r.Agent {
				agents[k] = append(as, r.Agent)
			}
		}
	}
	s := section{Title: "Notes", Alt: "notes"}
	for i, k := range order {
		if i == MaxNotes {
			s.Pre = append(s.Pre, "", fmt.Sprintf("(%s more; open the permalink to see them)", strconv.Itoa(len(order)-MaxNotes)))
			break
		}
		if i > 0 {
			s.Pre = append(s.Pre, "")
		}
		s.Pre = append(s.Pre, labelled(clean(g.Dialects[k.col].ID)+", for ", clean(strings.Join(agents[k], ", ")))...)
		s.Pre = append(s.Pre, indented("", 4, k.note)...)
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

func listedFindings(g grid.Grid) []core.Finding {
	return g.Findings[:min(len(g.Findings), MaxFindings)]
}

// countCodes summarises findings as "code n" pairs, most frequent first.
func countCodes(fs []core.Finding) string {
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
