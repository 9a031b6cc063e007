package lint

import (
	"slices"
	"strings"
	"sync"

	"github.com/smolbots/smolbots/core"
)

// Rule is one lint code as every consumer shows it: the reference page
// (/lint/<code>), explain, SARIF's rules, lint's "For more information"
// list and the editor server all read it from Rules. The tests hold each
// rule to the code (core/refsite's lintdocs_test.go): the Example raises
// Code, and nothing else at the default severity but the codes in Also;
// Instead raises nothing at the default severity; every severity the
// code is reported at is in Severities.
type Rule struct {
	Code    string
	Summary string // one line, as the index and lint's "For more information" list show it
	Flags   string // What it flags
	Matters string // Why it matters: the words above the readers' verdicts
	Example Example
	Instead Example // Selectors, Agent and Protocol default to the Example's
	Leave   string
	// Also are codes the Example cannot help raising at the default
	// severity besides its own; Flags or Matters says why.
	Also       []string
	Features   []string // rows of the matrix that show what is at stake
	Evidence   []Evidence
	Severities []Severity // every severity the code is reported at
}

// Example is a file and the questions asked of it, as the playground
// takes them.
type Example struct {
	Robots    string
	Selectors []string      // as typed on the playground: raw selectors or URLs
	Agent     string        // the agent the six dialects test; "" is the reference's default
	Protocol  core.Protocol // what the file is served over; "" is any
	// Shown replaces the file in what a page prints, for a file too
	// large to print; the permalink still holds the whole file.
	Shown string
}

// Evidence names a source that shows what a rule says; the reference
// resolves it to words and an address.
type Evidence struct {
	Kind   string // "spec", "python", "crawler", "proxy" or "computed"
	Source string // the text's ID, robotparser.py's lines, or the preset's ID
	Part   string // the section, what those lines do, or the preset's source key
}

// Spec cites a section of one of the texts (an ID of the reference's
// texts: gopher2019, gemini, rfc9309, ...).
func Spec(id, section string) Evidence { return Evidence{"spec", id, section} }

// Python cites lines of CPython's robotparser, which norobots and GUS
// follow.
func Python(lines, what string) Evidence { return Evidence{"python", lines, what} }

// CrawlerCode cites the line of a crawler preset's code listed under key
// in its Sources.
func CrawlerCode(id, key string) Evidence { return Evidence{"crawler", id, key} }

// ProxyCode cites what a web proxy or gateway does with robots.txt
// (crawlers.WebProxies), each of its references.
func ProxyCode(name string) Evidence { return Evidence{"proxy", name, ""} }

// Computed stands for a sentence the reference builds from the readers'
// verdicts on a stated example, so that it stays true however a reader
// changes (core/refsite's lintclaims.go knows each name). Evidence of
// Kind "computed" is listed the same way.
func Computed(name string) string { return "{{" + name + "}}" }

var (
	rulesOnce sync.Once
	rules     []Rule
)

// Rules are every lint code's rule, sorted by code.
func Rules() []Rule {
	rulesOnce.Do(func() {
		rules = makeRules()
		slices.SortFunc(rules, func(a, b Rule) int { return strings.Compare(a.Code, b.Code) })
	})
	return rules
}

// RuleFor is the rule of a code, nil for a code Lint never reports.
func RuleFor(code string) *Rule {
	rs := Rules()
	if i, ok := slices.BinarySearchFunc(rs, code, func(r Rule, c string) int { return strings.Compare(r.Code, c) }); ok {
		return &rs[i]
	}
	return nil
}

// BigFile is a robots.txt past the 500 KiB the dialects read: a rule,
// then comment lines, then a rule at about 520 KiB.
// TLGSLongFile is a file with one comment line longer than any TLGS
// survives (tlgs-line-too-long's example).
func TLGSLongFile() string {
	return "User-agent: *\nDisallow: /private\n# " + strings.Repeat("-", 27_000-2) + "\n"
}

func BigFile() string {
	var b strings.Builder
	b.WriteString("User-agent: *\r\nDisallow: /private\r\n")
	line := "# " + strings.Repeat("-", 76) + "\r\n"
	for b.Len() < core.MaxBytes+4096 {
		b.WriteString(line)
	}
	b.WriteString("Disallow: /drafts\r\n")
	return b.String()
}
