package core

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Visible makes text from a file or a server safe to print on a
// terminal: C0 and C1 control characters, DEL and bytes that are not
// UTF-8 are written as Go escapes (\x1b, \u0085), the way lint quotes
// them, and everything else is kept. A tab stays a tab.
func Visible(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])>>4, 16))
			b.WriteString(strconv.FormatUint(uint64(s[i])&15, 16))
		case isControl(r):
			q := strconv.QuoteRune(r) // '\x1b', '\u0085', '\a'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func isControl(r rune) bool {
	return r < 0x20 && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0
}

// needsEscape is Visible's fast check: most text has nothing to escape.
func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\t' || c == 0x7f {
			return true
		}
		if c >= 0x80 {
			return !utf8.ValidString(s[i:]) || strings.ContainsFunc(s[i:], isControl)
		}
	}
	return false
}

// EscapeJSONControls writes DEL and the C1 controls in encoding/json's
// output as \u escapes, as the CLI's JSON does (docs/json.md): a robots
// text may hold them. In valid UTF-8 they are only 0x7f and 0xc2
// 0x80..0x9f, and outside strings JSON has no such bytes.
func EscapeJSONControls(b []byte) []byte {
	const hex = "0123456789abcdef"
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == 0x7f:
			out = append(out, `\u007f`...)
		case b[i] == 0xc2 && i+1 < len(b) && b[i+1] >= 0x80 && b[i+1] < 0xa0:
			out = append(out, '\\', 'u', '0', '0', hex[b[i+1]>>4], hex[b[i+1]&15])
			i++
		default:
			out = append(out, b[i])
		}
	}
	return out
}
