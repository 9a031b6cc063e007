package lint

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/smolbots/smolbots/core"
)

// Severity of a lint finding.
type Severity string

const (
	SevError   Severity = "error"   // the file does not mean what it seems to in some dialect
	SevWarning Severity = "warning" // dialects disagree or a common mistake
	SevInfo    Severity = "info"    // worth knowing, harmless
)

// Finding is one lint result, tied to a line (0 for the whole file).
type Finding struct {
	Line     int      `json:"line"`
	Col      int      `json:"col,omitempty"`
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	Dialects []string `json:"dialects"`

	// words is the message as a template (lintwords.go) when it names
	// dialects, for ScopeFindings to word it again; "" otherwise.
	words string
	// served is the severity once the file is known to be served over a
	// protocol whose readers the finding concerns (Protocol.ScopeFor);
	// "" when that changes nothing. A finding only a Gopher reader minds
	// is worth knowing about a file that may be served over Gemini, and a
	// warning about one served over Gopher.
	served Severity
}

// Lint checks the file against every dialect, and for the quirks of
// the crawler presets. Selectors are the ones
// under test: lints such as leading-slash-mismatch compare them with the
// patterns. Findings come sorted by line, then code; a (line, code) pair
// appears at most once. Each finding lists the dialects in which the
// problem bites. Lint reads the file once per dialect and never fails.
func Lint(f *core.File, selectors []string) []Finding {
	if f == nil {
		return nil
	}
	lt := newLinter(f, selectors)
	lt.fileChecks()
	// Structure first: it records which lost lines are already explained,
	// so that rule-outside-group and group-without-rules do not repeat it.
	lt.blankLinesInGroups()
	lt.rulesOutsideGroups()
	lt.groupsWithoutRules()
	lt.starNotLast()
	lt.missingDisallow()
	lt.duplicateGroups()
	lt.starRulesNotRepeated()
	lt.unreachableRules()
	lt.agentsIgnoredByGopher2019()
	lt.agentRunBroken()
	for i := range f.Lines {
		lt.lineChecks(i)
	}
	lt.selectorChecks()
	if lintCrawlerChecks {
		lt.crawlerChecks()
		lt.auragemFails()
		lt.tlgsLongLine()
		lt.auragemFirstGroup()
		lt.webproxyReaders()
	}
	return lt.finish()
}

// lintCrawlerChecks lets the lint benchmark measure what the crawler
// lints cost, side by side with their absence.
var lintCrawlerChecks = true

// dialectSet holds built-in dialects, one bit each in display order.
type dialectSet uint8

const (
	inGopher2019 dialectSet = 1 << iota
	inGopherDraft
	inGemini
	inConner2020
	inRFC9309
	inNorobots

	inAll dialectSet = inGopher2019 | inGopherDraft | inGemini | inConner2020 | inRFC9309 | inNorobots

	numDialects = core.NumDialects // bits in inAll
)

// Dialect order of Dialects(): index i is bit 1<<i.
var lintDialects = core.Dialects()

// The IDs and the sentence form of every set, built once: findings are
// many on large files.
var setIDs, setNames = func() (ids [inAll + 1][]string, names [inAll + 1]string) {
	for s := range ids {
		for i, d := range lintDialects {
			if s&(1<<i) != 0 {
				ids[s] = append(ids[s], d.ID)
			}
		}
		names[s] = joinWords(ids[s])
	}
	return
}()

func joinWords(words []string) string {
	if len(words) == 0 {
		return "no dialect"
	}
	return JoinWords(words)
}

