package bench

import (
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/jimsmart/grobotstxt"
	"github.com/smolbots/smolbots/core"
	"github.com/temoto/robotstxt"
)

// grobotstxt wants a URL, not a path.
const urlPrefix = "http://capsule.example"

type input struct {
	name string
	body []byte
	sels []string
}

func inputs(tb testing.TB) []input {
	tb.Helper()
	small, err := os.ReadFile(Small)
	if err != nil {
		tb.Fatal(err)
	}
	return []input{
		{"small", small, SmallSelectors},
		{"large", Large(), LargeSelectors},
	}
}

var (
	sinkBool bool
	sinkAny  any
)

// BenchmarkParse: smolbots parses and groups (Parse + Compile); temoto
// builds its group map. grobotstxt has no parsed form: its only entry
// point parses the file while answering one query, so that is what its
// row measures.
func BenchmarkParse(b *testing.B) {
	for _, in := range inputs(b) {
		text := string(in.body)
		b.Run(in.name+"/smolbots", func(b *testing.B) {
			measure(b, int64(len(in.body)), func(i int) {
				sinkAny = core.RFC9309.Compile(core.Parse(in.body))
			})
		})
		b.Run(in.name+"/temoto", func(b *testing.B) {
			measure(b, int64(len(in.body)), func(i int) {
				r, err := robotstxt.FromBytes(in.body)
				if err != nil {
					b.Fatal(err)
				}
				sinkAny = r
			})
		})
		b.Run(in.name+"/grobotstxt", func(b *testing.B) {
			u := urlPrefix + in.sels[0]
			measure(b, int64(len(in.body)), func(i int) {
				sinkBool = grobotstxt.AgentAllowed(text, Agent, u)
			})
		})
	}
}

// BenchmarkPolicy: choosing the agent's group(s) once, before many queries.
func BenchmarkPolicy(b *testing.B) {
	agent := core.MustAgent(Agent)
	for _, in := range inputs(b) {
		rs := core.RFC9309.Compile(core.Parse(in.body))
		r, err := robotstxt.FromBytes(in.body)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(in.name+"/smolbots", func(b *testing.B) {
			measure(b, 0, func(i int) {
				sinkAny = rs.Policy(agent)
			})
		})
		b.Run(in.name+"/temoto", func(b *testing.B) {
			measure(b, 0, func(i int) {
				sinkAny = r.FindGroup(Agent)
			})
		})
	}
}

// BenchmarkQuery is the cost of one selector on an already parsed file,
// cycling through the input's selectors. grobotstxt re-parses the whole
// file on every query: that is its only API.
func BenchmarkQuery(b *testing.B) {
	agent := core.MustAgent(Agent)
	for _, in := range inputs(b) {
		checkSameAnswers(b, in)
		p := core.RFC9309.Compile(core.Parse(in.body)).Policy(agent)
		r, err := robotstxt.FromBytes(in.body)
		if err != nil {
			b.Fatal(err)
		}
		g := r.FindGroup(Agent)
		text := string(in.body)
		urls := make([]string, len(in.sels))
		for i, s := range in.sels {
			urls[i] = urlPrefix + s
		}
		n := len(in.sels)
		b.Run(in.name+"/smolbots-Test", func(b *testing.B) {
			measure(b, 0, func(i int) {
				sinkBool = p.Test(in.sels[i%n]).Allowed
			})
		})
		b.Run(in.name+"/smolbots-Allowed", func(b *testing.B) {
			measure(b, 0, func(i int) {
				sinkBool = p.Allowed(in.sels[i%n])
			})
		})
		b.Run(in.name+"/temoto", func(b *testing.B) {
			measure(b, 0, func(i int) {
				sinkBool = g.Test(in.sels[i%n])
			})
		})
		b.Run(in.name+"/grobotstxt", func(b *testing.B) {
			measure(b, 0, func(i int) {
				sinkBool = grobotstxt.AgentAllowed(text, Agent, urls[i%n])
			})
		})
	}
}

// globCase is a pattern and a selector it does not match: the worst case
// for a backtracking matcher, which retries every star.
type globCase struct {
	name, pattern, selector string
}

func globCases() []globCase {
	var cs []globCase
	for _, n := range []int{1000, 10000, 100000} {
		cs = append(cs, globCase{
			name:     "len=" + itoa(n),
			pattern:  "/*a*a*a*a*a*a*b",
			selector: "/" + strings.Repeat("a", n-1),
		})
	}
	// Many stars against a long almost-match: 200 pieces, 10 KB selector,
	// failing only at the final `$`.
	cs = append(cs, globCase{
		name:     "pathological",
		pattern:  "/" + strings.Repeat("*ab", 200) + "$",
		selector: "/" + strings.Repeat("ab", 5000) + "c",
	})
	return cs
}

func itoa(n int) string {
	switch {
	case n >= 1000 && n%1000 == 0:
		return itoa(n/1000) + "k"
	case n < 10:
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// BenchmarkGlob times one wildcard match: smolbots' matcher directly,
// grobotstxt's exported Matches, temoto through a one-rule group (its
// matcher is a regexp built at parse time).
func BenchmarkGlob(b *testing.B) {
	for _, c := range globCases() {
		r, err := robotstxt.FromString("User-agent: *\nDisallow: " + c.pattern + "\n")
		if err != nil {
			b.Fatal(err)
		}
		g := r.FindGroup(Agent)
		b.Run(c.name+"/smolbots", func(b *testing.B) {
			measure(b, int64(len(c.selector)), func(i int) {
				sinkBool = core.GlobDollar.Match(c.pattern, c.selector)
			})
		})
		b.Run(c.name+"/temoto", func(b *testing.B) {
			measure(b, int64(len(c.selector)), func(i int) {
				sinkBool = g.Test(c.selector)
			})
		})
		b.Run(c.name+"/grobotstxt", func(b *testing.B) {
			measure(b, int64(len(c.selector)), func(i int) {
				sinkBool = grobotstxt.Matches(c.selector, c.pattern)
			})
		})
	}
}

// measure runs body b.N times with allocations reported and adds
// cpu-ns/op: the process's CPU time (all threads, so GC work counts) per
// operation. On a shared machine wall time also counts time spent waiting
// for a core; CPU time does not, so the ratios use it.
func measure(b *testing.B, bytesPerOp int64, body func(i int)) {
	b.ReportAllocs()
	if bytesPerOp > 0 {
		b.SetBytes(bytesPerOp)
	}
	start := cpuTime(b)
	for i := 0; i < b.N; i++ {
		body(i)
	}
	b.ReportMetric(float64(cpuTime(b)-start)/float64(b.N), "cpu-ns/op")
}

func cpuTime(b *testing.B) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
