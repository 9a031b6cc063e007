// Package site reads the links of Gemini pages and Gopher menus, and
// walks a capsule or a Gopher hole breadth-first from one URL, one
// request at a time, as a polite crawler does (Walk). It does not read
// robots.txt itself: the caller says which pages may be fetched
// (Config.MayFetch), so the relay worker can use the link readers
// without linking the core.
package site

import (
	"bytes"
	"iter"
	"net"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/smolbots/smolbots/core/fetch"
)

// GeminiLinks gives the URL of every link line ("=>" URL [label]) of a
// text/gemini page, in order, duplicates kept. Lines inside a
// preformatted block ("```" toggles) are text, not links. Each URL is
// resolved against pageURL as RFC 3986 says (so "." and ".." segments
// are gone), its fragment dropped, and written as Canonical writes it;
// a link that is not a URL is skipped.
func GeminiLinks(pageURL string, body []byte) []string {
	base, err := url.Parse(pageURL)
	if err != nil {
		return nil
	}
	var out []string
	for target := range linkTargets(body) {
		ref, err := url.Parse(target)
		if err != nil {
			continue
		}
		if u, ok := canonical(base.ResolveReference(ref)); ok {
			out = append(out, u)
		}
	}
	return out
}

// PortLinks are the links of a gemtext page that name Gemini's port
// 1965 themselves (gemini://host:1965/..., //host:1965/...), as written:
// mozz-archiver sends such a link to the host "1965"
// (michael-lazar/mozz-archiver@12617d2efca91663699647654bcd3e40f5f388f2:mozz_archiver/responses.py:131-137).
func PortLinks(body []byte) []string {
	var out []string
	for target := range linkTargets(body) {
		if ref, err := url.Parse(target); err == nil && ref.Host != "" && ref.Port() == "1965" && (ref.Scheme == "" || strings.EqualFold(ref.Scheme, "gemini")) {
			out = append(out, target)
		}
	}
	return out
}

// linkTargets yields the target of every link line ("=>" URL [label])
// of a gemtext page outside preformatted blocks, as written.
func linkTargets(body []byte) iter.Seq[string] {
	return func(yield func(string) bool) {
		pre := false
		for len(body) > 0 {
			var line []byte
			line, body, _ = bytes.Cut(body, []byte("\n"))
			line = bytes.TrimSuffix(line, []byte("\r"))
			if bytes.HasPrefix(line, []byte("```")) {
				pre = !pre
				continue
			}
			if pre || !bytes.HasPrefix(line, []byte("=>")) {
				continue
			}
			if fields := strings.Fields(string(line[2:])); len(fields) > 0 && !yield(fields[0]) {
				return
			}
		}
	}
}

// GopherLinks gives every item of a Gopher menu as a URL, in order,
// duplicates kept: a gopher:// URL (RFC 4266) for a Gopher item, the
// URL itself for an 'h' item whose selector is "URL:..." (a link to the
// web or elsewhere). Info ('i') and error ('3') lines, telnet ('8',
// 'T') and CSO ('2') items, and lines that are not items (fewer than
// four fields, a bad host or port, a selector no request can carry) are
// skipped.
func GopherLinks(body []byte) []string {
	var out []string
	for len(body) > 0 {
		var line []byte
		line, body, _ = bytes.Cut(body, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) == 0 {
			continue
		}
		switch line[0] {
		case 'i', '3', '8', 'T', '2', '\t':
			continue
		}
		f := strings.Split(string(line), "\t")
		if len(f) < 4 {
			continue
		}
		typ, sel := f[0][0], f[1]
		if typ == 'h' && strings.HasPrefix(sel, "URL:") {
			if u, err := url.Parse(strings.TrimPrefix(sel, "URL:")); err == nil && u.Scheme != "" {
				if s, ok := canonical(u); ok {
					out = append(out, s)
				}
			}
			continue
		}
		host, port := strings.TrimSpace(f[2]), strings.TrimSpace(f[3])
		if host == "" || strings.ContainsAny(host, "[]/?#@%") {
			continue
		}
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			continue
		}
		t, err := fetch.ParseTarget("gopher://" + net.JoinHostPort(host, port))
		if err != nil {
			continue
		}
		u := fetch.GopherURL(t, typ, sel)
		if _, _, _, err := fetch.PageRequest(u); err != nil {
			continue // a control byte or an over-long selector: no request can carry it
		}
		out = append(out, u)
	}
	return out
}

