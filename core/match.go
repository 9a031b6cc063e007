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
)

// Match reports whether pattern matches selector under syntax s. It runs
// in linear time: literal pieces between stars are found left to right,
// greedily, which is exact for patterns whose only operator is `*`.
func (s PatternSyntax) Match(pattern, selector string) bool {
	if s == Prefix {
		return strings.HasPrefix(selector, pattern)
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
func patternPrefix(s PatternSyntax, pattern string) string {
	if s == Prefix {
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
