package core

import "strings"

const upperHex = "0123456789ABCDEF"

func (d *Dialect) normalizePattern(v string) string {
	switch d.Normalize {
	case PythonQuote:
		return pyQuote(pyUnquote(v))
	case PercentEncoding:
		return percentNormalize(v)
	}
	return v
}

func (d *Dialect) normalizeSelector(s string) string {
	switch d.Normalize {
	case PythonQuote:
		s = pyQuote(pyUnquote(s))
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
	return strings.ToValidUTF8(b.String(), "\uFFFD")
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
				if unreserved(v) {
					b.WriteByte(v)
				} else {
					b.WriteByte('%')
					b.WriteByte(upperHex[v>>4])
					b.WriteByte(upperHex[v&15])
				}
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