// Links reads the links of one page request: those of a text/gemini
// page or a Gopher menu, none for anything else. A page cut at the body
// cap loses its last line, which may be a link cut short.
func Links(r *fetch.PageResult) []string {
	if r.Kind != fetch.KindLinks {
		return nil
	}
	body := r.Body
	if r.Truncated {
		if i := bytes.LastIndexByte(body, '\n'); i >= 0 {
			body = body[:i+1]
		} else {
			body = nil
		}
	}
	if r.ItemType != 0 {
		return GopherLinks(body)
	}
	return GeminiLinks(r.URL, body)
}

// Canonical writes a URL the way this package compares them: a
// gemini:// URL as scheme, host in lower case, port only when it is not
// 1965, the path ("/" when empty) and query as escaped in the URL,
// without a fragment; a gopher:// URL as fetch.GopherURL writes it; any
// other URL without its fragment. False when raw is not a URL.
func Canonical(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return "", false
	}
	return canonical(u)
}

func canonical(u *url.URL) (string, bool) {
	u.Fragment, u.RawFragment = "", ""
	scheme := strings.ToLower(u.Scheme)
	switch scheme {
	case "gemini":
		t, err := fetch.ParseTarget("gemini://" + u.Host)
		if err != nil {
			return "", false
		}
		p := u.EscapedPath()
		if p == "" {
			p = "/"
		}
		s := t.URL() + p
		if u.RawQuery != "" {
			s += "?" + escapeQuery(u.RawQuery)
		}
		return s, true
	case "gopher":
		t, _, typ, err := fetch.PageRequest(u.String())
		if err != nil {
			return "", false
		}
		sel, err := Selector(u.String())
		if err != nil {
			return "", false
		}
		return fetch.GopherURL(t, typ, sel), true
	}
	u.Scheme = scheme
	s := u.String()
	if !utf8.ValidString(s) {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] == 0x7f {
			return "", false // not a URL: a space or a control byte
		}
	}
	return s, true
}

// escapeQuery percent-encodes what a query may not hold as it is (bytes
// outside ASCII, controls, space and the characters "<>\^`{|}), keeping its
// escapes: an IRI's query becomes a URI's.
func escapeQuery(q string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte("\"<>\\^`{|}", c) >= 0 {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// Origin is "scheme://host[:port]" of a URL, as Canonical writes it; ""
// when the URL has no host (mailto:, a relative reference).
func Origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return ""
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme == "gemini" || scheme == "gopher" {
		if t, err := fetch.ParseTarget(scheme + "://" + u.Host); err == nil {
			return t.URL()
		}
	}
	return scheme + "://" + strings.ToLower(u.Host)
}

// Selector is what a crawler sends for a gemini:// or gopher:// URL and
// what robots.txt rules are matched against: the path and query of a
// gemini:// URL ("/" when the path is empty), the RFC 4266 selector of
// a gopher:// URL (percent-decoded, "" for the root menu).
func Selector(raw string) (string, error) {
	t, req, _, err := fetch.PageRequest(raw)
	if err != nil {
		return "", err
	}
	if t.Scheme == "gemini" {
		return strings.TrimPrefix(req, t.URL()), nil
	}
	return req, nil
}

// ItemType is the Gopher item type a gopher:// URL names ('1' for the
// root), 0 for anything else.
func ItemType(raw string) byte {
	_, _, typ, err := fetch.PageRequest(raw)
	if err != nil {
		return 0
	}
	return typ
}
