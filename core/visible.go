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
