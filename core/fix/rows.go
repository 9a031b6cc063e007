package fix

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// fileAgents are the rows' crawlers when none are given: * and every
// agent the file names.
func fileAgents(f *core.File) []core.Agent {
	out := []core.Agent{core.MustAgent("*")}
	seen := map[string]bool{"*": true}
	for _, l := range f.Lines {
		if len(out) >= maxRowAgents {
			break
		}
		if l.Key != core.UserAgent && l.Key != core.VirtualAgent || seen[strings.ToLower(l.Value)] {
			continue
		}
		seen[strings.ToLower(l.Value)] = true
		if a, err := core.ParseAgent(l.Value); err == nil {
			out = append(out, a)
		}
	}
	return out
}

// filePaths are the rows' selectors when none are given: the paths of
// the file's own rules and, for a rule with a glob star or an end
// anchor, a path it matches as a pattern (/*.cgi gives /x.cgi too): the
// literal value matches itself in every dialect, so alone it would hide
// the disagreement between the dialects that read patterns and those
// that compare prefixes.
func filePaths(f *core.File) []string { return rulePathsOf(f, maxRowPaths) }

// rulePathsOf is filePaths with at most limit paths (-1: all).
func rulePathsOf(f *core.File, limit int) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if (limit < 0 || len(out) < limit) && p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, l := range f.Lines {
		k := l.Key
		if k == "" {
			k = l.Typo
		}
		if k != core.Allow && k != core.Disallow {
			continue
		}
		add(l.Value)
		add(patternExample(l.Value))
	}
	return out
}

// patternExample is a path that value matches as a pattern: each * as
// "x", a final $ dropped. "" when value has neither.
func patternExample(value string) string {
	if !strings.ContainsAny(value, "*$") {
		return ""
	}
	return strings.ReplaceAll(strings.TrimSuffix(value, "$"), "*", "x")
}

// check counts the rows on which every dialect gives the reference's
// verdict, and explains the others.
func check(f *core.File, ref core.Dialect, dialects []core.Dialect, agents []core.Agent, selectors []string) (agreed int, unresolved []Unresolved) {
	unresolved = []Unresolved{}
	refRS := ref.Compile(f)
	var others []core.Dialect
	for _, d := range dialects {
		if d.ID != ref.ID {
			others = append(others, d)
		}
	}
	for _, a := range agents {
		// What depends only on the crawler is worked out once per
		// policy: a file may give one policy thousands of groups.
		rp := readingOf(refRS.Policy(a))
		ps := make([]reading, len(others))
		for i, d := range others {
			ps[i] = readingOf(d.Compile(f).Policy(a))
		}
		for _, s := range selectors {
			want := rp.p.Allowed(s)
			var row []Unresolved // one entry per reason, Reason a template until the end
			for i, p := range ps {
				if p.p.Allowed(s) == want {
					continue
				}
				code, reason := explain(f, rp.decide(s), p.decide(s), ref, others[i])
				k := slices.IndexFunc(row, func(u Unresolved) bool { return u.Reason == reason })
				if k < 0 {
					row = append(row, Unresolved{Agent: a.String(), Selector: s, Code: code, Reason: reason})
					k = len(row) - 1
				}
				row[k].Dialects = append(row[k].Dialects, others[i].ID)
			}
			for k := range row {
				row[k].Reason = strings.ReplaceAll(row[k].Reason, them, words(row[k].Dialects))
			}
			if len(row) == 0 {
				agreed++
			}
			unresolved = append(unresolved, row...)
		}
	}
	return agreed, unresolved
}

// reading is a policy with what explain asks of it about its groups.
type reading struct {
	p      *core.Policy
	starts []int  // the first line of each group it applies
	groups string // those groups for a sentence
}

// maxGroupsNamed is how many groups a reason lists before it counts them.
const maxGroupsNamed = 3

func readingOf(p *core.Policy) reading {
	r := reading{p: p, groups: "no group"}
	var labels []string
	for _, g := range p.Groups {
		r.starts = append(r.starts, g.FirstLine())
		if len(labels) < maxGroupsNamed {
			labels = append(labels, g.Label())
		}
	}
	switch n := len(p.Groups); {
	case n > maxGroupsNamed:
		r.groups = strings.Join(labels, "; ") + fmt.Sprintf(" and %d more groups", n-maxGroupsNamed)
	case n > 0:
		r.groups = strings.Join(labels, "; ")
	}
	return r
}

// decision is one policy's answer on one selector, for a reason.
type decision struct {
	allowed bool
	line    int // the deciding line, 0 for none
	rule    string
	r       *reading
	sel     string
}

