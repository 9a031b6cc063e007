package pageview

import "testing"

func TestDetectEnds(t *testing.T) {
	for _, c := range []struct {
		in   string
		want LineEnds
		ok   bool
	}{
		{"", LF, false},
		{"User-agent: *", LF, false},
		{"User-agent: *\nDisallow: /x\n", LF, true},
		{"User-agent: *\r\nDisallow: /x\r\n", CRLF, true},
		{"User-agent: *\r\nDisallow: /x", CRLF, true},
		{"User-agent: *\r\nDisallow: /x\n", LF, true}, // mixed: some lines end in LF
		{"User-agent: *\rDisallow: /x\r", LF, true},   // old Mac CRs are not CRLF
		{"a\r\r\nb\r\n", LF, true},
	} {
		if got, ok := DetectEnds(c.in); got != c.want || ok != c.ok {
			t.Errorf("DetectEnds(%q) = %s %v, want %s %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestWithEnds(t *testing.T) {
	lf := "User-agent: *\nDisallow: /x\n"
	if got := WithEnds(lf, CRLF); got != "User-agent: *\r\nDisallow: /x\r\n" {
		t.Errorf("CRLF: %q", got)
	}
	if got := WithEnds(lf, LF); got != lf {
		t.Errorf("LF: %q", got)
	}
	// What the page does with a CRLF file: the textarea drops the CRs,
	// the style puts them back.
	crlf := "User-agent: *\r\nDisallow: /x\r\n"
	e, _ := DetectEnds(crlf)
	if got := WithEnds(lf, e); got != crlf {
		t.Errorf("round trip: %q", got)
	}
	if ParseEnds("crlf") != CRLF || ParseEnds("lf") != LF || ParseEnds("bogus") != LF {
		t.Error("ParseEnds")
	}
}
