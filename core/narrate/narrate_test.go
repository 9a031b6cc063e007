package narrate

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// Each verdict in words, from core's own answer on a small file: the
// sentence names agent, verdict, selector and deciding line, and the
// clause says how the pattern matched under that reading.
func TestSentence(t *testing.T) {
	for _, c := range []struct {
		robots, dialect, agent, selector string
		want                             []string
	}{
		{"User-agent: indexer\nDisallow: /cgi-bin/\n", "gemini", "GUS(indexer)", "/cgi-bin/search",
			[]string{"GUS(indexer) may not fetch /cgi-bin/search: line 2 `Disallow: /cgi-bin/` covers it, because `/cgi-bin/search` starts with `/cgi-bin/`."}},
		{"User-agent: *\nDisallow: /tmp*\n", "rfc9309", "*", "/tmp/x",
			[]string{"A robot no group names may not fetch /tmp/x", "each * in `/tmp*` matches any run of characters"}},
		{"User-agent: *\nDisallow: /tmp*\n", "gemini", "*", "/tmp/x",
			[]string{"may fetch /tmp/x: no rule of the group chosen matches it, so it is allowed."}},
		{"User-agent: *\nDisallow: /end$\n", "rfc9309", "*", "/end",
			[]string{"the final $ anchors `/end` to the end"}},
		{"User-agent: *\nDisallow: /end$\n", "gopher2019", "*", "/end$x",
			[]string{"`/end$x` starts with `/end$` (this reading takes $ as an ordinary character)"}},
		{"User-agent: *\nDisallow: /private\n", "tlgs", "*", "/private/a",
			[]string{"TLGS compares whole path segments"}},
		{"User-agent: *\nDisallow: /a*\n", "kennedy", "*", "/abc",
			[]string{"a final * is cut off and the rest compared as a prefix"}},
		{"User-agent: *\nDisallow: /~x\n", "rfc9309", "*", "/%7Ex",
			[]string{"the selector is compared as `/~x` (non-ASCII bytes percent-encoded"}},
		{"User-agent: other\nDisallow: /\n", "rfc9309", "*", "/a",
			[]string{"no group applies to it, so nothing is refused"}},
		{"User-agent: *\nDisallow: /\nAllow: /pub\n", "rfc9309", "*", "/pub/x",
			[]string{"line 3 `Allow: /pub` lets it in"}},
	} {
		d, ok := crawlers.ReaderByID(c.dialect)
		if !ok {
			t.Fatalf("no dialect %s", c.dialect)
		}
		v := core.Decide(core.Parse([]byte(c.robots)), d, core.MustAgent(c.agent), c.selector)
		got := Sentence(d, v)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s on %q for %s %s:\n got %q\nwant %q", c.dialect, c.robots, c.agent, c.selector, got, w)
			}
		}
	}
}

// The glossary defines the spec words a text uses, once each.
func TestTermsIn(t *testing.T) {
	got := TermsIn("The Group chosen: the record naming it, by its product token; a group again")
	var words []string
	for _, x := range got {
		words = append(words, x.Word)
	}
	if strings.Join(words, ",") != "record,group,product token" {
		t.Errorf("terms %v", words)
	}
	if len(TermsIn("nothing special")) != 0 {
		t.Error("terms found in a text that uses none")
	}
}
