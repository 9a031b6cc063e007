package fix

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/lint"
)

// A reader is one way of reading the file that a rewrite must not let
// into a path it refuses today: a dialect in scope, a dialect's other
// reading (Gemini's "the * record applies too"), or a crawler preset.
type reader struct {
	d   core.Dialect
	alt bool // the dialect's other reading
	// For a preset: the row agent it answers for (see standIn). Dialects
	// answer for every row agent.
	agent int
}

func (r reader) preset() bool { return r.d.Crawler != nil }

// id names the reader in JSON lists: the dialect or preset ID (the other
// reading is still its dialect).
func (r reader) id() string { return r.d.ID }

// name names the reader in a sentence.
func (r reader) name() string {
	switch {
	case r.preset():
		return r.d.Crawler.Name
	case r.alt:
		return r.d.ID + " (read with the * record applying too)"
	}
	return r.d.ID
}

// rowSet is what the rewrite is held to: row agents, selectors, and the
// readers that answer each row.
type rowSet struct {
	agents  []core.Agent
	sels    []string
	readers []reader
}

// newRowSet is the rows of agents and selectors, read by every reader
// in scope. Each preset answers for the agent that stands in for it in
// this file (standIn), which joins the row agents.
func newRowSet(f *core.File, scope core.Protocol, agents []core.Agent, sels []string) *rowSet {
	rs := &rowSet{agents: slices.Clone(agents), sels: sels}
	index := map[string]int{}
	for i, a := range rs.agents {
		index[strings.ToLower(a.String())] = i
	}
	for _, d := range scope.Dialects() {
		rs.readers = append(rs.readers, reader{d: d})
		if d.Selection == core.CombineMatching {
			rs.readers = append(rs.readers, reader{d: d, alt: true})
		}
	}
	for _, d := range fixPresets(scope) {
		a := standIn(d.Crawler, f)
		k := strings.ToLower(a.String())
		i, ok := index[k]
		if !ok {
			i = len(rs.agents)
			index[k] = i
			rs.agents = append(rs.agents, a)
		}
		rs.readers = append(rs.readers, reader{d: d, agent: i})
		if d.Crawler.AllRulesReading != "" {
			// Its older account (every Disallow line applies) is a
			// reading of its own, as a dialect's other reading is.
			rs.readers = append(rs.readers, reader{d: d, agent: i, alt: true})
		}
	}
	return rs
}

// answers reports whether reader r answers for row agent a.
func (rs *rowSet) answers(r reader, a int) bool { return !r.preset() || r.agent == a }

// rows is how many (agent, selector) rows there are.
func (rs *rowSet) rows() int { return len(rs.agents) * len(rs.sels) }

// table is every reader's verdict on every row it answers: allowed[r][row],
// row = agent*len(sels)+selector; a preset's other rows stay false and
// are never read.
type table struct{ allowed [][]bool }

func (rs *rowSet) table(f *core.File) table {
	t := table{allowed: make([][]bool, len(rs.readers))}
	compiled := map[string]*core.Ruleset{}
	for ri, r := range rs.readers {
		rules, ok := compiled[r.d.ID]
		if !ok {
			rules = r.d.Compile(f)
			compiled[r.d.ID] = rules
		}
		cells := make([]bool, rs.rows())
		for ai, a := range rs.agents {
			if !rs.answers(r, ai) {
				continue
			}
			p := rules.Policy(a)
			if alt := p.Alternative(); r.alt && alt != nil {
				p = alt
			}
			for si, s := range rs.sels {
				cells[ai*len(rs.sels)+si] = p.Allowed(s)
			}
			if r.preset() {
				break
			}
		}
		t.allowed[ri] = cells
	}
	return t
}

// strictest is the strict reading of t: a row is refused when any reader
// that answers it refuses it.
func (rs *rowSet) strictest(t table) []bool {
	out := make([]bool, rs.rows())
	for row := range out {
		out[row] = true
		for ri, r := range rs.readers {
			if rs.answers(r, row/len(rs.sels)) && !t.allowed[ri][row] {
				out[row] = false
				break
			}
		}
	}
	return out
}

