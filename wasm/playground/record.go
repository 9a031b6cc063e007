//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
	"github.com/smolbots/smolbots/core/state"
)

// A link's record of what its page showed (core/state, record.go):
// the page writes one into every link it makes, and a link opened with
// one has had its verdicts painted from it by main.js, marked as shared
// and not yet checked. Once the checker has drawn its own verdicts,
// checkRecord compares them with the record and says what changed
// (#record, At a glance, the reports); the first edit takes it away.

// linkRecord is the record of the link the page opened, with the case
// it was read with.
type linkRecord struct {
	rec   *state.Record
	st    state.State
	el    js.Value // #record
	shown string   // its HTML, as drawn
	check pageview.RecordCheck
	done  bool   // the check has run on a complete drawing
	text  string // the check's words, for the reports and At a glance
}

// pageVersion is the commit and date the page was built from, as
// web/gensite wrote them into index.html.
func pageVersion() (rev, date string) {
	m := js.Global().Get("document").Call("querySelector", `meta[name="smolbots-version"]`)
	if m.IsNull() {
		return "unreleased", "undated"
	}
	return m.Call("getAttribute", "content").String(), m.Call("getAttribute", "data-date").String()
}

// withRecord is st with the record of what the page shows, when the
// page's drawing is of st (the grid and the Real crawlers table built
// from its boxes) and it is small enough.
func (p *page) withRecord(st state.State) state.State {
	if p.crawlers.busy || p.updates == 0 {
		return st
	}
	rev, date := pageVersion()
	st.Record = pageview.RecordOf(st, &p.g, p.crawlers.presets, p.crawlers.rows, rev, date)
	return st
}

// checkRecord holds the opened link's record against the verdicts
// drawn, while the case is the link's; once it has been edited, the
// record's words and marks go.
func (p *page) checkRecord() {
	lr := &p.record
	if lr.rec == nil {
		return
	}
	if !p.fromLink {
		lr.rec, lr.text = nil, ""
		p.unmarkChanged()
		lr.el.Set("hidden", true)
		p.body.Call("removeAttribute", "data-record")
		return
	}
	if p.crawlers.rows == nil && len(lr.rec.Crawlers) > 0 {
		return // the Real crawlers table is not drawn yet: finishFirst draws it
	}
	lr.check = pageview.CheckRecord(lr.st, &p.g, p.crawlers.rows)
	lr.done, lr.text = true, lr.check.Text()
	put(lr.el, &lr.shown, lr.check.HTML(), false)
	lr.el.Set("hidden", false)
	what := "checked"
	if !lr.check.Agree() {
		what = "changed"
	}
	p.body.Get("dataset").Set("record", what)
	p.unmarkChanged()
	for _, ch := range lr.check.Changed {
		var el js.Value
		if ch.Crawler {
			if row, col, ok := grid.FindCrawler(p.crawlers.rows, grid.CrawlerKey(ch.Column, ch.Selector)); ok && row*len(p.crawlers.presets)+col < len(p.crawlers.cellEls) {
				el = p.crawlers.cellEls[row*len(p.crawlers.presets)+col]
			}
		} else if row, col, ok := p.g.Find(grid.CellKey(ch.Column, ch.Agent, ch.Selector)); ok && row*len(p.g.Dialects)+col < len(p.verdicts.cellEls) {
			el = p.verdicts.cellEls[row*len(p.g.Dialects)+col]
		}
		if el.IsUndefined() {
			continue
		}
		el.Get("classList").Call("add", "changed")
		el.Call("insertAdjacentHTML", "beforeend", `<span class="was">as shared: `+ch.Code.Word()+`</span>`)
	}
}

// unmarkChanged takes the "as shared" marks off the cells.
func (p *page) unmarkChanged() {
	for _, t := range []js.Value{p.verdicts.table, p.crawlers.table} {
		each(t.Call("querySelectorAll", ".was"), func(e js.Value) { e.Call("remove") })
		each(t.Call("querySelectorAll", ".changed"), func(e js.Value) { e.Get("classList").Call("remove", "changed") })
	}
}
