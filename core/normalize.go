package core

import (
	"strings"
	"unicode/utf8"
)

const upperHex = "0123456789ABCDEF"

func (d *Dialect) NormalizePattern(v string) string {
	switch d.Normalize {
	case PythonQuote:
		// robotparser unquotes the value when it reads the line, then
		// quotes urlunparse(urlparse(value)).
		return pyQuote(pyParseURL(pyUnquote(v)).String())
	case PercentEncoding:
		return percentNormalize(v)
	case FoldedURL:
		return foldedRule(v)
	case ProtegoQuote:
		return protegoPattern(v)
	case GoURLPath:
		return temotoPattern(v)
	}
	return v
}

func (d *Dialect) NormalizeSelector(s string) string {
	switch d.Normalize {
	case PathNoQuery:
		return pathNoQuery(s)
	case DecodedPath:
		return decodedPath(s)
	case FoldedURL:
		return foldedURL(s)
	case URIPath:
		return uriPath(s)
	case ProtegoQuote:
		return protegoTarget(s)
	case GoURLPath:
		return goURLPath(s)
	case AnySpelling:
		sp, _ := d.Spellings(s)
		return sp[0]
	}
	if d.Crawler != nil && d.Normalize != PythonQuote {
		// A preset takes URLs as they are; the six dialects are given
		// selectors by their callers.
		if sel, err := SelectorFrom(s); err == nil {
			s = sel
		}
	}
	switch d.Normalize {
	case PythonQuote:
		// can_fetch: unquote, urlparse, keep path;params?query#fragment
		// (scheme and host dropped), quote.
		u := pyParseURL(pyUnquote(s))
		u.scheme, u.netloc = "", ""
		s = pyQuote(u.String())
		if s == "" {
			s = "/" // robotparser asks for "/" when the path is empty
		}
		return s
	case PercentEncoding:
		return percentNormalize(s)
	}
	return s
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// decodeEscape reads %XX at s[i:], if there is one.
func decodeEscape(s string, i int) (byte, bool) {
	if i+2 >= len(s) {
		return 0, false
	}
	hi, ok1 := unhex(s[i+1])
	lo, ok2 := unhex(s[i+2])
	return hi<<4 | lo, ok1 && ok2
}

// pyUnquote is urllib.parse.unquote: %XX escapes decoded as UTF-8, with
// invalid sequences replaced by U+FFFD.
func pyUnquote(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			if c, ok := decodeEscape(s, i); ok {
				b.WriteByte(c)
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return pyReplaceInvalid(b.String())
}

// pyReplaceInvalid decodes as Python's errors="replace" does: each maximal
// start of a valid UTF-8 sequence that breaks off becomes one U+FFFD (Go's
// strings.ToValidUTF8 would merge a run of them into one).
func pyReplaceInvalid(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n > 1 {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		b.WriteString("\uFFFD")
		i += utf8MaximalSubpart(s[i:])
	}
	return b.String()
}

// utf8MaximalSubpart is the length of the longest prefix of s that starts
// a well-formed UTF-8 sequence (at least 1), per Unicode table 3-7.
func utf8MaximalSubpart(s string) int {
	c := s[0]
	need, lo, hi := 0, byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC || c == 0xEE || c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	}
	n := 1
	for ; n <= need && n < len(s); n++ {
		if s[n] < lo || s[n] > hi {
			break
		}
		lo, hi = 0x80, 0xBF
	}
	return n
}

// pyURL is the result of urllib.parse.urlparse, as far as robotparser
// needs it.
type pyURL struct{ scheme, netloc, path, params, query, fragment string }

func isASCIIAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isSchemeChar(c byte) bool {
	return isASCIIAlpha(c) || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}

// Schemes for which urlparse splits ";params" off the last path segment,
// and for which urlunsplit writes "//" before the path.
var (
	pyUsesParams = []string{"", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu", "sip", "sips", "mms", "sftp", "tel"}
	pyUsesNetloc = []string{"", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp", "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git", "git+ssh", "ws", "wss"}
)

func inList(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// pyParseURL is urlparse (Python 3.11/3.12): leading C0 controls and
// spaces dropped, tabs and line breaks removed, then scheme, "//" host,
// fragment, query and params split off in that order.
func pyParseURL(s string) pyURL {
	s = strings.TrimLeftFunc(s, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(s, "\t\r\n") {
		s = strings.NewReplacer("\t", "", "\r", "", "\n", "").Replace(s)
	}
	var u pyURL
	if i := strings.IndexByte(s, ':'); i > 0 && isASCIIAlpha(s[0]) {
		scheme := true
		for j := 0; j < i; j++ {
			scheme = scheme && isSchemeChar(s[j])
		}
		if scheme {
			u.scheme, s = strings.ToLower(s[:i]), s[i+1:]
		}
	}
	if strings.HasPrefix(s, "//") {
		end := len(s)
		if j := strings.IndexAny(s[2:], "/?#"); j >= 0 {
			end = j + 2
		}
		u.netloc, s = s[2:end], s[end:]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s, u.fragment = s[:i], s[i+1:]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s, u.query = s[:i], s[i+1:]
	}
	if inList(pyUsesParams, u.scheme) {
		from := 0
		if slash := strings.LastIndexByte(s, '/'); slash >= 0 {
			from = slash
		}
		if i := strings.IndexByte(s[from:], ';'); i >= 0 {
			s, u.params = s[:from+i], s[from+i+1:]
		}
	}
	u.path = s
	return u
}

// String is urlunparse: empty parts leave no delimiter behind.
func (u pyURL) String() string {
	url := u.path
	if u.params != "" {
		url += ";" + u.params
	}
	if u.netloc != "" || u.scheme != "" && inList(pyUsesNetloc, u.scheme) && !strings.HasPrefix(url, "//") {
		if url != "" && url[0] != '/' {
			url = "/" + url
		}
		url = "//" + u.netloc + url
	}
	if u.scheme != "" {
		url = u.scheme + ":" + url
	}
	if u.query != "" {
		url += "?" + u.query
	}
	if u.fragment != "" {
		url += "#" + u.fragment
	}
	return url
}

func pySafe(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '.' || c == '-' || c == '~' || c == '/'
}

// pyQuote is urllib.parse.quote with its default safe "/": every other
// byte outside letters, digits and _.-~ becomes %XX.
func pyQuote(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if !pySafe(s[i]) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2*n)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if pySafe(c) {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		}
	}
	return b.String()
}

func unreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// percentNormalize brings a path or pattern to one spelling: bytes
// outside ASCII (and controls, space) percent-encoded, escapes in upper
// case, escaped unreserved characters decoded (RFC 9309 section 2.2.2).
func percentNormalize(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '%' || c <= ' ' || c >= 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if v, ok := decodeEscape(s, i); ok {
				i += 2
				writeNormalEscape(&b, v)
				continue
			}
			b.WriteByte(c)
		case c <= ' ' || c >= 0x7f:
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// writeNormalEscape writes the byte an escape stands for in its normal
// form (RFC 3986 section 6.2.2): the byte itself when it is unreserved,
// else the escape in upper case.
func writeNormalEscape(b *strings.Builder, v byte) {
	if unreserved(v) {
		b.WriteByte(v)
		return
	}
	b.WriteByte('%')
	b.WriteByte(upperHex[v>>4])
	b.WriteByte(upperHex[v&15])
}
