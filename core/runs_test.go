package core_test

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// runCase is one of the minimal cases the crawlers' own code was run on
// (issue 35): a file, a target, and each reader's verdict there.
type runCase struct {
	name, robots, target string
	want                 map[string]string // reader ID: "allow", "deny", core.IgnoresFile or core.NeverFetched
}

// runCases are the cases of the four classes and the three crawler
// facts. gemini-grc's, Gemplex's and TLGS's verdicts were taken by
// running their code; Protego's by running 0.1.16 and 0.2.1; Kennedy's
// are read from its code (no .NET runtime was at hand).
var runCases = []runCase{
	// A trailing CR: gemini-grc (robotsMatch/robots.go:33-39), Gemplex
	// (cmd/gemplex/crawl.go:585,603-606) and Kennedy
	// (RobotsTxtParser.cs:26,40-41) trim it; TLGS's regex does not
	// match it (robots_txt_parser.cpp:17,23).
	{"cr-cr-lf", "User-agent: *\r\nDisallow: /a\r\r\n", "/a",
		map[string]string{"gemini-grc": "deny", "gemplex": "deny", "kennedy": "deny", "tlgs": "allow"}},
	{"final-cr", "User-agent: *\nDisallow: /a\r", "/a",
		map[string]string{"gemini-grc": "deny", "gemplex": "deny", "kennedy": "deny", "tlgs": "allow"}},
	{"agent-cr-cr-lf", "User-agent: indexer\r\r\nDisallow: /a\n", "/a",
		map[string]string{"gemini-grc": "deny", "gemplex": "deny", "kennedy": "deny", "tlgs": "deny"}},
	{"lone-cr-joins", "User-agent: *\rDisallow: /p\r", "/p",
		map[string]string{"gemini-grc": "allow", "gemplex": "allow", "kennedy": "allow"}},
	{"kennedy-vt", "User-agent: *\nDisallow: /a\v\n", "/a", map[string]string{"kennedy": "deny"}},
	{"kennedy-nbsp", "User-agent: *\nDisallow: /a\u00a0\n", "/a", map[string]string{"kennedy": "deny"}},
	// gemini-grc cleans the path with path.Clean (common/url/url.go:146,184).
	{"leading-double-slash", "User-agent: *\nDisallow: /a\n", "gemini://h//a", map[string]string{"gemini-grc": "deny"}},
	{"leading-double-slash-deeper", "User-agent: *\nDisallow: /a\n", "gemini://h//a/b", map[string]string{"gemini-grc": "deny"}},
	{"escaped-slash", "User-agent: *\nDisallow: /a\n", "gemini://h/%2Fa", map[string]string{"gemini-grc": "allow"}},
	// Protego upper-cases the escapes it keeps (protego.py:140-141,161-193).
	{"protego-2F-2f", "User-agent: *\nDisallow: /a%2Fb\n", "gemini://h/a%2fb", map[string]string{"mozz-archiver": "deny"}},
	{"protego-2f-2F", "User-agent: *\nDisallow: /a%2fb\n", "gemini://h/a%2Fb", map[string]string{"mozz-archiver": "deny"}},
	{"protego-2a-2A", "User-agent: *\nDisallow: /a%2a\n", "gemini://h/a%2A", map[string]string{"mozz-archiver": "deny"}},
	{"protego-2f-end", "User-agent: *\nDisallow: /a%2f\n", "gemini://h/a%2F", map[string]string{"mozz-archiver": "deny"}},
	{"protego-2a-literal", "User-agent: *\nDisallow: /a%2a\n", "gemini://h/axyz", map[string]string{"mozz-archiver": "allow"}},
	{"protego-query-raw", "User-agent: *\nDisallow: /s?q=%2f\n", "gemini://h/s?q=%2F", map[string]string{"mozz-archiver": "allow"}},
	// Protego and an empty User-agent (protego.py:357-360,369-371).
	{"protego-empty-agent", "User-agent: *\nDisallow: /drafts\n\nUser-agent:\nDisallow: /private\n", "/private",
		map[string]string{"mozz-archiver": "deny", "gemplex": "deny"}},
	{"protego-empty-agent-joins", "User-agent: *\nDisallow: /d\nUser-agent:\nUser-agent: bot\nDisallow: /x\n", "/x",
		map[string]string{"mozz-archiver": "deny"}},
	// gemini-grc reads no robots.txt for gopher:// URLs (common/worker.go:147-157).
	{"grc-gopher", "User-agent: *\nDisallow: /\n", "gopher://h/1/x", map[string]string{"gemini-grc": core.IgnoresFile}},
	{"grc-gopher-private", "User-agent: *\nDisallow: /private\n", "gopher://h/0/private", map[string]string{"gemini-grc": core.IgnoresFile}},
	{"grc-gemini", "User-agent: *\nDisallow: /\n", "gemini://h/x", map[string]string{"gemini-grc": "deny"}},
	// TLGS never fetches a URL with a raw byte >= 0x80 (crawler.cpp:249-251).
	{"tlgs-raw-utf8", "User-agent: *\nDisallow: /x\n", "gemini://h/café", map[string]string{"tlgs": core.NeverFetched}},
	{"tlgs-escaped-utf8", "User-agent: *\nDisallow: /x\n", "gemini://h/caf%C3%A9", map[string]string{"tlgs": "allow"}},
	// gopher2019 ends lines at LF or CRLF only (DIALECTS.md).
	{"gopher2019-lone-cr", "User-agent: *\rDisallow: /private\r", "/private", map[string]string{"gopher2019": "allow", "gopherdraft": "deny"}},
}

