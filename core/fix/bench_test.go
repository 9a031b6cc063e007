package fix

import (
	"fmt"
	"strings"
	"syscall"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/lint"
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
		{"crawlers", manyCrawlers(500 * 1024)},
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
			perCPU(b, len(in.data), func() { lint.Lint(core.Parse(in.data), nil) })
		})
	}
}

// manyCrawlers is a file of size bytes naming a new crawler in every
// group (bot0, bot1, ...), each with an Allow inside a Disallow, and
// every seventh naming an earlier one again, after a * group that comes
// first: RFC 9309 reads every name as the product token "bot", so each
// crawler's policy merges all of its groups.
func manyCrawlers(size int) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /tmp\n\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "User-agent: bot%d\nDisallow: /a%d/\nAllow: /a%d/pub\nDisallow: /a%d/pub/x\n\n", i, i, i, i)
		if i%7 == 0 {
			fmt.Fprintf(&b, "User-agent: bot%d\nDisallow: /dup%d\n\n", i/2, i)
		}
	}
	return []byte(b.String())
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

// BenchmarkFixEightMB sets fix on 8 MiB files beside fix on the small
// file: under gemini (Gemplex, GUS and others read all of it, past the
// 3 MiB smolbots keeps) fix refuses after one read; under gopher (every
// reader stops at 500 KiB) it rewrites the head and keeps the rest. The
// issue's shape (Disallow lines all the way) and a few rules among
// comments.
func BenchmarkFixEightMB(b *testing.B) {
	var rules strings.Builder
	rules.WriteString("User-agent: *\n")
	for i := 0; rules.Len() < 8<<20; i++ {
		fmt.Fprintf(&rules, "Disallow: /p%07d/\n", i)
	}
	inputs := []struct {
		name  string
		data  []byte
		scope core.Protocol
	}{
		{"small", []byte(benchSmall), core.ProtocolGopher},
		{"rules-gemini", []byte(rules.String()), core.ProtocolGemini},
		{"comments-gemini", []byte(eightMB()), core.ProtocolGemini},
		{"rules-gopher", []byte(rules.String()), core.ProtocolGopher},
		{"comments-gopher", []byte(eightMB()), core.ProtocolGopher},
	}
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			perCPU(b, len(in.data), func() {
				_, err := Fix(in.data, Options{Protocol: in.scope})
				if refused := err != nil; refused != strings.HasSuffix(in.name, "-gemini") {
					b.Fatalf("%s: %v", in.name, err)
				}
			})
		})
	}
}
