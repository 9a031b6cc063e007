package site_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/site"
	"github.com/smolbots/smolbots/internal/realservers"
)

// Walks of the real test capsule (molly-brown) and Gopher hole
// (gophernicus), and of hostile servers, on loopback.

func realFetch(o fetch.Options) func(ctx context.Context, u string) *fetch.PageResult {
	return func(ctx context.Context, u string) *fetch.PageResult {
		r, err := fetch.Page(ctx, u, o)
		if err != nil {
			return &fetch.PageResult{URL: u, Kind: fetch.KindFailed, Error: err.Error()}
		}
		return r
	}
}

// keepOut refuses what the test capsules' robots.txt refuse to every
// reader, as the CLI's reading of them does.
func keepOut(prefix string) func(p *site.Page) []site.Refusal {
	return func(p *site.Page) []site.Refusal {
		if strings.HasPrefix(p.Selector, prefix) {
			return []site.Refusal{{Reader: "test", Line: 1, Rule: "Disallow: " + prefix}}
		}
		return nil
	}
}

func find(r *site.Result, u string) *site.Page {
	for i := range r.Pages {
		if r.Pages[i].URL == u {
			return &r.Pages[i]
		}
	}
	return nil
}

func TestWalkRealCapsule(t *testing.T) {
	g := realservers.StartGemini(t, realservers.Capsule(), realservers.GeminiOptions{})
	r := walk(t, site.Config{Start: g.URL + "/", Fetch: realFetch(fetch.Options{}), MayFetch: keepOut("/private/"), Delay: site.NoDelay})
	want := []string{"/", "/about.gmi", "/dir/page.gmi", "/private/secret.gmi", "/archive/old.gmi", "/image.png",
		"/files/data.bin", "/index.gmi", "/dir/sub/deep.gmi", "/missing.gmi"}
	var got []string
	for _, p := range r.Pages {
		got = append(got, p.Selector)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("pages %q, want %q", got, want)
	}
	// Every request the walk made, once molly-brown has logged it.
	log := realservers.WaitLog(t, g.AccessLog, r.Requests, "\t"+g.URL+"/")
	if bytes.Contains(log, []byte("/private/")) || bytes.Contains(log, []byte("not-a-link")) {
		t.Errorf("molly-brown's access log shows a request robots.txt refuses, or a link read from preformatted text or a binary:\n%s", log)
	}
	if n := bytes.Count(log, []byte("\t"+g.URL+"/")); n != r.Requests || n != 9 {
		t.Errorf("the log has %d page requests, the walk counts %d, want 9:\n%s", n, r.Requests, log)
	}
	if p := find(r, g.URL+"/image.png"); !p.Fetched || p.Links != 0 || p.Status != "20 image/png: not text/gemini, so its body was not read" {
		t.Errorf("image: %+v", p)
	}
	if p := find(r, g.URL+"/missing.gmi"); p.Problem != "the server answered 51 Not found!" || p.FoundOn != g.URL+"/dir/page.gmi" {
		t.Errorf("missing page: %+v", p)
	}
	wantElsewhere := []site.Host{{"gemini://capsule.example", 2}, {"gemini://localhost:1", 2}, {"https://example.com", 2}}
	if !slices.Equal(r.Elsewhere, wantElsewhere) {
		t.Errorf("elsewhere %+v, want %+v", r.Elsewhere, wantElsewhere)
	}
}

