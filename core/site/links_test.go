package site_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/site"
)

func TestGeminiLinks(t *testing.T) {
	const page = "gemini://Capsule.EXAMPLE:1965/dir/page.gmi"
	for _, c := range []struct {
		name, body string
		want       []string
	}{
		{"relative", "=> a.gmi\n", []string{"gemini://capsule.example/dir/a.gmi"}},
		{"no space after =>", "=>a.gmi label\n", []string{"gemini://capsule.example/dir/a.gmi"}},
		{"tab before the label", "=>\ta.gmi\tlabel\r\n", []string{"gemini://capsule.example/dir/a.gmi"}},
		{"dot segments", "=> ../x/./y/../z.gmi\n=> ../../../../up.gmi\n", []string{"gemini://capsule.example/x/z.gmi", "gemini://capsule.example/up.gmi"}},
		{"absolute path", "=> /\n=> /a?q=1#frag\n", []string{"gemini://capsule.example/", "gemini://capsule.example/a?q=1"}},
		{"fragment only is the page", "=> #top\n", []string{"gemini://capsule.example/dir/page.gmi"}},
		{"host without path", "=> gemini://other.example\n", []string{"gemini://other.example/"}},
		{"default port dropped, case folded", "=> GEMINI://Other.Example:1965/A\n", []string{"gemini://other.example/A"}},
		{"other port kept", "=> gemini://capsule.example:1966/\n", []string{"gemini://capsule.example:1966/"}},
		{"network-path reference", "=> //third.example/p\n", []string{"gemini://third.example/p"}},
		{"other schemes kept", "=> https://web.example/x#f\n=> mailto:a@b\n=> gopher://hole.example:70/1/m\n",
			[]string{"https://web.example/x", "mailto:a@b", "gopher://hole.example/1/m"}},
		{"preformatted text is not links", "```\n=> no.gmi\n```alt\n=> yes.gmi\n", []string{"gemini://capsule.example/dir/yes.gmi"}},
		{"an unclosed block runs to the end", "```\n=> no.gmi\n", nil},
		{"not at the line start", " => no.gmi\n* => no.gmi\n", nil},
		{"empty links", "=>\n=>   \n", nil},
		{"not URLs", "=> http://[::1\n=> gemini://a..b/\n=> %zz\n=> gemini://u@h:99999/\n", nil},
		{"duplicates kept", "=> a\n=> a#x\n", []string{"gemini://capsule.example/dir/a", "gemini://capsule.example/dir/a"}},
		{"no final newline", "=> last.gmi", []string{"gemini://capsule.example/dir/last.gmi"}},
		{"escapes kept as written", "=> a%20b.gmi\n=> c d.gmi\n", []string{"gemini://capsule.example/dir/a%20b.gmi", "gemini://capsule.example/dir/c"}},
	} {
		got := site.GeminiLinks(page, []byte(c.body))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: GeminiLinks(%q) = %q, want %q", c.name, c.body, got, c.want)
		}
	}
}

func TestGopherLinks(t *testing.T) {
	menu := "iWelcome\tfake\t(NULL)\t0\r\n" +
		"1Dir\t/dir\tcapsule.example\t70\r\n" +
		"0Text\t/a b%.txt\tcapsule.example\t70\r\n" +
		"9Bin\tbin\tcapsule.example\t7070\r\n" +
		"1Root\t\tcapsule.example\t70\t+\r\n" +
		"hWeb\tURL:https://example.com/x#y\tcapsule.example\t70\r\n" +
		"hPage\t/page.html\tcapsule.example\t70\r\n" +
		"3Error\t\terror.host\t1\r\n" +
		"8Telnet\t\tbbs.example\t23\r\n" +
		"1Short\t/only-two-fields\r\n" +
		"1Bad port\t/x\tcapsule.example\t0\r\n" +
		"1Bad port\t/x\tcapsule.example\tabc\r\n" +
		"1Bad host\t/x\texa mple.org\t70\r\n" +
		"1IPv6\t/v6\t::1\t70\r\n" +
		"\r\n" +
		".\r\n"
	want := []string{
		"gopher://capsule.example/1/dir",
		"gopher://capsule.example/0/a%20b%25.txt",
		"gopher://capsule.example:7070/9bin",
		"gopher://capsule.example/",
		"https://example.com/x",
		"gopher://capsule.example/h/page.html",
		"gopher://[::1]/1/v6",
	}
	if got := site.GopherLinks([]byte(menu)); !slices.Equal(got, want) {
		t.Errorf("GopherLinks =\n%q\nwant\n%q", got, want)
	}
}

