package grid

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

func TestCrawlers_VerdictsWithCites(t *testing.T) {
	f := core.Parse([]byte("User-agent: *\nDisallow: /private\n"))
	rows := Crawlers(f, []string{"/private-notes", "gemini://capsule.example/private/x"}, DefaultCrawlers())
	if len(rows) != 2 || len(rows[0]) != len(DefaultCrawlers()) {
		t.Fatalf("got %d rows of %d cells", len(rows), len(rows[0]))
	}
	byID := map[string]CrawlerCell{}
	for _, c := range rows[0] {
		byID[c.Crawler] = c
	}
	tlgs := byID["tlgs"]
	if !tlgs.Verdict.Allowed || !strings.Contains(tlgs.Verdict.Note, "whole path segments") {
		t.Errorf("tlgs on /private-notes: %+v", tlgs.Verdict)
	}
	want := "https://github.com/marty1885/tlgs/blob/3f00f7d6d5727f15cde918ced87be4c150eecc28/tlgsutils/robots_txt_parser.cpp#L73-L76"
	found := false
	for _, c := range tlgs.Cites {
		found = found || c.URL == want
	}
	if !found {
		t.Errorf("tlgs cites %+v, want a link %s", tlgs.Cites, want)
	}
	if k := byID["kennedy"]; k.Verdict.Allowed || k.Verdict.Line != 2 {
		t.Errorf("kennedy on /private-notes (a plain prefix): %+v", k.Verdict)
	}
	for _, c := range rows[1] {
		if c.Verdict.Allowed {
			t.Errorf("%s allows gemini://capsule.example/private/x under Disallow: /private", c.Crawler)
		}
	}
	for _, d := range DefaultCrawlers() {
		if !d.Crawler.Verified {
			t.Errorf("%s is unverified but shown by default", d.ID)
		}
	}
}

func TestRefs(t *testing.T) {
	got := refs("TLGS compares (tlgsutils/robots_txt_parser.cpp:73-76), see scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:17,44. Not line 3: x or a:b")
	want := []string{"tlgsutils/robots_txt_parser.cpp:73-76", "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:17,44"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("refs = %q, want %q", got, want)
	}
	c := crawlers.MozzArchiver.Crawler
	if u := c.URL(want[1]); u != "https://github.com/scrapy/protego/blob/b5175c0d5cb5bed3726826dfec34b156e6498842/src/protego.py#L17" {
		t.Errorf("URL = %q", u)
	}
}

// TestCrawlerTable: the table keeps each preset's policy while the parse
// is the same, gives what Crawlers gives, and finds its cells by key.
func TestCrawlerTable(t *testing.T) {
	var b Builder
	in := Input{Robots: "User-agent: *\nDisallow: /private\n", Selectors: "/private-notes\ngopher://capsule.example/0/private/x\n", Dialects: core.Dialects()}
	g := b.Build(in)
	if want := []string{"/private-notes", "gopher://capsule.example/0/private/x"}; strings.Join(g.Selectors, "|") != strings.Join(want, "|") {
		t.Fatalf("Grid.Selectors = %q, want %q", g.Selectors, want)
	}
	var tb CrawlerTable
	rows := tb.Build(b.File(), g.Selectors, DefaultCrawlers())
	first := tb.policies["tlgs"]
	in.Selectors = "/private\n"
	g = b.Build(in)
	tb.Build(b.File(), g.Selectors, DefaultCrawlers())
	if tb.policies["tlgs"] != first {
		t.Error("a new selector recompiled the presets of an unchanged file")
	}
	in.Robots += "Disallow: /x\n"
	g = b.Build(in)
	tb.Build(b.File(), g.Selectors, DefaultCrawlers())
	if tb.policies["tlgs"] == first {
		t.Error("an edited file kept the old policies")
	}
	plain := Crawlers(core.Parse([]byte("User-agent: *\nDisallow: /private\n")), []string{"/private-notes", "gopher://capsule.example/0/private/x"}, DefaultCrawlers())
	for i := range rows {
		for j := range rows[i] {
			a, c := rows[i][j], plain[i][j]
			if a.Verdict.Allowed != c.Verdict.Allowed || a.Verdict.Line != c.Verdict.Line || a.Verdict.Note != c.Verdict.Note {
				t.Errorf("%s %s: table %+v, Crawlers %+v", a.Crawler, a.Selector, a.Verdict, c.Verdict)
			}
		}
	}
	// A gopher:// URL is read as its selector: /private/x, covered.
	for _, c := range rows[1] {
		if c.Verdict.Allowed || c.Selector != "gopher://capsule.example/0/private/x" {
			t.Errorf("%s on a gopher URL for /private/x: %+v", c.Crawler, c.Verdict)
		}
	}
	for _, c := range []struct {
		key      string
		row, col int
		ok       bool
	}{
		{CrawlerKey("gemplex", "/private-notes"), 0, 1, true},
		{CrawlerKey("kennedy", "gopher://capsule.example/0/private/x"), 1, 3, true},
		{CrawlerKey("veronica2", "/private-notes"), 0, 0, false}, // not shown
		{CellKey("tlgs", "*", "/private-notes"), 0, 0, false},    // a grid key
		{"", 0, 0, false},
	} {
		r, col, ok := FindCrawler(rows, c.key)
		if ok != c.ok || ok && (r != c.row || col != c.col || rows[r][col].Crawler+"\n\n"+rows[r][col].Selector != c.key) {
			t.Errorf("FindCrawler(%q) = %d, %d, %v; want %d, %d, %v", c.key, r, col, ok, c.row, c.col, c.ok)
		}
	}
}
