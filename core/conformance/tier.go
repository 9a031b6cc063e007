package conformance

import (
	"slices"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// The tiers: what decides a case's answer. Each case has exactly one,
// computed from the verdicts by TierOf, never written by hand.
const (
	TierRFC9309 = "rfc9309"                // RFC 9309 decides it
	TierGemini  = "gemini-companion"       // the Gemini companion spec decides it
	TierGopher  = "gopher"                 // one of the Gopher texts decides it
	TierReader  = "reader"                 // the texts agree; a named reader answers otherwise
	TierImplDef = "implementation-defined" // no text decides it
)

// Tiers are the tiers in the order the docs give them.
var Tiers = []string{TierRFC9309, TierGemini, TierGopher, TierReader, TierImplDef}

// TierOf is a case's tier, from the verdicts of the four dialects that
// are texts (rfc9309, gemini, gopher2019, gopherdraft) and of every
// other reader (norobots, conner2020 and the crawler presets), whatever
// readers the suite carries. RFC 9309 is the baseline; the rule, first
// that holds:
//
//   - the Gemini companion's verdict has another reading that answers
//     otherwise (its note's alternative): implementation-defined, the
//     text reads two ways;
//   - the four texts agree: rfc9309 when every other reader agrees too,
//     else reader (the case is about the readers that differ);
//   - RFC 9309 stands alone against the three other texts: rfc9309 (a
//     feature of its own, such as $ or percent-encoding);
//   - the Gemini companion reads it otherwise than RFC 9309:
//     gemini-companion (whichever side the Gopher texts take);
//   - else one Gopher text or both read it otherwise than the other two
//     texts: gopher.
func TierOf(robots, agent, url string) string {
	f := core.Parse([]byte(robots))
	a, err := core.ParseAgent(agent)
	verdict := func(d core.Dialect) core.Verdict {
		ask := a
		if d.Crawler != nil || err != nil {
			ask = core.Agent{}
		}
		return d.Compile(f).Policy(ask).Test(url)
	}
	text := map[string]bool{}
	var others []bool
	ambiguous := false
	for _, d := range append(core.Dialects(), crawlers.All()...) {
		v := verdict(d)
		if !slices.Contains(textIDs, d.ID) {
			others = append(others, v.Allowed)
			continue
		}
		text[d.ID] = v.Allowed
		if d.ID == "gemini" && v.Alternative != nil && v.Alternative.Allowed != v.Allowed {
			ambiguous = true
		}
	}
	r, g, p1, p2 := text["rfc9309"], text["gemini"], text["gopher2019"], text["gopherdraft"]
	switch {
	case ambiguous:
		return TierImplDef
	case r == g && g == p1 && p1 == p2:
		for _, o := range others {
			if o != r {
				return TierReader
			}
		}
		return TierRFC9309
	case g == p1 && p1 == p2:
		return TierRFC9309
	case r != g:
		return TierGemini
	}
	return TierGopher
}

var textIDs = []string{"rfc9309", "gemini", "gopher2019", "gopherdraft"}

// KnownTier says whether t is one of the Tiers.
func KnownTier(t string) bool { return slices.Contains(Tiers, t) }

// OnlyTier keeps only the cases of tier t.
func (s *Suite) OnlyTier(t string) {
	s.Tier = t
	s.Cases = slices.DeleteFunc(s.Cases, func(c Case) bool { return c.Tier != t })
}
