package core

import (
	"fmt"
	"strings"
)

// Verdict is the answer for one (dialect, agent, selector).
type Verdict struct {
	Dialect  string `json:"dialect"`
	Agent    string `json:"agent"`
	Selector string `json:"selector"`
	Allowed  bool   `json:"allowed"`
	Line     int    `json:"line"` // the deciding line, 0 if no rule decided
	Rule     string `json:"rule"` // that line as `Field: value`, "" if none
	Group    string `json:"group"`
	Why      string `json:"why"`
	Note     string `json:"note"`
	// Alternative is the outcome under the other reading the note
	// describes, when that reading gives a different answer.
	Alternative *Alternative `json:"alternative,omitempty"`
	// GroupLines are the first lines of the applicable groups.
	GroupLines []int `json:"group_lines,omitempty"`
}

// Alternative is the verdict under another reading of the same dialect.
type Alternative struct {
	Allowed bool   `json:"allowed"`
	Line    int    `json:"line"`
	Rule    string `json:"rule"`
	Reading string `json:"reading"`
}

// Decide parses nothing: it answers one query on an already parsed file.
// For many selectors, keep the Policy instead.
func Decide(f *File, d Dialect, a Agent, selector string) Verdict {
	return d.Compile(f).Policy(a).Test(selector)
}

// Test answers whether the bot may fetch selector.
func (p *Policy) Test(selector string) Verdict {
	v := p.test(selector)
	if p.alternative != nil {
		alt := p.alternative.test(selector)
		if alt.Allowed != v.Allowed {
			v.Alternative = &Alternative{Allowed: alt.Allowed, Line: alt.Line, Rule: alt.Rule, Reading: p.altNote}
			v.Note = joinNotes(v.Note, fmt.Sprintf("%s; then this selector would be %s (line %d)", p.altNote, word(alt.Allowed), alt.Line))
		}
	}
	return v
}

func word(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}

func joinNotes(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + ". " + b
}

func (p *Policy) test(selector string) (v Verdict) {
	d := &p.Dialect
	v = Verdict{Dialect: d.ID, Agent: p.agent, Selector: selector, Allowed: true, Why: p.Why, Group: p.group}
	if len(p.groupLines) > 0 {
		v.GroupLines = append([]int(nil), p.groupLines...) // the caller may keep and change it
	}
	notes := append([]string{}, p.Notes...)
	defer func() { v.Note = strings.Join(notes, ". ") }()

	if decided := p.decide(selector, &notes); decided != nil {
		v.Allowed = decided.allow
		v.Line = decided.line.Pos.Line
		v.Rule = decided.line.Rule()
		notes = append(notes, p.ruleNotes(decided)...)
	}
	return v
}

// decide is the one decision behind Test and Allowed: the rule that
// decides selector, nil when none does (allowed). Explanations go to
// notes unless it is nil.
func (p *Policy) decide(selector string, notes *[]string) *compiledRule {
	d := &p.Dialect
	if d.AlwaysAllow != "" && selector == d.AlwaysAllow {
		if notes != nil {
			*notes = append(*notes, fmt.Sprintf("%s always allows %s", d.ID, d.AlwaysAllow))
		}
		return nil
	}
	sel := d.normalizeSelector(selector)
	switch d.Decision {
	case LongestMatch:
		return p.longestMatch(sel)
	case FirstMatch:
		return p.firstMatchRestrictive(sel)
	case AllowException:
		return p.allowException(sel)
	}
	return p.anyDisallow(sel, notes)
}

// anyDisallow: Allow lines are not rules here; the first matching
// non-empty Disallow in file order decides.
func (p *Policy) anyDisallow(sel string, notes *[]string) *compiledRule {
	d := &p.Dialect
	var empty *compiledRule
	for _, rules := range p.rules {
		for i := range rules {
			r := &rules[i]
			if r.allow {
				continue
			}
			if r.pattern == "" {
				if empty == nil {
					empty = r
				}
				continue
			}
			if r.matches(d.Patterns, sel) {
				return r
			}
		}
	}
	if empty != nil && d.Patterns == Glob && notes != nil {
		*notes = append(*notes, fmt.Sprintf("an empty Disallow disallows nothing here; read literally, the 2019 text would make line %d match every selector", empty.line.Pos.Line))
	}
	return nil
}

// allowException: a matching Allow is an exception that wins; else any
// matching Disallow disallows.
func (p *Policy) allowException(sel string) *compiledRule {
	d := &p.Dialect
	var disallow *compiledRule
	for _, rules := range p.rules {
		for i := range rules {
			r := &rules[i]
			if r.pattern == "" || !r.matches(d.Patterns, sel) {
				continue
			}
			if r.allow {
				return r
			}
			if disallow == nil {
				disallow = r
			}
		}
	}
	return disallow
}

// firstMatchRestrictive: in each group the first matching rule decides;
// with several groups (combined most restrictively) a disallow wins.
func (p *Policy) firstMatchRestrictive(sel string) *compiledRule {
	var firstAllow *compiledRule
	for _, rules := range p.rules {
		r := p.firstMatch(rules, sel)
		if r == nil {
			continue
		}
		if !r.allow {
			return r
		}
		if firstAllow == nil {
			firstAllow = r
		}
	}
	return firstAllow
}

func (p *Policy) firstMatch(rules []compiledRule, sel string) *compiledRule {
	d := &p.Dialect
	python := d.Normalize == PythonQuote
	for i := range rules {
		r := &rules[i]
		if python {
			// robotparser compares even empty paths (they match everything)
			// and, per DIALECTS.md, a bare * matches everything too.
			if r.line.Value == "*" || r.matches(d.Patterns, sel) {
				return r
			}
			continue
		}
		if r.pattern != "" && r.matches(d.Patterns, sel) {
			return r
		}
	}
	return nil
}

// longestMatch: RFC 9309's most specific match, Allow winning a tie. An
// empty pattern has priority 0 and never decides.
func (p *Policy) longestMatch(sel string) *compiledRule {
	d := &p.Dialect
	var best *compiledRule
	for _, rules := range p.rules {
		for i := range rules {
			r := &rules[i]
			if r.pattern == "" {
				continue
			}
			// Only a longer pattern, or an Allow of the same length, can
			// replace best: check that before the costlier match.
			if best != nil && !(len(r.pattern) > len(best.pattern) || len(r.pattern) == len(best.pattern) && r.allow && !best.allow) {
				continue
			}
			if r.matches(d.Patterns, sel) {
				best = r
			}
		}
	}
	return best
}

// ruleNotes explains decisions where the dialect's source is read in a
// particular way.
func (p *Policy) ruleNotes(r *compiledRule) []string {
	d := &p.Dialect
	if d.Normalize != PythonQuote {
		return nil
	}
	switch {
	case r.line.Value == "" && d.fieldOf(r.line) == Disallow:
		return []string{fmt.Sprintf("robotparser turns the empty Disallow on line %d into a rule allowing everything, and the first match wins", r.line.Pos.Line)}
	case r.line.Value == "*":
		return []string{"a bare * is taken to match every selector; Python's robotparser itself quotes it to %2A first, so there it matches nothing"}
	}
	return nil
}
