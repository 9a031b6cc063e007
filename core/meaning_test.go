package core_test

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// Meaning leaves out what cannot decide, and keeps what can.
func TestPolicyMeaning(t *testing.T) {
	cases := []struct {
		d     core.Dialect
		a, b  string
		equal bool
	}{
		// RFC 9309: the longest match decides, so order does not matter.
		{core.RFC9309, "User-agent: *\nDisallow: /a\nAllow: /a/b\n", "User-agent: *\nAllow: /a/b\nDisallow: /a\n", true},
		// Conner: the first match decides, so it does.
		{core.Conner2020, "User-agent: *\nDisallow: /a\nAllow: /a/b\n", "User-agent: *\nAllow: /a/b\nDisallow: /a\n", false},
		// Conner: a rule after one that covers it never decides.
		{core.Conner2020, "User-agent: *\nDisallow: /a\nAllow: /a/b\n", "User-agent: *\nDisallow: /a\n", true},
		// Gemini: Allow is no rule at all, and /a covers /a/b.
		{core.Gemini, "User-agent: *\nDisallow: /a\nDisallow: /a/b\nAllow: /c\n", "User-agent: *\nDisallow: /a\n", true},
		// Gopherdraft: an Allow covering a Disallow wins, so that Disallow is dead.
		{core.GopherDraft, "User-agent: *\nAllow: /a\nDisallow: /a/b\nDisallow: /c\n", "User-agent: *\nAllow: /a\nDisallow: /c\n", true},
		{core.GopherDraft, "User-agent: *\nAllow: /a\nDisallow: /c\n", "User-agent: *\nDisallow: /c\n", false},
		// /a* and /a match the same selectors, but Meaning compares
		// patterns, not what they match: it is sound, not complete.
		{core.RFC9309, "User-agent: *\nDisallow: /a*\n", "User-agent: *\nDisallow: /a\n", false},
		// Robotparser: an empty Disallow allows everything, first match wins.
		{core.Norobots, "User-agent: *\nDisallow:\nDisallow: /a\n", "User-agent: *\nDisallow:\n", true},
		{core.Norobots, "User-agent: *\nDisallow:\nDisallow: /a\n", "User-agent: *\nDisallow: /a\n", false},
		// RFC 9309: an Allow wins a tie with the same Disallow.
		{core.RFC9309, "User-agent: *\nDisallow: /a\nAllow: /a\n", "User-agent: *\nAllow: /a\n", true},
	}
	for _, c := range cases {
		ma := c.d.Compile(core.Parse([]byte(c.a))).Policy(core.MustAgent("*")).Meaning()
		mb := c.d.Compile(core.Parse([]byte(c.b))).Policy(core.MustAgent("*")).Meaning()
		if (ma == mb) != c.equal {
			t.Errorf("%s: Meaning(%q) == Meaning(%q) is %v, want %v\n%s\n--\n%s", c.d.ID, c.a, c.b, ma == mb, c.equal, ma, mb)
		}
	}
}

// Soundness on random files: where two files give a policy the same
// Meaning, they give the same verdict on every selector tried. The second
// file is the first with lines dropped, repeated or swapped, so equal
// Meanings come up often.
func TestPolicyMeaningSound(t *testing.T) {
	lines := []string{"User-agent: *", "User-agent: indexer", "User-agent: GUS", "Virtual-agent: indexer",
		"Disallow: /a", "Disallow: /a/b", "Disallow:", "Disallow: /b*", "Disallow: *", "Disallow: /c$",
		"Allow: /a/b", "Allow: /a", "Allow: /c", "Disallow: /%7Ex", "Allow: /~x", ""}
	sels := []string{"/", "/a", "/a/b", "/a/bc", "/b", "/bx", "/c", "/c$", "/cd", "/~x", "/%7Ex", "/robots.txt", ""}
	agents := []core.Agent{core.MustAgent("*"), core.MustAgent("GUS(indexer)"), core.MustAgent("indexer"), core.MustAgent("Lupa")}
	seed := uint32(7)
	next := func(n int) int { // a small deterministic generator
		seed = seed*1664525 + 1013904223
		return int(seed>>8) % n
	}
	equal := 0
	for i := 0; i < 3000; i++ {
		var a []string
		for k := 1 + next(10); k > 0; k-- {
			a = append(a, lines[next(len(lines))])
		}
		b := append([]string{}, a...)
		switch j := next(len(b)); next(3) {
		case 0:
			b = append(b[:j], b[j+1:]...)
		case 1:
			b = append(b[:j+1], b[j:]...)
		default:
			k := next(len(b))
			b[j], b[k] = b[k], b[j]
		}
		fa, fb := core.Parse([]byte(strings.Join(a, "\n"))), core.Parse([]byte(strings.Join(b, "\n")))
		for _, d := range core.Dialects() {
			for _, ag := range agents {
				pa, pb := d.Compile(fa).Policy(ag), d.Compile(fb).Policy(ag)
				if pa.Meaning() != pb.Meaning() {
					continue
				}
				equal++
				for _, s := range sels {
					if pa.Allowed(s) != pb.Allowed(s) {
						t.Fatalf("%s, %s: equal Meanings but %q is allowed=%v in\n%s\nand %v in\n%s", d.ID, ag, s, pa.Allowed(s), strings.Join(a, "\n"), pb.Allowed(s), strings.Join(b, "\n"))
					}
				}
			}
		}
	}
	if equal < 1000 {
		t.Errorf("only %d policy pairs had equal Meanings: the test proves little", equal)
	}
}

// A crawler preset decides with knobs Meaning does not capture: its
// policy's Meaning equals no other policy's, so fix can prove nothing
// with it and changes nothing.
func TestPolicyMeaningPreset(t *testing.T) {
	data := []byte("User-agent: *\nDisallow: /a\n")
	for _, d := range crawlers.All() {
		a, b := d.Compile(core.Parse(data)).Policy(core.MustAgent("*")), d.Compile(core.Parse(data)).Policy(core.MustAgent("*"))
		if a.Meaning() == b.Meaning() {
			t.Errorf("%s: two policies share a Meaning", d.ID)
		}
	}
}
