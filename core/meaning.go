package core

import (
	"fmt"
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
// complete (a crawler preset's policy equals only itself). `fix` uses it
// to prove each rewrite keeps a reading without trying selectors.
func (p *Policy) Meaning() string {
	if p.Dialect.Crawler != nil || p.each != nil {
		// A preset decides with knobs this form does not capture: give
		// each policy a Meaning of its own, equal to no other's.
		return fmt.Sprintf("preset %s, policy %p", p.Dialect.ID, p)
	}
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
	// Policies that chose the same groups share the table, and so its
	// meaning: work it out once.
	p.tab.meaningOnce.Do(func() { p.tab.meaning = tableMeaning(&p.Dialect, p.tab) })
	b.WriteString(p.tab.meaning)
}

func tableMeaning(d *Dialect, t *ruleTable) string {
	python := d.Normalize == PythonQuote
	groups := make([][]meaningRule, 1)
	for _, r := range t.rules {
		mr := meaningRule{allow: r.allow, pat: r.pattern}
		if python && (r.pattern == "" || r.line.Value == "*" && d.StarAll()) {
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
	return strings.Join(parts, "\n--\n")
}

// coverSet holds rules that beat others: a rule is covered when one in
// the set matches every selector it matches. Lookups cost the length of
// the pattern, not the size of the set, so large groups stay linear.
type coverSet struct {
	prefix bool // the dialect's patterns are literal prefixes
	all    bool // the set holds a rule that matches everything
	pats   map[string]bool
}

func newCoverSet(d *Dialect) *coverSet {
	return &coverSet{prefix: d.Patterns == Prefix, pats: map[string]bool{}}
}

func (c *coverSet) add(r meaningRule) {
	if r.all {
		c.all = true
	} else {
		c.pats[r.pat] = true
	}
}

func (c *coverSet) covers(r meaningRule) bool {
	switch {
	case c.all:
		return true
	case r.all:
		return false
	case !c.prefix:
		return c.pats[r.pat]
	}
	for i := 1; i <= len(r.pat); i++ {
		if c.pats[r.pat[:i]] {
			return true
		}
	}
	return false
}

// meaningOf is the canonical form of one list of rules under d's decision.
func meaningOf(d *Dialect, rules []meaningRule) string {
	var kept []meaningRule
	switch d.Decision {
	case FirstMatch:
		// In order; a rule after one that covers it never decides.
		seen := newCoverSet(d)
		var s []string
		for _, r := range rules {
			if !seen.covers(r) {
				s = append(s, r.String())
			}
			seen.add(r)
		}
		return strings.Join(s, "\n")
	case AnyDisallow:
		var disallows []meaningRule
		for _, r := range rules {
			if !r.allow {
				disallows = append(disallows, r)
			}
		}
		kept = uncovered(d, disallows)
	case AllowException:
		var allows, disallows []meaningRule
		for _, r := range rules {
			if r.allow {
				allows = append(allows, r)
			} else {
				disallows = append(disallows, r)
			}
		}
		// A Disallow an Allow covers never decides.
		exceptions := newCoverSet(d)
		for _, a := range allows {
			exceptions.add(a)
		}
		disallows = slices.DeleteFunc(disallows, exceptions.covers)
		kept = append(uncovered(d, allows), uncovered(d, disallows)...)
	default: // LongestMatch: order never matters; an Allow wins a tie.
		allowed := map[string]bool{}
		for _, r := range rules {
			if r.allow {
				allowed[r.pat] = true
			}
		}
		for _, r := range rules {
			if r.allow || !allowed[r.pat] {
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

// uncovered keeps the rules that no other rule of the list covers (of
// equal rules, one), for decisions where any match of the kind decides.
// Shorter patterns first: a rule can only be covered by a shorter one.
func uncovered(d *Dialect, rules []meaningRule) []meaningRule {
	rules = slices.Clone(rules)
	slices.SortStableFunc(rules, func(a, b meaningRule) int {
		switch {
		case a.all != b.all:
			if a.all {
				return -1
			}
			return 1
		case len(a.pat) != len(b.pat):
			return len(a.pat) - len(b.pat)
		}
		return strings.Compare(a.pat, b.pat)
	})
	seen := newCoverSet(d)
	var out []meaningRule
	for _, r := range rules {
		if !seen.covers(r) {
			out = append(out, r)
		}
		seen.add(r)
	}
	return out
}