// holds reports whether one of the groups the reading applies has l
// among its rules.
func (r *reading) holds(l *core.Line) bool {
	for _, g := range r.p.Groups {
		for _, x := range g.Rules {
			if x.Pos.Line == l.Pos.Line { // the groups hold copies of the file's lines
				return true
			}
		}
	}
	return false
}

func (r *reading) decide(s string) decision {
	ok, line, rule := r.p.DecidingRule(s)
	return decision{ok, line, rule, r, s}
}

// them stands for the disagreeing dialects in a reason until the row
// knows them all: dialects that disagree for one reason share an entry.
const them = "\x00"

// explain says why dialect d decides a row otherwise than the reference,
// naming the line to blame: one of the reasons fix cannot rewrite away.
// The reason says them where d's name goes.
func explain(f *core.File, want, got decision, ref, d core.Dialect) (code, reason string) {
	line := func(n int) *core.Line {
		if n < 1 || n > len(f.Lines) {
			return nil
		}
		return &f.Lines[n-1]
	}
	rl, dl := line(want.line), line(got.line)
	for _, l := range []*core.Line{rl, dl} {
		if l == nil {
			continue
		}
		star, dollar := core.HasOperators(l.Value)
		if star && d.Patterns == core.TrailingStarPrefix && strings.Contains(strings.TrimSuffix(l.Value, "*"), "*") {
			// Kennedy drops a rule with a * before its end instead of
			// reading the *: its note, below, says so with its code.
			continue
		}
		what := "*"
		if !star || (d.Patterns == core.Prefix) == (ref.Patterns == core.Prefix) {
			what = "a final $"
			if !dollar || (d.Patterns == core.GlobDollar) == (ref.Patterns == core.GlobDollar) {
				continue
			}
		}
		wild, plain := ref.ID, them
		if what == "*" && ref.Patterns == core.Prefix || what != "*" && ref.Patterns != core.GlobDollar {
			wild, plain = plain, wild
		}
		return "glob", fmt.Sprintf("line %d %q: %s reads %s as an operator, %s as a plain character", l.Pos.Line, l.Rule(), wild, what, plain)
	}
	// Groups are to blame only when the other reader's groups for this
	// crawler leave the line out: when they hold it, the reader reads the
	// line and decides otherwise for a reason of its own (Kennedy drops
	// a rule with an inner *), said below.
	if d.Grouping == core.NoGroups && dl != nil && !want.r.holds(dl) {
		return "no-groups", fmt.Sprintf("%s has no groups: line %d %q applies to every robot, while under %s it applies only to its own group", them, dl.Pos.Line, dl.Rule(), ref.ID)
	}
	if ref.Grouping == core.NoGroups && rl != nil && !got.r.holds(rl) {
		return "no-groups", fmt.Sprintf("%s has no groups: line %d %q applies to every robot there, while under %s it applies only to its own group", ref.ID, rl.Pos.Line, rl.Rule(), them)
	}
	if rl != nil && rl.Key == core.Allow && !d.AllowField {
		return "allow", fmt.Sprintf("line %d %q is an exception under %s, but Allow means nothing to %s", rl.Pos.Line, rl.Rule(), ref.ID, them)
	}
	if dl != nil && dl.Key == core.Allow && !ref.AllowField {
		return "allow", fmt.Sprintf("line %d %q is an exception under %s, but Allow means nothing to %s", dl.Pos.Line, dl.Rule(), them, ref.ID)
	}
	if d.Crawler != nil {
		// A crawler's own reading (TLGS's whole segments, say), which its
		// note names with the line of its code.
		if note := got.r.p.Test(got.sel).Note; note != "" {
			return "crawler", fmt.Sprintf("%s %s it: %s", them, verb(got.allowed), note)
		}
	}
	if !slices.Equal(want.r.starts, got.r.starts) {
		return "agent-match", fmt.Sprintf("%s reads %s for this crawler; %s: %s", ref.ID, want.r.groups, them, got.r.groups)
	}
	return "decision", fmt.Sprintf("%s %s it by %s, %s %s it by %s", ref.ID, verb(want.allowed), ruleText(want), them, verb(got.allowed), ruleText(got))
}

func ruleText(d decision) string {
	if d.line == 0 {
		return "no rule (nothing matches)"
	}
	return fmt.Sprintf("line %d %q", d.line, d.rule)
}

func verb(allowed bool) string {
	if allowed {
		return "allows"
	}
	return "disallows"
}
