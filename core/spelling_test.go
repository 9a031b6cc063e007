package core

import (
	"slices"
	"strings"
	"testing"
)

// posixpath.normpath's answers (CPython 3.11).
func TestPyNormpath(t *testing.T) {
	for in, want := range map[string]string{
		"": ".", "/": "/", "//": "//", "///": "/", "/a/../b": "/b", "/a/./b/": "/a/b",
		"//a/../b": "//b", "/../a": "/a", "a/../../b": "../b", "0/x/../y": "0/y", "a/..": ".",
		"/a//b": "/a/b", "/pub/../private": "/private",
	} {
		if got := pyNormpath(in); got != want {
			t.Errorf("pyNormpath(%q) = %q, want %q", in, got, want)
		}
	}
}

// gopher-mcp's normalize_gemini_path: %2e decoded, RFC 3986 section
// 5.2.4's dot-segment removal.
func TestGeminiPath(t *testing.T) {
	for in, want := range map[string]string{
		"/": "/", "/a/%2E%2E/private": "/private", "/a/%2e/b": "/a/b", "/a/..": "/",
		"/../a": "/a", "//private": "//private", "/a/b/../../c": "/c", "/a%2Fb": "/a%2Fb",
		"/a.": "/a.", "/.": "/",
	} {
		if got := geminiPath(in); got != want {
			t.Errorf("geminiPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// AnySpelling's targets: as given, decoded, dot segments resolved; on
// Gopher also with the item type, known only from a URL.
func TestSpellings(t *testing.T) {
	gem := Dialect{Normalize: AnySpelling, Crawler: &Crawler{Protocol: "gemini"}}
	gop := Dialect{Normalize: AnySpelling, Crawler: &Crawler{Protocol: "gopher"}}
	for _, c := range []struct {
		d     Dialect
		in    string
		want  []string
		typed bool
	}{
		{gem, "/%7Eu", []string{"/%7Eu", "/~u"}, true},
		{gem, "gemini://h/a%2F..%2Fb?q=1", []string{"/a%2F..%2Fb", "/a/../b", "/b"}, true},
		{gem, "gemini://h", []string{"/"}, true},
		{gem, "gopher://h/0/x", []string{"/x"}, true},
		{gem, "/pub/./x/", []string{"/pub/x/"}, true}, // the dot is gone before the spellings
		{gop, "gopher://h/0/x", []string{"/x", "/0/x", "0/x"}, true},
		{gop, "gopher://h/1", []string{"/", "/1/", "1/"}, true},
		{gop, "gopher://h/0x/../y", []string{"/x/../y", "/y", "/0/x/../y", "/0/y", "0/x/../y", "0/y"}, true},
		{gop, "x", []string{"/x"}, false},
	} {
		got, typed := c.d.Spellings(c.in)
		if !slices.Equal(got, c.want) || typed != c.typed {
			t.Errorf("%s Spellings(%q) = %q %v, want %q %v", c.d.Crawler.Protocol, c.in, got, typed, c.want, c.typed)
		}
	}
}

// A reader with AnySpelling refuses a target when any spelling of a rule
// matches any spelling of the target, and says which did.
func TestAnySpelling_Decides(t *testing.T) {
	d := Dialect{ID: "x", Grouping: AgentRunGroups, Agents: TokenEqual, Selection: SpecificElseStar,
		Decision: AnyDisallow, Patterns: GlobDollar, Normalize: AnySpelling,
		Crawler: &Crawler{Name: "X", Protocol: "gemini", Agents: []string{"x", "*"}}}
	for _, c := range []struct {
		robots, target string
		allowed        bool
	}{
		{"User-agent: *\nDisallow: /%7Eu\n", "/~u", false},
		{"User-agent: *\nDisallow: /~u\n", "/%7Eu", false},
		{"User-agent: *\nDisallow: /a%2a\n", "/axyz", false}, // the decoded rule's * is live
		{"User-agent: *\nDisallow: /private\n", "//private", true},
		{"User-agent: *\nDisallow: /b\n", "/a%2F..%2Fb", false},
		{"User-agent: *\nDisallow: /b\n", "/a/b", true},
	} {
		p := d.Compile(Parse([]byte(c.robots))).Policy(Agent{})
		v := p.Test(c.target)
		if v.Allowed != c.allowed || p.Allowed(c.target) != c.allowed {
			t.Errorf("%q on %q: %v, want %v", c.robots, c.target, v.Allowed, c.allowed)
		}
	}
}

// SpecificElseStar: the crawler's own names other than * together, a
// ruleless group included; else the * groups. AddOnlyAgents add.
func TestSpecificElseStar_AddOnly(t *testing.T) {
	d := Dialect{ID: "x", Grouping: AgentRunsAnyField, Agents: TokenEqual, Selection: SpecificElseStar,
		Decision: AnyDisallow, Patterns: GlobDollar,
		Crawler: &Crawler{Name: "X", Protocol: "gemini", Agents: []string{"x", "indexer", "*"}, AddOnlyAgents: []string{"gptbot"}}}
	for _, c := range []struct {
		robots, target string
		allowed        bool
	}{
		{"User-agent: *\nDisallow: /\n\nUser-agent: indexer\nDisallow: /x\n", "/a", true},
		{"User-agent: *\nDisallow: /\n\nUser-agent: indexer\nDisallow: /x\n", "/x", false},
		{"User-agent: x\nDisallow: /a\n\nUser-agent: indexer\nDisallow: /b\n", "/a", false},
		{"User-agent: *\nDisallow: /\n\nUser-agent: indexer\n", "/a", true},
		{"User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /x\n", "/a", false},
		{"User-agent: *\nDisallow: /p\n\nUser-agent: GPTBot\nDisallow: /\n", "/a", false},
		{"User-agent: googlebot\nDisallow: /\n", "/a", true},
	} {
		p := d.Compile(Parse([]byte(c.robots))).Policy(Agent{})
		if v := p.Test(c.target); v.Allowed != c.allowed {
			t.Errorf("%q on %q: %v, want %v (%s)", c.robots, c.target, v.Allowed, c.allowed, v.Why)
		}
	}
	d.Crawler.AddOnlyAgents = nil
	if !d.Compile(Parse([]byte("User-agent: *\nDisallow: /p\n\nUser-agent: GPTBot\nDisallow: /\n"))).Policy(Agent{}).Allowed("/a") {
		t.Error("without add-only agents a GPTBot group must not apply")
	}
}

// deny-all: a 4x the preset reads apart from other statuses.
func TestConclude_DenyAll(t *testing.T) {
	c := &Crawler{Name: "X", Protocol: "gemini", Fetch: CrawlerFetch{Outcomes: map[string]string{
		"found": "read", "temporary-failure": "deny-all", "other-status": "allow-all", "error": "deny-all"}, Ref: "a.py:1"}}
	for r, want := range map[Reply]string{
		{Status: 41}: "deny-all", {Status: 61}: "allow-all", {Failed: true}: "deny-all", {Status: 20}: "read",
	} {
		if got, note := c.Conclude(r); got != want || note == "" {
			t.Errorf("%+v: %s (%s), want %s", r, got, note, want)
		}
	}
	c.Fetch.Outcomes["temporary-failure"] = ""
	if got, _ := c.Conclude(Reply{Status: 41}); got != "allow-all" {
		t.Errorf("without a temporary-failure reading a 41 is another status: %s", got)
	}
}

// A bare Gopher selector's note on the missing item type comes only
// where a rule could match a typed spelling.
func TestSpellings_TypeNote(t *testing.T) {
	d := Dialect{ID: "x", Grouping: AgentRunGroups, Agents: TokenEqual, Selection: SpecificElseStar,
		Decision: AnyDisallow, Patterns: GlobDollar, Normalize: AnySpelling,
		Crawler: &Crawler{Name: "X", Protocol: "gopher", Agents: []string{"x", "*"}}}
	for robots, want := range map[string]bool{
		"User-agent: *\nDisallow: /private\n": false, "User-agent: *\nDisallow: /1\n": true,
		"User-agent: *\nDisallow: 0/x\n": true, "User-agent: *\nDisallow: /0/x\n": true, "User-agent: *\nDisallow: /*.txt\n": true,
		"User-agent: *\nDisallow: /\n": false, "User-agent: *\nDisallow: *\n": true,
	} {
		v := d.Compile(Parse([]byte(robots))).Policy(Agent{}).Test("/a")
		if got := strings.Contains(v.Note, "item type"); got != want {
			t.Errorf("%q: note %q, want one on the item type: %v", robots, v.Note, want)
		}
	}
}
