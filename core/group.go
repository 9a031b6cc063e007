package core

import (
	"iter"
	"slices"
	"strconv"
	"strings"
)

// Group is a record of the file as a dialect reads it: agent lines, then
// rules and settings.
type Group struct {
	Index         int     // position among the dialect's groups, from 0
	Agents        []*Line // User-agent lines
	VirtualAgents []*Line // Virtual-agent lines (Conner's proposal)
	Rules         []*Line // Allow and Disallow lines the dialect honours, in order
	Settings      []*Line // delay fields the dialect honours
}

// FirstLine is the number of the group's first line.
func (g *Group) FirstLine() int {
	first := 0
	for _, ls := range [][]*Line{g.Agents, g.VirtualAgents, g.Rules, g.Settings} {
		if len(ls) > 0 && ls[0] == &implicitStar {
			ls = ls[1:] // line 0: not in the file
		}
		if len(ls) > 0 && (first == 0 || ls[0].Pos.Line < first) {
			first = ls[0].Pos.Line
		}
	}
	return first
}

// LastLine is the number of the group's last line.
func (g *Group) LastLine() int {
	last := 0
	for _, ls := range [][]*Line{g.Agents, g.VirtualAgents, g.Rules, g.Settings} {
		if n := len(ls); n > 0 && ls[n-1].Pos.Line > last {
			last = ls[n-1].Pos.Line
		}
	}
	return last
}

// Label names the group for people: its lines and its agents.
func (g *Group) Label() string {
	var b strings.Builder
	g.writeLabel(&b)
	return b.String()
}

func (g *Group) writeLabel(b *strings.Builder) {
	first, last := g.FirstLine(), g.LastLine()
	switch {
	case first == 0:
	case first == last:
		b.WriteString("line " + strconv.Itoa(first) + " (")
	default:
		b.WriteString("lines " + strconv.Itoa(first) + "-" + strconv.Itoa(last) + " (")
	}
	if len(g.Agents)+len(g.VirtualAgents) == 0 {
		b.WriteString("all Disallow lines")
	}
	sep := ""
	for _, l := range g.Agents {
		if l == &implicitStar {
			b.WriteString(sep + "User-agent: * assumed before line 1")
		} else {
			b.WriteString(sep + "User-agent: ")
			b.WriteString(l.Value)
		}
		sep = ", "
	}
	for _, l := range g.VirtualAgents {
		b.WriteString(sep + "Virtual-agent: ")
		b.WriteString(l.Value)
		sep = ", "
	}
	if first != 0 {
		b.WriteString(")")
	}
}

// isStar reports whether the group names the catch-all agent.
func (g *Group) IsStar(d *Dialect) bool {
	for _, l := range g.Agents {
		if IsStarValue(d, l.Value) {
			return true
		}
	}
	return false
}

func (g *Group) hasStarVirtualAgent() bool {
	for _, l := range g.VirtualAgents {
		if l.Value == "*" {
			return true
		}
	}
	return false
}

// Ruleset is a file read by one dialect: its groups, built once.
type Ruleset struct {
	Dialect Dialect
	File    *File
	Groups  []*Group
	// Ignored are lines of fields the dialect honours that belong to no
	// group (a rule before any User-agent, or cut off by a blank line).
	Ignored []*Line

	tables *tableCache // compiled rules shared by its policies
	arena  *groupArena // while compiling
	lines  []Line      // a crawler's own reading of the file's lines; nil for the shared lexer's
	// eachPart: one name's reading of an EachAgent preset, whose policy
	// states the notes on the file as a whole
	eachPart bool

	// The line that fails the file for a ParseErrorSkipsHost crawler,
	// and why; nil when it reads the file.
	failLine *Line
	failWhy  string
}

// Failure is the line that fails the file for a ParseErrorSkipsHost
// crawler, and why; nil when the crawler reads the file.
func (rs *Ruleset) Failure() (*Line, string) { return rs.failLine, rs.failWhy }

// eachLine yields the lines the dialect groups: a crawler's own reading
// when it has one, else the file's (compact copies when the file is
// mostly padding, so a kept Ruleset does not hold the whole line list).
func (rs *Ruleset) eachLine() iter.Seq[*Line] {
	if rs.lines == nil {
		return rs.File.linesForGroups()
	}
	return func(yield func(*Line) bool) {
		for i := range rs.lines {
			if !yield(&rs.lines[i]) {
				return
			}
		}
	}
}

// implicitStar stands for the `User-agent: *` a crawler assumes before
// the first line (PreambleStarRun) or for the rules before any
// User-agent that apply to everyone (PreambleForAll). Its line is 0.
var implicitStar = Line{Kind: FieldLine, FieldParts: &FieldParts{Name: "User-agent", Key: UserAgent, Value: "*"}}

// implicit reports whether a group starts with the crawler's assumed
// `User-agent: *`.
func (g *Group) Implicit() bool {
	return len(g.Agents) > 0 && g.Agents[0] == &implicitStar
}

// groupArena holds the groups' line lists while a file is grouped, one
// array per kind of line sized from the file, instead of an array per
// group that grows line by line. A group grows only while it is the
// newest, so its lines stay contiguous.
type groupArena struct{ agents, virtual, rules, settings lineArena }

