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
		{"URL:http://example.org/", "URL:http://example.org/"}, // a Gopher link selector, not a URL
		{"/cgi-bin/x?u=gopher://h/", "/cgi-bin/x?u=gopher://h/"},
		// Gopher URLs.
		{"gopher://example.org/1/private/x", "/private/x"},
		{"gopher://example.org:70/0/robots.txt", "/robots.txt"},
		{"gopher://example.org/0robots.txt", "robots.txt"},
		{"gopher://example.org/00/robots.txt", "0/robots.txt"},
		{"gopher://example.org", ""},
		{"gopher://example.org/", ""},
		{"gopher://example.org/1", ""},
		{"gopher://example.org/1/a%20b", "/a b"},
		{"gopher://example.org/1/a%2Fb", "/a/b"},
		{"gopher://example.org/7/search%09query", "/search"},
		{"gopher://example.org/7/search%09", "/search"},
		{"gopher://example.org/1/x%09%09+", "/x"},
		{"gopher://example.org/hURL:http://example.com/", "URL:http://example.com/"},
		{"GOPHER://example.org/1/x", "/x"},
		{"gopher://[::1]:7070/1/x", "/x"},
		{"gopher://example.org/1/%E3%83%84", "/ツ"},
		// Gemini URLs.
		{"gemini://example.org/path?q=1", "/path?q=1"},
		{"gemini://example.org", "/"},
		{"gemini://example.org/", "/"},
		{"gemini://example.org?q", "/?q"},
		{"gemini://example.org/a#frag", "/a"},
		{"gemini://example.org:1965/a%20b", "/a%20b"},
		{"Gemini://example.org/x", "/x"},
	} {
		got, err := SelectorFrom(c.in)
		if err != nil || got != c.want {
			t.Errorf("SelectorFrom(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, mention string }{
		{"http://example.org/x", "http"},
		{"https://example.org/", "https"},
		{"gopher:///1/x", "no host"},
		{"gemini://", "no host"},
		{"gemini:///x", "no host"},
		{"gopher://example.org/1/%zz", "percent"},
	} {
		got, err := SelectorFrom(c.in)
		if err == nil {
			t.Errorf("SelectorFrom(%q) = %q, want an error", c.in, got)
		} else if !strings.Contains(err.Error(), c.mention) {
			t.Errorf("SelectorFrom(%q): error %q does not mention %q", c.in, err, c.mention)
		}
	}
}
