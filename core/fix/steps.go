package fix

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// steps are the transformations, in the order they run. Each looks at
// the file as it is then and proposes edits; fixer.run keeps those that
// leave the reference's meaning as it was.
var steps = []step{
	{"cr-line-endings", "cr-line-endings", crLineEnds, true, false},
	{"bom", "bom", dropBOM, true, false},
	{"field-typo", "field-typo", fixTypos, false, false},
	{"blank-line-in-group", "blank-line-in-group", joinSplitGroups, false, false},
	{"rule-before-agent", "rule-outside-group", starAboveOrphans, true, false},
	{"rule-outside-group", "rule-outside-group", dropOutside, false, false},
	{"group-without-rules", "group-without-rules", dropRuleless, false, false},
	{"merge-duplicates", "duplicate-group", mergeDuplicates, false, false},
	{"drop-duplicates", "duplicate-group", dropDuplicates, false, false},
	{"star-last", "star-not-last", starLast, true, false},
	{"star-first", "gemplex-first-group", starFirst, true, false},
	{"drop-after-star", "star-not-last", dropAfterStar, false, false},
	{"drop-allows", "allow-portability", dropAllows, false, false},
	{"order-rules", "allow-portability", orderRules, false, false},
	{"drop-shadowed", "unreachable-rule", dropShadowed, false, false},
	{"trailing-star", "glob-portability", cutTrailingStars, true, false},
	{"prefix-beside", "glob-portability", prefixBeside, true, true},
	{"repeat-star", "star-rules-not-repeated", repeatStar, true, true},
	{"name-roles", "role-user-agent", nameRoles, false, false},
	{"name-crawlers", "role-user-agent", nameCrawlers, false, false},
	{"line-endings", "lf-line-endings", lineEndings, true, false},
}

// Codes are the lint codes fix answers with a step of its own, sorted:
// a file raising one of them may be rewritten so it no longer does
// (when no reader is let in by the edit). file-too-large is not among
// them: crawlers read past the cut, so fix keeps every byte.
func Codes() []string {
	var codes []string
	for _, s := range steps {
		if !slices.Contains(codes, s.code) {
			codes = append(codes, s.code)
		}
	}
	slices.Sort(codes)
	return codes
}

// step is one transformation: its name (tests run each on its own), the
// lint code its changes answer, and what proposes its edits.
type step struct {
	name    string
	code    string
	propose func(*fixer) []edit
	// firstView: under the strict reference, propose from the first
	// proposer's groups only (RFC 9309's span blank lines): the step
	// does not depend on a dialect's view, or other views cut a group in
	// parts and each part would get its own copy.
	firstView bool
	// mustGain: under the strict reference, keep an edit only when more
	// rows agree after it; lines that change no verdict are not added.
	mustGain bool
}

// view is the doc parsed, with what the steps ask of it.
type view struct {
	f  *core.File
	rs *core.Ruleset // the reference's reading
	d  *doc
}

func (fx *fixer) view() view {
	f := fx.doc.parse()
	return view{f: f, rs: fx.ref.Compile(f), d: fx.doc}
}

// id is the id of the line with this number.
func (v view) id(n int) int { return v.d.lines[n-1].id }

// at is the input's number for the line with this number now: messages
// name lines as the admin's file has them.
func (v view) at(n int) int {
	if o := v.d.lines[n-1].orig; o > 0 {
		return o
	}
	return n
}

