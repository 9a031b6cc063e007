package pageview

import (
	"fmt"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
)

// The answer: what a shared link answers, put first on a narrow screen
// (style.css shows #answer below 1024 px only; a wide screen shows the
// same in the lower pane and the tables). With a chosen cell, its
// sentence, the verdicts of its row under every dialect and crawler,
// and a way to the deciding line and to the whole grid; without one,
// the rows where readers disagree.

// maxAnswerRows bounds the disagreeing rows the answer lists.
const maxAnswerRows = 5

// Answer is the answer part's HTML ("" when there is nothing to answer
// first: no chosen cell and no disagreement) and, for a chosen cell,
// its sentence as plain text, which the reports open with.
type Answer struct {
	HTML     string
	Sentence string
}

// AnswerFor builds the answer for the chosen cell key (grid or crawler)
// of g and the Real crawlers rows (nil until they are built).
func AnswerFor(g *grid.Grid, crawlers [][]grid.CrawlerCell, presets []core.Dialect, key string) Answer {
	if key != "" {
		if row, col, ok := g.Find(key); ok {
			r := g.Rows[row]
			d := g.Dialects[col]
			html, text := sentenceHTML(d.ID, d, r.Cells[col])
			return cellAnswer(g, row, crawlerRow(crawlers, r.Selector), html, "Under "+d.ID+", "+text, r.Cells[col].Line)
		}
		if row, col, ok := grid.FindCrawler(crawlers, key); ok && col < len(presets) {
			c := crawlers[row][col]
			named := c.Verdict
			named.Agent = presets[col].Crawler.Name
			html, text := sentenceHTML("", presets[col], named)
			gridRow := -1
			for i, r := range g.Rows {
				if r.Selector == c.Selector {
					gridRow = i
					break
				}
			}
			return cellAnswer(g, gridRow, crawlers[row], html, text, c.Verdict.Line)
		}
	}
	return disagreeing(g)
}

// crawlerRow is the Real crawlers row of a selector, nil when none.
func crawlerRow(rows [][]grid.CrawlerCell, selector string) []grid.CrawlerCell {
	for _, r := range rows {
		if len(r) > 0 && r[0].Selector == selector {
			return r
		}
	}
	return nil
}

// cellAnswer is a chosen cell's sentence (as the Why pane shows it, and
// as text), its row's verdicts (the grid row, when row >= 0, and the
// crawlers'), the way to its line and to the grid.
func cellAnswer(g *grid.Grid, row int, crawlers []grid.CrawlerCell, sentenceHTML, sentence string, line int) Answer {
	var b strings.Builder
	b.WriteString(strings.Replace(sentenceHTML, `<p class="sentence">`, `<p class="sentence" id="answer-sentence">`, 1))
	if row >= 0 {
		r := g.Rows[row]
		b.WriteString(`<p class="answer-of">The dialects`)
		if r.Agent != "*" {
			fmt.Fprintf(&b, ` for <code>%s</code>`, esc(r.Agent))
		}
		if len(crawlers) > 0 {
			b.WriteString(`, and the real crawlers for themselves,`)
		}
		fmt.Fprintf(&b, ` on <code>%s</code>:</p><ul class="answer-row" id="answer-row">`, esc(quoteSelector(r.Selector)))
		for c, v := range r.Cells {
			answerItem(&b, g.Dialects[c].ID, v)
		}
	} else {
		b.WriteString(`<ul class="answer-row" id="answer-row">`)
	}
	for _, c := range crawlers {
		answerItem(&b, c.Name, c.Verdict)
	}
	b.WriteString(`</ul><p class="answer-go">`)
	if line > 0 {
		fmt.Fprintf(&b, `<button type="button" class="goto" data-line="%d">Show line %d in the file</button> `, line, line)
	}
	b.WriteString(`<a href="#tables">All the verdicts</a></p>`)
	return Answer{HTML: b.String(), Sentence: plainSentence(sentence)}
}

// answerItem is one reader's verdict: "gemini deny L7".
func answerItem(b *strings.Builder, who string, v core.Verdict) {
	fmt.Fprintf(b, `<li class="%s"><span class="who">%s</span> %s`, VerdictAttr(v.Allowed), esc(who), Word(v.Allowed))
	if v.Line > 0 {
		fmt.Fprintf(b, ` <span class="line">L%d</span>`, v.Line)
	}
	b.WriteString(`</li>`)
}

// disagreeing lists the rows where the dialects disagree, each with its
// verdicts; "" when they agree everywhere.
func disagreeing(g *grid.Grid) Answer {
	var rows []int
	for i, r := range g.Rows {
		if r.Disagree {
			rows = append(rows, i)
		}
	}
	if len(rows) == 0 {
		return Answer{}
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<p class="sentence" id="answer-sentence">The dialects disagree on %s of %d:</p><ul class="answer-rows" id="answer-row">`,
		plural(len(rows), "1 row", fmt.Sprintf("%d rows", len(rows))), len(g.Rows))
	for k, i := range rows {
		if k == maxAnswerRows {
			fmt.Fprintf(&b, `<li>and %d more</li>`, len(rows)-k)
			break
		}
		r := g.Rows[i]
		fmt.Fprintf(&b, `<li><code>%s</code>`, esc(quoteSelector(r.Selector)))
		if r.Agent != "*" {
			fmt.Fprintf(&b, ` for <code>%s</code>`, esc(r.Agent))
		}
		b.WriteString(`: <ul class="answer-row">`)
		for c, v := range r.Cells {
			answerItem(&b, g.Dialects[c].ID, v)
		}
		b.WriteString(`</ul></li>`)
	}
	b.WriteString(`</ul><p class="answer-go"><a href="#tables">All the verdicts</a></p>`)
	return Answer{HTML: b.String()}
}

// plainSentence is a sentence for a report: code in quotation marks
// rather than backticks, the same in plain text and in Gemtext.
func plainSentence(s string) string {
	parts := strings.Split(s, "`")
	if len(parts)%2 == 0 {
		return s
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("“" + p + "”")
		} else {
			b.WriteString(p)
		}
	}
	return b.String()
}