type lineArena struct{ buf []*Line }

// add appends l to s, a list ending at the arena's end (or empty).
func (a *lineArena) add(s []*Line, l *Line) []*Line {
	if len(a.buf) == cap(a.buf) || len(s) > 0 && &s[len(s)-1] != &a.buf[len(a.buf)-1] {
		return append(s[:len(s):len(s)], l) // not at the end: a copy of its own
	}
	a.buf = append(a.buf, l)
	if len(s) == 0 {
		return a.buf[len(a.buf)-1:]
	}
	return s[:len(s)+1]
}

func newGroupArena(d *Dialect, lines iter.Seq[*Line]) *groupArena {
	var n [4]int
	n[0] = 1 // room for implicitStar
	for l := range lines {
		switch k := d.FieldOf(l); {
		case k == "" || !d.Recognises(k):
		case k == UserAgent:
			n[0]++
		case k == VirtualAgent:
			n[1]++
		case k == Allow || k == Disallow:
			n[2]++
		default:
			n[3]++
		}
	}
	return &groupArena{
		agents:   lineArena{make([]*Line, 0, n[0])},
		virtual:  lineArena{make([]*Line, 0, n[1])},
		rules:    lineArena{make([]*Line, 0, n[2])},
		settings: lineArena{make([]*Line, 0, n[3])},
	}
}

// Compile groups the file's lines the way the dialect reads them. For a
// built-in dialect it is done once per file: every caller gets the same
// Ruleset, which like the File is not to be changed.
func (d Dialect) Compile(f *File) *Ruleset {
	if f.cache != nil {
		if i := builtinIndex(&d); i >= 0 {
			c := &f.cache.rulesets[i]
			c.once.Do(func() { c.rs = d.compile(f) })
			return c.rs
		}
	}
	return d.compile(f)
}

// builtinDialects are Dialects(), listed once.
var builtinDialects = Dialects()

// builtinIndex is the position of d among Dialects(), -1 if it is not
// one of them unchanged.
func builtinIndex(d *Dialect) int {
	for i := range builtinDialects {
		if sameDialect(&builtinDialects[i], d) {
			return i
		}
	}
	return -1
}

// sameDialect compares every field (a test checks that none is missed).
func sameDialect(a, b *Dialect) bool {
	return a.ID == b.ID && a.Title == b.Title && a.Source == b.Source &&
		a.Grouping == b.Grouping && a.Agents == b.Agents && a.Selection == b.Selection &&
		a.Decision == b.Decision && a.Patterns == b.Patterns && a.Normalize == b.Normalize &&
		a.RoleFields == b.RoleFields && a.AllowField == b.AllowField && a.AcceptTypos == b.AcceptTypos &&
		a.AlwaysAllow == b.AlwaysAllow && slices.Equal(a.DelayFields, b.DelayFields) && a.Facts == b.Facts &&
		a.Lines == b.Lines && a.LFLines == b.LFLines && a.UTF8Only == b.UTF8Only && a.BOMInText == b.BOMInText && a.Preamble == b.Preamble && a.EmptyClears == b.EmptyClears &&
		a.EachAgent == b.EachAgent && a.RootRules == b.RootRules && a.NoRulesBanLater == b.NoRulesBanLater && a.IndexAllowsDir == b.IndexAllowsDir && a.ParseErrorSkipsHost == b.ParseErrorSkipsHost && a.Crawler == b.Crawler &&
		a.TrimCR == b.TrimCR && a.EmptyAgentJoins == b.EmptyAgentJoins && a.HighBytesUnfetched == b.HighBytesUnfetched &&
		a.MaxBytes == b.MaxBytes && a.TooLongAllowsAll == b.TooLongAllowsAll
}

func (d Dialect) compile(f *File) *Ruleset {
	rs := &Ruleset{Dialect: d, File: f, tables: &tableCache{}, lines: d.FileLines(f)}
	rs.arena = newGroupArena(&d, rs.eachLine())
	switch d.Grouping {
	case NoGroups:
		g := &Group{}
		for l := range rs.eachLine() {
			if d.FieldOf(l) == Disallow {
				g.Rules = rs.arena.rules.add(g.Rules, l)
			}
		}
		rs.Groups = []*Group{g}
	case BlankLineRecords:
		rs.groupByBlankLines()
	case PythonRecords:
		rs.groupLikePython()
	case AgentRunGroups, AgentRunsAnyField:
		rs.groupByAgentRuns()
	}
	for i, g := range rs.Groups {
		g.Index = i
		// Appends by callers must not run into the next group's lines.
		g.Agents, g.VirtualAgents = clip(g.Agents), clip(g.VirtualAgents)
		g.Rules, g.Settings = clip(g.Rules), clip(g.Settings)
	}
	rs.arena = nil
	if d.ParseErrorSkipsHost {
		rs.failLine, rs.failWhy = rs.parseFailure()
	}
	return rs
}

