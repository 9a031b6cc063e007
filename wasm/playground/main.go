//go:build js && wasm

// Command playground binds the smolbots page to the DOM. It holds no
// logic of its own: the model is core/grid, the HTML comes from
// core/pageview and core/highlight, links from core/state; the reports,
// the reading of Fetch's answer and the rewriter are in the on-demand
// module (wasm/ondemand). Elements are reached through syscall/js values;
// honnef's dom package wires the events (all but the keystrokes' input
// event, see bind) and the text inputs, through concrete types only (its
// interface wrappers would pull every element type into the binary).
package main

import (
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/highlight"
	"github.com/smolbots/smolbots/core/pageview"
	"github.com/smolbots/smolbots/core/prerender"
	"github.com/smolbots/smolbots/core/state"
)

// lineHeight matches --lh in style.css: the editor scrolls by lines.
const lineHeight = 20

type page struct {
	doc                       js.Value
	robots, selectors, agents *dom.HTMLTextAreaElement
	editor, hl, gutter        js.Value
	gutterLines, gutterTop    js.Value
	gutterBottom              js.Value
	table, explain, lints     js.Value
	facts, summary, message   js.Value
	permalink, editorStatus   js.Value
	lintCount, lintTab        js.Value
	shownCount                string
	body                      js.Value
	hidden                    []string
	cell                      string // chosen cell's grid.CellKey
	g                         grid.Grid
	builder                   grid.Builder   // keeps the parse and policies between keystrokes
	findings                  []core.Finding // the last complete lint
	lintTimer                 *time.Timer    // lints a big file once typing pauses
	gcTimer                   *time.Timer    // collects a big file's garbage once typing pauses
	gcIdle                    js.Func        // collects a small case's garbage when the browser is idle
	gcPending                 bool           // gcIdle is waiting for its idle time
	lintNow                   bool
	shownRobots               string // text the overlay shows
	shownGutter, shownLints   string
	shownFacts, gridShape     string
	shownExplain              string
	hlLine                    int      // line highlighted in the overlay, 0 for none
	view, applied             view     // the editor's scroll state: last read, last applied
	shownHL                   string   // the overlay's HTML
	shownLines                []string // its lines, when drawn by putLines
	shownSummary              string
	shownPermalink            string // the permalink's words, as drawn
	spacers                   [2]int // the gutter's spacer heights
	colours                   highlight.Cache
	lines                     int            // lines in the editor
	marks                     pageview.Marks // findings by line
	gutterFrom, gutterTo      int            // lines the gutter draws
	cellEls, rowEls           []js.Value     // the drawn grid, for patching
	cellSigs                  []cellSig      // what each drawn cell shows
	rowDisagree               []bool
	updates                   int
	hashTimer                 *time.Timer
	onFrame                   js.Func // runs a deferred update
	framePending              bool
	lastHash                  string
	hashSeq                   int // writeHash calls begun, so an older one does not write over a newer
	fetching                  bool
	crawlers                  crawlerView // the Real crawlers table
	// adopting is true during the first update of a page whose HTML
	// already shows that update's result (prerender.Prerender): the update
	// keeps the DOM it finds, so the take-over changes nothing on screen
	// and keeps the caret.
	adopting     bool
	adoptPending bool // adoptRest has yet to run
	// ends is the robots.txt's line-ending style, which the textarea
	// cannot hold: the grid, the lint and the permalink get the text
	// with these line ends.
	ends       pageview.LineEnds
	endsSelect js.Value
	protocol   core.Protocol // what the file is served over
	// opening is true while a link is being read (openLink): an edit
	// meanwhile is neither drawn nor written into the address, where
	// the link still stands; restore reads the boxes once it is read.
	opening bool
	port       rewrite       // the Make it portable pane's last rewrite
	rewriting  bool          // a rewrite is under way
}

func main() {
	// The page benchmark reads this: Go's runtime and package
	// initialisation are done.
	js.Global().Get("performance").Call("mark", "smolbots-main")
	// The collector runs on the page's only thread, inside keystrokes:
	// let the heap grow further between collections, within a bound, and
	// collect when typing pauses (collectWhenIdle). At 400 a 1,200-cell
	// case collected every ~12 keys, each time adding 3-8 ms to a key;
	// at 1000 every ~35.
	debug.SetGCPercent(1000)
	debug.SetMemoryLimit(256 << 20)
	p := newPage()
	p.shownPermalink = p.permalink.Get("innerHTML").String() // as index.html draws it
	p.bind()
	p.view = p.readView()
	p.restore()
	p.body.Get("dataset").Set("ready", "true")
	// The page benchmark reads this: load to first verdict grid.
	js.Global().Get("performance").Call("mark", "smolbots-first-grid")
	p.warmUp()
	select {} // keep the callbacks alive
}

