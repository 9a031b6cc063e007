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
// the file's own rules.
func filePaths(f *core.File) []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range f.Lines {
		if len(out) >= maxRowPaths {
			break
		}
		k := l.Key
		if k == "" {
			k = l.Typo
		}
		if k != core.Allow && k != core.Disallow || l.Value == "" || seen[l.Value] {
			continue
		}
		seen[l.Value] = true
		out = append(out, l.Value)
	}
	return out
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
		rp := refRS.Policy(a)
		ps := make([]*core.Policy, len(others))
		for i, d := range others {
			ps[i] = d.Compile(f).Policy(a)
		}
		for _, s := range selectors {
			want := rp.Allowed(s)
			var row []Unresolved // one entry per reason, Reason a template until the end
			for i, p := range ps {
				if p.Allowed(s) == want {
					continue
				}
				code, reason := explain(f, rp.Test(s), p.Test(s), ref, others[i])
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

// them stands for the disagreeing dialects in a reason until the row
// knows them all: dialects that disagree for one reason share an entry.
const them = "\x00"

// explain says why dialect d decides a row otherwise than the reference,
// naming the line to blame: one of the reasons fix cannot rewrite away.
// The reason says them where d's name goes.
func explain(f *core.File, want, got core.Verdict, ref, d core.Dialect) (code, reason string) {
	line := func(n int) *core.Line {
		if n < 1 || n > len(f.Lines) {
			return nil
		}
		return &f.Lines[n-1]
	}
	rl, dl := line(want.Line), line(got.Line)
	for _, l := range []*core.Line{rl, dl} {
		if l == nil {
			continue
		}
		star, dollar := core.HasOperators(l.Value)
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
	if d.Grouping == core.NoGroups && dl != nil {
		return "no-groups", fmt.Sprintf("%s has no groups: line %d %q applies to every robot, while %s applies it only to its own group", them, dl.Pos.Line, dl.Rule(), ref.ID)
	}
	if rl != nil && rl.Key == core.Allow && !d.AllowField {
		return "allow", fmt.Sprintf("line %d %q is an exception %s honours, but %s has no Allow", rl.Pos.Line, rl.Rule(), ref.ID, them)
	}
	if !slices.Equal(want.GroupLines, got.GroupLines) {
		return "agent-match", fmt.Sprintf("%s reads %s for this crawler, %s reads %s", ref.ID, groupText(want), them, groupText(got))
	}
	return "decision", fmt.Sprintf("%s %s it by %s, %s %s it by %s", ref.ID, verb(want), ruleText(want), them, verb(got), ruleText(got))
}

func groupText(v core.Verdict) string {
	if v.Group == "" {
		return "no group"
	}
	return v.Group
}

func ruleText(v core.Verdict) string {
	if v.Line == 0 {
		return "no rule (nothing matches)"
	}
	return fmt.Sprintf("line %d %q", v.Line, v.Rule)
}

func verb(v core.Verdict) string {
	if v.Allowed {
		return "allows"
	}
	return "disallows"
}
