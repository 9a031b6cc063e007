package crawlers

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
)

// The library as a crawler author uses it: parse once, keep a Policy per
// host, test many URLs from many goroutines.

const crawlerRobots = "User-agent: *\nDisallow: /private\nDisallow: /1/secret\n"

// A URL given to Test or Allowed is read as the selector it asks for,
// never compared as text (which would allow everything silently).
func TestCrawlerURLsAsSelectors(t *testing.T) {
	f := core.Parse([]byte(crawlerRobots))
	for _, d := range core.Dialects() {
		p := d.Compile(f).Policy(core.MustAgent("GUS"))
		for _, c := range []struct {
			in      string
			allowed bool
		}{
			{"gemini://capsule.example/private/x", false},
			{"GEMINI://capsule.example:1965/private?q=1", false},
			{"gemini://capsule.example/public", true},
			{"gopher://capsule.example/0/private/a.txt", false}, // RFC 4266: item type 0, selector /private/a.txt
			{"gopher://capsule.example/1/1/secret", false},
			{"/private/x", false},
			{"/public", true},
		} {
			if got := p.Allowed(c.in); got != c.allowed {
				t.Errorf("%s: Allowed(%q) = %v, want %v", d.ID, c.in, got, c.allowed)
			}
			v := p.Test(c.in)
			if v.Allowed != c.allowed || v.Selector != c.in {
				t.Errorf("%s: Test(%q) = allowed %v selector %q, want %v and the value as given", d.ID, c.in, v.Allowed, v.Selector, c.allowed)
			}
			if strings.Contains(c.in, "://") && !strings.Contains(v.Note, "the URL asks for the selector") {
				t.Errorf("%s: Test(%q) note %q does not say which selector was tested", d.ID, c.in, v.Note)
			}
		}
	}
}

// A gopher URL's selector is percent-decoded; a URL that cannot be read
// is tested as written, with a note saying so.
func TestCrawlerURLEscapes(t *testing.T) {
	f := core.Parse([]byte(crawlerRobots))
	p := core.GopherDraft.Compile(f).Policy(core.MustAgent("GUS"))
	if p.Allowed("gopher://capsule.example/0%2Fprivate%2Fa") {
		t.Error("gopher URL with an escaped selector /private/a: allowed, want denied")
	}
	v := p.Test("gopher://capsule.example/0/private%zz")
	if !strings.Contains(v.Note, "bad percent escape") || !strings.Contains(v.Note, "tested as a raw selector") {
		t.Errorf("unreadable URL: note %q, want one saying it was tested as written", v.Note)
	}
}

// Plain selectors keep Allowed free of allocations; so do gemini URLs,
// whose selector is a part of the URL.
func TestCrawlerAllowedAllocations(t *testing.T) {
	f := core.Parse([]byte(crawlerRobots))
	for _, d := range core.Dialects() {
		if d.Normalize != core.Raw {
			continue // normalising dialects may copy a selector they escape
		}
		p := d.Compile(f).Policy(core.MustAgent("GUS"))
		for _, sel := range []string{"/private/x", "/public/page.gmi", "gemini://capsule.example/private/x"} {
			if n := testing.AllocsPerRun(200, func() { p.Allowed(sel) }); n != 0 {
				t.Errorf("%s: Allowed(%q) allocates %.1f times per call, want 0", d.ID, sel, n)
			}
		}
	}
}

func TestCrawlerDialectIDsIgnoreCase(t *testing.T) {
	for _, id := range []string{"Gemini", "GEMINI", "gemini", "RFC9309", "NoRobots", "GopherDraft"} {
		d, ok := ReaderByID(id)
		if !ok || !strings.EqualFold(d.ID, id) {
			t.Errorf("ReaderByID(%q) = %q, %v", id, d.ID, ok)
		}
	}
	if _, ok := ReaderByID("gemini2"); ok {
		t.Error("ReaderByID(gemini2) found a dialect")
	}
}

// A key a preset does not list cites its repository at the commit read,
// or, for Veronica-2, which has no code, its source alone.
func TestCiteUnlistedKey(t *testing.T) {
	if got := TLGS.Crawler.Cite("no-such-key"); got != "marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28" {
		t.Errorf("TLGS: %q", got)
	}
	if got := Veronica2.Crawler.Cite("lines"); got != Veronica2.Crawler.Repo {
		t.Errorf("Veronica-2: %q, want %q", got, Veronica2.Crawler.Repo)
	}
}
