package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The load: a molly-brown log of 2,000,000 lines from 2,000
// clients, audited in bounded memory (peak RSS at most 64 MB) and in at
// most 4x the time awk -F'\t' '{print $2, $4}' takes on the same file.
const (
	bigLines   = 2_000_000
	bigClients = 2_000
	bigRobots  = "User-agent: *\nDisallow: /private\nDisallow: /cgi-bin/\nAllow: /private/ok\nDisallow: /*.zip$\n\nUser-agent: indexer\nDisallow: /drafts\n"
)

var (
	bigOnce          sync.Once
	bigLog, bigRobot string
)

// bigFiles writes the log once per test binary (about 160 MB), in the
// system's temporary directory; TestMain's cleanup removes it.
func bigFiles(t testing.TB) (robots, log string) {
	t.Helper()
	bigOnce.Do(func() {
		dir, err := os.MkdirTemp("", "smolbots-audit-big")
		if err != nil {
			t.Fatal(err)
		}
		bigDir = dir
		bigRobot = filepath.Join(dir, "robots.txt")
		bigLog = filepath.Join(dir, "access.log")
		os.WriteFile(bigRobot, []byte(bigRobots), 0o644)
		f, err := os.Create(bigLog)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriterSize(f, 1<<20)
		writeBigLog(w)
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	})
	if bigLog == "" {
		t.Fatal("the big log could not be written")
	}
	return bigRobot, bigLog
}

// writeBigLog: 2,000 clients (a tenth IPv6 in brackets, as molly-brown
// writes them), two thirds of them reading robots.txt first, asking for
// 1,000 distinct paths, one in eight of them denied; lines interleaved
// as a busy capsule's are, one second apart.
func writeBigLog(w *bufio.Writer) {
	rng := rand.New(rand.NewPCG(21, 2026))
	clients := make([]string, bigClients)
	for i := range clients {
		if i%10 == 0 {
			clients[i] = fmt.Sprintf("[2001:db8:%x::%x]", i/256, i%256+1)
		} else {
			clients[i] = fmt.Sprintf("198.51.%d.%d", i/250, i%250+1)
		}
	}
	paths := make([]string, 1000)
	for i := range paths {
		switch i % 8 {
		case 0:
			paths[i] = fmt.Sprintf("/private/notes/%d.gmi", i)
		case 1:
			paths[i] = fmt.Sprintf("/drafts/%d.gmi", i)
		default:
			paths[i] = fmt.Sprintf("/gemlog/2025/%03d-a-post-about-something.gmi", i)
		}
	}
	started := make([]bool, bigClients)
	start := time.Date(2025, 7, 14, 0, 0, 0, 0, time.UTC).Unix()
	for n := 0; n < bigLines; n++ {
		c := rng.IntN(bigClients)
		path := paths[rng.IntN(len(paths))]
		if !started[c] {
			started[c] = true
			if c%3 != 0 {
				path = "/robots.txt"
			}
		}
		ts := time.Unix(start+int64(n/20), 0).UTC().Format(time.RFC3339)
		fmt.Fprintf(w, "%s\t%s\t20\tgemini://capsule.example%s\n", ts, clients[c], path)
	}
}

// run starts cmd and returns its wall and CPU (user + system) time, and
// its peak RSS read from /proc while it runs (sampled every 5 ms; the
// audit's peak is while it reads, long before it exits).
func measure(t testing.TB, cmd *exec.Cmd) (wall, cpu time.Duration, peak int) {
	t.Helper()
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	if cmd.Stdout == nil {
		cmd.Stdout = devnull
	}
	begin := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var hwm int
	go func() {
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if v, ok := readHWM(cmd.Process.Pid); ok {
					hwm = max(hwm, v)
				}
			}
		}
	}()
	err = cmd.Wait()
	wall = time.Since(begin)
	close(done)
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() > 1) {
		t.Fatalf("%s: %v", cmd.Path, err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return wall, cpu, hwm
}

// readHWM is vmHWM without failing: the process may have exited.
func readHWM(pid int) (int, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		var kb int
		if n, _ := fmt.Sscanf(line, "VmHWM: %d kB", &kb); n == 1 {
			return kb << 10, true
		}
	}
	return 0, false
}

