package core

// Conformance of the rfc9309 dialect. TestRFC9309_* follow the text and
// examples of RFC 9309; TestGoogleOnly_* and TestRFC9309_Google* follow
// the published behaviour of Google's reference parser (its robots_test.cc
// and the Go port grobotstxt). Expected values are worked out here from
// those sources. Where the RFC and Google's parser differ, the comment
// says which one smolbots follows and why (DIALECTS.md: percent-encoding
// normalised per the RFC; the typos Google accepts are accepted).

import (
	"strings"
	"testing"
)

type urlCase struct {
	agent   string
	sel     string
	allowed bool
}

// expectVerdicts checks each case under dialect d for one file.
func expectVerdicts(t *testing.T, d Dialect, robots string, cases []urlCase) {
	t.Helper()
	rs := d.Compile(Parse([]byte(robots)))
	for _, c := range cases {
		a, err := ParseAgent(c.agent)
		if err != nil {
			t.Fatalf("agent %q: %v", c.agent, err)
		}
		v := rs.Policy(a).Test(c.sel)
		if v.Allowed != c.allowed {
			t.Errorf("%s: agent %q, selector %q: allowed=%v, want %v (line %d %q; %s)\nrobots.txt:\n%s",
				d.ID, c.agent, c.sel, v.Allowed, c.allowed, v.Line, v.Rule, v.Why, robots)
		}
	}
}

// RFC 9309 section 5.1, the simple example: groups for `*`, foobot, the
// pair barbot/bazbot, and an empty group for quxbot.
const rfc9309Example = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF
`

func TestRFC9309_SimpleExample(t *testing.T) {
	expectVerdicts(t, RFC9309, rfc9309Example, []urlCase{
		// foobot: everything disallowed but two pages.
		{"foobot", "/example/page.html", true},
		{"FooBot", "/example/allowed.gif", true},
		{"foobot", "/example/other.html", false},
		{"foobot", "/publications/", false},
		{"foobot", "/robots.txt", true}, // always allowed
		// barbot and bazbot share one group.
		{"barbot", "/example/page.html", false},
		{"bazbot", "/example/page.html", false},
		{"bazbot", "/example/page.htm", true},
		{"barbot", "/x.gif", true},
		// quxbot has a group of its own with no rules: all allowed.
		{"quxbot", "/example/", true},
		{"quxbot", "/x.gif", true},
		// everyone else gets the `*` group.
		{"otherbot", "/example/x", false},
		{"otherbot", "/a/b.gif", false},
		{"otherbot", "/a/b.gif?x", true},
		{"otherbot", "/publications/x", true},
		{"otherbot", "/publications/a.gif", true}, // longer Allow wins
		{"otherbot", "/other", true},
	})
	// The file's last line has no colon: no rule, no group.
	f := Parse([]byte(rfc9309Example))
	if l := f.Lines[16]; l.Text != "EOF" || l.Kind != NoColon {
		t.Errorf("line 17 %q has kind %v, want NoColon", l.Text, l.Kind)
	}
}

// Section 2.2.2: the most specific match (most octets) wins; with an
// Allow and a Disallow equally long, the Allow (least restrictive) wins.
func TestRFC9309_LongestMatch(t *testing.T) {
	for _, c := range []struct {
		robots, sel string
		allowed     bool
		line        int
	}{
		{"user-agent: a\nallow: /p\ndisallow: /\n", "/page", true, 2},
		{"user-agent: a\nallow: /folder\ndisallow: /folder\n", "/folder/page", true, 2},
		{"user-agent: a\ndisallow: /folder\nallow: /folder\n", "/folder/page", true, 3},
		{"user-agent: a\nallow: /page\ndisallow: /*.htm\n", "/page.htm", false, 3},
		{"user-agent: a\nallow: /$\ndisallow: /\n", "/", true, 2},
		{"user-agent: a\nallow: /$\ndisallow: /\n", "/page.html", false, 3},
		{"user-agent: a\ndisallow: /x/page.html\nallow: /x/\n", "/x/page.html", false, 2},
		{"user-agent: a\nallow: /x/page.html\ndisallow: /x/\n", "/x/", false, 3},
		{"user-agent: a\ndisallow: /x\nallow: /x/\n", "/x", false, 2},
		{"user-agent: a\ndisallow: /x\nallow: /x/\n", "/x/", true, 3},
		// An empty value matches nothing that could decide.
		{"user-agent: a\ndisallow:\nallow:\n", "/x", true, 0},
		{"user-agent: a\ndisallow: /\nallow: /\n", "/x", true, 3},
	} {
		v := Decide(Parse([]byte(c.robots)), RFC9309, MustAgent("a"), c.sel)
		if v.Allowed != c.allowed || v.Line != c.line {
			t.Errorf("%q %q: allowed=%v line %d, want %v line %d", c.robots, c.sel, v.Allowed, v.Line, c.allowed, c.line)
		}
	}
}

// Section 2.2.3: `*` any run of characters, `$` the end, `#` a comment.
func TestRFC9309_SpecialCharacters(t *testing.T) {
	expectVerdicts(t, RFC9309, "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", []urlCase{
		{"FooBot", "/foo/bar/quz", false},
		{"FooBot", "/foo/quz", true},
		{"FooBot", "/foo//quz", true},
		{"FooBot", "/foo/bax/quz", true},
	})
	expectVerdicts(t, RFC9309, "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", []urlCase{
		{"FooBot", "/foo/bar", false},
		{"FooBot", "/foo/bar/qux", true},
		{"FooBot", "/foo/bar/", true},
		{"FooBot", "/foo/bar/baz", true},
	})
	expectVerdicts(t, RFC9309, "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n", []urlCase{
		{"FooBot", "/foo/bar", true},
		{"FooBot", "/foo/quz", false},
	})
}

