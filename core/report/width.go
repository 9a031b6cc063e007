package report

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Width is the widest line a report holds, in terminal columns: mail
// clients and list archives keep such lines intact.
const Width = 72

// runeWidth is the columns a rune takes in a fixed-width font: two for
// East Asian wide and fullwidth characters and most emoji, one for the
// rest. Combining marks count one, so a line's rune count never exceeds
// its width.
func runeWidth(r rune) int {
	switch {
	case r >= 0x1100 && r <= 0x115F, // Hangul Jamo
		r >= 0x2E80 && r <= 0x303E, // CJK radicals, punctuation
		r >= 0x3041 && r <= 0x33FF, // kana, CJK compatibility
		r >= 0x3400 && r <= 0x4DBF, // CJK extension A
		r >= 0x4E00 && r <= 0x9FFF, // CJK unified ideographs
		r >= 0xA000 && r <= 0xA4CF, // Yi
		r >= 0xAC00 && r <= 0xD7A3, // Hangul syllables
		r >= 0xF900 && r <= 0xFAFF, // CJK compatibility ideographs
		r >= 0xFE30 && r <= 0xFE4F, // CJK compatibility forms
		r >= 0xFF00 && r <= 0xFF60, // fullwidth forms
		r >= 0xFFE0 && r <= 0xFFE6,
		r >= 0x1F300 && r <= 0x1F64F, // pictographs, emoticons
		r >= 0x1F900 && r <= 0x1F9FF,
		r >= 0x20000 && r <= 0x3FFFD: // CJK extensions B and later
		return 2
	}
	return 1
}

// width is the columns s takes once cleaned.
func width(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

// clean makes user text safe to print: C0 controls (tabs included)
// become their visible control pictures, DEL likewise; invalid UTF-8
// becomes U+FFFD; C1 controls, format characters (bidi overrides,
// zero-width joiners, BOMs) and line separators become <U+XXXX>, so
// nothing can reorder, hide or break a line in the reader's client.
func clean(s string) string {
	ok := utf8.ValidString(s)
	for _, r := range s {
		if needsCleaning(r) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteRune(utf8.RuneError)
		case r < 0x20:
			b.WriteRune(0x2400 + r)
		case r == 0x7F:
			b.WriteRune(0x2421)
		case needsCleaning(r):
			fmt.Fprintf(&b, "<U+%04X>", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func needsCleaning(r rune) bool {
	return r < 0x20 || r >= 0x7F && r <= 0x9F ||
		unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r)
}

// hardWrap cuts clean text into pieces of at most w columns, keeping
// every character (robots.txt lines and selectors are shown exactly).
func hardWrap(s string, w int) []string {
	if s == "" {
		return []string{""}
	}
	var out []string
	start, cols := 0, 0
	for i, r := range s {
		rw := runeWidth(r)
		if cols+rw > w && i > start {
			out = append(out, s[start:i])
			start, cols = i, 0
		}
		cols += rw
	}
	return append(out, s[start:])
}

// pathWrap is hardWrap for a selector: a piece ends after a "/" where
// one falls in the second half of its width, so that "/private/diary"
// reads "/private/" over "diary", unless that takes more lines. Every
// character is kept.
func pathWrap(s string, w int) []string {
	hard := hardWrap(s, w)
	var out []string
	for width(s) > w {
		cut := len(hardWrap(s, w)[0])
		if i := strings.LastIndexByte(s[:cut], '/'); i >= 0 && width(s[:i+1]) > w/2 && i+1 < cut {
			cut = i + 1
		}
		out = append(out, s[:cut])
		s = s[cut:]
	}
	if out = append(out, s); len(out) > len(hard) {
		return hard
	}
	return out
}

// wordWrap breaks clean prose at spaces into lines of at most w
// columns; a word longer than w is cut.
func wordWrap(s string, w int) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		for width(word) > w {
			if line != "" {
				out = append(out, line)
				line = ""
			}
			parts := hardWrap(word, w)
			out = append(out, parts[:len(parts)-1]...)
			word = parts[len(parts)-1]
		}
		switch {
		case line == "":
			line = word
		case width(line)+1+width(word) <= w:
			line += " " + word
		default:
			out = append(out, line)
			line = word
		}
	}
	if line != "" || len(out) == 0 {
		out = append(out, line)
	}
	return out
}

// pad fills s with spaces to w columns.
func pad(s string, w int) string {
	if n := w - width(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// indented word-wraps prose to Width with the first line after first
// and the following ones after indent spaces.
func indented(first string, indent int, prose string) []string {
	var out []string
	if first != "" && width(first) >= indent {
		out = append(out, first) // too long for the hanging indent
		first = ""
	}
	for i, l := range wordWrap(clean(prose), Width-indent) {
		lead := strings.Repeat(" ", indent)
		if i == 0 && first != "" {
			lead = pad(first, indent)
		}
		out = append(out, strings.TrimRight(lead+l, " "))
	}
	return out
}

// hanging word-wraps clean prose to Width, the lines after the first
// indented by indent spaces.
func hanging(prose string, indent int) []string {
	lines := wordWrap(clean(prose), Width-indent)
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.Repeat(" ", indent) + lines[i]
	}
	return lines
}
