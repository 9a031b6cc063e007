package core

import (
	"fmt"
	"strconv"
	"strings"
)

// How a dialect chooses the groups that apply to a bot: the dispatch on
// Selection and every strategy, in one file.

// chooseGroups fills in p.Groups and p.Why by the dialect's Selection.
func (p *Policy) chooseGroups(rs *Ruleset) {
	d := &p.Dialect
	switch d.Selection {
	case AllRules:
		p.Groups = rs.Groups
		p.Why = "this dialect has no groups: every Disallow line applies to every robot"
		if d.Crawler != nil {
			p.Why = d.Crawler.Name + " ignores User-agent: every Disallow line applies to it (" + d.cite("agents") + ")"
		}
	case FirstInFileOrder:
		p.chooseFirstInFileOrder(rs)
	case FirstStarLast:
		p.chooseFirstStarLast(rs)
	case CombineMatching:
		p.chooseCombineMatching(rs)
	case MostTargeted:
		p.chooseMostTargeted(rs)
	case MergeEqual:
		p.chooseMergeEqual(rs)
	case UnionMatching:
		p.chooseUnion(rs)
	case BestSubstring:
		p.chooseBestSubstring(rs)
	case LongestToken:
		p.chooseLongestToken(rs)
	case SpecificElseStar:
		p.chooseSpecificElseStar(rs)
	}
	if c := d.Crawler; c != nil && len(c.AddOnlyAgents) > 0 {
		p.addOnly(rs, c.AddOnlyAgents)
	}
}

// chooseSpecificElseStar takes every group naming one of the crawler's
// names other than `*`, all together, even one with no rule; only when
// none does, the `*` groups (SpecificElseStar).
func (p *Policy) chooseSpecificElseStar(rs *Ruleset) {
	d := &p.Dialect
	var specific []string
	for _, n := range p.botNames() {
		if n != "*" {
			specific = append(specific, n)
		}
	}
	matched, stars, why := p.namedOrStar(rs, specific)
	switch {
	case len(matched) > 0:
		p.Groups = matched
		p.Why = fmt.Sprintf("%s reads every group naming %s together, and the * group only when none does (%s): %s", d.name(), quoteNames(specific), d.cite("selection"), why.String())
	case len(stars) > 0:
		p.Groups = stars
		p.Why = fmt.Sprintf("no group names %s, so the * group applies (%s)", quoteNames(specific), d.cite("selection"))
	default:
		p.Why = fmt.Sprintf("no group names %s and there is no * group: everything is allowed", quoteNames(specific))
	}
}

// namedOrStar sorts the groups a reader can use (skipRuleless) into
// those naming one of names, with the lines that do, and the * groups.
func (p *Policy) namedOrStar(rs *Ruleset, names []string) (matched, stars []*Group, why ruleLines) {
	d := &p.Dialect
	for _, g := range rs.Groups {
		if p.skipRuleless(g, names) {
			continue
		}
		if l := d.groupNames(g, names); l != nil {
			matched = append(matched, g)
			why.add(l)
		} else if g.IsStar(d) {
			stars = append(stars, g)
		}
	}
	return matched, stars, why
}

// addOnly adds the groups naming one of names to those chosen, in file
// order: their rules only ever add (Crawler.AddOnlyAgents).
func (p *Policy) addOnly(rs *Ruleset, names []string) {
	d := &p.Dialect
	var added []*Group
	var why ruleLines
	for _, g := range rs.Groups {
		if containsGroup(p.Groups, g) {
			continue
		}
		if l := d.groupNames(g, names); l != nil {
			added = append(added, g)
			why.add(l)
		}
	}
	if len(added) == 0 {
		return
	}
	p.Groups = mergeInFileOrder(p.Groups, added)
	p.Why += fmt.Sprintf("; %s also obeys the groups naming one of its %d add-only tokens, on top of those and never in place of the * group (%s): %s", d.name(), len(names), d.cite("add-only"), why.String())
}

// isStarValue: RFC 9309 readers (Google's) also take `* something` as `*`.
func IsStarValue(d *Dialect, v string) bool {
	if d.Agents == ProductToken {
		return v == "*" || strings.HasPrefix(v, "*") && (v[1] == ' ' || v[1] == '\t')
	}
	if d.Normalize == PythonQuote {
		v = pyUnquote(v) // robotparser unquotes values as it reads them: %2A is *
	}
	return v == "*"
}

