// Package portable is the page's "Make it portable" pane: it runs
// core/fix on the editor's text and draws the old and the new file side
// by side, each change explained beside the lines it wrote, with the
// rows that still disagree. Pure Go, tested natively; the page loads it
// in its on-demand module (wasm/ondemand) on first use.
package portable

import (
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/fix"
)

// View is what the pane shows for one run of fix on the editor's text.
type View struct {
	Robots  string // the rewritten file, with the line ends fix chose; the input when nothing could be rewritten
	Changed bool   // Robots differs from the input, line ends included
	HTML    string
}

// Rewrite rewrites robots with core/fix so every reader served over p
// agrees with the reference ref: "strict" (also "" or an unknown ID, the
// default), where a row is refused when any reader refuses it today, or
// a dialect ID. It checks the rows of these agents and selectors
// (pageview.PortableRows gives the grid's). Agents that do not parse are
// left out, as the grid leaves them out.
func Rewrite(robots string, agents, selectors []string, p core.Protocol, ref string) View {
	opt := fix.Options{Protocol: p, Selectors: selectors}
	if d, ok := crawlers.ReaderByID(ref); ok && d.Crawler == nil {
		opt.Reference = d
	}
	for _, raw := range agents {
		if a, err := core.ParseAgent(raw); err == nil {
			opt.Agents = append(opt.Agents, a)
		}
	}
	res, err := fix.Fix([]byte(robots), opt)
	if err != nil {
		return View{Robots: robots, HTML: `<p class="problem">Nothing was rewritten: ` + esc(err.Error()) + `.</p>`}
	}
	return View{Robots: res.Robots, Changed: res.Robots != robots, HTML: HTML(res)}
}

var esc = html.EscapeString

// MaxDiffRows bounds the diff rows drawn; Apply still puts in the whole
// file.
const MaxDiffRows = 1500

// MaxUnresolvedItems bounds the rows listed as still disagreeing.
const MaxUnresolvedItems = 100

// scopeWords names the readers a rewrite answers to, for a sentence:
// the dialects for a dialect reference, every reader for strict.
func scopeWords(p, ref string) string {
	if ref == fix.Strict {
		switch core.Protocol(p) {
		case core.ProtocolGemini:
			return "every reader of a Gemini file (its dialects, their other readings and the crawlers)"
		case core.ProtocolGopher:
			return "every reader of a Gopher file (its dialects and the crawlers)"
		}
		return "every reader (the six dialects, their other readings and the crawlers)"
	}
	switch core.Protocol(p) {
	case core.ProtocolGemini:
		return "every dialect read over Gemini"
	case core.ProtocolGopher:
		return "every dialect read over Gopher"
	}
	return "all six dialects"
}

