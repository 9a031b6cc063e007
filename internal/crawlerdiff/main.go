// Command crawlerdiff counts, for each robots.txt in a directory and each
// crawler preset, how many of the file's own rule paths the preset reads
// differently from rfc9309: which crawler surprises an admin most. The
// files are read where they are; nothing is copied.
//
//	go run ./internal/crawlerdiff DIR
//
// The baseline is rfc9309 for the name the Gemini companion spec gives
// the crawler's kind: "indexer" for search engines, "archiver" for
// archivers, "*" for Veronica-2 (Gopher has no roles).
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// baseline is the agent rfc9309 is asked about for a preset.
var baseline = map[string]string{
	"tlgs": "indexer", "gemplex": "indexer", "kennedy": "indexer", "gus": "indexer", "gus-legacy": "indexer",
	"gemini-grc": "archiver", "mozz-archiver": "archiver", "veronica2": "*",
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

// differ counts the rule paths d reads differently from rfc9309.
func differ(f *core.File, d core.Dialect) (n, total int) {
	base := core.RFC9309.Compile(f).Policy(core.MustAgent(baseline[d.ID]))
	p := d.Compile(f).Policy(core.Agent{})
	paths := rulePaths(f)
	for _, s := range paths {
		if p.Allowed(s) != base.Allowed(s) {
			n++
		}
	}
	return n, len(paths)
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: crawlerdiff DIR (a directory of robots.txt files, *.txt)")
		os.Exit(2)
	}
	names, err := filepath.Glob(filepath.Join(os.Args[1], "*.txt"))
	if err != nil || len(names) == 0 {
		fmt.Fprintf(os.Stderr, "crawlerdiff: no *.txt files in %s\n", os.Args[1])
		os.Exit(2)
	}
	sort.Strings(names)
	presets := core.Presets()
	fmt.Print("| file | rule paths |")
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
		fmt.Printf("| %s |", filepath.Base(name))
		for i, d := range presets {
			n, total := differ(f, d)
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
