package core

import "strings"

// PatternSyntax says how a rule's value is matched against a selector.
type PatternSyntax uint8

const (
	// Prefix: the value is a literal prefix of the selector.
	Prefix PatternSyntax = iota
	// Glob: `*` matches any run of bytes (newlines too); the match is
	// anchored at the start only, `$` is literal (gopher2019).
	Glob
	// GlobDollar: Glob plus a trailing `$` anchoring the end (RFC 9309).
	GlobDollar
	// SegmentGlob: without a star the value covers itself, itself plus
	// "/", and what continues it after a "/"; with stars, a handful of
	// shapes each read its own way (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:67-122).
	SegmentGlob
	// TrailingStarPrefix: one trailing `*` is cut and the rest is a
	// prefix; a rule with any other `*` is dropped
	// (acidus99/Kennedy@29fbacbb6d35c7c8f40409f10615ce9854894054:Data/RobotsTxt/RobotsTxtParser.cs:66-78).
	TrailingStarPrefix
	// UnanchoredGlob: a value with `*` or `$` is a regular expression
	// found anywhere in the target, `*` any run of characters, `$` the
	// end; a value with neither is a prefix
	// (temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:180-194, robotstxt.go:205-206).
	UnanchoredGlob
)

// Match reports whether pattern matches selector under syntax s. It runs
// in linear time: literal pieces between stars are found left to right,
// greedily, which is exact for patterns whose only operator is `*`.
func (s PatternSyntax) Match(pattern, selector string) bool {
	switch s {
	case Prefix:
		return strings.HasPrefix(selector, pattern)
	case SegmentGlob:
		return segmentMatch(pattern, selector)
	case TrailingStarPrefix:
		p, ok := cutTrailingStar(pattern)
		return ok && p != "" && strings.HasPrefix(selector, p)
	case UnanchoredGlob:
		return unanchoredMatch(pattern, selector)
	}
	anchored := false
	if s == GlobDollar && strings.HasSuffix(pattern, "$") {
		anchored = true
		pattern = pattern[:len(pattern)-1]
	}
	return globMatch(pattern, strings.IndexByte(pattern, '*'), anchored, selector)
}

// globMatch is Match for a pattern already stripped of its anchoring $,
// given the position of its first star (-1 for none).
func globMatch(pattern string, star int, anchored bool, selector string) bool {
	if star < 0 {
		if anchored {
			return selector == pattern
		}
		return strings.HasPrefix(selector, pattern)
	}
	// The first piece is anchored at the start.
	if !strings.HasPrefix(selector, pattern[:star]) {
		return false
	}
	pos := star
	rest := pattern[star+1:]
	for {
		next := strings.IndexByte(rest, '*')
		if next < 0 {
			break
		}
		piece := rest[:next]
		rest = rest[next+1:]
		if piece == "" {
			continue
		}
		i := strings.Index(selector[pos:], piece)
		if i < 0 {
			return false
		}
		pos += i + len(piece)
	}
	// rest is the last piece, after the last star.
	if anchored {
		return len(selector)-len(rest) >= pos && strings.HasSuffix(selector, rest)
	}
	return strings.Contains(selector[pos:], rest)
}

// HasOperators reports whether a pattern uses syntax that only some
// dialects understand: a `*`, or a trailing `$`.
func HasOperators(pattern string) (star, dollar bool) {
	return strings.IndexByte(pattern, '*') >= 0, strings.HasSuffix(pattern, "$")
}

// patternPrefix is the literal start of pattern under syntax s: every
// selector the pattern matches begins with it.
func PatternPrefix(s PatternSyntax, pattern string) string {
	switch s {
	case Prefix:
		return pattern
	case SegmentGlob:
		if strings.IndexByte(pattern, '*') < 0 {
			return pattern
		}
		return "" // a leading star matches at the end, and a path may be empty
	case TrailingStarPrefix:
		p, _ := cutTrailingStar(pattern)
		return p
	case UnanchoredGlob:
		if strings.ContainsAny(pattern, "*$") {
			return "" // found anywhere in the target
		}
		return pattern
	}
	if s == GlobDollar && strings.HasSuffix(pattern, "$") {
		pattern = pattern[:len(pattern)-1]
	}
	if i := strings.IndexByte(pattern, '*'); i >= 0 {
		pattern = pattern[:i]
	}
	return pattern
}

// cutTrailingStar drops one trailing `*`; ok is false when a star is
// left, for the rule is then dropped
// (acidus99/Kennedy@29fbacbb6d35c7c8f40409f10615ce9854894054:Data/RobotsTxt/RobotsTxtParser.cs:66-78).
func cutTrailingStar(pattern string) (string, bool) {
	pattern = strings.TrimSuffix(pattern, "*")
	return pattern, strings.IndexByte(pattern, '*') < 0
}