func TestWalkRealHole(t *testing.T) {
	addr, logPath := realservers.StartGopherLogged(t, realservers.Hole())
	_, port, _ := net.SplitHostPort(addr)
	start := "gopher://localhost:" + port // gophernicus names itself localhost in its menus
	r := walk(t, site.Config{Start: start, Fetch: realFetch(fetch.Options{}), MayFetch: keepOut("/private"), Delay: site.NoDelay})
	type row struct {
		sel     string
		fetched bool
	}
	var got []row
	for _, p := range r.Pages {
		got = append(got, row{p.Selector, p.Fetched})
	}
	want := []row{{"", true}, {"/dir", true}, {"/private", false}, {"/a.txt", false}, {"/blob.bin", false}, {"/blob-menu.bin", true}, {"/", true}, {"/dir/b.txt", false}}
	if !slices.Equal(got, want) {
		t.Fatalf("pages %v, want %v", got, want)
	}
	if p := r.Pages[5]; p.Result.Kind != fetch.KindBinary || p.Links != 0 {
		t.Errorf("binary linked as a menu: %+v", p)
	}
	log := realservers.WaitLog(t, logPath, r.Requests, `"GET `)
	// The log's first line may be realservers' check that the server
	// listens: a connection that sends nothing, logged as the root menu.
	if n := bytes.Count(log, []byte(`"GET `)); realservers.GopherRequested(log, "private") || n < r.Requests || n > r.Requests+1 || r.Requests != 4 {
		t.Errorf("gophernicus's log (the walk counts %d requests):\n%s", r.Requests, log)
	}
	wantElsewhere := []site.Host{{"gopher://capsule.example", 2}, {"https://example.com", 2}}
	if !slices.Equal(r.Elsewhere, wantElsewhere) {
		t.Errorf("elsewhere %+v, want %+v", r.Elsewhere, wantElsewhere)
	}
}

// Hostile servers: a 44 the walk waits out, a page that never ends, a
// page of 10,000 links, a page that trickles past the time limit.
func TestWalkHostileServers(t *testing.T) {
	var slowed atomic.Int32
	var manyLinks bytes.Buffer
	manyLinks.WriteString("20 text/gemini\r\n")
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&manyLinks, "=> /n%d\n", i)
	}
	addr := realservers.ListenGemini(t, func(c net.Conn, req string) {
		path := req[strings.Index(req[len("gemini://"):], "/")+len("gemini://"):]
		switch path {
		case "/":
			c.Write([]byte("20 text/gemini\r\n=> /slow\n=> /endless\n=> /many\n"))
		case "/slow":
			if slowed.Add(1) == 1 {
				c.Write([]byte("44 1\r\n"))
				return
			}
			c.Write([]byte("20 text/gemini\r\n"))
		case "/endless":
			c.Write([]byte("20 text/gemini\r\n"))
			line := []byte(strings.Repeat("=> /endless\n", 1000))
			for {
				if _, err := c.Write(line); err != nil {
					return
				}
			}
		case "/many":
			c.Write(manyLinks.Bytes())
		default:
			c.Write([]byte("51 Not found\r\n"))
		}
	})
	start := "gemini://" + addr + "/"
	began := time.Now()
	r := walk(t, site.Config{Start: start, Fetch: realFetch(fetch.Options{}), Delay: site.NoDelay, MaxPages: 30})
	took := time.Since(began)
	if took < time.Second || took > 8*time.Second {
		t.Errorf("the walk took %v; the 44 asked for a 1 s wait", took)
	}
	if slowed.Load() != 2 {
		t.Errorf("/slow was asked %d times, want twice (once more after the 44)", slowed.Load())
	}
	p := find(r, "gemini://"+addr+"/endless")
	if p == nil || !p.Result.Truncated || !strings.Contains(p.Status, "cut at 512 KiB") || p.Links != (512<<10)/len("=> /endless\n") {
		t.Errorf("endless page: %+v", p)
	}
	if p := find(r, "gemini://"+addr+"/many"); p == nil || p.Links != 10000 || len(r.Pages) != 30 || r.Unfollowed != 10000-26 {
		t.Errorf("many links: page %+v, %d pages, %d unfollowed", p, len(r.Pages), r.Unfollowed)
	}

	// A server that sends one byte a second: the walk's time limit ends
	// the request under way, and nothing runs past it.
	trickle := realservers.ListenGemini(t, func(c net.Conn, _ string) {
		c.Write([]byte("20 text/gemini\r\n"))
		for i := 0; i < 30; i++ {
			if _, err := c.Write([]byte("=")); err != nil {
				return
			}
			time.Sleep(time.Second)
		}
	})
	began = time.Now()
	r = walk(t, site.Config{Start: "gemini://" + trickle + "/", Fetch: realFetch(fetch.Options{}), Delay: site.NoDelay, TimeLimit: 1500 * time.Millisecond})
	if took := time.Since(began); took > 3*time.Second || !strings.Contains(r.Stopped, "time limit") || !strings.Contains(r.Pages[0].Status, "not read") {
		t.Errorf("trickle: took %v, stopped %q, page %+v", took, r.Stopped, r.Pages[0])
	}
}