// HTML explains a rewrite: a summary, the changes that concern
// the whole file, the old and new text side by side with each change
// above the lines it made, and the rows that still disagree, each with
// its reason.
func HTML(res fix.Result) string {
	var b strings.Builder
	rows := res.Diff()
	hunks := hunksOf(rows, res.Changes)
	placed := make([]bool, len(res.Changes))
	for _, h := range hunks {
		for _, c := range h.changes {
			placed[c] = true
		}
	}

	// What the rewrite lets a reader into comes first, before anything
	// that could read as success.
	if sentences := fix.OpenedSentences(res.Opened); len(sentences) > 0 {
		b.WriteString(`<div class="opened" role="alert"><strong>Careful: this rewrite lets crawlers in.</strong><ul>`)
		for _, s := range sentences {
			b.WriteString(`<li>`)
			b.WriteString(esc(core.Visible(s)))
			b.WriteString(`</li>`)
		}
		b.WriteString(`</ul><p>Choose <strong>strict</strong> to keep every refusal.</p></div>`)
	}
	b.WriteString(`<p class="portable-summary">`)
	if res.Reference == fix.Strict {
		b.WriteString(`Reference: <strong>strict</strong>: a path is refused where any reader refuses it today, and no reader is let into a path it refuses now. `)
	} else {
		fmt.Fprintf(&b, `Reference: <strong>%s</strong>, kept for every selector. `, esc(res.Reference))
	}
	switch {
	case len(res.Changes) == 0:
		b.WriteString(`Nothing to change. `)
	case len(res.Changes) == 1:
		b.WriteString(`1 change. `)
	default:
		fmt.Fprintf(&b, `%d changes. `, len(res.Changes))
	}
	if res.Rows > 0 {
		fmt.Fprintf(&b, `Rows on which %s agree with it: %d of %d before, %d after.`, scopeWords(res.Protocol, res.Reference), res.AgreedBefore, res.Rows, res.AgreedAfter)
	}
	b.WriteString(`</p>`)

	var whole []int
	for i, ok := range placed {
		if !ok {
			whole = append(whole, i)
		}
	}
	if len(whole) > 0 {
		b.WriteString(`<ul class="changes whole">`)
		for _, i := range whole {
			changeItem(&b, res.Changes[i])
		}
		b.WriteString(`</ul>`)
	}

	if len(hunks) > 0 {
		diffTable(&b, rows, hunks, res.Changes)
	} else if len(res.Changes) > 0 {
		b.WriteString(`<p>The lines stay as they are; only what the list above says changes.</p>`)
	}

	remainingList(&b, res.Remaining)
	if len(res.Unresolved) == 0 {
		if res.Rows > 0 && len(res.Opened) == 0 {
			b.WriteString(`<p class="agreed">Every row agrees with the reference in every reader in scope.</p>`)
		}
		return b.String()
	}
	fmt.Fprintf(&b, `<h3>Rows that still disagree (%d)</h3><ul class="unresolved">`, len(res.Unresolved))
	for i, u := range res.Unresolved {
		if i == MaxUnresolvedItems {
			fmt.Fprintf(&b, `<li class="more">…and %d more.</li>`, len(res.Unresolved)-MaxUnresolvedItems)
			break
		}
		b.WriteString(`<li data-code="`)
		b.WriteString(esc(u.Code))
		b.WriteString(`"><code>`)
		b.WriteString(esc(core.Visible(u.Agent)))
		b.WriteString(`</code> <code>`)
		b.WriteString(esc(core.Visible(u.Selector)))
		b.WriteString(`</code> <span class="dialects">(`)
		b.WriteString(esc(strings.Join(u.Dialects, ", ")))
		b.WriteString(`)</span>: `)
		b.WriteString(esc(u.Reason))
		b.WriteString(`</li>`)
	}
	b.WriteString(`</ul>`)
	return b.String()
}

// remainingList lists the lint findings the rewritten file still
// raises, each with why fix left it.
func remainingList(b *strings.Builder, rs []fix.Remaining) {
	if len(rs) == 0 {
		return
	}
	fmt.Fprintf(b, `<h3>Lint findings left (%d)</h3><ul class="remaining">`, len(rs))
	for _, r := range rs {
		fmt.Fprintf(b, `<li data-code="%s" data-line="%d">`, esc(r.Code), r.Line)
		if r.Line > 0 {
			fmt.Fprintf(b, `line %d: `, r.Line)
		}
		b.WriteString(esc(core.Visible(r.Message)))
		b.WriteString(` <code>`)
		b.WriteString(esc(r.Code))
		b.WriteString(`</code> <span class="why">(`)
		b.WriteString(esc(r.Why))
		b.WriteString(`)</span></li>`)
	}
	b.WriteString(`</ul>`)
}

// lineEndsCode is the change that rewrites only line terminators, which
// the editor does not show: it is listed for the whole file, and the
// rows it alone touched count as unchanged. crEndsCode, which ends bare
// CRs in CRLF, is one too.
const lineEndsCode, crEndsCode = "lf-line-endings", "cr-line-endings"

func isLineEnds(code string) bool { return code == lineEndsCode || code == crEndsCode }

func changeItem(b *strings.Builder, c fix.Change) {
	fmt.Fprintf(b, `<li data-code="%s" data-line="%d">`, esc(c.Code), c.Line)
	if c.Line > 0 && !isLineEnds(c.Code) {
		fmt.Fprintf(b, `line %d: `, c.Line)
	} else {
		b.WriteString(`whole file: `)
	}
	b.WriteString(esc(c.Message))
	b.WriteString(` <code>`)
	b.WriteString(esc(c.Code))
	b.WriteString(`</code></li>`)
}

// hunk is a run of changed rows, [from, to) in the rows, and the
// changes (indexes in Result.Changes) that made them.
type hunk struct {
	from, to int
	changes  []int
}

