package core

import "testing"

func TestVisible(t *testing.T) {
	for in, want := range map[string]string{
		"Disallow: /a":                  "Disallow: /a",
		"/a\x1b]0;X\a\x1b[2J":           `/a\x1b]0;X\a\x1b[2J`,
		"caf\u00e9\ttab":                "caf\u00e9\ttab",
		"del\x7f c1\u0085 nul\x00":      `del\x7f c1\u0085 nul\x00`,
		"latin1 \xe9 cut \xe2\x82":      `latin1 \xe9 cut \xe2\x82`,
		"cr\rlf\n":                      `cr\rlf\n`,
		"\u00a0 no-break space is text": "\u00a0 no-break space is text",
	} {
		if got := Visible(in); got != want {
			t.Errorf("Visible(%q) = %q, want %q", in, got, want)
		}
	}
}
