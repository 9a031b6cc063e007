package lint

import "testing"

// The lints for readings that surprise, each from the reader's code it
// names; the absent cases hold the lines that are read as meant.
func TestLint_Surprises(t *testing.T) {
	runLintCases(t, []lintCase{
		// Lib/urllib/robotparser.py:121-144: a Crawl-delay (even one it
		// cannot use) or a Request-rate ends the run of agent lines.
		{name: "delay between agents", in: "User-agent: indexer\nCrawl-delay: 5\nUser-agent: archiver\nDisallow: /private\n",
			want: []want{{2, "agent-run-broken", SevWarning, "norobots"}}},
		{name: "bad delay between agents", in: "User-agent: a\nUser-agent: b\nCrawl-delay: soon\nRequest-rate: 1/5\nUser-agent: c\nDisallow: /private\n",
			want: []want{{3, "agent-run-broken", SevWarning, "norobots"}}},
		// A field robotparser does not read, a comment or a blank line
		// holding a space change nothing there; a delay after the rules is
		// where it belongs; an empty line ends the record anyway.
		{name: "unread lines between agents", in: "User-agent: a\nSitemap: /map.xml\n# note\n \nUser-agent: b\nDisallow: /private\nCrawl-delay: 5\n\nUser-agent: c\nCrawl-delay: 5\n\nUser-agent: d\nDisallow: /\n",
			absent: []string{"agent-run-broken"}},
		// tlgsutils/robots_txt_parser.cpp:75
		{name: "tlgs off by one", in: "User-agent: *\nDisallow: /dir/\nDisallow: /\n", selectors: []string{"gemini://capsule.example/dir/a", "/a", "/dir/ab", "/ab"},
			want: []want{{3, "tlgs-off-by-one", SevWarning, "tlgs"}}},
		{name: "tlgs off by one, rule blocks", in: "User-agent: *\nDisallow: /dir/\n", selectors: []string{"/dir/a", "/dir/"},
			want: []want{{2, "tlgs-off-by-one", SevWarning, "tlgs"}}},
		{name: "tlgs covers", in: "User-agent: *\nDisallow: /dir/\nDisallow: /dir\nDisallow: /x*/\n", selectors: []string{"/dir/a", "/dir/", "/dir/ab", "/x/a"},
			absent: []string{"tlgs-off-by-one"}},
		{name: "tlgs off by one needs selectors", in: "User-agent: *\nDisallow: /\n",
			absent: []string{"tlgs-off-by-one"}},
		// cmd/gemplex/crawl.go:589-606: "Disallow:" then LF is no line.
		{name: "gemplex bare disallow", in: "User-agent: *\nDisallow:\n\nUser-agent: examplebot\nDisallow: /private\n",
			want: []want{{2, "gemplex-bare-disallow", SevWarning, "gemplex"}}},
		{name: "gemplex bare disallow, named group first", in: "User-agent: *\nDisallow: /x\n\nUser-agent: indexer\nDisallow:\nUser-agent: googlebot\nDisallow: /\n",
			want: []want{{5, "gemplex-bare-disallow", SevWarning, "gemplex"}}},
		// CRLF: the CR goes past the colon; both groups Gemplex's, or
		// neither; no group after it.
		{name: "gemplex reads it", in: "User-agent: *\r\nDisallow:\r\n\r\nUser-agent: examplebot\r\nDisallow: /private\r\n" +
			"User-agent: indexer\nDisallow:\nUser-agent: crawler\nDisallow: /a\n" +
			"User-agent: googlebot\nDisallow:\nUser-agent: bingbot\nDisallow: /b\nUser-agent: yandex\nDisallow:\n",
			absent: []string{"gemplex-bare-disallow"}},
	})
}
