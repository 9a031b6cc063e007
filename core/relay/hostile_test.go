package relay_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/relay"
	"github.com/smolbots/smolbots/internal/realservers"
)

// Hostile servers: Go listeners on loopback that misbehave in one way
// each. The relay runs in test mode (loopback allowed) with a short
// total timeout, so the slow ones finish quickly.

const testTimeout = 1500 * time.Millisecond

// listen serves every connection with handle until the test ends.
func listen(t *testing.T, handle func(net.Conn)) string {
	return realservers.Listen(t, handle)
}

var (
	certOnce sync.Once
	testCert tls.Certificate
)

func selfSigned(t *testing.T) tls.Certificate {
	certOnce.Do(func() {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			panic(err)
		}
		tmpl := &x509.Certificate{
			SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "localhost"},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
			DNSNames: []string{"localhost"},
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
		if err != nil {
			panic(err)
		}
		testCert = tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	})
	return testCert
}

// listenGemini is listen behind TLS; handle gets the request line.
func listenGemini(t *testing.T, handle func(c net.Conn, req string)) string {
	return realservers.ListenGeminiWith(t, selfSigned(t), handle)
}

// readRequest reads a gopher selector line.
func readRequest(c net.Conn) string {
	s, _ := bufio.NewReader(c).ReadString('\n')
	return strings.TrimRight(s, "\r\n")
}

type answer struct {
	code int
	res  fetch.Result
	raw  []byte
	took time.Duration
}

func testRelay(dial fetch.DialFunc) http.Handler {
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	return relay.New(relay.Config{
		Dial:    dial,
		Guard:   relay.Guard{AllowLoopback: true, Resolver: net.DefaultResolver},
		Timeout: testTimeout,
	})
}

func ask(t *testing.T, h http.Handler, target string) answer {
	t.Helper()
	a := serve(h, target)
	return decode(t, target, a)
}

func serve(h http.Handler, target string) answer {
	start := time.Now()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", robotsPath(target), nil))
	return answer{code: rec.Code, raw: rec.Body.Bytes(), took: time.Since(start)}
}

func decode(t *testing.T, target string, a answer) answer {
	t.Helper()
	if err := json.Unmarshal(a.raw, &a.res); err != nil {
		t.Fatalf("%s: answer is not JSON: %v: %.200q", target, err, a.raw)
	}
	// Not a speed check: a generous bound that only a hang exceeds (the
	// hostile servers give up after 20s).
	if a.took > testTimeout+8*time.Second {
		t.Fatalf("%s: took %v; the relay did not give up at its timeout", target, a.took)
	}
	return a
}

func forever(c net.Conn, chunk []byte) {
	for {
		if _, err := c.Write(chunk); err != nil {
			return
		}
	}
}

