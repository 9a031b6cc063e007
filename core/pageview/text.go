package pageview

import (
	"strings"
	"unicode/utf8"
)

// LineRange gives where line n (1-based) starts and ends in text, in
// UTF-16 code units, the unit of a textarea's selection. ok is false
// when the text has fewer lines.
func LineRange(text string, n int) (start, end int, ok bool) {
	if n < 1 {
		return 0, 0, false
	}
	pos := 0
	for line := 1; ; line++ {
		i := strings.IndexByte(text, '\n')
		seg := text
		if i >= 0 {
			seg = text[:i]
		}
		w := utf16Len(seg)
		if line == n {
			return pos, pos + w, true
		}
		if i < 0 {
			return 0, 0, false
		}
		pos += w + 1
		text = text[i+1:]
	}
}

func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// CountLines is the number of lines a textarea shows for text.
func CountLines(text string) int {
	return strings.Count(text, "\n") + 1
}
