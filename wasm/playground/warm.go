//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/highlight"
	"github.com/smolbots/smolbots/core/pageview"
)

// warmSteps is how many times warmUp runs a keystroke's Go code: about
// what the first keys typed into a fresh page took to get fast.
const warmSteps = 40

// warmUp runs the Go code of a keystroke on the case shown, its results
// thrown away, a step at a time while the browser is idle once the page
// has been taken over. The browser compiles a WebAssembly function on
// its first call and optimises it only after it has run for a while:
// without this the first dozen keys a visitor types take two to three
// times as long as the later ones. It touches neither the DOM nor the
// page's state.
func (p *page) warmUp() {
	var w warmer
	var step js.Func
	step = js.FuncOf(func(_ js.Value, args []js.Value) any {
		// An idle callback says how long the browser can spare; a
		// timer (browsers without requestIdleCallback) runs one step.
		idle := len(args) > 0 && args[0].Type() == js.TypeObject
		if !p.warmable() {
			w.done = warmSteps // a big case: its keys are not answered at once anyway
		}
		for w.done < warmSteps {
			w.step(p)
			if !idle || args[0].Call("timeRemaining").Float() < 4 {
				break
			}
		}
		if w.done < warmSteps {
			later(step)
		} else {
			step.Release()
		}
		return nil
	})
	later(step)
}

// warmable says whether the case is small enough for work in the
// browser's idle time between keys (a few milliseconds): a small file
// and a grid of at most 1,500 cells. A bigger case's keys warm the code
// soon enough themselves, and its garbage waits for a pause in typing.
func (p *page) warmable() bool {
	return p.ed.size() <= pageview.SmallBytes && len(p.g.Rows)*len(p.g.Dialects) <= 1500
}

// later calls fn when the browser is idle, or after a short wait where
// it cannot say.
func later(fn js.Func) {
	if ric := js.Global().Get("requestIdleCallback"); ric.Type() == js.TypeFunction {
		ric.Invoke(fn, map[string]any{"timeout": 1000})
		return
	}
	js.Global().Call("setTimeout", fn, 50)
}

// warmer holds a builder and caches of its own, so that the steps go
// the way keystrokes do: the file parsed and linted again, the policies
// and colours of unchanged lines reused.
type warmer struct {
	done     int
	builder  grid.Builder
	crawlers grid.CrawlerTable
	colours  highlight.Cache
}

func (w *warmer) step(p *page) {
	w.done++
	// Each step edits the file as a key would: a different character
	// at the end of a line in the middle.
	robots := p.ed.text()
	at := len(robots) / 2
	for at < len(robots) && robots[at] != '\n' {
		at++
	}
	robots = robots[:at] + string(rune('a'+w.done%26)) + robots[at:]
	g := w.builder.Build(grid.Input{
		Robots:    pageview.WithEnds(robots, p.ed.ends),
		Selectors: p.selectors.Value(),
		Agents:    p.agents.Value(),
		Dialects:  pageview.DialectsShown(p.hidden),
	})
	findings := pageview.ScopeFindings(pageview.Findings(&g), p.protocol, g.Dialects)
	marks := pageview.IndexMarks(findings)
	from, to := pageview.GutterWindow(pageview.CountLines(robots), 1, 40)
	presets := pageview.CrawlersShown(p.crawlers.choice)
	rows := w.crawlers.Build(w.builder.File(), g.Selectors, presets)
	sink := pageview.GridHTML(&g, "") + pageview.CrawlerTableHTML(rows, presets, g.Selectors, "") +
		pageview.GutterHTML(from, to, marks, 0) + pageview.LintsHTML(findings, g.Problems) +
		pageview.LintCount(findings, g.Problems) + pageview.FactsHTML(&g) + pageview.Summary(&g)
	w.colours.Lines(robots)
	_ = sink
}
