package grid

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
)

func TestCrawlers_VerdictsWithCites(t *testing.T) {
	f := core.Parse([]byte("User-agent: *\nDisallow: /private\n"))
	rows := Crawlers(f, []string{"/private-notes", "gemini://example.org/private/x"}, DefaultCrawlers())
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
			t.Errorf("%s allows gemini://example.org/private/x under Disallow: /private", c.Crawler)
		}
	}
	for _, d := range DefaultCrawlers() {
		if !d.Crawler.Verified {
			t.Errorf("%s is unverified but shown by default", d.ID)
		}
	}
}

func TestRefs(t *testing.T) {
	got := refs("TLGS compares (tlgsutils/robots_txt_parser.cpp:73-76), see scrapy/protego@b5175c0d5c:src/protego.py:17,44. Not line 3: x or a:b")
	want := []string{"tlgsutils/robots_txt_parser.cpp:73-76", "scrapy/protego@b5175c0d5c:src/protego.py:17,44"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("refs = %q, want %q", got, want)
	}
	c := core.MozzArchiver.Crawler
	if u := c.URL(want[1]); u != "https://github.com/scrapy/protego/blob/b5175c0d5c/src/protego.py#L17" {
		t.Errorf("URL = %q", u)
	}
}
