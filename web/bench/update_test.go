package main

import (
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/highlight"
	"github.com/smolbots/smolbots/core/pageview"
)

// update is the Go side of one keystroke in the page, natively: the
// model, then the HTML the page would draw.
func update(c benchCase, colours *highlight.Cache) int {
	g := grid.Build(grid.Input{Robots: c.robots, Selectors: c.selectors, Agents: c.agents, Dialects: core.Dialects()})
	f := pageview.Findings(&g)
	from, to := pageview.GutterWindow(pageview.CountLines(c.robots), 1, 30)
	return len(pageview.GridHTML(&g, "")) + len(pageview.LintsHTML(f, g.Problems)) + len(pageview.FactsHTML(&g)) +
		len(pageview.GutterHTML(from, to, pageview.IndexMarks(f), 0)) + len(colours.HTML(c.robots))
}

func benchUpdate(b *testing.B, c benchCase) {
	var colours highlight.Cache
	for b.Loop() {
		update(c, &colours)
	}
}

func BenchmarkUpdateSmall(b *testing.B) { benchUpdate(b, smallCase()) }
func BenchmarkUpdateLarge(b *testing.B) { benchUpdate(b, largeCase()) }

func TestCases(t *testing.T) {
	s, l := smallCase(), largeCase()
	if n := pageview.CountLines(s.robots); n != 101 {
		t.Errorf("the small case has %d lines, want 100 and a final newline", n)
	}
	if len(l.robots) != core.MaxBytes {
		t.Errorf("the large case is %d bytes, want %d", len(l.robots), core.MaxBytes)
	}
	g := grid.Build(grid.Input{Robots: s.robots, Selectors: s.selectors, Agents: s.agents, Dialects: core.Dialects()})
	if len(g.Rows)*len(g.Dialects) != 1200 || len(g.Problems) != 0 {
		t.Errorf("the small case makes %d cells (%d problems), want 1200", len(g.Rows)*len(g.Dialects), len(g.Problems))
	}
}
