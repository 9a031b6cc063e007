package core

import (
	"strings"
	"testing"
)

// SelectorFrom: raw selectors unchanged; gopher:// URLs per RFC 4266 (item
// type dropped, percent-decoded, cut at an encoded tab); gemini:// URLs
// give path and query as written, "/" for an empty path.
func TestSelectorFrom(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// Raw selectors, byte for byte.
		{"robots.txt", "robots.txt"},
		{"0/robots.txt", "0/robots.txt"},
		{"/a b%20c", "/a b%20c"},
		{"", ""},
		{"URL:http://capsule.example/", "URL:http://capsule.example/"}, // a Gopher link selector, not a URL
		{"/cgi-bin/x?u=gopher://h/", "/cgi-bin/x?u=gopher://h/"},
		// Gopher URLs.
		{"gopher://capsule.example/1/private/x", "/private/x"},
		{"gopher://capsule.example:70/0/robots.txt", "/robots.txt"},
		{"gopher://capsule.example/0robots.txt", "robots.txt"},
		{"gopher://capsule.example/00/robots.txt", "0/robots.txt"},
		{"gopher://capsule.example", ""},
		{"gopher://capsule.example/", ""},
		{"gopher://capsule.example/1", ""},
		{"gopher://capsule.example/1/a%20b", "/a b"},
		{"gopher://capsule.example/1/a%2Fb", "/a/b"},
		{"gopher://capsule.example/7/search%09query", "/search"},
		{"gopher://capsule.example/7/search%09", "/search"},
		{"gopher://capsule.example/1/x%09%09+", "/x"},
		{"gopher://capsule.example/hURL:http://example.com/", "URL:http://example.com/"},
		{"GOPHER://capsule.example/1/x", "/x"},
		{"gopher://[::1]:7070/1/x", "/x"},
		{"gopher://capsule.example/1/%E3%83%84", "/ツ"},
		// Gemini URLs.
		{"gemini://capsule.example/path?q=1", "/path?q=1"},
		{"gemini://capsule.example", "/"},
		{"gemini://capsule.example/", "/"},
		{"gemini://capsule.example?q", "/?q"},
		{"gemini://capsule.example/a#frag", "/a"},
		{"gemini://capsule.example:1965/a%20b", "/a%20b"},
		{"Gemini://capsule.example/x", "/x"},
	} {
		got, err := SelectorFrom(c.in)
		if err != nil || got != c.want {
			t.Errorf("SelectorFrom(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, mention string }{
		{"http://capsule.example/x", "http"},
		{"https://capsule.example/", "https"},
		{"gopher:///1/x", "no host"},
		{"gemini://", "no host"},
		{"gemini:///x", "no host"},
		{"gopher://capsule.example/1/%zz", "percent"},
		// A host that does not parse: no crawler could fetch these.
		{"gemini://[::1", "no closing ]"},
		{"gopher://[::1/1/x", "no closing ]"},
		{"gemini://capsule.example:abc/x", "port"},
		{"gemini://capsule example/x", "host"},
	} {
		got, err := SelectorFrom(c.in)
		if err == nil {
			t.Errorf("SelectorFrom(%q) = %q, want an error", c.in, got)
		} else if !strings.Contains(err.Error(), c.mention) {
			t.Errorf("SelectorFrom(%q): error %q does not mention %q", c.in, err, c.mention)
		}
	}
}
