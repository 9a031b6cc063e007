package core

import (
	"fmt"
	"strconv"
	"strings"
)

// Policy is what a ruleset says to one bot: the groups chosen for it,
// why, and its rules ready to test many selectors.
type Policy struct {
	Dialect Dialect
	Agent   Agent
	Groups  []*Group // the applicable groups, in file order (none: all allowed)
	Why     string   // why these groups were chosen
	Notes   []string // interpretation notes that hold for every selector

	// Ruleless records skipped that named the bot or *, and the line of
	// the last one (skipRuleless notes only the first few).
	ruleless, lastRuleless int

	// Gemini's "should still respect *": the groups under the reading
	// where the `*` record always applies too. Nil when it changes nothing.
	alternative *Policy
	altNote     string

	// The readings of an EachAgent preset, one per agent name; all must allow.
	each []*Policy

	tab *ruleTable // the chosen groups' rules, maybe shared with other policies of the ruleset

	// Verdict fields that are the same for every selector, made once.
	agent      string
	group      string
	groupLines []int
	notes      string  // Notes joined, as they were when compiled
	notesN     int     // len(Notes) then
	notes0     *string // &Notes[0] then

	// Allow lines of the file, for a preset that reads none: the first
	// few, to say so when one would have matched.
	unreadAllows []*Line

	// The line the crawler's parser fails on, and why: every selector
	// then skips the host (ParseErrorSkipsHost).
	failLine *Line
	failWhy  string
}

type compiledRule struct {
	line     *Line
	pattern  string // value after the dialect's normalisation
	group    int32  // position of the rule's group among the policy's (0 for all when merged)
	star     int32  // first * in pattern, -1 if none (when not literal)
	allow    bool
	literal  bool   // no operator in pattern under the dialect's syntax: a plain prefix
	anchored bool   // pattern ends in a $ that anchors it (when not literal)
	segment  bool   // matched by TLGS's shapes (SegmentGlob)
	indexDir bool   // added for an Allow of .../index.html (IndexAllowsDir)
	prefix   string // the literal start of pattern that every selector it matches has

	// Why a dropped rule is not used.
	innerStar bool  // a star left after the trailing one was cut
	clearedBy *Line // the empty Disallow that cleared it
}

// matches is s.Match(r.pattern, sel), with the operators found once
// when the rule was compiled.
func (r *compiledRule) matches(s PatternSyntax, sel string) bool {
	if r.literal {
		return strings.HasPrefix(sel, r.pattern)
	}
	if r.segment {
		return segmentMatch(r.pattern, sel)
	}
	if s == UnanchoredGlob {
		return unanchoredMatch(r.pattern, sel)
	}
	pattern := r.pattern
	if r.anchored {
		pattern = pattern[:len(pattern)-1]
	}
	return globMatch(pattern, int(r.star), r.anchored, sel)
}

// Policy chooses the groups that apply to a bot. Do it once per bot and
// call Test for each selector.
//
// A crawler preset tests its own agent names (Crawler.Agents): a is not
// used, and the verdicts name the crawler's identity instead.
func (rs *Ruleset) Policy(a Agent) *Policy {
	p := &Policy{Dialect: rs.Dialect, Agent: a}
	d := &p.Dialect
	if d.Crawler != nil {
		p.Agent = Agent{Raw: d.Crawler.Identity()}
		if d.EachAgent && len(d.Crawler.Agents) > 1 {
			p.chooseEach(rs)
			p.Notes = append(p.Notes, d.fileNotes(rs.File)...)
			return p
		}
	}
	p.chooseGroups(rs)
	if c := d.Crawler; c != nil && c.AllRulesReading != "" && d.Selection != AllRules {
		alt := *d
		alt.Grouping, alt.Selection, alt.Preamble = NoGroups, AllRules, PreambleIgnored
		p.alternative, p.altNote = alt.compile(rs.File).Policy(a), c.AllRulesReading
	}
	p.failLine, p.failWhy = rs.failLine, rs.failWhy
	p.noteMoreRuleless()
	if d.Crawler != nil && rs.lines != nil {
		p.noteUnreadFields(rs)
	}
	if d.Crawler != nil && !d.AllowField {
		p.unreadAllows = allowLines(rs.File, 8)
	}
	if !rs.eachPart {
		p.Notes = append(p.Notes, d.fileNotes(rs.File)...)
	}
	if c := d.Crawler; c != nil && !c.Verified {
		p.Notes = append(p.Notes, c.Name+" is unverified: no code was read, this preset follows its maintainer's description ("+c.Cite("agents")+").")
	}
	p.compile(rs)
	return p
}

