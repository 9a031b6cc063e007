package fetch_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/internal/realservers"
)

// Tests against the real servers the Debian packages gophernicus and
// molly-brown provide, on loopback.

func mustFetch(t *testing.T, url string) *fetch.Result {
	t.Helper()
	r, err := fetch.Fetch(context.Background(), url, fetch.Options{})
	if err != nil {
		t.Fatalf("Fetch(%q): %v", url, err)
	}
	return r
}

func sentList(r *fetch.Result) []string {
	var s []string
	for _, a := range r.Attempts {
		s = append(s, a.Sent)
	}
	return s
}

// gophernicus serves .txt as type 9 here (-e txt=9): no CRLF rewriting,
// so the fetched body must equal the file byte for byte.
func TestGopher2019_RealGophernicusByteForByte(t *testing.T) {
	want := realservers.File(t, "gopher-robots.txt")
	addr := realservers.StartGopher(t, map[string][]byte{"robots.txt": want})
	r := mustFetch(t, "gopher://"+addr)
	if r.Outcome != fetch.Found || r.Body != string(want) {
		t.Fatalf("outcome %q body %q, want found %q", r.Outcome, r.Body, want)
	}
	if len(r.Attempts) != 1 || r.Attempts[0].Sent != "robots.txt\r\n" || r.Attempts[0].Bytes != len(want) {
		t.Fatalf("attempts %+v, want one robots.txt attempt of %d bytes", r.Attempts, len(want))
	}
	if r.Bytes != len(want) || r.Truncated || r.Conclusions != nil {
		t.Fatalf("bytes %d truncated %v conclusions %v", r.Bytes, r.Truncated, r.Conclusions)
	}
}

// In its default text mode gophernicus rewrites line endings to CRLF:
// that rewriting is the only difference.
func TestGopherDraft_RealGophernicusTextModeCRLF(t *testing.T) {
	file := realservers.File(t, "gopher-robots.txt")
	addr := realservers.StartGopherText(t, map[string][]byte{"robots.txt": file})
	r := mustFetch(t, "gopher://"+addr)
	want := bytes.ReplaceAll(file, []byte("\n"), []byte("\r\n"))
	if r.Outcome != fetch.Found || r.Body != string(want) {
		t.Fatalf("outcome %q body %q, want %q", r.Outcome, r.Body, want)
	}
}

// The 2019 proposal's fallback: robots.txt missing, 0/robots.txt served.
func TestGopher2019_RealFallbackToUMNSelector(t *testing.T) {
	want := realservers.File(t, "umn-robots.txt")
	addr := realservers.StartGopher(t, map[string][]byte{"0/robots.txt": want})
	r := mustFetch(t, "gopher://"+addr)
	if got := sentList(r); len(got) != 2 || got[0] != "robots.txt\r\n" || got[1] != "0/robots.txt\r\n" {
		t.Fatalf("sent %q, want robots.txt then 0/robots.txt", got)
	}
	if r.Attempts[0].Status != "not found: error text" || r.Attempts[1].Status != "found" {
		t.Fatalf("statuses %q, %q", r.Attempts[0].Status, r.Attempts[1].Status)
	}
	if r.Outcome != fetch.Found || r.Body != string(want) {
		t.Fatalf("outcome %q body %q, want %q", r.Outcome, r.Body, want)
	}
}