// agreeing counts the rows on which every reader gives want's verdict.
func (rs *rowSet) agreeing(t table, want []bool) int {
	n := 0
	for row := range want {
		ok := true
		for ri, r := range rs.readers {
			if rs.answers(r, row/len(rs.sels)) && t.allowed[ri][row] != want[row] {
				ok = false
				break
			}
		}
		if ok {
			n++
		}
	}
	return n
}

// Opened is a path the rewrite lets a reader into that it refuses today.
type Opened struct {
	Reader   string `json:"reader"` // a dialect or crawler preset ID
	Name     string `json:"name"`   // the reader in words
	Agent    string `json:"agent"`
	Selector string `json:"selector"`
}

// opened lists the cells refused in before and allowed in after.
func (rs *rowSet) opened(before, after table) []Opened {
	out := []Opened{}
	seen := map[Opened]bool{}
	for ri, r := range rs.readers {
		for row, was := range before.allowed[ri] {
			if !rs.answers(r, row/len(rs.sels)) || was || !after.allowed[ri][row] {
				continue
			}
			o := Opened{Reader: r.id(), Name: r.name(), Agent: rs.agents[row/len(rs.sels)].String(), Selector: rs.sels[row%len(rs.sels)]}
			if r.preset() {
				o.Agent = r.d.Crawler.Identity()
			}
			if !seen[o] {
				seen[o] = true
				out = append(out, o)
			}
		}
	}
	return out
}

// strictGuard holds a strict rewrite to the readers: every verdict stays
// as it was or moves to the strict one (a refusal stays a refusal), and
// no fewer rows agree than the best seen so far.
type strictGuard struct {
	rows   *rowSet
	before table
	want   []bool
	best   int
}

func newStrictGuard(rows *rowSet, orig *core.File) *strictGuard {
	g := &strictGuard{rows: rows, before: rows.table(orig)}
	g.want = rows.strictest(g.before)
	g.best = rows.agreeing(g.before, g.want)
	return g
}

// allows reports whether f keeps the guard; with mustGain, only when
// it also brings more rows to agree than before (an edit that moves no
// verdict, such as a repeated rule, is then not worth its lines).
func (g *strictGuard) allows(f *core.File, mustGain bool) bool {
	t := g.rows.table(f)
	for ri := range t.allowed {
		for row, ok := range t.allowed[ri] {
			if ok != g.before.allowed[ri][row] && ok != g.want[row] {
				return false
			}
		}
	}
	n := g.rows.agreeing(t, g.want)
	if n < g.best || mustGain && n == g.best {
		return false
	}
	g.best = n
	return true
}

// standIn is the row agent a preset answers for in file f: the names and
// roles among those it tests that the file's agent lines name, as one
// agent (GUS, which tests indexer and gus, is "indexer" in a file with an
// indexer group, "gus(indexer)" in one that also names gus), or * when
// the file names none of them. Crawlers that the file addresses alike
// share a row, so that their readings and the dialects' meet on it.
func standIn(c *core.Crawler, f *core.File) core.Agent {
	var named []string // lower-case agent-line values, in file order
	isNamed := map[string]bool{}
	for _, l := range f.Lines {
		v, ok := commentedAgent(l) // a line fix set aside still names it: a second run holds the same rows
		if l.Key == core.UserAgent || l.Key == core.VirtualAgent {
			v, ok = l.Value, true
		}
		if v = strings.ToLower(strings.TrimSpace(v)); ok && !isNamed[v] {
			isNamed[v] = true
			named = append(named, v)
		}
	}
	var a core.Agent
	addRole := func(r string) {
		if isNamed[r] && !slices.Contains(a.Roles, r) {
			a.Roles = append(a.Roles, r)
		}
	}
	for _, n := range c.Agents {
		n = strings.ToLower(n)
		switch {
		case n == "*":
		case slices.Contains(core.Roles, n):
			addRole(n)
		default:
			for _, r := range core.Roles {
				if strings.Contains(n, r) {
					addRole(r) // archiver-mozz answers to archiver too
				}
			}
			for _, v := range named {
				if a.Name == "" && v != "*" && !slices.Contains(core.Roles, v) && (v == n || len(v) >= 3 && strings.Contains(n, v)) {
					a.Name = v
				}
			}
		}
	}
	return a // no name and no role: the unnamed bot, *
}

