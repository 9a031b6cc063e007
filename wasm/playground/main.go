//go:build js && wasm

// Command playground binds the smolbots page to the DOM. It holds no
// logic of its own: the model is core/grid, the HTML comes from
// core/pageview and core/highlight; links are read by main.js (or, where
// the browser cannot, by the on-demand module) and written with
// core/state; the reports, the reading of Fetch's answer and the
// rewriter are in the on-demand module (wasm/ondemand). Elements are
// reached through syscall/js values; honnef's dom package wires the
// events (all but the keystrokes' input event, see bind) and the text
// inputs, through concrete types only (its interface wrappers would pull
// every element type into the binary).
//
// The page is made of parts, each a type in a file of its own holding
// what it has drawn: the editor (editor.go), the verdict grid
// (verdicts.go), the Real crawlers table (crawlers.go) and the lower
// pane (pane.go). The page (this file) holds the case and the model and
// ties them together; a keystroke's path is update.go, top to bottom;
// the link and the address are link.go's.
package main

import (
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/core/pageview"
)

type page struct {
	doc, body         js.Value
	selectors, agents *dom.HTMLTextAreaElement
	message           js.Value
	permalink         js.Value

	ed       *editor
	verdicts *verdictGrid
	crawlers *crawlerTable
	pane     *lowerPane
	answer   *answerPart
	// fromLink: the case is a link's, untouched since it opened, so a
	// narrow screen answers its question first (#answer); the first
	// edit hides the answer, which would otherwise move the editor
	// under the caret.
	fromLink bool
	reader   *readerChoice
	record   linkRecord // the opened link's record of its verdicts

	// The case: what the boxes and choices hold, as the model saw them.
	hidden   []string      // dialect IDs not shown
	cell     string        // chosen cell's key (grid.CellKey or grid.CrawlerKey)
	protocol core.Protocol // what the file is served over

	// The model and the work between keystrokes.
	g            grid.Grid
	builder      grid.Builder   // keeps the parse and policies between keystrokes
	findings     []lint.Finding // the last complete lint
	lintTimer    *time.Timer    // lints a big file once typing pauses
	gcTimer      *time.Timer    // collects a big file's garbage once typing pauses
	gcIdle       js.Func        // collects a small case's garbage when the browser is idle
	gcPending    bool           // gcIdle is waiting for its idle time
	lintNow      bool
	updates      int
	onFrame      js.Func // runs a deferred update
	framePending bool
	// adopting is true during the first update of a page whose HTML
	// already shows that update's result (prerender.Prerender): the update
	// keeps the DOM it finds, so the take-over changes nothing on screen
	// and keeps the caret.
	adopting     bool
	adoptPending bool // adoptRest has yet to run
	// showing: the first grid is drawn and not yet reported on screen
	// (afterShown); shown runs then.
	showing bool
	shown   []func()

	// The address.
	hashTimer      *time.Timer
	lastHash       string
	hashSeq        int    // writeHash calls begun, so an older one does not write over a newer
	shownPermalink string // the permalink's words, as drawn
	// opening is true while a link is being read (openLink): an edit
	// meanwhile is neither drawn nor written into the address, where
	// the link still stands; restore reads the boxes once it is read.
	opening bool

	fetching  bool
	port      rewrite // the Make it portable pane's last rewrite
	rewriting bool    // a rewrite is under way
}

func main() {
	// The page benchmark reads this: Go's runtime and package
	// initialisation are done.
	js.Global().Get("performance").Call("mark", "smolbots-main")
	setCollector()
	p := newPage()
	p.shownPermalink = p.permalink.Get("innerHTML").String() // as index.html draws it
	p.bind()
	p.ed.view = p.ed.readView()
	p.restore()
	p.body.Get("dataset").Set("ready", "true")
	// The page benchmark reads this: load to first verdict grid.
	js.Global().Get("performance").Call("mark", "smolbots-first-grid")
	// Warming up competes with the first grid's raster as much as the
	// rest of the first update does: it waits for the grid on screen.
	if p.showing {
		p.shown = append(p.shown, p.warmUp)
	} else {
		p.warmUp()
	}
	select {} // keep the callbacks alive
}

func textarea(v js.Value) *dom.HTMLTextAreaElement {
	return &dom.HTMLTextAreaElement{BasicHTMLElement: &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}}
}

func newPage() *page {
	doc := js.Global().Get("document")
	el := func(id string) js.Value { return doc.Call("getElementById", id) }
	return &page{
		doc:       doc,
		body:      doc.Get("body"),
		selectors: textarea(el("selectors")),
		agents:    textarea(el("agents")),
		message:   el("message"),
		permalink: el("permalink"),
		ed:        newEditor(doc),
		verdicts:  newVerdictGrid(doc),
		crawlers:  newCrawlerTable(doc),
		pane:      newLowerPane(doc),
		answer:    newAnswerPart(doc),
		reader:    newReaderChoice(doc),
		record:    linkRecord{el: el("record")},
	}
}

func (p *page) el(id string) js.Value { return p.doc.Call("getElementById", id) }

