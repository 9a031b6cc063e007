package core

// The norobots dialect follows the classic (before 3.13) urllib.robotparser
// of Python: first match, substring agents, records ended only by a truly
// empty line, the first `*` record kept as the default, an empty Disallow
// turned into "allow everything", and percent normalisation through
// unquote, urlparse/urlunparse and quote of both rule and path. Cases
// follow Lib/urllib/robotparser.py and Lib/test/test_robotparser.py;
// expected values are worked out here.
//
// Where DIALECTS.md deliberately differs from Python:
//   - a bare `*` rule matches every path (Python quotes it to %2A first and
//     then matches nothing);
//   - only the first 500 KiB are read (RFC 9309's floor; Python reads
//     all it is given);
//   - lines end only at CR, LF or CRLF (Python's splitlines also breaks at
//     VT, FF, FS, GS, RS, NEL, LS and PS) and fields are trimmed of spaces
//     and tabs only (Python strips all whitespace);
//   - records end at a truly empty line as they do when robotparser reads
//     the file itself (read() splits it with splitlines()); a caller that
//     passes lines with their terminators kept (as Python's own tests do
//     with readlines()) never sees an empty line;
//   - the selector is a path: Python's can_fetch takes a URL and drops its
//     scheme and host, which smolbots also does for a `//host/path` or
//     `scheme:` selector, but a gemini:// URL typed by the user is first
//     turned into its path by SelectorFrom.

import (
	"strings"
	"testing"
)

func TestNorobots_PythonTestCases(t *testing.T) {
	for _, c := range []struct {
		name, robots, agent string
		good, bad           []string
	}{
		{"UserAgentWildcard", "User-agent: *\nDisallow: /cyberworld/map/ # This is an infinite virtual URL space\nDisallow: /tmp/ # these will soon disappear\nDisallow: /foo.html\n    ",
			"test_robotparser", []string{"/", "/test.html"}, []string{"/cyberworld/map/index.html", "/tmp/xxx", "/foo.html"}},
		{"RejectAllRobots", "# go away\nUser-agent: *\nDisallow: /\n    ",
			"test_robotparser", nil, []string{"/cyberworld/map/index.html", "/", "/tmp/"}},
		{"EmptyFile", "", "test_robotparser", []string{"/", "/x"}, nil},
		{"CrawlDelayAndRequestRate", "User-agent: figtree\nCrawl-delay: 3\nRequest-rate: 9/30\nDisallow: /tmp\nDisallow: /a%3cd.html\nDisallow: /a%2fb.html\nDisallow: /%7ejoe/index.html\n    ",
			"figtree", []string{"/foo.html"},
			[]string{"/tmp", "/tmp.html", "/tmp/a.html", "/a%3cd.html", "/a%3Cd.html", "/a%2fb.html", "/~joe/index.html"}},
		{"DifferentAgent", "User-agent: figtree\nDisallow: /tmp\nDisallow: /%7ejoe/index.html\n",
			"FigTree Robot libwww-perl/5.04", []string{"/foo.html"}, []string{"/tmp", "/~joe/index.html"}},
		{"InvalidRequestRate", "User-agent: *\nDisallow: /tmp/\nDisallow: /a%3Cd.html\nDisallow: /a/b.html\nDisallow: /%7ejoe/index.html\nCrawl-delay: 3\nRequest-rate: 9/banana\n    ",
			"test_robotparser", []string{"/tmp"}, []string{"/tmp/", "/tmp/a.html", "/a%3cd.html", "/a%3Cd.html", "/a/b.html", "/%7Ejoe/index.html"}},
		{"InvalidCrawlDelay", "User-Agent: *\nDisallow: /.\nCrawl-delay: pears\n    ",
			"test_robotparser", []string{"/foo.html", "/"}, []string{"/.", "/.hidden"}},
		{"AnotherInvalidRequestRate", "User-agent: Googlebot\nAllow: /folder1/myfile.html\nDisallow: /folder1/\nRequest-rate: whale/banana\n    ",
			"Googlebot", []string{"/folder1/myfile.html"}, []string{"/folder1/anotherfile.html"}},
		// "Googlebot" is inside "Googlebot-Mobile": the first record wins.
		{"UserAgentOrdering", "User-agent: Googlebot\nDisallow: /\n\nUser-agent: Googlebot-Mobile\nAllow: /\n    ",
			"Googlebot", nil, []string{"/something.jpg"}},
		{"UserAgentGoogleMobile", "User-agent: Googlebot\nDisallow: /\n\nUser-agent: Googlebot-Mobile\nAllow: /\n    ",
			"Googlebot-Mobile", nil, []string{"/something.jpg"}},
		{"GoogleURLOrdering", "User-agent: Googlebot\nAllow: /folder1/myfile.html\nDisallow: /folder1/\n    ",
			"googlebot", []string{"/folder1/myfile.html"}, []string{"/folder1/anotherfile.html"}},
		{"DisallowQueryString", "User-agent: *\nDisallow: /some/path?name=value\n    ",
			"test_robotparser", []string{"/some/path"}, []string{"/some/path?name=value"}},
		{"UseFirstUserAgentWildcard", "User-agent: *\nDisallow: /some/path\n\nUser-agent: *\nDisallow: /another/path\n    ",
			"test_robotparser", []string{"/another/path"}, []string{"/some/path"}},
		// An empty query is dropped from the rule by urlunparse(urlparse()).
		{"EmptyQueryString", "User-agent: *\nAllow: /some/path?\nDisallow: /another/path?\n    ",
			"test_robotparser", []string{"/some/path?", "/some/path"}, []string{"/another/path?", "/another/path"}},
		{"DefaultEntry", "User-agent: *\nCrawl-delay: 1\nRequest-rate: 3/15\nDisallow: /cyberworld/map/\n    ",
			"test_robotparser", []string{"/", "/test.html"}, []string{"/cyberworld/map/index.html"}},
		{"CrawlDelayAndCustomAgent", "# robots.txt for http://www.example.com/\n\nUser-agent: *\nCrawl-delay: 1\nRequest-rate: 3/15\nDisallow: /cyberworld/map/ # This is an infinite virtual URL space\n\n# Cybermapper knows where to go.\nUser-agent: cybermapper\nDisallow:\n    ",
			"test_robotparser", []string{"/", "/test.html"}, []string{"/cyberworld/map/index.html"}},
		{"CybermapperEmptyDisallow", "User-agent: *\nDisallow: /cyberworld/map/\n\nUser-agent: cybermapper\nDisallow:\n",
			"cybermapper", []string{"/cyberworld/map/index.html", "/"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var cases []urlCase
			for _, s := range c.good {
				cases = append(cases, urlCase{c.agent, s, true})
			}
			for _, s := range c.bad {
				cases = append(cases, urlCase{c.agent, s, false})
			}
			expectVerdicts(t, Norobots, c.robots, cases)
		})
	}
}

