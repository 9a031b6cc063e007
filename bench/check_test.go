package bench

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"
)

// `smolbots check -json` run as a process, output to /dev/null, for
// agents x selectors from 100 x 100 up: peak RSS must stay flat because
// verdicts are streamed as they are decided. 10k x 10k (600 million
// lines, about 250 GB of JSON, minutes) runs only with -args -checkhuge.

var checkHuge = flag.Bool("checkhuge", false, "also run check over 10k agents x 10k selectors")

var (
	cliOnce sync.Once
	cliPath string
	cliErr  error
)

// cli builds the smolbots binary from this checkout once per run.
func cli(b *testing.B) string {
	b.Helper()
	cliOnce.Do(func() {
		dir, err := os.MkdirTemp("", "smolbots-bench")
		if err != nil {
			cliErr = err
			return
		}
		cliPath = filepath.Join(dir, "smolbots")
		cmd := exec.Command("go", "build", "-o", cliPath, "./cmd/smolbots")
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			cliErr = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if cliErr != nil {
		b.Fatal(cliErr)
	}
	return cliPath
}

// checkArgs: n agents (every third one declares the indexer role, so
// role groups are looked up) and m selectors spread over 37 directories.
func checkArgs(n, m int) []string {
	args := []string{"check", "-json"}
	for i := 0; i < n; i++ {
		a := fmt.Sprintf("Bot%d", i)
		if i%3 == 0 {
			a += "(indexer)"
		}
		args = append(args, "-agent", a)
	}
	args = append(args, Small)
	for i := 0; i < m; i++ {
		args = append(args, fmt.Sprintf("/dir%d/page%d.gmi", i%37, i))
	}
	return args
}

func BenchmarkCheckStream(b *testing.B) {
	sizes := []int{100, 1000}
	if *checkHuge {
		sizes = append(sizes, 10000)
	}
	bin := cli(b)
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer null.Close()
	for _, n := range sizes {
		args := checkArgs(n, n)
		lines := float64(n) * float64(n) * 6
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			var peak int64
			var cpu time.Duration
			start := time.Now()
			for i := 0; i < b.N; i++ {
				cmd := exec.Command(bin, args...)
				cmd.Stdout, cmd.Stderr = null, os.Stderr
				err := cmd.Run()
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != 1 { // some selectors are denied
					b.Fatalf("check exited with %v, want 1", err)
				}
				ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
				peak = max(peak, ru.Maxrss) // KiB on Linux
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			b.ReportMetric(float64(peak)/1024, "peak-RSS-MiB")
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			b.ReportMetric(lines*float64(b.N)/time.Since(start).Seconds(), "lines/s")
		})
	}
}
