// Package pageview turns the playground's model (core/grid) into the
// HTML fragments the page shows, and decides when to update. It is pure
// Go: the wasm glue only puts these strings into the DOM, so everything
// here is tested natively.
package pageview

import (
	"fmt"
	"html"
	"sort"
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/custom"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
)

// NoChoice is the explanation pane before a cell is chosen.
const NoChoice = `<p>Choose a verdict cell to see why.</p>`

// MaxRows bounds the rows drawn: 50 agents x 1000 selectors is a model
// the page can hold but not a table it can draw without freezing.
const MaxRows = 2000

// esc makes text from a file or a server safe and visible in HTML:
// control characters show as escapes (\x1b), as lint and the CLI show
// them, instead of vanishing. Data attributes and the editor's text keep
// the exact characters (escExact): scripts and tests read them.
func esc(s string) string { return html.EscapeString(core.Visible(s)) }

var escExact = html.EscapeString

func attr(b *strings.Builder, name, value string) {
	b.WriteByte(' ')
	b.WriteString(name)
	b.WriteString(`="`)
	if strings.HasPrefix(name, "data-") {
		b.WriteString(escExact(value))
	} else {
		b.WriteString(esc(value)) // a title is read by people
	}
	b.WriteByte('"')
}

// Word is the cell text: not colour alone tells allow from deny.
func Word(allowed bool) string {
	if allowed {
		return "allow"
	}
	return "deny"
}

// VerdictAttr is the data-verdict value of the contract.
func VerdictAttr(allowed bool) string {
	if allowed {
		return "allow"
	}
	return "disallow"
}

// WordOf is Word for a whole verdict: "skip host" when the crawler
// fetches nothing from the host at all.
func WordOf(v core.Verdict) string {
	switch {
	case v.SkipHost:
		return "skip host"
	case v.Unread == core.IgnoresFile:
		return "ignores file"
	case v.Unread == core.NeverFetched:
		return "never fetched"
	}
	return Word(v.Allowed)
}

func iconOf(v core.Verdict) string {
	if v.SkipHost || v.Unread == core.NeverFetched {
		return "⊘"
	}
	return icon(v.Allowed)
}

func icon(allowed bool) string {
	if allowed {
		return "✓"
	}
	return "✗"
}

