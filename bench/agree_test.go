package bench

import (
	"testing"

	"github.com/jimsmart/grobotstxt"
	"github.com/smolbots/smolbots/core"
	"github.com/temoto/robotstxt"
)

// TestSameAnswers makes sure the benchmarks compare equal work: on every
// benchmark query smolbots' rfc9309 dialect agrees with grobotstxt (a
// port of Google's reference parser), and each input has both outcomes.
// temoto's differences are listed, not failed: its wildcard regexps are
// not anchored at the start, a known divergence from RFC 9309.
func TestSameAnswers(t *testing.T) {
	for _, in := range inputs(t) {
		checkSameAnswers(t, in)
	}
}

// checkSameAnswers runs before the query benchmarks too, since build.sh
// runs only the benchmarks of this module.
func checkSameAnswers(tb testing.TB, in input) {
	tb.Helper()
	agent := core.MustAgent(Agent)
	f := core.Parse(in.body)
	if f.Truncated {
		tb.Fatalf("%s: %d bytes is over core.MaxBytes: the libraries would read different files", in.name, len(in.body))
	}
	rs := core.RFC9309.Compile(f)
	rules := 0
	for _, g := range rs.Groups {
		rules += len(g.Rules)
	}
	tb.Logf("%s: %d bytes, %d lines, %d groups, %d rules", in.name, len(in.body), len(f.Lines), len(rs.Groups), rules)
	p := rs.Policy(agent)
	if len(p.Groups) != 1 {
		tb.Fatalf("%s: smolbots chose %d groups for %s, want exactly 1", in.name, len(p.Groups), Agent)
	}
	r, err := robotstxt.FromBytes(in.body)
	if err != nil {
		tb.Fatalf("%s: temoto rejects the input: %v", in.name, err)
	}
	g := r.FindGroup(Agent)
	allowed, disallowed := 0, 0
	for _, sel := range in.sels {
		ours := p.Test(sel).Allowed
		if fast := p.Allowed(sel); fast != ours {
			tb.Errorf("%s %q: Allowed=%v but Test says %v", in.name, sel, fast, ours)
		}
		if ref := grobotstxt.AgentAllowed(string(in.body), Agent, urlPrefix+sel); ours != ref {
			tb.Errorf("%s %q: smolbots allowed=%v, grobotstxt allowed=%v", in.name, sel, ours, ref)
		}
		if tem := g.Test(sel); tem != ours {
			tb.Logf("%s %q: temoto differs (allowed=%v)", in.name, sel, tem)
		}
		if ours {
			allowed++
		} else {
			disallowed++
		}
	}
	if allowed < 3 || disallowed < 3 {
		tb.Errorf("%s: %d allowed, %d disallowed queries; want a mix", in.name, allowed, disallowed)
	}
}

// TestGlobCases checks the glob benchmark inputs mean what they say:
// none of them matches, and the reference matcher agrees.
func TestGlobCases(t *testing.T) {
	for _, c := range globCases() {
		if core.GlobDollar.Match(c.pattern, c.selector) {
			t.Errorf("%s: smolbots matches; the case should be a near miss", c.name)
		}
		if grobotstxt.Matches(c.selector, c.pattern) {
			t.Errorf("%s: grobotstxt matches; the case should be a near miss", c.name)
		}
	}
	if got := itoa(100000); got != "100k" {
		t.Errorf("itoa(100000) = %q", got)
	}
}
