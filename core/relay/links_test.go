package relay_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core/relay"
	"github.com/smolbots/smolbots/internal/realservers"
)

// GET /api/links: one page request, under the guards, caps and error
// codes of /api/robots, answering the same-host links and never the
// page itself.

func linksPath(u string) string { return relay.LinksPath + "?url=" + url.QueryEscape(u) }

func askLinks(t *testing.T, h http.Handler, target string) (int, relay.Links, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", linksPath(target), nil))
	var l relay.Links
	if err := json.Unmarshal(rec.Body.Bytes(), &l); err != nil {
		t.Fatalf("%s: answer is not JSON: %v: %.200q", target, err, rec.Body.Bytes())
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("%s: Content-Type %q", target, ct)
	}
	return rec.Code, l, rec.Body.String()
}

func TestLinksFromRealServers(t *testing.T) {
	g := realservers.StartGemini(t, realservers.Capsule(), realservers.GeminiOptions{TempRedirects: map[string]string{"^/old$": "/about.gmi"}})
	h := testRelay(nil)
	code, l, raw := askLinks(t, h, g.URL+"/#top")
	want := []string{g.URL + "/about.gmi", g.URL + "/dir/page.gmi", g.URL + "/private/secret.gmi", g.URL + "/archive/old.gmi",
		g.URL + "/image.png", g.URL + "/files/data.bin"}
	if code != 200 || l.URL != g.URL+"/" || strings.Join(l.Links, " ") != strings.Join(want, " ") || l.Truncated {
		t.Errorf("capsule front page: %d %s\nwant links %q", code, raw, want)
	}
	if l.Note != "4 links to other hosts, ports or schemes, never requested, not listed" {
		t.Errorf("note %q", l.Note)
	}
	// Never the content: no line of the page is in the answer.
	if strings.Contains(raw, "A test capsule") || strings.Contains(raw, "not-a-link") {
		t.Errorf("the answer carries the page's text: %s", raw)
	}
	code, l, raw = askLinks(t, h, g.URL+"/image.png")
	if code != 200 || len(l.Links) != 0 || raw[strings.Index(raw, `"links"`):][:10] != `"links":[]` || !strings.Contains(l.Note, "image/png: not text/gemini") {
		t.Errorf("an image: %d %s", code, raw)
	}
	code, l, raw = askLinks(t, h, g.URL+"/missing.gmi")
	if code != 200 || len(l.Links) != 0 || !strings.Contains(l.Note, "51") {
		t.Errorf("a missing page: %d %s", code, raw)
	}
	code, l, raw = askLinks(t, h, g.URL+"/old")
	if code != 200 || len(l.Links) != 1 || l.Links[0] != g.URL+"/about.gmi" || !strings.Contains(l.Note, "redirects") {
		t.Errorf("a redirect gives its target as the one link: %d %s", code, raw)
	}
	// One line per answer above, once molly-brown has logged them.
	log := realservers.WaitLog(t, g.AccessLog, 4, "\t"+g.URL)
	if n := bytes.Count(log, []byte("\t"+g.URL)); n != 4 || bytes.Contains(log, []byte("about.gmi")) {
		t.Errorf("one request per answer, redirects not followed; molly-brown's log:\n%s", log)
	}

	addr := realservers.StartGopher(t, realservers.Hole())
	_, port, _ := net.SplitHostPort(addr)
	hole := "gopher://localhost:" + port
	code, l, raw = askLinks(t, h, hole)
	want = []string{hole + "/1/dir", hole + "/1/private", hole + "/0/a.txt", hole + "/9/blob.bin", hole + "/1/blob-menu.bin", hole + "/1/"}
	if code != 200 || strings.Join(l.Links, " ") != strings.Join(want, " ") || !strings.Contains(l.Note, "2 links to other hosts") {
		t.Errorf("gopher root menu: %d %s\nwant %q", code, raw, want)
	}
	code, l, raw = askLinks(t, h, hole+"/0/a.txt")
	if code != 200 || len(l.Links) != 0 || !strings.Contains(l.Note, "not a menu, so it was not requested") {
		t.Errorf("a text item: %d %s", code, raw)
	}
	code, l, raw = askLinks(t, h, hole+"/1/blob-menu.bin")
	if code != 200 || len(l.Links) != 0 || l.Note != "binary data, not a menu" {
		t.Errorf("a binary linked as a menu: %d %s", code, raw)
	}
}

