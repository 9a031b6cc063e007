package site_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/site"
)

// fakeHost answers page requests from a map, as fetch.Page would, and
// records every request and every pause.
type fakeHost struct {
	pages    map[string]string // URL -> text/gemini body
	replies  map[string]*fetch.PageResult
	replyFn  func(ctx context.Context, u string, n int) *fetch.PageResult
	requests []string
	sleeps   []time.Duration
}

func (h *fakeHost) fetch(ctx context.Context, u string) *fetch.PageResult {
	h.requests = append(h.requests, u)
	if h.replyFn != nil {
		if r := h.replyFn(ctx, u, len(h.requests)); r != nil {
			return r
		}
	}
	if r, ok := h.replies[u]; ok {
		c := *r
		c.URL = u
		return &c
	}
	if body, ok := h.pages[u]; ok {
		if strings.HasPrefix(u, "gopher://") {
			return &fetch.PageResult{URL: u, Kind: fetch.KindLinks, Note: "a menu", ItemType: '1', Body: []byte(body)}
		}
		return &fetch.PageResult{URL: u, Kind: fetch.KindLinks, Note: "20 text/gemini", Status: 20, Meta: "text/gemini", Body: []byte(body)}
	}
	return &fetch.PageResult{URL: u, Kind: fetch.KindStatus, Status: 51, Meta: "Not found", Note: "51 Not found"}
}

func (h *fakeHost) sleep(ctx context.Context, d time.Duration) error {
	h.sleeps = append(h.sleeps, d)
	return ctx.Err()
}

func (h *fakeHost) config(start string) site.Config {
	return site.Config{Start: start, Fetch: h.fetch, Sleep: h.sleep, Delay: site.NoDelay}
}