func textarea(v js.Value) *dom.HTMLTextAreaElement {
	return &dom.HTMLTextAreaElement{BasicHTMLElement: &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}}
}

func newPage() *page {
	doc := js.Global().Get("document")
	el := func(id string) js.Value { return doc.Call("getElementById", id) }
	return &page{
		doc:          doc,
		robots:       textarea(el("robots")),
		selectors:    textarea(el("selectors")),
		agents:       textarea(el("agents")),
		editor:       el("editor"),
		hl:           el("robots-hl"),
		gutter:       el("gutter"),
		gutterLines:  el("gutter-lines"),
		gutterTop:    el("gutter-top"),
		gutterBottom: el("gutter-bottom"),
		table:        el("grid"),
		explain:      el("explain"),
		lints:        el("lints"),
		facts:        el("facts"),
		summary:      el("summary"),
		message:      el("message"),
		permalink:    el("permalink"),
		editorStatus: el("editor-status"),
		lintCount:    el("lint-count"),
		lintTab:      el("tab-lint"),
		endsSelect:   el("line-endings"),
		ends:         pageview.LF,
		body:         doc.Get("body"),
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
	for _, ta := range []*dom.HTMLTextAreaElement{p.robots, p.selectors, p.agents} {
		ta.Underlying().Call("addEventListener", "input", onInput)
	}
	on(p.robots.Underlying(), "scroll", func(js.Value) { p.syncScroll() })
	// A paste with line breaks sets the style: a file copied from a
	// Windows program keeps its CRLF.
	on(p.robots.Underlying(), "paste", func(ev js.Value) {
		if cd := ev.Get("clipboardData"); !cd.IsNull() && !cd.IsUndefined() {
			if e, ok := pageview.DetectEnds(cd.Call("getData", "text/plain").String()); ok {
				p.setEnds(e)
			}
		}
	})
	on(p.lintTab, "change", func(js.Value) { p.drawLints() })
	on(p.endsSelect, "change", func(js.Value) {
		p.ends = pageview.ParseEnds(p.endsSelect.Get("value").String())
		p.update()
		p.scheduleHash()
	})
	each(p.doc.Call("querySelectorAll", "[data-dialect-toggle]"), func(cb js.Value) {
		on(cb, "change", func(js.Value) { p.dialectsChanged() })
	})
	on(p.table, "click", func(ev js.Value) {
		b := closest(ev, "button.cell")
		if b.IsNull() {
			return
		}
		row, _ := strconv.Atoi(dataset(b, "row"))
		col, _ := strconv.Atoi(dataset(b, "col"))
		if row < len(p.g.Rows) && col < len(p.g.Dialects) {
			p.choose(p.g.Rows[row].Key(&p.g, col), true)
		}
	})
	gotoLine := func(ev js.Value) {
		b := closest(ev, "button.goto, button.mark")
		if b.IsNull() {
			return
		}
		n, _ := strconv.Atoi(dataset(b, "line"))
		p.moveCaret(n)
	}
	on(p.lints, "click", gotoLine)
	on(p.explain, "click", gotoLine)
	on(p.gutter, "click", gotoLine)
	showMark := func(ev js.Value) {
		b := closest(ev, "button.mark")
		if b.IsNull() {
			return
		}
		p.editorStatus.Set("textContent", b.Call("getAttribute", "aria-label"))
	}
	on(p.gutter, "mouseover", showMark)
	on(p.gutter, "focusin", func(ev js.Value) {
		showMark(ev)
		if b := closest(ev, "button.mark"); !b.IsNull() {
			n, _ := strconv.Atoi(dataset(b, "line"))
			p.scrollToLine(n)
		}
	})
	// Arrow keys move between the gutter's marks, which are one tab stop.
	on(p.gutter, "keydown", func(ev js.Value) {
		key := ev.Get("key").String()
		if key != "ArrowDown" && key != "ArrowUp" {
			return
		}
		marks := p.gutterLines.Call("querySelectorAll", "button.mark")
		cur := p.doc.Get("activeElement")
		for i, n := 0, marks.Length(); i < n; i++ {
			if !marks.Index(i).Equal(cur) {
				continue
			}
			j := i + 1
			if key == "ArrowUp" {
				j = i - 1
			}
			if j >= 0 && j < n {
				ev.Call("preventDefault")
				cur.Set("tabIndex", -1)
				next := marks.Index(j)
				next.Set("tabIndex", 0)
				next.Call("focus")
			}
			return
		}
	})
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
	p.bindCrawlers()
	p.bindPortable()
	if sel := p.el("example"); sel.Get("options").Length() <= 1 {
		sel.Set("innerHTML", pageview.ExampleOptions())
	}
}

// restore reads the state from location.hash: a bad link gives a clear
// message and an empty, working page. On the first call, main.js may
// have put the link's case into the boxes already (the body's
// data-opened): what they hold then counts, since a user may have typed
// before the checker loaded. Reading a link waits for the browser
// (openLink): never call this inside a callback.
func (p *page) restore() {
	hash := js.Global().Get("location").Get("hash").String()
	opened := dataset(p.body, "opened")
	p.body.Call("removeAttribute", "data-opened")
	p.message.Set("hidden", true)
	var st state.State
	keep := false   // the boxes already hold st
	edited := false // they hold something else than the address says
	if h := strings.TrimPrefix(hash, "#"); h == "" || p.isElementID(h) {
		if dataset(p.body, "prerendered") == prerender.Prerendered {
			// The HTML shows the default case. What the boxes hold now
			// counts (a user may have typed before the checker loaded);
			// if that is still the default, the DOM is kept as it is.
			p.body.Call("removeAttribute", "data-prerendered")
			st = p.shownState()
			if b := p.table.Call("querySelector", "button.cell.chosen"); !b.IsNull() {
				st.Cell = grid.CellKey(dataset(b, "dialect"), dataset(b, "agent"), dataset(b, "selector"))
			}
			keep = true
			ex := pageview.Examples[0]
			p.adopting = st.Robots == ex.Robots && st.Selectors == ex.Selectors && st.Agents == ex.Agents && len(st.Hidden) == 0 && st.Protocol == string(core.ProtocolAny)
			edited = !p.adopting
		} else {
			st = prerender.Default()
		}
	} else {
		var err error
		p.opening = true
		st, err = p.openLink(hash)
		p.opening = false
		shown := p.shownState()
		// main.js showed this case ("edited" once something was typed
		// or ticked), or could not open the link and left the boxes
		// empty for typing (a browser's DEFLATE reader may refuse what
		// Go's reads: such a link still opens here while nothing has
		// been typed).
		typed := shown.Robots+shown.Selectors+shown.Agents != ""
		if opened == "case" || opened == "edited" || (opened == "failed" && (err != nil || typed)) {
			if err == nil {
				shown.Cell, shown.Crawlers = st.Cell, st.Crawlers
			}
			st, keep, edited = shown, true, opened == "edited" || typed && opened == "failed"
		}
		if err != nil {
			p.showMessage("This link could not be opened: " + err.Error() + " The page starts empty instead.")
			if !keep {
				st = state.State{}
			}
		}
		p.lastHash = strings.TrimPrefix(hash, "#")
	}
	for _, ta := range []*dom.HTMLTextAreaElement{p.robots, p.selectors, p.agents} {
		ta.Underlying().Set("readOnly", false)
	}
	p.hidden = pageview.CleanHidden(st.Hidden)
	p.crawlers.choice = pageview.CleanCrawlers(st.Crawlers)
	p.showCrawlerChoice()
	p.setProtocol(pageview.ProtocolOf(st.Protocol), false)
	e, _ := pageview.DetectEnds(st.Robots)
	p.setEnds(e)
	if !keep {
		p.robots.SetValue(st.Robots)
		p.selectors.SetValue(st.Selectors)
		p.agents.SetValue(st.Agents)
		each(p.doc.Call("querySelectorAll", "[data-dialect-toggle]"), func(cb js.Value) {
			cb.Set("checked", !contains(p.hidden, dataset(cb, "dialectToggle")))
		})
	}
	p.cell = st.Cell
	p.update()
	if p.adopting {
		p.adoptPending = true
		time.AfterFunc(0, p.adoptRest)
	}
	p.adopting = false
	if edited {
		// Typed before the checker loaded: the address gets it too.
		p.scheduleHash()
	}
}

// shownState is the case the page's controls hold now (all but the
// chosen cell).
func (p *page) shownState() state.State {
	return state.State{
		Robots:    pageview.WithEnds(p.robots.Value(), pageview.ParseEnds(p.endsSelect.Get("value").String())),
		Selectors: p.selectors.Value(),
		Agents:    p.agents.Value(),
		Hidden:    p.toggledOff(),
		Crawlers:  pageview.CleanCrawlers(p.crawlersTicked()),
		Protocol:  string(p.checkedProtocol()),
	}
}

// adoptRest finishes taking over the drawn page: the lint and the
// editor's colours, which it shows already, are worked out and recorded
// without drawing. An update in between (a key typed meanwhile) draws
// everything itself and makes this unnecessary.
func (p *page) adoptRest() {
	if !p.adoptPending {
		return
	}
	p.adoptPending = false
	p.adopting, p.lintNow = true, true
	p.update()
	p.adopting, p.lintNow = false, false
}

// setEnds sets the line-ending style and shows it in its control.
func (p *page) setEnds(e pageview.LineEnds) {
	p.ends = e
	if p.endsSelect.Get("value").String() != string(e) {
		p.endsSelect.Set("value", string(e))
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

// isElementID says whether a fragment names an element of the page (the
// skip link's target, say) rather than a saved case.
func (p *page) isElementID(h string) bool {
	return h != "" && !p.el(h).IsNull()
}

// showPane switches the lower pane to one of its tabs ("why", "lint",
// "facts", "fetch").
func (p *page) showPane(name string) {
	p.el("tab-"+name).Set("checked", true)
}

func (p *page) showMessage(s string) {
	p.message.Set("textContent", s)
	p.message.Set("hidden", false)
}

// changed runs on every input event: small cases update at once, big
// ones at the next animation frame. The textarea never waits.
func (p *page) changed() {
	size := p.robots.Underlying().Get("textLength").Int()
	if pageview.NextFrame(size, len(p.g.Rows)) {
		if !p.framePending {
			p.framePending = true
			js.Global().Call("requestAnimationFrame", p.onFrame)
		}
		return
	}
	p.update()
	p.scheduleHash()
}

func (p *page) dialectsChanged() {
	p.hidden = p.toggledOff()
	p.update()
	p.scheduleHash()
}

// update rebuilds the model and redraws what changed.
func (p *page) update() {
	if p.opening {
		return
	}
	perf := js.Global().Get("performance")
	t0 := perf.Call("now").Float()
	// The editor's scroll state as the last scroll event left it: reading
	// it here would lay the page out in the middle of the update.
	v := p.view
	robots := p.robots.Value()
	first := p.updates == 0 && !p.adopting // the page's first drawing
	// A big file is linted once typing pauses: linting is most of the
	// work there, and the verdicts should not wait for it. Nor does the
	// first grid after the page loads.
	p.g = p.builder.Build(grid.Input{
		Robots:    pageview.WithEnds(robots, p.ends),
		Selectors: p.selectors.Value(),
		Agents:    p.agents.Value(),
		Dialects:  pageview.DialectsShown(p.hidden),
		LintLater: (len(robots) > pageview.SmallBytes || p.updates == 0) && !p.lintNow,
	})
	if p.lintTimer != nil {
		p.lintTimer.Stop()
		p.lintTimer = nil
	}
	p.collectWhenIdle()
	if p.g.LintPending {
		// Until then the last findings stay up, marked as being redone.
		p.g.Findings = p.findings
		p.lintTimer = time.AfterFunc(pageview.LintDelay, func() {
			p.lintNow = true
			p.update()
			p.lintNow = false
		})
	} else {
		p.findings = p.g.Findings
	}
	if !p.adopting {
		p.adoptPending = false // this update draws everything itself
		p.lints.Set("ariaBusy", strconv.FormatBool(p.g.LintPending))
		p.lints.Get("classList").Call("toggle", "stale", p.g.LintPending)
	}
	t1 := perf.Call("now").Float()
	if p.adopting && p.g.LintPending {
		// Taking over the drawn page, which shows the lint and the
		// colours already: working them out waits for adoptRest, so the
		// page answers sooner.
		p.lines = pageview.CountLines(robots)
	} else if robots != p.shownRobots {
		p.shownRobots = robots
		// The overlay's lines may be patched in place: unmark the
		// highlighted one, which chooseIn marks again.
		if c := child(p.hl, p.hlLine-1); !c.IsNull() {
			c.Get("classList").Call("remove", "hl")
		}
		p.hlLine = 0
		cls := p.editor.Get("classList")
		html := ""
		var lines []string
		if len(robots) > highlight.MaxBytes {
			cls.Call("add", "plain")
		} else if first {
			// The first grid does not wait for the lexer's first use
			// (compiling its patterns) or the lint: the text shows
			// uncoloured, then a second update once it is painted
			// colours it and lints (finishFirst).
			cls.Call("remove", "plain")
			var b strings.Builder
			highlight.Plain(&b, robots)
			html = b.String()
		} else {
			cls.Call("remove", "plain")
			lines = p.colours.Lines(robots)
		}
		if lines != nil {
			p.putLines(lines)
		} else {
			p.shownLines = nil
			p.put(p.hl, &p.shownHL, html)
		}
		p.lines = pageview.CountLines(robots)
	}
	findings := p.scopedFindings()
	p.marks = pageview.IndexMarks(findings)
	p.renderGutter(v, true)
	p.drawGrid()
	if first {
		// Nor do the verdicts wait for the Real crawlers table, which
		// compiles every preset: finishFirst draws it.
		afterPaint(p.finishFirst)
	} else {
		p.drawCrawlers()
	}
	p.drawLints()
	p.put(p.lintCount, &p.shownCount, pageview.LintCount(findings, p.g.Problems))
	p.put(p.facts, &p.shownFacts, pageview.FactsHTML(&p.g))
	// Written only when it changes: the summary heads the grid's box, and
	// rewriting it, even with the same words, lays out that box again,
	// the 1,200-cell table with it (and re-reads the live region).
	if sum := pageview.Summary(&p.g); sum != p.shownSummary {
		p.shownSummary = sum
		if !p.adopting {
			p.summary.Set("textContent", sum)
		}
	}
	p.view = v
	p.chooseIn(v, p.cell, false)
	p.applyScroll(v)
	p.portableState(robots)
	p.updates++
	// The page benchmark reads how long the model and the drawing took.
	ds := p.body.Get("dataset")
	ds.Set("startMs", strconv.FormatFloat(t0, 'f', 2, 64))
	ds.Set("modelMs", strconv.FormatFloat(t1-t0, 'f', 2, 64))
	ds.Set("drawMs", strconv.FormatFloat(perf.Call("now").Float()-t1, 'f', 2, 64))
	ds.Set("updates", p.updates)
}

// collectWhenIdle runs the garbage collector once typing pauses, if the
// heap is past half its goal: a keystroke in a big file leaves ~20 MB of
// garbage, a paste of a 1,200-cell case several MB, and a collection the
// heap's growth would start anyway would otherwise fall inside a later
// keystroke, on the page's only thread (8 to 20 ms of it, every 30 to 60
// keys of a 1,200-cell case). A small case is collected as soon as the
// browser is idle, between two keys; a big file's collection takes
// longer than that gap, so it waits until a burst of keys is over.
func (p *page) collectWhenIdle() {
	if p.gcTimer != nil {
		p.gcTimer.Stop()
		p.gcTimer = nil
	}
	if !p.warmable() {
		p.gcTimer = time.AfterFunc(pageview.IdleGCDelay, collectGarbage)
		return
	}
	if p.gcIdle.IsUndefined() {
		p.gcIdle = js.FuncOf(func(js.Value, []js.Value) any {
			p.gcPending = false
			collectGarbage()
			return nil
		})
	}
	if !p.gcPending {
		p.gcPending = true
		later(p.gcIdle)
	}
}

// collectGarbage runs the collector if the heap is past half its goal,
// or past a floor: a big file's heap is collected at every pause once
// past it, so that the high GC percent does not let a page sit on
// 256 MiB.
func collectGarbage() {
	const floor = 64 << 20
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if m.HeapAlloc > m.NextGC/2 || m.HeapAlloc > floor {
		runtime.GC()
	}
}

// drawLints writes the lint list, if its tab is the one shown: a hidden
// list is drawn when its tab is chosen, not on every keystroke.
func (p *page) drawLints() {
	if p.lintTab.Get("checked").Bool() {
		p.put(p.lints, &p.shownLints, pageview.LintsHTML(p.scopedFindings(), p.g.Problems))
	}
}

// afterPaint runs fn once the browser has painted what the page shows
// now: a browser timer set at the next animation frame fires after that
// frame. A Go timer would not do: Go runs a due timer before it hands
// the thread back to the browser, so fn would hold the paint back.
func afterPaint(fn func()) {
	var frame, timer js.Func
	timer = js.FuncOf(func(js.Value, []js.Value) any {
		timer.Release()
		fn()
		return nil
	})
	frame = js.FuncOf(func(js.Value, []js.Value) any {
		frame.Release()
		js.Global().Call("setTimeout", timer, 0)
		return nil
	})
	js.Global().Call("requestAnimationFrame", frame)
}

// finishFirst completes the first update once its grid is shown.
func (p *page) finishFirst() {
	p.shownRobots = "" // colour the overlay
	p.lintNow = true
	p.update()
	p.lintNow = false
}

// drawGrid draws the verdict table, or, when its rows and columns are
// those already drawn, patches only the cells whose verdict changed: a
// keystroke usually changes a few cells of a thousand.
func (p *page) drawGrid() {
	g := &p.g
	shape := pageview.GridShape(g)
	if shape != p.gridShape || p.cellEls == nil {
		p.gridShape = shape
		if !p.adopting {
			p.table.Set("innerHTML", pageview.GridHTML(g, p.cell))
		}
		p.cellEls, p.rowEls, p.cellSigs, p.rowDisagree = nil, nil, nil, nil
		cells := p.table.Call("querySelectorAll", "button.cell")
		for i, n := 0, cells.Length(); i < n; i++ {
			p.cellEls = append(p.cellEls, cells.Index(i))
		}
		rows := p.table.Call("querySelectorAll", "tbody > tr")
		for i, r := range g.Rows {
			if i == pageview.MaxRows || i >= rows.Length() {
				break
			}
			p.rowEls = append(p.rowEls, rows.Index(i))
			p.rowDisagree = append(p.rowDisagree, r.Disagree)
			for _, v := range r.Cells {
				p.cellSigs = append(p.cellSigs, sigOf(v))
			}
		}
		return
	}
	k := 0
	for i, r := range g.Rows {
		if i >= len(p.rowEls) {
			break
		}
		for c, v := range r.Cells {
			if sig := sigOf(v); k < len(p.cellEls) && sig != p.cellSigs[k] {
				el := p.cellEls[k]
				p.cellSigs[k] = sig
				el.Set("className", pageview.CellClass(v, r.Key(g, c) == p.cell))
				ds := el.Get("dataset")
				ds.Set("verdict", pageview.VerdictAttr(v.Allowed))
				ds.Set("line", v.Line)
				el.Set("innerHTML", pageview.CellInner(v))
			}
			k++
		}
		if r.Disagree != p.rowDisagree[i] {
			p.rowDisagree[i] = r.Disagree
			row := p.rowEls[i]
			row.Set("className", pageview.RowClass(r.Disagree))
			row.Get("lastElementChild").Set("innerHTML", pageview.AgreeInner(r.Disagree))
		}
	}
}

// cellSig is what a drawn cell shows (pageview.CellInner's inputs),
// compared without building its HTML.
type cellSig struct {
	allowed bool
	line    int
	note    bool
}

func sigOf(v core.Verdict) cellSig { return cellSig{v.Allowed, v.Line, v.Note != ""} }

// renderGutter draws the line numbers and lint marks around the visible
// lines; spacers keep its height that of the whole text, so it scrolls
// with the editor. Unless forced, it redraws only when the view leaves
// the drawn lines.
func (p *page) renderGutter(v view, force bool) {
	first := v.top/lineHeight + 1
	visible := v.height/lineHeight + 2
	if !force && first >= p.gutterFrom && first+visible <= p.gutterTo {
		return
	}
	lines := max(p.lines, 1)
	from, to := pageview.GutterWindow(lines, first, visible)
	p.gutterFrom, p.gutterTo = from, to
	// Redrawing must not drop the focus of a keyboard user on a mark.
	focused := ""
	if a := p.doc.Get("activeElement"); !a.IsNull() && a.Get("classList").Call("contains", "mark").Bool() {
		focused = dataset(a, "line")
	}
	if p.put(p.gutterLines, &p.shownGutter, pageview.GutterHTML(from, to, p.marks, p.hlLine)) && focused != "" {
		if m := p.gutterLines.Call("querySelector", `button.mark[data-line="`+focused+`"]`); !m.IsNull() {
			m.Set("tabIndex", 0)
			m.Call("focus")
		}
	}
	if top, bottom := (from-1)*lineHeight, (lines+1-to)*lineHeight; top != p.spacers[0] || bottom != p.spacers[1] {
		p.spacers = [2]int{top, bottom}
		p.gutterTop.Get("style").Set("height", strconv.Itoa(top)+"px")
		p.gutterBottom.Get("style").Set("height", strconv.Itoa(bottom)+"px")
	}
}

// view is the editor's scroll state.
type view struct{ top, left, height int }

// readView reads it; this lays the page out if anything changed.
func (p *page) readView() view {
	ta := p.robots.Underlying()
	return view{ta.Get("scrollTop").Int(), ta.Get("scrollLeft").Int(), ta.Get("clientHeight").Int()}
}

// applyScroll moves the overlay and the gutter with the editor. It only
// writes what changed: a scroll write lays the page out.
func (p *page) applyScroll(v view) {
	if v.top != p.applied.top || v.left != p.applied.left {
		p.hl.Set("scrollTop", v.top)
		p.hl.Set("scrollLeft", v.left)
		p.gutter.Set("scrollTop", v.top)
		p.applied = v
	}
	p.renderGutter(v, false)
}

// put writes html into e unless e already shows it; it reports whether
// it wrote. While the page adopts its prerendered HTML, e already shows
// it: only the record is kept.
func (p *page) put(e js.Value, shown *string, html string) bool {
	if *shown == html {
		return false
	}
	*shown = html
	if p.adopting {
		return false
	}
	e.Set("innerHTML", html)
	return true
}

// putLines draws the overlay's coloured lines. With as many lines as
// shown, only those that differ are replaced: a keystroke rewrites one
// line element, not the whole overlay, whose hundreds of spans the
// browser would otherwise style and lay out again.
func (p *page) putLines(lines []string) {
	kids := p.hl.Get("children")
	if p.adopting || len(lines) != len(p.shownLines) || kids.Length() != len(lines) {
		p.put(p.hl, &p.shownHL, strings.Join(lines, ""))
		p.shownLines = lines
		return
	}
	for i, h := range lines {
		if h != p.shownLines[i] {
			kids.Index(i).Set("outerHTML", h)
		}
	}
	p.shownLines = lines
	p.shownHL = "\x00" // no longer the whole HTML: the next put writes
}

// choose selects a cell (by key), explains it and highlights its
// deciding line. A key no longer in the grid clears the view but is
// kept, so undoing an edit brings the choice back.
func (p *page) choose(key string, byUser bool) {
	p.chooseIn(p.readView(), key, byUser)
}

// chooseIn is choose with the editor's scroll state already read.
func (p *page) chooseIn(v view, key string, byUser bool) {
	old := p.cell
	p.cell = key
	each(p.table.Call("querySelectorAll", "button.cell.chosen"), func(b js.Value) {
		b.Get("classList").Call("remove", "chosen")
		b.Call("setAttribute", "aria-pressed", "false")
	})
	line, crawler := p.chooseCrawler(v, key)
	row, col, ok := p.g.Find(key)
	if !ok && !crawler {
		p.put(p.explain, &p.shownExplain, pageview.NoChoice)
		p.highlightLine(v, 0)
		return
	}
	if ok && row < pageview.MaxRows {
		q := `button.cell[data-row="` + strconv.Itoa(row) + `"][data-col="` + strconv.Itoa(col) + `"]`
		if b := p.table.Call("querySelector", q); !b.IsNull() {
			b.Get("classList").Call("add", "chosen")
			b.Call("setAttribute", "aria-pressed", "true")
		}
	}
	if ok {
		p.put(p.explain, &p.shownExplain, pageview.ExplainHTML(&p.g, row, col))
		line = p.g.Rows[row].Cells[col].Line
	}
	p.highlightLine(v, line)
	if byUser {
		p.showPane("why")
		if line > 0 {
			p.scrollToLine(line)
		}
		if old != key {
			p.scheduleHash()
		}
	}
}

func child(parent js.Value, i int) js.Value {
	if i < 0 {
		return js.Null()
	}
	c := parent.Get("children").Index(i)
	if c.IsUndefined() {
		return js.Null()
	}
	return c
}

func (p *page) highlightLine(v view, n int) {
	if p.hlLine > 0 {
		if c := child(p.hl, p.hlLine-1); !c.IsNull() {
			c.Get("classList").Call("remove", "hl")
		}
	}
	old := p.hlLine
	p.hlLine = 0
	if n > 0 {
		if c := child(p.hl, n-1); !c.IsNull() {
			c.Get("classList").Call("add", "hl")
		}
		p.hlLine = n
	}
	if old != p.hlLine {
		p.renderGutter(v, true)
	}
}

// scrollToLine brings line n into the editor's view without moving focus.
func (p *page) scrollToLine(n int) {
	ta := p.robots.Underlying()
	top := (n - 1) * lineHeight
	h := ta.Get("clientHeight").Int()
	cur := ta.Get("scrollTop").Int()
	if top < cur || top+2*lineHeight > cur+h {
		ta.Set("scrollTop", top-h/3)
	}
	p.syncScroll()
}

// moveCaret puts the caret on line n with the line selected.
func (p *page) moveCaret(n int) {
	if n <= 0 {
		p.robots.Focus()
		return
	}
	start, end, ok := pageview.LineRange(p.robots.Value(), n)
	if !ok {
		return
	}
	p.robots.Focus()
	p.robots.SetSelectionRange(start, end, "forward")
	p.scrollToLine(n)
}

func (p *page) syncScroll() {
	p.view = p.readView()
	p.applyScroll(p.view)
}

func (p *page) currentState() state.State {
	return state.State{
		Robots:    pageview.WithEnds(p.robots.Value(), p.ends),
		Selectors: p.selectors.Value(),
		Agents:    p.agents.Value(),
		Hidden:    append([]string(nil), p.hidden...),
		Cell:      p.cell,
		Crawlers:  p.crawlers.choice, // never changed in place
		Protocol:  string(p.protocol),
	}
}

// scheduleHash writes the permalink after a pause; replaceState keeps
// the history clean while typing.
func (p *page) scheduleHash() {
	if p.opening {
		return
	}
	if p.hashTimer != nil {
		p.hashTimer.Stop()
	}
	size := p.robots.Underlying().Get("textLength").Int()
	p.hashTimer = time.AfterFunc(pageview.HashDelay(size), func() { p.writeHash() })
}

// writeHash writes the permalink of the page as it is now into the
// address bar and the grid's link, and returns it. The browser
// compresses it, a wait in which a newer call may start: only the
// newest call writes.
func (p *page) writeHash() (string, error) {
	p.hashSeq++
	seq := p.hashSeq
	h, err := hashFor(p.currentState())
	if seq != p.hashSeq {
		return h, err
	}
	loc := js.Global().Get("location")
	base := loc.Get("pathname").String() + loc.Get("search").String()
	hist := js.Global().Get("history")
	if err != nil {
		p.lastHash = ""
		hist.Call("replaceState", js.Null(), "", base)
		p.permalink.Set("href", "#")
		p.put(p.permalink, &p.shownPermalink, "This case is too large for a link")
		return h, err
	}
	p.permalink.Set("href", "#"+h)
	// Written only when the words change: the link heads the grid's box,
	// and a new text node there lays out the 1,200-cell table again.
	p.put(p.permalink, &p.shownPermalink, "Link to this case")
	if h != p.lastHash {
		p.lastHash = h
		hist.Call("replaceState", js.Null(), "", base+"#"+h)
	}
	return h, nil
}

// hashFor is the permalink's fragment for s. The browser's DEFLATE
// (smolbotsDeflate in main.js, a CompressionStream) compresses it, which
// keeps Go's compressor out of the page's module; where the browser has
// none, the records go in stored blocks and the link is only longer.
// It waits for the browser, so it never runs inside a callback.
func hashFor(s state.State) (string, error) {
	raw, err := state.MarshalChecked(s)
	if err != nil {
		return "", err
	}
	arr := js.Global().Get("Uint8Array").New(len(raw))
	js.CopyBytesToJS(arr, raw)
	var z []byte
	if out, ok := await(js.Global().Call("smolbotsDeflate", arr)); ok && out.Type() == js.TypeObject {
		z = make([]byte, out.Get("length").Int())
		js.CopyBytesToGo(z, out)
	} else {
		z = state.Stored(raw)
	}
	h := state.Wrap(z)
	if len(h) > state.MaxHashBytes {
		return "", state.ErrTooLarge
	}
	return h, nil
}

// permalinkURL is the full link for reports, "" when too large.
func (p *page) permalinkURL() string {
	h, err := hashFor(p.currentState())
	if err != nil {
		return ""
	}
	loc := js.Global().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String() + loc.Get("search").String() + "#" + h
}

func (p *page) loadExample() {
	id := p.el("example").Get("value").String()
	ex, ok := pageview.ExampleByID(id)
	if !ok {
		p.el("example-source").Set("textContent", "Choose an example first.")
		return
	}
	p.robots.SetValue(ex.Robots)
	p.selectors.SetValue(ex.Selectors)
	p.agents.SetValue(ex.Agents)
	p.setEnds(pageview.LF)
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
