package core

import (
	"slices"
	"strconv"
	"strings"
)

// Meaning is a canonical account of what the policy decides: two
// policies of one dialect with equal Meanings give the same verdict on
// every selector. It leaves out what cannot decide (rule order where the
// decision ignores it, duplicates, rules a shorter prefix rule always
// beats), so a rewrite that only moves or drops such lines keeps it.
// Unequal Meanings may still decide alike: the test is sound, not
// complete. `fix` uses it to prove each rewrite keeps a reading without
// trying selectors.
func (p *Policy) Meaning() string {
	var b strings.Builder
	p.writeMeaning(&b)
	if p.alternative != nil {
		b.WriteString("\nor, with the * record too:\n")
		p.alternative.writeMeaning(&b)
	}
	return b.String()
}

// meaningRule is a rule as far as the decision goes.
type meaningRule struct {
	allow bool
	all   bool // matches every selector (robotparser's empty value or bare *)
	pat   string
}

func (r meaningRule) String() string {
	s := "D "
	if r.allow {
		s = "A "
	}
	if r.all {
		return s + "<all>"
	}
	return s + strconv.Quote(r.pat)
}

func (p *Policy) writeMeaning(b *strings.Builder) {
	if p.tab == nil {
		return
	}
	d := &p.Dialect
	python := d.Normalize == PythonQuote
	groups := make([][]meaningRule, 1)
	for _, r := range p.tab.rules {
		mr := meaningRule{allow: r.allow, pat: r.pattern}
		if python && (r.pattern == "" || r.line.Value == "*") {
			mr.all = true
		} else if r.pattern == "" {
			continue // an empty pattern never decides
		}
		gi := 0
		if d.Decision == FirstMatch {
			gi = int(r.group) // each group decides on its own
		}
		for len(groups) <= gi {
			groups = append(groups, nil)
		}
		groups[gi] = append(groups[gi], mr)
	}
	var parts []string
	for _, g := range groups {
		if m := meaningOf(d, g); m != "" {
			parts = append(parts, m)
		}
	}
	// FirstMatch groups combine most restrictively: their order, repeats
	// and groups with no rule (which allow everything) do not matter.
	slices.Sort(parts)
	parts = slices.Compact(parts)
	b.WriteString(strings.Join(parts, "\n--\n"))
}

// meaningOf is the canonical form of one list of rules under d's decision.
func meaningOf(d *Dialect, rules []meaningRule) string {
	prefix := d.Patterns == Prefix
	// beats reports whether rule a matches every selector rule c matches.
	covers := func(a, c meaningRule) bool {
		return a.all || !c.all && (a.pat == c.pat || prefix && strings.HasPrefix(c.pat, a.pat))
	}
	var kept []meaningRule
	switch d.Decision {
	case FirstMatch:
		// In order; a rule after one that covers it never decides.
		for _, r := range rules {
			if !slices.ContainsFunc(kept, func(k meaningRule) bool { return covers(k, r) }) {
				kept = append(kept, r)
			}
		}
		var s []string
		for _, r := range kept {
			s = append(s, r.String())
		}
		return strings.Join(s, "\n")
	case AnyDisallow:
		for _, r := range rules {
			if !r.allow {
				kept = append(kept, r)
			}
		}
		kept = dropCovered(kept, covers)
	case AllowException:
		var allows []meaningRule
		for _, r := range rules {
			if r.allow {
				allows = append(allows, r)
			}
		}
		for _, r := range rules {
			if r.allow || !slices.ContainsFunc(allows, func(a meaningRule) bool { return covers(a, r) }) {
				kept = append(kept, r)
			}
		}
		kept = append(dropCovered(allows, covers), dropCovered(slices.DeleteFunc(kept, func(r meaningRule) bool { return r.allow }), covers)...)
	default: // LongestMatch: order never matters; an Allow wins a tie.
		for _, r := range rules {
			if r.allow || !slices.Contains(rules, meaningRule{allow: true, pat: r.pat}) {
				kept = append(kept, r)
			}
		}
	}
	s := make([]string, 0, len(kept))
	for _, r := range kept {
		s = append(s, r.String())
	}
	slices.Sort(s)
	return strings.Join(slices.Compact(s), "\n")
}

// dropCovered keeps the rules no other rule of the list covers (of equal
// rules, one), for decisions where any match of the kind decides.
func dropCovered(rules []meaningRule, covers func(a, c meaningRule) bool) []meaningRule {
	var out []meaningRule
	for i, r := range rules {
		covered := false
		for j, o := range rules {
			if i != j && covers(o, r) && (!covers(r, o) || j < i) {
				covered = true
				break
			}
		}
		if !covered {
			out = append(out, r)
		}
	}
	return out
}
