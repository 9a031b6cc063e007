package fetch

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/internal/tabletest"
)

func TestParseTarget(t *testing.T) {
	ok := []struct {
		in   string
		want Target
		url  string
	}{
		{"gopher://capsule.example", Target{"gopher", "capsule.example", 70}, "gopher://capsule.example"},
		{"GOPHER://Capsule.EXAMPLE:7070/1/phlog", Target{"gopher", "capsule.example", 7070}, "gopher://capsule.example:7070"},
		{"gemini://capsule.example:1965", Target{"gemini", "capsule.example", 1965}, "gemini://capsule.example"},
		{"gemini://capsule.example?x#y", Target{"gemini", "capsule.example", 1965}, "gemini://capsule.example"},
		{"gemini://[2001:DB8::1]:1966/x", Target{"gemini", "2001:db8::1", 1966}, "gemini://[2001:db8::1]:1966"},
		{"gopher://[::1]", Target{"gopher", "::1", 70}, "gopher://[::1]"},
		{"gopher://192.0.2.7:70", Target{"gopher", "192.0.2.7", 70}, "gopher://192.0.2.7"},
		{"gemini://under_score.example", Target{"gemini", "under_score.example", 1965}, "gemini://under_score.example"},
		{"gemini://capsule.example.", Target{"gemini", "capsule.example.", 1965}, "gemini://capsule.example."},
		{"gemini://xn--bcher-kva.example", Target{"gemini", "xn--bcher-kva.example", 1965}, "gemini://xn--bcher-kva.example"},
	}
	for _, c := range ok {
		got, err := ParseTarget(c.in)
		if err != nil || got != c.want || got.URL() != c.url {
			t.Errorf("ParseTarget(%q) = %+v %q, %v; want %+v %q", c.in, got, got.URL(), err, c.want, c.url)
		}
	}
	bad := map[string]string{
		"":                               "not a URL",
		"capsule.example":                "not a URL",
		"https://capsule.example":        "only gopher:// and gemini://",
		"gemini://":                      "no host",
		"gemini://:1965":                 "no host",
		"gemini://capsule.example:":      "empty port",
		"gemini://capsule.example:0":     "not a port number",
		"gemini://capsule.example:+70":   "not a port number",
		"gemini://capsule.example:1e3":   "not a port number",
		"gemini://capsule.example:65536": "not a port number",
		"gemini://u@capsule.example":     "user name",
		"gemini://[::1":                  "closing bracket",
		"gemini://[::1]x":                "after the IPv6",
		"gemini://[capsule.example]":     "bad IPv6",
		"gemini://[10.0.0.1]":            "bad IPv6",
		"gemini://[fe80::1%25x]":         "bad IPv6",
		"gemini://::1":                   "brackets",
		"gemini://exa mple.org":          "which no host name has",
		"gemini://..":                    "empty label",
		"gopher://.a":                    "empty label",
		"gemini://a..b":                  "empty label",
		"gemini://.":                     "empty label",
		"gemini://" + strings.Repeat("a", 64) + ".org": "longer than 63",
		// The character as typed, not one byte of it read as Latin-1.
		"gemini://bücher.example":              `the character 'ü', which no host name has; write an international name in its xn--`,
		"gemini://b\xfcb.example":              "the byte 0xFC, which is not text",
		"gemini://" + strings.Repeat("a", 254): "253 bytes",
	}
	for in, want := range bad {
		if _, err := ParseTarget(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseTarget(%q) error %v, want one saying %q", in, err, want)
		}
	}
}

func TestParseStatus(t *testing.T) {
	for line, want := range map[string]struct {
		status int
		meta   string
		ok     bool
	}{
		"20 text/plain\r\n":  {20, "text/plain", true},
		"20\r\n":             {20, "", true},
		"20\n":               {20, "", true},
		"51 Not found!\r\n":  {51, "Not found!", true},
		"31 gemini://x/\r\n": {31, "gemini://x/", true},
		"2\r\n":              {0, "", false},
		"200 OK\r\n":         {0, "", false},
		"2x\r\n":             {0, "", false},
		"05 x\r\n":           {0, "", false},
		"20\ttext/plain\r\n": {0, "", false},
		"HTTP/1.1 200\r\n":   {0, "", false},
		"20 " + strings.Repeat("x", MaxHeader+1) + "\r\n": {0, "", false},
	} {
		s, m, err := parseStatus(line)
		if (err == nil) != want.ok || s != want.status || m != want.meta {
			t.Errorf("parseStatus(%.30q) = %d %q %v, want %+v", line, s, m, err, want)
		}
	}
}

// Gopher servers end text with a "." line (RFC 1436); the file does not.
func TestStripDotLine(t *testing.T) {
	checkReplies(t, "stripDotLine", func(b []byte) string { return string(stripDotLine(b)) }, map[string]string{
		"a\r\nb\r\n.\r\n": "a\r\nb\r\n",
		"a\nb\n.\n":       "a\nb\n",
		"a\r\n.":          "a\r\n",
		"a\n.":            "a\n",
		".\r\n":           "",
		".":               "",
		"a\n":             "a\n",
		"a.\n":            "a.\n",
		"a\n..\n":         "a\n..\n",
	})
}