func walk(t *testing.T, c site.Config) *site.Result {
	t.Helper()
	r, err := site.Walk(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func urls(r *site.Result) []string {
	var out []string
	for _, p := range r.Pages {
		out = append(out, p.URL)
	}
	return out
}

const g = "gemini://cap.example"

func TestWalkBreadthFirstAndLoops(t *testing.T) {
	h := &fakeHost{pages: map[string]string{
		g + "/":           "=> a.gmi\n=> b/\n=> a.gmi#again\n=> /\n",
		g + "/a.gmi":      "=> b/\n=> ./a.gmi\n=> c.gmi\n",
		g + "/b/":         "=> ../a.gmi\n=> ../\n=> deep.gmi\n",
		g + "/b/deep.gmi": "=> ../../../b/\n",
		g + "/c.gmi":      "",
	}}
	r := walk(t, h.config(g))
	want := []string{g + "/", g + "/a.gmi", g + "/b/", g + "/c.gmi", g + "/b/deep.gmi"}
	if !slices.Equal(urls(r), want) {
		t.Fatalf("pages %q, want %q (breadth first, each once)", urls(r), want)
	}
	if !slices.Equal(h.requests, want) || r.Requests != len(want) || r.Fetched() != len(want) {
		t.Fatalf("requests %q (%d), want each page once", h.requests, r.Requests)
	}
	if p := r.Pages[3]; p.FoundOn != g+"/a.gmi" || p.Selector != "/c.gmi" || p.Status != "20 text/gemini, 0 links" {
		t.Errorf("c.gmi: %+v", p)
	}
	if r.Pages[0].FoundOn != "" || r.Pages[0].Links != 4 || r.Stopped != "" {
		t.Errorf("start page %+v, stopped %q", r.Pages[0], r.Stopped)
	}
}

func TestWalkOtherHostsAreCountedNeverRequested(t *testing.T) {
	h := &fakeHost{pages: map[string]string{
		g + "/": "=> gemini://other.example/\n=> gemini://other.example/x\n=> gemini://cap.example:1966/\n" +
			"=> gopher://cap.example/\n=> https://cap.example/\n=> mailto:me@cap.example\n=> gemini://CAP.example:1965/a\n",
		g + "/a": "=> gemini://other.example/\n",
	}}
	r := walk(t, h.config(g+"/"))
	if !slices.Equal(h.requests, []string{g + "/", g + "/a"}) {
		t.Fatalf("requests %q: only the same host and port may be asked", h.requests)
	}
	want := []site.Host{{"gemini://other.example", 3}, {"gemini://cap.example:1966", 1}, {"gopher://cap.example", 1}, {"https://cap.example", 1}}
	if !slices.Equal(r.Elsewhere, want) {
		t.Errorf("elsewhere %+v, want %+v", r.Elsewhere, want)
	}
}

// Pages MayFetch refuses are listed with why, never requested, and what
// they link to stays unseen.
func TestWalkRefusedPagesAreNeverRequested(t *testing.T) {
	h := &fakeHost{pages: map[string]string{
		g + "/":           "=> private/\n=> public.gmi\n",
		g + "/private/":   "=> secret.gmi\n",
		g + "/public.gmi": "=> private/also.gmi\n",
	}}
	c := h.config(g)
	c.MayFetch = func(p *site.Page) []site.Refusal {
		if strings.HasPrefix(p.Selector, "/private/") {
			return []site.Refusal{{Reader: "gemini", Agent: "smolbots(researcher)", Line: 2, Rule: "Disallow: /private/"},
				{Reader: "rfc9309", Agent: "smolbots(researcher)", Line: 2, Rule: "Disallow: /private/"}}
		}
		return nil
	}
	r := walk(t, c)
	for _, u := range h.requests {
		if strings.Contains(u, "/private/") {
			t.Errorf("requested %s, which robots.txt refuses", u)
		}
	}
	want := []string{g + "/", g + "/private/", g + "/public.gmi", g + "/private/also.gmi"}
	if !slices.Equal(urls(r), want) {
		t.Fatalf("pages %q, want %q", urls(r), want)
	}
	p := r.Pages[1]
	if !p.Refused || p.Fetched || p.Why != "line 2: Disallow: /private/ (gemini, rfc9309)" || len(p.KeptBy) != 2 ||
		!strings.Contains(p.Status, "robots.txt refuses it (line 2") {
		t.Errorf("refused page %+v", p)
	}
}

func TestWalkMaxPages(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&b, "=> /p%d.gmi\n", i)
	}
	h := &fakeHost{pages: map[string]string{g + "/": b.String()}}
	c := h.config(g)
	c.MaxPages = 50
	r := walk(t, c)
	if len(r.Pages) != 50 || len(h.requests) != 50 {
		t.Fatalf("%d pages, %d requests, want 50 of each", len(r.Pages), len(h.requests))
	}
	if r.Unfollowed != 10000-49 || r.UnfollowedMore {
		t.Errorf("unfollowed %d (more %v), want %d", r.Unfollowed, r.UnfollowedMore, 10000-49)
	}
	if r.Pages[0].Links != 10000 {
		t.Errorf("the start page's links: %d", r.Pages[0].Links)
	}
	// The default is 200.
	h.requests = nil
	r = walk(t, h.config(g))
	if len(r.Pages) != site.DefaultMaxPages || site.DefaultMaxPages != 200 {
		t.Errorf("default: %d pages", len(r.Pages))
	}
}