// chooseUnion takes every group naming one of the crawler's agent
// names, `*` included, all together (UnionMatching).
func (p *Policy) chooseUnion(rs *Ruleset) {
	d := &p.Dialect
	names := p.botNames()
	var why []string
	for _, g := range rs.Groups {
		l := d.unionAgent(g, names)
		if l == nil {
			continue
		}
		p.Groups = append(p.Groups, g)
		if l == &implicitStar {
			why = append(why, "the User-agent: * it assumes before line 1")
			continue
		}
		why = append(why, LineAndRule(l))
	}
	p.noteNearMisses(rs, names)
	if len(p.Groups) == 0 {
		p.Why = fmt.Sprintf("no group names %s: everything is allowed", quoteNames(names))
		return
	}
	p.Why = fmt.Sprintf("%s reads every group naming %s together (%s): %s", d.name(), quoteNames(names), d.cite("union"), strings.Join(why, ", "))
}

// unionAgent is the agent line of g that names one of names, `*` being
// a name like any other.
func (d *Dialect) unionAgent(g *Group, names []string) *Line {
	for _, l := range g.Agents {
		for _, n := range names {
			if d.AgentMatches(l.Value, n) {
				return l
			}
		}
	}
	return nil
}

// chooseBestSubstring: the group whose agent value is the longest
// substring of the crawler's name, merged with the other groups naming
// the same value (BestSubstring).
func (p *Policy) chooseBestSubstring(rs *Ruleset) {
	d := &p.Dialect
	names := p.botNames()
	best, score := "", 0
	for _, g := range rs.Groups {
		for _, l := range g.Agents {
			v := strings.ToLower(l.Value)
			s := 0
			switch {
			case v == "*":
				s = 1
			case v != "":
				for _, n := range names {
					if strings.Contains(strings.ToLower(n), v) {
						s = len(v)
					}
				}
			}
			if s > score { // the first of equal scores stays
				best, score = v, s
			}
		}
	}
	if score == 0 {
		p.Why = fmt.Sprintf("no group's agent occurs in %s and there is no * group: everything is allowed", quoteNames(names))
		return
	}
	var why ruleLines
	for _, g := range rs.Groups {
		for _, l := range g.Agents {
			if strings.ToLower(l.Value) == best {
				p.Groups = append(p.Groups, g)
				why.add(l)
				break
			}
		}
	}
	p.Why = fmt.Sprintf("%s picks the group whose agent is the longest part of %s (%s), merging the groups that name it: %s", d.name(), quoteNames(names), d.cite("agents"), why.String())
	if best == "*" {
		p.Why = fmt.Sprintf("no group's agent occurs in %s, so the * group applies (%s): %s", quoteNames(names), d.cite("agents"), why.String())
	}
}

// chooseEach reads the file once per agent name; the crawler fetches
// only what every reading allows (EachAgent).
func (p *Policy) chooseEach(rs *Ruleset) {
	d := &p.Dialect
	var whys []string
	for _, n := range d.Crawler.Agents {
		sub := *d
		c := *d.Crawler
		c.Agents = []string{n}
		sub.Crawler, sub.EachAgent = &c, false
		sp := (&Ruleset{Dialect: sub, File: rs.File, Groups: rs.Groups, tables: rs.tables, lines: rs.lines, eachPart: true}).Policy(Agent{})
		sp.Agent = p.Agent
		p.each = append(p.each, sp)
		as := "as "
		if len(whys) == 0 {
			as = "As " // the first starts a sentence
		}
		whys = append(whys, as+strconv.Quote(n)+": "+sp.Why)
		for _, g := range sp.Groups {
			if !containsGroup(p.Groups, g) {
				p.Groups = append(p.Groups, g)
			}
		}
	}
	p.Why = fmt.Sprintf("%s asks once per name, %s, and fetches only what every answer allows (%s). %s", d.name(), quoteNames(d.Crawler.Agents), d.cite("each"), strings.Join(whys, "; "))
	p.compile(rs)
}

func (p *Policy) chooseFirstInFileOrder(rs *Ruleset) {
	d := &p.Dialect
	names := p.Agent.namesWithoutRoles()
	p.noteRolesAsNames(names)
	for _, g := range rs.Groups {
		if p.skipRuleless(g, names) {
			continue
		}
		if l := d.groupNames(g, names); l != nil {
			p.Groups = []*Group{g}
			p.Why = fmt.Sprintf("first record in file order matching %s: line %d %q", describeNames(p.Agent, names), l.Pos.Line, l.Rule())
			return
		}
		if g.IsStar(d) {
			p.Groups = []*Group{g}
			p.Why = fmt.Sprintf("no record above it names the bot, so the * record at line %d applies (records below it are never used)", g.FirstLine())
			return
		}
	}
	p.Why = "no record names the bot and there is no usable * record: everything is allowed"
}

