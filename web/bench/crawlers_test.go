package main

import (
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
)

// crawlerTable is the Real crawlers table's share of a keystroke in the
// robots.txt: the file is new, so each verified preset is compiled again
// and every selector tested, then the table drawn.
// The page parses once for the grid and the table; so does this.
func crawlerTable(f *core.File, selectors []string) int {
	presets := pageview.CrawlersShown(nil)
	var t grid.CrawlerTable
	return len(pageview.CrawlerTableHTML(t.Build(f, selectors, presets), presets, selectors, ""))
}

// benchCrawlers measures the table beside the whole update it joins
// (run both in one go test -bench run to compare them).
func benchCrawlers(b *testing.B, c benchCase) {
	f := core.Parse([]byte(c.robots))
	sels := grid.Build(grid.Input{Selectors: c.selectors}).Selectors
	for b.Loop() {
		crawlerTable(f, sels)
	}
}

func BenchmarkCrawlersSmall(b *testing.B) { benchCrawlers(b, smallCase()) }
func BenchmarkCrawlersLarge(b *testing.B) { benchCrawlers(b, largeCase()) }
