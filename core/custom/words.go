package custom

import "github.com/smolbots/smolbots/core"

// The page's "Your reader" column shows each knob as a question and each
// value as an answer an admin can read; the CLI spells the same values
// as in Knobs. One table, so that the page and `check -dialect` cannot
// drift apart.

// Column is the page's name for the column, the words of its head; the
// reports name it so too.
const Column = "your reader"

// BaseName is a base as the column's select offers it: a dialect by its
// ID and title, a crawler preset by the crawler's name.
func BaseName(d core.Dialect) string {
	if d.Crawler != nil {
		return d.Crawler.Name
	}
	return d.ID + ": " + d.Title
}

type words struct {
	label  string
	values map[string]string
}

var knobWords = map[string]words{
	"groups": {"Which lines form a group", map[string]string{
		"none": "no groups: every rule is for everyone", "blank-lines": "a blank line ends a group",
		"python": "as Python's robotparser groups lines", "agent-runs": "User-agent lines after a rule start a group",
		"agent-runs-any-field": "User-agent lines after any other field start a group"}},
	"agents": {"How a User-agent line names a crawler", map[string]string{
		"substring": "the name contains the value", "token": "the whole name, any case",
		"product-token": "the name's first word, any case", "exact-case": "the whole name, same case",
		"token-prefix": "the name starts with the value, any case"}},
	"apply": {"Which groups apply", map[string]string{
		"all-rules": "every rule in the file", "first-in-file": "the first group that names it or *",
		"first-then-star": "its own group, else *", "combine": "every group that names it, combined",
		"most-targeted": "its name, else its role, else *", "merge-equal": "all groups for its name merged, else *",
		"union": "every group for any of its names", "best-substring": "the group with the longest matching name",
		"longest-token":      "the one group whose value is the longest start of its name, else *",
		"specific-else-star": "every group for any of its names but *, together, else *"}},
	"match": {"Which rule decides", map[string]string{
		"any-disallow": "any Disallow that matches refuses", "allow-exception": "a matching Allow wins, else any Disallow",
		"first": "the first rule that matches", "longest": "the longest rule that matches",
		"longest-first": "the longest rule that matches, the first on a tie"}},
	"patterns": {"Prefix or whole segments, wildcards", map[string]string{
		"prefix": "a rule is a prefix", "wildcards": "* matches anything", "wildcards-and-dollar": "* matches anything, $ ends the rule",
		"segments": "a rule matches whole path segments", "trailing-star": "a prefix; a final * is dropped",
		"anywhere": "* and $ rules match anywhere in the path"}},
	"encoding": {"Encoding: what is done to %-escapes and the URL", map[string]string{
		"raw": "nothing: bytes as written", "python-quote": "as Python's robotparser quotes",
		"percent": "%-escapes made uniform, as RFC 9309", "protego-quote": "as Protego quotes",
		"path-no-query": "the path only, no query", "decoded-path": "the path %-decoded",
		"folded-url": "the path cleaned and re-escaped", "uri-path": "as .NET's Uri path",
		"go-path":      "the path %-decoded, as Go's URL parser gives it",
		"any-spelling": "every spelling of rule and path tried: as written, %-decoded, dots resolved"}},
	"roles": {"Roles such as indexer or archiver", map[string]string{
		"none": "not read", "as-user-agents": "named in User-agent lines", "virtual-agent-field": "named in Virtual-agent lines"}},
	"allow": {"Allow lines", yesNo("are rules", "are ignored")},
	"typos": {"Misspelt field names (Dissallow:)", yesNo("count", "are ignored")},
	"lines": {"Comments and how a line splits", map[string]string{
		"standard": "# starts a comment; field: value", "last-colon": "split at the last colon",
		"line-start": "only lines starting with a field count", "disallow-only": "only Disallow lines count",
		"protego": "# starts a comment; a line without a colon is still read",
		"python":  "as Python splits and strips lines: also at VT, FF and other breaks",
		"words":   "field and one word of value; no colon needed",
		"trimmed": "# starts a comment; field: value, trimmed of every Unicode space"}},
	"lf-only":              {"Line ends", yesNo("only LF ends a line", "LF, CRLF or a lone CR")},
	"trim-cr":              {"CRs at the end of a line split at LF", yesNo("are trimmed off", "stay, and join the line to the next")},
	"empty-agent-joins":    {"An empty User-agent:", yesNo("keeps the run above open", "names no robot")},
	"high-bytes-unfetched": {"A URL with a raw byte of 0x80 or more", yesNo("is never fetched", "is fetched as any other")},
	"utf8-only":            {"A file that is not UTF-8", yesNo("is read as empty", "is read anyway")},
	"bom-in-text":          {"A byte order mark at the start", yesNo("stays in line 1", "is dropped")},
	"before-agents": {"Rules before any User-agent line", map[string]string{
		"ignored": "are ignored", "apply-to-all": "apply to every crawler", "join-star": "join the * group",
		"star-unless-user-agent": "join * unless the file has User-Agent:, else fail it"}},
	"empty-clears":           {"An empty Disallow:", yesNo("drops the rules above it", "allows everything, nothing more")},
	"each-agent":             {"A crawler with several names", yesNo("each name is read alone; all must allow", "its names are read together")},
	"root-rules":             {"A rule without a leading /", yesNo("gets one", "stays as written")},
	"no-rules-ban-later":     {"A group with no rules", yesNo("refuses every later URL", "allows everything")},
	"index-allows-dir":       {"Allow: .../index.html", yesNo("allows the directory too", "allows that file only")},
	"parse-error-skips-host": {"A line the parser rejects", yesNo("makes it skip the whole host", "is ignored")},
	"always-allow":           {"A selector always allowed", nil},
}

func yesNo(yes, no string) map[string]string { return map[string]string{"yes": yes, "no": no} }

// Label is the question the knob answers, in an admin's words.
func (k Knob) Label() string { return knobWords[k.Name].label }

// Say is value v of the knob in an admin's words, v itself when the knob
// takes free text ("none" when that is empty).
func (k Knob) Say(v string) string {
	if w, ok := knobWords[k.Name].values[v]; ok {
		return w
	}
	if k.Values == nil && v == "" {
		return "none"
	}
	return v
}

// Value is the knob's value in d, as the spelling writes it.
func (k Knob) Value(d core.Dialect) string { return k.get(&d) }

// Spell is the canonical spelling of base with the knobs set to values
// (by knob name; a knob left out keeps base's value), or an error in
// Parse's words.
func Spell(base string, values map[string]string) (string, core.Dialect, error) {
	s := Prefix + base
	for _, k := range Knobs {
		if v, ok := values[k.Name]; ok {
			s += "," + k.Name + "=" + v
		}
	}
	d, err := Parse(s)
	return d.ID, d, err
}