// GridHTML draws the verdict table's head and body. selected is the
// CellKey of the chosen cell ("" for none).
func GridHTML(g *grid.Grid, selected string) string {
	var b strings.Builder
	b.Grow(256 + len(g.Rows)*(160+len(g.Dialects)*260))
	b.WriteString(`<caption>Verdicts: one row per agent and selector, one column per dialect. Choose a cell for the reason; arrow keys move between cells.</caption><thead><tr><th scope="col">Agent</th><th scope="col">Selector</th>`)
	stop := tabStop(len(g.Rows) > 0 && len(g.Dialects) > 0, g.Find, selected)
	for c, d := range g.Dialects {
		b.WriteString(`<th scope="col">`)
		if custom.Is(d.ID) {
			// A reader of one's own has no reference page: its head
			// leads to its knobs.
			headerLink(&b, "#"+ReaderSection, esc(custom.Column), d.ID, c, stop == [2]int{-1, c})
		} else {
			headerLink(&b, DialectPage(d.ID), esc(d.ID), d.Title+", from "+d.Source, c, stop == [2]int{-1, c})
		}
		b.WriteString(`</th>`)
	}
	b.WriteString(`<th scope="col"><span class="vh">Do the dialects </span>Agree?</th></tr></thead><tbody>`)
	if len(g.Dialects) == 0 {
		b.WriteString(`<tr><td colspan="3">Every dialect is hidden: tick one under “Dialects”.</td></tr>`)
	} else if len(g.Rows) == 0 {
		fmt.Fprintf(&b, `<tr><td colspan="%d">No rows yet: write a selector (one per line) to test.</td></tr>`, len(g.Dialects)+3)
	}
	for i, r := range g.Rows {
		if i == MaxRows {
			fmt.Fprintf(&b, `<tr><td colspan="%d">Only the first %d of %d rows are drawn.</td></tr>`, len(g.Dialects)+3, MaxRows, len(g.Rows))
			break
		}
		b.WriteString(`<tr class="`)
		b.WriteString(RowClass(r.Disagree))
		b.WriteString(`"><th scope="row"`)
		attr(&b, "title", r.Agent)
		b.WriteString(`>`)
		b.WriteString(breakable(r.Agent))
		b.WriteString(`</th><td class="sel"`)
		attr(&b, "title", r.Selector)
		b.WriteString(`>`)
		b.WriteString(breakable(r.Selector))
		if r.Query != r.Selector {
			b.WriteString(` <span class="query">(`)
			b.WriteString(esc(quoteSelector(r.Query)))
			b.WriteString(`)</span>`)
		}
		b.WriteString(`</td>`)
		for c, v := range r.Cells {
			chosen := r.Key(g, c) == selected
			b.WriteString(`<td><button type="button" class="`)
			b.WriteString(CellClass(v, chosen))
			b.WriteString(`" aria-pressed="`)
			b.WriteString(strconv.FormatBool(chosen))
			b.WriteByte('"')
			attr(&b, "data-dialect", v.Dialect)
			attr(&b, "data-agent", r.Agent)
			attr(&b, "data-selector", r.Selector)
			attr(&b, "data-verdict", VerdictAttr(v.Allowed))
			attr(&b, "data-line", strconv.Itoa(v.Line))
			attr(&b, "data-row", strconv.Itoa(i))
			attr(&b, "data-col", strconv.Itoa(c))
			b.WriteString(tabindex(stop == [2]int{i, c}))
			if i == 0 && c == 0 {
				// The page benchmark times when the first verdict is painted.
				b.WriteString(` elementtiming="first-verdict"`)
			}
			b.WriteString(`>`)
			b.WriteString(CellInner(v))
			b.WriteString(`</button></td>`)
		}
		b.WriteString(`<td class="agree">`)
		b.WriteString(AgreeInner(r.Disagree))
		b.WriteString(`</td>`)
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody>`)
	return b.String()
}

// CellClass is a verdict button's class list.
func CellClass(v core.Verdict, chosen bool) string {
	c := "cell " + VerdictAttr(v.Allowed)
	if v.SkipHost {
		c += " skip-host"
	}
	if v.Unread != "" {
		c += " " + v.Unread // ignores-file or never-fetched
	}
	if chosen {
		return c + " chosen"
	}
	return c
}

// NoteMark marks a cell that has an interpretation note: a footnote's
// dagger, which no robots.txt reads as anything (a star would read as
// the wildcard). The legend beside the grid (index.html) explains it.
const NoteMark = "†"

// OtherWay says whether another reading of the cell's own dialect (the
// one its note describes) answers the other way.
func OtherWay(v core.Verdict) bool {
	return v.Alternative != nil && v.Alternative.Allowed != v.Allowed
}

// CellInner is what a verdict button shows: an icon and the verdict in
// words, the deciding line, a mark for a note, and for screen readers
// the dialect. Where the note's other reading answers the other way, it
// says so in words: "allow, or deny: see note".
func CellInner(v core.Verdict) string {
	var b strings.Builder
	b.WriteString(`<span class="icon" aria-hidden="true">`)
	b.WriteString(iconOf(v))
	b.WriteString(`</span> `)
	b.WriteString(WordOf(v))
	if v.Line > 0 {
		fmt.Fprintf(&b, ` <span class="ln"><span class="vh">by line </span><span aria-hidden="true">L</span>%d</span>`, v.Line)
	}
	if OtherWay(v) {
		b.WriteString(`, <span class="alt">or `)
		b.WriteString(Word(v.Alternative.Allowed))
		b.WriteString(`: see note</span>`)
	} else if v.Note != "" {
		b.WriteString(`<span class="note-mark" aria-hidden="true">` + NoteMark + `</span><span class="vh"> with a note</span>`)
	}
	b.WriteString(`<span class="vh"> (`)
	b.WriteString(esc(v.Dialect))
	b.WriteString(`)</span>`)
	return b.String()
}

// breakable escapes an agent or a selector and lets a line break after
// each slash and before each parenthesis, where a narrow column wraps it
// first ("/private/" over "butpublic", "Lupa" over "(archiver)").
func breakable(s string) string {
	e := esc(s)
	if !strings.ContainsAny(e[min(len(e), 1):], "/(") {
		return e
	}
	var b strings.Builder
	for i := 0; i < len(e); i++ {
		c := e[i]
		if c == '(' && i > 0 {
			b.WriteString("<wbr>")
		}
		b.WriteByte(c)
		if c == '/' && i > 0 && i+1 < len(e) {
			b.WriteString("<wbr>")
		}
	}
	return b.String()
}

// DialectPage and CrawlerPage are the reference pages of a dialect and
// of a crawler preset (core/refsite's /dialects/<id>, /crawlers/<id>),
// relative to the page, as its top bar links the reference; LintPage
// is a lint code's (/lint/<code>, lint.URL's path).
func DialectPage(id string) string { return "dialects/" + id }
func CrawlerPage(id string) string { return "crawlers/" + id }
func LintPage(code string) string  { return "lint/" + code }

// headerLink is a column's name (as HTML) linked to its reference page, with the
// source named in full on hover (title) and to screen readers. It is in
// the grid's arrow-key navigation (data-row -1, the head row); stop
// makes it the grid's one tab stop.
func headerLink(b *strings.Builder, href, nameHTML, full string, col int, stop bool) {
	b.WriteString(`<a class="colref"`)
	attr(b, "href", href)
	attr(b, "title", full)
	attr(b, "data-row", "-1")
	attr(b, "data-col", strconv.Itoa(col))
	b.WriteString(tabindex(stop))
	b.WriteString(`>`)
	b.WriteString(nameHTML)
	b.WriteString(`<span class="vh">: `)
	b.WriteString(esc(full))
	b.WriteString(`</span></a>`)
}

// tabStop is the row and column of a table's one tab stop (WAI-ARIA's
// grid pattern: a grid is one stop in the tab order, and arrow keys move
// within it): the chosen cell when the table has it, else its first
// cell, else (no cells) the first column's head (row -1).
func tabStop(cells bool, find func(string) (int, int, bool), selected string) [2]int {
	if !cells {
		return [2]int{-1, 0}
	}
	if row, col, ok := find(selected); ok && row < MaxRows {
		return [2]int{row, col}
	}
	return [2]int{0, 0}
}

func tabindex(stop bool) string {
	if stop {
		return ` tabindex="0"`
	}
	return ` tabindex="-1"`
}

// GridMove is where a key moves the focus in a table of rows x cols
// cells under a head row (row -1): the arrow keys by one cell, Home and
// End to the row's first and last, with Ctrl to the table's first (in
// the head) and last. ok is false for a key that does not move.
func GridMove(key string, ctrl bool, row, col, rows, cols int) (r, c int, ok bool) {
	if cols == 0 {
		return row, col, false
	}
	r, c = row, col
	switch key {
	case "ArrowLeft":
		c--
	case "ArrowRight":
		c++
	case "ArrowUp":
		r--
	case "ArrowDown":
		r++
	case "Home":
		c = 0
		if ctrl {
			r = -1
		}
	case "End":
		c = cols - 1
		if ctrl {
			r = rows - 1
		}
	default:
		return row, col, false
	}
	r = min(max(r, -1), rows-1)
	c = min(max(c, 0), cols-1)
	return r, c, true
}

// RowClass marks rows where the dialects disagree.
func RowClass(disagree bool) string {
	if disagree {
		return "disagree"
	}
	return "same"
}

// AgreeInner is the last column: disagreement in words, not colour alone.
func AgreeInner(disagree bool) string {
	if disagree {
		return `<span class="icon" aria-hidden="true">⚠</span> differ`
	}
	return "same"
}

// GridShape names the table's rows and columns. While it stays the same
// from one keystroke to the next, the page patches changed cells in
// place instead of drawing the table again.
func GridShape(g *grid.Grid) string {
	var b strings.Builder
	for _, d := range g.Dialects {
		b.WriteString(d.ID)
		b.WriteByte(0)
	}
	for i, r := range g.Rows {
		if i == MaxRows {
			fmt.Fprintf(&b, "\x01%d", len(g.Rows))
			break
		}
		b.WriteByte(1)
		b.WriteString(r.Agent)
		b.WriteByte(0)
		b.WriteString(r.Selector)
		b.WriteByte(0)
		b.WriteString(r.Query)
	}
	return b.String()
}

// Summary is one line above the grid: counts a reader can take in.
func Summary(g *grid.Grid) string {
	n := 0
	for _, r := range g.Rows {
		if r.Disagree {
			n++
		}
	}
	s := fmt.Sprintf("%d rows × %d dialects; they disagree on %d %s.", len(g.Rows), len(g.Dialects), n, plural(n, "row", "rows"))
	if g.Truncated {
		s += fmt.Sprintf(" Only the first %d KiB of the robots.txt are read.", core.MaxBytes/1024)
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func quoteSelector(s string) string {
	if s == "" {
		return "empty selector"
	}
	return s
}

// TruncationCode is the lint shown when the robots.txt passes core.MaxBytes.
const TruncationCode = "file-too-large"

// Findings returns the lints to show: the linter's, plus a truncation
// finding if the file was cut and the linter did not report it itself.
func Findings(g *grid.Grid) []lint.Finding {
	out := g.Findings
	if g.Truncated {
		found := false
		for _, f := range out {
			if f.Code == TruncationCode {
				found = true
				break
			}
		}
		if !found {
			out = append([]lint.Finding{{
				Line: 0, Code: TruncationCode, Severity: lint.SevWarning,
				Message:  fmt.Sprintf("the file is longer than %d KiB; the dialects read only the first %d KiB, RFC 9309's floor, and so does this page", core.MaxBytes/1024, core.MaxBytes/1024),
				Dialects: allDialectIDs(),
			}}, out...)
		}
	}
	return out
}

func allDialectIDs() []string {
	var ids []string
	for _, d := range core.Dialects() {
		ids = append(ids, d.ID)
	}
	return ids
}

// MaxLintItems bounds the lint list; a huge file can have a finding on
// every line, and the gutter still marks each of them.
const MaxLintItems = 200

// LintsHTML lists findings and input problems. Each finding starts
// with its line, a button that moves the caret there, and its code,
// linked to the code's reference page; its severity, message and
// dialects follow, and it wraps in the pane.
func LintsHTML(findings []lint.Finding, problems []grid.Problem) string {
	var b strings.Builder
	if len(findings) == 0 && len(problems) == 0 {
		return `<li class="none">No lint findings.</li>`
	}
	for i, f := range findings {
		if i == MaxLintItems {
			fmt.Fprintf(&b, `<li class="more">…and %d more findings; the first %d are listed here and every one is marked in the editor's margin.</li>`, len(findings)-MaxLintItems, MaxLintItems)
			break
		}
		b.WriteString(`<li class="lint `)
		b.WriteString(esc(string(f.Severity)))
		b.WriteByte('"')
		attr(&b, "data-line", strconv.Itoa(f.Line))
		attr(&b, "data-code", f.Code)
		b.WriteString(`><button type="button" class="goto"`)
		attr(&b, "data-line", strconv.Itoa(f.Line))
		b.WriteString(`>`)
		if f.Line > 0 {
			fmt.Fprintf(&b, `line %d`, f.Line)
		} else {
			b.WriteString(`whole file`)
		}
		b.WriteString(`</button> <a class="code"`)
		attr(&b, "href", LintPage(f.Code))
		b.WriteString(`><code>`)
		b.WriteString(esc(f.Code))
		b.WriteString(`</code></a> <span class="sev">`)
		b.WriteString(esc(string(f.Severity)))
		b.WriteString(`</span> <span class="msg">`)
		b.WriteString(esc(f.Message))
		if len(f.Dialects) > 0 && len(f.Dialects) < len(core.Dialects()) {
			b.WriteString(` <span class="dialects">(`)
			b.WriteString(esc(strings.Join(f.Dialects, ", ")))
			b.WriteString(`)</span>`)
		}
		b.WriteString(`</span></li>`)
	}
	for _, p := range problems {
		b.WriteString(`<li class="problem error"`)
		attr(&b, "data-field", p.Field)
		b.WriteString(`><span class="sev">error</span> `)
		fmt.Fprintf(&b, "%s line %d: %s", esc(p.Field), p.Line, esc(p.Message))
		b.WriteString(`</li>`)
	}
	return b.String()
}

