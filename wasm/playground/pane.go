//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/core/pageview"
)

// lowerPane is the tabbed pane under the verdicts: the chosen cell's
// explanation (Why), the lint list and its count, the dialects' facts.
// (Fetch and Make it portable fill their tabs themselves: actions.go,
// portable.go.) It holds what each part shows, so an update writes only
// what changed.
type lowerPane struct {
	doc                    js.Value
	explain, lints, facts  js.Value
	count, lintTab         js.Value
	shownExplain           string
	shownLints, shownCount string
	shownFacts             string
}

func newLowerPane(doc js.Value) *lowerPane {
	el := func(id string) js.Value { return doc.Call("getElementById", id) }
	return &lowerPane{doc: doc, explain: el("explain"), lints: el("lints"), facts: el("facts"), count: el("lint-count"), lintTab: el("tab-lint")}
}

// show switches the pane to one of its tabs ("why", "lint", "facts",
// "fetch", "portable").
func (lp *lowerPane) show(name string) {
	lp.doc.Call("getElementById", "tab-"+name).Set("checked", true)
}

// explainWith shows html in the Why tab.
func (lp *lowerPane) explainWith(html string, adopting bool) {
	put(lp.explain, &lp.shownExplain, html, adopting)
}

// drawLints writes the lint list, if its tab is the one shown: a hidden
// list is drawn when its tab is chosen, not on every keystroke. The
// count in the tab's label is written every time.
func (lp *lowerPane) drawLints(findings []lint.Finding, problems []grid.Problem, adopting bool) {
	if lp.lintTab.Get("checked").Bool() {
		put(lp.lints, &lp.shownLints, pageview.LintsHTML(findings, problems), adopting)
	}
	put(lp.count, &lp.shownCount, pageview.LintCount(findings, problems), adopting)
}

// lintPending marks the list as being redone (a big file's lint waits
// until typing pauses).
func (lp *lowerPane) lintPending(pending bool) {
	lp.lints.Set("ariaBusy", strconv.FormatBool(pending))
	lp.lints.Get("classList").Call("toggle", "stale", pending)
}

func (lp *lowerPane) drawFacts(g *grid.Grid, adopting bool) {
	put(lp.facts, &lp.shownFacts, pageview.FactsHTML(g), adopting)
}

// bringIntoView scrolls the page so that the pane's tabs and the start
// of what it shows are in view.
func (lp *lowerPane) bringIntoView() {
	lp.explain.Call("closest", ".lower").Call("scrollIntoView", map[string]any{"block": "start"})
}
