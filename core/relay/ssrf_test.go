package relay_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/smolbots/smolbots/core/relay"
)

// fakeResolver answers from a table, like a DNS server the attacker
// controls could.
type fakeResolver map[string][]string

func (f fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	ss, ok := f[host]
	if !ok {
		return nil, errors.New("no such host")
	}
	var out []netip.Addr
	for _, s := range ss {
		out = append(out, netip.MustParseAddr(s))
	}
	return out, nil
}

var attackerDNS = fakeResolver{
	"public.example":   {"2606:2800:220:1::1", "93.184.216.34"},
	"public6.example":  {"2606:2800:220:1::1"},
	"rebind.example":   {"93.184.216.34", "10.0.0.1"},
	"private.example":  {"192.168.1.1"},
	"loopback.example": {"127.0.0.1"},
	"v6ula.example":    {"fd12:3456::1"},
	"mapped.example":   {"::ffff:10.0.0.1"},
	"meta.example":     {"169.254.169.254"},
	"nat64.example":    {"64:ff9b::a9fe:a9fe"},
	"localhost":        {"10.0.0.1"}, // never asked: localhost is this machine
}

// dialRecorder never connects; it remembers every address asked for.
type dialRecorder struct {
	mu    sync.Mutex
	addrs []string
}

func (d *dialRecorder) dial(_ context.Context, _, addr string) (net.Conn, error) {
	d.mu.Lock()
	d.addrs = append(d.addrs, addr)
	d.mu.Unlock()
	return nil, errors.New("test dialer: connection refused")
}

// ssrfCases are destinations the relay must refuse with 403 before any
// connection is attempted.
var ssrfCases = []struct{ name, url string }{
	// loopback
	{"loopback v4", "gemini://127.0.0.1"},
	{"loopback v4 other", "gopher://127.1.2.3:7070"},
	{"loopback v6", "gemini://[::1]"},
	{"localhost", "gemini://localhost"},
	{"localhost upper case", "gemini://LOCALHOST:1965"},
	{"localhost trailing dot", "gemini://localhost."},
	{"sub.localhost", "gopher://foo.localhost"},
	{"mapped loopback", "gemini://[::ffff:127.0.0.1]"},
	{"mapped loopback hex", "gemini://[::ffff:7f00:1]"},
	// private
	{"10/8", "gemini://10.0.0.1"},
	{"172.16/12 low", "gemini://172.16.0.1"},
	{"172.16/12 high", "gemini://172.31.255.255"},
	{"192.168/16", "gopher://192.168.1.1"},
	{"carrier NAT", "gemini://100.64.0.1"},
	// link-local and metadata
	{"link-local v4", "gemini://169.254.1.1"},
	{"link-local v6", "gemini://[fe80::1]"},
	{"metadata", "gemini://169.254.169.254"},
	{"metadata container", "gemini://169.254.170.2"},
	{"metadata alibaba", "gemini://100.100.100.200"},
	{"metadata oracle", "gemini://192.0.0.192"},
	{"metadata aws v6", "gemini://[fd00:ec2::254]"},
	{"metadata name", "gemini://metadata.google.internal"},
	{"metadata single label", "gemini://metadata"},
	// unique-local, site-local, multicast, unspecified, reserved
	{"ULA fc", "gemini://[fc00::1]"},
	{"ULA fd", "gemini://[fd12:3456::1]"},
	{"site-local v6", "gemini://[fec0::1]"},
	{"multicast v4", "gemini://224.0.0.1"},
	{"multicast ssdp", "gemini://239.255.255.250"},
	{"multicast v6", "gemini://[ff02::1]"},
	{"unspecified v4", "gemini://0.0.0.0"},
	{"this network", "gemini://0.1.2.3"},
	{"unspecified v6", "gemini://[::]"},
	{"broadcast", "gemini://255.255.255.255"},
	{"reserved 240/4", "gemini://240.0.0.1"},
	{"documentation v4", "gemini://192.0.2.1"},
	{"documentation v6", "gemini://[2001:db8::1]"},
	{"benchmarking", "gemini://198.18.0.1"},
	{"discard v6", "gemini://[100::1]"},
	// IPv4 inside IPv6
	{"mapped private", "gemini://[::ffff:10.0.0.1]"},
	{"mapped metadata", "gemini://[::ffff:169.254.169.254]"},
	{"IPv4-compatible", "gemini://[::127.0.0.1]"},
	{"IPv4-compatible public", "gemini://[::93.184.216.34]"},
	{"IPv4-translated", "gemini://[::ffff:0:10.0.0.1]"},
	{"NAT64 private", "gemini://[64:ff9b::a00:1]"},
	{"NAT64 loopback", "gemini://[64:ff9b::7f00:1]"},
	{"NAT64 metadata", "gemini://[64:ff9b::a9fe:a9fe]"},
	{"NAT64 local-use", "gemini://[64:ff9b:1::1]"},
	{"6to4 private", "gemini://[2002:a00:1::1]"},
	{"6to4 loopback", "gemini://[2002:7f00:1::]"},
	{"Teredo server private", "gemini://[2001:0:a00:1::1]"},
	{"Teredo client loopback", "gemini://[2001:0:4136:e378:8000:63bf:80ff:fffe]"},
	// numeric host tricks
	{"decimal", "gemini://2130706433"},
	{"decimal private", "gemini://3232235777"},
	{"octal", "gemini://0177.0.0.1"},
	{"octal whole", "gemini://017700000001"},
	{"hex short", "gemini://0x7f.1"},
	{"hex whole", "gemini://0x7f000001"},
	{"hex dotted", "gemini://0x7f.0x0.0x0.0x1"},
	{"hex metadata", "gemini://0xa9fea9fe"},
	{"short form", "gemini://127.1"},
	{"short form three", "gemini://127.0.1"},
	{"leading zeros", "gemini://127.000.000.001"},
	{"trailing dot", "gemini://127.0.0.1."},
	{"five parts", "gemini://1.2.3.4.5"},
	// characters that smuggle a host or a request
	{"userinfo", "gemini://example.com@127.0.0.1"},
	{"userinfo empty", "gemini://@10.0.0.1"},
	{"backslash", `gemini://example.com\@127.0.0.1`},
	{"percent-encoded host", "gemini://%31%32%37.0.0.1"},
	{"encoded slash", "gemini://example.com%2f@10.0.0.1"},
	{"zone id", "gemini://[fe80::1%25eth0]"},
	{"CR", "gemini://example.com\r"},
	{"LF", "gemini://example.com\nHost: x"},
	{"CRLF after host", "gemini://example.com\r\n/robots.txt"},
	{"tab", "gemini://example.com\t"},
	{"space", "gemini://exa mple.com"},
	{"NUL", "gemini://example.com\x00.evil"},
	{"254-byte host", "gemini://" + strings.Repeat("a", 250) + ".com"},
	// ports
	{"ssh port", "gemini://example.com:22"},
	{"smtp port", "gopher://example.com:25"},
	{"http port", "gopher://example.com:80"},
	{"https port", "gemini://example.com:443"},
	{"port 1023", "gemini://example.com:1023"},
	{"gopher port on ip", "gopher://93.184.216.34:1"},
	// names for private networks
	{"single label", "gemini://router"},
	{"mDNS", "gemini://printer.local"},
	{"internal", "gemini://db.internal"},
	{"lan", "gopher://nas.lan"},
	{"home.arpa", "gemini://x.home.arpa"},
	// names that resolve to refused addresses (the resolver is the attacker's)
	{"resolves private among public", "gemini://rebind.example"},
	{"resolves 192.168", "gopher://private.example"},
	{"resolves loopback", "gemini://loopback.example"},
	{"resolves ULA", "gemini://v6ula.example"},
	{"resolves mapped private", "gemini://mapped.example"},
	{"resolves metadata", "gemini://meta.example"},
	{"resolves NAT64 metadata", "gemini://nat64.example"},
}