// agentMatches compares one agent-line value with one bot name or role.
func (d *Dialect) AgentMatches(value, name string) bool {
	if name == "" {
		return false
	}
	switch d.Agents {
	case ExactCase:
		return value == name
	case TokenPrefix:
		v := strings.ToLower(value)
		return v != "" && strings.HasPrefix(strings.ToLower(name), v)
	case TokenEqual:
		return strings.EqualFold(value, name)
	case ProductToken:
		t := ProductTokenOf(value)
		return t != "" && strings.EqualFold(t, ProductTokenOf(name))
	default:
		if d.Normalize == PythonQuote {
			value = pyUnquote(value)
		} else if value == "" {
			return false // an empty value names no robot
		}
		return containsLower(name, value)
	}
}

// containsLower is strings.Contains(strings.ToLower(s), strings.ToLower(sub))
// without building the lower-case copies when both are ASCII, the usual case.
func containsLower(s, sub string) bool {
	if !IsASCII(s) || !IsASCII(sub) {
		return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
	}
	n := len(sub)
	for i := 0; i+n <= len(s); i++ {
		if equalFoldASCII(s[i:i+n], sub) {
			return true
		}
	}
	return false
}

func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// equalFoldASCII compares two ASCII strings of equal length, ignoring case.
func equalFoldASCII(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x != y && LowerASCII(x) != LowerASCII(y) {
			return false
		}
	}
	return true
}

func LowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// groupNames reports the first agent line of g matching any of names.
func (d *Dialect) groupNames(g *Group, names []string) *Line {
	for _, l := range g.Agents {
		if IsStarValue(d, l.Value) {
			continue
		}
		for _, n := range names {
			if d.AgentMatches(l.Value, n) {
				return l
			}
		}
	}
	return nil
}

// lineAndRule quotes a line for a reason: `line 3 "User-agent: GUS"`.
func LineAndRule(l *Line) string { return string(appendLineAndRule(nil, l)) }

func appendLineAndRule(b []byte, l *Line) []byte {
	b = append(b, "line "...)
	b = strconv.AppendInt(b, int64(l.Pos.Line), 10)
	b = append(b, ' ')
	return strconv.AppendQuote(b, l.Rule())
}

// ruleLines lists lines for a reason, joined by ", ", in one buffer: a
// policy may name thousands.
type ruleLines struct{ b []byte }

func (r *ruleLines) add(l *Line) {
	if len(r.b) > 0 {
		r.b = append(r.b, ", "...)
	}
	r.b = appendLineAndRule(r.b, l)
}

func (r *ruleLines) String() string { return string(r.b) }

func describeNames(a Agent, names []string) string {
	if a.Name == "" && a.Raw != "" && len(a.Roles) == 0 && len(names) > 0 {
		return fmt.Sprintf("the crawler's agent names %q", strings.Join(names, ", ")) // a preset
	}
	if a.Name != "" {
		return fmt.Sprintf("the bot's name %q", a.Name)
	}
	if len(names) == 0 {
		return "an unnamed bot with no virtual agent"
	}
	return fmt.Sprintf("the unnamed bot's virtual agent names %q", strings.Join(names, ", "))
}

// botNames are the names a dialect that knows no virtual agents tries:
// a preset's own agent names, else namesWithoutRoles (with a note).
func (p *Policy) botNames() []string {
	if c := p.Dialect.Crawler; c != nil {
		return c.Agents
	}
	names := p.Agent.namesWithoutRoles()
	p.noteRolesAsNames(names)
	return names
}

func (p *Policy) noteRolesAsNames(names []string) {
	if p.Agent.Name == "" && len(names) > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("The %s dialect knows no virtual agents; the unnamed bot is matched by the names %s instead.", p.Dialect.ID, strings.Join(names, ", ")))
	} else if p.Agent.Name != "" && len(p.Agent.Roles) > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("The %s dialect knows no virtual agents; only the name %q is matched, not %s.", p.Dialect.ID, p.Agent.Name, strings.Join(p.Agent.Roles, ", ")))
	}
}

// maxRepeatedNotes: a file of thousands of lines that each call for the
// same kind of note (ruleless records, agent names that are roles) must
// not make a kept policy hold a note for each (36,000 of them held
// 13 MiB), so those past the first few share one note.
const maxRepeatedNotes = 3

func (p *Policy) noteMoreRuleless() {
	if n := p.ruleless - maxRepeatedNotes; n > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("%d more records that name this robot or * have no rule this dialect reads either, so they are not used (the last at line %d).", n, p.lastRuleless))
	}
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// compile prepares the chosen groups' rules for fast testing.
func (p *Policy) compile(rs *Ruleset) {
	d := &p.Dialect
	p.agent = p.Agent.String()
	var labels strings.Builder      // the groups' labels joined by "; "
	labels.Grow(48 * len(p.Groups)) // a typical label's length
	p.groupLines = make([]int, 0, len(p.Groups))
	for i, g := range p.Groups {
		if i > 0 {
			labels.WriteString("; ")
		}
		g.writeLabel(&labels)
		p.groupLines = append(p.groupLines, g.FirstLine())
	}
	p.group = labels.String()
	p.notes, p.notesN, p.notes0 = strings.Join(p.Notes, " "), len(p.Notes), nil
	if len(p.Notes) > 0 {
		p.notes0 = &p.Notes[0]
	}
	p.tab = rs.table(d, p.Groups)
}

