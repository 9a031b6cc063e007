//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/relay"
	"github.com/smolbots/smolbots/internal/realservers"
)

// The worker, built from these sources, runs under real workerd
// (`wrangler dev`, pinned in tools/) and fetches from real gophernicus
// and molly-brown on loopback.

const maxWorkerGzip = 2_500_000 // bytes; the free plan's limit is 3 MB

var repoRoot = filepath.Join("..", "..")

// buildWorker builds the worker into a fresh directory: the runtime glue
// from syumai/workers, then the Go relay as wasm.
func buildWorker(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	out := filepath.Join(dir, "worker")
	gen := exec.Command("go", "run", "github.com/syumai/workers/cmd/workers-assets-gen", "-mode=go", "-o", out)
	if b, err := gen.CombinedOutput(); err != nil {
		tb.Fatalf("workers-assets-gen: %v\n%s", err, b)
	}
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(out, "app.wasm"), ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("building the worker: %v\n%s", err, b)
	}
	return out
}

// gzipSize is the size of everything the worker uploads, gzipped.
func gzipSize(tb testing.TB, dir string) int {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	for _, name := range []string{"app.wasm", "runtime.mjs", "wasm_exec.js", "worker.mjs"} {
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			tb.Fatal(err)
		}
		zw.Write(raw)
	}
	zw.Close()
	return buf.Len()
}

// startWorkerd runs `wrangler dev` on a free loopback port with a
// test-only configuration that allows loopback destinations, and stops
// it at cleanup with SIGINT to its process group (SIGTERM to wrangler
// alone leaves workerd running). A port lost to another program between
// the choice and workerd's bind is tried again on another port, at most
// three times; the address is used only once wrangler says it is ready,
// so a request never reaches whatever else holds the port.
func startWorkerd(tb testing.TB, workerDir, dohURL string) string {
	tb.Helper()
	wrangler, err := filepath.Abs(filepath.Join(repoRoot, "tools", "node_modules", ".bin", "wrangler"))
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := os.Stat(wrangler); err != nil {
		tb.Fatalf("wrangler is missing (%v): run ./build.sh deps, which installs the pinned npm tools into tools/", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		tb.Fatalf("node is missing: wrangler needs Node.js 20")
	}
	dir := tb.TempDir()
	conf := filepath.Join(dir, "wrangler.toml")
	main := filepath.Join(workerDir, "worker.mjs")
	if err := os.WriteFile(conf, []byte(fmt.Sprintf(
		"name = \"smolbots-relay-test\"\nmain = %q\ncompatibility_date = \"2025-01-01\"\n\n[vars]\nSMOLBOTS_ALLOW_LOOPBACK = \"1\"\nSMOLBOTS_DOH_URL = %q\n", main, dohURL)), 0o644); err != nil {
		tb.Fatal(err)
	}
	var lost string
	for try := 0; try < 3; try++ {
		base, out, taken := runWrangler(tb, wrangler, conf, dir, realservers.FreePort(tb))
		if !taken {
			return base
		}
		lost += out
	}
	tb.Fatalf("wrangler dev lost its port to another program three times:\n%s", lost)
	return ""
}

// runWrangler starts wrangler dev on port and waits until it is ready.
// taken reports that the port was in use, after wrangler was stopped.
func runWrangler(tb testing.TB, wrangler, conf, dir string, port int) (base, output string, taken bool) {
	tb.Helper()
	cmd := exec.Command(wrangler, "dev", "--config", conf, "--ip", "127.0.0.1", "--port", strconv.Itoa(port),
		"--inspector-port", "0", "--log-level", "log")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "WRANGLER_SEND_METRICS=false", "CLOUDFLARE_CF_FETCH_ENABLED=false",
		"XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "CI=1")
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		tb.Fatalf("starting wrangler: %v", err)
	}
	pgid := cmd.Process.Pid
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	stop := func() error {
		syscall.Kill(-pgid, syscall.SIGINT)
		select {
		case <-exited:
		case <-time.After(15 * time.Second):
			return fmt.Errorf("wrangler did not stop within 15s of SIGINT")
		}
		// workerd is in the same process group: it must be gone too.
		for i := 0; i < 100; i++ {
			if err := syscall.Kill(-pgid, 0); errors.Is(err, syscall.ESRCH) {
				return nil
			}
			time.Sleep(100 * time.Millisecond)
		}
		syscall.Kill(-pgid, syscall.SIGKILL)
		return fmt.Errorf("workerd was still running 10s after wrangler stopped; killed it")
	}
	base = "http://127.0.0.1:" + strconv.Itoa(port)
	ready := "Ready on " + base
	deadline := time.Now().Add(90 * time.Second)
	for {
		text := out.String()
		if strings.Contains(text, "Address already in use") {
			if err := stop(); err != nil {
				tb.Error(err)
			}
			return "", text, true
		}
		select {
		case <-exited:
			tb.Fatalf("wrangler dev exited:\n%s", text)
		default:
		}
		if strings.Contains(text, ready) {
			if resp, err := http.Get(base + "/"); err == nil {
				resp.Body.Close()
				break
			}
		}
		if time.Now().After(deadline) {
			stop()
			tb.Fatalf("wrangler dev did not answer within 90s:\n%s", text)
		}
		time.Sleep(200 * time.Millisecond)
	}
	tb.Cleanup(func() {
		if tb.Failed() {
			tb.Logf("wrangler output:\n%s", out.String())
		}
		if err := stop(); err != nil {
			tb.Error(err)
		}
	})
	return base, "", false
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func getRobots(tb testing.TB, base, target string) (int, fetch.Result) {
	tb.Helper()
	code, res, header := getJSON[fetch.Result](tb, base+relay.Path, target)
	if ct := header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		tb.Errorf("%s: Content-Type %q", target, ct)
	}
	return code, res
}

