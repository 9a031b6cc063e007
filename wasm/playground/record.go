//go:build js && wasm

package main

import (
	"html"
	"syscall/js"

	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
	"github.com/smolbots/smolbots/core/state"
)

// A link's record of what its page showed (core/state, record.go):
// the page writes one into every link it makes, and a link opened with
// one has had its verdicts painted from it by main.js, marked as shared
// and not yet checked. Once the checker has drawn its own verdicts,
// checkRecord has the on-demand module compare them with the record
// (pageview.CheckLink: its code stays out of this module) and shows
// what changed (#record, each changed cell, At a glance, the reports);
// the first edit takes it away.

// linkRecord is the record of the link the page opened, with the case
// it was read with.
type linkRecord struct {
	raw     []byte            // tag 10's value, as main.js kept it (the case's)
	st      state.State       // the link's case
	el      js.Value          // #record
	asked   bool              // the check is under way or done
	changed []js.Value        // the cells marked changed
	was     map[string]string // by cell key, the verdict as shared of a changed cell
	text    string            // the check's words, for the reports and At a glance
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
	if p.crawlers.busy || p.crawlers.rows == nil {
		return st
	}
	rev, date := pageVersion()
	st.Record = pageview.RecordOf(st, &p.g, p.crawlers.presets, p.crawlers.rows, rev, date)
	return st
}

// checkRecord starts the check of the opened link's record once the
// page has drawn its verdicts and the Real crawlers table; once the
// case has been edited, the record's words and marks go.
func (p *page) checkRecord() {
	lr := &p.record
	if lr.raw == nil {
		return
	}
	if !p.fromLink {
		lr.raw, lr.text, lr.was = nil, "", nil
		p.unmarkChanged()
		lr.el.Set("hidden", true)
		p.body.Call("removeAttribute", "data-record")
		return
	}
	if lr.asked || p.crawlers.rows == nil {
		return // asked already, or finishFirst draws the rest first
	}
	lr.asked = true
	// The verdicts shown are the checker's now: until the comparison
	// comes, the words say that it is being made.
	lr.el.Set("textContent", "Comparing these verdicts with the link's record…")
	p.body.Get("dataset").Set("record", "checking")
	go p.compareRecord()
}

// compareRecord asks the on-demand module for the comparison and shows
// it, if the case is still the link's. It waits: never call it inside
// a callback.
func (p *page) compareRecord() {
	lr := &p.record
	fail := func(why string) {
		lr.el.Set("textContent", "These verdicts could not be compared with the link's record ("+why+").")
		p.body.Get("dataset").Set("record", "unchecked")
	}
	if v, ok := await(js.Global().Call("smolbotsLoadOnDemand")); !ok {
		fail("the comparer did not load: " + errText(v))
		return
	}
	in := js.Global().Get("Object").New()
	st := lr.st
	in.Set("robots", st.Robots)
	in.Set("selectors", st.Selectors)
	in.Set("agents", st.Agents)
	in.Set("hidden", jsList(st.Hidden))
	in.Set("cell", st.Cell)
	in.Set("crawlers", js.Null())
	if st.Crawlers != nil {
		in.Set("crawlers", jsList(st.Crawlers))
	}
	in.Set("protocol", st.Protocol)
	in.Set("custom", st.Custom)
	arr := js.Global().Get("Uint8Array").New(len(lr.raw))
	js.CopyBytesToJS(arr, lr.raw)
	in.Set("record", arr)
	out := js.Global().Call("smolbotsCheckRecord", in)
	if !p.fromLink || lr.raw == nil {
		return // edited meanwhile: checkRecord took the words away
	}
	if out.Type() != js.TypeObject {
		fail("the record is not this case's")
		return
	}
	lr.text = out.Get("text").String()
	lr.el.Set("innerHTML", out.Get("html").String())
	what := "checked"
	if !out.Get("agree").Bool() {
		what = "changed"
	}
	p.body.Get("dataset").Set("record", what)
	changed := out.Get("changed")
	lr.was = map[string]string{}
	for i := 0; i < changed.Length(); i++ {
		ch := changed.Index(i)
		column, sel := ch.Get("column").String(), ch.Get("selector").String()
		var el js.Value
		if ch.Get("crawler").Bool() {
			key := grid.CrawlerKey(column, sel)
			lr.was[key] = ch.Get("was").String()
			if row, col, ok := grid.FindCrawler(p.crawlers.rows, key); ok && row*len(p.crawlers.presets)+col < len(p.crawlers.cellEls) {
				el = p.crawlers.cellEls[row*len(p.crawlers.presets)+col]
			}
		} else {
			key := grid.CellKey(column, ch.Get("agent").String(), sel)
			lr.was[key] = ch.Get("was").String()
			if row, col, ok := p.g.Find(key); ok && row*len(p.g.Dialects)+col < len(p.verdicts.cellEls) {
				el = p.verdicts.cellEls[row*len(p.g.Dialects)+col]
			}
		}
		if el.IsUndefined() {
			continue
		}
		el.Get("classList").Call("add", "changed")
		was := p.doc.Call("createElement", "span")
		was.Set("className", "was")
		was.Set("textContent", "as shared: "+ch.Get("was").String())
		el.Call("append", was)
		lr.changed = append(lr.changed, el)
	}
	// At a glance and the chosen cell's explanation say it too.
	p.choose(p.cell, false)
}

// recordSaid is what the explanation of the cell key opens with when
// the opened link's record was checked: the check's words, and for a
// cell that changed, its verdict as shared; "" otherwise.
func (p *page) recordSaid(key string) string {
	lr := &p.record
	if !p.fromLink || lr.text == "" {
		return ""
	}
	s := lr.text
	if was := lr.was[key]; was != "" {
		s = "As shared, this cell said: " + was + ". " + s
	}
	return `<p class="record-said">` + html.EscapeString(s) + `</p>`
}

// unmarkChanged takes the "as shared" marks off the cells.
func (p *page) unmarkChanged() {
	for _, el := range p.record.changed {
		el.Get("classList").Call("remove", "changed")
		if was := el.Call("querySelector", ".was"); !was.IsNull() {
			was.Call("remove")
		}
	}
	p.record.changed = nil
}