// Section 2.2.2: the percent-encoding table. Bytes outside US-ASCII are
// encoded before comparison, and escaped unreserved characters are the
// characters themselves: /foo/bar/%62%61%7A is the path /foo/bar/baz.
func TestRFC9309_PercentEncodingTable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/foo/bar?baz=quz", "/foo/bar?baz=quz"},
		{"/foo/bar/ツ", "/foo/bar/%E3%83%84"},
		{"/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"},
		{"/foo/bar/%62%61%7A", "/foo/bar/baz"},
		{"/foo/bar/%e3%83%84", "/foo/bar/%E3%83%84"},
		{"/%7euser", "/~user"},
		{"/a%2fb", "/a%2Fb"}, // a reserved character stays escaped
		{"/a b", "/a%20b"},
		{"/100%", "/100%"}, // not an escape
		{"/%zz", "/%zz"},
	} {
		if got := percentNormalize(c.in); got != c.want {
			t.Errorf("percentNormalize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	expectVerdicts(t, RFC9309, "User-agent: *\nDisallow: /\nAllow: /foo/bar/%62%61%7A\nAllow: /ツ\n", []urlCase{
		{"*", "/foo/bar/baz", true},
		{"*", "/foo/bar/%62%61%7A", true},
		{"*", "/ツ", true},
		{"*", "/%E3%83%84", true},
		{"*", "/%e3%83%84", true},
		{"*", "/foo/bar/bar", false},
	})
}

// Section 2.2.2: /robots.txt is implicitly allowed.
func TestRFC9309_RobotsTxtAlwaysAllowed(t *testing.T) {
	v := Decide(Parse([]byte("User-agent: *\nDisallow: /\n")), RFC9309, MustAgent("*"), "/robots.txt")
	if !v.Allowed || v.Line != 0 || !strings.Contains(v.Note, "always allows") {
		t.Errorf("got %+v, want allowed with a note", v)
	}
	expectVerdicts(t, RFC9309, "User-agent: *\nDisallow: /\n", []urlCase{
		{"*", "/robots.txt?x", false},
		{"*", "/Robots.txt", false},
	})
}

// Section 2.1 and 2.2.1: groups for the same agent are merged; rules
// outside any group are ignored; without a matching group the `*` groups
// apply, merged; without either, everything is allowed.
func TestRFC9309_Groups(t *testing.T) {
	robots := "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n"
	expectVerdicts(t, RFC9309, robots, []urlCase{
		{"FooBot", "/x/b", true},
		{"FooBot", "/z/d", true},
		{"FooBot", "/y/c", false},
		{"BarBot", "/y/c", true},
		{"BarBot", "/w/a", true},
		{"BarBot", "/z/d", false},
		{"BazBot", "/z/d", true},
		{"FooBot", "/foo/bar/", false},
		{"BarBot", "/foo/bar/", false},
		{"BazBot", "/foo/bar/", false},
	})
	expectVerdicts(t, RFC9309, "", []urlCase{{"FooBot", "/x/y", true}})
	global := "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n"
	expectVerdicts(t, RFC9309, global, []urlCase{{"FooBot", "/x/y", false}, {"BarBot", "/x/y", true}})
	specific := "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n"
	expectVerdicts(t, RFC9309, specific, []urlCase{{"QuxBot", "/x/y", true}})
	// Two `*` groups merge like any other.
	expectVerdicts(t, RFC9309, "user-agent: *\ndisallow: /a\n\nuser-agent: *\ndisallow: /b\n", []urlCase{
		{"QuxBot", "/a", false}, {"QuxBot", "/b", false}, {"QuxBot", "/c", true},
	})
}