// getJSON asks the API at endpoint about target and decodes its JSON
// answer; it returns the status and the headers too.
func getJSON[T any](tb testing.TB, endpoint, target string) (int, T, http.Header) {
	tb.Helper()
	var v T
	resp, err := http.Get(endpoint + "?url=" + url.QueryEscape(target))
	if err != nil {
		tb.Fatalf("%s: %v", target, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(raw, &v); err != nil {
		tb.Fatalf("%s: answer is not JSON: %.300q", target, raw)
	}
	return resp.StatusCode, v, resp.Header
}

type peers struct {
	gopher, gopherFile string
	umn, umnFile       string
	gemini             *realservers.Gemini
	geminiFile         string
	missing            *realservers.Gemini
}

func startPeers(tb testing.TB) peers {
	p := peers{
		gopherFile: string(realservers.File(tb, "gopher-robots.txt")),
		umnFile:    string(realservers.File(tb, "umn-robots.txt")),
		geminiFile: string(realservers.File(tb, "gemini-robots.txt")),
	}
	// The Gopher hole and the capsule of the site tests are served too,
	// for /api/links, with these robots.txt files.
	hole := realservers.Hole()
	hole["robots.txt"] = []byte(p.gopherFile)
	p.gopher = "gopher://" + realservers.StartGopher(tb, hole)
	p.umn = "gopher://" + realservers.StartGopher(tb, map[string][]byte{"0/robots.txt": []byte(p.umnFile)})
	capsule := realservers.Capsule()
	capsule["robots.txt"], capsule["new/robots.txt"] = []byte(p.geminiFile), []byte(p.geminiFile)
	p.gemini = realservers.StartGemini(tb, capsule,
		realservers.GeminiOptions{TempRedirects: map[string]string{"^/moved/robots.txt$": "/new/robots.txt"}})
	p.missing = realservers.StartGemini(tb, map[string][]byte{"index.gmi": []byte("# hi\n")}, realservers.GeminiOptions{})
	return p
}

func TestWorkerUnderWorkerd(t *testing.T) {
	dir := buildWorker(t)
	size := gzipSize(t, dir)
	t.Logf("worker: %d bytes gzipped", size)
	if size > maxWorkerGzip {
		t.Errorf("the worker is %d bytes gzipped, over the %d budget: check `go list -deps` of wasm/relay", size, maxWorkerGzip)
	}
	p := startPeers(t)
	doh := realservers.StartDoH(t, map[string][]string{
		"hole.test":   {"127.0.0.1"},
		"rebind.test": {"93.184.216.34", "10.0.0.1"},
	})
	base := startWorkerd(t, dir, doh)

	code, r := getRobots(t, base, p.gopher)
	if code != 200 || r.Outcome != fetch.Found || r.Body != p.gopherFile || len(r.Attempts) != 1 {
		t.Errorf("gophernicus through workerd: %d %+v", code, r)
	}
	// A name, resolved over DNS-over-HTTPS, vetted, dialled by its IP.
	hole := strings.Replace(p.gopher, "127.0.0.1", "hole.test", 1)
	code, r = getRobots(t, base, hole)
	if code != 200 || r.Outcome != fetch.Found || r.Body != p.gopherFile || r.URL != hole {
		t.Errorf("gophernicus by name through workerd: %d %+v", code, r)
	}
	code, r = getRobots(t, base, "gemini://rebind.test")
	if code != 403 || !strings.Contains(r.Error, "resolves to 10.0.0.1") {
		t.Errorf("a name with a private address through workerd: %d %+v", code, r)
	}
	code, r = getRobots(t, base, "gemini://nxdomain.test")
	if code != 502 || r.Outcome != fetch.Unreachable {
		t.Errorf("an unknown name through workerd: %d %+v", code, r)
	}
	code, r = getRobots(t, base, p.umn)
	if code != 200 || r.Body != p.umnFile || len(r.Attempts) != 2 || r.Attempts[0].Status != "not found: error text" {
		t.Errorf("gopher fallback through workerd: %d %+v", code, r)
	}
	code, r = getRobots(t, base, p.gemini.URL)
	if code != 200 || r.Outcome != fetch.Found || r.Body != p.geminiFile || r.Fingerprint != p.gemini.Fingerprint {
		t.Errorf("molly-brown through workerd: %d %+v (openssl fingerprint %s)", code, r, p.gemini.Fingerprint)
	}
	code, r = getRobots(t, base, p.missing.URL)
	if code != 200 || r.Outcome != fetch.NotFound || len(r.Conclusions) != 6 {
		t.Errorf("missing robots.txt through workerd: %d %+v", code, r)
	}
	// A closed port: the connect failure shows as one, not as a TLS error.
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := l.Addr().String()
	l.Close()
	code, r = getRobots(t, base, "gemini://"+closed)
	if code != 502 || r.Outcome != fetch.Unreachable || !strings.HasPrefix(r.Error, "could not connect") {
		t.Errorf("closed port through workerd: %d %+v", code, r)
	}
	// Test mode allows loopback only: the guard still refuses the rest.
	for _, target := range []string{"gemini://10.0.0.1", "gemini://169.254.169.254", "gopher://2130706433", "gemini://[::ffff:192.168.0.1]", "gemini://example.com:22"} {
		if code, r := getRobots(t, base, target); code != 403 || !strings.HasPrefix(r.Error, "refused: ") {
			t.Errorf("%s through workerd: %d %+v, want 403", target, code, r)
		}
	}
	checkLinksUnderWorkerd(t, base, p)
	resp, err := http.Post(base+relay.Path+"?url=gemini://localhost", "text/plain", strings.NewReader("x"))
	if err != nil || resp.StatusCode != 405 {
		t.Errorf("POST through workerd: %v %v", resp.Status, err)
	}

	// Concurrent requests through workerd: 32 at once, half to each
	// real server. (100 at once failed by the upstream time cap on a
	// machine at load 20 to 30, each Gopher request starting a
	// gophernicus process: a test of the machine, not of the worker.)
	const concurrent = 32
	var wg sync.WaitGroup
	var mu sync.Mutex
	var bad []string
	for i := 0; i < concurrent; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			target, want := p.gopher, p.gopherFile
			if i%2 == 1 {
				target, want = p.gemini.URL, p.geminiFile
			}
			code, r := getRobots(t, base, target)
			if code != 200 || r.Body != want {
				mu.Lock()
				bad = append(bad, fmt.Sprintf("%s: %d %s %s", target, code, r.Outcome, r.Error))
				mu.Unlock()
			}
		}(i)
	}
	wg.Wait()
	if len(bad) > 0 {
		t.Errorf("%d of %d concurrent requests through workerd failed, the first: %s", len(bad), concurrent, bad[0])
	}
}

