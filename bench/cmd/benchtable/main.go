// Command benchtable turns the output of one `go test -bench -benchmem`
// run of this module into the Markdown tables of BENCHMARKS.md, so every
// ratio there comes from the same run:
//
//	go test -run='^$' -bench=. -benchmem . | tee bench.out
//	go run ./cmd/benchtable < bench.out
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
)

type result struct {
	impl          string
	ns, bytes, al float64
}

type table struct {
	name string // e.g. "Query/large"
	rows []result
}

// line matches e.g.
// BenchmarkQuery/large/temoto-2  982351  608.6 ns/op  0 B/op  0 allocs/op
var line = regexp.MustCompile(`^Benchmark(\w+)/([^/\s]+)/(\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:\s+[\d.]+ MB/s)?(?:\s+([\d.]+) B/op\s+([\d.]+) allocs/op)?`)

func read(r io.Reader) ([]*table, error) {
	var tables []*table
	byName := map[string]*table{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		name := m[1] + "/" + m[2]
		t := byName[name]
		if t == nil {
			t = &table{name: name}
			byName[name] = t
			tables = append(tables, t)
		}
		res := result{impl: m[3]}
		res.ns, _ = strconv.ParseFloat(m[4], 64)
		res.bytes, _ = strconv.ParseFloat(m[5], 64)
		res.al, _ = strconv.ParseFloat(m[6], 64)
		t.rows = append(t.rows, res)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(tables) == 0 {
		return nil, fmt.Errorf("no benchmark lines with ns/op in the input")
	}
	return tables, nil
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

// write prints one table per benchmark and input; each row's time is also
// given as a multiple of each smolbots row's.
func write(w io.Writer, tables []*table) {
	for _, t := range tables {
		var base []result
		for _, r := range t.rows {
			if ours(r.impl) {
				base = append(base, r)
			}
		}
		fmt.Fprintf(w, "#### %s\n\n| library | time/op | B/op | allocs/op |", t.name)
		for _, b := range base {
			fmt.Fprintf(w, " time ÷ %s |", b.impl)
		}
		fmt.Fprintf(w, "\n|---|--:|--:|--:|%s\n", strings.Repeat("--:|", len(base)))
		for _, r := range t.rows {
			fmt.Fprintf(w, "| %s | %s | %.0f | %.0f |", r.impl, ns(r.ns), r.bytes, r.al)
			for _, b := range base {
				fmt.Fprintf(w, " %.2f× |", r.ns/b.ns)
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w)
	}
	scaling(w, tables)
}

// scaling prints the Glob/len=N tables side by side with growth factors:
// a linear matcher grows about 10× per 10× of selector.
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
			fmt.Fprintf(w, " %s |", ns(t.rows[i].ns))
		}
		for j := 1; j < len(lens); j++ {
			fmt.Fprintf(w, " %.1f× |", lens[j].rows[i].ns/lens[j-1].rows[i].ns)
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