// Section 2.2.1: the product token is matched without case; a version in
// the file's value does not stop the match (FooBot/1.0 is FooBot).
func TestRFC9309_ProductToken(t *testing.T) {
	for _, value := range []string{"FooBot", "foobot", "FOOBOT", "FooBot/1.0", "FooBot/1.0 (+info)"} {
		expectVerdicts(t, RFC9309, "User-agent: "+value+"\nDisallow: /\n", []urlCase{
			{"FooBot", "/x", false},
			{"foobot/2.1", "/x", false},
			{"FooBo", "/x", true},
			{"FooBotX", "/x", true},
		})
	}
	for _, c := range []struct{ in, want string }{
		{"FooBot/1.0", "FooBot"}, {"Foo_Bar-Baz1", "Foo_Bar-Baz"}, {"Foo Bar", "Foo"}, {"ツbot", ""}, {"", ""},
	} {
		if got := ProductTokenOf(c.in); got != c.want {
			t.Errorf("productToken(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// Field names and values compare without case; paths with case.
	for _, robots := range []string{
		"USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n",
		"user-agent: FooBot\nallow: /x/\ndisallow: /\n",
		"uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n",
		"User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n",
	} {
		agent := "FooBot"
		if strings.Contains(robots, "FOO BAR") {
			agent = "foo"
		}
		expectVerdicts(t, RFC9309, robots, []urlCase{{agent, "/x/y", true}, {agent, "/a/b", false}, {agent, "/X/y", false}})
	}
}

// Google: a user-agent value is read up to the first space, so "Foo Bar"
// is obeyed by Foo (smolbots follows: the product token).
func TestGoogleOnly_AcceptUserAgentUpToFirstSpace(t *testing.T) {
	robots := "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n"
	expectVerdicts(t, RFC9309, robots, []urlCase{{"Foo", "/x/y", true}, {"Bar", "/x/y", false}})
	// Google obeys only a valid product token and so sends "Foo Bar" to
	// the `*` group; DIALECTS.md reduces the bot's name to its product
	// token as well, so smolbots reads "Foo Bar" as Foo.
	expectVerdicts(t, RFC9309, robots, []urlCase{{"Foo Bar", "/x/y", true}})
	// `* something` is still the global group in Google's reading.
	expectVerdicts(t, RFC9309, "User-agent: * everyone\nDisallow: /a\n", []urlCase{{"Kiwi", "/a", false}})
	expectVerdicts(t, RFC9309, "User-agent: *everyone\nDisallow: /a\n", []urlCase{{"Kiwi", "/a", true}})
}

// Google accepts frequent misspellings of field names; DIALECTS.md makes
// rfc9309 accept them too, and no other dialect.
func TestGoogleOnly_AcceptedTypos(t *testing.T) {
	for _, robots := range []string{
		"Useragent: FooBot\nDisallow: /a\n",
		"User agent: FooBot\nDisallow: /a\n",
		"User-agent: FooBot\nDissallow: /a\n",
		"User-agent: FooBot\nDissalow: /a\n",
		"User-agent: FooBot\nDisalow: /a\n",
		"User-agent: FooBot\nDiasllow: /a\n",
		"User-agent: FooBot\nDisallaw: /a\n",
	} {
		expectVerdicts(t, RFC9309, robots, []urlCase{{"FooBot", "/a", false}})
		for _, d := range []Dialect{Gemini, Conner2020, Norobots, GopherDraft} {
			expectVerdicts(t, d, robots, []urlCase{{"FooBot", "/a", true}})
		}
		// gopher2019 reads only Disallow lines, so only that typo counts.
		typoInRule := !strings.Contains(robots, "Disallow:")
		expectVerdicts(t, Gopher2019, robots, []urlCase{{"FooBot", "/a", typoInRule}})
	}
}

// Google assumes the colon when a line is "key value" with exactly two
// words. The RFC requires the colon and DIALECTS.md says a line without
// one is no rule (it is linted): smolbots follows the RFC here.
func TestGoogleOnly_MissingColonNotAccepted(t *testing.T) {
	expectVerdicts(t, RFC9309, "user-agent FooBot\ndisallow /\n", []urlCase{{"FooBot", "/x/y", true}})
	expectVerdicts(t, RFC9309, "user-agent: FooBot\ndisallow: /\n", []urlCase{{"FooBot", "/x/y", false}})
	expectVerdicts(t, RFC9309, "foo: FooBot\nbar: /\n", []urlCase{{"FooBot", "/x/y", true}})
}

// Google treats a pattern ending in /index.html as also allowing the
// directory itself. The RFC has no such rule; smolbots follows the RFC.
func TestGoogleOnly_IndexHTMLNotADirectory(t *testing.T) {
	robots := "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n"
	expectVerdicts(t, RFC9309, robots, []urlCase{
		{"foobot", "/allowed-slash/", false}, // Google: allowed
		{"foobot", "/allowed-slash/index.htm", false},
		{"foobot", "/allowed-slash/index.html", true},
		{"foobot", "/anyother-url", false},
	})
}

// Google leaves %62%61%7A apart from baz and expects the caller to
// percent-encode the URL, so a raw /foo/bar/ツ does not match. smolbots
// follows the RFC's table and normalises both sides.
func TestGoogleOnly_EncodingDiffersFromRFC(t *testing.T) {
	expectVerdicts(t, RFC9309, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", []urlCase{
		{"FooBot", "/foo/bar/baz", true}, // Google: disallowed
		{"FooBot", "/foo/bar/%62%61%7A", true},
	})
	expectVerdicts(t, RFC9309, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", []urlCase{
		{"FooBot", "/foo/bar/%E3%83%84", true},
		{"FooBot", "/foo/bar/ツ", true}, // Google: disallowed (URL not encoded by the caller)
	})
	// Where Google and the RFC agree.
	expectVerdicts(t, RFC9309, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n", []urlCase{
		{"FooBot", "/foo/bar?qux=taz&baz=http://foo.bar?tar&par", true},
	})
	expectVerdicts(t, RFC9309, "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n", []urlCase{
		{"FooBot", "/foo/bar/%E3%83%84", true},
	})
}

