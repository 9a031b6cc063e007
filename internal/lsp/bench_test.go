package lsp

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/lint"
)

// realFiles is about 500 KiB of real capsules' files one after the
// other: many groups, duplicate agents, a finding on many lines.
func realFiles(tb testing.TB) string {
	paths, err := filepath.Glob("../../testdata/realworld/*.txt")
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no files in testdata/realworld (%v)", err)
	}
	var b strings.Builder
	for i := 0; b.Len() < core.MaxBytes-8<<10; i++ {
		data, err := os.ReadFile(paths[i%len(paths)])
		if err != nil {
			tb.Fatal(err)
		}
		b.Write(data)
		b.WriteString("\n")
	}
	return b.String()
}

// groupFile is about 500 KiB of groups of rules, as core's benchmarks
// read: a bot per group, rules with globs, a delay.
func groupFile() string {
	var s strings.Builder
	for g := 0; s.Len() < core.MaxBytes-4096; g++ {
		fmt.Fprintf(&s, "User-agent: bot%c%c\nVirtual-agent: indexer\n", 'a'+g/26%26, 'a'+g%26)
		for r := 0; r < 12; r++ {
			fmt.Fprintf(&s, "Disallow: /g%d/r%d/\nAllow: /g%d/*/ok%d$\n", g, r, g, r)
		}
		s.WriteString("Crawl-delay: 5\n\n")
	}
	return s.String()
}

// BenchmarkDiagnostics: on a 500 KiB file, each iteration times lint
// itself (parse, lint and lint's controls, as `smolbots lint` runs
// them), then an edit sent to the server until its diagnostics come
// back, as a range (incremental sync) and as the whole text (full
// sync). Taken in turn, so that the load of a shared machine weighs on
// both alike; the medians are reported, and extra-ms is the server's
// share (the debounce, the JSON both ways, the positions), with the
// fastest of each (lint-min-ms, lsp-min-ms), the least disturbed. The CPU
// time of the process in each (lint-cpu-ms, lsp-cpu-ms, the latter with
// the test client's own decoding) says the same less at the mercy of
// other programs on the machine.
//
//	go test -run '^$' -bench 'Diagnostics' -benchtime 20x ./internal/lsp
func BenchmarkDiagnostics(b *testing.B) {
	for _, file := range []struct {
		name string
		text string
	}{{"realworld", realFiles(b)}, {"groups", groupFile()}} {
		text := file.text
		for _, full := range []bool{false, true} {
			name := file.name + "/incremental"
			if full {
				name = file.name + "/full"
			}
			b.Run(name, func(b *testing.B) {
				c := startServer(b, New(Options{}))
				c.initialize(nil)
				uri := "file:///big/robots.txt"
				c.open(uri, text)
				c.diagnosticsFor(uri, 1)
				lines := strings.Count(text, "\n")
				var lintMS, lsp, extra, cpuLint, cpuLSP []float64
				b.ResetTimer()
				for i := range b.N {
					c0, t0 := cpuTime(), time.Now()
					f := core.Parse([]byte(text))
					lint.Control(f, lint.Lint(f, nil), lint.Options{})
					lintTook, lintCPU := time.Since(t0), cpuTime()-c0

					// type a character at the end, then take it back
					ch := map[string]any{"range": span{position{lines, 0}, position{lines, 0}}, "text": "#"}
					edited := text + "#"
					if i%2 == 1 {
						ch = map[string]any{"range": span{position{lines, 0}, position{lines, 1}}, "text": ""}
						edited = text
					}
					if full {
						ch = map[string]any{"text": edited}
					}
					c1, t1 := cpuTime(), time.Now()
					c.notify("textDocument/didChange", map[string]any{
						"textDocument":   map[string]any{"uri": uri, "version": i + 2},
						"contentChanges": []any{ch},
					})
					c.diagnosticsFor(uri, i+2)
					lspTook, lspCPU := time.Since(t1), cpuTime()-c1
					cpuLint = append(cpuLint, ms(lintCPU))
					cpuLSP = append(cpuLSP, ms(lspCPU))
					lintMS = append(lintMS, ms(lintTook))
					lsp = append(lsp, ms(lspTook))
					extra = append(extra, ms(lspTook-lintTook))
				}
				b.ReportMetric(median(lintMS), "lint-ms")
				b.ReportMetric(median(lsp), "lsp-ms")
				b.ReportMetric(median(extra), "extra-ms")
				b.ReportMetric(slices.Min(lintMS), "lint-min-ms")
				b.ReportMetric(slices.Min(lsp), "lsp-min-ms")
				b.ReportMetric(median(cpuLint), "lint-cpu-ms")
				b.ReportMetric(median(cpuLSP), "lsp-cpu-ms")
			})
		}
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkServerShare: what the server adds to lint for one edit of a
// 500 KiB file, without lint itself and without the pipes: the edit
// applied, the snapshot made, lint's findings (made once, beforehand)
// turned into diagnostics, and the message written.
func BenchmarkServerShare(b *testing.B) {
	text := realFiles(b)
	f := core.Parse([]byte(text))
	findings := lint.Control(f, lint.Lint(f, nil), lint.Options{})
	lines := strings.Count(text, "\n")
	edit := []change{{Range: &span{position{lines, 0}, position{lines, 0}}, Text: "#"}}
	var sink bytes.Buffer
	c := &conn{w: bufio.NewWriter(&sink)}
	b.ReportAllocs()
	for b.Loop() {
		edited, err := applyChanges(text, edit)
		if err != nil {
			b.Fatal(err)
		}
		sn := newSnapshot(edited, 2, Settings{})
		// the parse is lint's; the line table is the server's
		sn.fileOnce.Do(func() { sn.file, sn.starts = f, lineStarts(edited) })
		diags := sn.toDiagnostics(nil, findings)
		sink.Reset()
		c.notify("textDocument/publishDiagnostics", map[string]any{"uri": "file:///r/robots.txt", "version": 2, "diagnostics": diags})
	}
}
