package fix

import (
	"syscall"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/internal/benchrobots"
)

// benchSmall is a capsule file with something for most steps: a blank
// line inside a group, the * group first, a duplicate group, an Allow
// under a Disallow and a role named the Gemini way.
const benchSmall = `# wiki capsule
User-agent: *

Disallow: /raw/
Disallow: /do/

User-agent: indexer
Disallow: /do/
Allow: /do/index
Disallow: /history/

User-agent: indexer
Disallow: /feeds/
`

// BenchmarkFix sets fix beside lint on the same files, in one run: lint
// is what an admin runs anyway, so fix's cost reads as a multiple of it.
func BenchmarkFix(b *testing.B) {
	inputs := []struct {
		name string
		data []byte
	}{
		{"small", []byte(benchSmall)},
		{"large", []byte(benchrobots.Robots(1<<30, 500*1024))},
	}
	opt := Options{Protocol: core.ProtocolAny, Agents: []core.Agent{core.MustAgent("*"), core.MustAgent("GUS(indexer)")}}
	for _, in := range inputs {
		b.Run("fix/"+in.name, func(b *testing.B) {
			perCPU(b, len(in.data), func() {
				if _, err := Fix(in.data, opt); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run("lint/"+in.name, func(b *testing.B) {
			perCPU(b, len(in.data), func() { core.Lint(core.Parse(in.data), nil) })
		})
	}
}

// perCPU runs body b.N times and adds cpu-ns/op, the process's CPU time
// per run, which a busy shared machine does not inflate as it does wall
// time.
func perCPU(b *testing.B, size int, body func()) {
	b.ReportAllocs()
	b.SetBytes(int64(size))
	cpu := func() int64 {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return ru.Utime.Nano() + ru.Stime.Nano()
	}
	start := cpu()
	for i := 0; i < b.N; i++ {
		body()
	}
	b.ReportMetric(float64(cpu()-start)/float64(b.N), "cpu-ns/op")
}