func runVerdict(v core.Verdict) string {
	switch {
	case v.Unread != "":
		return v.Unread
	case v.Allowed:
		return "allow"
	}
	return "deny"
}

func TestCrawlerRuns(t *testing.T) {
	for _, c := range runCases {
		f := core.Parse([]byte(c.robots))
		for id, want := range c.want {
			d, ok := crawlers.ReaderByID(id)
			if !ok {
				t.Fatalf("%s: no reader %s", c.name, id)
			}
			p := d.Compile(f).Policy(core.MustAgent("*"))
			v := p.Test(c.target)
			if got := runVerdict(v); got != want {
				t.Errorf("%s: %s on %q gives %s, want %s (%s %s)", c.name, id, c.target, got, want, v.Why, v.Note)
			}
			if p.Allowed(c.target) != v.Allowed {
				t.Errorf("%s: %s: Allowed and Test disagree", c.name, id)
			}
			if ok, line, _ := p.DecidingRule(c.target); ok != v.Allowed || line != v.Line {
				t.Errorf("%s: %s: DecidingRule and Test disagree", c.name, id)
			}
		}
	}
}

// TestUnreadWords: an unread verdict names its state and cites the code.
func TestUnreadWords(t *testing.T) {
	f := core.Parse([]byte("User-agent: *\nDisallow: /\n"))
	v := core.Decide(f, crawlers.GeminiGRC, core.Agent{}, "gopher://h/1/x")
	if v.Word() != core.IgnoresFileWord || !strings.Contains(v.Why, "common/worker.go:147-157") || v.Line != 0 {
		t.Errorf("gemini-grc on gopher: %q %+v", v.Word(), v)
	}
	v = core.Decide(f, crawlers.TLGS, core.Agent{}, "gemini://h/\xe9")
	if v.Word() != core.NeverFetchedWord || !strings.Contains(v.Why, "crawler.cpp:249-251") || v.Allowed {
		t.Errorf("tlgs on a raw byte: %q %+v", v.Word(), v)
	}
	// Denied on Gemini, gemini-grc's verdict says a run with -gopher reads nothing.
	v = core.Decide(f, crawlers.GeminiGRC, core.Agent{}, "gemini://h/x")
	if !strings.Contains(v.Note, "robotsMatch/robotsMatch.go:94-97") {
		t.Errorf("gemini-grc on gemini: no -gopher note: %q", v.Note)
	}
	if v = core.Decide(f, core.GopherDraft, core.Agent{}, "gopher://h/1/x"); v.Unread != "" {
		t.Errorf("a dialect's verdict is never unread: %+v", v)
	}
}
