package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/smolbots/smolbots/core/relay"
	"github.com/smolbots/smolbots/internal/tabletest"
)

// TestServeCompresses: the page's files go out brotli- or gzip-encoded
// to a client that takes it, as the static host sends them, with their
// own type, revalidated by ETag; other files, ranges and clients that
// take neither get the bytes as they are, and a rebuilt file is sent
// anew.
func TestServeCompresses(t *testing.T) {
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00 some module bytes "), 20000)
	page := "<!doctype html><title>smolbots</title>" + strings.Repeat("<p>verdicts</p>", 500)
	os.WriteFile(filepath.Join(dir, "playground.wasm"), wasm, 0o644)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte(page), 0o644)
	os.WriteFile(filepath.Join(dir, "photo.png"), bytes.Repeat([]byte("png"), 1000), 0o644)
	srv := newServer(dir, relay.Config{Dial: (&net.Dialer{}).DialContext}, testLimits)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	base := "http://" + l.Addr().String()

	get := func(method, path string, header ...string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest(method, base+path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		// The transport would ask for gzip and undo it itself.
		resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp, body
	}
	unbr := func(b []byte) []byte {
		out, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
		if err != nil {
			t.Fatalf("not brotli: %v", err)
		}
		return out
	}
	ungz := func(b []byte) []byte {
		r, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("not gzip: %v", err)
		}
		out, _ := io.ReadAll(r)
		return out
	}

	resp, body := get("GET", "/playground.wasm", "Accept-Encoding", "gzip, deflate, br, zstd")
	if resp.Header.Get("Content-Encoding") != "br" || !bytes.Equal(unbr(body), wasm) || len(body) >= len(wasm)/10 {
		t.Fatalf("the module as a browser asks for it: encoding %q, %d bytes for %d", resp.Header.Get("Content-Encoding"), len(body), len(wasm))
	}
	if ct, vary := resp.Header.Get("Content-Type"), resp.Header.Get("Vary"); ct != "application/wasm" || vary != "Accept-Encoding" {
		t.Errorf("Content-Type %q (instantiateStreaming needs application/wasm), Vary %q", ct, vary)
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "'wasm-unsafe-eval'") {
		t.Errorf("the compressed answer lost the page's headers: CSP %q", csp)
	}
	etag := resp.Header.Get("ETag")
	if resp, _ := get("GET", "/playground.wasm", "Accept-Encoding", "br", "If-None-Match", etag); resp.StatusCode != http.StatusNotModified {
		t.Errorf("revalidating with ETag %s: %d, want 304", etag, resp.StatusCode)
	}
	if resp, body := get("HEAD", "/playground.wasm", "Accept-Encoding", "br"); resp.Header.Get("Content-Encoding") != "br" || len(body) != 0 {
		t.Errorf("HEAD: encoding %q, %d bytes of body", resp.Header.Get("Content-Encoding"), len(body))
	}
	resp, body = get("GET", "/", "Accept-Encoding", "gzip;q=1.0, br;q=0")
	if resp.Header.Get("Content-Encoding") != "gzip" || string(ungz(body)) != page || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("index.html without brotli: encoding %q, type %q", resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type"))
	}
	for _, c := range []struct{ path, accept, rng string }{
		{"/playground.wasm", "", ""},
		{"/playground.wasm", "identity", ""},
		{"/playground.wasm", "br;q=0, gzip;q=0", ""},
		{"/playground.wasm", "br", "bytes=0-99"},
		{"/photo.png", "br, gzip", ""},
	} {
		resp, body := get("GET", c.path, "Accept-Encoding", c.accept, "Range", c.rng)
		if resp.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s with Accept-Encoding %q, Range %q: encoded %q", c.path, c.accept, c.rng, resp.Header.Get("Content-Encoding"))
		}
		if c.rng != "" && (resp.StatusCode != http.StatusPartialContent || len(body) != 100) {
			t.Errorf("a range: %d, %d bytes", resp.StatusCode, len(body))
		}
	}
	// A new build: the next answer is the new file. Its time is set a
	// second on, as a build a moment later would give it; a coarse clock
	// could give the same time twice.
	wasm2 := append(wasm, "rebuilt"...)
	rebuilt := filepath.Join(dir, "playground.wasm")
	os.WriteFile(rebuilt, wasm2, 0o644)
	if fi, err := os.Stat(rebuilt); err != nil || os.Chtimes(rebuilt, fi.ModTime().Add(time.Second), fi.ModTime().Add(time.Second)) != nil {
		t.Fatalf("setting the rebuilt module's time: %v", err)
	}
	if _, body := get("GET", "/playground.wasm", "Accept-Encoding", "br"); !bytes.Equal(unbr(body), wasm2) {
		t.Error("a rebuilt module is sent as it was before")
	}
}

func TestAcceptedEncoding(t *testing.T) {
	tabletest.Strings(t, "acceptedEncoding", acceptedEncoding, map[string]string{
		"":                        "",
		"gzip, deflate, br, zstd": "br",
		"gzip":                    "gzip",
		"GZIP;q=0.5":              "gzip",
		"br;q=0, gzip":            "gzip",
		"br;q=0.000":              "",
		"*":                       "br",
		"*, br;q=0":               "gzip",
		"br;q=0, *;q=0.1":         "gzip",
		"identity":                "",
		"deflate":                 "",
	})
}