// Python's parse(): state 0 start, 1 after User-agent, 2 after a rule or
// delay. Only a truly empty line changes state.
func TestNorobots_RecordStateMachine(t *testing.T) {
	cases := []struct {
		name, robots string
		want         []urlCase
	}{
		{"whitespace-only line does not end a record", "User-agent: a\nDisallow: /x\n \t\nDisallow: /y\n", []urlCase{{"a", "/y", false}}},
		{"empty line ends a record", "User-agent: a\nDisallow: /x\n\nDisallow: /y\n", []urlCase{{"a", "/x", false}, {"a", "/y", true}}},
		{"blank between agent and rules drops the agents", "User-agent: a\n\nDisallow: /x\n\nUser-agent: *\nDisallow: /y\n", []urlCase{{"a", "/x", true}, {"a", "/y", false}}},
		{"comment-only line keeps the agents", "User-agent: a\n# note\nDisallow: /x\n", []urlCase{{"a", "/x", false}}},
		{"rules before any agent are ignored", "Disallow: /x\nUser-agent: a\nDisallow: /y\n", []urlCase{{"a", "/x", true}, {"a", "/y", false}}},
		{"agent after rules starts a record", "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\n", []urlCase{{"a", "/y", true}, {"b", "/x", true}, {"b", "/y", false}}},
		{"two agents share a record", "User-agent: a\nUser-agent: b\nDisallow: /x\n", []urlCase{{"a", "/x", false}, {"b", "/x", false}}},
		{"crawl-delay ends the agent run", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /x\n", []urlCase{{"a", "/x", true}, {"b", "/x", false}}},
		{"sitemap changes nothing", "User-agent: a\nSitemap: /s.xml\nUser-agent: b\nDisallow: /x\n", []urlCase{{"a", "/x", false}}},
		{"unknown fields change nothing", "User-agent: a\nFoo: bar\n\nUser-agent: b\nDisallow: /x\n", []urlCase{{"a", "/x", true}, {"b", "/x", false}}},
		{"agent-only record at the end is dropped", "User-agent: *\nDisallow: /x\n\nUser-agent: a\n", []urlCase{{"a", "/x", false}}},
		{"only a truly empty line: CR line ends count", "User-agent: a\r\rDisallow: /x\r\rUser-agent: *\rDisallow: /y\r", []urlCase{{"a", "/x", true}, {"a", "/y", false}}},
		{"no final newline", "User-agent: a\nDisallow: /x", []urlCase{{"a", "/x", false}}},
		{"a star record that names another agent too is only the default", "User-agent: a\nUser-agent: *\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n", []urlCase{{"a", "/x", false}, {"a", "/y", true}, {"bot-b", "/y", false}, {"bot-b", "/x", true}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectVerdicts(t, Norobots, c.robots, c.want) })
	}
}

// Entry.applies_to: the name up to "/" is lower-cased, and a record's
// (unquoted) value must occur in it.
func TestNorobots_AgentSubstring(t *testing.T) {
	robots := "User-agent: fig%20tree\nDisallow: /a\n\nUser-agent: Bot\nDisallow: /b\n\nUser-agent: *\nDisallow: /c\n"
	expectVerdicts(t, Norobots, robots, []urlCase{
		{"Fig Tree Crawler/1.0", "/a", false},
		{"figtree", "/a", true},
		{"figtree", "/c", false},
		{"Crawler", "/b", true}, // "bot" is not in "crawler"
		{"Robot", "/b", false},  // but is in "robot"
		{"MyBot/2.0", "/b", false},
		{"*", "/c", false},
	})
	// An empty value occurs in every name.
	expectVerdicts(t, Norobots, "User-agent:\nDisallow: /x\n", []urlCase{{"Kiwi", "/x", false}, {"indexer", "/x", false}})
	// An unnamed bot is matched by its roles' names.
	expectVerdicts(t, Norobots, "User-agent: indexer\nDisallow: /x\n", []urlCase{{"indexer", "/x", false}, {"GUS(indexer)", "/x", true}})
}

// RuleLine: an empty Disallow allows everything, and under first match it
// hides every rule after it.
func TestNorobots_EmptyDisallowAllowsAll(t *testing.T) {
	f := Parse([]byte("User-agent: *\nDisallow:\nDisallow: /private\n"))
	v := Decide(f, Norobots, MustAgent("*"), "/private")
	if !v.Allowed || v.Line != 2 || !strings.Contains(v.Note, "empty Disallow") {
		t.Errorf("got %+v, want allowed by line 2 with a note", v)
	}
	// An empty Allow matches everything too.
	expectVerdicts(t, Norobots, "User-agent: *\nAllow:\nDisallow: /\n", []urlCase{{"*", "/x", true}})
	// "?" is not empty when read, but urlunparse(urlparse("?")) is: it
	// then disallows everything.
	expectVerdicts(t, Norobots, "User-agent: *\nDisallow: ?\n", []urlCase{{"*", "/x", false}, {"*", "", false}})
}

// DIALECTS.md: a bare `*` matches every path (Python: nothing).
func TestNorobots_BareStarMatchesAll(t *testing.T) {
	v := Decide(Parse([]byte("User-agent: *\nDisallow: *\n")), Norobots, MustAgent("*"), "/x")
	if v.Allowed || v.Line != 2 || !strings.Contains(v.Note, "%2A") {
		t.Errorf("got %+v, want disallowed by line 2 with a note naming %%2A", v)
	}
	// Only the bare star: "/a*" is quoted to /a%2A and matched literally.
	expectVerdicts(t, Norobots, "User-agent: *\nDisallow: /a*\n", []urlCase{{"*", "/ab", true}, {"*", "/a*b", false}, {"*", "/a%2Ab", false}})
}

// can_fetch asks for "/" when the normalised path is empty.
func TestNorobots_EmptyPathIsSlash(t *testing.T) {
	expectVerdicts(t, Norobots, "User-agent: *\nDisallow: /$\n", []urlCase{{"*", "", true}, {"*", "/", true}})
	expectVerdicts(t, Norobots, "User-agent: *\nDisallow: /\n", []urlCase{{"*", "", false}, {"*", "?", false}, {"*", "#top", true}, {"*", "x", true}})
}

// Settings of the chosen record: robotparser reads Crawl-delay and
// Request-rate (only when well formed, as Valid says).
func TestNorobots_Settings(t *testing.T) {
	robots := "User-agent: figtree\nCrawl-delay: 3\nRequest-rate: 9/30\nDisallow: /tmp\n\nUser-agent: *\nCrawl-delay: pears\nRequest-rate: 9/banana\nDisallow: /x\n"
	rs := Norobots.Compile(Parse([]byte(robots)))
	got := rs.Policy(MustAgent("FigTree Robot libwww-perl/5.04")).Settings()
	want := []Setting{{CrawlDelay, "3", 2, true}, {RequestRate, "9/30", 3, true}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("figtree settings %+v, want %+v", got, want)
	}
	got = rs.Policy(MustAgent("other")).Settings()
	want = []Setting{{CrawlDelay, "pears", 7, false}, {RequestRate, "9/banana", 8, false}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("default settings %+v, want %+v", got, want)
	}
	// Other dialects: rfc9309 reports no delays; gemini neither.
	for _, d := range []Dialect{RFC9309, Gemini} {
		if s := d.Compile(Parse([]byte(robots))).Policy(MustAgent("figtree")).Settings(); len(s) != 0 {
			t.Errorf("%s settings %+v, want none", d.ID, s)
		}
	}
}

// The normalisation helpers against what Python 3.11 gives for
// quote(urlunparse(urlparse(unquote(rule)))) and for can_fetch's path.
func TestNorobots_Normalisation(t *testing.T) {
	for _, c := range []struct{ in, rule, path string }{
		{"/a b", "/a%20b", "/a%20b"},
		{"/ü", "/%C3%BC", "/%C3%BC"},
		{"/%7ejoe", "/~joe", "/~joe"},
		{"/a%2fb", "/a/b", "/a/b"},
		{"/%E3%83", "/%EF%BF%BD", "/%EF%BF%BD"},
		{"/%FF%FE", "/%EF%BF%BD%EF%BF%BD", "/%EF%BF%BD%EF%BF%BD"},
		{"/%E3%83%84", "/%E3%83%84", "/%E3%83%84"},
		{"/%F0%9F%98", "/%EF%BF%BD", "/%EF%BF%BD"},
		{"/%ED%A0%80", "/%EF%BF%BD%EF%BF%BD%EF%BF%BD", "/%EF%BF%BD%EF%BF%BD%EF%BF%BD"},
		{"/%C0%AF", "/%EF%BF%BD%EF%BF%BD", "/%EF%BF%BD%EF%BF%BD"},
		{"100%", "100%25", "100%25"},
		{"/%zz", "/%25zz", "/%25zz"},
		{"/a?", "/a", "/a"},
		{"/a?#", "/a", "/a"},
		{"/a;", "/a", "/a"},
		{"/a;b/c;d", "/a%3Bb/c%3Bd", "/a%3Bb/c%3Bd"},
		{"/;x", "/%3Bx", "/%3Bx"},
		{"//host/x?q#f", "//host/x%3Fq%23f", "/x%3Fq%23f"},
		{"http://h/a;p?q#f", "http%3A//h/a%3Bp%3Fq%23f", "/a%3Bp%3Fq%23f"},
		{"URL:x", "url%3Ax", "x"},
		{"url:/x", "url%3A/x", "/x"},
		{"gopher:x", "gopher%3A///x", "x"},
		{"0/robots.txt", "0/robots.txt", "0/robots.txt"},
		{"  /lead", "/lead", "/lead"},
		{"/a\tb", "/ab", "/ab"},
		{"1:x", "1%3Ax", "1%3Ax"},
		{"/x:y", "/x%3Ay", "/x%3Ay"},
		{"", "", "/"},
	} {
		if got := Norobots.NormalizePattern(c.in); got != c.rule {
			t.Errorf("rule %q -> %q, want %q", c.in, got, c.rule)
		}
		if got := Norobots.NormalizeSelector(c.in); got != c.path {
			t.Errorf("path %q -> %q, want %q", c.in, got, c.path)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"a%41", "aA"}, {"%", "%"}, {"%4", "%4"}, {"%e2%82%ac", "€"}, {"%FF", "\uFFFD"}, {"%E2%82", "\uFFFD"}, {"%E2%82%E2%82%AC", "\uFFFD€"},
	} {
		if got := pyUnquote(c.in); got != c.want {
			t.Errorf("pyUnquote(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"/a-b_c.d~e", "/a-b_c.d~e"}, {"a b", "a%20b"}, {"?&=#", "%3F%26%3D%23"}, {"*", "%2A"}, {"\xff", "%FF"},
	} {
		if got := pyQuote(c.in); got != c.want {
			t.Errorf("pyQuote(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A `User-agent: *` whose rules a blank line cut off is a record
// robotparser drops: the reason names that line instead of saying the
// file has no * record.
func TestNorobots_StarRecordCutOff(t *testing.T) {
	p := Norobots.Compile(Parse([]byte("User-agent: *\n\nDisallow: /private\n"))).Policy(MustAgent("kiwi"))
	if v := p.Test("/private"); !v.Allowed || !strings.Contains(p.Why, "the * record at line 1 has no rule this dialect reads") {
		t.Errorf("got %+v, why %q", v, p.Why)
	}
	p = Norobots.Compile(Parse([]byte("User-agent: kiwi\nDisallow: /private\n"))).Policy(MustAgent("lupa"))
	if !strings.Contains(p.Why, "there is no * record") {
		t.Errorf("a file without a * line: why %q", p.Why)
	}
}