// LintCount is the lint tab's count: "(n)" for n findings and input
// problems, "" for none.
func LintCount(findings []lint.Finding, problems []grid.Problem) string {
	n := len(findings) + len(problems)
	if n == 0 {
		return ""
	}
	return "(" + strconv.Itoa(n) + ")"
}

// Marks are the findings with a line, sorted by line, for the gutter.
type Marks []lint.Finding

// IndexMarks keeps the findings that have a line, sorted by line (the
// linter already sorts them; a huge file can have one on every line, so
// this stays a slice searched by line, not a map).
func IndexMarks(findings []lint.Finding) Marks {
	m := make(Marks, 0, len(findings))
	sorted := true
	for _, f := range findings {
		if f.Line > 0 {
			if len(m) > 0 && f.Line < m[len(m)-1].Line {
				sorted = false
			}
			m = append(m, f)
		}
	}
	if !sorted {
		sort.SliceStable(m, func(i, j int) bool { return m[i].Line < m[j].Line })
	}
	return m
}

// from returns the index of the first mark on line n or later.
func (m Marks) from(n int) int {
	return sort.Search(len(m), func(i int) bool { return m[i].Line >= n })
}

// GutterMargin is how many lines the gutter draws above and below the
// visible ones, so scrolling rarely redraws it.
const GutterMargin = 200

