package e2e

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestServeCompressed loads the page from `smolbots serve`, as
// `./build.sh serve` runs it: the browser gets the page and its module
// compressed (brotli, as it asks), and the page works under serve's
// headers.
func TestServeCompressed(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "smolbots")
	build := exec.Command("go", "build", "-o", bin, "../../cmd/smolbots")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the CLI: %v\n%s", err, out)
	}
	serve := exec.Command(bin, "serve", "-addr", "127.0.0.1:0", "-dir", siteDir)
	stdout, err := serve.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	serve.Stderr = os.Stderr
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		serve.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { serve.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			serve.Process.Kill()
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("serve said nothing: %v", err)
	}
	m := regexp.MustCompile(`serving (http://127\.0\.0\.1:\d+/)`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("serve said %q", line)
	}

	b := newBrowser(t)
	b.do(t, chromedp.Navigate(m[1]))
	b.waitUpdates(t, 1)
	type sizes struct {
		Name             string
		Encoded, Decoded int
	}
	got := eval[[]sizes](t, b, `[...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].map(e => ({name: e.name.replace(/^.*\//, "") || "index.html", encoded: e.encodedBodySize, decoded: e.decodedBodySize}))`)
	seen := map[string]bool{}
	for _, s := range got {
		switch s.Name {
		case "index.html", "playground.wasm", "main.js", "wasm_exec.js", "style.css":
			seen[s.Name] = true
			if s.Encoded <= 0 || s.Encoded*2 > s.Decoded {
				t.Errorf("%s came as %d bytes for %d: not compressed", s.Name, s.Encoded, s.Decoded)
			}
		}
	}
	if len(seen) != 5 {
		t.Errorf("the page's files loaded: %v (entries %+v)", seen, got)
	}
	if n := len(b.cells(t)); n == 0 {
		t.Error("the page drew no verdicts")
	}
	b.noErrors(t)
}
