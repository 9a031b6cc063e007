package highlight

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Control characters (C0 but tab and line ends, DEL, C1) would reach the
// overlay to be drawn however the browser likes: a box like any missing
// glyph, nothing at all (form feed), or a Windows-1252 letter (U+0085
// shows as "…"). So each becomes a marked cell instead, showing a symbol
// for it and carrying in data-escape the escape lint writes for it
// ("\x1b"). The cell keeps the width the textarea gives the character
// (one column; none for form feed), so the caret stays on its text.

// markControls rewrites the control characters in the overlay's HTML,
// which holds them as they are (escaping HTML leaves them alone).
func markControls(html string) string {
	i := nextControl(html, 0)
	if i < 0 {
		return html
	}
	var b strings.Builder
	b.Grow(len(html) + 64)
	for i >= 0 {
		r, size := utf8.DecodeRuneInString(html[i:])
		b.WriteString(html[:i])
		writeControl(&b, r)
		html = html[i+size:]
		i = nextControl(html, 0)
	}
	b.WriteString(html)
	return b.String()
}

// nextControl is the offset of the first control character at or after
// from, -1 if there is none.
func nextControl(s string, from int) int {
	for i := from; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r', c == 0x7f:
			return i
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f: // U+0080 to U+009F
			return i
		}
	}
	return -1
}

func writeControl(b *strings.Builder, r rune) {
	escape := strings.Trim(strconv.QuoteRune(r), "'")
	switch {
	case r == '\f':
		// Drawn with no width: the mark is the character itself, shown
		// by the style sheet as a bar that takes no room.
		b.WriteString(`<span class="ctl zw" data-escape="` + escape + `">` + string(r) + `</span>`)
		return
	case r < 0x20:
		r += 0x2400 // Control Pictures: U+241B is ␛ for ESC
	case r == 0x7f:
		r = '\u2421' // ␡
	default:
		r = '\u25af' // ▯: C1 has no pictures of its own
	}
	b.WriteString(`<span class="ctl" data-escape="` + escape + `">` + string(r) + `</span>`)
}

// ControlCSSLight and ControlCSSDark colour the marks like errors, in
// each scheme (package theme writes them into the style sheet).
const (
	ControlCSSLight = ".chroma .ctl { color: #ffffff; background-color: #a00000; }\n.chroma .ctl.zw { box-shadow: 0 0 0 1px #a00000; }\n"
	ControlCSSDark  = ".chroma .ctl { color: #16181c; background-color: #ff8080; }\n.chroma .ctl.zw { box-shadow: 0 0 0 1px #ff8080; }\n"
)