// groupByBlankLines: records separated by blank lines; a User-agent after
// rules also starts a new record, as common parsers do.
func (rs *Ruleset) groupByBlankLines() {
	d := &rs.Dialect
	var cur *Group
	for l := range rs.eachLine() {
		if l.IsBlank() {
			cur = nil
			continue
		}
		k := d.FieldOf(l)
		if k == "" || !d.Recognises(k) {
			continue
		}
		if k == UserAgent {
			if cur == nil || len(cur.Rules)+len(cur.Settings) > 0 {
				cur = &Group{}
				rs.Groups = append(rs.Groups, cur)
			}
			cur.Agents = rs.arena.agents.add(cur.Agents, l)
			continue
		}
		if cur == nil {
			rs.Ignored = append(rs.Ignored, l)
			continue
		}
		rs.add(cur, k, l)
	}
}

// groupLikePython mirrors urllib.robotparser's parse(): state 0 start,
// 1 after a user-agent, 2 after a rule. An empty line in state 1 drops
// the agents seen so far.
func (rs *Ruleset) groupLikePython() {
	d := &rs.Dialect
	state := 0
	var cur *Group
	for l := range rs.eachLine() {
		if l.Kind == Empty {
			state, cur = 0, nil
			continue
		}
		k := d.FieldOf(l)
		if k == "" || !d.Recognises(k) {
			continue
		}
		if k == UserAgent {
			if state != 1 {
				cur = &Group{}
			}
			cur.Agents = rs.arena.agents.add(cur.Agents, l)
			state = 1
			continue
		}
		if state == 0 {
			rs.Ignored = append(rs.Ignored, l)
			continue
		}
		if state == 1 {
			rs.Groups = append(rs.Groups, cur)
		}
		rs.add(cur, k, l)
		state = 2
	}
}

// groupByAgentRuns: a group is a run of agent lines and what follows up
// to the next agent line that comes after a rule.
func (rs *Ruleset) groupByAgentRuns() {
	d := &rs.Dialect
	var cur *Group
	pre := d.preambleFor(rs.File)
	if pre != PreambleIgnored {
		cur = &Group{}
		cur.Agents = rs.arena.agents.add(cur.Agents, &implicitStar)
		rs.Groups = append(rs.Groups, cur)
	}
	inRun := pre == PreambleStarRun // the file starts in a * run
	held := false                   // an empty User-agent line keeps cur's run open (EmptyAgentJoins)
	for l := range rs.eachLine() {
		k := d.FieldOf(l)
		if k == "" || !d.Recognises(k) {
			if d.Grouping == AgentRunsAnyField && l.Kind == FieldLine {
				inRun, held = false, false // any field name ends a run of agent lines
			}
			continue
		}
		if k == UserAgent && d.EmptyAgentJoins && l.Value == "" {
			inRun, held = true, cur != nil
			continue
		}
		if k == UserAgent || k == VirtualAgent {
			newGroup := cur == nil || rs.closesAgentRun(cur) ||
				d.Grouping == AgentRunsAnyField && !inRun ||
				pre == PreambleForAll && cur.Implicit()
			if held {
				newGroup = false
			}
			if newGroup {
				cur = &Group{}
				rs.Groups = append(rs.Groups, cur)
			}
			if k == UserAgent {
				cur.Agents = rs.arena.agents.add(cur.Agents, l)
			} else {
				cur.VirtualAgents = rs.arena.virtual.add(cur.VirtualAgents, l)
			}
			inRun = true
			continue
		}
		inRun, held = false, false
		if cur == nil {
			rs.Ignored = append(rs.Ignored, l)
			continue
		}
		rs.add(cur, k, l)
	}
	// An assumed group that got no rule and no agent says nothing.
	if len(rs.Groups) > 0 && rs.Groups[0].Implicit() && len(rs.Groups[0].Rules) == 0 && len(rs.Groups[0].Agents) == 1 {
		rs.Groups = rs.Groups[1:]
	}
}

// closesAgentRun: in RFC 9309 (as in Google's parser) only rules end a run
// of user-agent lines; in Conner's proposal any group field does.
func (rs *Ruleset) closesAgentRun(g *Group) bool {
	if rs.Dialect.Agents == ProductToken {
		return len(g.Rules) > 0
	}
	return len(g.Rules)+len(g.Settings) > 0
}

func (rs *Ruleset) add(g *Group, k Field, l *Line) {
	if k == Allow || k == Disallow {
		g.Rules = rs.arena.rules.add(g.Rules, l)
	} else {
		g.Settings = rs.arena.settings.add(g.Settings, l)
	}
}

func clip(s []*Line) []*Line { return s[:len(s):len(s)] }

// CoversDisallow reports whether the group already refuses everything
// `Disallow: value` would, in every dialect: one of its Disallow lines is
// a plain prefix of value (no * or $ that a dialect could read as an
// operator). Tools that copy rules between groups skip those.
func (g *Group) CoversDisallow(value string) bool {
	for _, l := range g.Rules {
		if l.Key == Disallow && l.Value != "" && (l.Value == value || !strings.ContainsAny(l.Value, "*$") && strings.HasPrefix(value, l.Value)) {
			return true
		}
	}
	return false
}
