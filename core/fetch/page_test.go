package fetch_test

import (
	"bytes"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/internal/realservers"
)

func TestPageRequest(t *testing.T) {
	for u, want := range map[string]struct {
		req string
		typ byte
	}{
		"gemini://Capsule.example:1965":           {"gemini://capsule.example/", 0},
		"gemini://capsule.example/a%20b?q=1#frag": {"gemini://capsule.example/a%20b?q=1", 0},
		"gemini://capsule.example:1966/é":         {"gemini://capsule.example:1966/%C3%A9", 0},
		"gopher://capsule.example":                {"", '1'},
		"gopher://capsule.example/":               {"", '1'},
		"gopher://capsule.example/1/dir":          {"/dir", '1'},
		"gopher://capsule.example/0a%20b%09query": {"a b", '0'},
		"gopher://capsule.example/%25100%25":      {"100%", '%'},
	} {
		_, req, typ, err := fetch.PageRequest(u)
		if err != nil || req != want.req || typ != want.typ {
			t.Errorf("PageRequest(%s) = %q %q %v, want %q %q", u, req, typ, err, want.req, want.typ)
		}
	}
	for u, why := range map[string]string{
		"gopher://capsule.example/0a%0D%0Ab":                     "carriage return (CR)",
		"gopher://capsule.example/0a%0Ab":                        "line feed (LF)",
		"gopher://capsule.example/0a%1Bb":                        "control byte 0x1B",
		"gopher://capsule.example/0%zz":                          "bad percent escape",
		"gemini://capsule.example/a\nb":                          "not a URL",
		"gemini://capsule.example/" + strings.Repeat("a", 1100):  "longer than 1024",
		"gopher://capsule.example/0" + strings.Repeat("a", 1100): "longer than 1024",
		"https://capsule.example/":                               "only gopher:// and gemini://",
	} {
		if _, req, _, err := fetch.PageRequest(u); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("PageRequest(%.60q) = %q, %v; want an error saying %q", u, req, err, why)
		}
	}
	// A tab cannot reach a selector: %09 starts the search part.
	if _, req, _, err := fetch.PageRequest("gopher://capsule.example/7s%09a%0Db"); err != nil || req != "s" {
		t.Errorf("search URL: %q %v", req, err)
	}
}

func TestIsGemtext(t *testing.T) {
	for meta, want := range map[string]bool{
		"": true, "text/gemini": true, "text/gemini; lang=en": true, "TEXT/Gemini": true,
		"text/plain": false, "image/png": false, "text/gemini;;": false, "garbage": false,
	} {
		if got := fetch.IsGemtext(meta); got != want {
			t.Errorf("IsGemtext(%q) = %v", meta, got)
		}
	}
}

func mustPage(t *testing.T, u string, o fetch.Options) *fetch.PageResult {
	t.Helper()
	r, err := fetch.Page(context.Background(), u, o)
	if err != nil {
		t.Fatalf("Page(%s): %v", u, err)
	}
	return r
}

func TestGemini_RealMollyBrownPages(t *testing.T) {
	g := realservers.StartGemini(t, map[string][]byte{
		"index.gmi": []byte("=> a.gmi\n"),
		"pic.png":   bytes.Repeat([]byte{0x89, 'P', 0}, 100000),
	}, realservers.GeminiOptions{TempRedirects: map[string]string{"^/old$": "/index.gmi"}})
	r := mustPage(t, g.URL+"/", fetch.Options{})
	if r.Kind != fetch.KindLinks || string(r.Body) != "=> a.gmi\n" || r.Note != "20 text/gemini" || r.Sent != g.URL+"/\r\n" || r.Fingerprint != g.Fingerprint {
		t.Errorf("index: %+v", r)
	}
	r = mustPage(t, g.URL+"/pic.png", fetch.Options{})
	if r.Kind != fetch.KindOther || r.Body != nil || r.Meta != "image/png" || !strings.Contains(r.Note, "not read") {
		t.Errorf("image: %+v", r)
	}
	r = mustPage(t, g.URL+"/old", fetch.Options{})
	if r.Kind != fetch.KindStatus || r.Status != 30 || r.Meta != g.URL+"/index.gmi" {
		t.Errorf("redirect (reported, not followed): %+v", r)
	}
	r = mustPage(t, g.URL+"/missing.gmi", fetch.Options{})
	if r.Kind != fetch.KindStatus || r.Status != 51 {
		t.Errorf("missing: %+v", r)
	}
}

func TestGopher_RealGophernicusPages(t *testing.T) {
	addr := realservers.StartGopher(t, map[string][]byte{
		"gophermap": []byte("1Dir\t/dir\n0Text\t/a.txt\n"),
		"a.txt":     []byte("a\n"),
		"blob.bin":  []byte("\x00\x01binary"),
	})
	u := "gopher://" + addr
	r := mustPage(t, u, fetch.Options{})
	if r.Kind != fetch.KindLinks || r.ItemType != '1' || !bytes.Contains(r.Body, []byte("1Dir\t/dir\tlocalhost\t")) || bytes.HasSuffix(r.Body, []byte(".\r\n")) || r.Sent != "\r\n" {
		t.Errorf("root menu: %+v %q", r, r.Body)
	}
	r = mustPage(t, u+"/1/nothere", fetch.Options{})
	if r.Kind != fetch.KindError || !strings.HasPrefix(r.Reply, "Error: File or directory not found") {
		t.Errorf("missing menu: %+v", r)
	}
	r = mustPage(t, u+"/1/blob.bin", fetch.Options{})
	if r.Kind != fetch.KindBinary || r.Body != nil {
		t.Errorf("binary linked as a menu: %+v", r)
	}
	r = mustPage(t, u+"/0/a.txt", fetch.Options{})
	if r.Kind != fetch.KindNotMenu || r.Sent != "" || r.URL != u+"/0/a.txt" {
		t.Errorf("a text item is not requested: %+v", r)
	}
}

// A page that never ends is read up to MaxBody; one that trickles ends
// at the timeout. Both come back as results, never hang.
func TestPageCaps(t *testing.T) {
	endless := realservers.Listen(t, func(c net.Conn) {
		c.Read(make([]byte, 1024))
		line := bytes.Repeat([]byte("1x\t/x\tlocalhost\t70\r\n"), 1000)
		for {
			if _, err := c.Write(line); err != nil {
				return
			}
		}
	})
	r := mustPage(t, "gopher://"+endless, fetch.Options{MaxBody: 64 << 10})
	if r.Kind != fetch.KindLinks || !r.Truncated || len(r.Body) != 64<<10 {
		t.Errorf("endless menu: kind %s truncated %v %d bytes", r.Kind, r.Truncated, len(r.Body))
	}
	trickle := realservers.Listen(t, func(c net.Conn) {
		c.Read(make([]byte, 1024))
		for i := 0; i < 100; i++ {
			if _, err := c.Write([]byte("i")); err != nil {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	began := time.Now()
	r = mustPage(t, "gopher://"+trickle, fetch.Options{Timeout: 300 * time.Millisecond})
	if r.Kind != fetch.KindFailed || r.Failure != fetch.FailTimeout || time.Since(began) > 2*time.Second {
		t.Errorf("trickle: %+v after %v", r, time.Since(began))
	}
}