func drip(c net.Conn, s string) {
	for i := 0; ; i++ {
		if _, err := c.Write([]byte{s[i%len(s)]}); err != nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

var tenMBLine = bytes.Repeat([]byte("a"), 10<<20)

type hostile struct {
	name    string
	scheme  string
	gopher  func(c net.Conn, sel string)
	gemini  func(c net.Conn, req string)
	check   func(t *testing.T, a answer)
	bounded bool // measure memory
}

func wantStatus(code int, outcome fetch.Outcome, errHas string) func(*testing.T, answer) {
	return func(t *testing.T, a answer) {
		t.Helper()
		if a.code != code || a.res.Outcome != outcome || !strings.Contains(a.res.Error, errHas) {
			t.Fatalf("got %d %q error %q, want %d %q error containing %q", a.code, a.res.Outcome, a.res.Error, code, outcome, errHas)
		}
	}
}

var hostiles = []hostile{
	{name: "gopher slow drip", scheme: "gopher",
		gopher: func(c net.Conn, _ string) { drip(c, "User-agent: *\n") },
		check:  wantStatus(504, fetch.Unreachable, "did not finish answering")},
	{name: "gemini slow drip status line", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { drip(c, "20 text/plain") },
		check:  wantStatus(504, fetch.Unreachable, "did not finish answering")},
	{name: "gemini slow drip body", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte("20 text/plain\r\n")); drip(c, "Disallow: /\n") },
		check:  wantStatus(504, fetch.Unreachable, "did not finish answering")},
	{name: "silent server", scheme: "gemini",
		gemini: nil, // never completes the TLS handshake: see below
		check:  wantStatus(504, fetch.Unreachable, "did not finish answering")},
	{name: "gopher endless body", scheme: "gopher", bounded: true,
		gopher: func(c net.Conn, _ string) { forever(c, []byte("Disallow: /x\n")) },
		check:  wantTruncated},
	{name: "gemini endless body", scheme: "gemini", bounded: true,
		gemini: func(c net.Conn, _ string) { c.Write([]byte("20 text/plain\r\n")); forever(c, []byte("Disallow: /x\n")) },
		check:  wantTruncated},
	{name: "gopher 10 MB line", scheme: "gopher", bounded: true,
		gopher: func(c net.Conn, _ string) { c.Write(tenMBLine) },
		check:  wantTruncated},
	{name: "gemini 10 MB status line", scheme: "gemini", bounded: true,
		gemini: func(c net.Conn, _ string) { c.Write(tenMBLine) },
		check:  wantStatus(502, fetch.Unreachable, "longer than 1024 bytes")},
	{name: "gemini 10 MB meta", scheme: "gemini", bounded: true,
		gemini: func(c net.Conn, _ string) { c.Write([]byte("20 ")); c.Write(tenMBLine) },
		check:  wantStatus(502, fetch.Unreachable, "longer than 1024 bytes")},
	{name: "gopher early close", scheme: "gopher",
		gopher: func(c net.Conn, _ string) {},
		check: func(t *testing.T, a answer) {
			wantStatus(200, fetch.NotFound, "")(t, a)
			if len(a.res.Attempts) != 3 || a.res.Attempts[2].Status != "not found: empty reply" {
				t.Fatalf("attempts %+v, want three empty replies", a.res.Attempts)
			}
		}},
	{name: "gemini early close before TLS", scheme: "gemini",
		check: wantStatus(502, fetch.Unreachable, "TLS failed")},
	{name: "gemini early close after request", scheme: "gemini",
		gemini: func(c net.Conn, _ string) {},
		check:  wantStatus(502, fetch.Unreachable, "without a status line")},
	{name: "gemini close mid status line", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte("2")) },
		check:  wantStatus(502, fetch.Unreachable, "middle of the status line")},
	{name: "garbage instead of TLS", scheme: "gemini",
		check: wantStatus(502, fetch.Unreachable, "TLS failed")},
	{name: "redirect loop", scheme: "gemini",
		gemini: func(c net.Conn, req string) { c.Write([]byte("31 " + req + "\r\n")) },
		check: func(t *testing.T, a answer) {
			wantStatus(502, fetch.Unreachable, "more than 5 redirects")(t, a)
			if len(a.res.Redirects) != 5 || len(a.res.Attempts) != 6 {
				t.Fatalf("%d redirects, %d attempts; want 5 hops shown and 6 attempts", len(a.res.Redirects), len(a.res.Attempts))
			}
		}},
	{name: "redirect to a private address", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte("30 gemini://10.0.0.1/robots.txt\r\n")) },
		check:  wantRefusedRedirect("10.0.0.1")},
	{name: "redirect to the metadata address", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte("31 gemini://169.254.169.254:1965/robots.txt\r\n")) },
		check:  wantRefusedRedirect("169.254.169.254")},
	{name: "redirect to a low port", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte("30 gemini://127.0.0.1:22/robots.txt\r\n")) },
		check:  wantRefusedRedirect("port 22")},
	{name: "redirect to another request", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte("30 gemini://127.0.0.1:1966/cgi-bin/vote?yes\r\n")) },
		check: func(t *testing.T, a answer) {
			wantStatus(502, fetch.Unreachable, "only robots.txt is ever requested")(t, a)
			if len(a.res.Attempts) != 1 || len(a.res.Redirects) != 0 {
				t.Fatalf("attempts %+v redirects %+v; the redirect must not be followed", a.res.Attempts, a.res.Redirects)
			}
		}},
	{name: "redirect to http", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte("30 http://127.0.0.1:8080/\r\n")) },
		check:  wantStatus(502, fetch.Unreachable, "only gemini:// redirects")},
	{name: "3-byte status line 2CRLF", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte("2\r\n")) },
		check:  wantStatus(502, fetch.Unreachable, "not two digits")},
	{name: "3-byte status line 20LF", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte("20\nDisallow: /\n")) },
		check: func(t *testing.T, a answer) {
			wantStatus(200, fetch.Found, "")(t, a)
			if a.res.Body != "Disallow: /\n" || a.res.MIME != "text/gemini" {
				t.Fatalf("body %q mime %q", a.res.Body, a.res.MIME)
			}
		}},
	{name: "status out of range", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte("99 what\r\n")) },
		check:  wantStatus(502, fetch.Unreachable, "does not define")},
	{name: "non-text type", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte("20 image/png\r\n\x89PNG\r\n\x1a\n")) },
		check: func(t *testing.T, a answer) {
			wantStatus(200, fetch.NotRobots, "")(t, a)
			if a.res.Body != "" || a.res.MIME != "image/png" || len(a.res.Conclusions) != 6 {
				t.Fatalf("body %q mime %q conclusions %v", a.res.Body, a.res.MIME, a.res.Conclusions)
			}
		}},
	{name: "gopher error menu then dot-terminated file", scheme: "gopher",
		gopher: func(c net.Conn, sel string) {
			if sel == "/robots.txt" {
				c.Write([]byte("User-agent: *\r\nDisallow: /x\r\n.\r\n"))
				return
			}
			c.Write([]byte("3'" + sel + "' does not exist\t\terror.host\t1\r\n.\r\n"))
		},
		check: func(t *testing.T, a answer) {
			wantStatus(200, fetch.Found, "")(t, a)
			if a.res.Body != "User-agent: *\r\nDisallow: /x\r\n" || len(a.res.Attempts) != 3 ||
				a.res.Attempts[0].Status != "not found: error menu" || a.res.Attempts[1].Status != "not found: error menu" {
				t.Fatalf("body %q attempts %+v", a.res.Body, a.res.Attempts)
			}
		}},
	{name: "gopher menu instead of a file", scheme: "gopher",
		gopher: func(c net.Conn, _ string) {
			c.Write([]byte("1Phlog\t/phlog\tcapsule.example\t70\r\niWelcome\t\tnull\t0\r\n.\r\n"))
		},
		check: wantStatus(200, fetch.NotFound, "")},
	{name: "gopher reply of a lone dot", scheme: "gopher",
		gopher: func(c net.Conn, _ string) { c.Write([]byte(".\r\n")) },
		check:  wantStatus(200, fetch.NotFound, "")},
	{name: "gopher error item without the final dot", scheme: "gopher",
		gopher: func(c net.Conn, _ string) { c.Write([]byte("3Not here\terror.host\t1\r\n")) },
		check: func(t *testing.T, a answer) {
			wantStatus(200, fetch.NotFound, "")(t, a)
			if len(a.res.Conclusions) != 6 || a.res.Conclusions[0].Reading != "allow-all" {
				t.Fatalf("conclusions %+v, want allow-all for a missing file", a.res.Conclusions)
			}
		}},
	{name: "gopher reset", scheme: "gopher",
		gopher: func(c net.Conn, _ string) { reset(c) },
		check:  wantPlainReset},
	{name: "gemini reset during the handshake", scheme: "gemini",
		check: wantPlainReset},
	{name: "gemini reset after the request", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { reset(c.(*tls.Conn).NetConn()) },
		check:  wantPlainReset},
	{name: "gemini status line with control bytes", scheme: "gemini",
		gemini: func(c net.Conn, _ string) { c.Write([]byte(controlMeta + "\r\nDisallow: /\n")) },
		check: func(t *testing.T, a answer) {
			// Not a text type the parser can read, so not a robots.txt;
			// the status is passed on exactly, JSON-escaped.
			wantStatus(200, fetch.NotRobots, "")(t, a)
			if a.res.Attempts[0].Status != controlMeta {
				t.Fatalf("status %q, want %q", a.res.Attempts[0].Status, controlMeta)
			}
			for _, b := range a.raw[:len(a.raw)-1] {
				if b < 0x20 {
					t.Fatalf("the answer carries the raw byte %#x: %q", b, a.raw)
				}
			}
		}},
}

