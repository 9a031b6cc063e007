package core

import (
	"fmt"
	"strconv"
	"strings"
)

func quoteNames(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// noteNearMisses: agent values a case-sensitive crawler does not take
// for one of its names, though a person would.
func (p *Policy) noteNearMisses(rs *Ruleset, names []string) {
	d := &p.Dialect
	if d.Agents != ExactCase {
		return
	}
	for _, g := range rs.Groups {
		for _, l := range g.Agents {
			if l == &implicitStar || d.unionAgent(&Group{Agents: []*Line{l}}, names) != nil {
				continue
			}
			for _, n := range names {
				if strings.EqualFold(strings.TrimSpace(l.Value), n) {
					p.Notes = append(p.Notes, sentence(fmt.Sprintf("%s is not %q to %s, which compares agent names byte for byte, case and blanks included (%s)", LineAndRule(l), n, d.name(), d.cite("agents"))))
					break
				}
			}
		}
	}
}

func containsGroup(gs []*Group, g *Group) bool {
	for _, x := range gs {
		if x == g {
			return true
		}
	}
	return false
}

// testEach is Test for an EachAgent policy: the first reading that
// disallows decides, else the first one.
func (p *Policy) testEach(v *Verdict, selector string) {
	var decided *Verdict
	var parts []string
	for i, sp := range p.each {
		sv := sp.Test(selector)
		parts = append(parts, fmt.Sprintf("as %q %s (%s)", sp.Dialect.Crawler.Agents[0], word(sv.Allowed), lineWord(sv.Line)))
		if decided == nil && (!sv.Allowed || i == len(p.each)-1) {
			decided = &sv
		}
		if !sv.Allowed && sv.Note != "" {
			parts[len(parts)-1] += ": " + strings.TrimSuffix(sv.Note, ".")
		}
	}
	*v = *decided
	v.Agent, v.Why, v.Group, v.GroupLines = p.agent, p.Why, p.group, append([]int(nil), p.groupLines...)
	v.Note = joinNotes(p.notesWith(nil), sentence(strings.Join(parts, "; ")))
	// The crawler's later documentation lists the names by priority; the
	// most specific name with a record of its own would then decide.
	if sv, name := p.priorityReading(selector); sv.Allowed != v.Allowed {
		reading := fmt.Sprintf("%s's later documentation lists its names by priority (no code seen, %s): read that way, the record for %q alone decides", p.Dialect.name(), p.Dialect.cite("priority"), name)
		v.Alternative = &Alternative{Allowed: sv.Allowed, Line: sv.Line, Rule: sv.Rule, Reading: reading}
		v.Note = joinNotes(v.Note, sentence(fmt.Sprintf("%s; then this selector would be %s (%s)", reading, word(sv.Allowed), lineWord(sv.Line))))
	}
}

// priorityReading is the verdict of the last name (the most specific)
// whose reading found a record naming it, else of the first.
func (p *Policy) priorityReading(selector string) (Verdict, string) {
	for i := len(p.each) - 1; i > 0; i-- {
		sp := p.each[i]
		if len(sp.Groups) > 0 && !sp.Groups[0].IsStar(&sp.Dialect) {
			return sp.Test(selector), sp.Dialect.Crawler.Agents[0]
		}
	}
	return p.each[0].Test(selector), p.each[0].Dialect.Crawler.Agents[0]
}

func lineWord(n int) string {
	if n == 0 {
		return "no rule matched"
	}
	return "line " + strconv.Itoa(n)
}

// crawlerNotes explain the quirks that decided this verdict, citing the
// crawler's code: rules the crawler reads differently from how a person
// would, and the target it builds.
func (p *Policy) crawlerNotes(selector, target string, decided *compiledRule, notes *[]string) {
	d := &p.Dialect
	c := d.Crawler
	if plain, err := SelectorFrom(selector); err == nil && plain != target {
		*notes = append(*notes, sentence(fmt.Sprintf("%s compares %q, not %q (%s)", c.Name, target, plain, c.Cite("target"))))
	}
	if decided != nil && decided.line.Pos.Line > 0 {
		for _, g := range p.Groups {
			if g.Implicit() && containsLine(g.Rules, decided.line) && d.unionAgent(&Group{Agents: g.Agents[1:]}, c.Agents) == nil {
				*notes = append(*notes, sentence(p.preambleNote(g, decided.line)))
				break
			}
		}
	}
	if decided != nil && !decided.allow {
		for _, l := range p.unreadAllows {
			if v := strings.TrimRight(l.Value, "*$"); !strings.ContainsAny(v, "*$") && strings.HasPrefix(target, d.NormalizePattern(v)) {
				*notes = append(*notes, sentence(fmt.Sprintf("%s reads no Allow lines (%s), so %s does not apply", c.Name, c.Cite("lines"), LineAndRule(l))))
				break
			}
		}
	}
	if c.OffWhen != "" && decided != nil && !decided.allow {
		*notes = append(*notes, sentence(c.OffWhen))
	}
	t := p.tab
	if d.NoRulesBanLater && !hasDisallow(t) {
		*notes = append(*notes, sentence(fmt.Sprintf("%s collects no rule here and stores that as one empty prefix (%s), so every URL of the host after the first is banned, for good", c.Name, c.Cite("stored"))))
	}
	if t == nil {
		return
	}
	if decided != nil && decided.indexDir {
		*notes = append(*notes, sentence(fmt.Sprintf("%s allows the directory of an Allowed index.html too (%s)", c.Name, c.Cite("index"))))
	}
	if decided != nil && decided.segment {
		if shape := segmentShape(decided.pattern); shape != "" {
			*notes = append(*notes, sentence(c.Name+": "+shape))
		}
	}
	if decided != nil && d.Normalize == FoldedURL && decided.line.Pos.Line > 0 {
		// The rule as written against the target's own case.
		if v := foldedRuleCase(decided.line.Value); !strings.HasPrefix(foldedURLCase(selector), v) {
			*notes = append(*notes, sentence(fmt.Sprintf("%s compares rule and URL case-insensitively (%s), so %s matches here", c.Name, c.Cite("decision"), LineAndRule(decided.line))))
		}
	}
	for i := range t.rules {
		r := &t.rules[i]
		if decided == nil && d.Patterns == TrailingStarPrefix && !r.allow && r.pattern == "" && strings.HasSuffix(r.line.Value, "*") {
			*notes = append(*notes, sentence(fmt.Sprintf("%s cuts the trailing * of %s, which leaves an empty rule that blocks nothing (%s)", c.Name, LineAndRule(r.line), c.Cite("stars"))))
		}
		if r.allow || r.pattern == "" {
			continue
		}
		if r.segment && decided == nil && strings.IndexByte(r.pattern, '*') < 0 && strings.HasPrefix(target, r.pattern) {
			*notes = append(*notes, sentence(segmentMissNote(c, r, target)))
		}
		if decided == nil && strings.Contains(r.line.Value, "#") {
			if v := strings.TrimSpace(r.line.Value[:strings.IndexByte(r.line.Value, '#')]); v != "" && strings.HasPrefix(target, d.NormalizePattern(v)) {
				*notes = append(*notes, sentence(fmt.Sprintf("%s keeps the comment in %s as part of the rule (%s), so it does not match here", c.Name, LineAndRule(r.line), c.Cite("comments"))))
			}
		}
	}
	for i := range t.dropped {
		r := &t.dropped[i]
		switch {
		case r.clearedBy != nil && r.pattern != "" && !r.allow && r.matches(d.Patterns, target):
			*notes = append(*notes, sentence(fmt.Sprintf("%s would match, but the empty Disallow on line %d cleared every rule collected before it (%s)", LineAndRule(r.line), r.clearedBy.Pos.Line, c.Cite("empty"))))
		case r.innerStar && GlobDollar.Match(r.line.Value, target):
			*notes = append(*notes, sentence(fmt.Sprintf("%s drops %s, which has a * before its end (%s)", c.Name, LineAndRule(r.line), c.Cite("stars"))))
		}
	}
}

func containsLine(ls []*Line, l *Line) bool {
	for _, x := range ls {
		if x == l {
			return true
		}
	}
	return false
}

func (p *Policy) preambleNote(g *Group, l *Line) string {
	d := &p.Dialect
	if d.Preamble == PreambleStarUnlessUserAgent {
		return fmt.Sprintf("the file lacks the text \"User-Agent:\", so %s puts User-Agent: * before it (%s): %s applies to it", d.name(), d.cite("preamble"), g.Label())
	}
	if d.Preamble == PreambleStarRun && len(g.Agents) > 1 {
		return fmt.Sprintf("%s starts every file inside a User-agent: * run (%s), so the group of %s applies to it too", d.name(), d.cite("preamble"), LineAndRule(g.Agents[1]))
	}
	return fmt.Sprintf("%s comes before any User-agent line, and %s applies such rules to every crawler (%s)", LineAndRule(l), d.name(), d.cite("preamble"))
}

// hasDisallow: the table has a rule that can disallow something.
func hasDisallow(t *ruleTable) bool {
	if t == nil {
		return false
	}
	for i := range t.rules {
		if !t.rules[i].allow && t.rules[i].pattern != "" {
			return true
		}
	}
	return false
}

// noteUnreadFields names the User-agent and Disallow lines that the
// crawler's own line syntax does not read as such (a colon in the value
// for TLGS, an indented line for Gemplex, "Disallow :" for gemini-grc),
// or reads where the shared lexer does not (Protego's second chance),
// the first three of them.
func (p *Policy) noteUnreadFields(rs *Ruleset) {
	d := &p.Dialect
	if d.UTF8Only && rs.File.InvalidUTF8Line > 0 {
		p.Notes = append(p.Notes, sentence(fmt.Sprintf("%s reads a file that is not UTF-8 (line %d is not) as an empty file (%s), so no rule applies", d.Crawler.Name, rs.File.InvalidUTF8Line, d.cite("utf8"))))
		return
	}
	if d.tooLong(rs.File) || d.Lines == PythonLines {
		return // fileNotes says why no line is read; Python's lines are not the file's
	}
	n, upto := 0, len(rs.File.Lines)
	if d.readsPastCut(rs.File) {
		upto-- // the cut line is read whole, and the lines after it compacted
	} else if len(rs.lines) != upto {
		return // Protego broke lines where the file's lexer does not
	}
	for i := range upto {
		l, own := &rs.File.Lines[i], &rs.lines[i]
		note := ""
		if d.Lines == ProtegoLines {
			note = protegoNote(d, l, own)
		}
		if note == "" {
			if l.Kind != FieldLine || l.Key != UserAgent && l.Key != Disallow || own.Kind == FieldLine && own.Key == l.Key {
				continue
			}
			if d.Grouping == NoGroups && l.Key == UserAgent {
				continue // it reads no User-agent line anyway
			}
			note = sentence(fmt.Sprintf("%s does not read %s as a %s line (%s)", d.Crawler.Name, LineAndRule(l), l.Name, d.cite("lines")))
		}
		if n++; n > 3 {
			p.Notes = append(p.Notes, sentence("More lines are read that way"))
			return
		}
		p.Notes = append(p.Notes, note)
	}
}

// allowLines are the first max Allow lines of the file with a value.
func allowLines(f *File, max int) []*Line {
	var out []*Line
	for i := range f.Lines {
		if l := &f.Lines[i]; l.Kind == FieldLine && l.Key == Allow && l.Value != "" {
			if out = append(out, l); len(out) == max {
				break
			}
		}
	}
	return out
}

// protegoNote says how Protego reads a line that the shared lexer reads
// otherwise: a field without a colon, or an agent without its stars.
func protegoNote(d *Dialect, l, own *Line) string {
	switch {
	case l.Kind != FieldLine && own.Kind == FieldLine:
		return sentence(fmt.Sprintf("%s reads line %d, %q, which has no colon, as a %s line with the value %q (%s)", d.Crawler.Name, l.Pos.Line, l.Text, own.Name, own.Value, d.cite("second-chance")))
	case l.Kind == FieldLine && own.Kind == FieldLine && own.Value != l.Value:
		return sentence(fmt.Sprintf("%s reads %s as the agent %q, without its stars (%s)", d.Crawler.Name, LineAndRule(l), own.Value, d.cite("agent-stars")))
	}
	return ""
}

// sentence makes a note a whole sentence, as notes are joined: a
// capital first letter and a final full stop. A crawler whose name is
// written in lower case (gemini-grc, mozz-archiver) keeps it, after
// "The crawler".
func sentence(s string) string {
	if s == "" {
		return s
	}
	if strings.HasPrefix(s, "gemini-grc") || strings.HasPrefix(s, "mozz-archiver") {
		s = "The crawler " + s
	} else if c := s[0]; c >= 'a' && c <= 'z' {
		s = string(c-'a'+'A') + s[1:]
	}
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// segmentMissNote says why a TLGS rule that starts the target does not
// cover it: the rule ends in "/" and the path is exactly one byte longer,
// which the code's size test leaves out (an off-by-one), or the path goes
// on past the rule's last segment without a "/".
func segmentMissNote(c *Crawler, r *compiledRule, target string) string {
	if len(target) == len(r.pattern)+1 && strings.HasSuffix(r.pattern, "/") {
		return fmt.Sprintf("%s needs a path at least two bytes longer than a rule ending in \"/\" (%s, an off-by-one), so %s does not cover %q, one byte longer", c.Name, c.Cite("off-by-one"), LineAndRule(r.line), target)
	}
	return fmt.Sprintf("%s compares whole path segments (%s), so %s does not cover %q", c.Name, c.Cite("segments"), LineAndRule(r.line), target)
}