// GutterWindow says which lines to draw, [from, to) with 1-based line
// numbers, for a text of lines lines whose first visible line is first
// and that shows visible lines at once.
func GutterWindow(lines, first, visible int) (from, to int) {
	if lines < 1 {
		lines = 1
	}
	from = max(1, first-GutterMargin)
	to = min(lines+1, first+visible+GutterMargin)
	if to <= from {
		from, to = max(1, lines-visible-GutterMargin), lines+1
	}
	return from, to
}

// GutterHTML numbers lines from..to-1 and marks those with findings
// with a button whose label is the message. current is the deciding line
// shown in the editor (0 for none). The marks are one stop in the tab
// order (the first drawn one; arrow keys move between them), so a file
// with a finding on every line does not bury the editor under tab stops.
func GutterHTML(from, to int, marks Marks, current int) string {
	var b strings.Builder
	b.Grow((to - from) * 28)
	k := marks.from(from)
	tabStop := true
	for n := from; n < to; n++ {
		b.WriteString(`<span class="gl`)
		end := k
		for end < len(marks) && marks[end].Line == n {
			end++
		}
		fs := marks[k:end]
		k = end
		if len(fs) > 0 {
			b.WriteString(` marked`)
		}
		if n == current {
			b.WriteString(` current`)
		}
		b.WriteString(`">`)
		if len(fs) > 0 {
			msgs := make([]string, len(fs))
			sev := lint.SevInfo
			for i, f := range fs {
				msgs[i] = f.Message + " [" + f.Code + "]"
				sev = worse(sev, f.Severity)
			}
			msg := strings.Join(msgs, "; ")
			b.WriteString(`<button type="button" class="mark `)
			b.WriteString(esc(string(sev)))
			if tabStop {
				b.WriteString(`" tabindex="0"`)
				tabStop = false
			} else {
				b.WriteString(`" tabindex="-1"`)
			}
			attr(&b, "data-line", strconv.Itoa(n))
			attr(&b, "title", msg)
			attr(&b, "aria-label", fmt.Sprintf("line %d: %s", n, msg))
			b.WriteString(`>`)
			b.WriteString(markIcon(sev))
			b.WriteString(`</button>`)
		}
		b.WriteString(strconv.Itoa(n))
		b.WriteString("</span>")
	}
	return b.String()
}