// on adds an event listener; the handler gets the JS event.
func on(v js.Value, typ string, fn func(ev js.Value)) {
	n := &dom.BasicNode{Value: v}
	n.AddEventListener(typ, false, func(e dom.Event) { fn(e.Underlying()) })
}

func each(list js.Value, fn func(js.Value)) {
	for i, n := 0, list.Length(); i < n; i++ {
		fn(list.Index(i))
	}
}

func dataset(v js.Value, key string) string {
	d := v.Get("dataset").Get(key)
	if d.IsUndefined() {
		return ""
	}
	return d.String()
}

func closest(ev js.Value, selector string) js.Value {
	t := ev.Get("target")
	if t.IsNull() || t.IsUndefined() || t.Get("closest").IsUndefined() {
		return js.Null()
	}
	return t.Call("closest", selector)
}

// put writes html into e unless e already shows it; it reports whether
// it wrote. While the page adopts its prerendered HTML, e already shows
// it: only the record is kept.
func put(e js.Value, shown *string, html string, adopting bool) bool {
	if *shown == html {
		return false
	}
	*shown = html
	if adopting {
		return false
	}
	e.Set("innerHTML", html)
	return true
}

func (p *page) bind() {
	p.onFrame = js.FuncOf(func(js.Value, []js.Value) any {
		p.framePending = false
		p.update()
		p.scheduleHash()
		return nil
	})
	// The input event, the one every keystroke sends, is taken without
	// honnef's event wrapper: it asks the browser for the event's
	// constructor and compares it with some forty event types, ~1 ms of
	// calls out of the module before each keystroke's update.
	onInput := js.FuncOf(func(js.Value, []js.Value) any {
		p.changed()
		return nil
	})
	for _, ta := range []*dom.HTMLTextAreaElement{p.ed.ta, p.selectors, p.agents} {
		ta.Underlying().Call("addEventListener", "input", onInput)
	}
	p.ed.bind()
	on(p.ed.endsSelect, "change", func(js.Value) {
		p.ed.ends = pageview.ParseEnds(p.ed.endsSelect.Get("value").String())
		p.update()
		p.scheduleHash()
	})
	on(p.pane.lintTab, "change", func(js.Value) { p.drawLints() })
	each(p.doc.Call("querySelectorAll", "[data-dialect-toggle]"), func(cb js.Value) {
		on(cb, "change", func(js.Value) { p.dialectsChanged() })
	})
	on(p.verdicts.table, "click", func(ev js.Value) {
		if row, col, ok := clickedCell(ev); ok && row < len(p.g.Rows) && col < len(p.g.Dialects) {
			p.choose(p.g.Rows[row].Key(&p.g, col), true)
		}
	})
	bindGridKeys(p.verdicts.table, func() (int, int) { return min(len(p.g.Rows), pageview.MaxRows), len(p.g.Dialects) })
	bindGridKeys(p.crawlers.table, func() (int, int) { return len(p.crawlers.rows), len(p.crawlers.presets) })
	on(p.crawlers.table, "click", func(ev js.Value) {
		if row, col, ok := clickedCell(ev); ok {
			if key, ok := p.crawlers.cellKey(row, col); ok {
				p.choose(key, true)
			}
		}
	})
	on(p.el("crawler-choice"), "change", func(js.Value) {
		p.crawlers.choice = pageview.CleanCrawlers(p.crawlers.ticked())
		p.update()
		p.scheduleHash()
	})
	// A line's button, in the lint list, the explanation or the gutter,
	// moves the caret to it.
	gotoLine := func(ev js.Value) {
		b := closest(ev, "button.goto, button.mark")
		if b.IsNull() {
			return
		}
		n, _ := strconv.Atoi(dataset(b, "line"))
		p.ed.moveCaret(n)
	}
	on(p.pane.lints, "click", gotoLine)
	on(p.pane.explain, "click", gotoLine)
	on(p.answer.body, "click", gotoLine)
	on(p.ed.gutter, "click", gotoLine)
	on(p.el("load-example"), "click", func(js.Value) { p.loadExample() })
	on(p.el("example"), "change", func(js.Value) { p.showExampleSource() })
	// Clipboard and network calls wait on promises: never inside the
	// event callback itself, or the callback deadlocks.
	on(p.el("copy-link"), "click", func(js.Value) { go p.copyLink() })
	on(p.el("copy-report"), "click", func(js.Value) { go p.copy(false) })
	on(p.el("copy-gemtext"), "click", func(js.Value) { go p.copy(true) })
	on(p.el("copy-fallback-close"), "click", func(js.Value) { p.el("copy-fallback-wrap").Set("hidden", true) })
	on(p.el("fetch"), "click", func(js.Value) { go p.fetch() })
	on(p.el("fetch-url"), "keydown", func(ev js.Value) {
		if ev.Get("key").String() == "Enter" {
			ev.Call("preventDefault")
			go p.fetch()
		}
	})
	on(js.Global(), "hashchange", func(js.Value) {
		h := strings.TrimPrefix(js.Global().Get("location").Get("hash").String(), "#")
		if h != p.lastHash && !p.isElementID(h) {
			go p.restore()
		}
	})
	p.bindPortable()
	p.bindReader()
	if sel := p.el("example"); sel.Get("options").Length() <= 1 {
		sel.Set("innerHTML", pageview.ExampleOptions())
	}
}