// Gemini pages that are not text/gemini and Gopher items that are not
// menus are listed and tested, never read for links.
func TestWalkNonTextIsNeverParsed(t *testing.T) {
	h := &fakeHost{
		pages: map[string]string{g + "/": "=> pic.png\n=> text.txt\n"},
		replies: map[string]*fetch.PageResult{
			g + "/pic.png":  {Kind: fetch.KindOther, Status: 20, Meta: "image/png", Note: "20 image/png: not text/gemini, so its body was not read", Body: []byte("=> /hidden\n")},
			g + "/text.txt": {Kind: fetch.KindOther, Status: 20, Meta: "text/plain", Note: "20 text/plain: not text/gemini, so its body was not read", Body: []byte("=> /hidden\n")},
		},
	}
	r := walk(t, h.config(g))
	if len(r.Pages) != 3 || r.Pages[1].Links != 0 || !r.Pages[1].Fetched {
		t.Fatalf("pages %q: %+v", urls(r), r.Pages)
	}

	const hole = "gopher://hole.example"
	h = &fakeHost{
		pages: map[string]string{
			hole + "/": "0Text\t/a.txt\thole.example\t70\r\n9Bin\t/b.bin\thole.example\t70\r\nIPic\t/c.gif\thole.example\t70\r\n7Search\t/s\thole.example\t70\r\n1Fake\t/bin-as-menu\thole.example\t70\r\n",
		},
		replies: map[string]*fetch.PageResult{
			hole + "/1/bin-as-menu": {Kind: fetch.KindBinary, ItemType: '1', Note: "binary data, not a menu", Body: []byte("1X\t/x\thole.example\t70\r\n")},
		},
	}
	r = walk(t, h.config(hole))
	if want := []string{hole + "/", hole + "/1/bin-as-menu"}; !slices.Equal(h.requests, want) {
		t.Errorf("requests %q, want only the menus %q", h.requests, want)
	}
	if len(r.Pages) != 6 {
		t.Fatalf("pages %q", urls(r))
	}
	for _, p := range r.Pages[1:5] {
		if p.Fetched || !strings.HasPrefix(p.Status, "not fetched: item type") {
			t.Errorf("%s: %+v", p.URL, p)
		}
	}
	if p := r.Pages[5]; p.Links != 0 || !strings.Contains(p.Status, "not read for links") {
		t.Errorf("binary linked as a menu: %+v", p)
	}
}

func TestWalkDelay(t *testing.T) {
	h := &fakeHost{pages: map[string]string{g + "/": "=> a\n=> b\n", g + "/a": "", g + "/b": ""}}
	c := h.config(g)
	c.Delay = 0 // the default
	c.LastRequest = time.Now()
	walk(t, c)
	if len(h.sleeps) != 3 {
		t.Fatalf("sleeps %v, want one before each of 3 requests (the robots.txt request came first)", h.sleeps)
	}
	for _, d := range h.sleeps {
		if d <= site.DefaultDelay-100*time.Millisecond || d > site.DefaultDelay || site.DefaultDelay != time.Second {
			t.Errorf("slept %v, want about the default 1s", d)
		}
	}
	h.sleeps = nil
	c.Delay = site.NoDelay
	walk(t, c)
	if len(h.sleeps) != 0 {
		t.Errorf("NoDelay slept %v", h.sleeps)
	}
}

// Gemini 44: the page is asked again after the wait the server gave,
// at most MaxSlowDowns times.
func TestWalkSlowDown(t *testing.T) {
	h := &fakeHost{pages: map[string]string{g + "/": "=> a\n", g + "/a": ""}}
	h.replyFn = func(_ context.Context, u string, n int) *fetch.PageResult {
		if n <= 2 {
			return &fetch.PageResult{URL: u, Kind: fetch.KindStatus, Status: 44, Meta: "30", Note: "44 30"}
		}
		return nil
	}
	r := walk(t, h.config(g))
	if !slices.Equal(h.requests, []string{g + "/", g + "/", g + "/", g + "/a"}) || r.Requests != 4 {
		t.Fatalf("requests %q", h.requests)
	}
	if len(h.sleeps) != 2 || h.sleeps[0] < 29*time.Second || h.sleeps[1] < 29*time.Second {
		t.Errorf("sleeps %v, want the 30 s the server asked for, twice", h.sleeps)
	}
	if len(r.Pages) != 2 || r.Pages[0].Problem != "" {
		t.Errorf("pages %+v", r.Pages)
	}

	// A server that keeps saying 44: given up after MaxSlowDowns tries.
	h = &fakeHost{replyFn: func(_ context.Context, u string, _ int) *fetch.PageResult {
		return &fetch.PageResult{URL: u, Kind: fetch.KindStatus, Status: 44, Meta: "1", Note: "44 1"}
	}}
	r = walk(t, h.config(g))
	if len(h.requests) != site.MaxSlowDowns+1 || !strings.Contains(r.Pages[0].Problem, "44") {
		t.Errorf("requests %d, page %+v", len(h.requests), r.Pages[0])
	}

	// A wait past the time limit ends the walk at once.
	h = &fakeHost{pages: map[string]string{g + "/": "=> a\n"}}
	h.replyFn = func(_ context.Context, u string, _ int) *fetch.PageResult {
		if u == g+"/a" {
			return &fetch.PageResult{URL: u, Kind: fetch.KindStatus, Status: 44, Meta: "86400", Note: "44 86400"}
		}
		return nil
	}
	c := h.config(g)
	c.TimeLimit = time.Minute
	r = walk(t, c)
	if len(h.sleeps) != 0 || len(h.requests) != 2 || !strings.Contains(r.Stopped, "wait past the time limit") || !strings.Contains(r.Pages[1].Problem, "24h0m0s") {
		t.Errorf("sleeps %v requests %q stopped %q page %+v", h.sleeps, h.requests, r.Stopped, r.Pages[1])
	}
}