func worse(a, b lint.Severity) lint.Severity {
	rank := map[lint.Severity]int{lint.SevInfo: 0, lint.SevWarning: 1, lint.SevError: 2}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

func markIcon(s lint.Severity) string {
	switch s {
	case lint.SevError:
		return "!"
	case lint.SevWarning:
		return "▲"
	}
	return "i"
}

// ExplainHTML says why a cell has its verdict: in one plain sentence
// first, then the group chosen and why, the deciding line, the
// interpretation note, the other reading's outcome and what the other
// dialects answer, and last what the spec words used mean.
func ExplainHTML(g *grid.Grid, row, col int) string {
	if row < 0 || row >= len(g.Rows) || col < 0 || col >= len(g.Dialects) {
		return NoChoice
	}
	r := g.Rows[row]
	v := r.Cells[col]
	d := g.Dialects[col]
	var b strings.Builder
	sentence, said := sentenceHTML(d.ID, d, v)
	b.WriteString(sentence)
	b.WriteString(`<dl>`)
	dt := func(term, def string) {
		b.WriteString(`<dt>`)
		b.WriteString(term)
		b.WriteString(`</dt><dd>`)
		b.WriteString(def)
		b.WriteString(`</dd>`)
	}
	dt("Dialect", esc(d.Title)+` <span class="src">(`+esc(d.Source)+`)</span>`)
	if r.Query != r.Selector {
		dt("Selector tested", `<code>`+esc(quoteSelector(r.Query))+`</code>`)
	}
	group := v.Group
	if group == "" {
		group = "none"
	}
	dt("Group chosen", esc(group))
	if v.Why != "" {
		dt("Why this group", esc(v.Why))
	}
	if v.Line > 0 {
		dt("Deciding line", fmt.Sprintf(`<button type="button" class="goto" data-line="%d">line %d</button> <code>%s</code>`, v.Line, v.Line, esc(v.Rule)))
	} else {
		dt("Deciding line", "none: no rule matched, so the selector is allowed")
	}
	if v.Note != "" {
		dt("Interpretation note", esc(v.Note))
	}
	if a := v.Alternative; a != nil {
		alt := fmt.Sprintf("%s", Word(a.Allowed))
		if a.Line > 0 {
			alt += fmt.Sprintf(" (line %d: <code>%s</code>)", a.Line, esc(a.Rule))
		} else {
			alt = esc(alt)
		}
		dt("Other reading", esc(a.Reading)+": "+alt)
	}
	var others []string
	for c, o := range r.Cells {
		if c == col {
			continue
		}
		others = append(others, otherVerdict(g.Dialects[c].ID, Word(o.Allowed), o.Line))
	}
	return endExplain(&b, dt, "Other dialects", others, termsHTML(said, "Group chosen", v.Why, v.Note))
}

// otherVerdict is one other reader's verdict in an explanation: its
// name, its word and, when a line decided, that line's number.
func otherVerdict(name, word string, line int) string {
	s := esc(name) + " " + word
	if line > 0 {
		s += fmt.Sprintf(" (line %d)", line)
	}
	return s
}

// endExplain closes an explanation's list with the other readers'
// verdicts under label, when there are any, then adds its terms.
func endExplain(b *strings.Builder, dt func(term, def string), label string, others []string, terms string) string {
	if len(others) > 0 {
		dt(label, strings.Join(others, "; "))
	}
	b.WriteString(`</dl>`)
	b.WriteString(terms)
	return b.String()
}

// FactsHTML shows, per visible dialect, where the file lives, caching,
// delays and the delay values that apply to each agent.
func FactsHTML(g *grid.Grid) string {
	var b strings.Builder
	b.WriteString(`<caption>What each dialect says besides verdicts</caption><thead><tr><th scope="col">Dialect</th><th scope="col">Where the file lives</th><th scope="col">Caching</th><th scope="col">Delays</th><th scope="col">Values for the agents</th></tr></thead><tbody>`)
	for _, d := range g.Dialects {
		b.WriteString(`<tr`)
		attr(&b, "data-dialect", d.ID)
		b.WriteString(`><th scope="row">`)
		b.WriteString(esc(d.ID))
		b.WriteString(`</th><td>`)
		b.WriteString(esc(d.Facts.Location))
		b.WriteString(`</td><td>`)
		b.WriteString(esc(d.Facts.Caching))
		b.WriteString(`</td><td>`)
		b.WriteString(esc(d.Facts.Delays))
		b.WriteString(`</td><td>`)
		var vals []string
		for _, a := range g.Agents {
			p := g.Policies[grid.PolicyKey{Dialect: d.ID, Agent: a}]
			for _, s := range p.Settings {
				v := fmt.Sprintf("%s: %s %s (line %d)", esc(a), esc(fieldName(s.Field)), esc(s.Value), s.Line)
				if !s.Valid {
					v += " — not a valid number"
				}
				vals = append(vals, v)
			}
		}
		if len(vals) == 0 {
			b.WriteString("none")
		} else {
			b.WriteString(strings.Join(vals, "<br>"))
		}
		b.WriteString(`</td></tr>`)
	}
	b.WriteString(`</tbody>`)
	return b.String()
}

func fieldName(f core.Field) string {
	switch f {
	case core.CrawlDelay:
		return "Crawl-delay"
	case core.Check:
		return "Check"
	case core.RequestRate:
		return "Request-rate"
	}
	return string(f)
}

// DialectsShown filters the built-in dialects by the hidden IDs, in
// display order.
func DialectsShown(hidden []string) []core.Dialect {
	var out []core.Dialect
	for _, d := range core.Dialects() {
		if !contains(hidden, d.ID) {
			out = append(out, d)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// CleanHidden keeps only known dialect IDs, once each, in display order,
// so a hand-edited link cannot hide something odd.
func CleanHidden(hidden []string) []string {
	var out []string
	for _, d := range core.Dialects() {
		if contains(hidden, d.ID) {
			out = append(out, d.ID)
		}
	}
	return out
}

// Escape is the page's escaping for text people read: HTML escaping,
// with control characters shown as escapes.
func Escape(s string) string { return esc(s) }