// toggledOff lists the dialects whose checkbox is not ticked.
func (p *page) toggledOff() []string {
	var off []string
	each(p.doc.Call("querySelectorAll", "[data-dialect-toggle]"), func(cb js.Value) {
		if !cb.Get("checked").Bool() {
			off = append(off, dataset(cb, "dialectToggle"))
		}
	})
	return off
}

// showHidden ticks the boxes of the dialects shown.
func (p *page) showHidden() {
	each(p.doc.Call("querySelectorAll", "[data-dialect-toggle]"), func(cb js.Value) {
		cb.Set("checked", !contains(p.hidden, dataset(cb, "dialectToggle")))
	})
}

// isElementID says whether a fragment names an element of the page (the
// skip link's target, say) rather than a saved case.
func (p *page) isElementID(h string) bool {
	return h != "" && !p.el(h).IsNull()
}

func (p *page) showMessage(s string) {
	p.message.Set("textContent", s)
	p.message.Set("hidden", false)
}

func (p *page) dialectsChanged() {
	p.hidden = p.toggledOff()
	p.update()
	p.scheduleHash()
}

// drawLints draws the lint list and its count, as the lower pane shows
// them.
func (p *page) drawLints() {
	p.pane.drawLints(p.scopedFindings(), p.g.Problems, p.adopting)
}

// choose selects a cell (by key), explains it and highlights its
// deciding line. A key no longer in the grid clears the view but is
// kept, so undoing an edit brings the choice back.
func (p *page) choose(key string, byUser bool) {
	p.chooseIn(p.ed.readView(), key, byUser)
}

// chooseIn is choose with the editor's scroll state already read.
func (p *page) chooseIn(v view, key string, byUser bool) {
	old := p.cell
	p.cell = key
	explain, line := pageview.NoChoice, 0
	if row, col, ok := p.verdicts.mark(&p.g, key); ok {
		explain = pageview.ExplainHTML(&p.g, row, col)
		line = p.g.Rows[row].Cells[col].Line
	}
	if row, col, ok := p.crawlers.mark(key); ok {
		explain, line = p.crawlers.explain(row, col)
	}
	if said := p.recordSaid(key); said != "" && explain != pageview.NoChoice {
		explain = said + explain
	}
	p.pane.explainWith(explain, p.adopting)
	if p.fromLink {
		p.answer.draw(&p.g, p.crawlers, key, p.record.text)
	} else {
		p.answer.hide()
	}
	p.ed.highlightLine(v, line, p.adopting)
	if explain == pageview.NoChoice || !byUser {
		return
	}
	p.pane.show("why")
	if p.stacked() {
		// On a phone the explanation is far below the tables: it comes
		// into view, and the editor stays where it is until the reader
		// asks for the line (the explanation's line button).
		p.pane.bringIntoView()
	} else if line > 0 {
		p.ed.scrollToLine(line)
	}
	if old != key {
		p.scheduleHash()
	}
}

// stacked says whether the page's parts are stacked one under another
// (screens narrower than 1024 px, style.css), so that the page scrolls
// rather than each part in its box.
func (p *page) stacked() bool {
	return js.Global().Call("matchMedia", "(max-width: 1023px)").Get("matches").Bool()
}

func (p *page) loadExample() {
	id := p.el("example").Get("value").String()
	ex, ok := pageview.ExampleByID(id)
	if !ok {
		p.el("example-source").Set("textContent", "Choose an example first.")
		return
	}
	p.ed.ta.SetValue(ex.Robots)
	p.selectors.SetValue(ex.Selectors)
	p.agents.SetValue(ex.Agents)
	p.ed.setEnds(pageview.LF)
	p.cell = ""
	p.showExampleSource()
	p.update()
	p.scheduleHash()
}

func (p *page) showExampleSource() {
	id := p.el("example").Get("value").String()
	if ex, ok := pageview.ExampleByID(id); ok {
		p.el("example-source").Set("textContent", "From "+ex.Source+".")
	} else {
		p.el("example-source").Set("textContent", "")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// await waits for a promise from a goroutine (never from a callback).
func await(promise js.Value) (js.Value, bool) {
	type result struct {
		v  js.Value
		ok bool
	}
	ch := make(chan result, 1)
	settle := func(ok bool) js.Func {
		return js.FuncOf(func(_ js.Value, args []js.Value) any {
			v := js.Undefined()
			if len(args) > 0 {
				v = args[0]
			}
			ch <- result{v, ok}
			return nil
		})
	}
	then, catch := settle(true), settle(false)
	promise.Call("then", then, catch)
	r := <-ch
	then.Release()
	catch.Release()
	return r.v, r.ok
}
