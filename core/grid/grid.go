// Package grid builds the playground's verdict grid: one row per agent
// and selector, one column per dialect, with the lints of the file. It is
// pure Go so the page and the native tests share it.
package grid

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/lint"
)

// Caps on what one grid holds, so a huge paste into the selector or agent
// box cannot freeze the page. Lines past them are reported as Problems.
const (
	MaxSelectors = 1000
	MaxAgents    = 50

	// A Builder forgets its policies past this many: room for four full
	// agent boxes under the six dialects.
	maxCachedPolicies = 4 * MaxAgents * 6
)

// Input is what the user typed.
type Input struct {
	Robots    string
	Selectors string         // one per line: raw selectors or gopher:// / gemini:// URLs
	Agents    string         // one per line, `GUS(indexer)` syntax; none means "*"
	Dialects  []core.Dialect // the visible dialects, in display order

	// LintLater skips linting when the findings are not already known
	// (a Builder knows them while the file and the selectors are
	// unchanged): Findings is then nil and LintPending true, and the
	// caller builds again without it once typing pauses. Linting is the
	// largest part of a build on big files.
	LintLater bool
}

// Row is one agent and selector under every visible dialect.
type Row struct {
	Agent    string         // as typed (trimmed), "*" when the agents box is empty
	Selector string         // as typed (trimmed of the line break only)
	Query    string         // the selector actually tested (from a URL, if one was typed)
	Cells    []core.Verdict // one per dialect, in Grid.Dialects order
	Disagree bool           // the dialects do not all give the same answer
}

// Problem is a selector or agent line that could not be used. The row is
// left out; the rest of the grid is built.
type Problem struct {
	Field   string // "selectors" or "agents"
	Line    int    // 1-based line in that box
	Message string
}

// PolicyKey names one dialect's view of one agent.
type PolicyKey struct {
	Dialect string // dialect ID
	Agent   string // as in Row.Agent
}

// Policy is what a dialect says to an agent beyond single verdicts.
type Policy struct {
	Why      string         // why these groups apply
	Notes    []string       // interpretation notes holding for every selector
	Groups   []int          // first lines of the applicable groups
	Settings []core.Setting // delay and re-check values for this agent
}

// Grid is the whole model the page draws.
type Grid struct {
	Dialects  []core.Dialect
	Agents    []string // usable agents, in order, as in Row.Agent
	Selectors []string // usable selectors, in order, as in Row.Selector
	Rows      []Row    // agent-major: every selector for the first agent, then the next
	Findings  []lint.Finding
	Problems  []Problem
	Policies  map[PolicyKey]Policy
	Truncated bool // the robots.txt is longer than core.MaxBytes; the rest was ignored
	// LintPending: Input.LintLater left the findings out; build again
	// without it to get them.
	LintPending bool
	Lines       int // lines in the part of the robots.txt that was read
}

type line struct {
	n    int
	text string
}

// lines splits a box into its non-blank lines with their 1-based
// numbers. Lines are not trimmed: a selector is the bytes a client sends.
func lines(s string) []line {
	var out []line
	n := 0
	for len(s) > 0 {
		n++
		var l string
		if i := strings.IndexAny(s, "\r\n"); i >= 0 {
			l = s[:i]
			if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			s = s[i+1:]
		} else {
			l, s = s, ""
		}
		if strings.Trim(l, " \t") == "" {
			continue
		}
		out = append(out, line{n, l})
	}
	return out
}

// Build parses the robots.txt once, compiles each dialect once, chooses
// one policy per (dialect, agent) and tests every selector. It keeps no
// state; bad selector or agent lines become Problems.
func Build(in Input) Grid {
	var b Builder
	return b.Build(in)
}

// Builder is Build with memory: between calls it keeps the parsed file,
// the compiled dialects and the chosen policies while the robots.txt is
// unchanged, and the lint findings while the file and the selectors are
// unchanged. Typing in the selector or agent box then costs only the
// tests. The zero Builder is ready; it is not safe for concurrent use.
// Grids it returns share the findings slice: treat it as read-only.
type Builder struct {
	robots   string
	file     *core.File
	rulesets map[string]*core.Ruleset   // by dialect ID
	policies map[PolicyKey]*core.Policy // at most maxCachedPolicies

	lintQueries []string
	findings    []lint.Finding
	linted      bool
}

