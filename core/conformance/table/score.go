package table

import (
	"fmt"

	"github.com/smolbots/smolbots/core/conformance"
)

// Row is one library's row of the table, scored from its kept answers
// against the suite as conform scores a run.
type Row struct {
	Library Library
	Version string
	Suite   string
	Agent   string
	Cases   int
	Errors  int
	// Closest is the reader it answers as most often; Agree how often,
	// AgreeAll the same for every reader.
	Closest  string
	Agree    int
	AgreeAll map[string]int
	// Tiers counts, tier by tier (conformance.Tiers's order), the cases
	// it answers as Closest does.
	Tiers []TierCount
	// Features is its row of the matrix, from its answers on the
	// demonstrations (yes, no or error); ClosestFeatures the closest
	// reader's.
	Features        map[string]string
	ClosestFeatures map[string]string
	// Differs are the cases where it answers otherwise than Closest,
	// errors included, in the suite's order.
	Differs []Diff
}

// TierCount is the agreement on one tier of cases.
type TierCount struct {
	Tier   string `json:"tier"`
	Agreed int    `json:"agreed"`
	Cases  int    `json:"cases"`
}

// Diff is one case where a library and its closest reader part.
type Diff struct {
	Case      conformance.Case
	Answer    string // allowed, disallowed or "error: ..."
	Closest   string // allowed or disallowed
	Permalink string // the case in the playground, the closest reader's cell chosen
}

// Answered is the kept answers as conform's Run returns them.
func (a Answers) Answered() []conformance.Answer {
	var out []conformance.Answer
	for id, v := range a.Answers {
		ans := conformance.Answer{ID: id, Allowed: v == "allowed"}
		if v != "allowed" && v != "disallowed" {
			ans.Error = v
		}
		out = append(out, ans)
	}
	return out
}

// Score is a library's row: s is the suite asked as the library's agent,
// which its answers must cover case for case.
func Score(l Library, a Answers, s *conformance.Suite, demos []conformance.Demo) (Row, error) {
	if a.Suite != s.Version || a.Agent != s.Agent || len(a.Answers) != len(s.Cases) {
		return Row{}, fmt.Errorf("%s's kept answers are for suite %s asked as %s (%d cases), not suite %s asked as %s (%d cases): run go test ./core/conformance/table -run TestAnswers -update",
			l.ID, a.Suite, a.Agent, len(a.Answers), s.Version, s.Agent, len(s.Cases))
	}
	for _, c := range s.Cases {
		if _, ok := a.Answers[c.ID]; !ok {
			return Row{}, fmt.Errorf("%s's kept answers lack the case %s: run go test ./core/conformance/table -run TestAnswers -update", l.ID, c.ID)
		}
	}
	answered := a.Answered()
	_, first := conformance.Score(s, answered, s.Readers[0], demos)
	if first.Closest == "" {
		// as conform withholds it: a library that fails that often has
		// not been measured, and the table gives no row for it
		return Row{}, fmt.Errorf("%s: %s; fix its adapter (examples/conform) before it takes a row", l.ID, first.Withheld)
	}
	results, sum := conformance.Score(s, answered, first.Closest, demos)
	r := Row{
		Library: l, Version: a.Version, Suite: s.Version, Agent: s.Agent,
		Cases: sum.Cases, Errors: sum.Errors, Closest: sum.Closest, Agree: sum.Agree[sum.Closest], AgreeAll: sum.Agree,
		Features: sum.Features, ClosestFeatures: conformance.Row(s, sum.Closest, demos),
	}
	for _, tier := range conformance.Tiers {
		r.Tiers = append(r.Tiers, TierCount{Tier: tier})
	}
	for i, c := range s.Cases {
		k := tierIndex(r.Tiers, c.Tier)
		if k < 0 {
			r.Tiers = append(r.Tiers, TierCount{Tier: c.Tier})
			k = len(r.Tiers) - 1
		}
		r.Tiers[k].Cases++
		if res := results[i]; !res.Differs {
			r.Tiers[k].Agreed++
		} else {
			r.Differs = append(r.Differs, Diff{Case: c, Answer: a.Answers[c.ID], Closest: word(c.Expect[sum.Closest]), Permalink: res.Permalink})
		}
	}
	return r, nil
}

func tierIndex(ts []TierCount, tier string) int {
	for i := range ts {
		if ts[i].Tier == tier {
			return i
		}
	}
	return -1
}

func word(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}