// compileRules prepares the rules of groups for testing, in file order
// within each group. Under MergeEqual the groups count as one. Rules the
// dialect drops (a Kennedy rule with an inner star, rules an empty
// Disallow cleared) go to the second list, for notes.
func compileRules(d *Dialect, groups []*Group) (rules, dropped []compiledRule) {
	n := 0
	for _, g := range groups {
		n += len(g.Rules)
	}
	rules = make([]compiledRule, 0, n)
	for gi, g := range groups {
		seq := int32(gi)
		if d.Selection == MergeEqual {
			seq = 0
		}
		for _, l := range g.Rules {
			k := d.FieldOf(l)
			allow := k == Allow
			if d.Normalize == PythonQuote && l.Value == "" {
				allow = true // robotparser: an empty Disallow allows everything
			}
			if d.EmptyClears && !allow && l.Value == "" {
				// marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:45-46
				for i := range rules {
					rules[i].clearedBy = l
				}
				dropped, rules = append(dropped, rules...), rules[:0]
				continue
			}
			for _, value := range ruleValues(d, l.Value) {
				pat := d.NormalizePattern(value)
				r := compiledRule{line: l, allow: allow, group: seq}
				if d.Patterns == TrailingStarPrefix {
					var ok bool
					pat, ok = cutTrailingStar(pat)
					if r.innerStar = !ok; r.innerStar {
						r.pattern = pat
						dropped = append(dropped, r)
						continue
					}
				}
				if d.RootRules && pat != "" && pat[0] != '/' {
					pat = "/" + pat
				}
				r.pattern = pat
				star, dollar := HasOperators(pat)
				switch d.Patterns {
				case Prefix, TrailingStarPrefix:
					r.literal = true
				case SegmentGlob:
					r.segment = true
				case UnanchoredGlob:
					r.literal = !strings.ContainsAny(pat, "*$")
				default:
					r.literal = !star && !(dollar && d.Patterns == GlobDollar)
				}
				r.anchored = d.Patterns == GlobDollar && dollar
				body := pat // without the anchoring $
				if r.anchored {
					body = body[:len(body)-1]
				}
				r.star = int32(strings.IndexByte(body, '*'))
				r.prefix = requiredPrefix(d.Patterns, &r)
				rules = append(rules, r)
				if d.IndexAllowsDir && allow && strings.HasSuffix(pat, "/index.html") && d.Patterns == GlobDollar {
					// scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:205-206: the
					// directory itself, anchored, is allowed too.
					dir := compiledRule{line: l, allow: true, group: seq, anchored: true, star: -1, indexDir: true}
					dir.pattern = strings.TrimSuffix(pat, "index.html") + "$"
					dir.star = int32(strings.IndexByte(dir.pattern[:len(dir.pattern)-1], '*'))
					dir.prefix = requiredPrefix(d.Patterns, &dir)
					rules = append(rules, dir)
				}
			}
		}
	}
	return rules, dropped
}

// Setting is a delay or re-check value that applies to the bot.
type Setting struct {
	Field Field  `json:"field"`
	Value string `json:"value"`
	Line  int    `json:"line"`
	Valid bool   `json:"valid"` // the value is a whole number of seconds (or n/m for Request-rate)
}

// Settings lists the delay fields of the chosen groups that the dialect honours.
func (p *Policy) Settings() []Setting {
	var out []Setting
	for _, g := range p.Groups {
		for _, l := range g.Settings {
			out = append(out, Setting{Field: p.Dialect.FieldOf(l), Value: l.Value, Line: l.Pos.Line, Valid: ValidSetting(p.Dialect.FieldOf(l), l.Value)})
		}
	}
	return out
}

func ValidSetting(k Field, v string) bool {
	if k == RequestRate {
		a, b, ok := strings.Cut(v, "/")
		return ok && IsDigits(strings.TrimSpace(a)) && IsDigits(strings.TrimSpace(b))
	}
	return IsDigits(v)
}

func IsDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// ruleValues are the patterns a rule line gives: for Protego, a value
// with a $ also gives itself with each $ as %24, first, matching the
// quoted $ of a URL (scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:196-197,209-210).
func ruleValues(d *Dialect, v string) []string {
	if d.Normalize == AnySpelling {
		// Each rule also as percent-decoded (cameronrye/gopher-mcp@43f5afc2bc562c50043ff803334cab827a121ec0:src/gopher_mcp/robots.py:184-190).
		if u := pyUnquote(v); u != v {
			return []string{v, u}
		}
	}
	if d.Normalize == ProtegoQuote && strings.Contains(v, "$") {
		return []string{strings.ReplaceAll(v, "$", "%24"), v}
	}
	return []string{v}
}