// A selector goes into a URL and comes back byte for byte.
func TestGopherSelectorRoundTrip(t *testing.T) {
	target, _ := fetch.ParseTarget("gopher://capsule.example")
	for _, sel := range []string{"", "/", "/a b", "100%", "?q#f", "é/ü", "URL:x", "a+b;c=d", "\x7f"} {
		u := fetch.GopherURL(target, '0', sel)
		got, err := site.Selector(u)
		if sel == "\x7f" {
			if err == nil {
				t.Errorf("%q: a control byte in a selector was accepted as %q", u, got)
			}
			continue
		}
		if err != nil || got != sel {
			t.Errorf("selector %q -> %s -> %q, %v", sel, u, got, err)
		}
		if c, ok := site.Canonical(u); !ok || c != u {
			t.Errorf("Canonical(%s) = %q %v, want it unchanged", u, c, ok)
		}
	}
}

func TestOriginAndSelector(t *testing.T) {
	for u, want := range map[string][2]string{
		"gemini://Capsule.example:1965/a?b":   {"gemini://capsule.example", "/a?b"},
		"gemini://capsule.example":            {"gemini://capsule.example", "/"},
		"gemini://[::1]:1966/x":               {"gemini://[::1]:1966", "/x"},
		"gopher://capsule.example:70/1/dir":   {"gopher://capsule.example", "/dir"},
		"gopher://capsule.example/":           {"gopher://capsule.example", ""},
		"gopher://capsule.example/0a%09query": {"gopher://capsule.example", "a"},
	} {
		if o := site.Origin(u); o != want[0] {
			t.Errorf("Origin(%s) = %q, want %q", u, o, want[0])
		}
		if s, err := site.Selector(u); err != nil || s != want[1] {
			t.Errorf("Selector(%s) = %q %v, want %q", u, s, err, want[1])
		}
	}
	for _, u := range []string{"mailto:a@b", "/relative", "x"} {
		if o := site.Origin(u); o != "" {
			t.Errorf("Origin(%s) = %q, want none", u, o)
		}
	}
	if o := site.Origin("HTTPS://Web.Example:8443/x"); o != "https://web.example:8443" {
		t.Errorf("Origin of a web URL = %q", o)
	}
	// A request line may never carry a line break or a tab.
	for _, u := range []string{"gopher://capsule.example/0a%0D%0Ab", "gopher://capsule.example/0a%0Ab", "gopher://capsule.example/0a%0d"} {
		if s, err := site.Selector(u); err == nil || !strings.Contains(err.Error(), "no page request may carry") {
			t.Errorf("Selector(%s) = %q, %v; want it refused", u, s, err)
		}
	}
}

// PortLinks: links that name :1965 themselves, absolute or
// scheme-relative; mozz-archiver sends them to the host "1965"
// (mozz_archiver/responses.py:131-137).
func TestPortLinks(t *testing.T) {
	body := "=> gemini://example.org:1965/page a\n=> //example.org:1965/p2\n=> gemini://example.org/plain\n=> gemini://example.org:1966/other\n=> /rel\n```\n=> gemini://example.org:1965/pre\n```\n=> gopher://example.org:1965/1/\n"
	got := site.PortLinks([]byte(body))
	want := []string{"gemini://example.org:1965/page", "//example.org:1965/p2"}
	if !slices.Equal(got, want) {
		t.Errorf("PortLinks = %q, want %q", got, want)
	}
}