func awkCmd(log string) *exec.Cmd { return exec.Command("awk", "-F\t", "{print $2, $4}", log) }

// TestAuditStreamsTwoMillionLines holds the audit to the bounds
// on the big log: peak RSS at most 64 MB, read from the child's VmHWM
// while it writes its report (at its first line, and every 100 after:
// by then every log line has been read); and CPU time at most 4x awk's
// on the same file, best of two runs each (CPU rather than wall time:
// the machines these tests run on are shared).
func TestAuditStreamsTwoMillionLines(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads a 160 MB log")
	}
	if _, err := exec.LookPath("awk"); err != nil {
		t.Skip("no awk to compare with")
	}
	robots, log := bigFiles(t)
	clients, peak, wall := runStreaming(t, exec.Command(binary(t), "audit", "-json", robots, log), 100)
	if clients != bigClients {
		t.Errorf("%d clients in the report, want %d", clients, bigClients)
	}
	t.Logf("%d lines from %d clients: %.2f s, peak RSS %.1f MB", bigLines, clients, wall.Seconds(), float64(peak)/1e6)
	if peak > 64e6 {
		t.Errorf("audit peaked at %.1f MB on %d lines; it must stream (at most 64 MB)", float64(peak)/1e6, bigLines)
	}
	var awkCPU, auditCPU, awkWall, auditWall time.Duration
	for i := 0; i < 2; i++ {
		w, c, _ := measure(t, awkCmd(log))
		if i == 0 || c < awkCPU {
			awkCPU, awkWall = c, w
		}
		w, c, _ = measure(t, exec.Command(binary(t), "audit", robots, log))
		if i == 0 || c < auditCPU {
			auditCPU, auditWall = c, w
		}
	}
	t.Logf("CPU: audit %.2f s, awk %.2f s, %.2fx; wall: audit %.2f s, awk %.2f s, %.2fx",
		auditCPU.Seconds(), awkCPU.Seconds(), auditCPU.Seconds()/awkCPU.Seconds(),
		auditWall.Seconds(), awkWall.Seconds(), auditWall.Seconds()/awkWall.Seconds())
	if auditCPU > 4*awkCPU {
		t.Errorf("audit took %.2fx awk's CPU time on the same file; at most 4x", auditCPU.Seconds()/awkCPU.Seconds())
	}
}

// BenchmarkAuditVersusAwk times, in one run, awk -F'\t' '{print $2,
// $4}' and smolbots audit on the same 2,000,000-line log, each writing to
// /dev/null, alternately; it reports both times, their ratio (wall and
// CPU) and the audit's peak RSS. Run it with -benchtime=3x.
func BenchmarkAuditVersusAwk(b *testing.B) {
	robots, log := bigFiles(b)
	bin := binary(b)
	var awkW, awkC, audW, audC time.Duration
	peak := 0
	for b.Loop() {
		w, c, _ := measure(b, awkCmd(log))
		awkW, awkC = awkW+w, awkC+c
		w, c, p := measure(b, exec.Command(bin, "audit", robots, log))
		audW, audC, peak = audW+w, audC+c, max(peak, p)
	}
	n := float64(b.N)
	b.ReportMetric(awkW.Seconds()/n, "awk-s")
	b.ReportMetric(audW.Seconds()/n, "audit-s")
	b.ReportMetric(audW.Seconds()/awkW.Seconds(), "wall-ratio")
	b.ReportMetric(audC.Seconds()/awkC.Seconds(), "cpu-ratio")
	b.ReportMetric(float64(peak)/1e6, "peak-MB")
}
