package core

import "testing"

// Meaning leaves out what cannot decide, and keeps what can.
func TestPolicyMeaning(t *testing.T) {
	cases := []struct {
		d     Dialect
		a, b  string
		equal bool
	}{
		// RFC 9309: the longest match decides, so order does not matter.
		{RFC9309, "User-agent: *\nDisallow: /a\nAllow: /a/b\n", "User-agent: *\nAllow: /a/b\nDisallow: /a\n", true},
		// Conner: the first match decides, so it does.
		{Conner2020, "User-agent: *\nDisallow: /a\nAllow: /a/b\n", "User-agent: *\nAllow: /a/b\nDisallow: /a\n", false},
		// Conner: a rule after one that covers it never decides.
		{Conner2020, "User-agent: *\nDisallow: /a\nAllow: /a/b\n", "User-agent: *\nDisallow: /a\n", true},
		// Gemini: Allow is no rule at all, and /a covers /a/b.
		{Gemini, "User-agent: *\nDisallow: /a\nDisallow: /a/b\nAllow: /c\n", "User-agent: *\nDisallow: /a\n", true},
		// Gopherdraft: an Allow covering a Disallow wins, so that Disallow is dead.
		{GopherDraft, "User-agent: *\nAllow: /a\nDisallow: /a/b\nDisallow: /c\n", "User-agent: *\nAllow: /a\nDisallow: /c\n", true},
		{GopherDraft, "User-agent: *\nAllow: /a\nDisallow: /c\n", "User-agent: *\nDisallow: /c\n", false},
		// /a* and /a match the same selectors, but Meaning compares
		// patterns, not what they match: it is sound, not complete.
		{RFC9309, "User-agent: *\nDisallow: /a*\n", "User-agent: *\nDisallow: /a\n", false},
		// Robotparser: an empty Disallow allows everything, first match wins.
		{Norobots, "User-agent: *\nDisallow:\nDisallow: /a\n", "User-agent: *\nDisallow:\n", true},
		{Norobots, "User-agent: *\nDisallow:\nDisallow: /a\n", "User-agent: *\nDisallow: /a\n", false},
		// RFC 9309: an Allow wins a tie with the same Disallow.
		{RFC9309, "User-agent: *\nDisallow: /a\nAllow: /a\n", "User-agent: *\nAllow: /a\n", true},
	}
	for _, c := range cases {
		ma := c.d.Compile(Parse([]byte(c.a))).Policy(MustAgent("*")).Meaning()
		mb := c.d.Compile(Parse([]byte(c.b))).Policy(MustAgent("*")).Meaning()
		if (ma == mb) != c.equal {
			t.Errorf("%s: Meaning(%q) == Meaning(%q) is %v, want %v\n%s\n--\n%s", c.d.ID, c.a, c.b, ma == mb, c.equal, ma, mb)
		}
	}
}