func getLinks(tb testing.TB, base, target string) (int, relay.Links) {
	tb.Helper()
	code, l, _ := getJSON[relay.Links](tb, base+relay.LinksPath, target)
	return code, l
}

// GET /api/links through workerd: the links of the capsule's front page
// and of the hole's root menu, the guards, and a request no page may
// carry.
func checkLinksUnderWorkerd(t *testing.T, base string, p peers) {
	code, l := getLinks(t, base, p.gemini.URL+"/")
	g := p.gemini.URL
	want := []string{g + "/about.gmi", g + "/dir/page.gmi", g + "/private/secret.gmi", g + "/archive/old.gmi", g + "/image.png", g + "/files/data.bin"}
	if code != 200 || strings.Join(l.Links, " ") != strings.Join(want, " ") || l.Truncated || !strings.Contains(l.Note, "4 links to other hosts") {
		t.Errorf("capsule links through workerd: %d %+v", code, l)
	}
	code, l = getLinks(t, base, p.gemini.URL+"/image.png")
	if code != 200 || l.Links == nil || len(l.Links) != 0 || !strings.Contains(l.Note, "not text/gemini") {
		t.Errorf("an image's links through workerd: %d %+v", code, l)
	}
	hole := strings.Replace(p.gopher, "127.0.0.1", "localhost", 1) // gophernicus names itself localhost
	code, l = getLinks(t, base, hole)
	if code != 200 || len(l.Links) != 6 || l.Links[0] != hole+"/1/dir" {
		t.Errorf("hole links through workerd: %d %+v", code, l)
	}
	for target, want := range map[string]int{
		"gopher://localhost:7070/0a%0D%0Ab": 400,
		"gemini://10.0.0.1/page.gmi":        403,
		"gemini://rebind.test/page.gmi":     403,
	} {
		if code, l := getLinks(t, base, target); code != want || l.Error == "" {
			t.Errorf("%s through workerd: %d %+v, want %d", target, code, l, want)
		}
	}
}