func get(h http.Handler, path string) (*httptest.ResponseRecorder, map[string]any) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	var body map[string]any
	json.Unmarshal(rec.Body.Bytes(), &body)
	return rec, body
}

func robotsPath(u string) string { return relay.Path + "?url=" + url.QueryEscape(u) }

func TestSSRFMatrix(t *testing.T) {
	t.Logf("%d refused destinations", len(ssrfCases))
	d := &dialRecorder{}
	h := relay.New(relay.Config{Dial: d.dial, Guard: relay.Guard{Resolver: attackerDNS}})
	for _, c := range ssrfCases {
		t.Run(c.name, func(t *testing.T) {
			rec, body := get(h, robotsPath(c.url))
			msg, _ := body["error"].(string)
			if rec.Code != http.StatusForbidden || !strings.HasPrefix(msg, "refused: ") {
				t.Errorf("%q: %d %s, want 403 with a refusal", c.url, rec.Code, rec.Body)
			}
		})
	}
	if len(d.addrs) != 0 {
		t.Fatalf("refused destinations were dialled: %q", d.addrs)
	}
}

// Test mode lets loopback through, and nothing else.
func TestSSRFMatrixAllowLoopback(t *testing.T) {
	d := &dialRecorder{}
	h := relay.New(relay.Config{Dial: d.dial, Guard: relay.Guard{Resolver: attackerDNS, AllowLoopback: true}})
	loopback := 0
	for _, c := range ssrfCases {
		rec, _ := get(h, robotsPath(c.url))
		if rec.Code != http.StatusForbidden {
			loopback++
			if !strings.Contains(c.name, "loopback") && !strings.Contains(c.name, "localhost") {
				t.Errorf("%s (%q) got through in test mode: %d %s", c.name, c.url, rec.Code, rec.Body)
			}
		}
	}
	if loopback < 8 || len(d.addrs) != loopback {
		t.Fatalf("%d loopback destinations allowed, %d dialled (%q)", loopback, len(d.addrs), d.addrs)
	}
	for _, a := range d.addrs {
		ap, err := netip.ParseAddrPort(a)
		if err != nil || !ap.Addr().Unmap().IsLoopback() {
			t.Fatalf("dialled %q, which is not a loopback IP", a)
		}
	}
}