// shownChanges are the changes a row shows: all but line ends.
func shownChanges(r fix.Row, changes []fix.Change) []int {
	var out []int
	for _, c := range r.Changes {
		if !isLineEnds(changes[c].Code) {
			out = append(out, c)
		}
	}
	return out
}

// changedRow: a line added, removed or rewritten, or touched by a change
// (a dropped byte order mark leaves the text as it was); a new line end
// alone does not count, the editor cannot show it.
func changedRow(r fix.Row, changes []fix.Change) bool {
	return r.Old == 0 || r.New == 0 || r.OldText != r.NewText || len(shownChanges(r, changes)) > 0
}

func hunksOf(rows []fix.Row, changes []fix.Change) []hunk {
	var out []hunk
	for i := 0; i < len(rows); {
		if !changedRow(rows[i], changes) {
			i++
			continue
		}
		h := hunk{from: i}
		for ; i < len(rows) && changedRow(rows[i], changes); i++ {
			for _, c := range shownChanges(rows[i], changes) {
				if !slices.Contains(h.changes, c) {
					h.changes = append(h.changes, c)
				}
			}
		}
		slices.Sort(h.changes)
		h.to = i
		out = append(out, h)
	}
	return out
}

// diffContext is how many kept lines show around each change.
const diffContext = 2

func diffTable(b *strings.Builder, rows []fix.Row, hunks []hunk, changes []fix.Change) {
	show := make([]bool, len(rows))
	for _, h := range hunks {
		for i := max(0, h.from-diffContext); i < min(len(rows), h.to+diffContext); i++ {
			show[i] = true
		}
	}
	b.WriteString(`<div class="diff-wrap"><table class="diff"><caption class="vh">The file now and made portable, side by side; removed and added lines are marked, and each change is explained above its lines.</caption>`)
	b.WriteString(`<colgroup><col class="dn"><col class="dt"><col class="dn"><col class="dt"></colgroup>`)
	b.WriteString(`<thead><tr><th scope="col" colspan="2">Now</th><th scope="col" colspan="2">Portable</th></tr></thead><tbody>`)
	drawn, h := 0, 0
	for i := 0; i < len(rows); {
		if !show[i] {
			j := i
			for j < len(rows) && !show[j] {
				j++
			}
			if j-i == 1 {
				b.WriteString(`<tr class="gap"><td colspan="4">1 unchanged line</td></tr>`)
			} else {
				fmt.Fprintf(b, `<tr class="gap"><td colspan="4">%d unchanged lines</td></tr>`, j-i)
			}
			i = j
			continue
		}
		if drawn == MaxDiffRows {
			fmt.Fprintf(b, `<tr class="gap"><td colspan="4">Only the first %d rows of the comparison are drawn; Apply puts in the whole file.</td></tr>`, MaxDiffRows)
			break
		}
		if h < len(hunks) && hunks[h].from == i {
			if len(hunks[h].changes) > 0 {
				b.WriteString(`<tr class="why"><td colspan="4"><ul class="changes">`)
				for _, c := range hunks[h].changes {
					changeItem(b, changes[c])
				}
				b.WriteString(`</ul></td></tr>`)
			}
			h++
		}
		r := rows[i]
		changed := changedRow(r, changes)
		b.WriteString(`<tr>`)
		side(b, r.Old, r.OldText, changed, "del", "removed: ")
		side(b, r.New, r.NewText, changed, "add", "added: ")
		b.WriteString(`</tr>`)
		drawn++
		i++
	}
	b.WriteString(`</tbody></table></div>`)
}

// side draws one side of a row: its line number and its text, marked
// as removed or added in words as well as colour.
func side(b *strings.Builder, n int, text string, changed bool, class, word string) {
	if n == 0 {
		b.WriteString(`<td class="ln"></td><td class="none"></td>`)
		return
	}
	fmt.Fprintf(b, `<td class="ln">%d</td>`, n)
	if !changed {
		b.WriteString(`<td>`)
	} else {
		b.WriteString(`<td class="`)
		b.WriteString(class)
		b.WriteString(`"><span class="vh">`)
		b.WriteString(word)
		b.WriteString(`</span>`)
	}
	b.WriteString(esc(core.Visible(text)))
	b.WriteString(`</td>`)
}
