package core

import (
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The reading of github.com/temoto/robotstxt v1.1.2 (commit 6f1dda1c91),
// which AuraGem calls: its scanner, its rule values, its matcher and the
// errors that fail a file. Cites are to temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c.

// temotoWords are the first two words of a line as the scanner cuts
// them (scanner.go:58-112): spaces, tabs and vertical tabs separate
// words; the first colon of the line ends a word, and is dropped; a word
// starting with # starts a comment; a byte that is not UTF-8 becomes
// U+FFFD (scanner.go:174-179). at are the words' byte offsets.
func temotoWords(s string) (words []string, at []int) {
	i, colon := 0, false
	for len(words) < 2 {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\v') {
			i++
		}
		if i >= len(s) || s[i] == '#' {
			break
		}
		start := i
		var b strings.Builder
		for first := true; i < len(s); first = false {
			c := s[i]
			if !first && (c == ' ' || c == '\t' || c == '\v') {
				break
			}
			if !first && c == ':' && !colon {
				i++
				colon = true
				break
			}
			r, w := utf8.DecodeRuneInString(s[i:])
			b.WriteRune(r)
			i += w
		}
		words, at = append(words, b.String()), append(at, start)
	}
	return words, at
}

// temotoFields are the field names the parser knows, lower-cased
// (parser.go:199-246).
var temotoFields = map[string]Field{
	"user-agent": UserAgent, "useragent": UserAgent, "disallow": Disallow, "allow": Allow,
	"crawl-delay": CrawlDelay, "crawldelay": CrawlDelay, "sitemap": Sitemap, "host": Host,
}

// tokenLine reads a line as temoto does: the first word is the field,
// the second its value. A field with no value takes the line break as
// its value (parser.go:144-160), so it still counts, except at the very
// end of the file, where there is none and the line is dropped.
func tokenLine(l Line) Line {
	out := Line{Pos: l.Pos, Text: l.Text, Terminator: l.Terminator, Kind: NoColon, FieldParts: noFieldParts}
	words, at := temotoWords(l.Text)
	switch {
	case len(words) == 0:
		out.Kind = CommentOnly
		if l.IsBlank() {
			out.Kind = l.Kind
		}
		return out
	case len(words) == 1 && l.Terminator == "":
		return out
	}
	out.Kind, out.FieldParts = FieldLine, &FieldParts{Name: words[0], Key: temotoFields[strings.ToLower(words[0])]}
	if len(words) > 1 {
		out.Value = words[1]
		out.ValuePos = Pos{Line: l.Pos.Line, Col: at[1] + 1, Offset: l.Pos.Offset + at[1]}
	}
	return out
}

// temotoPattern is a rule value as the parser keeps it
// (parser.go:168-197): a leading / added unless it starts with * or /,
// trailing stars cut. An empty value is the line break it took.
func temotoPattern(v string) string {
	if v == "" {
		return "/\n"
	}
	if !strings.HasPrefix(v, "*") && !strings.HasPrefix(v, "/") {
		v = "/" + v
	}
	return strings.TrimRight(v, "*")
}

// temotoLen is the length findRule gives a rule: its path's, or for a
// pattern that of the regular expression it becomes, escapes included
// (parser.go:183-185, robotstxt.go:210): regexp.QuoteMeta puts a
// backslash before each of its special bytes, and the $ loses its own.
// Counted by hand, so the page's module links no regexp package.
func temotoLen(pattern string) int {
	if !strings.ContainsAny(pattern, "*$") {
		return len(pattern)
	}
	n := len(pattern)
	for i := 0; i < len(pattern); i++ {
		if strings.IndexByte(`\.+*?()|[]{}^$`, pattern[i]) >= 0 {
			n++
		}
	}
	return n - strings.Count(pattern, "$")
}