// Nothing runs past the time limit: a request still running then is cut
// off, and the pages left are listed as not fetched.
func TestWalkTimeLimit(t *testing.T) {
	h := &fakeHost{pages: map[string]string{g + "/": "=> a\n=> b\n"}}
	h.replyFn = func(ctx context.Context, u string, _ int) *fetch.PageResult {
		if u != g+"/a" {
			return nil
		}
		<-ctx.Done() // a page that never ends
		return &fetch.PageResult{URL: u, Kind: fetch.KindFailed, Failure: fetch.FailTimeout, Error: "the server did not finish answering within 10s"}
	}
	c := h.config(g)
	c.TimeLimit = 200 * time.Millisecond
	began := time.Now()
	r := walk(t, c)
	if took := time.Since(began); took > 2*time.Second {
		t.Fatalf("the walk took %v with a 200ms limit", took)
	}
	if !strings.Contains(r.Stopped, "time limit (200ms) ran out") || len(r.Pages) != 3 {
		t.Fatalf("stopped %q, pages %q", r.Stopped, urls(r))
	}
	if !strings.Contains(r.Pages[1].Status, "not read: the time limit") || r.Pages[2].Fetched || !strings.Contains(r.Pages[2].Status, "not fetched: the time limit") {
		t.Errorf("pages %+v", r.Pages)
	}
}

func TestWalkRedirectIsALink(t *testing.T) {
	h := &fakeHost{
		pages: map[string]string{g + "/": "=> old\n=> away\n", g + "/new/": ""},
		replies: map[string]*fetch.PageResult{
			g + "/old":  {Kind: fetch.KindStatus, Status: 31, Meta: "/new/", Note: "31 /new/"},
			g + "/away": {Kind: fetch.KindStatus, Status: 30, Meta: "gemini://elsewhere.example/", Note: "30 gemini://elsewhere.example/"},
		},
	}
	r := walk(t, h.config(g))
	if want := []string{g + "/", g + "/old", g + "/away", g + "/new/"}; !slices.Equal(h.requests, want) {
		t.Fatalf("requests %q, want %q", h.requests, want)
	}
	if p := r.Pages[1]; p.Status != "31 redirect to "+g+"/new/" || p.Problem != "" {
		t.Errorf("redirect page %+v", p)
	}
	if len(r.Elsewhere) != 1 || r.Elsewhere[0].Origin != "gemini://elsewhere.example" {
		t.Errorf("elsewhere %+v", r.Elsewhere)
	}
}

