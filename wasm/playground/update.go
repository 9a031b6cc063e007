//go:build js && wasm

package main

import (
	"runtime"
	"runtime/debug"
	"strconv"
	"syscall/js"
	"time"

	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
)

// A keystroke's path, top to bottom: changed (the input event) ->
// update, which builds the model and has each part draw what changed:
// the editor's overlay and gutter, the verdict grid, the Real crawlers
// table, the lower pane, the summary, the chosen cell; then the address
// (scheduleHash, link.go).

// changed runs on every input event: small cases update at once, big
// ones at the next animation frame. The textarea never waits.
func (p *page) changed() {
	p.fromLink = false
	if pageview.NextFrame(p.ed.size(), len(p.g.Rows)) {
		if !p.framePending {
			p.framePending = true
			js.Global().Call("requestAnimationFrame", p.onFrame)
		}
		return
	}
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
	v := p.ed.view
	robots := p.ed.text()
	first := p.updates == 0 && !p.adopting // the page's first drawing
	// A big file is linted once typing pauses: linting is most of the
	// work there, and the verdicts should not wait for it. Nor does the
	// first grid after the page loads.
	p.g = p.builder.Build(grid.Input{
		Robots:    pageview.WithEnds(robots, p.ed.ends),
		Selectors: p.selectors.Value(),
		Agents:    p.agents.Value(),
		Dialects:  pageview.WithReader(pageview.DialectsShown(p.hidden), p.reader.d, p.reader.ok),
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
			if p.adoptPending {
				// The take-over's second half is still due: a first
				// update slower than LintDelay (a busy machine) let this
				// timer come due beside it. It lints without redrawing.
				p.adoptRest()
				return
			}
			p.lintNow = true
			p.update()
			p.lintNow = false
		})
	} else {
		p.findings = p.g.Findings
	}
	if !p.adopting {
		p.adoptPending = false // this update draws everything itself
		p.pane.lintPending(p.g.LintPending)
	}
	t1 := perf.Call("now").Float()

	if first {
		// The first drawing (a link's) is the verdicts alone. The rest
		// (the editor's colours and marks, the Real crawlers table, which
		// compiles every preset, the lower pane, the summary, the chosen
		// cell's explanation and answer) runs code the browser compiles
		// on its first call, and lays out more of the page in the
		// verdicts' frame: finishFirst draws it once the grid is on
		// screen. Until then the editor shows its plain text (main.js).
		p.ed.count = pageview.CountLines(robots)
		p.verdicts.draw(&p.g, p.cell, false)
		p.afterShown(p.finishFirst)
		p.noteUpdate(t0, t1)
		return
	}

	// The editor: the overlay's colours, then the gutter's marks.
	if p.adopting && p.g.LintPending {
		// Taking over the drawn page, which shows the lint and the
		// colours already: working them out waits for adoptRest, so the
		// page answers sooner.
		p.ed.count = pageview.CountLines(robots)
	} else {
		p.ed.drawText(robots, p.adopting)
	}
	findings := p.scopedFindings()
	p.ed.setMarks(findings, v, p.adopting)

	// The verdicts, then the Real crawlers table.
	p.verdicts.draw(&p.g, p.cell, p.adopting)
	p.crawlers.draw(p.builder.File(), p.g.Selectors, p.cell, p.g.LintPending, p.adopting)
	p.checkRecord()

	// The lower pane, the summary, the chosen cell.
	p.pane.drawLints(findings, p.g.Problems, p.adopting)
	p.pane.drawFacts(&p.g, p.adopting)
	p.verdicts.drawSummary(&p.g, p.adopting)
	p.ed.view = v
	p.chooseIn(v, p.cell, false)
	p.ed.applyScroll(v, p.adopting)
	p.portableState(robots)
	p.noteUpdate(t0, t1)
}

// noteUpdate counts an update and notes, for the page benchmark, when it
// began (t0), how long the model took (to t1) and the drawing (to now).
func (p *page) noteUpdate(t0, t1 float64) {
	perf := js.Global().Get("performance")
	p.updates++
	ds := p.body.Get("dataset")
	ds.Set("startMs", strconv.FormatFloat(t0, 'f', 2, 64))
	ds.Set("modelMs", strconv.FormatFloat(t1-t0, 'f', 2, 64))
	ds.Set("drawMs", strconv.FormatFloat(perf.Call("now").Float()-t1, 'f', 2, 64))
	ds.Set("updates", p.updates)
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
		// web/bench -probe: the frame after the first update began.
		js.Global().Get("performance").Call("mark", "smolbots-frame")
		js.Global().Call("setTimeout", timer, 0)
		return nil
	})
	js.Global().Call("requestAnimationFrame", frame)
}

// afterShown runs fn once the browser has put the grid just drawn on
// screen: the Element Timing entry of its first cell, which comes once
// the frame holding it has been presented. Work started as soon as that
// frame's layout and paint are done (afterPaint) holds the page's
// thread while the frame is still being rasterised: in three A/B runs of
// four, waiting brought a link's verdicts on screen 14 to 22 ms sooner
// after the take-over (docs/benchmarks/shared-link.md). Where
// there is no entry to wait for (no Element Timing, a grid without
// cells), or it is late, afterPaint's timing stands; p.shown then runs
// what waited too (warmUp).
func (p *page) afterShown(fn func()) {
	po := js.Global().Get("PerformanceObserver")
	if po.Type() != js.TypeFunction || po.Get("supportedEntryTypes").Type() != js.TypeObject ||
		!po.Get("supportedEntryTypes").Call("includes", "element").Bool() ||
		p.verdicts.table.Call("querySelector", "[elementtiming=first-verdict]").IsNull() {
		afterPaint(fn)
		return
	}
	p.showing = true
	var obs js.Value
	var seen, late js.Func
	done := func() {
		if !p.showing {
			return
		}
		p.showing = false
		obs.Call("disconnect")
		seen.Release()
		fn()
		for _, f := range p.shown {
			f()
		}
		p.shown = nil
	}
	seen = js.FuncOf(func(_ js.Value, args []js.Value) any {
		entries := args[0].Call("getEntries")
		for i, n := 0, entries.Length(); i < n; i++ {
			if entries.Index(i).Get("identifier").String() == "first-verdict" {
				// A task of its own, not the observer's callback.
				js.Global().Call("setTimeout", late, 0)
				break
			}
		}
		return nil
	})
	late = js.FuncOf(func(js.Value, []js.Value) any {
		done()
		return nil
	})
	obs = po.New(seen)
	obs.Call("observe", map[string]any{"type": "element"})
	// Never later than this: a browser may not report a cell it
	// painted (one scrolled out of view, say).
	js.Global().Call("setTimeout", late, shownWait)
}

// shownWait is the longest afterShown waits for the grid on screen, in
// milliseconds.
const shownWait = 1000

// finishFirst completes the first update once its grid is shown.
func (p *page) finishFirst() {
	// web/bench -probe: the rest of the first update began.
	js.Global().Get("performance").Call("mark", "smolbots-idle")
	p.lintNow = true
	p.update()
	p.lintNow = false
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

// setCollector lets the heap grow further between collections, within a
// bound: the collector runs on the page's only thread, inside
// keystrokes, and collectWhenIdle collects when typing pauses. At 400 a
// 1,200-cell case collected every ~12 keys, each time adding 3-8 ms to
// a key; at 1000 every ~35.
func setCollector() {
	debug.SetGCPercent(1000)
	debug.SetMemoryLimit(256 << 20)
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
