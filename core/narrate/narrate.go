// Package narrate says a verdict in plain words for someone new to
// robots.txt: one sentence with the answer and the line that decided
// it, how that line's pattern matched the selector (prefix, wildcard
// run, end anchor, whole segments, the form the selector was compared
// in), and what the spec words used on the way mean. The Why pane and
// the reports open with it; the details follow.
package narrate

import (
	"fmt"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// Sentence is the verdict in one sentence: "GUS(indexer) may not fetch
// /cgi-bin/search: line 5 `Disallow: /cgi-bin/` covers it, because
// /cgi-bin/search starts with /cgi-bin/." Code spans are in backticks.
func Sentence(d core.Dialect, v core.Verdict) string {
	who := v.Agent
	if who == "" || who == "*" {
		who = "A robot no group names"
	}
	may := "may fetch"
	if !v.Allowed {
		may = "may not fetch"
	}
	sel := v.Selector
	if sel == "" {
		sel = "the empty selector"
	}
	if v.Unread != "" {
		return fmt.Sprintf("%s %s %s whatever robots.txt says: %s", who, map[bool]string{true: "may fetch", false: "never fetches"}[v.Allowed], sel, v.Why)
	}
	if v.SkipHost {
		return fmt.Sprintf("%s fetches nothing from this host, %s included: its parser fails on line %d `%s`.", who, sel, v.Line, v.Rule)
	}
	if v.Line == 0 {
		return fmt.Sprintf("%s %s %s: %s.", who, may, sel, HowMatched(d, v))
	}
	verb := "covers it"
	if v.Allowed {
		verb = "lets it in"
	}
	return fmt.Sprintf("%s %s %s: line %d `%s` %s, because %s.", who, may, sel, v.Line, v.Rule, verb, HowMatched(d, v))
}

// HowMatched says how the deciding rule's pattern matched the selector
// under d's syntax, or why nothing matched, as a clause without a final
// full stop.
func HowMatched(d core.Dialect, v core.Verdict) string {
	target := v.Target
	if target == "" {
		target = v.Selector
	}
	compared := ""
	if target != v.Selector {
		compared = fmt.Sprintf("the selector is compared as `%s` (%s), and ", target, normalisation(d))
	}
	if v.Line == 0 {
		if v.Group == "" {
			return "no group applies to it, so nothing is refused"
		}
		return compared + "no rule of the group chosen matches it, so it is allowed"
	}
	_, value, _ := strings.Cut(v.Rule, ":")
	value = strings.TrimSpace(value)
	if value == "" {
		if v.Allowed {
			return compared + "an empty rule refuses nothing"
		}
		return compared + "this reading takes the empty rule to match every selector"
	}
	star, dollar := core.HasOperators(value)
	switch d.Patterns {
	case core.SegmentGlob:
		return compared + fmt.Sprintf("%s compares whole path segments, and `%s` covers `%s` segment by segment", name(d), value, target)
	case core.TrailingStarPrefix:
		if star {
			return compared + fmt.Sprintf("a final * is cut off and the rest compared as a prefix: `%s` starts with `%s`", target, strings.TrimSuffix(value, "*"))
		}
	case core.Glob, core.GlobDollar:
		anchored := d.Patterns == core.GlobDollar && dollar
		switch {
		case star && anchored:
			return compared + fmt.Sprintf("each * in `%s` matches any run of characters and the final $ anchors it to the end, so it matches all of `%s`", value, target)
		case star:
			return compared + fmt.Sprintf("each * in `%s` matches any run of characters, and what is left matches the start of `%s`", value, target)
		case anchored:
			return compared + fmt.Sprintf("the final $ anchors `%s` to the end, so it matches `%s` exactly", strings.TrimSuffix(value, "$"), target)
		}
	}
	var ordinary []string // operators this reading does not have
	if star && d.Patterns == core.Prefix {
		ordinary = append(ordinary, "*")
	}
	if dollar && d.Patterns != core.GlobDollar {
		ordinary = append(ordinary, "$")
	}
	plain := ""
	if len(ordinary) > 0 {
		plain = fmt.Sprintf(" (this reading takes %s as an ordinary character)", strings.Join(ordinary, " and "))
	}
	return compared + fmt.Sprintf("`%s` starts with `%s`%s", target, value, plain)
}

func name(d core.Dialect) string {
	if d.Crawler != nil {
		return d.Crawler.Name
	}
	return d.ID
}

// normalisation names how a dialect rewrites a selector before it
// compares it.
func normalisation(d core.Dialect) string {
	switch d.Normalize {
	case core.PythonQuote:
		return "percent-escapes decoded and encoded again, as Python's robotparser does"
	case core.PercentEncoding:
		return "non-ASCII bytes percent-encoded and escaped unreserved characters decoded, as RFC 9309 asks"
	case core.ProtegoQuote:
		return "the path decoded and encoded again, as Protego does"
	case core.PathNoQuery:
		return "the path alone, without its query"
	case core.DecodedPath:
		return "the path percent-decoded, without its query"
	case core.FoldedURL:
		return "lower-cased, with its query"
	case core.URIPath:
		return "the path with escaped unreserved characters decoded, without its query"
	}
	return "as this reading rewrites it"
}

// Term is a spec word and what it means.
type Term struct {
	Word, Meaning string
}

// terms are the spec words the explanations use, in the order a reader
// meets them.
var terms = []Term{
	{"record", "a User-agent line (or several) and the rules below it, up to a blank line; the same thing as a group in the dialects that do not end it at a blank line"},
	{"group", "one or more User-agent lines and the Allow and Disallow rules that follow them"},
	{"product token", "the crawler's name as RFC 9309 compares it: letters, digits, - and _ only, case ignored"},
	{"virtual agent", "a role a crawler declares (indexer, archiver, researcher, webproxy) that a group can name instead of the crawler"},
	{"selector", "what a Gopher or Gemini client asks the server for: the path of the URL"},
	{"longest match", "of all rules that match, the one with the longest pattern decides"},
	{"first match", "the first rule of the group that matches decides, whatever follows it"},
	{"prefix", "the rule matches every selector that starts with its text"},
}

// TermsIn are the spec words text uses (case ignored), each once, in the
// order of the glossary.
func TermsIn(text string) []Term {
	lower := strings.ToLower(text)
	var out []Term
	for _, t := range terms {
		if strings.Contains(lower, t.Word) {
			out = append(out, t)
		}
	}
	return out
}
