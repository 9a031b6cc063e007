package pageview

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/grid"
)

// A chosen cell's answer holds its sentence, the verdicts of its row
// under every dialect and crawler, and its line; the reports open with
// the same sentence, in plain text and in Gemtext alike. Without a
// chosen cell the answer lists the rows where the dialects disagree.
func TestAnswerAndReportsOpenWithTheSentence(t *testing.T) {
	c := ReportCase{
		Robots:    "User-agent: *\nDisallow: /private\nAllow: /private/ok\n",
		Selectors: "/private/ok\n/public\n",
		Agents:    "GUS(indexer)\n",
		Cell:      grid.CellKey("gemini", "GUS(indexer)", "/private/ok"),
	}
	var b grid.Builder
	g := b.Build(grid.Input{Robots: c.Robots, Selectors: c.Selectors, Agents: c.Agents, Dialects: DialectsShown(nil)})
	presets := CrawlersShown(nil)
	rows := grid.Crawlers(b.File(), g.Selectors, presets)
	a := AnswerFor(&g, rows, presets, c.Cell)
	want := "Under gemini, GUS(indexer) may not fetch /private/ok: line 2 “Disallow: /private” covers it"
	if !strings.HasPrefix(a.Sentence, want) {
		t.Fatalf("sentence %q, want it to start %q", a.Sentence, want)
	}
	for _, part := range []string{`id="answer-sentence"`, `<span class="who">rfc9309</span> allow`, `<span class="who">TLGS</span>`, `data-line="2"`} {
		if !strings.Contains(a.HTML, part) {
			t.Errorf("the answer lacks %s:\n%s", part, a.HTML)
		}
	}
	text := Report(c)
	if !strings.HasPrefix(text, "smolbots report\n===============\n\nUnder gemini, GUS(indexer) may not fetch /private/ok: line 2 “Disallow:") {
		t.Errorf("the report opens:\n%s", text[:200])
	}
	c.Gemtext = true
	if gmi := Report(c); !strings.HasPrefix(gmi, "# smolbots report\n\n"+a.Sentence+"\n") {
		t.Errorf("the Gemtext report opens:\n%s", gmi[:200])
	}
	// A crawler's cell: its own sentence, and its row.
	ca := AnswerFor(&g, rows, presets, grid.CrawlerKey("tlgs", "/private/ok"))
	if !strings.HasPrefix(ca.Sentence, "TLGS may not fetch /private/ok") || !strings.Contains(ca.HTML, `<span class="who">gemini</span>`) {
		t.Errorf("a crawler cell's answer: %q\n%s", ca.Sentence, ca.HTML)
	}
	// No chosen cell: the rows where the dialects disagree.
	none := AnswerFor(&g, rows, presets, "")
	if none.Sentence != "" || !strings.Contains(none.HTML, "The dialects disagree on 1 row of 2:") || !strings.Contains(none.HTML, "<code>/private/ok</code>") {
		t.Errorf("no chosen cell:\n%s", none.HTML)
	}
	c.Gemtext, c.Cell = false, ""
	if text := Report(c); strings.Contains(text, "may not fetch") {
		t.Errorf("a report without a chosen cell opens with a sentence:\n%s", text[:200])
	}
}
