package fetch_test

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/internal/realservers"
)

// A gopher:// URL with a Gemini server's port: molly-brown, a real TLS
// server, closes the connection on a request that is not TLS. That is
// no "not found": the server does not speak Gopher.
func TestGopherToRealTLSServer(t *testing.T) {
	g := realservers.StartGemini(t, map[string][]byte{"robots.txt": []byte("User-agent: *\nDisallow: /\n")}, realservers.GeminiOptions{})
	r := mustFetch(t, "gopher://"+g.Host)
	if r.Outcome != fetch.Unreachable {
		t.Fatalf("outcome %q, want unreachable; attempts %+v", r.Outcome, r.Attempts)
	}
	if !strings.Contains(r.Error, "TLS") || !strings.Contains(r.Error, "port") {
		t.Fatalf("error %q, want a sentence naming TLS and the port", r.Error)
	}
}

// Replies that are not Gopher at all, from real sockets: each is "could
// not read" with a sentence saying what came back, never "not found" or
// a file with no rules.
func TestGopherRepliesThatAreNotGopher(t *testing.T) {
	for _, c := range []struct {
		name  string
		reply string
		want  string
	}{
		{"TLS alert", "\x15\x03\x01\x00\x02\x02\x46", "answered with TLS, as a Gemini server does"},
		{"HTTP", "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "answered with HTTP (HTTP/1.1 400 Bad Request)"},
		{"SSH", "SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n", "SSH banner"},
		{"binary", "\x00\x01\x02\x03\xff\xfe junk", "bytes of binary data (starting 00 01 02 03"},
	} {
		t.Run(c.name, func(t *testing.T) {
			addr := realservers.StartCanned(t, []byte(c.reply), false)
			r := mustFetch(t, "gopher://"+addr)
			if r.Outcome != fetch.Unreachable || !strings.Contains(r.Error, c.want) || !strings.HasSuffix(r.Error, "is the port right?") {
				t.Fatalf("outcome %q error %q, want unreachable saying %q", r.Outcome, r.Error, c.want)
			}
			if len(r.Attempts) != 1 || r.Attempts[0].Error != r.Error {
				t.Fatalf("attempts %+v: the first reply decides", r.Attempts)
			}
		})
	}
	// A real Gopher server's empty reply is still "not found": the TLS
	// probe finds no TLS there.
	addr := realservers.StartCanned(t, nil, false)
	r := mustFetch(t, "gopher://"+addr)
	if r.Outcome != fetch.NotFound || r.Attempts[0].Status != "not found: empty reply" {
		t.Fatalf("empty replies from a plain server: outcome %q attempts %+v", r.Outcome, r.Attempts)
	}
}
