package core

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// SelectorFrom turns user input into the selector a crawler sends: a raw
// selector or path is kept byte for byte; a gopher:// URL gives its
// selector as RFC 4266 defines it (the path after the item-type
// character, percent-decoded, up to an encoded tab); a gemini:// URL
// gives its path and query as written ("/" for an empty path).
func SelectorFrom(input string) (string, error) {
	scheme, rest, ok := strings.Cut(input, "://")
	if !ok || !isURIScheme(scheme) {
		return input, nil // e.g. a Gopher "URL:http://..." selector
	}
	var selector func(input, rest string) (string, error)
	switch strings.ToLower(scheme) {
	case "gopher":
		selector = gopherSelector
	case "gemini":
		selector = geminiSelector
	default:
		return "", fmt.Errorf("%q is a %s URL; only gopher:// and gemini:// URLs or raw selectors are understood", input, scheme)
	}
	if err := checkAuthority(input, scheme, rest); err != nil {
		return "", err
	}
	return selector(input, rest)
}

// isURIScheme: a letter, then letters, digits, "+", "-" or "." (RFC 3986).
func isURIScheme(s string) bool {
	if s == "" || !isASCIIAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isSchemeChar(s[i]) {
			return false
		}
	}
	return true
}

// checkAuthority refuses a gopher:// or gemini:// URL whose host and
// port do not parse (an unclosed "[", a port that is not a number): no
// crawler could fetch it, and read as a raw selector it would be
// answered as if it were one. It allocates only for the error: policies
// call it on every URL they test.
func checkAuthority(input, scheme, rest string) error {
	host := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		host = rest[:i]
	}
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:] // user information
	}
	port := ""
	if strings.HasPrefix(host, "[") {
		end := strings.IndexByte(host, ']')
		if end < 0 {
			return badURL(input, scheme, "its IPv6 address has no closing ]")
		}
		switch tail := host[end+1:]; {
		case tail == "":
		case tail[0] == ':':
			port = tail[1:]
		default:
			return badURL(input, scheme, "text follows its IPv6 address")
		}
		host = host[1:end]
	} else if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host, port = host[:i], host[i+1:]
	}
	for i := 0; i < len(host); i++ {
		if c := host[i]; c <= ' ' || c == 0x7f || c == '[' || c == ']' {
			return badURL(input, scheme, "its host holds "+strconv.QuoteRune(rune(c)))
		}
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return badURL(input, scheme, "its port "+strconv.Quote(port)+" is not a number")
		}
	}
	return nil
}

func badURL(input, scheme, why string) error {
	return fmt.Errorf("%q is not a %s URL a crawler could fetch: %s", input, strings.ToLower(scheme), why)
}

func gopherSelector(input, rest string) (string, error) {
	host, path, _ := strings.Cut(rest, "/")
	if host == "" {
		return "", fmt.Errorf("%q has no host", input)
	}
	if path == "" {
		return "", nil // the root menu: an empty selector
	}
	path = path[1:] // drop the item type
	// No case folding: "%09" has no letters, and lower-casing invalid
	// UTF-8 changes its length, so the index would point elsewhere.
	if i := strings.Index(path, "%09"); i >= 0 {
		path = path[:i] // a search string or Gopher+ data follows
	}
	sel, err := url.PathUnescape(path)
	if err != nil {
		return "", fmt.Errorf("%q has a bad percent escape in its selector", input)
	}
	return sel, nil
}

func geminiSelector(input, rest string) (string, error) {
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest = rest[:i]
	}
	cut := strings.IndexAny(rest, "/?")
	host, path := rest, ""
	if cut >= 0 {
		host, path = rest[:cut], rest[cut:]
	}
	if host == "" {
		return "", fmt.Errorf("%q has no host", input)
	}
	if path == "" || path[0] == '?' {
		path = "/" + path
	}
	return path, nil
}