// gophernicus answers a missing file with plain text ("Error: File or
// directory not found!"), which must not be taken for a robots.txt.
func TestGopher2019_RealNotFoundEverywhere(t *testing.T) {
	addr := realservers.StartGopher(t, map[string][]byte{"index.txt": []byte("hello\n")})
	r := mustFetch(t, "gopher://"+addr)
	want := []string{"robots.txt\r\n", "0/robots.txt\r\n", "/robots.txt\r\n"}
	if got := sentList(r); len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("sent %q, want %q", got, want)
	}
	for _, a := range r.Attempts {
		if a.Status != "not found: error text" || a.Bytes == 0 {
			t.Fatalf("attempt %+v, want an error text", a)
		}
		if !strings.HasPrefix(a.Reply, "Error: File or directory not found!") || strings.ContainsAny(a.Reply, "\r\n") {
			t.Fatalf("reply %q, want gophernicus's error text on one line", a.Reply)
		}
	}
	if r.Outcome != fetch.NotFound || r.Body != "" || len(r.Conclusions) != 6 {
		t.Fatalf("outcome %q body %q conclusions %d", r.Outcome, r.Body, len(r.Conclusions))
	}
	for _, c := range r.Conclusions {
		if c.Reading != "allow-all" {
			t.Fatalf("%s concludes %q on a missing file, want allow-all", c.Dialect, c.Reading)
		}
	}
}

func TestGemini_RealMollyBrownFingerprint(t *testing.T) {
	want := realservers.File(t, "gemini-robots.txt")
	g := realservers.StartGemini(t, map[string][]byte{"robots.txt": want}, realservers.GeminiOptions{})
	r := mustFetch(t, g.URL)
	if r.Outcome != fetch.Found || r.Body != string(want) {
		t.Fatalf("outcome %q body %q error %q, want %q", r.Outcome, r.Body, r.Error, want)
	}
	if r.Fingerprint == "" || r.Fingerprint != g.Fingerprint {
		t.Fatalf("fingerprint %q, openssl says %q", r.Fingerprint, g.Fingerprint)
	}
	if len(r.Attempts) != 1 || r.Attempts[0].Sent != g.URL+"/robots.txt\r\n" || r.Attempts[0].Status != "20 text/plain; charset=utf-8" {
		t.Fatalf("attempts %+v", r.Attempts)
	}
	if r.MIME != "text/plain; charset=utf-8" {
		t.Fatalf("mime %q", r.MIME)
	}
}

func TestGemini_RealMollyBrownRedirects(t *testing.T) {
	want := realservers.File(t, "gemini-robots.txt")
	g := realservers.StartGemini(t, map[string][]byte{"new/robots.txt": want}, realservers.GeminiOptions{
		TempRedirects: map[string]string{"^/robots.txt$": "/mid/robots.txt"},
		PermRedirects: map[string]string{"^/mid/robots.txt$": "/new/robots.txt"},
	})
	r := mustFetch(t, g.URL)
	if r.Outcome != fetch.Found || r.Body != string(want) {
		t.Fatalf("outcome %q body %q error %q", r.Outcome, r.Body, r.Error)
	}
	wantHops := []fetch.Redirect{
		{Status: 30, From: g.URL + "/robots.txt", To: g.URL + "/mid/robots.txt"},
		{Status: 31, From: g.URL + "/mid/robots.txt", To: g.URL + "/new/robots.txt"},
	}
	if len(r.Redirects) != 2 || r.Redirects[0] != wantHops[0] || r.Redirects[1] != wantHops[1] {
		t.Fatalf("redirects %+v, want %+v", r.Redirects, wantHops)
	}
	if len(r.Attempts) != 3 || r.Attempts[2].Sent != g.URL+"/new/robots.txt\r\n" {
		t.Fatalf("attempts %+v", r.Attempts)
	}
}

func TestGemini_RealMollyBrownNotFound(t *testing.T) {
	g := realservers.StartGemini(t, map[string][]byte{"index.gmi": []byte("# hi\n")}, realservers.GeminiOptions{})
	r := mustFetch(t, g.URL)
	if r.Outcome != fetch.NotFound || len(r.Attempts) != 1 || r.Attempts[0].Status[:2] != "51" {
		t.Fatalf("outcome %q attempts %+v, want not-found after a 51", r.Outcome, r.Attempts)
	}
	if r.Fingerprint != g.Fingerprint {
		t.Fatalf("fingerprint %q, want %q", r.Fingerprint, g.Fingerprint)
	}
}