// controlMeta retitles a terminal window and clears the screen.
const controlMeta = "20 text/plain; x=\x1b]0;X\x07\x1b[2J\x7f"

// reset closes c with a TCP reset instead of an orderly close.
func reset(c net.Conn) {
	c.(*net.TCPConn).SetLinger(0)
	c.Close()
}

// wantPlainReset: a reset is told in plain words, without the addresses
// and ports of Go's message.
func wantPlainReset(t *testing.T, a answer) {
	t.Helper()
	wantStatus(502, fetch.Unreachable, "the server reset the connection")(t, a)
	if strings.Contains(a.res.Error, "127.0.0.1") || strings.Contains(a.res.Error, "tcp") {
		t.Fatalf("error %q names addresses", a.res.Error)
	}
}

func wantTruncated(t *testing.T, a answer) {
	t.Helper()
	if a.code != 200 || a.res.Outcome != fetch.Found || !a.res.Truncated || a.res.Bytes != fetch.MaxBody || len(a.res.Body) != fetch.MaxBody {
		t.Fatalf("got %d %q truncated %v bytes %d, want 200 found truncated to %d", a.code, a.res.Outcome, a.res.Truncated, a.res.Bytes, fetch.MaxBody)
	}
}

func wantRefusedRedirect(what string) func(*testing.T, answer) {
	return func(t *testing.T, a answer) {
		t.Helper()
		wantStatus(403, fetch.Unreachable, "refused: ")(t, a)
		if !strings.Contains(a.res.Error, what) || len(a.res.Redirects) != 1 || len(a.res.Attempts) != 2 {
			t.Fatalf("error %q redirects %+v attempts %+v", a.res.Error, a.res.Redirects, a.res.Attempts)
		}
	}
}