// At most MaxLinks, each once; a page over the body cap is read up to
// it; a server that never finishes is a 504.
func TestLinksCaps(t *testing.T) {
	addr := realservers.ListenGemini(t, func(c net.Conn, req string) {
		switch {
		case strings.HasSuffix(req, "/many"):
			var b bytes.Buffer
			b.WriteString("20 text/gemini\r\n")
			for i := 0; i < 10000; i++ {
				fmt.Fprintf(&b, "=> /n%d\n=> /n%d#again\n", i, i)
			}
			c.Write(b.Bytes())
		case strings.HasSuffix(req, "/endless"):
			c.Write([]byte("20 text/gemini\r\n"))
			forever(c, []byte(strings.Repeat("=> /e\n", 1000)))
		case strings.HasSuffix(req, "/slow"):
			c.Write([]byte("20 text/gemini\r\n"))
			drip(c, "=> /s\n")
		}
	})
	h := testRelay(nil)
	base := "gemini://" + addr
	code, l, _ := askLinks(t, h, base+"/many")
	if code != 200 || len(l.Links) != relay.MaxLinks || !l.Truncated || l.Links[999] != base+"/n999" || !strings.Contains(l.Note, "only the first 1000") {
		t.Errorf("10,000 links: %d, %d links, truncated %v, note %q", code, len(l.Links), l.Truncated, l.Note)
	}
	code, l, _ = askLinks(t, h, base+"/endless")
	if code != 200 || len(l.Links) != 1 || !strings.Contains(l.Note, "cut at 512 KiB, so the links past the cut are unseen") {
		t.Errorf("endless page: %d %+v", code, l)
	}
	began := time.Now()
	code, l, _ = askLinks(t, h, base+"/slow")
	if code != http.StatusGatewayTimeout || l.Error == "" || time.Since(began) > testTimeout+5*time.Second {
		t.Errorf("slow page: %d %+v after %v", code, l, time.Since(began))
	}
	code, l, _ = askLinks(t, h, "gemini://"+realservers.ClosedAddr(t))
	if code != http.StatusBadGateway || !strings.HasPrefix(l.Error, "could not connect") {
		t.Errorf("closed port: %d %+v", code, l)
	}
}

// The guards of /api/robots, and a request that would carry a line
// break or a tab is a bad URL.
func TestLinksGuards(t *testing.T) {
	d := &dialRecorder{}
	h := relay.New(relay.Config{Dial: d.dial, Guard: relay.Guard{Resolver: attackerDNS}})
	for _, c := range ssrfCases {
		rec, body := get(h, linksPath(c.url+"/page.gmi"))
		msg, _ := body["error"].(string)
		if rec.Code != http.StatusForbidden && rec.Code != http.StatusBadRequest || msg == "" {
			t.Errorf("%s: %d %s, want 403 (or 400 for a URL that breaks with a path after it)", c.name, rec.Code, rec.Body)
		}
	}
	for u, code := range map[string]int{
		"gopher://public.example/0a%0D%0Ab":                    400,
		"gopher://public.example/1x%0Ay":                       400,
		"gopher://127.0.0.1/0a%0D%0Ab":                         400,
		"gemini://public.example/" + strings.Repeat("a", 1100): 400,
		"http://public.example/":                               400,
		"gemini://127.0.0.1/x":                                 403,
		"gemini://localhost/x":                                 403,
	} {
		if rec, body := get(h, linksPath(u)); rec.Code != code || body["error"] == nil {
			t.Errorf("%.60s: %d %s, want %d", u, rec.Code, rec.Body, code)
		}
	}
	rec, _ := get(h, relay.LinksPath)
	if rec.Code != 400 || !strings.Contains(rec.Body.String(), "give the page") {
		t.Errorf("no url: %d %s", rec.Code, rec.Body)
	}
	if len(d.addrs) != 0 {
		t.Fatalf("refused destinations were dialled: %q", d.addrs)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", linksPath("gemini://public.example/"), nil))
	if rec.Code != 405 {
		t.Errorf("POST: %d", rec.Code)
	}
}
