package lint

import (
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// Checks of one line at a time: field names, agent values, patterns and
// delay values.

// lintFields are the fields a misspelt name is compared with.
var lintFields = []core.Field{core.UserAgent, core.VirtualAgent, core.Disallow, core.Allow, core.CrawlDelay, core.Check, core.RequestRate, core.Sitemap, core.Host}

func (lt *linter) lineChecks(i int) {
	l := &lt.f.Lines[i]
	switch l.Kind {
	case core.NoColon:
		lt.noColon(l)
		return
	case core.FieldLine:
	default:
		return
	}
	if l.Key == "" {
		lt.unknownName(l)
		return
	}
	switch l.Key {
	case core.UserAgent:
		lt.userAgentValue(i, l)
	case core.VirtualAgent:
		lt.virtualAgentField(i, l)
	case core.Disallow, core.Allow:
		lt.pattern(i, l)
	case core.CrawlDelay, core.Check, core.RequestRate:
		lt.setting(l)
	}
}

// noColon: a line that is neither a comment nor `field: value`.
func (lt *linter) noColon(l *core.Line) {
	content := l.Text
	if i := strings.IndexByte(content, '#'); i >= 0 {
		content = content[:i]
	}
	content = core.TrimSpaceTab(content)
	word, rest := content, ""
	if i := strings.IndexAny(content, " \t="); i >= 0 {
		word, rest = content[:i], content[i:]
	}
	k, ok := fieldNamed(word)
	if !ok {
		// A name of two words: `User agent *`.
		if w2, r2, found := strings.Cut(core.TrimSpaceTab(rest), " "); found || w2 != "" {
			if k, ok = fieldNamed(word + " " + w2); ok {
				rest = r2
			}
		}
	}
	rest = core.TrimSpaceTab(strings.TrimLeft(core.TrimSpaceTab(rest), "="))
	if ok && recognisers(k) != 0 {
		lt.add(l.Pos.Line, 0, "no-colon", SevError, inAll,
			"%s has no colon, so every dialect ignores it. If it is meant as a %s line, write %s.",
			quote(content), fieldTitle(k), quote(strings.TrimSpace(fieldTitle(k)+": "+rest)))
		return
	}
	lt.add(l.Pos.Line, 0, "no-colon", SevWarning, inAll,
		"%s has no colon and is not a comment, so every dialect ignores it. Start comments with #.", quote(content))
}

// fieldNamed reads a word as a field name, allowing for misspellings.
func fieldNamed(word string) (core.Field, bool) {
	lower := strings.ToLower(word)
	if k, ok := core.KnownFields[lower]; ok {
		return k, true
	}
	if k, ok := core.GoogleTypos[lower]; ok {
		return k, true
	}
	return nearField(word)
}

// unknownName: a field name that is not a known field, either a
// misspelling of one or a field no dialect knows.
func (lt *linter) unknownName(l *core.Line) {
	if l.Name == "" {
		lt.add(l.Pos.Line, 0, "unknown-field", SevInfo, inAll,
			"This line has nothing before its colon, so it names no field and every dialect ignores it.")
		return
	}
	k, googleTypo := l.Typo, true
	if k == "" {
		googleTypo = false
		var ok bool
		if k, ok = nearField(l.Name); !ok {
			lt.add(l.Pos.Line, 0, "unknown-field", SevInfo, inAll,
				"No dialect knows the field %s; every dialect ignores this line.", quote(l.Name))
			return
		}
	}
	readers := recognisers(k)
	if readers == 0 {
		lt.add(l.Pos.Line, 0, "field-typo", SevInfo, inAll,
			"%s looks like a misspelling of %s, which no dialect here reads; crawlers that do read %s will ignore this line.",
			quote(l.Name), fieldTitle(k), fieldTitle(k))
		return
	}
	var accept dialectSet
	if googleTypo {
		for i := range lintDialects {
			if lintDialects[i].AcceptTypos {
				accept |= 1 << i
			}
		}
	}
	accept &= readers // rfc9309 at most, which every scope keeps
	ignore := readers &^ accept
	if accept != 0 {
		lt.add(l.Pos.Line, 0, "field-typo", SevError, ignore, "%s",
			quote(l.Name)+" is a misspelling of "+fieldTitle(k)+". "+accept.says("accepts", "accept")+" it, as Google's parser does, but "+ignore.says("ignores", "ignore")+" the line. Write "+quote(fieldTitle(k)+":")+".")
		return
	}
	lt.add(l.Pos.Line, 0, "field-typo", SevError, ignore,
		"%s looks like a misspelling of %s; no dialect accepts it, so %s the line. Write %s.",
		quote(l.Name), fieldTitle(k), ignore.says("ignores", "ignore"), quote(fieldTitle(k)+":"))
}

// nearField finds the known field a name is a near miss of: equal once
// case, spaces, hyphens and underscores are dropped, or within a small
// edit distance (one edit for short names, two for longer ones).
func nearField(name string) (core.Field, bool) {
	c := compactName(name)
	if len(c) < 3 {
		return "", false
	}
	best, bestDist := core.Field(""), 3
	for _, k := range lintFields {
		kc := compactName(string(k))
		limit := 2
		if len(kc) <= 4 {
			limit = 1
		}
		if d := editDistance(c, kc, limit); d <= limit && d < bestDist {
			best, bestDist = k, d
		}
	}
	return best, best != ""
}

func compactName(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '-' || c == '_':
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// editDistance is the optimal string alignment distance (insertions,
// deletions, substitutions, swaps of neighbours), or limit+1 once it is
// known to exceed limit. Meant for short words: it stops early when the
// lengths alone differ too much.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	var rows [3][24]int // short words need no allocation
	var prev2, prev, cur []int
	if len(b) < len(rows[0]) {
		prev2, prev, cur = rows[0][:len(b)+1], rows[1][:len(b)+1], rows[2][:len(b)+1]
	} else {
		prev2, prev, cur = make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	}
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// userAgentValue: empty values, versions and virtual agents written
// as user agents.
func (lt *linter) userAgentValue(i int, l *core.Line) {
	v := l.Value
	readers := lt.readers(i)
	if v == "" {
		var none, every dialectSet
		for _, w := range lt.views {
			if readers&w.bit == 0 {
				continue
			}
			if w.d.AgentMatches(v, "anybot") {
				every |= w.bit
			} else {
				none |= w.bit
			}
		}
		everyClause := every.String() + " (Python's substring test) " + every.verb("applies", "apply") + " the group to every robot"
		msg := "This User-agent line has no value. " + none.either(none.says("takes", "take")+" it as naming no robot"+every.only(", while "+everyClause), everyClause)
		lt.add(l.Pos.Line, 0, "empty-user-agent", SevWarning, readers, "%s. Name a robot or write *.", msg)
		return
	}
	if v == "*" {
		return
	}
	if slash := strings.IndexByte(v, '/'); slash > 0 {
		name := core.StripVersion(v)
		var miss dialectSet
		for _, w := range lt.views {
			if readers&w.bit != 0 && !w.d.AgentMatches(v, name) {
				miss |= w.bit
			}
		}
		if miss != 0 {
			lt.add(l.Pos.Line, l.ValuePos.Col+slash, "agent-version", SevWarning, miss, "%s",
				quote(v)+" carries a version. Robots are matched by their name without the version, so "+miss.says("never matches", "never match")+" "+quote(name)+" with this line; "+versionTolerant(readers&^miss)+". Write "+quote("User-agent: "+name)+".")
		}
	}
	lower := strings.ToLower(v)
	if core.IsRole(lower) {
		lt.add(l.Pos.Line, 0, "role-user-agent", SevInfo, readers&^inGemini, "%s",
			lt.message(msgKey{"role-user-agent", l.Name, l.Value, 0, 0}, func() string {
				const others = inGopherDraft | inRFC9309 | inNorobots
				return inGemini.either("Only gemini reads "+ruleText(l)+" as the virtual agent "+lower+", covering every robot with that role. conner2020 reads it", "conner2020 reads "+ruleText(l)) +
					" as a robot literally named " + lower + " (the role is " + quote("Virtual-agent: "+lower) + " there), and " + others.says("applies", "apply") + " it only to unnamed robots declaring that role, not to named ones such as GUS(" + lower + ")."
			}))
		return
	}
	if role, ok := roleNearMiss(lower); ok {
		var miss, hit dialectSet
		for _, w := range lt.views {
			if readers&w.bit == 0 || w.d.RoleFields == core.VirtualAgentField {
				continue
			}
			if w.d.AgentMatches(v, role) {
				hit |= w.bit
			} else {
				miss |= w.bit
			}
		}
		if miss == 0 {
			return
		}
		extra := ""
		if hit != 0 {
			extra = hit.only(" " + hit.says("matches", "match") + " it anyway, by substring.")
		}
		lt.add(l.Pos.Line, l.ValuePos.Col, "virtual-agent-typo", SevWarning, miss,
			"%s looks like the virtual agent %s misspelt: %s this group to robots with the %s role.%s Write %s.",
			quote(v), role, miss.says("does not apply", "do not apply"), role, extra, quote("User-agent: "+role))
	}
}

func versionTolerant(s dialectSet) string {
	return s.either(s.says("compares", "compare")+" only the name before it", "no dialect here ignores the version")
}

// roleNearMiss finds the virtual agent (role) a value almost names:
// `indexers`, `archive`, `web-proxy`, `research`, `archivebot`.
func roleNearMiss(lower string) (string, bool) {
	c := compactName(strings.ReplaceAll(lower, ".", ""))
	if core.IsRole(c) {
		return c, true // only separators differ: `web-proxy`
	}
	if r, ok := roleAliases[c]; ok {
		return r, true
	}
	stem := c
	for _, suffix := range []string{"crawlers", "crawler", "spiders", "spider", "robots", "robot", "bots", "bot", "ing", "ers", "er", "s"} {
		if s := strings.TrimSuffix(c, suffix); s != c && len(s) >= 5 {
			stem = s
			break
		}
	}
	for _, r := range core.Roles {
		if editDistance(c, r, 1) <= 1 {
			return r, true // `indexers`, `archive`, `indexr`
		}
		// A shorter spelling sharing the role's first letters: `research`.
		if len(c) < len(r) && len(c) >= 6 && c[:4] == r[:4] && editDistance(c, r, 2) <= 2 {
			return r, true
		}
		// A crawler-ish word built on the role's stem: `archivebot`, `indexing`.
		if stem != c && strings.HasPrefix(r, stem) {
			return r, true
		}
	}
	return "", false
}

var roleAliases = map[string]string{
	"proxy": "webproxy", "proxies": "webproxy", "webproxies": "webproxy",
	"httpproxy": "webproxy", "httpsproxy": "webproxy", "htmlproxy": "webproxy",
	"archival": "archiver", "archiving": "archiver", "archivist": "archiver",
	"index": "indexer", "indexing": "indexer", "searchindexer": "indexer",
	"researching": "researcher", "researchers": "researcher",
}

// virtualAgentField: only Conner's proposal reads Virtual-agent lines;
// elsewhere the rules below them fall to another group or to none.
func (lt *linter) virtualAgentField(i int, l *core.Line) {
	if role, ok := roleNearMiss(strings.ToLower(l.Value)); ok && !core.IsRole(strings.ToLower(l.Value)) {
		lt.add(l.Pos.Line, l.ValuePos.Col, "virtual-agent-typo", SevWarning, inConner2020,
			"%s looks like the virtual agent %s misspelt: conner2020 compares virtual agents exactly, so robots with the %s role do not use this group. Write %s.",
			quote(l.Value), role, role, quote("Virtual-agent: "+role))
	}
	others := inAll &^ inConner2020
	conner := lt.view(inConner2020)
	g := conner.groupOf(i)
	base := "Virtual-agent is read only by conner2020; " + others.says("ignores", "ignore") + " this line"
	geminiWay := inGemini.only(" gemini names virtual agents in User-agent lines instead (" + quote("User-agent: "+strings.ToLower(l.Value)) + ").")
	if g == nil {
		lt.add(l.Pos.Line, 0, "virtual-agent-field-portability", SevWarning, others, "%s.", base)
		return
	}
	if len(g.Agents) > 0 {
		if namesAgent(g, l.Value) {
			return // the group already has the User-agent line the others read (fix writes this pair)
		}
		lt.add(l.Pos.Line, 0, "virtual-agent-field-portability", SevWarning, others, "%s",
			base+", so there the group applies only to its User-agent lines."+geminiWay)
		return
	}
	first := firstRuleLine(g)
	if first == 0 {
		lt.add(l.Pos.Line, 0, "virtual-agent-field-portability", SevWarning, others, "%s.", base)
		return
	}
	joined := map[int]dialectSet{}
	var joinOrder []int
	var dropped dialectSet
	for _, w := range lt.views {
		if w.bit == inConner2020 || w.bit == inGopher2019 {
			continue
		}
		switch wg := w.groupOf(first - 1); {
		case wg != nil && wg.FirstLine() < l.Pos.Line:
			if _, ok := joined[wg.FirstLine()]; !ok {
				joinOrder = append(joinOrder, wg.FirstLine())
			}
			joined[wg.FirstLine()] |= w.bit
		case w.group[first-1] == noGroup:
			dropped |= w.bit
		}
	}
	var parts []listItem
	var moved dialectSet
	for _, gl := range joinOrder {
		parts = append(parts, listItem{joined[gl], "join the group at line " + itoa(gl) + " in " + joined[gl].String()})
		moved |= joined[gl]
	}
	if dropped != 0 {
		parts = append(parts, listItem{dropped, "belong to no group in " + dropped.String()})
		moved |= dropped
	}
	sev := SevWarning
	msg := base
	if len(parts) > 0 {
		msg += moved.only(", so the rules below it (from line " + itoa(first) + ") " + wordList(parts))
		if len(joinOrder) > 0 {
			sev = SevError
		}
	}
	if lt.readers(first-1)&inGopher2019 != 0 {
		msg += ifGopher2019 + "; gopher2019 applies its Disallow lines to every robot" + endIf
	}
	lt.add(l.Pos.Line, 0, "virtual-agent-field-portability", sev, others, "%s", msg+"."+geminiWay)
}

// namesAgent says whether one of g's User-agent lines is name.
func namesAgent(g *core.Group, name string) bool {
	for _, a := range g.Agents {
		if strings.EqualFold(strings.TrimSpace(a.Value), strings.TrimSpace(name)) {
			return true
		}
	}
	return false
}

func firstRuleLine(g *core.Group) int {
	first := 0
	for _, ls := range [][]*core.Line{g.Rules, g.Settings} {
		if len(ls) > 0 && (first == 0 || ls[0].Pos.Line < first) {
			first = ls[0].Pos.Line
		}
	}
	return first
}

// pattern: Allow lines, empty Disallow lines, `*` and `$` in patterns.
// The dialects that do not know Allow, and what an Allow line means to them.
var withoutAllow = func() (s dialectSet) {
	for j := range lintDialects {
		if !lintDialects[j].AllowField {
			s |= 1 << j
		}
	}
	return s
}()

var allowPortability = withoutAllow.says("does not know", "do not know") + " Allow and " + withoutAllow.verb("ignores", "ignore") + " this line, so what it opens stays disallowed there. Where it counts, " + ifGopherDraft + "gopherdraft lets a matching Allow win, " + endIf + "rfc9309 takes the longest match, and conner2020 and norobots the first match in file order."

func (lt *linter) pattern(i int, l *core.Line) {
	v := l.Value
	readers := lt.readers(i)
	if l.Key == core.Allow {
		lt.add(l.Pos.Line, 0, "allow-portability", SevWarning, withoutAllow, "%s", allowPortability)
	}
	if v == "" {
		if l.Key == core.Disallow {
			lt.emptyDisallow(i, l)
		}
		return
	}
	if star := strings.IndexByte(v, '*'); star >= 0 {
		lt.glob(l, readers, star)
	}
	if strings.HasSuffix(v, "$") {
		var anchor, literal dialectSet
		for _, w := range lt.views {
			if readers&w.bit == 0 {
				continue
			}
			if w.d.Patterns == core.GlobDollar {
				anchor |= w.bit // rfc9309, which every scope keeps
			} else {
				literal |= w.bit
			}
		}
		if anchor != 0 && literal != 0 {
			lt.add(l.Pos.Line, l.ValuePos.Col+len(v)-1, "dollar-portability", SevWarning, literal, "%s",
				anchor.says("reads", "read")+" the trailing $ as the end of the selector, so "+quote(v)+" matches only "+quote(strings.TrimSuffix(v, "$"))+" there; "+literal.says("takes", "take")+" $ literally, so there the rule matches only selectors that begin with "+quote(v)+".")
		}
	}
}

func (lt *linter) glob(l *core.Line, readers dialectSet, star int) {
	v := l.Value
	var wild, literal dialectSet
	for _, w := range lt.views {
		if readers&w.bit == 0 {
			continue
		}
		if w.d.Patterns != core.Prefix || (v == "*" && w.d.StarAll()) {
			wild |= w.bit
		} else {
			literal |= w.bit
		}
	}
	if wild == 0 || literal == 0 {
		return
	}
	col := l.ValuePos.Col + star
	if v == "*" {
		lt.add(l.Pos.Line, col, "glob-portability", SevWarning, literal, "%s",
			wild.only(wild.says("takes", "take")+" a bare * as every selector, but ")+literal.says("reads", "read")+" * literally, so there "+ruleText(l)+" matches only selectors that start with *.")
		return
	}
	msg := lt.message(msgKey{"glob-portability", v, "", wild, literal}, func() string {
		msg := "* is " + wild.only("a wildcard in "+wild.String()+" but ") + "a literal character in " + literal.String() +
			", where " + quote(v) + " matches only selectors containing that exact text."
		if trimmed := strings.TrimRight(v, "*"); !strings.Contains(trimmed, "*") && trimmed != "" {
			msg += " A trailing * adds nothing for the dialects that read it as a wildcard: " + quote(trimmed) + " means the same there and works in every dialect."
			if apart := trimmedApart(v, trimmed); len(apart) > 0 {
				msg += " The crawler " + plural(len(apart), "preset ", "presets ") + joinWords(apart) + plural(len(apart), " reads ", " read ") + quote(trimmed) + " otherwise, so the line with * still counts there."
			}
		}
		return msg
	})
	lt.add(l.Pos.Line, col, "glob-portability", SevWarning, literal, "%s", msg)
}

const (
	emptyDisallowMsg    = "An empty Disallow disallows nothing: every dialect here reads it as allowing everything." + ifGopher2019 + " Read literally, the 2019 gopher text would make it match every selector; this tool follows the common reading." + endIf
	emptyDisallowPython = emptyDisallowMsg + " norobots (Python) turns it into a rule allowing everything, and as the first match wins, the rules after it in this group never apply there."
	// crawlDelayReaders say what the readers of Crawl-delay want.
	crawlDelayReaders = ifGopherDraft + "gopherdraft asks for a whole number of seconds with no unit, " + endIf + "norobots (Python) ignores the line, and conner2020 expects seconds. Write a whole number such as `Crawl-delay: 10`."
)

// emptyDisallow: allows everything in every dialect, read literally the
// 2019 text would block everything; robotparser turns it into an Allow
// that shadows the rules after it.
func (lt *linter) emptyDisallow(i int, l *core.Line) {
	set := inGopher2019
	msg := emptyDisallowMsg
	if py := lt.view(inNorobots); py != nil {
		if g := py.groupOf(i); g != nil && len(g.Rules) > 0 && g.Rules[len(g.Rules)-1] != l {
			set |= inNorobots
			msg = emptyDisallowPython
		}
	}
	lt.add(l.Pos.Line, 0, "empty-disallow", SevInfo, set, "%s", msg)
}

// setting: delay values and which dialects read them at all.
func (lt *linter) setting(l *core.Line) {
	readers := recognisers(l.Key)
	if ignoring := inAll &^ readers; ignoring != 0 && readers != 0 {
		lt.add(l.Pos.Line, 0, "delay-portability", SevInfo, ignoring, "%s",
			lt.message(msgKey{"delay-portability", string(l.Key), "", 0, 0}, func() string {
				return fieldTitle(l.Key) + " is read by " + readers.String() + "; " + ignoring.says("ignores", "ignore") + " it, so crawlers following them do not honour it."
			}))
	}
	v := l.Value
	switch l.Key {
	case core.CrawlDelay:
		if core.IsDigits(v) {
			return
		}
		lt.add(l.Pos.Line, l.ValuePos.Col, "crawl-delay-invalid", SevWarning, readers, "%s",
			"Crawl-delay "+quote(v)+" "+delayProblem(v)+": "+crawlDelayReaders)
	case core.Check:
		if core.IsDigits(v) {
			return
		}
		lt.add(l.Pos.Line, l.ValuePos.Col, "setting-invalid", SevWarning, readers,
			"Check %s %s: conner2020 expects the number of seconds between fetches of robots.txt, such as %s.",
			quote(v), delayProblem(v), quote("Check: 86400"))
	case core.RequestRate:
		if core.ValidSetting(core.RequestRate, v) {
			return
		}
		lt.add(l.Pos.Line, l.ValuePos.Col, "setting-invalid", SevWarning, readers,
			"Request-rate %s is not two whole numbers: norobots (Python) reads it as requests/seconds, such as %s, and ignores anything else.",
			quote(v), quote("Request-rate: 1/10"))
	}
}

// delayProblem says what is wrong with a value that is not digits only.
func delayProblem(v string) string {
	switch {
	case v == "":
		return "has no value"
	case strings.HasPrefix(v, "-") && core.IsDigits(v[1:]):
		return "is negative"
	}
	digits := 0
	for digits < len(v) && v[digits] >= '0' && v[digits] <= '9' {
		digits++
	}
	switch {
	case digits > 0 && digits < len(v) && (v[digits] == '.' || v[digits] == ','):
		return "is not a whole number"
	case digits > 0 && isLetters(core.TrimSpaceTab(v[digits:])):
		return "has a unit"
	}
	return "is not a number"
}

func isLetters(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// trimmedApart are the crawler presets that read * as a wildcard yet
// give another verdict on some path under `Disallow: trimmed` than under
// `Disallow: v` (TLGS's off-by-one makes /txt/ leave /txt/x open, which
// /txt/* refuses).
func trimmedApart(v, trimmed string) []string {
	with := core.Parse([]byte("User-agent: *\nDisallow: " + v + "\n"))
	without := core.Parse([]byte("User-agent: *\nDisallow: " + trimmed + "\n"))
	var out []string
	for _, d := range crawlers.All() {
		if d.Patterns == core.Prefix {
			continue
		}
		for _, sel := range []string{trimmed, trimmed + "a", trimmed + "ab", trimmed + "a/b"} {
			if core.Decide(with, d, core.Agent{}, sel).Allowed != core.Decide(without, d, core.Agent{}, sel).Allowed {
				out = append(out, d.Crawler.Name)
				break
			}
		}
	}
	return out
}
