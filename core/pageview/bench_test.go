package pageview

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/highlight"
)

// benchRobots is 100 lines in 10 groups, as in the page benchmark.
func benchRobots() string {
	var r strings.Builder
	agents := []string{"GUS", "indexer", "archiver", "Lupa", "researcher", "Elpher", "webproxy", "Kristall", "feed", "*"}
	for g := 0; g < 10; g++ {
		fmt.Fprintf(&r, "# group %d\n", g)
		if g%3 == 1 {
			fmt.Fprintf(&r, "Virtual-agent: %s\n", agents[g])
		} else {
			fmt.Fprintf(&r, "User-agent: %s\n", agents[g])
		}
		for i := 0; i < 6; i++ {
			field := "Disallow"
			if i%3 == 2 {
				field = "Allow"
			}
			fmt.Fprintf(&r, "%s: /area%d/sub%d%s\n", field, g, i, []string{"", "*", "/", "$", ".gmi", ""}[i])
		}
		fmt.Fprintf(&r, "Crawl-delay: %d\n\n", g+1)
	}
	return r.String()
}

func benchSelectors() string {
	var s strings.Builder
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&s, "/area%d/sub%d/page%d.gmi\n", i%10, i%6, i)
	}
	return s.String()
}

const benchAgents = "GUS(indexer)\nLupa(archiver,researcher)\nElpher\n*\n"

func bigRobots() string {
	var r strings.Builder
	r.WriteString(benchRobots())
	for i := 0; r.Len() < core.MaxBytes; i++ {
		fmt.Fprintf(&r, "User-agent: bot%d\nDisallow: /private%d/\nAllow: /private%d/open\n\n", i, i, i)
	}
	return r.String()[:core.MaxBytes]
}

var colours highlight.Cache

// update is the Go side of one keystroke in the page.
func update(robots string) int {
	g := grid.Build(grid.Input{Robots: robots, Selectors: benchSelectors(), Agents: benchAgents, Dialects: core.Dialects()})
	f := Findings(&g)
	from, to := GutterWindow(CountLines(robots), 1, 30)
	n := len(GridHTML(&g, "")) + len(LintsHTML(f, g.Problems)) + len(FactsHTML(&g)) + len(GutterHTML(from, to, IndexMarks(f), 0))
	n += len(colours.HTML(robots))
	return n
}

func BenchmarkUpdateSmall(b *testing.B) {
	r := benchRobots()
	for b.Loop() {
		update(r)
	}
}

func BenchmarkUpdateLarge(b *testing.B) {
	r := bigRobots()
	for b.Loop() {
		update(r)
	}
}

func BenchmarkGridBuildLarge(b *testing.B) {
	r := bigRobots()
	for b.Loop() {
		grid.Build(grid.Input{Robots: r, Selectors: benchSelectors(), Agents: benchAgents, Dialects: core.Dialects()})
	}
}

func BenchmarkLintLarge(b *testing.B) {
	f := core.Parse([]byte(bigRobots()))
	for b.Loop() {
		core.Lint(f, nil)
	}
}
