package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// check streams: its peak memory does not grow with agents x selectors.
// 400 agents x 400 selectors under six dialects are 960,000 JSON lines;
// held before printing, as check once did, they took about 300 MB (2 GB
// for 1k x 1k). The lines are counted as they arrive, so the test's own
// memory stays flat too.
func TestCheckStreamsWithoutGrowing(t *testing.T) {
	robots := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\n\nUser-agent: indexer\nDisallow: /\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const n = 400
	args := []string{"check", "-json", "-dialect", "all", robots} // the six dialects: n*n*6 lines
	for i := 0; i < n; i++ {
		args = append(args, "-agent", fmt.Sprintf("bot%d(indexer)", i), fmt.Sprintf("/private/%d", i))
	}
	lines, peak, _ := runStreaming(t, exec.Command(binary(t), args...), 20000)
	if want := n * n * 6; lines != want {
		t.Errorf("%d lines, want %d", lines, want)
	}
	t.Logf("%d lines, peak RSS %.1f MB", lines, float64(peak)/1e6)
	if peak > 64e6 {
		t.Errorf("check peaked at %.1f MB for %d x %d rows; it must stream (under 64 MB)", float64(peak)/1e6, n, n)
	}
}

// runStreaming runs cmd (a smolbots command), counts the lines it
// writes, and reads its peak resident set size every `every` lines: the
// child's own high-water mark, read while it writes, so a command that
// held every answer would be at its peak by its first line. (Rusage's
// Maxrss is no good here: exec records the forking test process's size
// in it.) The command must exit 0 or 1; wall is its time from start to
// exit.
func runStreaming(t *testing.T, cmd *exec.Cmd, every int) (lines, peak int, wall time.Duration) {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	begin := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if lines%every == 0 {
			peak = max(peak, vmHWM(t, cmd.Process.Pid))
		}
		lines++
	}
	err = cmd.Wait()
	wall = time.Since(begin)
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		t.Fatalf("%s: %v", cmd.Args[1], err)
	}
	return lines, peak, wall
}

// vmHWM is a running process's peak resident set size in bytes.
func vmHWM(t *testing.T, pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("reading the child's status: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			if err != nil {
				t.Fatalf("VmHWM line %q: %v", line, err)
			}
			return kb << 10
		}
	}
	t.Fatalf("no VmHWM in the child's status")
	return 0
}
