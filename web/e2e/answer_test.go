package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/smolbots/smolbots/core/state"
)

// A shared link answers its question on the first screen: at 390x844
// and 768x1024 (stacked) the chosen cell's sentence and its row's
// verdicts under every dialect and crawler come first, above the
// editor; at 1280x800 the lower pane's sentence and the grid's row. A
// link without a chosen cell opens on the rows where the dialects
// disagree, on a narrow screen. Light and dark; axe on each narrow one;
// nothing to scroll. SCREENSHOT_DIR=DIR keeps a screenshot of each.
func TestSharedLinkAnswersFirst(t *testing.T) {
	t.Parallel()
	noCell := sharedCase
	noCell.Cell = ""
	links := map[string]state.State{"cell": sharedCase, "no cell": noCell}
	b := newBrowser(t)
	for _, size := range [][2]int64{{390, 844}, {768, 1024}, {1280, 800}} {
		for _, dark := range []bool{false, true} {
			for _, name := range []string{"cell", "no cell"} {
				where := fmt.Sprintf("%dx%d dark %v, %s", size[0], size[1], dark, name)
				b.do(t, chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateScale(1)), chromedp.Navigate("about:blank"))
				b.emulateScheme(t, dark)
				b.open(t, "#"+state.Encode(links[name]))
				narrow := size[0] < 1024
				checkAnswerInView(t, b, where, narrow, name == "cell")
				if narrow {
					b.axe(t, where)
				}
				b.screenshot(t, strings.NewReplacer(" ", "-", ",", "").Replace("answer-"+where), false)
			}
		}
	}
	// The default page has no link to answer; and once a link's case
	// is edited, the answer gives way, so the editor does not move
	// under the caret.
	b.do(t, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)), chromedp.Navigate("about:blank"))
	b.open(t, "")
	if shown := eval[bool](t, b, `!document.getElementById("answer").hidden`); shown {
		t.Error("the default page shows an answer part")
	}
	b.do(t, chromedp.Navigate("about:blank"))
	b.open(t, "#"+state.Encode(sharedCase))
	if shown := eval[bool](t, b, `!document.getElementById("answer").hidden`); !shown {
		t.Fatal("the link's answer is not shown")
	}
	b.setInput(t, "selectors", "/drafts/plan.gmi\n/other\n")
	if shown := eval[bool](t, b, `!document.getElementById("answer").hidden`); shown {
		t.Error("the answer stays after the case was edited")
	}
	b.noErrors(t)
}

// inView is a JavaScript function: the element is shown and wholly
// inside the viewport, with the page not scrolled.
const inView = `function inView(e) {
	if (!e || scrollY !== 0) return false;
	const r = e.getBoundingClientRect();
	return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
}`

func checkAnswerInView(t *testing.T, b *browser, where string, narrow, cell bool) {
	t.Helper()
	type seen struct {
		Sentence          string
		SentenceIn, RowIn bool
		Items             []string
		BeforeEditor      bool
		AnswerShown       bool
	}
	var s seen
	if narrow {
		// The crawlers' verdicts join the row once their table is built.
		s = waitValue[seen](t, b, "the link's answer with the crawlers' verdicts", `(() => {
			`+inView+`
			const a = document.getElementById("answer"), row = document.getElementById("answer-row"), sent = document.getElementById("answer-sentence");
			const items = row ? [...row.querySelectorAll("li")].map(li => li.textContent) : [];
			if (!sent || !(items.some(i => i.startsWith("TLGS")) || !`+fmt.Sprint(cell)+`)) return null;
			return {sentence: sent.textContent, sentenceIn: inView(sent), rowIn: inView(row), items,
				beforeEditor: !!(a.compareDocumentPosition(document.getElementById("robots")) & Node.DOCUMENT_POSITION_FOLLOWING),
				answerShown: !a.hidden && getComputedStyle(a).display !== "none"};
		})()`, `document.getElementById("answer").textContent`)
	} else {
		s = eval[seen](t, b, `(() => {
			`+inView+`
			const sent = document.querySelector("#explain .sentence"), a = document.getElementById("answer");
			const row = [...document.querySelectorAll('#grid button.cell')].filter(c => c.dataset.selector === "/drafts/plan.gmi" && c.dataset.agent === "Lupa(archiver)");
			return {sentence: sent ? sent.textContent : "", sentenceIn: inView(sent), rowIn: row.length > 0 && row.every(inView),
				items: row.map(c => c.dataset.dialect + " " + c.dataset.verdict), answerShown: getComputedStyle(a).display !== "none"};
		})()`)
	}
	s.Sentence = strings.TrimLeft(s.Sentence, "✓✗ ") // the verdict's icon
	switch {
	case !narrow && s.AnswerShown:
		t.Errorf("%s: the answer part shows on a wide screen, which keeps its layout", where)
	case narrow && !s.AnswerShown:
		t.Errorf("%s: the answer part is not shown", where)
	case narrow && !s.BeforeEditor:
		t.Errorf("%s: the answer does not come before the editor in the page's order", where)
	case cell && !strings.HasPrefix(s.Sentence, "Under gemini, Lupa(archiver) may not fetch /drafts/plan.gmi"):
		t.Errorf("%s: the sentence is %q", where, s.Sentence)
	case !cell && narrow && !strings.HasPrefix(s.Sentence, "The dialects disagree on "):
		t.Errorf("%s: without a chosen cell the answer says %q", where, s.Sentence)
	case (cell || narrow) && !s.SentenceIn:
		t.Errorf("%s: the sentence %q is not inside the first viewport", where, s.Sentence)
	case (cell || narrow) && !s.RowIn:
		t.Errorf("%s: the row's verdicts %q are not inside the first viewport", where, s.Items)
	case cell && narrow && len(s.Items) < 5+7:
		t.Errorf("%s: the row shows %d verdicts %q, want the 5 dialects shown and the crawlers", where, len(s.Items), s.Items)
	case cell && !narrow && len(s.Items) != 5:
		t.Errorf("%s: the grid row has %d cells %q, want the 5 dialects shown", where, len(s.Items), s.Items)
	}
}