// heldPaths are the selectors every reader is held to: the given ones,
// the root and the empty path, the file's own rule paths (and a path each glob matches), and for each
// a path just inside it and one just beside it (/git/ gives /git/x and
// /gitx), where prefix, segment and pattern readers part. The rule
// paths of a tail past the cut (tail) are held the same way, with room
// of their own.
func heldPaths(f *core.File, given []string, tail []string) []string {
	out := slices.Clone(given)
	seen := map[string]bool{}
	for _, s := range out {
		seen[s] = true
	}
	limit := 3 * maxRowPaths
	add := func(p string) {
		if len(out) < limit && p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	add("/") // the root, and the empty path a bare gemini://host asks for
	if !seen[""] {
		seen[""] = true
		out = append(out, "")
	}
	addAll := func(paths []string) {
		for _, p := range paths {
			add(p)
			base := p
			if ex := patternExample(p); ex != "" {
				base = ex
			}
			if base = strings.TrimSuffix(base, "/"); base != "" || strings.HasPrefix(p, "/") {
				add(base + "/x")
				if base != "" {
					add(base + "x")
				}
			}
		}
	}
	addAll(filePaths(f))
	limit = len(out) + 4*len(tail)
	addAll(tail)
	return out
}

// heldAgents are the rows' agents and, when the caller named others,
// the file's own (and *) too: every reader keeps its refusals for them.
func heldAgents(f *core.File, given []core.Agent) []core.Agent {
	out := slices.Clone(given)
	for _, a := range fileAgents(f) {
		if !slices.ContainsFunc(out, func(b core.Agent) bool { return strings.EqualFold(a.String(), b.String()) }) {
			out = append(out, a)
		}
	}
	return out
}

// explain counts the rows of f on which every reader gives want's
// verdict, and explains the others: each reader that parts from want is
// set against one that gives it, with the line to blame.
func (rs *rowSet) explain(f *core.File, want []bool) (agreed int, unresolved []Unresolved) {
	unresolved = []Unresolved{}
	n := len(rs.sels)
	compiled := map[string]*core.Ruleset{}
	reads := make([][]*reading, len(rs.readers)) // [reader][agent], made on first use
	readingFor := func(ri, ai int) *reading {
		if reads[ri] == nil {
			reads[ri] = make([]*reading, len(rs.agents))
		}
		if reads[ri][ai] == nil {
			r := rs.readers[ri]
			rules, ok := compiled[r.d.ID]
			if !ok {
				rules = r.d.Compile(f)
				compiled[r.d.ID] = rules
			}
			p := rules.Policy(rs.agents[ai])
			if alt := p.Alternative(); r.alt && alt != nil {
				p = alt
			}
			rd := readingOf(p)
			reads[ri][ai] = &rd
		}
		return reads[ri][ai]
	}
	for row := range want {
		ai, s := row/n, rs.sels[row%n]
		var parted []int
		witness := -1
		for ri, r := range rs.readers {
			if !rs.answers(r, ai) {
				continue
			}
			if readingFor(ri, ai).p.Allowed(s) == want[row] {
				if witness < 0 {
					witness = ri
				}
			} else {
				parted = append(parted, ri)
			}
		}
		if len(parted) == 0 {
			agreed++
			continue
		}
		var entries []Unresolved
		w := rs.readers[witness] // some reader gives want: it did before, and the guard kept it
		wd := w.d
		wd.ID = w.name()
		for _, ri := range parted {
			code, reason := explain(f, readingFor(witness, ai).decide(s), readingFor(ri, ai).decide(s), wd, rs.readers[ri].d)
			k := slices.IndexFunc(entries, func(u Unresolved) bool { return u.Reason == reason })
			if k < 0 {
				entries = append(entries, Unresolved{Agent: rs.agents[ai].String(), Selector: s, Code: code, Reason: reason})
				k = len(entries) - 1
			}
			if id := rs.readers[ri].id(); !slices.Contains(entries[k].Dialects, id) {
				entries[k].Dialects = append(entries[k].Dialects, id)
			}
		}
		for k := range entries {
			entries[k].Reason = strings.ReplaceAll(entries[k].Reason, them, words(entries[k].Dialects))
		}
		unresolved = append(unresolved, entries...)
	}
	return agreed, unresolved
}

// remaining lints the rewritten file in scope and keeps the findings at
// warning or above, each with why fix left it.
func remaining(f *core.File, scope core.Protocol) []Remaining {
	out := []Remaining{}
	for _, fd := range lint.Scope(scope, lint.Lint(f, nil)) {
		if fd.Severity == lint.SevInfo {
			continue
		}
		why := "no step of fix removes it without letting some reader in scope into a path it refuses today, or parting readers that agree"
		switch {
		case fd.Code == "file-too-large":
			why = "fix keeps every byte: crawlers that read past the cut read the rest, and a shorter file would let them in"
		case !slices.ContainsFunc(steps, func(s step) bool { return s.code == fd.Code }):
			why = "fix has no step for it: it needs the admin's judgement"
		}
		out = append(out, Remaining{Line: fd.Line, Code: fd.Code, Message: fd.Message, Why: why, URL: lint.URL(fd.Code)})
	}
	return out
}

// Remaining is a lint finding the rewritten file still raises.
type Remaining struct {
	Line    int    `json:"line"` // in the result
	Code    string `json:"code"`
	Message string `json:"message"`
	Why     string `json:"why"`
	URL     string `json:"url"` // the code's reference page (lint.URL)
}

// OpenedSentences says what opened lists, one sentence per set of
// readers: "This rewrite lets GUS and GUS (2020) into /cgi-bin/search,
// which they refuse today." A dialect is named with the agents it reads
// for; paths that the same readers are let into share a sentence.
func OpenedSentences(opened []Opened) []string {
	out := openedClauses(opened)
	for i, c := range out {
		out[i] = "This rewrite lets " + c + "."
	}
	return out
}

// openedClauses are OpenedSentences without their frame: "GUS into
// /cgi-bin/search, which it refuses today".
func openedClauses(opened []Opened) []string {
	var paths []string
	forPath := map[string][]string{} // path: reader names, in order
	agents := map[[2]string][]string{}
	for _, o := range opened {
		if _, ok := forPath[o.Selector]; !ok {
			paths = append(paths, o.Selector)
		}
		if !slices.Contains(forPath[o.Selector], o.Name) {
			forPath[o.Selector] = append(forPath[o.Selector], o.Name)
		}
		k := [2]string{o.Selector, o.Name}
		if !isPresetName(o) && !slices.Contains(agents[k], o.Agent) {
			agents[k] = append(agents[k], o.Agent)
		}
	}
	var order []string
	same := map[string][]string{} // who, in words: paths
	many := map[string]bool{}     // who is more than one reader
	for _, p := range paths {
		var names []string
		for _, n := range forPath[p] {
			if as := agents[[2]string{p, n}]; len(as) > 0 {
				n += " (for " + words(as) + ")"
			}
			names = append(names, n)
		}
		who := words(names)
		if _, ok := same[who]; !ok {
			order = append(order, who)
		}
		same[who], many[who] = append(same[who], p), len(names) > 1
	}
	var out []string
	for _, who := range order {
		they := "it refuses"
		if many[who] {
			they = "they refuse"
		}
		out = append(out, fmt.Sprintf("%s into %s, which %s today", who, words(same[who]), they))
	}
	return out
}

func isPresetName(o Opened) bool {
	d, ok := crawlers.ReaderByID(o.Reader)
	return ok && d.Crawler != nil
}

// fixPresets are the crawler presets in scope that fix makes agree. A
// preset whose reading turns on the whole text (AuraGem puts a line
// before a file that lacks "User-Agent:", and drops the host when its
// parser fails) is left out: no rewrite step models it yet, so fix
// could not keep its promises to it.
func fixPresets(scope core.Protocol) []core.Dialect {
	var out []core.Dialect
	for _, d := range crawlers.For(scope) {
		if d.Preamble != core.PreambleStarUnlessUserAgent && !d.ParseErrorSkipsHost {
			out = append(out, d)
		}
	}
	return out
}
