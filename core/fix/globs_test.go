package fix

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// A rule whose only glob is a final * ("Disallow: /txt/*", which lint
// suggests writing "/txt/") is rewritten to the prefix where that lets
// no reader in, checked here by asking every reader in scope about paths
// the rows never held; where a reader reads the prefix otherwise (TLGS
// lets /txt/x through "/txt/"), the * line stays, the prefix joins it,
// and the remaining finding names that reader.
func TestTrailingStar(t *testing.T) {
	const in = "User-agent: *\nDisallow: /txt/*\n"
	probes := []string{"/txt/", "/txt/a", "/txt/ab", "/txt/a/b", "/txt/*", "/txt//", "/txt", "/txtx", "/a/txt/b", "/", ""}
	for _, c := range []struct {
		scope core.Protocol
		want  string
	}{
		{core.ProtocolGopher, "User-agent: *\r\nDisallow: /txt/\r\n"},
		{core.ProtocolGemini, "User-agent: *\nDisallow: /txt/*\nDisallow: /txt/\n"},
		{core.ProtocolAny, "User-agent: *\r\nDisallow: /txt/*\r\nDisallow: /txt/\r\n"},
	} {
		res, err := Fix([]byte(in), Options{Protocol: c.scope})
		if err != nil {
			t.Fatal(err)
		}
		if res.Robots != c.want {
			t.Errorf("%s: fix wrote %q, want %q", c.scope, res.Robots, c.want)
		}
		before, after := core.Parse([]byte(in)), core.Parse([]byte(res.Robots))
		for _, d := range append(c.scope.Dialects(), crawlers.For(c.scope)...) {
			for _, a := range []core.Agent{core.MustAgent("*"), core.MustAgent("GUS(indexer)")} {
				for _, p := range probes {
					if was, now := core.Decide(before, d, a, p), core.Decide(after, d, a, p); !was.Allowed && now.Allowed {
						t.Errorf("%s: fix lets %s (as %s) into %q, which it refused", c.scope, d.ID, a, p)
					}
				}
			}
		}
		for _, r := range res.Remaining {
			if r.Code == "glob-portability" && c.scope != core.ProtocolGopher && !strings.Contains(r.Why, `as "Disallow: /txt/" the line would let TLGS into`) {
				t.Errorf("%s: the * line stays without naming the reader it keeps out: %q", c.scope, r.Why)
			}
		}
	}
	// What docs/fix.md says of TLGS: "/txt/" lets /txt/x through, "/txt/*" does not.
	tlgs, _ := crawlers.ReaderByID("tlgs")
	star, prefix := core.Parse([]byte("User-agent: *\nDisallow: /txt/*\n")), core.Parse([]byte("User-agent: *\nDisallow: /txt/\n"))
	if core.Decide(star, tlgs, core.Agent{}, "/txt/x").Allowed || !core.Decide(prefix, tlgs, core.Agent{}, "/txt/x").Allowed {
		t.Error("TLGS no longer lets /txt/x through /txt/ alone: docs/fix.md's trailing-star row says it does")
	}
	// A bare * is not a prefix: "Disallow:" would allow everything.
	if res, _ := Fix([]byte("User-agent: *\nDisallow: *\n"), Options{Protocol: core.ProtocolGopher}); strings.Contains(res.Robots, "Disallow:\r\n") || strings.Contains(res.Robots, "Disallow:\n") {
		t.Errorf("fix emptied a bare * rule: %q", res.Robots)
	}
}
