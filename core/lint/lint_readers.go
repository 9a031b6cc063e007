package lint

import (
	"slices"
	"strings"
	"sync"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// Lints about the bytes of the file (a byte order mark, bare CRs) whose
// readers are found by reading the file both ways with every reader,
// the six dialects and the crawler presets, so that the names in the
// message are the readers whose reading the bytes change.

// How a reading takes a line (lineRoles).
const (
	roleNone    byte = iota // not read as a field of its
	roleAgent               // a User-agent line of a group
	roleVirtual             // a Virtual-agent line of a group
	roleRule                // an Allow or Disallow of a group
	roleSetting             // a delay field of a group
	roleIgnored             // a field it honours, in no group
)

// lineRoles says, by line number, how rs takes each line of its file.
func lineRoles(rs *core.Ruleset, lines int) []byte {
	roles := make([]byte, lines+1)
	set := func(ls []*core.Line, r byte) {
		for _, l := range ls {
			if n := l.Pos.Line; n > 0 && n <= lines {
				roles[n] = r
			}
		}
	}
	for _, g := range rs.Groups {
		set(g.Agents, roleAgent)
		set(g.VirtualAgents, roleVirtual)
		set(g.Rules, roleRule)
		set(g.Settings, roleSetting)
	}
	set(rs.Ignored, roleIgnored)
	return roles
}

// readerSets are readers, dialects and presets apart.
type readerSets struct {
	dialects dialectSet
	presets  presetSet
}

func (r readerSets) empty() bool { return r.dialects == 0 && r.presets == 0 }

// compareReaders reads f and other (the same lines, other bytes) with
// every reader and sorts the readers by what differ says of the reader
// and its two readings, as line roles: the index in into it returns, or
// -1 for neither.
func compareReaders(f, other *core.File, differ func(d *core.Dialect, mine, theirs []byte) int, into []readerSets) {
	n := len(f.Lines)
	sort := func(d *core.Dialect) int {
		return differ(d, lineRoles(d.Compile(f), n), lineRoles(d.Compile(other), n))
	}
	for i := range lintDialects {
		if k := sort(&lintDialects[i]); k >= 0 {
			into[k].dialects |= 1 << i
		}
	}
	for i := range lintPresets {
		if k := sort(&lintPresets[i]); k >= 0 {
			into[k].presets |= 1 << i
		}
	}
}

// items are the readers of r for a wordList: a dialect in scope when it
// is, a preset when its protocol's dialects are.
func (r readerSets) items() []listItem {
	var out []listItem
	for i, d := range lintDialects {
		if r.dialects&(1<<i) != 0 {
			out = append(out, listItem{set: 1 << i, text: d.ID})
		}
	}
	for i, d := range lintPresets {
		if r.presets&(1<<i) != 0 {
			out = append(out, listItem{set: presetScope(&d), text: d.Crawler.Name})
		}
	}
	return out
}

// scope is the dialects whose scope keeps some reader of r.
func (r readerSets) scope() dialectSet {
	s := r.dialects
	for _, it := range r.items() {
		s |= it.set
	}
	return s
}

// presetScope are the dialects of the protocol the preset's crawler
// reads robots.txt over: its words are kept where they are.
func presetScope(d *core.Dialect) dialectSet {
	var s dialectSet
	for i, x := range lintDialects {
		if crawlers.InScope(core.Protocol(d.Crawler.Protocol), x.ID) {
			s |= 1 << i
		}
	}
	return s &^ inEveryScope
}

// crLineEndings: lines that end in a bare CR. Each reader reads the
// file as it is and with those CRs made CRLF: the readers for which
// the file then holds no rule at all, and those that lose some lines,
// are named, with those that read it the same either way.
func (lt *linter) crLineEndings() {
	cr, first := 0, 0
	var b strings.Builder
	if lt.f.BOM {
		b.WriteString("\uFEFF")
	}
	for i := range lt.f.Lines {
		l := &lt.f.Lines[i]
		b.WriteString(l.Text)
		if l.Terminator != "\r" {
			b.WriteString(l.Terminator)
			continue
		}
		b.WriteString("\r\n")
		cr++
		if first == 0 {
			first = l.Pos.Line
		}
	}
	if cr == 0 {
		return
	}
	const (
		noRule = iota // reads rules with CRLF and none as it is
		loses         // reads fewer lines as it is
		same          // reads it the same either way
		unseen        // how it splits lines was not seen in its code
	)
	var lost []int // lines some reader loses, in order
	lostSeen := make([]bool, len(lt.f.Lines)+1)
	sets := make([]readerSets, 4)
	compareReaders(lt.f, core.Parse([]byte(b.String())), func(d *core.Dialect, mine, crlf []byte) int {
		if d.UnseenWhy(core.LinesUnseen) != "" {
			return unseen
		}
		rules, rulesCRLF, differs := 0, 0, false
		for n := 1; n < len(mine); n++ {
			if mine[n] == roleRule {
				rules++
			}
			if crlf[n] == roleRule {
				rulesCRLF++
			}
			if mine[n] != crlf[n] {
				differs = true
				if crlf[n] != roleNone && !lostSeen[n] {
					lostSeen[n] = true
					lost = append(lost, n)
				}
			}
		}
		switch {
		case rules == 0 && rulesCRLF > 0:
			return noRule
		case differs:
			return loses
		}
		return same
	}, sets)
	if sets[noRule].empty() && sets[loses].empty() {
		return // the CRs end only lines no reader reads
	}
	slices.Sort(lost)
	sev := SevWarning
	if !sets[noRule].empty() {
		sev = SevError
	}
	msg := itoa(cr) + " " + plural(cr, "line ends", "lines end") + " in a bare CR (the first is line " + itoa(first) + ")."
	msg += sets[noRule].scope().only(" For " + wordList(sets[noRule].items()) + " a bare CR ends no line: the lines it joins cannot be read, and no rule of this file is left.")
	msg += sets[loses].scope().only(" For " + wordList(sets[loses].items()) + " a bare CR ends no line either, and some lines cannot be read.")
	msg += (sets[noRule].scope() | sets[loses].scope()).only(" The lines lost to at least one of them: " + lineList(lost) + ".")
	msg += sets[same].scope().only(" For " + wordList(sets[same].items()) + " the file reads the same as with CRLF line ends.")
	msg += sets[unseen].scope().only(" How " + wordList(sets[unseen].items()) + " " + plural(len(sets[unseen].items()), "splits", "split") + " the file into lines was not seen in " + plural(len(sets[unseen].items()), "its", "their") + " code.")
	lt.add(0, 0, "cr-line-endings", sev, sets[noRule].dialects|sets[loses].dialects, "%s", msg+" End every line in CRLF or LF.")
	lt.out[len(lt.out)-1].presets = sets[noRule].presets | sets[loses].presets
}

// bom: the file starts with a UTF-8 byte order mark. Each reader reads
// the file with the mark and without it: those whose reading of line 1
// changes (the mark joins the first field's name) are named. When line
// 1 holds no field, the finding is information, naming the readers for
// whom the mark would join a field written there.
func (lt *linter) bom() {
	line, changed := 0, readerSets{}
	if len(lt.f.Lines) > 0 {
		line, changed = 1, bomChanges(lt.f)
	}
	if !changed.empty() {
		lt.add(line, 0, "bom", SevWarning, changed.dialects, "%s",
			"The file starts with a UTF-8 byte order mark. For "+wordList(changed.items())+" the mark stays at the start of line 1's field name, so line 1 is not read as the field it names. Save the file without it.")
		lt.out[len(lt.out)-1].presets = changed.presets
		return
	}
	would := bomWould()
	lt.add(line, 0, "bom", SevInfo, would.dialects, "%s",
		"The file starts with a UTF-8 byte order mark. Line 1 reads the same with it and without it, so here it changes nothing"+
			would.scope().only("; but for "+wordList(would.items())+" it would join the name of a field written on line 1")+". Save the file without it.")
	lt.out[len(lt.out)-1].presets = would.presets
}

// bomChanges are the readers whose reading of line 1 of f, which starts
// with a byte order mark, differs without the mark.
func bomChanges(f *core.File) readerSets {
	plain := f.Copy()
	plain.BOM = false
	sets := make([]readerSets, 1)
	compareReaders(f, plain, func(_ *core.Dialect, mine, theirs []byte) int {
		if mine[1] != theirs[1] {
			return 0
		}
		return -1
	}, sets)
	return sets[0]
}

// bomWould are the readers for which a mark changes the reading of a
// User-agent or a Disallow on line 1 (some readers read only rules).
var bomWould = sync.OnceValue(func() readerSets {
	a := bomChanges(core.Parse([]byte("\uFEFFUser-agent: *\r\nDisallow: /\r\n")))
	b := bomChanges(core.Parse([]byte("\uFEFFDisallow: /\r\nUser-agent: *\r\nDisallow: /b\r\n")))
	return readerSets{a.dialects | b.dialects, a.presets | b.presets}
})
