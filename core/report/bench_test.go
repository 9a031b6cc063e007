package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
)

// bigCase is a 500 KiB file of many small groups: thousands of lints.
func bigCase() reportCase {
	var big strings.Builder
	for i := 0; big.Len() < core.MaxBytes; i++ {
		fmt.Fprintf(&big, "User-agent: bot%d\nDisallow: /area%d\nAllow: /area%d/open\n\n", i, i, i)
	}
	return reportCase{name: "500KiB", robots: big.String()[:core.MaxBytes], selectors: "/area1/x\n/area2/open\n/y",
		agents: "bot1\nbot2(indexer)\n*", dialects: core.Dialects()}
}

// A huge file gives a report one can still paste: the listing and the
// lints are cut to what matters, the rest counted.
func TestLargeFileReportIsShort(t *testing.T) {
	c := bigCase()
	g := grid.Build(grid.Input{Robots: c.robots, Selectors: c.selectors, Agents: c.agents, Dialects: c.dialects})
	if len(g.Findings) <= MaxFindings {
		t.Fatalf("only %d findings; the case should exceed MaxFindings", len(g.Findings))
	}
	out := Text(g, c.robots, link)
	if len(out) > 100<<10 {
		t.Errorf("report of a 500 KiB file is %d bytes", len(out))
	}
	for _, want := range []string{"lines left out)", "more not listed:"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	checkLines(t, "500KiB.txt", out, false)
}

// BenchmarkText is the "Copy report" click: a typical case and a
// 500 KiB file (listed only around the lines that matter).
func BenchmarkText(b *testing.B) {
	for _, c := range []reportCase{cases()[3], bigCase()} {
		g := grid.Build(grid.Input{Robots: c.robots, Selectors: c.selectors, Agents: c.agents, Dialects: c.dialects})
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n = len(Text(g, c.robots, link))
			}
			b.ReportMetric(float64(n), "bytes/report")
		})
	}
}