// others are the in-scope dialects besides the reference.
func (fx *fixer) others(keep func(d core.Dialect) bool) []string {
	var ids []string
	for _, d := range fx.opt.Protocol.Dialects() {
		if d.ID != fx.ref.ID && keep(d) {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

// words joins IDs for a sentence: "gemini, gopherdraft and norobots".
func words(ids []string) string {
	if len(ids) < 2 {
		return strings.Join(ids, "")
	}
	return strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1]
}

// change is a pending change made at the line with id at, writing or
// moving the lines ids and removing the lines gone.
func change(d *doc, code, msg string, at int, ids []int, gone []line) pending {
	p := pending{Change: Change{Code: code, Message: msg}, ids: ids}
	if i := d.index(at); i >= 0 {
		p.Line = d.lines[i].orig
	}
	for _, id := range ids {
		if i := d.index(id); i >= 0 && d.lines[i].orig > 0 {
			p.olds = append(p.olds, d.lines[i].orig)
		}
	}
	for _, l := range gone {
		if l.id == at {
			p.Line = l.orig
		}
		if l.orig > 0 {
			p.olds = append(p.olds, l.orig)
		}
	}
	for _, n := range p.olds {
		p.Old = widen(p.Old, n)
	}
	if p.Line == 0 {
		p.Line = p.Old.From
	}
	return p
}

// commentOut turns the lines with these ids into comments, keeping
// their text for the admin to read.
func commentOut(code string, msg string, ids ...int) edit {
	return edit{apply: func(d *doc) (pending, bool) {
		for _, id := range ids {
			i := d.index(id)
			if i < 0 || strings.HasPrefix(strings.TrimLeft(d.lines[i].text, " \t"), "#") {
				return pending{}, false
			}
		}
		p := change(d, code, msg, ids[0], ids, nil)
		for _, id := range ids {
			i := d.index(id)
			d.lines[i].text = "# " + d.lines[i].text
		}
		return p, true
	}}
}

// commentLines turns the lines with these ids that hold a field into
// comments, leaving blank lines and comments as they are: a group set
// aside keeps its text for the admin to read. Nothing to comment: not ok.
func commentLines(code, msg string, ids ...int) edit {
	return edit{apply: func(d *doc) (pending, bool) {
		var done []int
		for _, id := range ids {
			i := d.index(id)
			if i < 0 || isBlank(d.lines[i].text) || strings.HasPrefix(strings.TrimLeft(d.lines[i].text, " \t"), "#") {
				continue
			}
			d.lines[i].text = "# " + d.lines[i].text
			done = append(done, id)
		}
		if len(done) == 0 {
			return pending{}, false
		}
		return change(d, code, msg, done[0], done, nil), true
	}}
}

// removeLines takes lines out and tidies the blank lines around them.
func removeLines(code, msg string, ids ...int) edit {
	return edit{apply: func(d *doc) (pending, bool) {
		i := d.index(ids[0])
		if i < 0 {
			return pending{}, false
		}
		gone := d.remove(ids)
		gone = append(gone, d.tidyBlanks(min(i, len(d.lines)-1))...)
		return change(d, code, msg, ids[0], nil, gone), true
	}}
}

var fieldNames = map[core.Field]string{core.UserAgent: "User-agent", core.Disallow: "Disallow", core.Allow: "Allow", core.VirtualAgent: "Virtual-agent"}

// dropBOM drops the byte order mark: every dialect but norobots skips
// it, but norobots (as Python's robotparser) and some crawlers keep it as
// part of line 1, and so do not read that line.
func dropBOM(fx *fixer) []edit {
	if !fx.doc.bom {
		return nil
	}
	return []edit{{apply: func(d *doc) (pending, bool) {
		if !d.bom || len(d.lines) == 0 {
			return pending{}, false
		}
		d.bom = false
		p := change(d, "bom", "the byte order mark is dropped: norobots (as Python's robotparser does) and some crawlers keep it as part of line 1 and so skip that line's field", d.lines[0].id, []int{d.lines[0].id}, nil)
		return p, true
	}}}
}

// fixTypos: a misspelt field name (`Dissallow`) counts only where a
// dialect accepts Google's typos. Spell it right when the reference
// reads it, else make it the comment it is to the reference.
func fixTypos(fx *fixer) []edit {
	v := fx.view()
	readers := fx.others(func(d core.Dialect) bool { return d.AcceptTypos })
	var edits []edit
	for i, l := range v.f.Lines {
		if l.Kind != core.FieldLine || l.Key != "" || l.Typo == "" {
			continue
		}
		name := fieldNames[l.Typo]
		switch {
		case fx.ref.AcceptTypos:
			id, text := v.id(i+1), name+l.Text[strings.IndexByte(l.Text, ':'):]
			msg := fmt.Sprintf("%q is a misspelling only %s accepts; spelt %s so every dialect reads the line", l.Name, fx.ref.ID, name)
			edits = append(edits, edit{apply: func(d *doc) (pending, bool) {
				i := d.index(id)
				if i < 0 {
					return pending{}, false
				}
				d.lines[i].text = text
				return change(d, "field-typo", msg, id, []int{id}, nil), true
			}})
		case len(readers) > 0:
			msg := fmt.Sprintf("%q is a misspelling %s ignores but %s reads as %s; commented out so they agree", l.Name, fx.ref.ID, words(readers), name)
			edits = append(edits, commentOut("field-typo", msg, v.id(i+1)))
		}
	}
	return edits
}

// groupOfLine maps each line number in a group of rs to the group's index.
func groupOfLine(rs *core.Ruleset) map[int]int {
	in := map[int]int{}
	for gi, g := range rs.Groups {
		for _, ls := range [][]*core.Line{g.Agents, g.VirtualAgents, g.Rules, g.Settings} {
			for _, l := range ls {
				in[l.Pos.Line] = gi
			}
		}
	}
	return in
}

// splitsAtBlank reports whether a blank line ends a record in d.
func splitsAtBlank(d core.Dialect) bool {
	return d.Grouping == core.BlankLineRecords || d.Grouping == core.PythonRecords
}

// joinSplitGroups drops blank lines inside a group of the reference:
// record-based dialects would end the record there.
func joinSplitGroups(fx *fixer) []edit {
	v := fx.view()
	splitters := fx.others(splitsAtBlank)
	if len(splitters) == 0 || v.rs.Dialect.Grouping == core.NoGroups {
		return nil
	}
	in := groupOfLine(v.rs)
	var rs []removal
	for i, l := range v.f.Lines {
		if !l.IsBlank() {
			continue
		}
		prev, next := -1, -1
		for j := i; j >= 1 && prev < 0; j-- {
			if g, ok := in[j]; ok {
				prev = g
			}
		}
		for j := i + 2; j <= len(v.f.Lines) && next < 0; j++ {
			if g, ok := in[j]; ok {
				next = g
			}
		}
		if prev >= 0 && prev == next {
			msg := fmt.Sprintf("blank line inside the group of line %d removed: %s end a record at a blank line and would cut off the lines below it", v.at(v.rs.Groups[prev].FirstLine()), words(splitters))
			rs = append(rs, removal{"blank-line-in-group", msg, []int{v.id(i + 1)}})
		}
	}
	return removeEach(rs)
}

// readIn is the set of line numbers each dialect reads inside a group.
func (fx *fixer) readIn(f *core.File) map[string]map[int]bool {
	out := map[string]map[int]bool{}
	for _, d := range fx.opt.Protocol.Dialects() {
		set := map[int]bool{}
		for n := range groupOfLine(d.Compile(f)) {
			set[n] = true
		}
		out[d.ID] = set
	}
	return out
}

// dropOutside: a rule the reference reads in no group (before any
// User-agent, or cut off by a blank line) means nothing to it; where
// another dialect reads it, it is commented out.
func dropOutside(fx *fixer) []edit {
	v := fx.view()
	read := fx.readIn(v.f)
	var edits []edit
	for _, l := range v.rs.Ignored {
		n := l.Pos.Line
		readers := fx.others(func(d core.Dialect) bool { return read[d.ID][n] })
		if len(readers) == 0 {
			continue
		}
		why := "a blank line above cuts it off from its group"
		if !slices.ContainsFunc(v.f.Lines[:n-1], func(x core.Line) bool { return x.Key == core.UserAgent }) {
			why = "it comes before any User-agent line"
		}
		msg := fmt.Sprintf("%q belongs to no group under %s (%s), so no crawler reads it there; commented out so %s, which read it, agree. If you meant it for a group, move it inside one", l.Rule(), fx.ref.ID, why, words(readers))
		if fx.strict != nil {
			// Only a line that refuses nothing (an Allow, a setting) can
			// go without letting a reader in.
			what := "it refuses nothing, so it is commented out and no reader is let in"
			if l.Key == core.Allow {
				what = "an Allow only lets crawlers in, so it is commented out and every reader refuses what it would have allowed"
			}
			msg = fmt.Sprintf("%q belongs to no group under %s (%s), while %s read it; %s", l.Rule(), fx.ref.ID, why, words(readers), what)
		} else if inGroup := fx.others(func(d core.Dialect) bool { return read[d.ID][n] && d.Grouping != core.NoGroups }); len(inGroup) > 0 {
			msg = fmt.Sprintf("%q belongs to no group under %s (%s), so no crawler reads it there; commented out so %s, which read it, agree. If you meant it for the group above, fix with -reference %s instead", l.Rule(), fx.ref.ID, why, words(readers), inGroup[len(inGroup)-1])
		}
		edits = append(edits, commentOut("rule-outside-group", msg, v.id(n)))
	}
	return edits
}

// dropRuleless: agent lines that start a group with no rules name nobody
// under the reference; other dialects may join them to the next group.
func dropRuleless(fx *fixer) []edit {
	v := fx.view()
	if v.rs.Dialect.Grouping == core.NoGroups {
		return nil
	}
	var edits []edit
	for _, g := range v.rs.Groups {
		if len(g.Rules) > 0 || len(g.Agents)+len(g.VirtualAgents) == 0 {
			continue
		}
		var ids []int
		for _, l := range append(slices.Clone(g.Agents), g.VirtualAgents...) {
			ids = append(ids, v.id(l.Pos.Line))
		}
		msg := fmt.Sprintf("the group at line %d has no rules under %s, so it names nobody there; its agent lines are commented out so dialects that join them to the next group agree", v.at(g.FirstLine()), fx.ref.ID)
		edits = append(edits, commentOut("group-without-rules", msg, ids...))
	}
	return edits
}

// agentKey is a group's agents, for finding groups that name the same.
func agentKey(g *core.Group) string {
	var vs []string
	for _, l := range g.Agents {
		vs = append(vs, "u:"+strings.ToLower(l.Value))
	}
	for _, l := range g.VirtualAgents {
		vs = append(vs, "v:"+strings.ToLower(l.Value))
	}
	slices.Sort(vs)
	return strings.Join(slices.Compact(vs), "\n")
}

// unit is a group's lines from the comments right above it (unless they
// open the file) to its last line, as ids.
func (v view) unit(g *core.Group) []int {
	first := g.FirstLine()
	for first > 1 && v.f.Lines[first-2].Kind == core.CommentOnly {
		first--
	}
	if first == 1 {
		first = g.FirstLine() // comments that open the file speak for all of it
	}
	var ids []int
	for n := first; n <= g.LastLine(); n++ {
		ids = append(ids, v.id(n))
	}
	return ids
}

// duplicates pairs each group with the earlier group naming the same agents.
func duplicates(rs *core.Ruleset) [][2]*core.Group {
	first := map[string]*core.Group{}
	var out [][2]*core.Group
	for _, g := range rs.Groups {
		if len(g.Agents)+len(g.VirtualAgents) == 0 {
			continue
		}
		k := agentKey(g)
		if f, ok := first[k]; ok {
			out = append(out, [2]*core.Group{f, g})
		} else {
			first[k] = g
		}
	}
	return out
}

// mergeDuplicates moves the rules of a group naming the same agents as
// an earlier one into it, where the reference merges or combines them.
func mergeDuplicates(fx *fixer) []edit {
	v := fx.view()
	var edits []edit
	var merges []merge
	for _, pair := range duplicates(v.rs) {
		to, from := pair[0], pair[1]
		m := merge{to: v.id(to.FirstLine()), toLast: v.id(to.LastLine())}
		for _, id := range v.unit(from) {
			if l := v.f.Lines[v.d.index(id)]; l.Key == core.UserAgent || l.Key == core.VirtualAgent {
				m.agents = append(m.agents, id)
			} else {
				m.body = append(m.body, id)
			}
		}
		m.msg = fmt.Sprintf("the group at line %d names the same agents as the group at line %d; its rules are moved there, since dialects that take one group per crawler read only the first", v.at(from.FirstLine()), v.at(to.FirstLine()))
		merges = append(merges, m)
		edits = append(edits, edit{apply: func(d *doc) (pending, bool) { return m.apply(d, fx.ref) }})
	}
	if len(merges) > 1 {
		edits = append(edits, edit{whole: func(d *doc) []pending { return mergeAll(d, merges) }})
	}
	return edits
}

// merge is one duplicate group to fold into an earlier one.
type merge struct {
	to, toLast   int   // the target group's first agent line and last line
	agents, body []int // the duplicate's agent lines (dropped) and the rest (moved)
	msg          string
}

// apply does one merge, finding where the target group ends now. The
// duplicate's agent lines stay where they were, commented out.
func (m merge) apply(d *doc, ref core.Dialect) (pending, bool) {
	i, t := d.index(m.agents[0]), d.index(m.to)
	if i < 0 || t < 0 {
		return pending{}, false
	}
	last := m.toLast
	for _, g := range ref.Compile(d.parse()).Groups {
		if g.FirstLine() == t+1 {
			last = d.lines[g.LastLine()-1].id
		}
	}
	m.commentAgents(d)
	moved := d.remove(m.body)
	gone := d.tidyBlanks(min(d.index(m.agents[len(m.agents)-1])+1, len(d.lines)-1))
	d.insert(d.index(last)+1, moved...)
	return change(d, "duplicate-group", m.msg, m.agents[0], append(slices.Clone(m.agents), m.body...), gone), true
}

func (m merge) commentAgents(d *doc) {
	for _, id := range m.agents {
		if i := d.index(id); i >= 0 {
			d.lines[i].text = "# " + d.lines[i].text
		}
	}
}

// mergeAll does every merge in one pass over the file: a file with
// thousands of duplicate groups takes one copy, not one per group.
func mergeAll(d *doc, merges []merge) []pending {
	moved, after := map[int]int{}, map[int][]int{}
	for mi, m := range merges {
		m.commentAgents(d)
		for _, id := range m.body {
			moved[id] = mi
		}
		after[m.toLast] = append(after[m.toLast], m.body...)
	}
	gone := d.rebuild(len(merges), nil, moved, after)
	var done []pending
	for mi, m := range merges {
		done = append(done, change(d, "duplicate-group", m.msg, m.agents[0], append(slices.Clone(m.agents), m.body...), gone[mi]))
	}
	return done
}

// removal is what removeLines does, kept so that a step with many can
// also do them all in one pass.
type removal struct {
	code, msg string
	ids       []int
}

// removeEach is a step's removals as edits, plus one that does them all
// in one pass over the file (a big file may have thousands).
func removeEach(rs []removal) []edit {
	var edits []edit
	for _, r := range rs {
		edits = append(edits, removeLines(r.code, r.msg, r.ids...))
	}
	if len(rs) > 1 {
		edits = append(edits, edit{whole: func(d *doc) []pending {
			owner := map[int]int{}
			for i, r := range rs {
				for _, id := range r.ids {
					owner[id] = i
				}
			}
			gone := d.rebuild(len(rs), owner, nil, nil)
			var done []pending
			for i, r := range rs {
				if len(gone[i]) > 0 {
					done = append(done, change(d, r.code, r.msg, r.ids[0], nil, gone[i]))
				}
			}
			return done
		}})
	}
	return edits
}

// dropDuplicates comments out a group naming the same agents as an
// earlier one where the reference reads only the first: it never
// applies there.
func dropDuplicates(fx *fixer) []edit {
	v := fx.view()
	var edits []edit
	for _, pair := range duplicates(v.rs) {
		msg := fmt.Sprintf("the group at line %d names the same agents as the group at line %d, so %s never reads it; commented out so dialects that merge such groups agree", v.at(pair[1].FirstLine()), v.at(pair[0].FirstLine()), fx.ref.ID)
		edits = append(edits, commentLines("duplicate-group", msg, v.unit(pair[1])...))
	}
	return edits
}

// starGroup is the first group naming *, and the groups after it that
// name agents but not *.
func starGroup(rs *core.Ruleset) (*core.Group, []*core.Group) {
	isStar := func(g *core.Group) bool {
		return slices.ContainsFunc(g.Agents, func(l *core.Line) bool { return l.Value == "*" })
	}
	for i, g := range rs.Groups {
		if !isStar(g) {
			continue
		}
		var after []*core.Group
		for _, h := range rs.Groups[i+1:] {
			if len(h.Agents)+len(h.VirtualAgents) > 0 && !isStar(h) {
				after = append(after, h)
			}
		}
		return g, after
	}
	return nil, nil
}

// starLast moves the * group after the others: dialects that take the
// first matching group never read what follows it.
func starLast(fx *fixer) []edit {
	if !slices.ContainsFunc(fx.opt.Protocol.Dialects(), takesFirstGroup) {
		return nil // no dialect in scope is the worse for a * group first
	}
	v := fx.view()
	star, after := starGroup(v.rs)
	if star == nil || len(after) == 0 {
		return nil
	}
	ids, at := v.unit(star), v.id(star.FirstLine())
	lastID := v.id(after[len(after)-1].LastLine())
	msg := fmt.Sprintf("the * group at line %d is moved after the other groups: dialects that take the first matching group read nothing below it", v.at(star.FirstLine()))
	return []edit{{apply: func(d *doc) (pending, bool) {
		i := d.index(ids[0])
		if i < 0 {
			return pending{}, false
		}
		moved := d.remove(ids)
		gone := d.tidyBlanks(min(i, len(d.lines)-1))
		blank := d.newLine("")
		d.insert(d.index(lastID)+1, append([]line{blank}, moved...)...)
		return change(d, "star-not-last", msg, at, append(ids, blank.id), gone), true
	}}}
}

// dropAfterStar comments out groups after the * group where the
// reference never reads them (the modern Gopher draft).
func dropAfterStar(fx *fixer) []edit {
	v := fx.view()
	star, after := starGroup(v.rs)
	var edits []edit
	for _, g := range after {
		msg := fmt.Sprintf("the group at line %d comes after the * group at line %d, so %s never reads it; commented out so dialects that read every group agree", v.at(g.FirstLine()), v.at(star.FirstLine()), fx.ref.ID)
		edits = append(edits, commentLines("star-not-last", msg, v.unit(g)...))
	}
	return edits
}

// dropAllows: where the reference has no Allow, an Allow line is a
// comment to it and an exception to others.
func dropAllows(fx *fixer) []edit {
	if fx.ref.AllowField {
		return nil
	}
	v := fx.view()
	read := fx.readIn(v.f)
	var edits []edit
	for i, l := range v.f.Lines {
		if l.Key != core.Allow {
			continue
		}
		readers := fx.others(func(d core.Dialect) bool { return d.AllowField && read[d.ID][i+1] })
		if len(readers) == 0 {
			continue
		}
		msg := fmt.Sprintf("%s has no Allow, so %q means nothing there; commented out so %s, which honour it, agree", fx.ref.ID, l.Rule(), words(readers))
		edits = append(edits, commentOut("allow-portability", msg, v.id(i+1)))
	}
	return edits
}

// orderRules puts a group's rules longest first, Allow before Disallow
// on a tie, so that first-match dialects pick the rule longest-match
// ones pick. Only groups with an Allow need it.
func orderRules(fx *fixer) []edit {
	v := fx.view()
	firsts := fx.others(func(d core.Dialect) bool { return d.Decision == core.FirstMatch })
	if len(firsts) == 0 {
		return nil
	}
	var edits []edit
	for _, g := range v.rs.Groups {
		if !slices.ContainsFunc(g.Rules, func(l *core.Line) bool { return l.Key == core.Allow }) {
			continue
		}
		sorted := slices.Clone(g.Rules)
		slices.SortStableFunc(sorted, func(a, b *core.Line) int {
			aAllow, bAllow := a.Key == core.Allow, b.Key == core.Allow
			switch {
			case len(a.Value) != len(b.Value):
				return len(b.Value) - len(a.Value)
			case aAllow && !bAllow:
				return -1
			case bAllow && !aAllow:
				return 1
			}
			return 0
		})
		if slices.Equal(sorted, g.Rules) {
			continue
		}
		var slots, order []int
		for i := range g.Rules {
			slots = append(slots, v.id(g.Rules[i].Pos.Line))
			order = append(order, v.id(sorted[i].Pos.Line))
		}
		msg := fmt.Sprintf("the rules of the group at line %d are put longest first, Allow before Disallow on a tie: %s take the first rule that matches, and now it is the one the longest match picks", v.at(g.FirstLine()), words(firsts))
		edits = append(edits, edit{apply: func(d *doc) (pending, bool) {
			var pos []int
			var ls []line
			for k := range slots {
				i, j := d.index(slots[k]), d.index(order[k])
				if i < 0 || j < 0 {
					return pending{}, false
				}
				pos, ls = append(pos, i), append(ls, d.lines[j])
			}
			for k, i := range pos {
				d.lines[i] = ls[k]
				if d.pos != nil {
					d.pos[ls[k].id] = int32(i) // the lines swap places: keep the table, not rebuild it
				}
			}
			return change(d, "allow-portability", msg, slots[0], order, nil), true
		}})
	}
	return edits
}

// dropShadowed comments out rules the reference never lets decide: under
// first match, a rule after one whose pattern is a prefix of its own;
// where an Allow is an exception, a Disallow an Allow's prefix covers.
// Dialects that weigh rules otherwise would still use them.
func dropShadowed(fx *fixer) []edit {
	ref := fx.ref
	if ref.Patterns != core.Prefix || ref.Decision != core.FirstMatch && ref.Decision != core.AllowException {
		return nil
	}
	users := fx.others(func(d core.Dialect) bool { return d.Decision != ref.Decision && d.Grouping != core.NoGroups })
	if len(users) == 0 {
		return nil
	}
	v := fx.view()
	var edits []edit
	for _, g := range v.rs.Groups {
		// The first rule with each value that can shadow another (any
		// rule under first match, an Allow where it is an exception): a
		// rule's shadow is then found among its own prefixes, not by
		// trying every rule of a group that may hold thousands.
		firstOf := map[string]int{}
		for j, e := range g.Rules {
			if _, ok := firstOf[e.Value]; !ok && e.Value != "" && (ref.Decision == core.FirstMatch || e.Key == core.Allow) {
				firstOf[e.Value] = j
			}
		}
		for i, r := range g.Rules {
			if r.Value == "" || ref.Decision == core.AllowException && r.Key == core.Allow {
				continue
			}
			j := -1
			for k := 1; k <= len(r.Value); k++ {
				if at, ok := firstOf[r.Value[:k]]; ok && (j < 0 || at < j) {
					j = at
				}
			}
			if j < 0 || ref.Decision == core.FirstMatch && j >= i {
				continue
			}
			by := g.Rules[j]
			why := fmt.Sprintf("%q comes before it and matches everything it matches", by.Rule())
			if ref.Decision == core.AllowException {
				why = fmt.Sprintf("the exception %q matches everything it matches, and an Allow wins", by.Rule())
			}
			msg := fmt.Sprintf("%q never decides under %s: %s; commented out so %s, which weigh rules otherwise, agree", r.Rule(), ref.ID, why, words(users))
			edits = append(edits, commentOut("unreachable-rule", msg, v.id(r.Pos.Line)))
		}
	}
	return edits
}

// agentEnd is the id of a group's last agent line: added agent lines go
// after it.
func (v view) agentEnd(g *core.Group) int {
	n := 0
	for _, l := range append(slices.Clone(g.Agents), g.VirtualAgents...) {
		n = max(n, l.Pos.Line)
	}
	return v.id(n)
}

// addition is lines a step adds after the line with id after.
type addition struct {
	code, msg string
	after     int
	texts     []string
}

// add makes the addition's lines.
func (a addition) lines(d *doc) (ls []line, ids []int) {
	for _, text := range a.texts {
		nl := d.newLine(text)
		ls, ids = append(ls, nl), append(ids, nl.id)
	}
	return ls, ids
}

// addLine inserts an addition's lines after its line.
func addLine(a addition) edit {
	return edit{apply: func(d *doc) (pending, bool) {
		i := d.index(a.after)
		if i < 0 {
			return pending{}, false
		}
		ls, ids := a.lines(d)
		d.insert(i+1, ls...)
		return change(d, a.code, a.msg, a.after, ids, nil), true
	}}
}

// addEach is a step's additions as edits, plus one that makes them all
// in one pass over the file: inserting thousands one by one would copy
// the file each time.
func addEach(as []addition) []edit {
	var edits []edit
	for _, a := range as {
		edits = append(edits, addLine(a))
	}
	if len(as) > 1 {
		edits = append(edits, edit{whole: func(d *doc) []pending {
			after := map[int][]line{}
			made := make([][]int, len(as))
			for i, a := range as {
				var ls []line
				ls, made[i] = a.lines(d)
				after[a.after] = append(after[a.after], ls...)
			}
			out := make([]line, 0, len(d.lines)+len(after))
			for _, l := range d.lines {
				out = append(out, l)
				out = append(out, after[l.id]...)
			}
			d.lines, d.pos = out, nil
			var done []pending
			for i, a := range as {
				if d.index(a.after) >= 0 {
					done = append(done, change(d, a.code, a.msg, a.after, made[i], nil))
				}
			}
			return done
		}})
	}
	return edits
}

// agentBlock is the agent lines of a group (with rules) up to its first
// rule, as the file has them: also those the reference does not read.
func (v view) agentBlock(g *core.Group) []*core.Line {
	var out []*core.Line
	for n := max(g.FirstLine(), 1); n <= g.Rules[0].Pos.Line; n++ {
		if l := &v.f.Lines[n-1]; l.Key == core.UserAgent || l.Key == core.VirtualAgent {
			out = append(out, l)
		}
	}
	return out
}

func isRole(s string) bool { return slices.Contains(core.Roles, strings.ToLower(s)) }

// nameRoles makes a group name its role both ways: Gemini-style
// `User-agent: indexer` gains `Virtual-agent: indexer` for conner2020,
// and a Virtual-agent group gains the User-agent line the dialects
// without Virtual-agent read.
func nameRoles(fx *fixer) []edit {
	v := fx.view()
	conner := crawlers.InScope(fx.opt.Protocol, core.Conner2020.ID) && fx.ref.ID != core.Conner2020.ID
	var adds []addition
	for _, g := range v.rs.Groups {
		if len(g.Rules) == 0 {
			continue // it names nobody
		}
		block := v.agentBlock(g)
		has := func(k core.Field, role string) bool {
			return slices.ContainsFunc(block, func(l *core.Line) bool { return l.Key == k && strings.EqualFold(l.Value, role) })
		}
		for _, l := range g.Agents {
			if conner && isRole(l.Value) && !has(core.VirtualAgent, l.Value) {
				role := strings.ToLower(l.Value)
				msg := fmt.Sprintf("conner2020 reads %q as a crawler named %s; \"Virtual-agent: %s\" is added so the group names the role there too", l.Rule(), l.Value, role)
				adds = append(adds, addition{"role-user-agent", msg, v.agentEnd(g), []string{"Virtual-agent: " + role}})
			}
		}
		for _, l := range g.VirtualAgents {
			if isRole(l.Value) && !has(core.UserAgent, l.Value) {
				role := strings.ToLower(l.Value)
				msg := fmt.Sprintf("dialects without Virtual-agent skip %q; \"User-agent: %s\" is added so the group names the role there too", l.Rule(), role)
				adds = append(adds, addition{"virtual-agent-field-portability", msg, v.agentEnd(g), []string{"User-agent: " + role}})
			}
		}
	}
	return addEach(adds)
}

// nameCrawlers: a crawler that declares a role (GUS(indexer)) is matched
// by its name only where dialects know no roles, so a group for its role
// gains a User-agent line with its name, unless a group names it already.
func nameCrawlers(fx *fixer) []edit {
	v := fx.view()
	noRoles := fx.others(func(d core.Dialect) bool { return d.RoleFields == core.NoRoles && d.Grouping != core.NoGroups })
	if len(noRoles) == 0 {
		return nil
	}
	var adds []addition
	for _, a := range fx.opt.Agents {
		if a.Name == "" || len(a.Roles) == 0 || slices.ContainsFunc(v.f.Lines, func(l core.Line) bool {
			return l.Key == core.UserAgent && strings.EqualFold(l.Value, a.Name)
		}) {
			continue
		}
		for _, g := range v.rs.Groups {
			named := slices.ContainsFunc(append(slices.Clone(g.Agents), g.VirtualAgents...), func(l *core.Line) bool {
				return slices.Contains(a.Roles, strings.ToLower(l.Value))
			})
			if !named {
				continue
			}
			msg := fmt.Sprintf("%s know no roles and match %s by its name only; \"User-agent: %s\" is added to the group at line %d, which names its role", words(noRoles), a, a.Name, v.at(g.FirstLine()))
			adds = append(adds, addition{"role-user-agent", msg, v.agentEnd(g), []string{"User-agent: " + a.Name}})
		}
	}
	return addEach(adds)
}

// lineEndings: gopherdraft wants CRLF; every dialect splits lines alike,
// so the endings change nothing else.
func lineEndings(fx *fixer) []edit {
	if !crawlers.InScope(fx.opt.Protocol, core.GopherDraft.ID) {
		return nil
	}
	return []edit{{apply: func(d *doc) (pending, bool) {
		var ids []int
		for i, l := range d.lines {
			if l.term != "\r\n" || i == len(d.lines)-1 && d.bareEnd() {
				ids = append(ids, l.id)
				d.lines[i].term = "\r\n"
			}
		}
		if len(ids) == 0 {
			return pending{}, false
		}
		d.noFinal, d.nl = false, "\r\n"
		return change(d, "lf-line-endings", "every line now ends in CRLF, as gopherdraft wants; no dialect reads the lines differently", -1, ids, nil), true
	}}}
}

// crLineEnds ends in CRLF the lines that end in a bare CR, which some
// readers take as no line end (lint's cr-line-endings names them), in
// every scope: CRLF ends a line for every reader, and is what the
// Gopher draft asks.
func crLineEnds(fx *fixer) []edit {
	return []edit{{apply: func(d *doc) (pending, bool) {
		var ids []int
		for i, l := range d.lines {
			if l.term == "\r" {
				ids = append(ids, l.id)
				d.lines[i].term = "\r\n"
			}
		}
		if len(ids) == 0 {
			return pending{}, false
		}
		if d.nl == "\r" {
			d.nl = "\r\n"
		}
		msg := "1 line that ended in a bare CR now ends in CRLF"
		if len(ids) > 1 {
			msg = fmt.Sprintf("%d lines that ended in a bare CR now end in CRLF", len(ids))
		}
		return change(d, "cr-line-endings", msg, -1, ids, nil), true
	}}}
}

// readersOf are the dialects and presets in scope that read line n
// inside a group (or, having no groups, read it at all).
func (fx *fixer) readersOf(f *core.File, n int) (read, unread []string) {
	for _, d := range append(fx.opt.Protocol.Dialects(), fixPresets(fx.opt.Protocol)...) {
		if _, ok := groupOfLine(d.Compile(f))[n]; ok {
			read = append(read, d.ID)
		} else {
			unread = append(unread, d.ID)
		}
	}
	return read, unread
}

// starAboveOrphans gives rules that come before any agent line a group:
// some readers apply such rules to every crawler, others to none. The
// rules join the * group where the file has one, else "User-agent: *"
// is added above them; either way every reader applies them, which is
// the stricter reading.
func starAboveOrphans(fx *fixer) []edit {
	v := fx.view()
	var orphans []int // line numbers
	for i, l := range v.f.Lines {
		if l.Key == core.UserAgent || l.Key == core.VirtualAgent {
			break
		}
		if l.Key == core.Disallow || l.Key == core.Allow {
			orphans = append(orphans, i+1)
		}
	}
	if len(orphans) == 0 {
		return nil
	}
	read, unread := fx.readersOf(v.f, orphans[0])
	if len(read) == 0 || len(unread) == 0 {
		return nil
	}
	what := fmt.Sprintf("%q comes before any User-agent line: %s apply it to every crawler, %s to none", v.f.Lines[orphans[0]-1].Rule(), words(read), words(unread))
	if len(orphans) > 1 {
		what = fmt.Sprintf("%d rules come before any User-agent line: %s apply them to every crawler, %s to none", len(orphans), words(read), words(unread))
	}
	first := v.id(orphans[0])
	if star, _ := starGroup(v.rs); star != nil {
		var ids []int
		for _, n := range orphans {
			ids = append(ids, v.id(n))
		}
		end := v.id(star.LastLine())
		msg := fmt.Sprintf("%s; moved into the * group at line %d so every reader applies them", what, v.at(star.FirstLine()))
		return []edit{{apply: func(d *doc) (pending, bool) {
			if d.index(end) < 0 || d.index(first) < 0 {
				return pending{}, false
			}
			i := d.index(first)
			moved := d.remove(ids)
			gone := d.tidyBlanks(min(i, len(d.lines)-1))
			d.insert(d.index(end)+1, moved...)
			return change(d, "rule-outside-group", msg, first, ids, gone), true
		}}}
	}
	msg := what + "; \"User-agent: *\" is added above so every reader applies them"
	return []edit{{apply: func(d *doc) (pending, bool) {
		i := d.index(first)
		if i < 0 {
			return pending{}, false
		}
		nl := d.newLine("User-agent: *")
		d.insert(i, nl)
		return change(d, "rule-outside-group", msg, first, []int{nl.id}, nil), true
	}}}
}

// starFirst moves the * group before the others where Gemplex is in
// scope: Gemplex applies the file's first group to itself as well as
// the * group, so with * first it reads what the file gives every
// crawler. Scopes with a reader that takes the first group naming the
// bot (gopherdraft) need * last instead.
func starFirst(fx *fixer) []edit {
	if !crawlers.InScope(fx.opt.Protocol, crawlers.Gemplex.ID) || slices.ContainsFunc(fx.opt.Protocol.Dialects(), takesFirstGroup) {
		return nil
	}
	v := fx.view()
	star, _ := starGroup(v.rs)
	if star == nil {
		return nil
	}
	var firstGroup *core.Group
	for _, g := range v.rs.Groups {
		if len(g.Agents)+len(g.VirtualAgents) > 0 {
			firstGroup = g
			break
		}
	}
	if firstGroup == nil || firstGroup == star {
		return nil
	}
	ids, at, before := v.unit(star), v.id(star.FirstLine()), v.unit(firstGroup)[0]
	msg := fmt.Sprintf("the * group at line %d is moved first: Gemplex applies the first group of the file to itself too, and with * first that is only what the file gives every crawler", v.at(star.FirstLine()))
	return []edit{{apply: func(d *doc) (pending, bool) {
		i := d.index(ids[0])
		if i < 0 || d.index(before) < 0 {
			return pending{}, false
		}
		moved := d.remove(ids)
		gone := d.tidyBlanks(min(i, len(d.lines)-1))
		blank := d.newLine("")
		d.insert(d.index(before), append(moved, blank)...)
		return change(d, "gemplex-first-group", msg, at, append(ids, blank.id), gone), true
	}}}
}

// takesFirstGroup: the dialect reads only the first group naming the bot
// in file order, so a * group first hides every group after it.
func takesFirstGroup(d core.Dialect) bool { return d.Selection == core.FirstInFileOrder }

// repeatStar copies the * group's Disallow lines into each group that
// names robots but lacks them: under gemini such a group replaces the *
// record, yet the Gemini text also says robots should still respect the
// * record, and some crawlers apply both. With the lines repeated, every
// reading refuses the same paths.
//
// Only the strict reference asks for it: a dialect reference whose
// meaning the lines leave alone reads them as dead weight, which a later
// step would comment out again.
func repeatStar(fx *fixer) []edit {
	if fx.strict == nil {
		return nil
	}
	v := fx.view()
	var star *core.Group
	for _, g := range v.rs.Groups {
		if slices.ContainsFunc(g.Agents, func(l *core.Line) bool { return l.Value == "*" }) && len(g.Rules) > 0 {
			star = g
			break
		}
	}
	if star == nil {
		return nil
	}
	var adds []addition
	later := map[*core.Group]bool{} // a later group naming the same agents: it joins the first
	for _, pair := range duplicates(v.rs) {
		later[pair[1]] = true
	}
	for _, g := range v.rs.Groups {
		if g == star || later[g] || len(g.Rules) == 0 || slices.ContainsFunc(g.Agents, func(l *core.Line) bool { return l.Value == "*" }) {
			continue
		}
		var add []string
		for _, r := range star.Rules {
			if r.Key == core.Disallow && r.Value != "" && !g.CoversDisallow(r.Value) {
				add = append(add, "Disallow: "+r.Value)
			}
		}
		if len(add) == 0 {
			continue
		}
		after := v.id(g.Rules[len(g.Rules)-1].Pos.Line)
		msg := fmt.Sprintf("the * group's Disallow lines (line %d) are repeated in the group at line %d: some readers apply both groups to the robots it names and refuse these paths, others apply only this group; now both refuse them", v.at(star.FirstLine()), v.at(g.FirstLine()))
		if crawlers.InScope(fx.opt.Protocol, core.Gemini.ID) {
			msg += " (the Gemini text says robots should still respect the * group)"
		}
		adds = append(adds, addition{"star-rules-not-repeated", msg, after, add})
	}
	return addEach(adds)
}
