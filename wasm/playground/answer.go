//go:build js && wasm

package main

import (
	"html"
	"syscall/js"

	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
)

// answerPart is #answer: on a narrow screen, what a shared link answers
// before anything else (the chosen cell's sentence and its row, or the
// rows where the dialects disagree). style.css hides it from 1024 px,
// where the lower pane and the tables show the same.
type answerPart struct {
	section, body js.Value
	shown         string
}

func newAnswerPart(doc js.Value) *answerPart {
	return &answerPart{section: doc.Call("getElementById", "answer"), body: doc.Call("getElementById", "answer-body")}
}

// draw shows the answer for the chosen cell key, or hides the part when
// there is nothing to answer first. It is drawn only for a link's own
// case (page.fromLink). note is what the link's record says of its
// verdicts once checked, "" for none.
func (a *answerPart) draw(g *grid.Grid, c *crawlerTable, key, note string) {
	ans := pageview.AnswerFor(g, c.rows, c.presets, key)
	if note != "" {
		ans.HTML = `<p class="record-said">` + html.EscapeString(note) + `</p>` + ans.HTML
	}
	if ans.HTML == "" {
		a.section.Set("hidden", true)
		a.shown = ""
		return
	}
	put(a.body, &a.shown, ans.HTML, false)
	a.section.Set("hidden", false)
}

// hide takes the answer away (the case was edited).
func (a *answerPart) hide() {
	if a.shown != "" || !a.section.Get("hidden").Bool() {
		a.section.Set("hidden", true)
		a.shown = ""
	}
}