// skipRuleless: in the 1994 record format a record needs at least one
// rule; one without any (often because a blank line cut its rules off)
// names nobody, as in Python's robotparser, and the bot falls through to
// the next records or to `*`. A note says so when it named the bot.
func (p *Policy) skipRuleless(g *Group, names []string) bool {
	if p.Dialect.Grouping != BlankLineRecords || len(g.Rules) > 0 {
		return false
	}
	l := p.Dialect.groupNames(g, names)
	if l == nil && !g.IsStar(&p.Dialect) {
		return true
	}
	if p.ruleless++; p.ruleless > maxRepeatedNotes {
		p.lastRuleless = g.FirstLine()
		return true
	}
	if l != nil {
		p.Notes = append(p.Notes, "The record starting at "+LineAndRule(l)+" has no rule this dialect reads (a blank line may have cut them off), so that record is not used.")
	} else {
		p.Notes = append(p.Notes, "The * record at line "+strconv.Itoa(g.FirstLine())+" has no rule this dialect reads (a blank line may have cut them off), so it is not used.")
	}
	return true
}

func (p *Policy) chooseFirstStarLast(rs *Ruleset) {
	d := &p.Dialect
	names := p.botNames()
	var star *Group
	for _, g := range rs.Groups {
		if g.IsStar(d) {
			if star == nil {
				star = g
			}
			continue // robotparser keeps the first * record aside as the default
		}
		if l := d.groupNames(g, names); l != nil {
			p.Groups = []*Group{g}
			p.Why = fmt.Sprintf("first record matching %s: line %d %q", describeNames(p.Agent, names), l.Pos.Line, l.Rule())
			return
		}
	}
	if star != nil {
		p.Groups = []*Group{star}
		p.Why = fmt.Sprintf("no record names the bot, so the first * record (line %d) applies as the default", star.FirstLine())
		return
	}
	for l := range rs.eachLine() {
		if d.FieldOf(l) == UserAgent && IsStarValue(d, l.Value) {
			// The file has a * line, but robotparser dropped its record.
			p.Why = "no record names the bot, and the * record at line " + strconv.Itoa(l.Pos.Line) + " has no rule this dialect reads (a blank line may have cut them off), so it is not used: everything is allowed"
			return
		}
	}
	p.Why = "no record names the bot and there is no * record: everything is allowed"
}

func (p *Policy) chooseCombineMatching(rs *Ruleset) {
	names := append([]string{}, p.Agent.Roles...)
	if p.Agent.Name != "" {
		names = append([]string{p.Agent.Name}, names...)
	}
	matched, stars, why := p.namedOrStar(rs, names)
	switch {
	case len(matched) > 0:
		p.Groups = matched
		p.Why = "records naming the bot or one of its virtual agents, combined most restrictively: " + why.String()
		if len(stars) > 0 {
			alt := &Policy{Dialect: p.Dialect, Agent: p.Agent, Groups: mergeInFileOrder(matched, stars)}
			alt.Why = p.Why + ", plus the * record"
			alt.compile(rs)
			p.alternative = alt
			p.altNote = "The Gemini text also says bots should still respect the * record; read that way, the * record applies too"
		}
	case len(stars) > 0:
		p.Groups = stars
		p.Why = "no record names the bot or its virtual agents, so the * record applies"
	default:
		p.Why = "no record names the bot or its virtual agents and there is no usable * record: everything is allowed"
	}
}

func (p *Policy) chooseMostTargeted(rs *Ruleset) {
	d := &p.Dialect
	a := p.Agent
	// (1) a group naming the bot's own user agent: the first one.
	if a.Name != "" {
		for _, g := range rs.Groups {
			if l := d.groupNames(g, []string{a.Name}); l != nil {
				p.Groups = []*Group{g}
				p.Why = fmt.Sprintf("the most targeted group names the bot's user agent: line %d %q", l.Pos.Line, l.Rule())
				return
			}
		}
	}
	// (2) groups naming one of its specific virtual agents, combined.
	var byRole []*Group
	var why ruleLines
	for _, g := range rs.Groups {
		for _, l := range g.VirtualAgents {
			if l.Value == "*" {
				continue
			}
			if containsFold(a.Roles, l.Value) {
				byRole = append(byRole, g)
				why.add(l)
				break
			}
		}
	}
	p.noteUserAgentRoleClash(rs, byRole)
	if len(byRole) > 0 {
		p.Groups = byRole
		p.Why = "no group names the bot's user agent; groups naming its virtual agents apply, combined most restrictively: " + why.String()
		return
	}
	// (3) `Virtual-agent: *` if the bot declares any virtual agent.
	if len(a.Roles) > 0 {
		for _, g := range rs.Groups {
			if g.hasStarVirtualAgent() {
				p.Groups = []*Group{g}
				p.Why = fmt.Sprintf("the bot declares virtual agents but no group names them; the Virtual-agent: * group (line %d) applies", g.FirstLine())
				return
			}
		}
	}
	// (4) `User-agent: *`.
	for _, g := range rs.Groups {
		if g.IsStar(d) {
			p.Groups = []*Group{g}
			p.Why = fmt.Sprintf("no more targeted group; the User-agent: * group (line %d) applies", g.FirstLine())
			return
		}
	}
	p.Why = "no group applies to the bot: everything is allowed"
}