// Google's documentation examples for path matching.
func TestGoogleOnly_DocumentationChecks(t *testing.T) {
	expectVerdicts(t, RFC9309, "user-agent: FooBot\ndisallow: /\nallow: /fish\n", []urlCase{
		{"FooBot", "/bar", false}, {"FooBot", "/fish", true}, {"FooBot", "/fish.html", true},
		{"FooBot", "/fish/salmon.html", true}, {"FooBot", "/fishheads", true},
		{"FooBot", "/fish.html?id=anything", true}, {"FooBot", "/Fish.asp", false},
		{"FooBot", "/catfish", false}, {"FooBot", "/?id=fish", false},
	})
	expectVerdicts(t, RFC9309, "user-agent: FooBot\ndisallow: /\nallow: /fish*\n", []urlCase{
		{"FooBot", "/fish", true}, {"FooBot", "/fishheads/yummy.html", true}, {"FooBot", "/Fish.bar", false},
	})
	expectVerdicts(t, RFC9309, "user-agent: FooBot\ndisallow: /\nallow: /fish/\n", []urlCase{
		{"FooBot", "/fish/", true}, {"FooBot", "/fish/?salmon", true}, {"FooBot", "/fish", false},
		{"FooBot", "/fish.html", false}, {"FooBot", "/Fish/Salmon.html", false},
	})
	expectVerdicts(t, RFC9309, "user-agent: FooBot\ndisallow: /\nallow: /*.php\n", []urlCase{
		{"FooBot", "/filename.php", true}, {"FooBot", "/folder/filename.php?parameters", true},
		{"FooBot", "//folder/any.php.file.html", true}, {"FooBot", "/index?f=filename.php/", true},
		{"FooBot", "/php/", false}, {"FooBot", "/index?php", false}, {"FooBot", "/windows.PHP", false},
	})
	expectVerdicts(t, RFC9309, "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n", []urlCase{
		{"FooBot", "/fish.php", true}, {"FooBot", "/fishheads/catfish.php?parameters", true},
		{"FooBot", "/Fish.PHP", false},
	})
}

