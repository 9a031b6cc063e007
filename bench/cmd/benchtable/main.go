// Command benchtable turns the output of one `go test -bench -benchmem`
// run of this module into the Markdown tables of BENCHMARKS.md, so every
// ratio there comes from the same run. With -count=N it reports each
// benchmark's median:
//
//	go test -run='^$' -bench=. -benchmem -count=5 -benchtime=0.2s . | tee bench.out
//	go run ./cmd/benchtable < bench.out
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

type result struct {
	impl      string
	ns, cpu   float64 // wall and CPU time per operation
	bytes, al float64
	runs      int // how many runs the median is taken over
}

type table struct {
	name  string // e.g. "Query/large"
	rows  []result
	order []string
	runs  map[string][]result
}

// name matches a benchmark's name, e.g. BenchmarkQuery/large/temoto-2;
// the rest of its line is the iteration count and value-unit pairs.
var name = regexp.MustCompile(`^Benchmark(\w+)/([^/\s]+)/(\S+?)(?:-\d+)?$`)

func read(r io.Reader) ([]*table, error) {
	var tables []*table
	byName := map[string]*table{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 {
			continue
		}
		m := name.FindStringSubmatch(f[0])
		if m == nil {
			continue
		}
		res := result{impl: m[3]}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("%q: %v", sc.Text(), err)
			}
			switch f[i+1] {
			case "ns/op":
				res.ns = v
			case "cpu-ns/op":
				res.cpu = v
			case "B/op":
				res.bytes = v
			case "allocs/op":
				res.al = v
			}
		}
		key := m[1] + "/" + m[2]
		t := byName[key]
		if t == nil {
			t = &table{name: key}
			byName[key] = t
			tables = append(tables, t)
		}
		t.add(res)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(tables) == 0 {
		return nil, fmt.Errorf("no benchmark lines with ns/op in the input")
	}
	for _, t := range tables {
		t.reduce()
	}
	return tables, nil
}

// add keeps every run of an implementation (go test -count=N).
func (t *table) add(r result) {
	if t.runs == nil {
		t.runs = map[string][]result{}
	}
	if _, ok := t.runs[r.impl]; !ok {
		t.order = append(t.order, r.impl)
	}
	t.runs[r.impl] = append(t.runs[r.impl], r)
}

// reduce keeps the median of each implementation's runs: on a shared
// machine one slow run should not decide a ratio.
func (t *table) reduce() {
	for _, impl := range t.order {
		runs := t.runs[impl]
		med := func(get func(result) float64) float64 {
			v := make([]float64, len(runs))
			for i, r := range runs {
				v[i] = get(r)
			}
			sort.Float64s(v)
			if n := len(v); n%2 == 0 {
				return (v[n/2-1] + v[n/2]) / 2
			}
			return v[len(v)/2]
		}
		t.rows = append(t.rows, result{
			impl:  impl,
			ns:    med(func(r result) float64 { return r.ns }),
			cpu:   med(func(r result) float64 { return r.cpu }),
			bytes: med(func(r result) float64 { return r.bytes }),
			al:    med(func(r result) float64 { return r.al }),
			runs:  len(runs),
		})
	}
}

func ours(impl string) bool { return strings.HasPrefix(impl, "smolbots") }

func ns(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.2f ms", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.2f µs", v/1e3)
	}
	return fmt.Sprintf("%.1f ns", v)
}

// cost is what the ratios compare: CPU time when the run measured it
// (see measure in bench_test.go), else wall time.
func (r result) cost() float64 {
	if r.cpu > 0 {
		return r.cpu
	}
	return r.ns
}

// write prints one table per benchmark and input; each row's cost is also
// given as a multiple of each smolbots row's.
func write(w io.Writer, tables []*table) {
	for _, t := range tables {
		var base []result
		for _, r := range t.rows {
			if ours(r.impl) {
				base = append(base, r)
			}
		}
		fmt.Fprintf(w, "#### %s\n\n| library | CPU time/op | wall time/op | B/op | allocs/op |", t.name)
		for _, b := range base {
			fmt.Fprintf(w, " ÷ %s |", b.impl)
		}
		fmt.Fprintf(w, "\n|---|--:|--:|--:|--:|%s\n", strings.Repeat("--:|", len(base)))
		for _, r := range t.rows {
			fmt.Fprintf(w, "| %s | %s | %s | %.0f | %.0f |", r.impl, ns(r.cpu), ns(r.ns), r.bytes, r.al)
			for _, b := range base {
				fmt.Fprintf(w, " %.2f× |", r.cost()/b.cost())
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w)
	}
	scaling(w, tables)
}

// scaling prints the Glob/len=N costs side by side with growth factors:
// a linear matcher grows at most about 10× per 10× of selector.
func scaling(w io.Writer, tables []*table) {
	var lens []*table
	for _, t := range tables {
		if strings.HasPrefix(t.name, "Glob/len=") {
			lens = append(lens, t)
		}
	}
	if len(lens) < 2 {
		return
	}
	fmt.Fprintf(w, "#### Glob scaling\n\n| library |")
	for _, t := range lens {
		fmt.Fprintf(w, " %s |", strings.TrimPrefix(t.name, "Glob/"))
	}
	for i := 1; i < len(lens); i++ {
		fmt.Fprintf(w, " growth %s→%s |", strings.TrimPrefix(lens[i-1].name, "Glob/len="), strings.TrimPrefix(lens[i].name, "Glob/len="))
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("--:|", 2*len(lens)-1))
	for i, r := range lens[0].rows {
		fmt.Fprintf(w, "| %s |", r.impl)
		for _, t := range lens {
			fmt.Fprintf(w, " %s |", ns(t.rows[i].cost()))
		}
		for j := 1; j < len(lens); j++ {
			fmt.Fprintf(w, " %.1f× |", lens[j].rows[i].cost()/lens[j-1].rows[i].cost())
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}

func main() {
	tables, err := read(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
	write(os.Stdout, tables)
}