// JoinWords joins words for a sentence: "a", "a and b", "a, b and c".
func JoinWords(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// lineGroup values besides a group index.
const (
	notRead  = -1 // the dialect does not read this line at all
	noGroup  = -2 // the dialect reads the field but the line is in no group
	maxQuote = 60 // longest piece of the file quoted in a message
)

// lintView is the file as one dialect reads it, with each line's group.
type lintView struct {
	d     core.Dialect
	bit   dialectSet
	rs    *core.Ruleset
	group []int32 // per line index: group index, notRead or noGroup

	// Normalised patterns by line index, computed once.
	pats     []string
	patsDone []bool
}

func (v *lintView) pattern(l *core.Line) string {
	if v.d.Normalize == core.Raw {
		return l.Value // what normalizePattern gives back
	}
	i := l.Pos.Line - 1
	if i < 0 || i >= len(v.pats) {
		return v.d.NormalizePattern(l.Value)
	}
	if !v.patsDone[i] {
		v.pats[i], v.patsDone[i] = v.d.NormalizePattern(l.Value), true
	}
	return v.pats[i]
}

func (v *lintView) groupOf(lineIdx int) *core.Group {
	if lineIdx < 0 || lineIdx >= len(v.group) || v.group[lineIdx] < 0 {
		return nil
	}
	return v.rs.Groups[v.group[lineIdx]]
}

type linter struct {
	f         *core.File
	selectors []string
	views     []*lintView
	out       []rawFinding
	// Dialects for which a blank-line-in-group finding already tells why
	// a rule line is lost.
	explainedRules []dialectSet
	ruleAfter      []bool       // see rulesAhead
	readBy         []dialectSet // by line index: see readers
	msgs           map[msgKey]string
}

func newLinter(f *core.File, selectors []string) *linter {
	lt := &linter{
		f:              f,
		explainedRules: make([]dialectSet, len(f.Lines)),
		out:            make([]rawFinding, 0, len(f.Lines)/2), // busy files have a finding every line or two
	}
	seen := map[string]bool{}
	for _, s := range selectors {
		if !seen[s] {
			seen[s] = true
			lt.selectors = append(lt.selectors, s)
		}
	}
	for i, d := range lintDialects {
		v := &lintView{d: d, bit: 1 << i, rs: d.Compile(f), group: make([]int32, len(f.Lines))}
		if d.Normalize != core.Raw {
			v.pats, v.patsDone = make([]string, len(f.Lines)), make([]bool, len(f.Lines))
		}
		for j := range v.group {
			v.group[j] = notRead
		}
		set := func(l *core.Line, g int32) {
			if k := l.Pos.Line - 1; k >= 0 && k < len(v.group) {
				v.group[k] = g
			}
		}
		for _, g := range v.rs.Groups {
			for _, ls := range [][]*core.Line{g.Agents, g.VirtualAgents, g.Rules, g.Settings} {
				for _, l := range ls {
					set(l, int32(g.Index))
				}
			}
		}
		for _, l := range v.rs.Ignored {
			set(l, noGroup)
		}
		lt.views = append(lt.views, v)
	}
	lt.readBy = make([]dialectSet, len(f.Lines))
	for _, v := range lt.views {
		for i, g := range v.group {
			if g >= 0 {
				lt.readBy[i] |= v.bit
			}
		}
	}
	return lt
}

func (lt *linter) view(bit dialectSet) *lintView {
	for _, v := range lt.views {
		if v.bit == bit {
			return v
		}
	}
	return nil
}

// readers are the dialects that read line i as part of a group.
func (lt *linter) readers(i int) dialectSet { return lt.readBy[i] }

// recognisers are the dialects for which field k means something.
func recognisers(k core.Field) dialectSet {
	var s dialectSet
	for i := range lintDialects {
		if lintDialects[i].Recognises(k) {
			s |= 1 << i
		}
	}
	return s
}

// rawFinding is a finding before its dialect list is spelled out.
type rawFinding struct {
	line, col int32
	code      string
	msg       string
	set       dialectSet
	sev       uint8     // index in severities
	served    uint8     // 1 + index in severities of Finding.served; 0 for none
	presets   presetSet // crawler presets, for the crawler lints
}

var severities = [...]Severity{SevError, SevWarning, SevInfo}

func (lt *linter) add(line, col int, code string, sev Severity, set dialectSet, format string, args ...any) {
	var msg string
	if s, ok := onlyString(format, args); ok {
		msg = s // many checks build their message themselves
	} else {
		msg = fmt.Sprintf(format, args...)
	}
	lt.out = append(lt.out, rawFinding{line: int32(line), col: int32(col), code: code, sev: uint8(slices.Index(severities[:], sev)), set: set & inAll, msg: msg})
}

// addServed is add for a finding whose weight depends on what the file
// is served over: sev while that is unknown, served once it is known to
// be served over a protocol of set's dialects (Finding.served).
func (lt *linter) addServed(line, col int, code string, sev, served Severity, set dialectSet, format string, args ...any) {
	lt.add(line, col, code, sev, set, format, args...)
	lt.out[len(lt.out)-1].served = uint8(slices.Index(severities[:], served)) + 1
}

// byLine orders the findings by line, keeping the order they were found
// in: a counting sort, as lines are many and findings few per line.
func (lt *linter) byLine() []int32 {
	maxLine := int32(0)
	for i := range lt.out {
		if l := lt.out[i].line; l < 0 || l > int32(len(lt.f.Lines))+1 {
			maxLine = -1 // not a line of the file: sort them all
			break
		} else {
			maxLine = max(maxLine, l)
		}
	}
	order := make([]int32, len(lt.out))
	if maxLine < 0 {
		for i := range order {
			order[i] = int32(i)
		}
		slices.SortStableFunc(order, func(i, j int32) int { return cmp.Compare(lt.out[i].line, lt.out[j].line) })
		return order
	}
	next := make([]int32, maxLine+2) // where the next finding of each line goes
	for i := range lt.out {
		next[lt.out[i].line+1]++
	}
	for n := 1; n < len(next); n++ {
		next[n] += next[n-1]
	}
	for i := range lt.out {
		l := lt.out[i].line
		order[next[l]] = int32(i)
		next[l]++
	}
	return order
}

// msgKey names a message by what it is made of; many lines of a large
// file repeat the same value and get the same words.
type msgKey struct {
	code, a, b string
	s1, s2     dialectSet
}

// message is the message for k, written by build the first time.
func (lt *linter) message(k msgKey, build func() string) string {
	if m, ok := lt.msgs[k]; ok {
		return m
	}
	if lt.msgs == nil {
		lt.msgs = map[msgKey]string{}
	}
	m := build()
	lt.msgs[k] = m
	return m
}

// onlyString is args' one string when format is just "%s".
func onlyString(format string, args []any) (string, bool) {
	if format != "%s" || len(args) != 1 {
		return "", false
	}
	s, ok := args[0].(string)
	return s, ok
}

func (lt *linter) finish() []Finding {
	// Sort indices rather than the findings themselves: fewer bytes move,
	// and a stable sort keeps the first finding of a pair first.
	order := lt.byLine()
	byCode := func(i, j int32) int { return strings.Compare(lt.out[i].code, lt.out[j].code) }
	for k := 0; k < len(order); {
		end := k + 1
		for end < len(order) && lt.out[order[end]].line == lt.out[order[k]].line {
			end++
		}
		if end-k > 1 {
			slices.SortStableFunc(order[k:end], byCode)
		}
		k = end
	}
	kept := order[:0]
	names := 0
	for k, i := range order {
		fd := &lt.out[i]
		if k > 0 {
			if prev := &lt.out[order[k-1]]; prev.line == fd.line && prev.code == fd.code {
				continue
			}
		}
		kept = append(kept, i)
		names += len(setIDs[fd.set]) + len(presetIDs()[fd.presets])
	}
	if len(kept) == 0 {
		return nil
	}
	// Every finding gets a dialect list of its own, cut from one array.
	ids := make([]string, 0, names)
	out := make([]Finding, len(kept))
	rendered := map[string]string{} // templates repeat on large files
	for k, i := range kept {
		fd := &lt.out[i]
		start := len(ids)
		ids = append(ids, setIDs[fd.set]...)
		ids = append(ids, presetIDs()[fd.presets]...)
		out[k] = Finding{Line: int(fd.line), Col: int(fd.col), Code: fd.code, Severity: severities[fd.sev], Message: fd.msg, Dialects: ids[start:len(ids):len(ids)]}
		if fd.served > 0 {
			out[k].served = severities[fd.served-1]
		}
		if isTemplate(fd.msg) {
			out[k].Message, out[k].words = renderOnce(rendered, fd.msg, inAll), fd.msg
		}
	}
	return out
}

// quote shows a piece of the file in a message: back-quoted when it is
// plain text, Go-quoted when it holds control bytes or invalid UTF-8,
// and cut short when long.
func quote(s string) string {
	cut := false
	if len(s) > maxQuote {
		n := maxQuote
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s, cut = s[:n], true
	}
	q := "`" + s + "`"
	if !strconv.CanBackquote(s) || strings.ContainsRune(s, '`') {
		q = strconv.Quote(s)
	}
	if cut {
		q += " (cut short)"
	}
	return q
}

// lineList names line numbers for a sentence: "line 3", "lines 3-5",
// "lines 3, 7 and 9".
func lineList(lines []int) string {
	if len(lines) == 0 {
		return "no line"
	}
	if len(lines) == 1 {
		return "line " + strconv.Itoa(lines[0])
	}
	contiguous := true
	for i := 1; i < len(lines); i++ {
		if lines[i] != lines[i-1]+1 {
			contiguous = false
			break
		}
	}
	if contiguous {
		return "lines " + strconv.Itoa(lines[0]) + "-" + strconv.Itoa(lines[len(lines)-1])
	}
	// "lines " and the numbers as joinWords joins them, the seventh on
	// counted: "lines 3, 7, 9, 11, 13, 15 and 4 more".
	const most = 6
	words := min(len(lines), most+1)
	b := make([]byte, 0, 8*words+16)
	b = append(b, "lines "...)
	for i := range words {
		switch {
		case i == words-1:
			b = append(b, " and "...)
		case i > 0:
			b = append(b, ", "...)
		}
		if i == most {
			b = strconv.AppendInt(b, int64(len(lines)-most), 10)
			b = append(b, " more"...)
			break
		}
		b = strconv.AppendInt(b, int64(lines[i]), 10)
	}
	return string(b)
}

// capWords keeps the first few words of a long list and counts the rest,
// so that messages stay short on large files and long selector lists.
func capWords(words []string, most int) []string {
	if len(words) <= most {
		return words
	}
	return append(words[:most:most], fmt.Sprintf("%d more", len(words)-most))
}

// fieldTitle is a field as people write it.
func fieldTitle(k core.Field) string {
	switch k {
	case core.UserAgent:
		return "User-agent"
	case core.VirtualAgent:
		return "Virtual-agent"
	case core.CrawlDelay:
		return "Crawl-delay"
	case core.RequestRate:
		return "Request-rate"
	}
	s := string(k)
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// fileChecks are the findings about the file as a whole.
func (lt *linter) fileChecks() {
	f := lt.f
	if f.Truncated {
		last := 0
		if n := len(f.Lines); n > 0 {
			last = f.Lines[n-1].Pos.Line
		}
		lt.add(0, 0, "file-too-large", SevError, inAll,
			"The file is %d bytes; every dialect reads only the first %d (500 KiB), so it is cut inside line %d and everything after that is ignored.", f.Size, core.MaxBytes, last)
	}
	if f.BOM {
		lt.bom()
	}
	if f.InvalidUTF8Line > 0 {
		n, col := 0, 0
		for i := range f.Lines {
			if t := f.Lines[i].Text; !utf8.ValidString(t) {
				n++
				if f.Lines[i].Pos.Line == f.InvalidUTF8Line {
					col = firstInvalidUTF8(t) + 1
				}
			}
		}
		lt.add(f.InvalidUTF8Line, col, "invalid-utf8", SevWarning, inAll,
			"This line holds bytes that are not valid UTF-8 (%d %s in all). Python's robotparser, which norobots follows, cannot decode such a file at all; the other readings compare the raw bytes, which rarely equal what a client sends. Save the file as UTF-8.", n, plural(n, "line", "lines"))
	}
	if f.NULLine > 0 {
		n, col := 0, 0
		for i := range f.Lines {
			if t := f.Lines[i].Text; strings.IndexByte(t, 0) >= 0 {
				n++
				if f.Lines[i].Pos.Line == f.NULLine {
					col = strings.IndexByte(t, 0) + 1
				}
			}
		}
		lt.add(f.NULLine, col, "nul-byte", SevError, inAll,
			"This line holds a NUL byte (%d %s in all): the file is probably binary or UTF-16, not a text robots.txt, and no dialect can read the fields on such lines.", n, plural(n, "line", "lines"))
	}
	meaningful := false
	for i := range f.Lines {
		if k := f.Lines[i].Kind; k == core.FieldLine || k == core.NoColon {
			meaningful = true
			break
		}
	}
	if !meaningful {
		if f.Size == 0 {
			lt.add(0, 0, "empty-file", SevInfo, inAll, "The file is empty: every dialect allows every robot everything.")
		} else {
			lt.add(0, 0, "empty-file", SevInfo, inAll, "The file holds nothing but blank lines and comments: every dialect allows every robot everything.")
		}
		return
	}
	lt.lineEndings()
	lt.crLineEndings()
}

// lineEndings: the modern Gopher draft wants every line to end in CRLF.
// One finding for the file; every dialect here reads any terminator
// (cr-line-endings says which crawlers do not).
func (lt *linter) lineEndings() {
	lf, cr, first := 0, 0, 0
	for i := range lt.f.Lines {
		switch lt.f.Lines[i].Terminator {
		case "\n":
			lf++
		case "\r":
			cr++
		default:
			continue
		}
		if first == 0 {
			first = lt.f.Lines[i].Pos.Line
		}
	}
	if lf+cr == 0 {
		return
	}
	var parts []string
	if lf > 0 {
		parts = append(parts, fmt.Sprintf("%d %s in a bare LF", lf, plural(lf, "line ends", "lines end")))
	}
	if cr > 0 {
		parts = append(parts, fmt.Sprintf("%d %s in a bare CR", cr, plural(cr, "line ends", "lines end")))
	}
	// Only a Gopher reader minds: a warning for a file served over Gopher,
	// information while the protocol is unknown (Lint's own output).
	lt.addServed(0, 0, "lf-line-endings", SevInfo, SevWarning, inGopherDraft,
		"%s (the first is line %d). The modern Gopher draft says every line ends in CRLF; the dialects here accept a bare LF, and all but gopher2019 a bare CR, but strict gopherdraft crawlers may not. This is a warning for a file served over Gopher, and only information while the protocol is not given.", upperFirst(joinWords(parts)), first)
}

func firstInvalidUTF8(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return 0
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ruleText quotes a line as `Field: value`.
func ruleText(l *core.Line) string { return quote(strings.TrimSpace(l.Rule())) }

func itoa(n int) string { return strconv.Itoa(n) }
