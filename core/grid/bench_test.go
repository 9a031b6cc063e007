package grid

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/internal/benchrobots"
)

// benchRobots makes a file of at least lines lines or size bytes (the
// first reached); the records are the core benchmarks' own.
func benchRobots(lines, size int) string { return benchrobots.Robots(lines, size) }

func benchInput(robots string) Input {
	var sel strings.Builder
	for i := 0; i < 50; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&sel, "/area%d/sub%d/page\n", i, i%6)
		case 1:
			fmt.Fprintf(&sel, "gopher://capsule.example/1/area%d/sub0\n", i)
		case 2:
			fmt.Fprintf(&sel, "gemini://capsule.example/area%d/sub1/open/x.cgi\n", i)
		default:
			fmt.Fprintf(&sel, "area%d/plain\n", i)
		}
	}
	return Input{
		Robots:    robots,
		Selectors: sel.String(),
		Agents:    "GUS(indexer)\n*\nLupa(researcher,archiver)\narchiver",
		Dialects:  core.Dialects(),
	}
}

func benchBuild(b *testing.B, in Input) {
	b.ReportAllocs()
	b.SetBytes(int64(len(in.Robots)))
	var g Grid
	for b.Loop() {
		g = Build(in)
	}
	if len(g.Rows) != 4*50 {
		b.Fatalf("%d rows, want 200", len(g.Rows))
	}
}

// The page's keystroke budget: 100 lines x 50 selectors x 4 agents x 6 dialects.
func BenchmarkBuild(b *testing.B) {
	b.Run("100lines", func(b *testing.B) {
		r := benchRobots(100, 1<<30)
		if n := strings.Count(r, "\n"); n < 100 || n > 120 {
			b.Fatalf("%d lines", n)
		}
		benchBuild(b, benchInput(r))
	})
	b.Run("500KiB", func(b *testing.B) {
		r := benchRobots(1<<30, core.MaxBytes)[:core.MaxBytes]
		benchBuild(b, benchInput(r))
	})
}

// BenchmarkBuilder measures one keystroke: in the selector box (parse,
// compile and policies reused; tests and lints redone), in the agent box
// (lints reused too), and in the robots.txt with LintLater (everything
// but the lints redone).
func BenchmarkBuilder(b *testing.B) {
	for _, tc := range []struct {
		name   string
		robots string
	}{
		{"100lines", benchRobots(100, 1<<30)},
		{"500KiB", benchRobots(1<<30, core.MaxBytes)[:core.MaxBytes]},
	} {
		b.Run(tc.name+"/selectors", func(b *testing.B) {
			in := benchInput(tc.robots)
			var bl Builder
			bl.Build(in)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				in.Selectors = in.Selectors[:len(in.Selectors)-1] + strconv.Itoa(i%10) + "\n"
				bl.Build(in)
			}
		})
		b.Run(tc.name+"/robots-lintlater", func(b *testing.B) {
			in := benchInput(tc.robots)
			in.LintLater = true
			var bl Builder
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				in.Robots = tc.robots + "#" + strconv.Itoa(i) // a keystroke at the end
				if g := bl.Build(in); !g.LintPending {
					b.Fatal("a file edit did not leave the lint pending")
				}
			}
		})
		b.Run(tc.name+"/agents", func(b *testing.B) {
			in := benchInput(tc.robots)
			var bl Builder
			bl.Build(in)
			base := in.Agents
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				in.Agents = base[:len(base)-1] + strconv.Itoa(i%10)
				bl.Build(in)
			}
		})
	}
}
