package pageview

import "strings"

// LineEnds is how a robots.txt breaks its lines. A textarea turns CRLF
// into LF, so the page keeps the style next to the text: the lint and
// the permalink see the file as it was fetched, pasted or linked.
type LineEnds string

// The two styles; the control in the editor's status line uses these
// values.
const (
	LF   LineEnds = "lf"
	CRLF LineEnds = "crlf"
)

// DetectEnds reads the style of text: CRLF when every line break in it
// is CRLF, LF when any is not. ok is false for a text without line
// breaks, which says nothing.
func DetectEnds(text string) (e LineEnds, ok bool) {
	n := strings.Count(text, "\n")
	if n == 0 && strings.IndexByte(text, '\r') < 0 {
		return LF, false
	}
	if n > 0 && strings.Count(text, "\r\n") == n && strings.Count(text, "\r") == n {
		return CRLF, true
	}
	return LF, true
}

// WithEnds gives the editor's text (LF, as a textarea holds it) with the
// line ends of style e.
func WithEnds(text string, e LineEnds) string {
	if e != CRLF {
		return text
	}
	return strings.ReplaceAll(text, "\n", "\r\n")
}

// ParseEnds reads the control's value; anything but "crlf" is LF.
func ParseEnds(s string) LineEnds {
	if LineEnds(s) == CRLF {
		return CRLF
	}
	return LF
}
