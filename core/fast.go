package core

import (
	"slices"
	"sync"
)

// Allowed answers whether the bot may fetch selector, like Test but
// without building the explanation: no strings, no allocations for plain
// selectors. It uses the same decision as Test, so
// p.Allowed(s) == p.Test(s).Allowed for every selector; a gemini:// or
// gopher:// URL is read as the selector it asks for, as in Test.
func (p *Policy) Allowed(selector string) bool {
	if p.Dialect.Crawler != nil {
		if kind, _ := p.Dialect.unread(selector); kind != "" {
			return kind == IgnoresFile
		}
	}
	if p.failLine != nil {
		return false
	}
	if p.each != nil {
		for _, sp := range p.each {
			if !sp.Allowed(selector) {
				return false
			}
		}
		return true
	}
	if r := p.decide(selector, nil); r != nil {
		return r.allow
	}
	return true
}

// DecidingRule is Test's decision without the explanation: whether the
// bot may fetch selector, and the number and text of the line that
// decided it (0 and "" when no rule did). It builds no group list and no
// notes, for callers that explain only some answers of many.
func (p *Policy) DecidingRule(selector string) (allowed bool, line int, rule string) {
	if p.Dialect.Crawler != nil {
		if kind, _ := p.Dialect.unread(selector); kind != "" {
			return kind == IgnoresFile, 0, ""
		}
	}
	if p.failLine != nil {
		return false, p.failLine.Pos.Line, p.failLine.Rule()
	}
	if p.each != nil {
		v := p.Test(selector)
		return v.Allowed, v.Line, v.Rule
	}
	if r := p.decide(selector, nil); r != nil {
		return r.allow, r.line.Pos.Line, r.line.Rule()
	}
	return true, 0, ""
}

// ruleTable is the compiled rules of one list of groups. Policies of a
// ruleset that choose the same groups (every bot in gopher2019, every bot
// that falls back to *) share it, and with it the index built for it.
type ruleTable struct {
	groups []*Group
	d      tableDialect
	rules  []compiledRule

	meaningOnce sync.Once
	meaning     string // Policy.Meaning's part for these rules, made once
	// dropped are rules the dialect does not use, kept for notes.
	dropped []compiledRule

	indexable bool // enough rules for an index to pay
	once      sync.Once
	idx       *ruleIndex // nil: test every rule
}

// tableDialect is what compileRules and the index depend on.
type tableDialect struct {
	sel         Selection
	dec         Decision
	pat         PatternSyntax
	norm        Normalization
	acceptTypos bool
	emptyClears bool
	rootRules   bool
	indexDir    bool
}

func tableDialectOf(d *Dialect) tableDialect {
	return tableDialect{d.Selection, d.Decision, d.Patterns, d.Normalize, d.AcceptTypos, d.EmptyClears, d.RootRules, d.IndexAllowsDir}
}

// tableCache keeps a ruleset's recent tables; it is safe for concurrent use.
type tableCache struct {
	mu   sync.Mutex
	tabs []*ruleTable // oldest first
}

const maxTables = 8

// table is the compiled rules of groups, from the cache when another
// policy chose the same groups.
func (rs *Ruleset) table(d *Dialect, groups []*Group) *ruleTable {
	td := tableDialectOf(d)
	var c *tableCache
	if rs != nil {
		c = rs.tables
	}
	if c != nil {
		c.mu.Lock()
		for _, t := range c.tabs {
			if t.d == td && slices.Equal(t.groups, groups) {
				c.mu.Unlock()
				return t
			}
		}
		c.mu.Unlock()
	}
	t := &ruleTable{groups: slices.Clone(groups), d: td}
	t.rules, t.dropped = compileRules(d, groups)
	// Patterns found anywhere in the target have no prefix to file them under.
	t.indexable = (indexMode > 0 || indexMode == 0 && len(t.rules) >= minIndexed) && d.Patterns != UnanchoredGlob
	if c != nil {
		c.mu.Lock()
		if len(c.tabs) == maxTables {
			c.tabs = append(c.tabs[:0], c.tabs[1:]...)
		}
		c.tabs = append(c.tabs, t)
		c.mu.Unlock()
	}
	return t
}

