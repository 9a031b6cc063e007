package lint

import (
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// Checks that compare the patterns with the selectors under test: gopher
// selectors are sent as they are, often without a leading slash or with
// an item-type prefix, so a pattern written web-style may never match.

// umnPrefix reports whether a selector starts with a gopher item type and
// a slash, as UMN-style servers write them: `0/foo`, `1/phlog`.
func umnPrefix(s string) bool {
	return len(s) >= 2 && s[1] == '/' && strings.IndexByte("0123456789+gIThsdpM;:<", s[0]) >= 0
}

// ruleMatches: whether the rule on line l matches a selector, already
// normalised for the dialect, ignoring which group applies.
func (v *lintView) ruleMatches(l *core.Line, normSel string) bool {
	d := &v.d
	if l.Value == "*" && d.StarAll() {
		return true
	}
	if l.Value == "" {
		return false
	}
	return d.Patterns.Match(v.pattern(l), normSel)
}

// selectorChecks: for each rule line, the selectors under test that the
// rule would match with the leading slash (or the item type) added or
// removed, but does not match as written, in a group that no other rule
// covers them in.
func (lt *linter) selectorChecks() {
	n := len(lt.selectors)
	if n == 0 {
		return
	}
	// Each selector has one other spelling: the item type or the leading
	// slash dropped, or a slash added. Both normalised once per dialect.
	alt := make([]string, n)
	umn := make([]bool, n)
	for si, s := range lt.selectors {
		switch {
		case umnPrefix(s):
			alt[si], umn[si] = s[1:], true
		case strings.HasPrefix(s, "/"):
			alt[si] = s[1:]
		default:
			alt[si] = "/" + s
		}
	}
	norm := make([][2][]string, len(lt.views))
	for vi, w := range lt.views {
		norm[vi] = [2][]string{make([]string, n), make([]string, n)}
		for si := range lt.selectors {
			norm[vi][0][si] = w.d.NormalizeSelector(lt.selectors[si])
			norm[vi][1][si] = w.d.NormalizeSelector(alt[si])
		}
	}
	// covered: some rule of the group matches the selector as sent, so
	// the author has written the other spelling too. Computed once per
	// group and selector.
	cover := map[[2]int][]bool{}
	covered := func(view, group, sel int) bool {
		k := [2]int{view, group}
		c, ok := cover[k]
		if !ok {
			w := lt.views[view]
			c = make([]bool, n)
			for si := range lt.selectors {
				for _, r := range w.rs.Groups[group].Rules {
					if r.Value != "" && w.ruleMatches(r, norm[view][0][si]) {
						c[si] = true
						break
					}
				}
			}
			cover[k] = c
		}
		return c[sel]
	}
	// The other spellings, per normalisation, sorted: the ones a rule can
	// match start with its pattern's literal part, a range found by
	// binary search, so a rule is not tried against every selector.
	type spelling struct {
		s  string
		si int
	}
	// By view; views whose spellings come out the same (plain selectors
	// normalise to themselves) share one list, and one search per rule.
	sorted := make([][]spelling, len(lt.views))
	listOf := make([]int, len(lt.views)) // the first view with the same list
	for vi := range lt.views {
		listOf[vi] = vi
		for vj := range vi {
			if listOf[vj] == vj && slices.Equal(norm[vj][1], norm[vi][1]) {
				listOf[vi], sorted[vi] = vj, sorted[vj]
				break
			}
		}
		if sorted[vi] != nil {
			continue
		}
		list := make([]spelling, n)
		for si := range lt.selectors {
			list[si] = spelling{norm[vi][1][si], si}
		}
		core.SortStable(list, func(a, b *spelling) int { return strings.Compare(a.s, b.s) })
		sorted[vi] = list
	}
	miss := make([]dialectSet, n)
	var touched []int
	type memoKey struct {
		view  int
		value string
	}
	memos := map[memoKey][]uint64{}
	for i := range lt.f.Lines {
		l := &lt.f.Lines[i]
		if l.Kind != core.FieldLine || (l.Key != core.Disallow && l.Key != core.Allow) || l.Value == "" {
			continue
		}
		readers := lt.readers(i)
		if readers == 0 {
			continue
		}
		slashed := strings.HasPrefix(l.Value, "/")
		touched = touched[:0]
		var last struct {
			list   int
			prefix string
			lo, hi int
			ok     bool
		}
		for vi, w := range lt.views {
			if readers&w.bit == 0 {
				continue
			}
			prefix := ""
			if w.d.Normalize != core.PythonQuote || l.Value != "*" {
				prefix = core.PatternPrefix(w.d.Patterns, w.pattern(l))
			}
			list := sorted[vi]
			if !last.ok || last.list != listOf[vi] || last.prefix != prefix {
				lo, _ := slices.BinarySearchFunc(list, prefix, func(e spelling, p string) int { return strings.Compare(e.s, p) })
				hi := lo
				for hi < len(list) && strings.HasPrefix(list[hi].s, prefix) {
					hi++
				}
				last.list, last.prefix, last.lo, last.hi, last.ok = listOf[vi], prefix, lo, hi, true
			}
			spellings := list[last.lo:last.hi]
			var memo []uint64
			if len(spellings) > 4 {
				// A short literal part (a glob such as /*.cgi) leaves
				// many candidates, and such values often repeat.
				k := memoKey{vi, l.Value}
				if memo = memos[k]; memo == nil {
					memo = make([]uint64, (n+63)/64)
					for _, e := range spellings {
						if w.ruleMatches(l, norm[vi][1][e.si]) && !w.ruleMatches(l, norm[vi][0][e.si]) {
							memo[e.si/64] |= 1 << (e.si % 64)
						}
					}
					memos[k] = memo
				}
			}
			for _, e := range spellings {
				si := e.si
				if !umn[si] && slashed == strings.HasPrefix(lt.selectors[si], "/") {
					continue // same spelling as the pattern
				}
				var other bool // the rule matches the other spelling only
				if memo != nil {
					other = memo[si/64]&(1<<(si%64)) != 0
				} else {
					other = w.ruleMatches(l, norm[vi][1][si]) && !w.ruleMatches(l, norm[vi][0][si])
				}
				if other && !covered(vi, int(w.group[i]), si) {
					if miss[si] == 0 {
						touched = append(touched, si)
					}
					miss[si] |= w.bit
				}
			}
		}
		if len(touched) == 0 {
			continue
		}
		slices.Sort(touched)
		var slashSet, umnSet dialectSet
		var slashSels, umnSels []string
		umnFirst := ""
		for _, si := range touched {
			s := lt.selectors[si]
			if umn[si] {
				umnSet |= miss[si]
				if umnFirst == "" {
					umnFirst = s
				}
				umnSels = append(umnSels, describeSelector(s))
			} else {
				slashSet |= miss[si]
				slashSels = append(slashSels, describeSelector(s))
			}
			miss[si] = 0
		}
		rule := ruleText(l)
		if slashSet != 0 {
			k := len(slashSels)
			var msg string
			if slashed {
				msg = rule + " never matches " + selectorWord(k) + joinWords(capWords(slashSels, 5)) + ", which " + plural(k, "has", "have") + " no leading slash: selectors are compared exactly as sent. Add a pattern without the slash if " + plural(k, "it is", "they are") + " meant."
			} else {
				msg = rule + " never matches " + selectorWord(k) + joinWords(capWords(slashSels, 5)) + ", which " + plural(k, "starts", "start") + " with a slash while the pattern does not: selectors are compared exactly as sent. Add the pattern with a leading slash if " + plural(k, "it is", "they are") + " meant."
			}
			lt.add(l.Pos.Line, 0, "leading-slash-mismatch", SevWarning, slashSet, "%s", msg)
		}
		if umnSet != 0 {
			lt.add(l.Pos.Line, 0, "umn-type-prefix", SevWarning, umnSet,
				"%s never matches %s%s: UMN-style gopher servers put the item type before the path, while this pattern starts with /. If this server uses such selectors, add a pattern with the item type (%s).",
				rule, selectorWord(len(umnSels)), joinWords(capWords(umnSels, 5)), quote(fieldTitle(l.Key)+": "+umnFirst[:1]+l.Value))
		}
	}
}

func selectorWord(n int) string { return plural(n, "the selector ", "the selectors ") }

func describeSelector(s string) string {
	if s == "" {
		return "`` (the empty selector, the root menu)"
	}
	return quote(s)
}