// Build is the package-level Build, reusing what the last call computed
// where its inputs are unchanged.
func (b *Builder) Build(in Input) Grid {
	if b.file == nil || in.Robots != b.robots {
		b.robots = in.Robots
		b.file = core.Parse([]byte(in.Robots))
		b.rulesets = map[string]*core.Ruleset{}
		b.policies = map[PolicyKey]*core.Policy{}
		b.linted = false
	}
	if len(b.policies) > maxCachedPolicies {
		b.policies = map[PolicyKey]*core.Policy{} // every keystroke in the agent box adds one
	}
	f := b.file
	g := Grid{
		Dialects:  append([]core.Dialect(nil), in.Dialects...),
		Policies:  map[PolicyKey]Policy{},
		Truncated: f.Truncated,
		Lines:     len(f.Lines),
	}

	type agent struct {
		raw string
		a   core.Agent
	}
	var agents []agent
	agentLines := lines(in.Agents)
	for i, l := range agentLines {
		if i == MaxAgents {
			g.Problems = append(g.Problems, Problem{"agents", l.n, fmt.Sprintf("only the first %d agents are tested; the rest are ignored", MaxAgents)})
			break
		}
		raw := strings.TrimSpace(l.text)
		a, err := core.ParseAgent(raw)
		if err != nil {
			g.Problems = append(g.Problems, Problem{"agents", l.n, err.Error()})
			continue
		}
		agents = append(agents, agent{raw, a})
	}
	if len(agentLines) == 0 {
		agents = []agent{{"*", core.MustAgent("*")}}
	}

	type selector struct{ raw, query string }
	var sels []selector
	var queries []string
	for i, l := range lines(in.Selectors) {
		if i == MaxSelectors {
			g.Problems = append(g.Problems, Problem{"selectors", l.n, fmt.Sprintf("only the first %d selectors are tested; the rest are ignored", MaxSelectors)})
			break
		}
		q, err := core.SelectorFrom(l.text)
		if err != nil {
			g.Problems = append(g.Problems, Problem{"selectors", l.n, err.Error()})
			continue
		}
		sels = append(sels, selector{l.text, q})
		queries = append(queries, q)
		g.Selectors = append(g.Selectors, l.text)
	}

	policies := make([][]*core.Policy, len(agents)) // [agent][dialect]
	for ai := range policies {
		policies[ai] = make([]*core.Policy, len(g.Dialects))
	}
	for di, d := range g.Dialects {
		rs := b.rulesets[d.ID]
		if rs == nil || !reflect.DeepEqual(rs.Dialect, d) {
			rs = d.Compile(f)
			b.rulesets[d.ID] = rs
			for k := range b.policies {
				if k.Dialect == d.ID {
					delete(b.policies, k) // chosen under another dialect of that ID
				}
			}
		}
		for ai, a := range agents {
			k := PolicyKey{d.ID, a.raw}
			p := b.policies[k]
			if p == nil {
				p = rs.Policy(a.a)
				b.policies[k] = p
			}
			policies[ai][di] = p
			g.Policies[k] = Policy{Why: p.Why, Notes: p.Notes, Groups: groupLines(p), Settings: p.Settings()}
		}
	}

	for ai, a := range agents {
		g.Agents = append(g.Agents, a.raw)
		for _, s := range sels {
			row := Row{Agent: a.raw, Selector: s.raw, Query: s.query, Cells: make([]core.Verdict, len(g.Dialects))}
			for di := range g.Dialects {
				v := policies[ai][di].Test(s.query)
				v.Agent = a.raw // the page keys cells by what was typed
				row.Cells[di] = v
				if v.Allowed != row.Cells[0].Allowed {
					row.Disagree = true
				}
			}
			g.Rows = append(g.Rows, row)
		}
	}

	switch {
	case b.linted && slices.Equal(queries, b.lintQueries):
		g.Findings = b.findings
	case in.LintLater:
		g.LintPending = true
	default:
		b.findings = lint.Lint(f, queries)
		b.lintQueries = queries
		b.linted = true
		g.Findings = b.findings
	}
	return g
}

// File is the parse of the robots.txt the last Build read, nil before
// the first: the crawler table reads the same parse.
func (b *Builder) File() *core.File { return b.file }

func groupLines(p *core.Policy) []int {
	var out []int
	for _, gr := range p.Groups {
		out = append(out, gr.FirstLine())
	}
	return out
}

// CellKey names a cell for the permalink: stable across edits that do
// not touch its dialect, agent or selector line. Agent and selector
// lines hold no line breaks, so "\n" separates the parts unambiguously.
func CellKey(dialect, agent, selector string) string {
	return dialect + "\n" + agent + "\n" + selector
}

// Key is the CellKey of the cell in column col.
func (r Row) Key(g *Grid, col int) string {
	return CellKey(g.Dialects[col].ID, r.Agent, r.Selector)
}

// Find locates a cell by its key: its row and column, or ok false when
// the cell is no longer in the grid (edited away or its dialect hidden).
func (g *Grid) Find(key string) (row, col int, ok bool) {
	dialect, rest, ok1 := strings.Cut(key, "\n")
	agent, selector, ok2 := strings.Cut(rest, "\n")
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	col = -1
	for i, d := range g.Dialects {
		if d.ID == dialect {
			col = i
			break
		}
	}
	if col < 0 {
		return 0, 0, false
	}
	for i, r := range g.Rows {
		if r.Agent == agent && r.Selector == selector {
			return i, col, true
		}
	}
	return 0, 0, false
}
