package refsite

import (
	"fmt"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// knob is one setting of a Dialect, in plain words.
type knob struct {
	Name  string // the field in core.Dialect
	Words string
}

// knobs says what every knob of d is set to, in plain words: the six
// dialects' knobs, and for a preset the ones only a crawler's code
// needs, where it sets them. A knob value with no words here is an
// error the tests catch ("" words).
func knobs(d core.Dialect) []knob {
	out := []knob{
		{"Grouping", groupingWords(d.Grouping)},
		{"Agents", agentWords(d.Agents, d.Grouping)},
		{"Selection", selectionWords(d.Selection)},
		{"Decision", decisionWords(d.Decision)},
		{"Patterns", patternWords(d.Patterns)},
		{"Normalize", normalizeWords(d.Normalize)},
		{"RoleFields", roleWords(d.RoleFields)},
		{"AllowField", yesNo(d.AllowField, "Allow lines are rules.", "Allow lines are ignored.")},
		{"AcceptTypos", typoWords(d)},
	}
	if d.AlwaysAllow != "" {
		out = append(out, knob{"AlwaysAllow", "The selector `" + d.AlwaysAllow + "` is always allowed, whatever the rules say."})
	}
	if len(d.DelayFields) > 0 {
		var names []string
		for _, f := range d.DelayFields {
			names = append(names, "`"+fieldName(f)+"`")
		}
		effect := " (after a group's rules they change no verdict)."
		switch {
		case d.Grouping == core.PythonRecords:
			effect = ": a delay between User-agent lines ends the run, so the agent lines above it get no rules (see agent-run-broken)."
		case d.ParseErrorSkipsHost:
			effect = ": a value its parser rejects fails the whole file (see ParseErrorSkipsHost)."
		}
		out = append(out, knob{"DelayFields", "Reads " + strings.Join(names, " and ") + effect})
	} else {
		out = append(out, knob{"DelayFields", "Reads no delay field."})
	}
	out = append(out, knob{"MaxBytes", sizeWords(d)})
	// The knobs only a crawler's code needs: shown where set.
	if d.Lines != core.StandardLines {
		out = append(out, knob{"Lines", linesWords(d.Lines)})
	}
	if d.LFLines {
		out = append(out, knob{"LFLines", "Only LF ends a line: lines separated by a bare CR run together into one line it cannot read."})
	}
	if d.TrimCR {
		out = append(out, knob{"TrimCR", "Every Unicode space, CR included, is trimmed off the end of a line split at LF, so CRs that only pad a line's end (`Disallow: /a` then CR CR LF) leave it readable."})
	}
	if d.EmptyAgentJoins {
		out = append(out, knob{"EmptyAgentJoins", "A User-agent line with nothing after its colon names no agent and starts no group, but counts as a User-agent line: the rules and User-agent lines below it join the group above."})
	}
	if d.HighBytesUnfetched {
		out = append(out, knob{"HighBytesUnfetched", "A URL holding a raw byte of 0x80 or more is never fetched, whatever the file says: the verdict is \"never fetches this URL\"."})
	}
	if d.UTF8Only {
		out = append(out, knob{"UTF8Only", "A file with a byte that is not UTF-8 is read as an empty file, which allows everything."})
	}
	if d.BOMInText {
		out = append(out, knob{"BOMInText", "A UTF-8 byte order mark stays in the first line, so that line's field name is not one it knows."})
	}
	if d.Preamble != core.PreambleIgnored {
		out = append(out, knob{"Preamble", preambleWords(d.Preamble)})
	}
	if d.ParseErrorSkipsHost {
		out = append(out, knob{"ParseErrorSkipsHost", "A line its parser rejects (a `Crawl-delay` that is not a number, such as `10s`; a rule before any User-agent) fails the whole file, and the crawler then fetches nothing from the host: the verdict is \"skips the host\"."})
	}
	if d.EmptyClears {
		out = append(out, knob{"EmptyClears", "An empty Disallow drops every rule collected so far, from every group."})
	}
	if d.EachAgent {
		out = append(out, knob{"EachAgent", "Each of its agent names is read on its own, and every reading must allow."})
	}
	if d.RootRules {
		out = append(out, knob{"RootRules", "A rule without a leading `/` gets one."})
	}
	if d.NoRulesBanLater {
		out = append(out, knob{"NoRulesBanLater", "It stores an empty rule list as one empty prefix, which every later URL of the host starts with."})
	}
	if d.Crawler != nil && len(d.Crawler.AddOnlyAgents) > 0 {
		out = append(out, knob{"AddOnlyAgents", fmt.Sprintf("The groups naming one of %d more names (%s) add their rules to those chosen, and never take the place of the `*` group.", len(d.Crawler.AddOnlyAgents), "`"+strings.Join(d.Crawler.AddOnlyAgents, "`, `")+"`")})
	}
	if d.IndexAllowsDir {
		out = append(out, knob{"IndexAllowsDir", "An Allow of `.../index.html` also allows its directory `.../` exactly."})
	}
	return out
}

// sizeWords says how much of a file the reader reads (Dialect.MaxBytes).
func sizeWords(d core.Dialect) string {
	switch {
	case d.MaxBytes == core.SizeUnknown:
		return fmt.Sprintf("How much of a file it reads is not known; the first %d bytes (RFC 9309's floor) are read here.", core.MaxBytes)
	case d.MaxBytes == core.NoLimit:
		return fmt.Sprintf("Reads the whole file (smolbots keeps the first %d bytes).", core.HoldBytes)
	case d.TooLongAllowsAll:
		return fmt.Sprintf("Reads up to %d bytes; a longer file is a failed fetch, which allows everything.", d.MaxBytes)
	}
	return fmt.Sprintf("Reads the first %d bytes of a file; the rest is ignored.", d.MaxBytes)
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

func fieldName(f core.Field) string {
	switch f {
	case core.CrawlDelay:
		return "Crawl-delay"
	case core.RequestRate:
		return "Request-rate"
	case core.Check:
		return "Check"
	}
	s := string(f)
	return strings.ToUpper(s[:1]) + s[1:]
}

func groupingWords(g core.Grouping) string {
	switch g {
	case core.NoGroups:
		return "No groups: every Disallow line applies to every robot, and User-agent lines mean nothing."
	case core.BlankLineRecords:
		return "Records end at a blank line (empty, or only spaces and tabs); a comment line is skipped and ends nothing."
	case core.PythonRecords:
		return "Python's robotparser: only a truly empty line ends a record; User-agent lines with no rule yet are forgotten there; rules before any User-agent are dropped; a User-agent after a rule starts a new record."
	case core.AgentRunGroups:
		return "A group is a run of User-agent lines and the rules after it; a User-agent line after a rule starts the next group; blank lines mean nothing."
	case core.AgentRunsAnyField:
		return "As runs of User-agent lines, but any line with a field name, even one it ignores, ends the run of User-agent lines."
	}
	return ""
}

func agentWords(a core.AgentMatching, g core.Grouping) string {
	if g == core.NoGroups {
		return "Not used: it has no groups."
	}
	switch a {
	case core.Substring:
		return "A group applies when its User-agent value, in any case, occurs inside the robot's name."
	case core.TokenEqual:
		return "A group applies when its User-agent value equals the robot's name, in any case."
	case core.ProductToken:
		return "A group applies when its value's product token (its leading letters, - and _) equals the robot's, in any case."
	case core.ExactCase:
		return "A group applies when its User-agent value equals one of its names byte for byte, case included."
	case core.TokenPrefix:
		return "A group applies when its name, in lower case, starts with the group's User-agent value in lower case (`User-agent: index` names `indexer`)."
	}
	return ""
}

func selectionWords(s core.Selection) string {
	switch s {
	case core.AllRules:
		return "Every rule applies."
	case core.FirstInFileOrder:
		return "The first record, in file order, that names the robot; `*` names every robot where it stands, so records after it are never used."
	case core.FirstStarLast:
		return "The first record naming the robot; else the first `*` record; else nothing applies."
	case core.CombineMatching:
		return "Every record naming the robot or one of its virtual agents, combined most restrictively; else the `*` record. (The text also says `*` should still be respected: where that reading differs, the verdict's note says so.)"
	case core.MostTargeted:
		return "One group, the most targeted: its User-agent, else its Virtual-agents (combined), else `Virtual-agent: *` (for a robot with a role), else `User-agent: *`."
	case core.MergeEqual:
		return "Every group for the robot's product token, merged; else every `*` group, merged; else nothing applies."
	case core.UnionMatching:
		return "Every group naming one of its agent names (`*` is one of them), all together."
	case core.BestSubstring:
		return "The group whose value is the longest piece of its name wins (`*` counts as one character; the first in the file on a tie), merged with other groups naming the same value."
	case core.SpecificElseStar:
		return "Every group naming one of its own names other than `*` applies, all together, even one with no rule (`User-agent: webproxy` then `Disallow:` grants everything); only when none does, the `*` group."
	case core.LongestToken:
		return "Only the group whose value is the longest start of its name applies, merged with other groups naming the same value; `*` is the weakest and loses every tie, and never adds to the chosen group; a group with no rule and no delay does not count."
	}
	return ""
}

func decisionWords(d core.Decision) string {
	switch d {
	case core.AnyDisallow:
		return "Any matching Disallow refuses."
	case core.AllowException:
		return "A matching Allow is an exception and wins; else any matching Disallow refuses."
	case core.FirstMatch:
		return "The first matching rule, in file order, decides."
	case core.LongestMatch:
		return "The longest matching rule decides; Allow wins a tie."
	case core.LongestFirst:
		return "The longest matching rule decides, the first of equal length winning (not Allow); a rule with `*` or `$` counts the length of the expression it becomes; `/` matches everything, even an empty path."
	}
	return ""
}

func patternWords(p core.PatternSyntax) string {
	switch p {
	case core.Prefix:
		return "A rule is a literal prefix: it covers every selector that starts with it. `*` and `$` are ordinary characters."
	case core.Glob:
		return "`*` matches any run of characters; a rule matches from the start of the selector; `$` is an ordinary character."
	case core.GlobDollar:
		return "`*` matches any run of characters, and a `$` at the end anchors the rule to the end of the path."
	case core.SegmentGlob:
		return "Without a `*` a rule covers itself, itself plus `/`, and what follows it after a `/` (whole path segments, not any prefix); a rule ending in `/` misses a path exactly one byte longer, an off-by-one, so `Disallow: /` leaves `/a` open and blocks `/ab` (see tlgs-off-by-one); with stars, a few shapes each read their own way."
	case core.TrailingStarPrefix:
		return "One trailing `*` is cut and the rest is a prefix; a rule with any other `*` is dropped."
	case core.UnanchoredGlob:
		return "Trailing stars are cut; a rule left with `*` or `$` matches anywhere in the path, not only at its start (`Disallow: /cgi*/x` blocks `/a/cgi1/x`), `$` meaning the end; any other rule is a prefix. `Disallow: *` blocks nothing."
	}
	return ""
}

func normalizeWords(n core.Normalization) string {
	switch n {
	case core.Raw:
		return "Rules and selectors are compared as written, byte for byte."
	case core.PythonQuote:
		return "Both are unquoted and quoted again (percent-encoding normalised), as Python's robotparser does; the query is part of the path."
	case core.PercentEncoding:
		return "Percent-encoding is normalised on both sides: escapes of unreserved characters decoded, hex digits upper-cased, other non-ASCII bytes encoded."
	case core.ProtegoQuote:
		return "The path of rule and target is unquoted and quoted again (Protego's way), the query compared as written."
	case core.PathNoQuery:
		return "The target is the URL's path without its query, dot segments removed, not decoded; rules as written."
	case core.DecodedPath:
		return "The target is the URL's path, percent-decoded, without its query; rules as written."
	case core.FoldedURL:
		return "Rules and the whole target URL (host, port, cleaned path, query) are compared in lower case."
	case core.URIPath:
		return "The target is .NET's absolute path of the URL: escapes of unreserved characters decoded, dot segments resolved, no query; rules as written."
	case core.AnySpelling:
		return "Every spelling is tried and any match refuses: each rule as written and percent-decoded (so `%2a` becomes a live `*`), against the target as given, percent-decoded, and with `.` and `..` resolved; a Gemini target is the URL's path with `%2e` decoded and dot segments removed, no query; a Gopher target is the selector with a `/` added, and `/` plus the item type and the item type before it (`Disallow: /1` covers every menu), the type known only from a gopher:// URL."
	case core.GoURLPath:
		return "The target is Go's decoded path of the URL: escapes decoded, no query, dot segments kept, empty for a bare host; a rule gets a leading `/` unless it starts with `*`."
	}
	return ""
}

func roleWords(r core.RoleFields) string {
	switch r {
	case core.NoRoles:
		return "Knows no virtual agents: a named robot is matched by its name only; an unnamed one by its roles' names."
	case core.RolesAsUserAgents:
		return "`User-agent: indexer` (archiver, researcher, webproxy) names every robot with that role."
	case core.VirtualAgentField:
		return "Roles are named by `Virtual-agent:` lines; `User-agent: indexer` names a robot called indexer."
	}
	return ""
}

// typoWords says which misspelt field names d reads: a crawler whose
// parser reads some of its own says which (its "typos" source).
func typoWords(d core.Dialect) string {
	if d.AcceptTypos {
		return "Some common misspellings of the field names are accepted, as Google's parser accepts them."
	}
	if d.Crawler != nil {
		for _, s := range d.Crawler.Sources {
			if s.Key == "typos" {
				return "Its parser reads some misspellings of its own: " + s.What + " (" + s.Ref + ")."
			}
		}
	}
	return "A misspelt field name is not read."
}

func linesWords(l core.LineSyntax) string {
	switch l {
	case core.LastColonLines:
		return "A line must read `field:value` with the field running to the last colon; the value keeps its comment and trailing blanks."
	case core.LineStartDirectives:
		return "Only `user-agent:` and `disallow:` at the very start of a line count, and only with something after the colon; only a line starting with `#` is a comment."
	case core.DisallowPrefixLines:
		return "Only a line starting with `disallow:` (in any case) is read; a comment stays in the value."
	case core.ProtegoLines:
		return "The shared lexer, and a line with no colon gets a second chance when its first words are a lower-case field name (`disallow /x`); stars are removed from a User-agent value other than `*`."
	case core.PythonLines:
		return "Lines as Python splits them: also at VT, FF, FS, GS, RS, NEL, LS and PS; fields are trimmed of every Unicode space."
	case core.TrimmedLines:
		return "The shared lexer, but the line, the field and the value are trimmed of every Unicode space (VT, FF, NEL, NBSP, LS and PS besides spaces and tabs)."
	case core.TokenLines:
		return "Words split at blanks: the field ends at the line's first colon or blank, the value is the next word only, no colon is needed (`Disallow /x` counts), and `#` starts a comment only at the start of a word (`/a#b` keeps it)."
	}
	return ""
}

func preambleWords(p core.Preamble) string {
	switch p {
	case core.PreambleForAll:
		return "Rules before any User-agent line apply to every crawler."
	case core.PreambleStarRun:
		return "The file starts inside a `User-agent: *` run, which the first User-agent lines join until a Disallow closes it."
	case core.PreambleStarUnlessUserAgent:
		return "When the file lacks the exact text `User-Agent:`, `User-Agent: *` is put before it: rules before any User-agent apply to `*`, and the first User-agent lines join `*`. When it has that text, a rule before any User-agent fails the whole file."
	}
	return ""
}

// knobFacts is the knobs as a page's list.
func knobFacts(d core.Dialect) facts {
	f := facts{ID: "knob-list"}
	for _, k := range knobs(d) {
		f.Items = append(f.Items, fact{Term: k.Name, Spans: words(k.Words)})
	}
	return f
}

func checkKnobs(d core.Dialect) error {
	for _, k := range knobs(d) {
		if k.Words == "" {
			return fmt.Errorf("%s: knob %s has a value with no words in refsite/knobs.go", d.ID, k.Name)
		}
	}
	return nil
}