// The committed configuration must never let the worker reach loopback.
func TestProductionConfigRefusesLoopback(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "wrangler.toml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "SMOLBOTS_ALLOW_LOOPBACK") {
			t.Fatalf("wrangler.toml sets %q; loopback is for test configurations only", line)
		}
	}
	if !strings.Contains(string(b), `main = "build/worker/worker.mjs"`) {
		t.Fatalf("wrangler.toml does not point at build/worker/worker.mjs, where build.sh puts the worker")
	}
}

// BenchmarkRelayLoopback compares the relay's latency natively and under
// workerd, fetching robots.txt from gophernicus and molly-brown on
// loopback; it reports the median (p50) per request.
func BenchmarkRelayLoopback(b *testing.B) {
	p := startPeers(b)
	native := httptest.NewServer(relay.New(relay.Config{
		Dial:  (&net.Dialer{}).DialContext,
		Guard: relay.Guard{AllowLoopback: true, Resolver: net.DefaultResolver},
	}))
	b.Cleanup(native.Close)
	workerd := startWorkerd(b, buildWorker(b), realservers.StartDoH(b, nil))
	for _, rt := range []struct{ name, base string }{{"native", native.URL}, {"workerd", workerd}} {
		for _, target := range []struct{ name, url string }{{"gopher", p.gopher}, {"gemini", p.gemini.URL}} {
			b.Run(rt.name+"/"+target.name, func(b *testing.B) {
				getRobots(b, rt.base, target.url) // warm up
				times := make([]time.Duration, 0, b.N)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					start := time.Now()
					if code, _ := getRobots(b, rt.base, target.url); code != 200 {
						b.Fatalf("status %d", code)
					}
					times = append(times, time.Since(start))
				}
				sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
				b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
			})
		}
	}
}