// Google counts lines the same with LF, CRLF, lone CR, no final newline
// and a mix of them; so does Parse.
func TestRFC9309_GoogleLineNumbers(t *testing.T) {
	for _, robots := range []string{
		"User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n",
		"User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n",
		"User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r",
		"User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /",
		"User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /",
	} {
		f := Parse([]byte(robots))
		if len(f.Lines) != 6 || f.Lines[5].Key != Disallow || f.Lines[5].Number() != 6 {
			t.Errorf("%q: %d lines, last %+v", robots, len(f.Lines), f.Lines[len(f.Lines)-1])
		}
		v := Decide(f, RFC9309, MustAgent("bar"), "/x")
		if v.Allowed || v.Line != 6 {
			t.Errorf("%q: bar /x: %+v, want disallowed by line 6", robots, v)
		}
	}
}

// Google skips a full UTF-8 BOM and also a partial one (EF or EF BB).
// DIALECTS.md drops only a full BOM: a partial one is invalid UTF-8 that
// the linter reports, and it spoils the first line, as a BOM in the
// middle of the file spoils its line in both readings.
func TestGoogleOnly_ByteOrderMark(t *testing.T) {
	body := "User-Agent: foo\nDisallow: /AnyValue\n"
	expectVerdicts(t, RFC9309, "\xEF\xBB\xBF"+body, []urlCase{{"foo", "/AnyValue", false}})
	if f := Parse([]byte("\xEF\xBB\xBF" + body)); !f.BOM || f.Lines[0].Key != UserAgent || f.Lines[0].Pos.Offset != 3 {
		t.Errorf("full BOM: %+v", f.Lines[0])
	}
	for _, partial := range []string{"\xEF\xBB", "\xEF", "\xEF\x11\xBF"} {
		f := Parse([]byte(partial + body))
		if f.BOM || f.Lines[0].Key == UserAgent || f.InvalidUTF8Line != 1 {
			t.Errorf("%q: first line %+v, BOM %v, invalid UTF-8 at %d", partial, f.Lines[0], f.BOM, f.InvalidUTF8Line)
		}
		expectVerdicts(t, RFC9309, partial+body, []urlCase{{"foo", "/AnyValue", true}}) // Google: disallowed
	}
	expectVerdicts(t, RFC9309, "User-Agent: foo\n\xEF\xBB\xBFDisallow: /AnyValue\n", []urlCase{{"foo", "/AnyValue", true}})
}

// Google cuts lines after 8*2083 bytes. RFC 9309 has no line limit and
// smolbots reads whole lines (within the 500 KiB file cap).
func TestGoogleOnly_LongLinesKept(t *testing.T) {
	long := "/x/" + strings.Repeat("a", 2083*8) + "/qux"
	robots := "user-agent: FooBot\ndisallow: " + long + "\n"
	expectVerdicts(t, RFC9309, robots, []urlCase{
		{"FooBot", "/fux", true},
		{"FooBot", long, false},
		{"FooBot", long[:len(long)-4] + "/fux", true}, // Google: disallowed by the cut-off rule
	})
}

// Google's system test: an empty file allows everything; an empty URL is
// "/" for Google. smolbots compares the raw selector and adds no slash
// (DIALECTS.md), so the empty selector is not under `Disallow: /`.
func TestGoogleOnly_SystemTest(t *testing.T) {
	expectVerdicts(t, RFC9309, "", []urlCase{{"FooBot", "", true}, {"FooBot", "/", true}})
	robots := "user-agent: FooBot\ndisallow: /\n"
	expectVerdicts(t, RFC9309, robots, []urlCase{
		{"FooBot", "", true}, // Google: disallowed
		{"FooBot", "/", false},
	})
	sel, err := SelectorFrom("gemini://foo.bar")
	if err != nil || sel != "/" {
		t.Fatalf("SelectorFrom(gemini://foo.bar) = %q, %v", sel, err)
	}
	expectVerdicts(t, RFC9309, robots, []urlCase{{"FooBot", sel, false}})
}

// Google: matching paths is case sensitive, agent values are not.
func TestRFC9309_CaseSensitivePaths(t *testing.T) {
	expectVerdicts(t, RFC9309, "user-agent: FooBot\ndisallow: /x/\n", []urlCase{{"FooBot", "/x/y", false}})
	expectVerdicts(t, RFC9309, "user-agent: FooBot\ndisallow: /X/\n", []urlCase{{"FooBot", "/x/y", true}})
}
