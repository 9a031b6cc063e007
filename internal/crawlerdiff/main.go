// Command crawlerdiff counts, for each robots.txt in a directory and each
// crawler preset, how many of the file's own rule paths the preset reads
// differently from rfc9309: which crawler surprises an admin most. The
// files are read where they are; nothing is copied.
//
//	go run ./internal/crawlerdiff [-near] DIR
//
// -near tests, instead of each rule path, its neighbours: the path with
// "-x" added (a sibling a byte prefix covers) and with "/x" added (a
// child), which is where segment matching and anchoring show.
//
// The baseline is rfc9309 for the name the Gemini companion spec gives
// the crawler's kind: "indexer" for search engines, "archiver" for
// archivers, "*" for Veronica-2 (Gopher has no roles).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// baseline is the agent rfc9309 is asked about for a preset: its first
// role (Crawler.Roles), * when it has none.
func baseline(d core.Dialect) string {
	if len(d.Crawler.Roles) == 0 {
		return "*"
	}
	return d.Crawler.Roles[0]
}

// rulePaths are the paths the file's own Allow and Disallow lines name,
// made concrete: a final $ dropped, each * standing for "x".
func rulePaths(f *core.File) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range f.Lines {
		if l.Kind != core.FieldLine || l.Key != core.Disallow && l.Key != core.Allow || l.Value == "" {
			continue
		}
		p := strings.ReplaceAll(strings.TrimSuffix(l.Value, "$"), "*", "x")
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// near are the neighbours of each path: a sibling and a child.
func near(paths []string) []string {
	out := make([]string, 0, 2*len(paths))
	for _, p := range paths {
		out = append(out, p+"-x", strings.TrimSuffix(p, "/")+"/x")
	}
	return out
}

// differ counts the paths d reads differently from rfc9309.
func differ(f *core.File, d core.Dialect, paths []string) (n, total int) {
	base := core.RFC9309.Compile(f).Policy(core.MustAgent(baseline(d)))
	p := d.Compile(f).Policy(core.Agent{})
	for _, s := range paths {
		if p.Allowed(s) != base.Allowed(s) {
			n++
		}
	}
	return n, len(paths)
}

func main() {
	nearby := flag.Bool("near", false, "test each rule path's neighbours (PATH-x, PATH/x) instead of the path")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: crawlerdiff [-near] DIR (a directory of robots.txt files, *.txt)")
		os.Exit(2)
	}
	dir := flag.Arg(0)
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(names) == 0 {
		fmt.Fprintf(os.Stderr, "crawlerdiff: no *.txt files in %s\n", dir)
		os.Exit(2)
	}
	sort.Strings(names)
	presets := crawlers.All()
	column := "rule paths"
	if *nearby {
		column = "neighbour paths"
	}
	fmt.Print("| file | " + column + " |")
	for _, d := range presets {
		fmt.Printf(" %s |", d.ID)
	}
	fmt.Print("\n| --- | --- |" + strings.Repeat(" --- |", len(presets)) + "\n")
	sums := make([]int, len(presets))
	files := make([]int, len(presets))
	allPaths := 0
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(os.Stderr, "crawlerdiff: %v\n", err)
			os.Exit(2)
		}
		f := core.Parse(data)
		paths := rulePaths(f)
		if *nearby {
			paths = near(paths)
		}
		fmt.Printf("| %s |", filepath.Base(name))
		for i, d := range presets {
			n, total := differ(f, d, paths)
			if i == 0 {
				fmt.Printf(" %d |", total)
				allPaths += total
			}
			sums[i] += n
			if n > 0 {
				files[i]++
			}
			fmt.Printf(" %d |", n)
		}
		fmt.Println()
	}
	fmt.Printf("| **total** (%d files) | %d |", len(names), allPaths)
	for i := range presets {
		fmt.Printf(" %d in %d files |", sums[i], files[i])
	}
	fmt.Println()
}