// Each failure is a plain sentence on its page; the walk goes on.
func TestWalkProblems(t *testing.T) {
	h := &fakeHost{
		pages: map[string]string{g + "/": "=> gone\n=> down\n=> input\n"},
		replies: map[string]*fetch.PageResult{
			g + "/down":  {Kind: fetch.KindFailed, Failure: fetch.FailUpstream, Error: "the server reset the connection", Note: "the server reset the connection"},
			g + "/input": {Kind: fetch.KindStatus, Status: 10, Meta: "Name?", Note: "10 Name?"},
		},
	}
	r := walk(t, h.config(g))
	want := map[string]string{g + "/gone": "the server answered 51 Not found", g + "/down": "the server reset the connection", g + "/input": ""}
	for _, p := range r.Pages[1:] {
		if p.Problem != want[p.URL] {
			t.Errorf("%s: problem %q, want %q", p.URL, p.Problem, want[p.URL])
		}
	}
	if r.Stopped != "" || len(h.requests) != 4 {
		t.Errorf("stopped %q after %d requests", r.Stopped, len(h.requests))
	}
}

func TestWalkBadStart(t *testing.T) {
	for _, u := range []string{"https://capsule.example/", "gemini://", "gopher://h/0a%0Ab", "not a url"} {
		if _, err := site.Walk(context.Background(), site.Config{Start: u, Fetch: (&fakeHost{}).fetch}); err == nil {
			t.Errorf("Walk(%q) started", u)
		}
	}
}

// A link no request can carry is counted and kept, never dropped
// without a word; a page cut at the size cap says its links past the
// cut are unseen.
func TestWalkSaysWhatItCouldNotSee(t *testing.T) {
	long := g + "/" + strings.Repeat("a", 1100)
	h := &fakeHost{pages: map[string]string{
		g + "/": "=> " + long + "\n=> big.gmi\n",
	}, replies: map[string]*fetch.PageResult{
		g + "/big.gmi": {Kind: fetch.KindLinks, Note: "20 text/gemini", Status: 20, Meta: "text/gemini", Body: make([]byte, 512<<10), Truncated: true},
	}}
	r := walk(t, h.config(g))
	if r.UnrequestableCount != 1 || len(r.Unrequestable) != 1 || r.Unrequestable[0].FoundOn != g+"/" ||
		!strings.Contains(r.Unrequestable[0].Why, "1024") {
		t.Errorf("unrequestable %d %+v, want the long link with its page and why", r.UnrequestableCount, r.Unrequestable)
	}
	if len(r.Pages) != 2 || !r.Pages[1].Truncated || !strings.Contains(r.Pages[1].Status, "links past the cut unseen") {
		t.Errorf("pages %+v, want big.gmi marked as cut", r.Pages)
	}
}

// A local copy whose links name its public host stops at the start
// page, and says which host looks like this one; with Host set to that
// name, the links are walked on the local host and port.
func TestWalkPublicHostName(t *testing.T) {
	h := &fakeHost{pages: map[string]string{
		g + "/":      "=> gemini://capsule.example/a.gmi\n=> gemini://capsule.example/b.gmi\n=> gemini://elsewhere.example/\n",
		g + "/a.gmi": "=> gemini://capsule.example:1965/b.gmi\n",
		g + "/b.gmi": "hello\n",
	}}
	r := walk(t, h.config(g))
	if len(r.Pages) != 1 || r.LooksLikeThis != "gemini://capsule.example" {
		t.Fatalf("pages %q, looks like %q; want only the start and capsule.example named", urls(r), r.LooksLikeThis)
	}
	c := h.config(g)
	c.Host = "Capsule.Example"
	r = walk(t, c)
	want := []string{g + "/", g + "/a.gmi", g + "/b.gmi"}
	if !slices.Equal(urls(r), want) || r.LooksLikeThis != "" {
		t.Fatalf("with Host: pages %q (looks like %q), want %q", urls(r), r.LooksLikeThis, want)
	}
	if len(r.Elsewhere) != 1 || r.Elsewhere[0].Origin != "gemini://elsewhere.example" {
		t.Errorf("elsewhere %+v, want only elsewhere.example", r.Elsewhere)
	}
}