// unanchoredMatch is MatchString of the expression temoto builds: *
// matches any run of characters but a line break, $ the end of the
// target, and the match may start anywhere. With no (?s) or (?m) in
// that expression, a match lies within one line of the target, and a
// $ only at the end of the last one.
func unanchoredMatch(pattern, sel string) bool {
	if !strings.ContainsAny(pattern, "*$") {
		return strings.HasPrefix(sel, pattern)
	}
	anchored := false
	if i := strings.IndexByte(pattern, '$'); i >= 0 {
		if strings.Trim(pattern[i:], "$*") != "" {
			return false // something must follow the end
		}
		pattern, anchored = pattern[:i], true
	}
	pattern = "*" + pattern
	if i := strings.LastIndexByte(sel, '\n'); i >= 0 {
		if anchored {
			return globMatch(pattern, 0, true, sel[i+1:])
		}
		for _, line := range strings.Split(sel, "\n") {
			if globMatch(pattern, 0, false, line) {
				return true
			}
		}
		return false
	}
	return globMatch(pattern, 0, anchored, sel)
}

// goURLPath is url.URL.Path of the target as AuraGem parses it
// (clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:505,531).
func goURLPath(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return s // AuraGem never gets this far with such a URL
	}
	return u.Path
}

// preambleFor is the dialect's Preamble for this file.
func (d *Dialect) preambleFor(f *File) Preamble {
	if d.Preamble != PreambleStarUnlessUserAgent {
		return d.Preamble
	}
	if strings.Contains(f.Text, "User-Agent:") {
		return PreambleIgnored
	}
	return PreambleStarRun
}

// parseFailure is the first line temoto's parser rejects, and why; nil
// when it takes the file (parser.go:60-135).
func (rs *Ruleset) parseFailure() (*Line, string) {
	d := &rs.Dialect
	agent := d.preambleFor(rs.File) == PreambleStarRun
	for l := range rs.eachLine() {
		k := d.FieldOf(l)
		switch k {
		case UserAgent:
			agent = true
			continue
		case Allow, Disallow, CrawlDelay:
		default:
			continue
		}
		if k == CrawlDelay {
			v, err := strconv.ParseFloat(l.Value, 64)
			switch {
			case err != nil:
				return l, "its value is not a number (temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:239-240)"
			case v < 0 || math.IsInf(v, 0) || math.IsNaN(v):
				return l, "its value is not a usable delay (temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:241-242)"
			}
		}
		if !agent {
			return l, fmt.Sprintf("it comes before any User-agent line in a file that contains \"User-Agent:\", so nothing is put before it (temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:87-90; %s)", d.cite("preamble"))
		}
	}
	return nil, ""
}

// longestFirst is findRule (robotstxt.go:201-226): the longest matching
// rule, the first of equal lengths; `/` matches anything while nothing
// longer has.
func longestFirst(rules []compiledRule, sel string) *compiledRule {
	var best *compiledRule
	n := 0
	for i := range rules {
		r := &rules[i]
		switch {
		case r.pattern == "":
		case !r.literal:
			if l := temotoLen(r.pattern); l > n && unanchoredMatch(r.pattern, sel) {
				best, n = r, l
			}
		case r.pattern == "/" && n == 0:
			best, n = r, 1
		case len(r.pattern) > n && strings.HasPrefix(sel, r.pattern):
			best, n = r, len(r.pattern)
		}
	}
	return best
}

// testFailed is the verdict of a crawler whose parser fails on the file:
// it drops every URL of the host.
func (p *Policy) testFailed(v *Verdict, selector string) {
	d := &p.Dialect
	v.Dialect, v.Agent, v.Selector, v.SkipHost = d.ID, p.agent, selector, true
	v.Target = d.NormalizeSelector(selector)
	v.Line, v.Rule = p.failLine.Pos.Line, p.failLine.Rule()
	v.GroupLines = []int{}
	v.Why = fmt.Sprintf("%s's parser fails on %s: %s. %s keeps no rules then and drops every URL of the host (%s)", d.name(), LineAndRule(p.failLine), p.failWhy, d.name(), d.cite("skip"))
	v.Note = p.notesWith(nil)
}