// index is the table's index, built on first use; nil when the table is
// too small for one to pay.
func (t *ruleTable) index() *ruleIndex {
	t.once.Do(func() { t.idx = buildIndex(t.d, t.rules) })
	return t.idx
}

// ruleIndex finds the rules that can match a selector without trying
// them all: a rule matches only selectors starting with the literal part
// of its pattern before any operator, so rules are filed under that
// prefix and a selector looks up each of its own prefixes of a length
// some rule has. Rules that cannot decide are left out: under
// AnyDisallow the Allow lines, an empty pattern (except the first, which
// a note names), and a rule repeating an earlier pattern of the same
// kind (in the same group under FirstMatch), which never comes first.
type ruleIndex struct {
	byPrefix map[string]bucket
	next     []int32 // by position: the previous position filed under the same prefix, -1 for none
	lens     []int   // the prefix lengths in byPrefix, ascending
	always   []int32 // rules with no literal prefix, tried for every selector
}

// bucket is the rules filed under one prefix, as a list through next.
type bucket struct {
	last int32 // the last position filed
	n    int32
	// For the literal pattern equal to the prefix: 1 + the group in which
	// an Allow, and a Disallow, of it was filed last (0: never).
	allowIn, disallowIn int32
}

// minIndexed: below this many rules, trying them all is as fast.
const minIndexed = 64

// indexMode lets tests index every table made from now on (1) or none (-1).
var indexMode = 0

func buildIndex(d tableDialect, rules []compiledRule) *ruleIndex {
	x := &ruleIndex{byPrefix: make(map[string]bucket, len(rules)/2), next: make([]int32, len(rules))}
	type key struct {
		pattern string
		allow   bool
		group   int32
	}
	var seenGlobs map[key]bool
	pyAll := d.norm == PythonQuote && d.dec == FirstMatch
	emptySeen := false
	largest := int32(0)
	for i := range rules {
		r := &rules[i]
		switch {
		case d.dec == AnyDisallow && r.allow:
			continue
		case pyAll && (r.pattern == "" || r.line.Value == "*"):
			// robotparser's reading: these match every selector.
			x.always = append(x.always, int32(i))
			continue
		case r.pattern == "":
			if d.dec == AnyDisallow && !emptySeen {
				emptySeen = true
				x.always = append(x.always, int32(i))
			}
			continue
		}
		group := int32(0)
		if d.dec == FirstMatch {
			group = r.group
		}
		b, filed := x.byPrefix[r.prefix]
		if r.literal {
			seen := &b.disallowIn
			if r.allow {
				seen = &b.allowIn
			}
			if *seen == group+1 {
				continue
			}
			*seen = group + 1
		} else {
			k := key{r.pattern, r.allow, group}
			if seenGlobs[k] {
				continue
			}
			if seenGlobs == nil {
				seenGlobs = map[key]bool{}
			}
			seenGlobs[k] = true
		}
		if r.prefix == "" {
			x.always = append(x.always, int32(i))
			continue
		}
		if !filed {
			b.last = -1
			x.lens = append(x.lens, len(r.prefix))
		}
		x.next[i], b.last = b.last, int32(i)
		b.n++
		largest = max(largest, b.n)
		x.byPrefix[r.prefix] = b
	}
	if indexMode == 0 && (2*len(x.always) > len(rules) || 2*int(largest) > len(rules)) {
		return nil // most rules would be tried anyway
	}
	slices.Sort(x.lens)
	x.lens = slices.Compact(x.lens)
	return x
}

// requiredPrefix is the literal start every selector the rule matches has.
func requiredPrefix(s PatternSyntax, r *compiledRule) string {
	if r.literal {
		return r.pattern
	}
	return PatternPrefix(s, r.pattern)
}

// candidates lists, in file order, every rule that can match sel.
func (x *ruleIndex) candidates(sel string, buf []int32) []int32 {
	out := buf[:0]
	for _, n := range x.lens {
		if n > len(sel) {
			break
		}
		if b, ok := x.byPrefix[sel[:n]]; ok {
			for i := b.last; i >= 0; i = x.next[i] {
				out = append(out, i)
			}
		}
	}
	out = append(out, x.always...)
	slices.Sort(out)
	return out
}
