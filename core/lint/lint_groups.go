package lint

import (
	"cmp"
	"slices"
	"sort"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// Checks of the file's structure: how lines form groups in each dialect,
// and what is lost or read differently because of it.

// isRuleField: fields that belong under agent lines.
func isRuleField(l *core.Line) bool {
	if l.Kind != core.FieldLine {
		return false
	}
	switch l.Key {
	case core.Disallow, core.Allow, core.CrawlDelay, core.Check, core.RequestRate:
		return true
	}
	return false
}

// blankLinesInGroups finds blank lines after a User-agent line that are
// followed by rules before the next User-agent line. The 1994 format
// (gemini, gopherdraft) ends a record at any blank line; Python's
// robotparser (norobots) at a truly empty one, and forgets User-agent
// lines that have no rules yet; rfc9309 and conner2020 ignore blank lines.
func (lt *linter) blankLinesInGroups() {
	lines := lt.f.Lines
	state := 0 // 0 before any User-agent line, 1 after agent lines, 2 after rules
	pending, pendingState := -1, 0
	var rules []int
	flush := func() {
		if pending >= 0 && len(rules) > 0 {
			lt.blankLineFinding(pending, pendingState, rules)
		}
		pending, rules = -1, nil
	}
	for i := range lines {
		l := &lines[i]
		switch {
		case l.IsBlank():
			if state == 0 || (pending >= 0 && len(rules) == 0) {
				continue
			}
			flush()
			pending, pendingState = i, state
		case l.Kind == core.FieldLine && l.Key == core.UserAgent:
			flush()
			state = 1
		case isRuleField(l):
			if pending >= 0 {
				rules = append(rules, i)
			}
			if state != 0 {
				state = 2
			}
		}
	}
	flush()
}

func (lt *linter) blankLineFinding(blank, state int, rules []int) {
	lines := lt.f.Lines
	blankNo := lines[blank].Pos.Line
	var drops, keeps dialectSet
	var lost []int
	for _, r := range rules {
		lostHere := false
		for _, w := range lt.views {
			if w.bit == inGopher2019 {
				continue
			}
			if w.group[r] == noGroup {
				drops |= w.bit
				lt.explainedRules[r] |= w.bit
				lostHere = true
			} else if g := w.groupOf(r); g != nil && g.FirstLine() < blankNo {
				keeps |= w.bit
			}
		}
		if lostHere {
			lost = append(lost, lines[r].Pos.Line)
		}
	}
	if drops == 0 {
		return
	}
	keeps &^= drops
	// Python reaches a blank-line-separated rule in state 0 only when the
	// run of blank lines held a truly empty line.
	emptyInRun := false
	for j := blank; j < len(lines) && lines[j].IsBlank(); j++ {
		if lines[j].Kind == core.Empty {
			emptyInRun = true
		}
	}
	var msg strings.Builder
	n := len(lost)
	msg.WriteString("This blank line ends the record in " + drops.String() + ", so " + plural(n, "the rule on ", "the rules on ") + lineList(lost) + plural(n, " belongs", " belong") + " to no record there and " + plural(n, "is", "are") + " ignored")
	if state == 1 {
		msg.WriteString("; the User-agent lines above are left with no rules")
		if drops&inNorobots != 0 {
			msg.WriteString(", and norobots (Python) forgets them altogether")
		}
	}
	msg.WriteString(".")
	if keeps != 0 {
		clause := " " + keeps.says("ignores", "ignore") + " blank lines here and " + keeps.verb("keeps", "keep") + " the rules with the group above"
		if keeps&inNorobots != 0 && !emptyInRun {
			clause += " (norobots ends a record only at a truly empty line, and this one holds spaces)"
		}
		msg.WriteString(keeps.only(clause + "."))
	}
	msg.WriteString(" Remove the blank line, or start the rules with their own User-agent line.")
	lt.add(blankNo, 0, "blank-line-in-group", SevError, drops, "%s", msg.String())
}

// rulesOutsideGroups: rules a dialect reads but puts in no group, unless a
// blank-line-in-group finding already says why.
func (lt *linter) rulesOutsideGroups() {
	seenAgent := false
	for i := range lt.f.Lines {
		l := &lt.f.Lines[i]
		if l.Kind == core.FieldLine && l.Key == core.UserAgent {
			seenAgent = true
		}
		var lost dialectSet
		for _, w := range lt.views {
			if w.group[i] == noGroup {
				lost |= w.bit
			}
		}
		lost &^= lt.explainedRules[i]
		if lost == 0 {
			continue
		}
		where := "comes before any User-agent line"
		if seenAgent {
			where = "is cut off from the User-agent lines above it"
		}
		msg := ruleText(l) + " " + where + ", so it belongs to no group: " + lost.says("ignores", "ignore") + " it."
		if lt.readers(i)&inGopher2019 != 0 {
			msg += gopher2019AppliesIt
		}
		sev := SevError
		if k := l.Key; k != core.Disallow && k != core.Allow {
			sev = SevWarning
		}
		lt.add(l.Pos.Line, 0, "rule-outside-group", sev, lost, "%s Put a User-agent line above it.", msg)
	}
}

const gopher2019AppliesIt = ifGopher2019 + " gopher2019, which has no groups, applies it to every robot." + endIf

// rulesAhead tells for each line whether a Disallow, Allow or delay line
// follows it before the next User-agent line. Computed once.
func (lt *linter) rulesAhead() []bool {
	if lt.ruleAfter != nil {
		return lt.ruleAfter
	}
	lines := lt.f.Lines
	lt.ruleAfter = make([]bool, len(lines))
	ahead := false
	for i := len(lines) - 1; i >= 0; i-- {
		lt.ruleAfter[i] = ahead
		if l := &lines[i]; l.Kind == core.FieldLine && (l.Key == core.UserAgent || l.Typo == core.UserAgent) {
			ahead = false
		} else if isRuleField(l) {
			ahead = true
		}
	}
	return lt.ruleAfter
}

// lastAgentLine is the number of a group's last agent line.
func lastAgentLine(g *core.Group) int {
	last := 0
	for _, ls := range [][]*core.Line{g.Agents, g.VirtualAgents} {
		if n := len(ls); n > 0 {
			last = max(last, ls[n-1].Pos.Line)
		}
	}
	return last
}

// groupsWithoutRules: agent lines that no rule follows, per dialect.
// A group counts only when no Disallow, Allow or delay line stands
// between its last agent line and the next User-agent line: otherwise
// another finding says why the dialect lost that line.
func (lt *linter) groupsWithoutRules() {
	lines := lt.f.Lines
	ruleAfter := lt.rulesAhead()
	found := map[int]dialectSet{}
	var order []int
	mark := func(first, last int, bit dialectSet) {
		if ruleAfter[last] {
			return
		}
		if _, ok := found[first]; !ok {
			order = append(order, first)
		}
		found[first] |= bit
	}
	for _, w := range lt.views {
		switch {
		case w.bit == inGopher2019:
		case w.d.Grouping == core.PythonRecords:
			// robotparser never keeps such an entry: replay its states.
			state, start, last := 0, -1, -1
			for i := range lines {
				l := &lines[i]
				if l.Kind == core.Empty {
					if state == 1 {
						mark(start, last, w.bit)
					}
					state = 0
					continue
				}
				k := w.d.FieldOf(l)
				if k == "" || !w.d.Recognises(k) {
					continue
				}
				if k == core.UserAgent {
					if state != 1 {
						start = i
					}
					state, last = 1, i
				} else if state != 0 {
					state = 2
				}
			}
			if state == 1 {
				mark(start, last, w.bit)
			}
		default:
			for _, g := range w.rs.Groups {
				if len(g.Rules)+len(g.Settings) > 0 || g.FirstLine() == 0 {
					continue
				}
				mark(g.FirstLine()-1, max(g.FirstLine(), lastAgentLine(g))-1, w.bit)
			}
		}
	}
	sort.Ints(order)
	for _, idx := range order {
		set := found[idx]
		var together dialectSet
		for _, w := range lt.views {
			if g := w.groupOf(idx); set&w.bit == 0 && g != nil && len(g.Rules) > 0 {
				together |= w.bit
			}
		}
		// A reading that ends records at a blank line skips (or, as Python,
		// forgets) the empty record, so its robots fall back to the other
		// groups; a reading of runs keeps it, with no rule in it.
		var skip dialectSet
		for i := range lintDialects {
			if g := lintDialects[i].Grouping; g == core.BlankLineRecords || g == core.PythonRecords {
				skip |= 1 << i
			}
		}
		skip &= set
		keep := set &^ skip
		msg := "The group starting here has no rules in " + set.String() + "." +
			skip.only(" "+skip.says("skips", "skip")+" it, so the robots it names fall back to the other groups, though a reader that kept it as theirs would let them fetch everything.") +
			keep.only(" "+keep.says("keeps it as its", "keep it as their")+" group, and so "+keep.verb("lets", "let")+" the robots it names fetch everything.")
		if together != 0 {
			msg += together.only(" " + together.says("reads", "read") + " these agent lines together with the rules that follow.")
		}
		lt.add(lines[idx].Pos.Line, 0, "group-without-rules", SevWarning, set, "%s", msg)
	}
}

// starNotLast: in the modern Gopher draft the first matching record
// wins and `*` matches every robot, so records after it are dead.
func (lt *linter) starNotLast() {
	w := lt.view(inGopherDraft)
	for gi, g := range w.rs.Groups {
		if !g.IsStar(&w.d) {
			continue
		}
		var later []int
		for _, h := range w.rs.Groups[gi+1:] {
			later = append(later, h.FirstLine())
		}
		if len(later) == 0 {
			return
		}
		line := g.FirstLine()
		for _, l := range g.Agents {
			if core.IsStarValue(&w.d, l.Value) {
				line = l.Pos.Line
				break
			}
		}
		lt.add(line, 0, "star-not-last", SevWarning, inGopherDraft,
			"gopherdraft uses the first record that names the robot, and * names every robot, so the %s after it (%s) never %s there. The other dialects look for a specific record first. Put the * record last.",
			plural(len(later), "record", "records"), lineList(later), plural(len(later), "applies", "apply"))
		return
	}
}

// missingDisallow: the modern Gopher draft asks for at least one
// Disallow line in every record.
func (lt *linter) missingDisallow() {
	w := lt.view(inGopherDraft)
	ruleAfter := lt.rulesAhead()
	for _, g := range w.rs.Groups {
		if last := lastAgentLine(g); len(g.Rules)+len(g.Settings) == 0 && last > 0 && ruleAfter[last-1] {
			continue // blank-line-in-group says why its rules are lost
		}
		has := false
		for _, l := range g.Rules {
			if w.d.FieldOf(l) == core.Disallow {
				has = true
				break
			}
		}
		if !has {
			lt.add(g.FirstLine(), 0, "missing-disallow", SevWarning, inGopherDraft,
				"The gopherdraft requires at least one Disallow line in each record, and this one has none; a strict reader may skip the record. Add %s to allow everything else explicitly.",
				quote("Disallow:"))
		}
	}
}

// duplicateGroups: the same agent named in two groups. rfc9309 merges
// them, gemini combines them, the first-match dialects use the first.
func (lt *linter) duplicateGroups() {
	type firstSeen struct{ group, line int }
	type dup struct {
		set   dialectSet
		first int
		value string
	}
	dups := map[int]*dup{}
	seen := map[string]firstSeen{}
	for _, w := range lt.views {
		if w.bit == inGopher2019 {
			continue
		}
		clear(seen)
		var key []byte
		for _, g := range w.rs.Groups {
			for _, l := range g.Agents {
				key = appendAgentKey(key[:0], &w.d, l.Value)
				if len(key) == 0 {
					continue
				}
				prev, ok := seen[string(key)] // looked up without a copy of key
				if !ok {
					seen[string(key)] = firstSeen{g.Index, l.Pos.Line}
					continue
				}
				if prev.group == g.Index {
					continue
				}
				d := dups[l.Pos.Line]
				if d == nil {
					d = &dup{first: prev.line, value: l.Value}
					dups[l.Pos.Line] = d
				}
				d.set |= w.bit
				d.first = min(d.first, prev.line)
			}
		}
	}
	const firstOnly = inGopherDraft | inNorobots | inConner2020
	for line, d := range dups {
		bite := d.set & firstOnly
		combine := d.set &^ firstOnly
		name := quote(d.value)
		var msg strings.Builder
		msg.WriteString(name + " is already named by the group at line " + itoa(d.first) + ".")
		if together := combine & (inRFC9309 | inGemini); together != 0 {
			end := "."
			if bite != 0 {
				end = ", but"
			}
			msg.WriteString(together.only(" " + groupsTogether(together) + end))
		}
		if bite != 0 {
			msg.WriteString(" " + bite.says("uses", "use") + " only the first, so this group never applies to " + name + " there. Merge the two groups.")
			lt.add(line, 0, "duplicate-group", SevWarning, bite, "%s", strings.TrimSpace(msg.String()))
			continue
		}
		lt.add(line, 0, "duplicate-group", SevInfo, d.set, "%s", strings.TrimSpace(msg.String()))
	}
}

// smallGroup: groups of up to this many rules are checked pair by pair.
const smallGroup = 12

// groupsTogether says how rfc9309 and gemini, those of them in s, treat
// two groups for one agent: a sentence's start, worded for the scope.
func groupsTogether(s dialectSet) string {
	const merge, combine = "the two groups merge", "they combine (the most restrictive rule wins)"
	switch s & (inRFC9309 | inGemini) {
	case inRFC9309:
		return "In rfc9309 " + merge
	case inGemini:
		return "In gemini " + combine
	case inRFC9309 | inGemini:
		return "In rfc9309 " + merge + ifGemini + " and in gemini " + combine + endIf
	}
	return ""
}

// What makes two agent values the same in a dialect; appendAgentKey
// appends it to b: `*` for the catch-all, else the value
// (its product token under RFC 9309) in lower case.
func appendAgentKey(b []byte, d *core.Dialect, v string) []byte {
	if core.IsStarValue(d, v) {
		return append(b, '*')
	}
	if d.Agents == core.ProductToken {
		v = core.ProductTokenOf(v)
	}
	if !core.IsASCII(v) {
		return append(b, strings.ToLower(v)...)
	}
	for i := 0; i < len(v); i++ {
		b = append(b, core.LowerASCII(v[i]))
	}
	return b
}

// unreachableRules: under first-match dialects (conner2020, norobots) a
// rule never decides when an earlier rule of its group matches all it
// matches: with prefix patterns, an earlier pattern that is a prefix of
// it. Found in O(n log n) per group by sorting patterns: the earlier
// rules that are prefixes of a pattern form a chain on a stack. Small
// groups are checked pair by pair.
func (lt *linter) unreachableRules() {
	type shadow struct {
		by      *core.Line
		byEmpty bool // by an empty Disallow (or a bare *) that Python takes as allowing all
		differ  bool // the shadowing rule has the other verdict
	}
	// The shadows of a line, by view; found in lines' order of discovery.
	type shadows struct {
		line int
		by   [numDialects]shadow // by nil: not shadowed in that view
	}
	var found []shadows
	at := map[int]int{} // line → index in found
	type item struct {
		pattern string
		allow   bool
		line    *core.Line
		idx     int
	}
	type entry struct{ it, first *item }
	var items []item
	var stack []entry
	for vi, w := range lt.views {
		if w.d.Decision != core.FirstMatch {
			continue
		}
		python := w.d.Normalize == core.PythonQuote
		// mark: rule it never decides, f coming first.
		mark := func(it, f *item) {
			n, ok := at[it.line.Pos.Line]
			if !ok {
				n = len(found)
				at[it.line.Pos.Line] = n
				found = append(found, shadows{line: it.line.Pos.Line})
			}
			found[n].by[vi] = shadow{by: f.line, byEmpty: python && f.pattern == "", differ: f.allow != it.allow}
		}
		for _, g := range w.rs.Groups {
			items = items[:0]
			for i, l := range g.Rules {
				it := item{allow: w.d.FieldOf(l) == core.Allow, line: l, idx: i}
				switch {
				case python && (l.Value == "" || l.Value == "*" && w.d.StarAll()):
					it.pattern = "" // matches every selector in robotparser's reading
					it.allow = it.allow || l.Value == ""
				case l.Value == "":
					continue // never matches
				default:
					it.pattern = w.pattern(l)
				}
				items = append(items, it)
			}
			if len(items) <= smallGroup {
				// A rule is shadowed by the first earlier rule whose
				// pattern is a prefix of its own: few enough to try all.
				for k := range items {
					it := &items[k]
					for j := range items[:k] {
						if f := &items[j]; strings.HasPrefix(it.pattern, f.pattern) {
							mark(it, f)
							break
						}
					}
				}
				continue
			}
			core.SortStable(items, func(a, b *item) int {
				if c := strings.Compare(a.pattern, b.pattern); c != 0 {
					return c
				}
				return cmp.Compare(a.idx, b.idx)
			})
			stack = stack[:0]
			for k := range items {
				it := &items[k]
				for len(stack) > 0 && !strings.HasPrefix(it.pattern, stack[len(stack)-1].it.pattern) {
					stack = stack[:len(stack)-1]
				}
				first := it
				if len(stack) > 0 {
					if f := stack[len(stack)-1].first; f.idx < it.idx {
						first = f
						mark(it, f)
					}
				}
				stack = append(stack, entry{it, first})
			}
		}
	}
	for fi := range found {
		line := found[fi].line
		var set, differ dialectSet
		byLine := map[int]dialectSet{}
		var shadows []shadow
		for vi, s := range found[fi].by {
			if s.by == nil {
				continue
			}
			bit := lt.views[vi].bit
			set |= bit
			if s.differ {
				differ |= bit
			}
			if _, ok := byLine[s.by.Pos.Line]; !ok {
				shadows = append(shadows, s)
			} else if s.byEmpty {
				// One rule shadows in conner2020 and norobots: say how
				// robotparser reads it.
				for k := range shadows {
					if shadows[k].by == s.by {
						shadows[k].byEmpty = true
					}
				}
			}
			byLine[s.by.Pos.Line] |= bit
		}
		core.SortStable(shadows, func(a, b *shadow) int { return cmp.Compare(a.by.Pos.Line, b.by.Pos.Line) })
		rule := ruleText(&lt.f.Lines[line-1])
		var parts []string
		for _, s := range shadows {
			p := ruleText(s.by) + " on line " + itoa(s.by.Pos.Line)
			if len(shadows) > 1 {
				p += " in " + byLine[s.by.Pos.Line].String()
			}
			if s.byEmpty {
				p += " (which robotparser reads as matching every selector)"
			}
			parts = append(parts, p)
		}
		msg := rule + " never decides in " + set.String() + ": " + joinWords(parts) + " comes first in its group and matches every selector this rule matches, and the first match wins."
		sev := SevInfo
		if differ != 0 {
			sev = SevWarning
			if lt.readers(line-1)&inRFC9309 != 0 {
				msg += " rfc9309 takes the longest match instead, so there this rule does apply."
			}
			msg += " Put the more specific rule first."
		} else {
			msg += " Both say the same, so the rule is redundant."
		}
		lt.add(line, 0, "unreachable-rule", sev, set, "%s", msg)
	}
}

// agentsIgnoredByGopher2019: the 2019 gopher text has no groups, so the
// Disallow lines of a group for specific robots bind every robot.
func (lt *linter) agentsIgnoredByGopher2019() {
	w := lt.view(inRFC9309)
	g19 := lt.view(inGopher2019)
	var agents []*core.Line // scratch, reused from group to group
	var rules []int
	var names []string
	for _, g := range w.rs.Groups {
		agents, rules, names = agents[:0], rules[:0], names[:0]
		star := false
		for _, l := range g.Agents {
			if l.Key != core.UserAgent {
				continue
			}
			agents = append(agents, l)
			star = star || l.Value == "*"
		}
		if star || len(agents) == 0 {
			continue
		}
		for _, l := range g.Rules {
			if l.Value != "" && g19.group[l.Pos.Line-1] >= 0 {
				rules = append(rules, l.Pos.Line)
			}
		}
		if len(rules) == 0 {
			continue
		}
		for _, l := range agents {
			if l.Value != "" {
				names = append(names, quote(l.Value))
			}
		}
		if len(names) == 0 {
			continue // empty-user-agent says what these lines mean
		}
		lt.add(agents[0].Pos.Line, 0, "user-agent-portability", SevWarning, inGopher2019, "%s",
			"gopher2019 has no groups and ignores User-agent lines, so the "+plural(len(rules), "Disallow line", "Disallow lines")+" on "+lineList(rules)+" "+plural(len(rules), "applies", "apply")+" to every robot there, not only to "+joinWords(capWords(names, 5))+".")
	}
}

// starRulesNotRepeated: under gemini a record naming a robot (or its
// role) replaces the * record for it, but the Gemini text also says
// robots should still respect the * record. A Disallow of the * record
// that such a record lacks is refused under one reading and not the
// other; repeating it there makes both readings agree.
func (lt *linter) starRulesNotRepeated() {
	const maxStarRepeatFindings = 50 // groups reported
	w := lt.view(inGemini)
	if w == nil {
		return
	}
	var star *core.Group
	for _, g := range w.rs.Groups {
		if g.IsStar(&w.d) && len(g.Rules) > 0 {
			star = g
			break
		}
	}
	if star == nil {
		return
	}
	found := 0
	for _, g := range w.rs.Groups {
		if g == star || g.IsStar(&w.d) || len(g.Rules) == 0 || !slices.ContainsFunc(g.Agents, func(l *core.Line) bool { return strings.TrimSpace(l.Value) != "" }) {
			continue // names no robot
		}
		if found++; found > maxStarRepeatFindings {
			return // a file of thousands of groups: the first ones make the point
		}
		var missing []string
		for _, r := range star.Rules {
			if r.Key == core.Disallow && r.Value != "" && !g.CoversDisallow(r.Value) {
				missing = append(missing, quote(r.Rule())+" (line "+itoa(r.Pos.Line)+")")
			}
		}
		if len(missing) == 0 {
			found--
			continue
		}
		if len(missing) > 3 {
			missing = append(missing[:3], itoa(len(missing)-3)+" more")
		}
		lt.add(g.FirstLine(), 0, "star-rules-not-repeated", SevWarning, inGemini,
			"gemini applies this record instead of the * record to the robots it names, but the Gemini text also says they should still respect the * record: read that way, %s %s to them too. Repeat the * record's Disallow lines here so both readings refuse the same paths.",
			strings.Join(missing, ", "), plural(len(missing), "applies", "apply"))
	}
}
