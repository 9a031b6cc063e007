package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core/relay"
	"github.com/smolbots/smolbots/internal/realservers"
)

// testLimits are serveLimits made short, so that the tests below wait
// fractions of a second for what takes half a minute in use.
var testLimits = limits{
	readHeader: 300 * time.Millisecond,
	idle:       300 * time.Millisecond,
	stall:      time.Second, // well above a loaded CI machine's scheduling gaps
	fetches:    4,
	queueWait:  300 * time.Millisecond,
}

// bigFile is larger than what loopback sockets buffer for a client that
// does not read (Linux grows a receive buffer only as it is read), so
// such a client stops the server's writes.
const bigFile = 16 << 20

// startServe runs newServer on loopback over a page of index.html and
// big.bin; it returns the address.
func startServe(t *testing.T) string {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>smolbots</title>"), 0o644)
	os.WriteFile(filepath.Join(dir, "big.bin"), make([]byte, bigFile), 0o644)
	srv := newServer(dir, relay.Config{Dial: (&net.Dialer{}).DialContext, Guard: relay.Guard{AllowLoopback: true}}, testLimits)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return l.Addr().String()
}

func dial(t *testing.T, addr string) net.Conn {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedByServer waits (at most 5 s, far beyond the limits) for the
// server to close c, and reports whether it did.
func closedByServer(c net.Conn, br *bufio.Reader) bool {
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err := br.ReadByte()
	return errors.Is(err, io.EOF)
}

// A keep-alive connection that goes idle after one answer is closed, and
// so is one that never sends a request.
func TestServeClosesIdleConnections(t *testing.T) {
	addr := startServe(t)
	c := dial(t, addr)
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: smolbots\r\n\r\n")
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != 200 || resp.Close {
		t.Fatalf("answer %d, close %v; want 200 on a kept-alive connection", resp.StatusCode, resp.Close)
	}
	if !closedByServer(c, br) {
		t.Error("an idle kept-alive connection was still open after 5 s")
	}
	silent := dial(t, addr)
	if !closedByServer(silent, bufio.NewReader(silent)) {
		t.Error("a connection that never sent a request was still open after 5 s")
	}
}

// A client that asks for a large file and stops reading is dropped once
// the server's writes stall; it never gets the whole file.
func TestServeDropsClientThatStopsReading(t *testing.T) {
	c := dial(t, startServe(t))
	io.WriteString(c, "GET /big.bin HTTP/1.1\r\nHost: smolbots\r\n\r\n")
	time.Sleep(4 * testLimits.stall)
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	n, err := io.Copy(io.Discard, c)
	var ne net.Error
	if n >= bigFile || errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("read %d bytes (%v): the stalled answer was kept going", n, err)
	}
}

// A slow but honest client, reading all the time but taking several
// times the stall limit in all, gets the whole file.
func TestServeKeepsSlowReader(t *testing.T) {
	c := dial(t, startServe(t))
	io.WriteString(c, "GET /big.bin HTTP/1.1\r\nHost: smolbots\r\nConnection: close\r\n\r\n")
	start := time.Now()
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 256<<10)
	n := 0
	for {
		time.Sleep(60 * time.Millisecond) // 256 KiB per 60 ms: about 4 s for the file
		m, err := io.ReadFull(resp.Body, buf)
		n += m
		if err != nil {
			break
		}
	}
	took := time.Since(start)
	if n != bigFile {
		t.Fatalf("a slow reader got %d of %d bytes in %v", n, bigFile, took)
	}
	if took < 3*testLimits.stall {
		t.Fatalf("the read took %v, not several times the stall limit %v: the test proves nothing", took, testLimits.stall)
	}
}

// Every path under /api/ is the relay's, as on the worker behind the
// site's /api/* proxy: a wrong one gets the relay's JSON 404, not the
// file server's text.
func TestServeAPIPathsAnswerJSON(t *testing.T) {
	addr := startServe(t)
	for _, path := range []string{"/api/other", "/api/robots/x", "/api/"} {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		var body struct{ Error string }
		err = json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound || err != nil || body.Error == "" {
			t.Errorf("GET %s: %d, %v, error %q; want 404 with {\"error\":...}", path, resp.StatusCode, err, body.Error)
		}
	}
}

// A taken address is said in words, with exit 2.
func TestServeAddressTaken(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>smolbots</title>"), 0o644)
	r := runCLI(t, "", "serve", "-addr", l.Addr().String(), "-dir", dir)
	want := "smolbots serve: " + l.Addr().String() + " is taken by another program; stop it or choose another with -addr\n"
	if r.code != 2 || r.stderr != want {
		t.Errorf("exit %d, stderr %q; want 2 and %q", r.code, r.stderr, want)
	}
}

// serve caps the relay's upstream fetches: with 4 allowed (testLimits)
// and an upstream that holds every connection, 8 requests at once give 4
// fetches that wait and 4 answers of 503 JSON with Retry-After, after
// the queue wait; the upstream never sees more than 4 connections.
func TestServeCapsUpstreamFetches(t *testing.T) {
	release := make(chan struct{})
	var mu sync.Mutex
	open, most := 0, 0
	upstream := realservers.Listen(t, func(c net.Conn) {
		mu.Lock()
		open++
		most = max(most, open)
		mu.Unlock()
		<-release
		mu.Lock()
		open--
		mu.Unlock()
	})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	t.Cleanup(free) // before Listen's cleanup waits for the held connections
	addr := startServe(t)
	codes := make(chan *http.Response, 8)
	for i := 0; i < 8; i++ {
		go func() {
			resp, err := http.Get("http://" + addr + relay.Path + "?url=gopher://" + upstream)
			if err != nil {
				t.Error(err)
			}
			codes <- resp
		}()
	}
	refused := 0
	for i := 0; i < 4; i++ {
		select {
		case resp := <-codes:
			if resp == nil {
				continue // the error is reported
			}
			var body struct{ Error string }
			json.NewDecoder(resp.Body).Decode(&body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != "" && body.Error != "" {
				refused++
			} else {
				t.Errorf("an early answer: %d %q (Retry-After %q); want 503 JSON", resp.StatusCode, body.Error, resp.Header.Get("Retry-After"))
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%d of 8 requests answered within 5 s; 4 over the cap should get 503 after the queue wait", i)
		}
	}
	free()
	for i := 0; i < 4; i++ {
		if resp := <-codes; resp != nil {
			resp.Body.Close()
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if refused != 4 || most > 4 {
		t.Errorf("%d refused with 503, at most %d upstream connections at once; want 4 and at most 4", refused, most)
	}
}

// serve answers GET /api/links as the worker does.
func TestServeAnswersLinks(t *testing.T) {
	g := realservers.StartGemini(t, realservers.Capsule(), realservers.GeminiOptions{})
	addr := startServe(t)
	resp, err := http.Get("http://" + addr + relay.LinksPath + "?url=" + g.URL + "/dir/page.gmi")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var l relay.Links
	if err := json.NewDecoder(resp.Body).Decode(&l); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%d %v", resp.StatusCode, err)
	}
	want := []string{g.URL + "/index.gmi", g.URL + "/dir/sub/deep.gmi", g.URL + "/missing.gmi"}
	if len(l.Links) != 3 || l.Links[0] != want[0] || l.Links[1] != want[1] || l.Links[2] != want[2] || l.Truncated {
		t.Errorf("links %+v, want %q", l, want)
	}
}