func TestGopherMissing(t *testing.T) {
	checkReplies(t, "gopherMissing", gopherMissing, map[string]string{
		"":          "empty reply",
		" \r\n\r\n": "empty reply",
		"3 '/robots.txt' doesn't exist!\t\terror.host\t1\r\n":   "error menu",
		"Error: File or directory not found! (null)\r\n___\r\n": "error text",
		"3 not here\r\n":                                           "error text",
		"Resource not found.\r\n":                                  "error text",
		"1Phlog\t/phlog\tex.org\t70\r\n":                           "a menu, not a file",
		"User-agent: *\nDisallow: /\n":                             "",
		"# robots: error pages not found are fine\nDisallow: /x\n": "",
		"Disallow: /error\n":                                       "",
	})
}

func TestErrorReply(t *testing.T) {
	checkReplies(t, "errorReply", errorReply, map[string]string{
		"3 '/robots.txt' doesn't exist!\t\terror.host\t1\r\n": "'/robots.txt' doesn't exist!",
		"\r\nError: Access denied!\r\n___\r\n":                "Error: Access denied!",
		"3 not here\r\n":                                      "3 not here",
		"Error \x1b]0;X\x07\xff\r\n":                          "Error \x1b]0;X\x07\uFFFD",
		strings.Repeat("e", 300):                              strings.Repeat("e", 200),
	})
}

func TestRedirectTarget(t *testing.T) {
	from := "gemini://capsule.example/robots.txt"
	for meta, want := range map[string]string{
		"/new/robots.txt":                     "gemini://capsule.example/new/robots.txt",
		"new.txt":                             "gemini://capsule.example/new.txt",
		"gemini://Other.example:1966/r.txt#f": "gemini://other.example:1966/r.txt",
		"gemini://other.example:1965/r?q=1":   "gemini://other.example/r?q=1",
		"//third.example/robots.txt":          "gemini://third.example/robots.txt",
	} {
		got, _, err := redirectTarget(from, meta)
		if err != nil || got != want {
			t.Errorf("redirect %q -> %q, %v; want %q", meta, got, err, want)
		}
	}
	for _, meta := range []string{"", "http://capsule.example/", "gopher://capsule.example/", "gemini://exa mple/", "gemini://capsule.example/" + strings.Repeat("a", MaxHeader)} {
		if got, _, err := redirectTarget(from, meta); err == nil {
			t.Errorf("redirect %q accepted as %q", meta, got)
		}
	}
}

// Conclusions name the dialects by core's IDs, in core's order.
func TestConclusionsCoverCoreDialects(t *testing.T) {
	ds := core.Dialects()
	for _, o := range []Outcome{NotFound, Unreachable, NotRobots} {
		cs := conclude(o)
		if len(cs) != len(ds) {
			t.Fatalf("%d conclusions for %d dialects", len(cs), len(ds))
		}
		for i, d := range ds {
			if cs[i].Dialect != d.ID || cs[i].Reading == "" || cs[i].Note == "" {
				t.Errorf("%s: conclusion %d is %+v, want dialect %s", o, i, cs[i], d.ID)
			}
		}
	}
	if c := conclude(Unreachable)[4]; c.Dialect != "rfc9309" || c.Reading != "disallow-all" {
		t.Errorf("RFC 9309 on an unreachable file: %+v", c)
	}
}

func TestFingerprintFormat(t *testing.T) {
	got := Fingerprint([]byte("x"))
	if len(got) != 32*3-1 || strings.ToUpper(got) != got || strings.Count(got, ":") != 31 {
		t.Fatalf("Fingerprint = %q, want 32 upper-case hex pairs joined by colons", got)
	}
}

// FuzzParseTarget: any input either fails with a message or gives a
// target whose canonical URL parses back to the same target.
func FuzzParseTarget(f *testing.F) {
	for _, s := range []string{
		"gopher://capsule.example", "gemini://[::1]:1965/x", "gemini://a.b:70?q#f",
		"gemini://[::ffff:127.0.0.1]", "gopher://0x7f.1", "gemini://u@h", "gemini://[fe80::1%25e]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tg, err := ParseTarget(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("empty error for %q", s)
			}
			return
		}
		back, err := ParseTarget(tg.URL())
		if err != nil || back != tg {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, tg, tg.URL(), back, err)
		}
	})
}

// checkReplies runs f, named name, on each reply of cases and wants the
// string the case gives.
func checkReplies(t *testing.T, name string, f func([]byte) string, cases map[string]string) {
	t.Helper()
	tabletest.Strings(t, name, func(in string) string { return f([]byte(in)) }, cases)
}