// The control: public destinations are dialled, at the vetted IP, never
// by name (no second lookup for a rebinding DNS server to answer).
func TestPublicDestinationsDialVettedIP(t *testing.T) {
	cases := map[string]string{
		"gemini://public.example":            "93.184.216.34:1965",
		"gopher://public.example:7070":       "93.184.216.34:7070",
		"gopher://93.184.216.34":             "93.184.216.34:70",
		"gemini://[2606:4700::1111]:1966":    "[2606:4700::1111]:1966",
		"gemini://[64:ff9b::5db8:d822]":      "[64:ff9b::5db8:d822]:1965",
		"gemini://PUBLIC.example/any/path?q": "93.184.216.34:1965",
		"gemini://public6.example":           "[2606:2800:220:1::1]:1965",
	}
	for u, want := range cases {
		d := &dialRecorder{}
		h := relay.New(relay.Config{Dial: d.dial, Guard: relay.Guard{Resolver: attackerDNS}})
		rec, body := get(h, robotsPath(u))
		if rec.Code != http.StatusBadGateway || body["outcome"] != "unreachable" {
			t.Errorf("%s: %d %s, want 502 unreachable", u, rec.Code, rec.Body)
		}
		if len(d.addrs) != 1 || d.addrs[0] != want {
			t.Errorf("%s dialled %q, want [%s]", u, d.addrs, want)
		}
	}
}

func TestRequestErrors(t *testing.T) {
	d := &dialRecorder{}
	h := relay.New(relay.Config{Dial: d.dial, Guard: relay.Guard{Resolver: attackerDNS}, AllowOrigin: "https://smolbots.example"})
	for _, c := range []struct {
		method, path string
		code         int
	}{
		{"GET", relay.Path, 400},
		{"GET", relay.Path + "?url=", 400},
		{"GET", robotsPath("http://example.com"), 400},
		{"GET", robotsPath("example.com"), 400},
		{"GET", robotsPath("gemini://"), 400},
		{"GET", robotsPath("gemini://example.com:99999"), 400},
		{"GET", robotsPath("gemini://[::1"), 400},
		{"GET", robotsPath("gemini://" + strings.Repeat("a", 3000)), 400},
		{"GET", robotsPath("gemini://unknown.example"), 502},
		{"POST", robotsPath("gemini://public.example"), 405},
		{"PUT", robotsPath("gemini://public.example"), 405},
		{"OPTIONS", robotsPath("gemini://public.example"), 405},
		{"GET", "/api/other", 404},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, nil))
		var body struct{ Error string }
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Error == "" {
			t.Errorf("%s %s: body %q is not a JSON error", c.method, c.path, rec.Body)
		}
		if rec.Code != c.code || rec.Header().Get("Content-Type") != "application/json; charset=utf-8" {
			t.Errorf("%s %s: %d %q, want %d JSON", c.method, c.path, rec.Code, rec.Header().Get("Content-Type"), c.code)
		}
		if c.code == 405 && rec.Header().Get("Allow") != "GET" {
			t.Errorf("405 without Allow: GET")
		}
	}
	if len(d.addrs) != 0 {
		t.Fatalf("bad requests were dialled: %q", d.addrs)
	}
}

// A host that is not a host name is a bad URL (400), whatever a resolver
// would say, and the message names the character as the user typed it.
func TestMalformedHostsAre400(t *testing.T) {
	d := &dialRecorder{}
	h := relay.New(relay.Config{Dial: d.dial, Guard: relay.Guard{Resolver: attackerDNS}})
	for u, want := range map[string]string{
		"gemini://..":             "empty label",
		"gopher://.a":             "empty label",
		"gemini://a..example":     "empty label",
		"gemini://bücher.example": "'ü'",
		"gopher://straße.example": "'ß'",
	} {
		rec, body := get(h, robotsPath(u))
		msg, _ := body["error"].(string)
		if rec.Code != http.StatusBadRequest || !strings.Contains(msg, want) {
			t.Errorf("%q: %d %s, want 400 saying %s", u, rec.Code, rec.Body, want)
		}
	}
	if len(d.addrs) != 0 {
		t.Fatalf("malformed hosts were dialled: %q", d.addrs)
	}
}

func TestCORSOnlyForTheConfiguredOrigin(t *testing.T) {
	h := relay.New(relay.Config{Dial: (&dialRecorder{}).dial, AllowOrigin: "https://smolbots.example"})
	for origin, want := range map[string]string{
		"https://smolbots.example": "https://smolbots.example",
		"https://evil.example":     "",
		"":                         "",
	} {
		req := httptest.NewRequest("GET", robotsPath("gemini://10.0.0.1"), nil)
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if got := rec.Header().Get("Access-Control-Allow-Origin"); got != want {
			t.Errorf("Origin %q: allowed %q, want %q", origin, got, want)
		}
	}
}