// noteUserAgentRoleClash: under Conner's proposal `User-agent: indexer`
// names a bot called "indexer", not the role. Say so when it matters.
func (p *Policy) noteUserAgentRoleClash(rs *Ruleset, byRole []*Group) {
	inByRole := make(map[*Group]bool, len(byRole))
	for _, g := range byRole {
		inByRole[g] = true
	}
	for _, role := range p.Agent.Roles {
		seen, last := 0, 0
		for _, g := range rs.Groups {
			for _, l := range g.Agents {
				if !strings.EqualFold(l.Value, role) || inByRole[g] {
					continue
				}
				if seen++; seen > maxRepeatedNotes {
					last = l.Pos.Line
					continue
				}
				p.Notes = append(p.Notes, "Here "+LineAndRule(l)+" names a user agent called "+strconv.Quote(l.Value)+", not the virtual agent: this proposal uses Virtual-agent: "+role+" for that (Gemini-style files read differently).")
			}
		}
		if n := seen - maxRepeatedNotes; n > 0 {
			p.Notes = append(p.Notes, fmt.Sprintf("%d more User-agent lines name a user agent called %q, not the virtual agent (the last at line %d).", n, role, last))
		}
	}
}

func (p *Policy) chooseMergeEqual(rs *Ruleset) {
	d := &p.Dialect
	names := p.Agent.namesWithoutRoles()
	p.noteRolesAsNames(names)
	var matched, stars []*Group
	var why ruleLines
	for _, g := range rs.Groups {
		if l := d.groupNames(g, names); l != nil {
			matched = append(matched, g)
			why.add(l)
		}
		if g.IsStar(d) {
			stars = append(stars, g)
		}
	}
	switch {
	case len(matched) > 0:
		p.Groups = matched
		p.Why = "groups whose user agent equals the bot's product token, merged: " + why.String()
	case len(stars) > 0:
		p.Groups = stars
		p.Why = "no group names the bot's product token, so the * groups apply, merged"
	default:
		p.Why = "no group names the bot and there is no * group: everything is allowed"
	}
}

// mergeInFileOrder merges two lists of groups, each in file order.
func mergeInFileOrder(a, b []*Group) []*Group {
	out := make([]*Group, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if b[0].Index < a[0].Index {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// chooseLongestToken: the one agent value that is the longest prefix of
// the crawler's name, `*` counting 1 and losing ties; every group naming
// it merged. A group with no rule and no delay is not there at all
// (LongestToken).
func (p *Policy) chooseLongestToken(rs *Ruleset) {
	d := &p.Dialect
	names := p.botNames()
	best, score := "", 0
	for _, g := range rs.Groups {
		if len(g.Rules)+len(g.Settings) > 0 && g.IsStar(d) {
			best, score = "*", 1
		}
	}
	for _, g := range rs.Groups {
		if len(g.Rules)+len(g.Settings) == 0 {
			continue
		}
		for _, l := range g.Agents {
			v := strings.ToLower(l.Value)
			if v == "*" || len(v) <= score {
				continue
			}
			for _, n := range names {
				if d.AgentMatches(v, n) {
					best, score = v, len(v)
				}
			}
		}
	}
	if score == 0 {
		p.Why = fmt.Sprintf("no group's agent starts %s and there is no * group: everything is allowed", quoteNames(names))
		return
	}
	var why []string
	for _, g := range rs.Groups {
		if len(g.Rules)+len(g.Settings) == 0 {
			continue
		}
		for _, l := range g.Agents {
			if strings.ToLower(l.Value) == best {
				p.Groups = append(p.Groups, g)
				if l == &implicitStar {
					why = append(why, "the User-Agent: * it puts before line 1")
				} else {
					why = append(why, LineAndRule(l))
				}
				break
			}
		}
	}
	p.Why = fmt.Sprintf("%s takes the one group whose agent is the longest start of %s, merging the groups that name it, and nothing from * besides (%s): %s", d.name(), quoteNames(names), d.cite("selection"), strings.Join(why, ", "))
	if best == "*" {
		p.Why = fmt.Sprintf("no group's agent starts %s, so the * group applies (%s): %s", quoteNames(names), d.cite("selection"), strings.Join(why, ", "))
	}
}