func TestHostileServers(t *testing.T) {
	t.Logf("%d hostile scenarios", len(hostiles))
	for _, hs := range hostiles {
		t.Run(hs.name, func(t *testing.T) {
			if !hs.bounded {
				t.Parallel()
			}
			var addr string
			switch {
			case hs.gopher != nil:
				addr = listen(t, func(c net.Conn) { hs.gopher(c, readRequest(c)) })
			case hs.gemini != nil:
				addr = listenGemini(t, hs.gemini)
			case hs.name == "silent server":
				addr = listen(t, func(c net.Conn) { time.Sleep(3 * time.Second) })
			case hs.name == "gemini reset during the handshake":
				addr = listen(t, func(c net.Conn) { c.Read(make([]byte, 5)); reset(c) })
			case hs.name == "garbage instead of TLS":
				addr = listen(t, func(c net.Conn) { c.Write([]byte("HTTP/1.0 400 Bad Request\r\n\r\nnot TLS at all\r\n")) })
			default: // close at once
				addr = listen(t, func(c net.Conn) {})
			}
			var dialled []string
			var mu sync.Mutex
			dial := func(ctx context.Context, network, a string) (net.Conn, error) {
				mu.Lock()
				dialled = append(dialled, a)
				mu.Unlock()
				return (&net.Dialer{}).DialContext(ctx, network, a)
			}
			h := testRelay(dial)
			var before runtime.MemStats
			if hs.bounded {
				serve(h, hs.scheme+"://"+addr) // warm up: one-time allocations are not per answer
				runtime.GC()
				runtime.ReadMemStats(&before)
			}
			a := serve(h, hs.scheme+"://"+addr)
			if hs.bounded {
				var after runtime.MemStats
				runtime.ReadMemStats(&after)
				// Buffering a 10 MB reply would cost 20 MB or more.
				grew := after.TotalAlloc - before.TotalAlloc
				t.Logf("allocated %d KiB", grew>>10)
				if grew > 8<<20 {
					t.Errorf("allocated %d KiB for one answer; the 512 KiB cap should keep it to a few MB", grew>>10)
				}
			}
			a = decode(t, hs.scheme+"://"+addr, a)
			hs.check(t, a)
			mu.Lock()
			defer mu.Unlock()
			for _, d := range dialled {
				if d != addr {
					t.Fatalf("dialled %s besides the test server %s", d, addr)
				}
			}
		})
	}
}