// segmentMatch is TLGS's wildcardPathMatch, shape by shape
// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:67-122).
func segmentMatch(p, str string) bool {
	if p == "" {
		return false // :69-70
	}
	stars := strings.Count(p, "*")
	if stars == 0 { // :73-76: whole segments, and an off-by-one
		return str == p || str == p+"/" ||
			len(str) > len(p)+1 && strings.HasPrefix(str, p) && (str[len(p)] == '/' || p[len(p)-1] == '/')
	}
	lead := strings.HasPrefix(p, "*") || strings.HasPrefix(p, "/*")
	if lead && strings.HasSuffix(p, "$") { // :78-79
		p = p[:len(p)-1]
	}
	last := len(p) > 0 && p[len(p)-1] == '*'
	switch {
	case len(p) > 0 && p[0] == '*' && last && stars == 2: // :82-83
		return strings.Contains(str, p[1:len(p)-1])
	case strings.HasPrefix(p, "/*") && last && stars == 2: // :85-86
		return strings.Contains(str, p[2:len(p)-1])
	case len(p) > 0 && p[0] == '*' && stars == 1: // :88-89, end-anchored
		return strings.HasSuffix(str, p[1:])
	case strings.HasPrefix(p, "/*") && stars == 1: // :91-92
		return strings.HasSuffix(str, p[2:])
	case last && stars == 1: // :94-95
		return strings.HasPrefix(str, p[:len(p)-1])
	case stars == 1: // :98-100: rfind is npos (larger than n) when absent
		n := strings.IndexByte(p, '*')
		if !strings.HasPrefix(str, p[:n]) {
			return false
		}
		i := strings.LastIndex(str, p[n+1:])
		return i < 0 || i > n
	}
	// :103-121: a regular expression matching the whole path.
	return tlgsRegexMatch(p, str)
}

// tlgsRegexMatch is std::regex_match of the expression TLGS makes from
// a pattern (tlgsutils/robots_txt_parser.cpp:103-121): * becomes .*,
// the characters \.+()[]{}| are escaped, so what stays an operator is
// ? (the item before it is optional), ^ and $ (anchors). An expression
// that does not compile (a ? with nothing before it, or after an
// anchor) matches nothing (:119-120). The match walks a set of
// positions in the expression, one byte at a time: linear, no regexp.
func tlgsRegexMatch(p, str string) bool {
	type item struct {
		c        byte // the byte to match; 0 with any for ".*"
		any      bool
		anchor   byte // '^' or '$', else 0
		optional bool
	}
	var items []item
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '?':
			if len(items) == 0 || items[len(items)-1].anchor != 0 {
				return false // nothing to repeat: the expression does not compile
			}
			items[len(items)-1].optional = true // "??" is the lazy form: the same language
		case '*':
			items = append(items, item{any: true})
		case '^', '$':
			items = append(items, item{anchor: c})
		default:
			items = append(items, item{c: c})
		}
	}
	n := len(items)
	cur, next := make([]bool, n+1), make([]bool, n+1)
	// closure adds state i and every state reachable from it without
	// reading a byte, at position pos of str.
	var closure func(set []bool, i, pos int)
	closure = func(set []bool, i, pos int) {
		for ; i <= n && !set[i]; i++ {
			set[i] = true
			if i == n {
				return
			}
			it := items[i]
			switch {
			case it.anchor == '^' && pos != 0, it.anchor == '$' && pos != len(str):
				return
			case it.anchor != 0, it.any, it.optional:
				continue // may be passed without reading
			}
			return
		}
	}
	closure(cur, 0, 0)
	for pos := 0; pos < len(str); pos++ {
		clear(next)
		live := false
		for i, on := range cur[:n] {
			if !on {
				continue
			}
			switch it := items[i]; {
			case it.any:
				closure(next, i, pos+1)
				live = true
			case it.anchor == 0 && it.c == str[pos]:
				closure(next, i+1, pos+1)
				live = true
			}
		}
		if !live {
			return false
		}
		cur, next = next, cur
	}
	return cur[n]
}

// segmentShape names which of TLGS's shapes a pattern takes, for notes;
// "" for the plain segment rule.
func segmentShape(p string) string {
	stars := strings.Count(p, "*")
	lead := strings.HasPrefix(p, "*") || strings.HasPrefix(p, "/*")
	last := strings.HasSuffix(strings.TrimSuffix(p, "$"), "*")
	switch {
	case stars == 0:
		return ""
	case lead && last && stars == 2:
		return "a rule starting and ending with * matches anywhere in the path (tlgsutils/robots_txt_parser.cpp:82-86)"
	case lead && stars == 1:
		return "a rule with one leading * matches at the end of the path only (tlgsutils/robots_txt_parser.cpp:88-92)"
	case last && stars == 1:
		return "a rule with one trailing * is a plain prefix (tlgsutils/robots_txt_parser.cpp:94-95)"
	case stars == 1:
		return "a rule with one inner * needs only its start to match, when the part after the star is absent (tlgsutils/robots_txt_parser.cpp:98-100)"
	}
	return "a rule with several stars must match the whole path (tlgsutils/robots_txt_parser.cpp:103-121)"
}
