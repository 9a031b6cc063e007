package core

import (
	"fmt"
	"strconv"
	"strings"
)

// Verdict is the answer for one (dialect, agent, selector).
type Verdict struct {
	Dialect  string `json:"dialect"`
	Agent    string `json:"agent"`
	Selector string `json:"selector"`
	// Target is the selector as the dialect compared it, after its
	// normalisation (percent escapes, quoting).
	Target  string `json:"target"`
	Allowed bool   `json:"allowed"`
	// SkipHost: the crawler cannot read the file and fetches nothing
	// from the host (Allowed is false; Line is the line it fails on).
	SkipHost bool `json:"skip_host,omitempty"`
	// Unread: the crawler's code decides this URL before any robots.txt
	// is read: "ignores-file" (it reads no robots.txt for it: Allowed is
	// true) or "never-fetched" (it never fetches it: Allowed is false);
	// "" when the file decides. Line is 0 and Why says why.
	Unread string `json:"unread,omitempty"`
	Line   int    `json:"line"` // the deciding line, 0 if no rule decided
	Rule   string `json:"rule"` // that line as `Field: value`, "" if none
	Group  string `json:"group"`
	Why    string `json:"why"`
	Note   string `json:"note"`
	// Alternative is the outcome under the other reading the note
	// describes, when that reading gives a different answer.
	Alternative *Alternative `json:"alternative,omitempty"`
	// GroupLines are the first lines of the applicable groups, one per
	// label in Group and in the same order; [] when no group applies.
	GroupLines []int `json:"group_lines"`
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

// Test answers whether the bot may fetch selector. A gemini:// or
// gopher:// URL is read as the selector it asks for, as SelectorFrom
// reads it (a note says which); any other value is a selector already.
func (p *Policy) Test(selector string) (v Verdict) {
	p.test(&v, selector)
	if p.alternative != nil {
		var alt Verdict
		p.alternative.test(&alt, selector)
		if alt.Allowed != v.Allowed {
			v.Alternative = &Alternative{Allowed: alt.Allowed, Line: alt.Line, Rule: alt.Rule, Reading: p.altNote}
			v.Note = joinNotes(v.Note, fmt.Sprintf("%s; then this selector would be %s (line %d).", p.altNote, word(alt.Allowed), alt.Line))
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
	return a + " " + b
}

// Word is how a verdict reads: "allowed", "disallowed", or "skips the
// host" when the crawler fetches nothing there at all.
func (v *Verdict) Word() string {
	switch {
	case v.SkipHost:
		return SkipHostWord
	case v.Unread == IgnoresFile:
		return IgnoresFileWord
	case v.Unread == NeverFetched:
		return NeverFetchedWord
	}
	return word(v.Allowed)
}

// SkipHostWord is how a skip-host verdict reads.
const SkipHostWord = "skips the host"

// test fills in v, which the caller passes zero.
func (p *Policy) test(v *Verdict, selector string) {
	if p.Dialect.Crawler != nil && p.testUnread(v, selector) {
		return
	}
	if p.failLine != nil {
		p.testFailed(v, selector)
		return
	}
	if p.each != nil {
		p.testEach(v, selector)
		v.Selector = selector
		return
	}
	d := &p.Dialect
	v.Dialect, v.Agent, v.Selector, v.Allowed, v.Why, v.Group = d.ID, p.agent, selector, true, p.Why, p.group
	v.GroupLines = make([]int, len(p.groupLines)) // the caller may keep and change it
	copy(v.GroupLines, p.groupLines)
	var extra []string
	var decided *compiledRule
	sel := selector
	if d.Crawler == nil {
		sel = selectorOf(selector, &extra) // a preset builds its own target from a URL
	}
	if d.AlwaysAllow != "" && sel == d.AlwaysAllow {
		v.Target = sel
		decided = p.decide(sel, &extra)
	} else if d.Normalize == AnySpelling {
		decided, v.Target = p.decideSpellings(sel, &extra)
	} else {
		v.Target = d.NormalizeSelector(sel)
		decided = p.decideTarget(v.Target, &extra)
	}
	if decided != nil {
		v.Allowed = decided.allow
		v.Line = decided.line.Pos.Line
		v.Rule = decided.line.Rule()
		extra = append(extra, p.ruleNotes(decided)...)
	}
	if d.Crawler != nil {
		p.crawlerNotes(selector, v.Target, decided, &extra)
	}
	v.Note = p.notesWith(extra)
}

// notesWith is the policy's notes and extra, joined by spaces (each is a sentence). The
// policy's own part is joined once: a file may give it thousands of notes.
func (p *Policy) notesWith(extra []string) string {
	base := p.notes
	if len(p.Notes) != p.notesN || len(p.Notes) > 0 && &p.Notes[0] != p.notes0 {
		base = strings.Join(p.Notes, " ") // changed since compile
	}
	switch {
	case len(extra) == 0:
		return base
	case len(p.Notes) == 0:
		return strings.Join(extra, " ")
	}
	return base + " " + strings.Join(extra, " ")
}

// decide is the one decision behind Test and Allowed: the rule that
// decides selector, nil when none does (allowed). Explanations go to
// notes unless it is nil.
func (p *Policy) decide(selector string, notes *[]string) *compiledRule {
	d := &p.Dialect
	if d.Crawler == nil {
		selector = selectorOf(selector, notes) // a preset builds its own target from a URL
	}
	if d.AlwaysAllow != "" && selector == d.AlwaysAllow {
		if notes != nil {
			*notes = append(*notes, fmt.Sprintf("The %s dialect always allows %s.", d.ID, d.AlwaysAllow))
		}
		return nil
	}
	if d.Normalize == AnySpelling {
		r, _ := p.decideSpellings(selector, notes)
		return r
	}
	return p.decideTarget(d.NormalizeSelector(selector), notes)
}

// decideTarget is decide for a selector already normalized.
func (p *Policy) decideTarget(sel string, notes *[]string) *compiledRule {
	t := p.tab
	switch {
	case t == nil:
		return nil
	case t.indexable:
		return p.decideIndexed(t, sel, notes)
	}
	return p.decideIn(t.rules, sel, notes)
}

// decideIndexed decides among the candidates the index finds: every rule
// that can match, in file order, so the decision is the same.
func (p *Policy) decideIndexed(t *ruleTable, sel string, notes *[]string) *compiledRule {
	x := t.index()
	if x == nil {
		return p.decideIn(t.rules, sel, notes)
	}
	var buf [32]int32
	cand := x.candidates(sel, buf[:0])
	var scratch [32]compiledRule
	rules := scratch[:0]
	if len(cand) > len(scratch) {
		rules = make([]compiledRule, 0, len(cand))
	}
	for _, i := range cand {
		rules = append(rules, t.rules[i])
	}
	if r := p.decideIn(rules, sel, notes); r != nil {
		for k := range rules {
			if &rules[k] == r {
				return &t.rules[cand[k]]
			}
		}
	}
	return nil
}

func (p *Policy) decideIn(rules []compiledRule, sel string, notes *[]string) *compiledRule {
	switch p.Dialect.Decision {
	case LongestMatch:
		return p.longestMatch(rules, sel)
	case LongestFirst:
		return longestFirst(rules, sel)
	case FirstMatch:
		return p.firstMatchRestrictive(rules, sel)
	case AllowException:
		return p.allowException(rules, sel)
	}
	return p.anyDisallow(rules, sel, notes)
}

// anyDisallow: Allow lines are not rules here; the first matching
// non-empty Disallow in file order decides.
func (p *Policy) anyDisallow(rules []compiledRule, sel string, notes *[]string) *compiledRule {
	d := &p.Dialect
	var empty *compiledRule
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
	if empty != nil && d.Patterns == Glob && notes != nil {
		*notes = append(*notes, fmt.Sprintf("An empty Disallow disallows nothing here; read literally, the 2019 text would make line %d match every selector.", empty.line.Pos.Line))
	}
	return nil
}

// allowException: a matching Allow is an exception that wins; else any
// matching Disallow disallows.
func (p *Policy) allowException(rules []compiledRule, sel string) *compiledRule {
	d := &p.Dialect
	var disallow *compiledRule
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
	return disallow
}

// firstMatchRestrictive: in each group the first matching rule decides;
// with several groups (combined most restrictively) a disallow wins.
func (p *Policy) firstMatchRestrictive(rules []compiledRule, sel string) *compiledRule {
	d := &p.Dialect
	python := d.Normalize == PythonQuote
	var firstAllow *compiledRule
	group, decided := int32(-1), false
	for i := range rules {
		r := &rules[i]
		if r.group != group {
			group, decided = r.group, false
		}
		if decided {
			continue
		}
		if python {
			// robotparser compares even empty paths (they match everything)
			// and, per DIALECTS.md, norobots takes a bare * as everything too.
			if !(r.line.Value == "*" && d.StarAll()) && !r.matches(d.Patterns, sel) {
				continue
			}
		} else if r.pattern == "" || !r.matches(d.Patterns, sel) {
			continue
		}
		decided = true
		if !r.allow {
			return r
		}
		if firstAllow == nil {
			firstAllow = r
		}
	}
	return firstAllow
}

// longestMatch: RFC 9309's most specific match, Allow winning a tie. An
// empty pattern has priority 0 and never decides.
func (p *Policy) longestMatch(rules []compiledRule, sel string) *compiledRule {
	d := &p.Dialect
	var best *compiledRule
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
	case r.line.Value == "" && d.FieldOf(r.line) == Disallow:
		return []string{fmt.Sprintf("Python's robotparser turns the empty Disallow on line %d into a rule allowing everything, and the first match wins.", r.line.Pos.Line)}
	case r.line.Value == "*" && d.StarAll():
		return []string{"A bare * is taken to match every selector; Python's robotparser itself quotes it to %2A first, so there it matches nothing."}
	}
	return nil
}

// selectorOf reads a gemini:// or gopher:// URL as the selector it asks
// for, so that Allowed("gemini://host/private/x") tests "/private/x"
// rather than the URL's text. Other values are selectors already and
// cost one comparison.
func selectorOf(s string, notes *[]string) string {
	if !isCrawlURL(s) {
		return s
	}
	sel, err := SelectorFrom(s)
	if err != nil {
		if notes != nil {
			*notes = append(*notes, err.Error()+", so it was tested as a raw selector")
		}
		return s
	}
	if notes != nil {
		*notes = append(*notes, "the URL asks for the selector "+strconv.Quote(sel)+", which is what was tested")
	}
	return sel
}

// isCrawlURL: the value starts with gemini:// or gopher://, in any case.
func isCrawlURL(s string) bool {
	if len(s) < len("gemini://") || s[6:9] != "://" {
		return false
	}
	return equalFoldASCII(s[:6], "gemini") || equalFoldASCII(s[:6], "gopher")
}

// Alternative is the policy under the dialect's other reading (Gemini's
// "the * record applies too"), or nil when that reading chooses the same
// groups. Tools that must honour every reading (fix's strict reference)
// test it as a reader of its own.
func (p *Policy) Alternative() *Policy { return p.alternative }