// Every gemini status class lands on its outcome (DIALECTS.md).
func TestGeminiStatusOutcomes(t *testing.T) {
	cases := []struct {
		status  string
		code    int
		outcome fetch.Outcome
	}{
		{"10 Your name?", 200, fetch.NotRobots},
		{"11 Password", 200, fetch.NotRobots},
		{"20 text/plain", 200, fetch.Found},
		{"20 text/gemini; lang=en", 200, fetch.Found},
		{"20 application/octet-stream", 200, fetch.NotRobots},
		{"40 busy", 200, fetch.Unreachable},
		{"44 slow down", 200, fetch.Unreachable},
		{"50 no", 200, fetch.Unreachable},
		{"51 Not found", 200, fetch.NotFound},
		{"52 Gone", 200, fetch.NotFound},
		{"53 no proxying", 200, fetch.Unreachable},
		{"59 bad request", 200, fetch.Unreachable},
		{"60 certificate required", 200, fetch.NotRobots},
		{"62 certificate not valid", 200, fetch.NotRobots},
	}
	for _, c := range cases {
		addr := listenGemini(t, func(conn net.Conn, _ string) { conn.Write([]byte(c.status + "\r\nUser-agent: *\n")) })
		a := ask(t, testRelay(nil), "gemini://"+addr)
		if a.code != c.code || a.res.Outcome != c.outcome {
			t.Errorf("%q: %d %q, want %d %q", c.status, a.code, a.res.Outcome, c.code, c.outcome)
		}
		if want := c.outcome != fetch.Found; (len(a.res.Conclusions) == 6) != want {
			t.Errorf("%q: conclusions %v", c.status, a.res.Conclusions)
		}
		if c.outcome == fetch.Unreachable && a.res.Conclusions[4].Reading != "disallow-all" {
			t.Errorf("%q: rfc9309 concludes %+v, want disallow-all", c.status, a.res.Conclusions[4])
		}
	}
}

func TestConnectionRefused(t *testing.T) {
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close()
	for _, scheme := range []string{"gopher", "gemini"} {
		a := ask(t, testRelay(nil), scheme+"://"+addr)
		if a.code != 502 || a.res.Outcome != fetch.Unreachable || !strings.Contains(a.res.Error, "could not connect") || len(a.res.Attempts) != 1 {
			t.Errorf("%s: %d %s", scheme, a.code, a.raw)
		}
	}
}

// Redirects the relay follows: to another host (localhost is a name, not
// the 127.0.0.1 first asked), and to another path on the same host, as
// long as each points at a robots.txt.
func TestRedirectsToOtherHostsAndPaths(t *testing.T) {
	other := listenGemini(t, func(c net.Conn, req string) {
		c.Write([]byte("20 text/plain\r\nDisallow: /other\n"))
	})
	_, port, _ := net.SplitHostPort(other)
	toHost := "gemini://localhost:" + port + "/robots.txt"
	first := listenGemini(t, func(c net.Conn, _ string) { c.Write([]byte("31 " + toHost + "\r\n")) })
	moved := listenGemini(t, func(c net.Conn, req string) {
		if strings.HasSuffix(req, "/moved/robots.txt") {
			c.Write([]byte("20 text/plain\r\nDisallow: /moved\n"))
			return
		}
		c.Write([]byte("30 /moved/robots.txt\r\n"))
	})
	for _, c := range []struct{ addr, to, body string }{
		{first, toHost, "Disallow: /other\n"},
		{moved, "gemini://" + moved + "/moved/robots.txt", "Disallow: /moved\n"},
	} {
		a := ask(t, testRelay(nil), "gemini://"+c.addr)
		if a.code != 200 || a.res.Outcome != fetch.Found || a.res.Body != c.body {
			t.Errorf("%s: %d %q body %q, want 200 found %q", c.addr, a.code, a.res.Outcome, a.res.Body, c.body)
			continue
		}
		if len(a.res.Redirects) != 1 || a.res.Redirects[0].To != c.to || len(a.res.Attempts) != 2 || a.res.Attempts[1].URL != c.to {
			t.Errorf("%s: redirects %+v attempts %+v, want one hop to %s", c.addr, a.res.Redirects, a.res.Attempts, c.to)
		}
	}
}
