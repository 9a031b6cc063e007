package refsite

import (
	"strings"
	"sync"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/claims"
	"github.com/smolbots/smolbots/core/lint"
)

// lintEntry is the prose of one lint code's page, in our own words. What
// the code knows is not repeated here: the page takes the findings, the
// dialects concerned, the readers' verdicts and whether fix rewrites it
// from the code, by running it on the example. The tests hold each entry
// to the code (lintdocs_test.go): the Example raises Code, and nothing
// else at the default severity but the codes in Also; Instead raises
// nothing at the default severity; every severity the code is reported
// at is in Severities.
type lintEntry struct {
	Code    string
	Summary string // one line, as the index and lint's "For more information" list show it
	Flags   string // What it flags
	Matters string // Why it matters: the words above the readers' verdicts
	Example Case
	Instead Case // Selectors, Agent and Protocol default to the Example's
	Leave   string
	// Also are codes the Example cannot help raising at the default
	// severity besides its own; Flags or Matters says why.
	Also       []string
	Features   []string // rows of the matrix that show what is at stake
	Evidence   []evidence
	Severities []lint.Severity // every severity the code is reported at
}

const (
	E = lint.SevError
	W = lint.SevWarning
	I = lint.SevInfo
)

// instead is the Use instead case with the Example's selectors, agent
// and protocol where it names none.
func (e *lintEntry) instead() Case {
	c := e.Instead
	if c.Selectors == nil {
		c.Selectors = e.Example.Selectors
	}
	if c.Agent == "" {
		c.Agent = e.Example.Agent
	}
	if c.Protocol == "" {
		c.Protocol = e.Example.Protocol
	}
	return c
}

var (
	entriesOnce sync.Once
	entries     []lintEntry
)

// lintEntries are the pages of the lint codes, sorted by code.
func lintEntries() []lintEntry {
	entriesOnce.Do(func() { entries = makeLintEntries() })
	return entries
}

// bigFile is a robots.txt past the 500 KiB every dialect reads: a rule,
// then comment lines, then a rule the dialects do not reach.
func bigFile() string { return claims.BigFile() }

func makeLintEntries() []lintEntry {
	gemini, gopher := core.ProtocolGemini, core.ProtocolGopher
	return []lintEntry{
		{
			Code:    "agent-run-broken",
			Summary: "a Crawl-delay or Request-rate between User-agent lines, where Python's robotparser ends the group",
			Flags:   `A line Python's robotparser reads, other than a rule, that stands between two User-agent lines: most often a Crawl-delay written right under the first name. robotparser takes any line it reads as the end of the run of agent lines, so the names above it form a record of their own. RFC 9309 and the other texts keep reading one run.`,
			Matters: `In the example, ` + "`indexer`" + ` was meant to keep out of ` + "`/private`" + ` with ` + "`archiver`" + `. To norobots, GUS and GUS (2020) the indexer record ends at the Crawl-delay and has no rule, so an indexer may fetch everything.`,
			Example: Case{Robots: "User-agent: indexer\nCrawl-delay: 5\nUser-agent: archiver\nDisallow: /private\n", Selectors: []string{"/private"}, Agent: "indexer", Protocol: gemini},
			Instead: Case{Robots: "User-agent: indexer\nUser-agent: archiver\nDisallow: /private\nCrawl-delay: 5\n"},
			Leave:   `Never: put every User-agent line of a group first, then its rules, then its delays.`,
			Evidence: []evidence{
				python("121-144", "Crawl-delay and Request-rate, like the rules, end a run of User-agent lines"),
				crawlerCode("gus", "grouping"),
				spec("rfc9309", "2.1"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:    "agent-version",
			Summary: "a User-agent value carries a version, which most readers never match",
			Flags: `A User-agent line whose value has a version after a slash, as in ` + "`User-agent: examplebot/1.0`" + `. A crawler looks for its group under its name alone, but the value in the file keeps the version.

The finding names the dialects in which the line no longer matches the robot's plain name.`,
			Matters: `Substring and whole-token readers compare ` + "`examplebot/1.0`" + ` with ` + "`examplebot`" + ` and find no match, so the group is never used and the robot falls back to the ` + "`*`" + ` group or to nothing. RFC 9309 compares only the product token (the letters before the slash), so it still matches.`,
			Example: Case{Robots: "User-agent: *\nDisallow: /private\n\nUser-agent: examplebot/1.0\nDisallow: /\n", Selectors: []string{"/index.gmi"}, Protocol: gemini},
			Instead: Case{Robots: "User-agent: *\nDisallow: /private\n\nUser-agent: examplebot\nDisallow: /\n"},
			Leave:   `When the version really is part of the name a crawler compares, which no crawler modelled here does. Otherwise remove it: only RFC 9309's reading matches the versioned value to the robot, and there the plain name covers every version too.`,
			Evidence: []evidence{
				spec("gopherdraft", "the User-agent field: a case-insensitive substring match, without version information"),
				spec("rfc9309", "2.2.1"),
				python("253-264", "the agent's name is cut at the first slash, then must contain the record's value"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "allow-portability",
			Summary:  "an Allow line, which some readings ignore and the others weigh differently",
			Flags:    `Every Allow line. The 2019 Gopher proposal and the Gemini companion specification know only Disallow, so they skip the line and keep refusing what it meant to open. The readings that do know Allow disagree on which rule wins: the modern Gopher draft lets a matching Allow win, RFC 9309 takes the longest match, Conner's proposal and Python take the first match in file order.`,
			Matters:  `The example opens ` + "`/a/public`" + ` inside a refused ` + "`/a`" + `. Readers without Allow refuse it; readers with Allow let it through, each by its own rule.`,
			Example:  Case{Robots: crlf("User-agent: *\nAllow: /a/public\nDisallow: /a\n"), Selectors: []string{"/a/public/x", "/a/private"}},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow: /a/private\nDisallow: /a/drafts\n")},
			Leave:    `When every reader you care about knows Allow (under ` + "`-protocol gemini`" + ` that still leaves out the Gemini text itself), and the Allow comes before the Disallow it carves out of, so that first-match and longest-match readers agree. ` + "`smolbots fix`" + ` puts such pairs in that order.`,
			Features: []string{"allow", "longest-match"},
			Evidence: []evidence{
				spec("gopher2019", "Other Keywords (no keyword but Disallow)"),
				spec("gemini", "Basics (the original web format, which had no Allow)"),
				spec("gopherdraft", "the Allow field as an exception to Disallow"),
				spec("conner2020", "point 1, add Allow"),
				spec("conner2021", "answer 4, rules apply in the order listed, first match"),
				spec("rfc9309", "2.2.2"),
				crawlerCode("tlgs", "lines"),
				crawlerCode("kennedy", "lines"),
				crawlerCode("mozz-archiver", "decision"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "auragem-first-group",
			Summary:  "the file's first group names another robot, and AuraGem reads it as its own",
			Flags:    `A file without the exact text ` + "`User-Agent:`" + ` whose first group names another robot, where no group names ` + "`indexer`" + ` (or a start of it). AuraGem puts ` + "`User-Agent: *`" + ` before such a file, so the first group's agents join that ` + "`*`" + `, and with no group of its own AuraGem obeys that group.`,
			Matters:  `In the example a group meant for googlebot shuts AuraGem out of the whole capsule, as it does Gemplex, and AuraGem never reads the file's real ` + "`*`" + ` group, since it takes one group only.`,
			Example:  Case{Robots: "User-agent: googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n", Selectors: []string{"gemini://capsule.example/index.gmi"}, Protocol: gemini},
			Instead:  Case{Robots: "User-agent: *\nDisallow: /private\n\nUser-agent: googlebot\nDisallow: /\n"},
			Leave:    `When the first group's rules are meant for AuraGem too. Otherwise start the file with the ` + "`*`" + ` group, or write a ` + "`User-agent: indexer`" + ` group.`,
			Also:     []string{"gemplex-first-group"},
			Features: []string{"first-group"},
			Evidence: []evidence{
				crawlerCode("auragem", "preamble"),
				crawlerCode("auragem", "selection"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:    "auragem-skips-host",
			Summary: "a line AuraGem's parser rejects, so AuraGem crawls nothing on the host",
			Flags:   `A line that makes the parser AuraGem uses (temoto/robotstxt v1.1.2) fail: a ` + "`Crawl-delay`" + ` that is not a plain number (` + "`10s`" + `, an empty value, a negative one), or, in a file that contains the exact text ` + "`User-Agent:`" + `, a rule before any User-agent line. AuraGem does not check the error: it keeps no rules, stumbles on the missing result and drops every URL of the host.`,
			Matters: `In the example one delay with a unit keeps AuraGem off the whole capsule, while every other reader just ignores that line.`,
			Example: Case{Robots: "User-agent: *\nCrawl-delay: 10s\nDisallow: /private\n", Selectors: []string{"gemini://capsule.example/index.gmi"}, Protocol: gemini},
			Instead: Case{Robots: "User-agent: *\nCrawl-delay: 10\nDisallow: /private\n"},
			Leave:   `Never: to keep AuraGem out, give it a group of its own with ` + "`Disallow: /`" + `.`,
			Also:    []string{"crawl-delay-invalid"},
			Evidence: []evidence{
				crawlerCode("auragem", "errors"),
				crawlerCode("auragem", "skip"),
				crawlerCode("auragem", "preamble"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:    "binary-file",
			Summary: "the file is not text: a NUL byte, or mostly bytes that are not UTF-8",
			Flags:   `A file that holds a NUL byte, or whose bytes are more than a quarter not UTF-8: most often a robots.txt saved as UTF-16, or something else served under its name. This finding comes first, because it explains the others: they are about noise. The example is the usual case, a file saved as UTF-16, so its NUL bytes raise ` + "`nul-byte`" + ` and its byte order mark ` + "`invalid-utf8`" + ` too; no binary file avoids one of them.`,
			Matters: `No reader finds a field in such a file, so every reader allows everything: the rules the admin wrote are not read at all.`,
			Example: Case{Robots: utf16("User-agent: *\nDisallow: /"), Selectors: []string{"/private"}, Protocol: core.ProtocolGemini},
			Instead: Case{Robots: "User-agent: *\nDisallow: /\n"},
			Leave:   `Never, for a file served as robots.txt. Save it as UTF-8 (or plain ASCII) text.`,
			Also:    []string{"nul-byte", "invalid-utf8"},
			Evidence: []evidence{
				spec("rfc9309", "2.2 (the file is UTF-8 text)"),
				spec("gemini", "Basics (served as text/plain)"),
			},
			Severities: []lint.Severity{E},
		},
		{
			Code:     "blank-line-in-group",
			Summary:  "a blank line inside a group cuts its rules off in the 1994 readings",
			Flags:    `A blank line between a group's User-agent lines and its rules, or between two of its rules. The 1994 format, which the Gemini text and the modern Gopher draft adopt, ends a record at a blank line, so the rules after it belong to no record there. Python's robotparser does the same at a truly empty line, and forgets User-agent lines that have no rule yet. RFC 9309 and Conner's proposal ignore blank lines.`,
			Matters:  `In the example the rule under the blank line refuses ` + "`/private`" + ` in some readings and refuses nothing in others: the same file is strict for one crawler and wide open for the next.`,
			Example:  Case{Robots: crlf("User-agent: *\n\nDisallow: /private\n"), Selectors: []string{"/private"}},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow: /private\n")},
			Leave:    `Never: the blank line buys nothing, and removing it makes every reading agree. To set groups apart, put blank lines between groups only, or use comment lines, which no reading counts as blank.`,
			Features: []string{"blank-line-ends-group"},
			Evidence: []evidence{
				spec("1994", "the format: records separated by one or more blank lines"),
				spec("gopherdraft", "records separated by one or more blank lines"),
				spec("gemini", "Basics (the original web format)"),
				spec("rfc9309", "2.2 (empty lines may stand anywhere in a group)"),
				python("96-103", "an empty line ends the record; agent lines with no rule are dropped"),
				crawlerCode("gus", "grouping"),
			},
			Severities: []lint.Severity{E},
		},
		{
			Code:    "bom",
			Summary: "the file starts with a UTF-8 byte order mark",
			Flags: `A UTF-8 byte order mark (the bytes EF BB BF) at the very start of the file, which some editors write without asking.

The finding names the readers whose reading of line 1 the mark changes, found by reading the file with the mark and without it, each reader in turn: dialects and crawler presets alike (` + "`-protocol`" + ` keeps those read over it). When line 1 reads the same both ways (a comment, say), the finding is information and names the readers for whom the mark would join the name of a field written there.`,
			Matters: bomMatters(),
			Example: Case{Robots: crlf("\uFEFFUser-agent: *\nDisallow: /private\n"), Selectors: []string{"gemini://capsule.example/private"}},
			Also:    []string{"rule-outside-group"}, // norobots, which keeps the mark, reads the rule in no record
			Instead: Case{Robots: crlf("User-agent: *\nDisallow: /private\n")},
			Leave:   `Never: save the file as UTF-8 without a byte order mark. ` + "`smolbots fix`" + ` drops it when no crawler is the worse for it.`,
			Evidence: []evidence{
				spec("rfc9309", "2.2"),
				crawlerCode("tlgs", "lines"),
				crawlerCode("mozz-archiver", "utf8"),
			},
			Severities: []lint.Severity{W, I},
		},
		{
			Code:    "cr-line-endings",
			Summary: "lines end in a bare CR, which some readers do not take as a line end",
			Flags: `Lines that end in a bare CR (the old Mac OS line end), alone or among LF and CRLF ends. Some readers end a line at a bare CR as at LF; others end lines only at LF, and to them the lines a bare CR joins are one line they cannot read.

The finding names both kinds, found by reading the file as it is and with its bare CRs made CRLF, each reader in turn: the readers left with no rule at all, those that lose some lines, and those that read it the same either way. It is an error when a reader is left with no rule, a warning when readers lose only some lines; when the CRs end only lines that read the same either way (comment lines, say), there is no finding.`,
			Matters:    crMatters(),
			Example:    Case{Robots: "User-agent: *\rDisallow: /private\r", Selectors: []string{"/private"}},
			Instead:    Case{Robots: crlf("User-agent: *\nDisallow: /private\n")},
			Leave:      `Never: a bare CR gains nothing over CRLF or LF, and loses readers. ` + "`smolbots fix`" + ` ends such lines in CRLF, a step its guard keeps when the readers that then read the lines part no rows that agreed (docs/fix.md).`,
			Features:   []string{"cr-line-endings"},
			Evidence:   crEvidence(),
			Severities: []lint.Severity{E, W},
		},
		{
			Code:    "crawl-delay-invalid",
			Summary: "a Crawl-delay value that is not a whole number of seconds",
			Flags:   `A Crawl-delay whose value is not a plain whole number: a unit (` + "`5s`" + `), a fraction (` + "`0.5`" + `), a negative number, or nothing.`,
			Matters: `The modern Gopher draft asks for whole seconds without a unit, Conner's proposal for seconds, and Python's robotparser ignores any other value. A crawler that honours the field either skips such a value or reads something else than was meant. AuraGem's parser fails on a unit, and AuraGem then crawls nothing on the host (auragem-skips-host).`,
			Example: Case{Robots: crlf("User-agent: *\nDisallow: /private\nCrawl-delay: 5s\n"), Selectors: []string{"/private"}},
			Also:    []string{"auragem-skips-host"},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow: /private\nCrawl-delay: 5\n")},
			Leave:   `Never: write the number of seconds alone. Remember that most readers ignore Crawl-delay altogether (see delay-portability): a server-side rate limit is the only delay every robot keeps.`,
			Evidence: []evidence{
				spec("gopherdraft", "Crawl-delay: the number of seconds, an integer with no units"),
				spec("conner2020", "the Crawl-delay sample"),
				python("121-144", "Crawl-delay is taken only when its value is all digits"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:    "crawler-agent-case",
			Summary: "an agent name in other case than TLGS or Gemplex compare, byte for byte",
			Flags:   `A User-agent value that names one of TLGS's or Gemplex's agents in other letter case, such as ` + "`TLGS`" + ` or ` + "`Indexer`" + `. The texts all compare agent names without regard to case; these two crawlers compare them exactly.`,
			Matters: `To TLGS, ` + "`User-agent: TLGS`" + ` names no agent it has, so the group meant for it is skipped and only the ` + "`*`" + ` rules apply.`,
			Example: Case{Robots: crlf("User-agent: *\nDisallow:\n\nUser-agent: TLGS\nDisallow: /private\n"), Selectors: []string{"gemini://capsule.example/private"}, Protocol: gemini},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow:\n\nUser-agent: tlgs\nDisallow: /private\n")},
			Leave:   `When the group is not meant for TLGS or Gemplex. Otherwise write the name in lower case, as they send it.`,
			Evidence: []evidence{
				crawlerCode("tlgs", "agents"),
				crawlerCode("gemplex", "agents"),
				spec("rfc9309", "2.2.1"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "crawler-comment-in-value",
			Summary:  "a comment after a value, which TLGS, Gemplex and gemini-grc read as part of it",
			Flags:    `A User-agent or Disallow line with a ` + "`#`" + ` comment after its value. Every text says a comment runs to the end of the line, and the dialects drop it; TLGS, Gemplex and gemini-grc keep it in the value.`,
			Matters:  `To those three crawlers the rule in the example is ` + "`/private # keep out`" + `, which no path starts with, so ` + "`/private`" + ` is open to them.`,
			Example:  Case{Robots: "User-agent: *\nDisallow: /private # keep out\n", Selectors: []string{"gemini://capsule.example/private/x"}, Protocol: gemini},
			Instead:  Case{Robots: "User-agent: *\n# keep out\nDisallow: /private\n"},
			Leave:    `Never: a comment on a line of its own says the same to every reader.`,
			Features: []string{"inline-comment"},
			Evidence: []evidence{
				spec("rfc9309", "2.2"),
				spec("gopher2019", "Comments"),
				crawlerCode("tlgs", "comments"),
				crawlerCode("gemplex", "comments"),
				crawlerCode("gemini-grc", "comments"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "crawler-rule-before-agent",
			Summary:  "a Disallow before any User-agent line, which TLGS and Gemplex apply to everyone",
			Flags:    `A Disallow line above the first User-agent line. The texts put such a rule in no group (see rule-outside-group, which this example raises too: the two always come together, one for the dialects, one for the crawlers). TLGS and Gemplex apply it to every crawler; Kennedy, GUS and mozz-archiver drop it; gemini-grc, which ignores User-agent lines, applies it anyway.`,
			Matters:  `The example refuses ` + "`/private`" + ` to some crawlers and not to others, depending only on how each treats a rule with no group.`,
			Example:  Case{Robots: "Disallow: /private\n\nUser-agent: *\nDisallow: /drafts\n", Selectors: []string{"gemini://capsule.example/private"}, Protocol: gemini},
			Instead:  Case{Robots: "User-agent: *\nDisallow: /private\nDisallow: /drafts\n"},
			Leave:    `Never: put the rule in the group it is meant for, usually ` + "`User-agent: *`" + `.`,
			Also:     []string{"rule-outside-group"},
			Features: []string{"no-user-agent"},
			Evidence: []evidence{
				crawlerCode("tlgs", "preamble"),
				crawlerCode("gemplex", "preamble"),
				crawlerCode("kennedy", "grouping"),
				crawlerCode("mozz-archiver", "grouping"),
				spec("rfc9309", "2.1"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:    "delay-portability",
			Summary: "a delay field (Crawl-delay, Check, Request-rate) that most readings ignore",
			Flags:   `A Crawl-delay, Check or Request-rate line. Crawl-delay is read by the modern Gopher draft, Conner's proposal and Python's robotparser; Check only by Conner's proposal; Request-rate only by robotparser. RFC 9309 leaves them out. ` + delayFacts(),
			Matters: `After a group's rules, as in the example, a delay changes no verdict: every reader allows and refuses the same paths with it and without it; what differs is whether anyone slows down. Between User-agent lines it is another matter: Python's robotparser (norobots, GUS, GUS (2020)) ends the run of agent lines there, so the agent lines above the delay get no rules at all (see agent-run-broken).`,
			Example: Case{Robots: crlf("User-agent: *\nDisallow: /private\nCrawl-delay: 10\n"), Selectors: []string{"/private"}},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow: /private\n")},
			Leave:   `Keep it if it helps the robots that read it; it harms none. This is an info finding, shown only with ` + "`-severity info`" + `. To slow every robot down, limit the rate at the server.`,
			Evidence: []evidence{
				spec("gopherdraft", "the Crawl-delay field"),
				spec("conner2020", "the Crawl-delay and Check sample"),
				spec("rfc9309", "2.2.4 (other records)"),
				python("121-144", "Crawl-delay and Request-rate, read only inside a record"),
			},
			Severities: []lint.Severity{I},
		},
		{
			Code:    "directive-invalid",
			Summary: "a smolbots comment that is not a well-formed ignore directive",
			Flags:   `A whole-line comment that starts with ` + "`smolbots:`" + ` but is not ` + "`# smolbots: ignore=CODE[,CODE]`" + `. It silences nothing, and saying so keeps a typo from hiding a problem.`,
			Matters: `Robots never read comments, so no reader is affected: this is about smolbots's own controls.`,
			Example: Case{Robots: crlf("# smolbots: ignore crawl-delay-invalid\nUser-agent: *\nDisallow: /private\nCrawl-delay: 0.5\n"), Selectors: []string{"/private"}},
			Instead: Case{Robots: crlf("# smolbots: ignore=crawl-delay-invalid\nUser-agent: *\nDisallow: /private\nCrawl-delay: 0.5\n")},
			Leave:   `Never. This finding cannot itself be silenced, by ` + "`-ignore`" + ` or by a directive.`,
			Also:    []string{"crawl-delay-invalid"},
			Evidence: []evidence{
				spec("rfc9309", "2.2 (comments)"),
			},
			Severities: []lint.Severity{E},
		},
		{
			Code:     "dollar-portability",
			Summary:  "a rule ending in $, an end anchor in RFC 9309 and a literal character elsewhere",
			Flags:    `A Disallow or Allow value that ends in ` + "`$`" + `. RFC 9309 (and mozz-archiver, through Protego) read it as "the path ends here"; the other texts have no anchor and compare the ` + "`$`" + ` as a character, which no path contains.`,
			Matters:  `In the example, ` + "`/index.gmi$`" + ` refuses ` + "`/index.gmi`" + ` to RFC 9309 readers and AuraGem, and refuses nothing to the rest.`,
			Example:  Case{Robots: crlf("User-agent: *\nDisallow: /index.gmi$\n"), Selectors: []string{"/index.gmi", "/index.gmi.bak"}},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow: /index.gmi\n")},
			Leave:    `When only RFC 9309 readers matter to you. The portable rule is the prefix alone, which also covers longer paths that start with it (` + "`/index.gmi.bak`" + ` here); if that is too much, move the file.`,
			Features: []string{"end-anchor"},
			Evidence: []evidence{
				spec("rfc9309", "2.2.3"),
				spec("gopher2019", "Globbing (no way to anchor the end)"),
				crawlerCode("mozz-archiver", "match"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:    "duplicate-group",
			Summary: "two groups name the same agent",
			Flags:   `A User-agent value that heads more than one group. RFC 9309 merges such groups, the Gemini text combines every applicable record, and the first-match readings (the modern Gopher draft, Python) use only the first one.`,
			Matters: `In the example the second group's rule counts for some readers and not for others. When both groups say the same, the finding is info only: the duplicate is dead weight, not a disagreement.`,
			Example: Case{Robots: crlf("User-agent: *\nDisallow:\n\nUser-agent: examplebot\nDisallow: /a\n\nUser-agent: examplebot\nDisallow: /b\n"), Selectors: []string{"/a", "/b"}, Protocol: gemini},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow:\n\nUser-agent: examplebot\nDisallow: /a\nDisallow: /b\n")},
			Leave:   `Never: one group per agent reads the same everywhere. ` + "`smolbots fix`" + ` merges the groups when that keeps every verdict.`,
			Evidence: []evidence{
				spec("rfc9309", "2.2.1 (groups for the same agent are combined)"),
				spec("gemini", "Virtual user agents (the most restrictive combination)"),
				python("154-181", "the first record that names the agent"),
			},
			Severities: []lint.Severity{W, I},
		},
		{
			Code:     "empty-disallow",
			Summary:  "an empty Disallow line, which allows everything, and in Python shadows what follows",
			Flags:    `A Disallow line with no value. Every reading here takes it as refusing nothing (read literally, the 2019 Gopher text would make it match every selector). Python's robotparser turns it into a rule that allows everything, and since the first match wins there, any rule after it in the same group never applies.`,
			Matters:  `On its own, ` + "`Disallow:`" + ` is the classic way to say "everything is allowed", and every reader agrees. TLGS is the exception that matters: an empty Disallow makes it forget every rule it has collected so far (see tlgs-empty-disallow-clears).`,
			Example:  Case{Robots: crlf("User-agent: *\nDisallow:\n"), Selectors: []string{"/private"}},
			Instead:  Case{Robots: crlf("# Every robot may fetch everything.\n")},
			Leave:    `Usually: this is an info finding, shown only with ` + "`-severity info`" + `. Move rules that follow it in the same group above it, or into their own group.`,
			Features: []string{"empty-disallow-clears"},
			Evidence: []evidence{
				spec("gopherdraft", "an empty Disallow field: all addresses can be retrieved"),
				spec("gopher2019", "Disallow"),
				python("219-221", "an empty Disallow becomes an Allow of everything"),
				crawlerCode("tlgs", "empty"),
			},
			Severities: []lint.Severity{I},
		},
		{
			Code:    "empty-file",
			Summary: "the file holds no field at all",
			Flags:   `A file that is empty, or holds only blank lines and comments.`,
			Matters: `Every reader allows every robot everything, which may be exactly what was meant.`,
			Example: Case{Robots: "", Selectors: []string{"/private"}},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow:\n")},
			Leave:   `When allowing everything is the intent: this is an info finding, shown only with ` + "`-severity info`" + `. An explicit ` + "`User-agent: *`" + ` with an empty Disallow says the same and shows it was meant.`,
			Evidence: []evidence{
				spec("rfc9309", "2.2.2 (with no rule that matches, a path is allowed)"),
			},
			Severities: []lint.Severity{I},
		},
		{
			Code:    "empty-user-agent",
			Summary: "a User-agent line with no value",
			Flags:   `A User-agent line with nothing after the colon.`,
			Matters: `Python's robotparser finds the empty string inside every name, so for norobots (and GUS) the group applies to every robot; the other texts take the line as naming no robot, so its rules apply to nobody. Some crawlers do not read the line at all: Gemplex skips a User-agent line with nothing after its colon, so the rule below it joins the group above.`,
			Example: Case{Robots: "User-agent: *\nDisallow: /drafts\n\nUser-agent:\nDisallow: /private\n", Selectors: []string{"/private"}, Protocol: gemini},
			Instead: Case{Robots: "User-agent: *\nDisallow: /drafts\nDisallow: /private\n"},
			Leave:   `Never: name a robot, or write ` + "`*`" + ` for all of them.`,
			Evidence: []evidence{
				spec("rfc9309", "2.2.1"),
				python("253-264", "the record's value must occur in the agent's name"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:    "field-typo",
			Summary: "a misspelt field name, such as Dissallow or User agent",
			Flags:   `A field name that is a near miss of a known one: ` + "`Dissallow`" + `, ` + "`User agent`" + `, ` + "`Useragent`" + `. RFC 9309's reference parser (Google's) accepts some common misspellings; every other reading ignores the line. A misspelling of a field no dialect reads is info only.`,
			Matters: `In the example only RFC 9309 (and mozz-archiver, whose parser is as tolerant) refuses ` + "`/private`" + `; every other reader does not see a rule at all.`,
			Example: Case{Robots: crlf("User-agent: *\nDisallow: /drafts\nDissallow: /private\n"), Selectors: []string{"/private"}},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow: /drafts\nDisallow: /private\n")},
			Leave:   `Never. ` + "`smolbots fix`" + ` corrects the spelling.`,
			Evidence: []evidence{
				spec("rfc9309", "2.2.4"),
				crawlerCode("mozz-archiver", "lines"),
			},
			Severities: []lint.Severity{E, I},
		},
		{
			Code:    "file-too-large",
			Summary: "the file is larger than the 500 KiB every dialect reads",
			Flags:   `A file longer than 500 KiB (512,000 bytes). RFC 9309 sets that as the least a crawler must read, and smolbots's dialects read that much and no more; what comes after the cut is ignored there, and a line the cut falls in is read only in part.`,
			Matters: tooLargeMatters(),
			Example: Case{Robots: bigFile(), Selectors: []string{"/drafts"}, Shown: "User-agent: *\nDisallow: /private\n# ------ (6,600 more comment lines: 520 KiB in all) ------\nDisallow: /drafts\n"},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow: /private\nDisallow: /drafts\n")},
			Leave:   `Never: no robots.txt needs to be that large. Use prefixes instead of lists of paths, and leave comments out.`,
			Evidence: []evidence{
				spec("rfc9309", "2.5"),
			},
			Severities: []lint.Severity{E},
		},
		{
			Code:     "gemplex-bare-disallow",
			Summary:  "a bare Disallow: Gemplex skips, merging the next group into this one",
			Flags:    `A ` + "`Disallow:`" + ` with nothing after the colon, on a line ending in LF, followed by another group, when only one of the two groups names one of Gemplex's agents (` + "`*`" + ` among them). Gemplex reads a directive only when the line goes on past its colon, so it skips the line; as only a Disallow ends a run of User-agent lines for it, the next group's agents join this group, and the next group's rules apply to both.`,
			Matters:  `In the example the group allowing every robot everything and the group refusing ` + "`/private`" + ` to examplebot are one group to Gemplex, which takes ` + "`*`" + ` as its name: it keeps out of ` + "`/private`" + ` too.`,
			Example:  Case{Robots: "User-agent: *\nDisallow:\n\nUser-agent: examplebot\nDisallow: /private\n", Selectors: []string{"gemini://capsule.example/private"}, Protocol: gemini},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow:\n\nUser-agent: examplebot\nDisallow: /private\n")},
			Leave:    `When both groups are meant for Gemplex alike. Otherwise end the file's lines in CRLF: Gemplex splits lines at LF only, so the CR left at the end of ` + "`Disallow:`" + ` goes on past the colon and Gemplex reads the line.`,
			Features: []string{"empty-disallow-clears"},
			Evidence: []evidence{
				crawlerCode("gemplex", "lines"),
				crawlerCode("gemplex", "grouping"),
				crawlerCode("gemplex", "empty"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "gemplex-first-group",
			Summary:  "the file's first group names another robot, and Gemplex reads it as its own",
			Flags:    `A file whose first group does not name ` + "`*`" + ` or one of Gemplex's agents. Gemplex starts reading every file as if it began with ` + "`User-agent: *`" + `, so the first group's agents join that ` + "`*`" + ` run and its rules apply to Gemplex.`,
			Matters:  `In the example a group meant for googlebot shuts Gemplex out of the whole capsule.`,
			Example:  Case{Robots: "User-agent: googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n", Selectors: []string{"gemini://capsule.example/index.gmi"}, Protocol: gemini},
			Instead:  Case{Robots: "User-agent: *\nDisallow: /private\n\nUser-agent: googlebot\nDisallow: /\n"},
			Leave:    `When the first group's rules are meant for Gemplex too. Otherwise start the file with the ` + "`*`" + ` group; ` + "`smolbots fix`" + ` moves it there.`,
			Also:     []string{"auragem-first-group"},
			Features: []string{"first-group"},
			Evidence: []evidence{
				crawlerCode("gemplex", "preamble"),
				crawlerCode("gemplex", "grouping"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "glob-portability",
			Summary:  "a * inside a rule: a wildcard in some readings, a literal character in others",
			Flags:    `A Disallow or Allow value with a ` + "`*`" + ` in it. The 2019 Gopher proposal and RFC 9309 read it as "any characters"; the Gemini text, the modern Gopher draft, Conner's proposal and Python compare it as a character. The crawlers split too: mozz-archiver has full wildcards, TLGS a few shapes of its own, Kennedy drops any rule with a star before its end.`,
			Matters:  `The example's ` + "`/*.cgi`" + ` refuses scripts to wildcard readers and refuses nothing to the others, since no path starts with ` + "`/*`" + `. A trailing star alone adds nothing for wildcard readers, and the finding says so.`,
			Example:  Case{Robots: crlf("User-agent: *\nDisallow: /*.cgi\n"), Selectors: []string{"/bin/search.cgi"}},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow: /bin/\n")},
			Leave:    `When the file is served only to wildcard readers. The portable way is a prefix: keep the scripts under one directory and refuse that.`,
			Features: []string{"wildcard"},
			Evidence: []evidence{
				spec("gopher2019", "Globbing"),
				spec("rfc9309", "2.2.3"),
				spec("conner2021", "answer 3, no globbing"),
				crawlerCode("tlgs", "match"),
				crawlerCode("kennedy", "stars"),
				crawlerCode("mozz-archiver", "match"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "group-without-rules",
			Summary:  "a group of User-agent lines with no rule after it",
			Flags:    `User-agent lines that no rule follows before the next group, in the readings that end a group at a blank line (the Gemini text, the modern Gopher draft, Python's robotparser). What such an empty group means is not settled: a reader that keeps it as the robot's own group lets the robot fetch everything, which is what the finding warns of. RFC 9309 and Conner's proposal ignore the blank line and read the agent lines together with the next group's rules.`,
			Matters:  `On the example every reader here happens to refuse ` + "`/private`" + ` to ` + "`examplebot`" + `, each for its own reason: smolbots's blank-line readings skip a record with no rule they read and fall back to ` + "`*`" + ` (their verdicts' notes say so), Python forgets agent lines left with no rule, and RFC 9309 and Conner's proposal join them to the ` + "`*`" + ` group. A crawler that keeps the empty record as the robot's own would let it in: write what you mean, so that nothing is left to guess.`,
			Example:  Case{Robots: "User-agent: examplebot\n\nUser-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Protocol: gemini},
			Instead:  Case{Robots: "User-agent: examplebot\nUser-agent: *\nDisallow: /private\n"},
			Leave:    `When the robot really may fetch everything; then say so with an empty ` + "`Disallow:`" + ` under its name, which every reading with groups reads the same.`,
			Features: []string{"blank-line-ends-group"},
			Evidence: []evidence{
				spec("1994", "each record has one or more User-agent lines, then one or more Disallow lines"),
				spec("rfc9309", "2.1"),
				python("96-99", "agent lines with no rule are dropped at an empty line"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "invalid-utf8",
			Summary:  "the file holds bytes that are not UTF-8",
			Flags:    `A line with bytes that are not valid UTF-8, most often a Latin-1 letter such as é saved by an old editor.`,
			Matters:  `mozz-archiver reads such a file as empty, so every rule is gone for it: the example shows it let into ` + "`/private`" + `. Python's robotparser, which norobots follows, fails to decode the file at all, which a verdict cannot show: norobots here reads the bytes as they are. The other readers compare the raw bytes, so a rule that holds them rarely equals what a client sends.`,
			Example:  Case{Robots: crlf("User-agent: *\nDisallow: /caf\xe9\nDisallow: /private\n"), Selectors: []string{"/private"}},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow: /café\nDisallow: /private\n")},
			Leave:    `Never: save the file as UTF-8.`,
			Features: []string{"percent-encoding"},
			Evidence: []evidence{
				spec("rfc9309", "2.2 (UTF-8)"),
				crawlerCode("mozz-archiver", "utf8"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "leading-slash-mismatch",
			Summary:  "a rule starts with / and a selector under test does not, or the other way round",
			Flags:    `A rule that would match a selector under test if only one of them had a leading slash. Gopher selectors are sent exactly as the menu gives them, often without a slash (` + "`private/notes.txt`" + `), and every reading compares them as sent, so ` + "`/private`" + ` never matches ` + "`private/notes.txt`" + `. This finding needs the selectors under test: the CLI's ` + "`-selector`" + `, or the playground's selector box.`,
			Matters:  `None of the texts adds the slash: the six dialects and Veronica-2 compare the selector as sent, so the rule refuses nothing the admin meant. (The Gemini crawlers refuse it here only because they make a path with a slash of whatever they are given; they do not read Gopher files.)`,
			Example:  Case{Robots: crlf("User-agent: *\nDisallow: /private\n"), Selectors: []string{"private/notes.txt"}, Protocol: gopher},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow: /private\nDisallow: private\n")},
			Leave:    `When the selectors really start with a slash and the test used the wrong ones.`,
			Features: []string{"prefix"},
			Evidence: []evidence{
				spec("gopher2019", "Location and Disallow (no leading slash; patterns match from the start of the selector)"),
				crawlerCode("veronica2", "target"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:    "lf-line-endings",
			Summary: "lines end in LF (or a lone CR), where the modern Gopher draft wants CRLF",
			Flags: `A file whose lines end in a bare LF or a bare CR. The modern Gopher draft says each line ends in CR LF, as Gopher text does. Every dialect here accepts any line ending; a strict Gopher reader might not. A bare CR is worse for some crawlers: cr-line-endings names them.

Only a Gopher reader minds, so the finding's weight follows what the file is served over: a warning for a file served over Gopher (` + "`-protocol gopher`" + `, a gopher:// address, or the playground's Served over), information when the protocol is not given (so ` + "`smolbots lint robots.txt`" + ` shows it only with ` + "`-severity info`" + `), and nothing for a file served over Gemini.`,
			Matters:  `The dialects all read the example alike; the finding is about strict Gopher readers that smolbots does not model.`,
			Example:  Case{Robots: "User-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Protocol: gopher},
			Instead:  Case{Robots: "User-agent: *\r\nDisallow: /private\r\n"},
			Leave:    `When the file is served over Gemini only (then ` + "`-protocol gemini`" + ` drops this finding). ` + "`smolbots fix -protocol gopher`" + ` rewrites the endings.`,
			Features: []string{"cr-line-endings"},
			Evidence: []evidence{
				spec("gopherdraft", "records terminated by CR/LF"),
				spec("gopher2019", "Lines (LF or CR LF)"),
			},
			Severities: []lint.Severity{I, W},
		},
		{
			Code:    "missing-disallow",
			Summary: "a record with no Disallow line, which the modern Gopher draft requires",
			Flags:   `A record, in the modern Gopher draft's reading, with no Disallow line. The draft asks for at least one in every record; a strict reader may skip the record.`,
			Matters: `Readers split on such a record. Conner's proposal and Python's robotparser take it as the robot's group and, finding no Disallow in it, let the robot fetch everything. smolbots's reading of the draft skips a record with no rule it reads, as a strict reader may, and the Gemini text's reading does the same, so the ` + "`*`" + ` rules apply there; RFC 9309 ignores the blank line and reads the agent with the ` + "`*`" + ` group. An empty ` + "`Disallow:`" + ` makes the intent plain to all of them.`,
			Example: Case{Robots: crlf("User-agent: examplebot\nCrawl-delay: 10\n\nUser-agent: *\nDisallow: /private\n"), Selectors: []string{"/private"}, Protocol: gopher},
			Instead: Case{Robots: crlf("User-agent: examplebot\nDisallow:\nCrawl-delay: 10\n\nUser-agent: *\nDisallow: /private\n")},
			Leave:   `When no Gopher reader matters to you. Otherwise an empty ` + "`Disallow:`" + ` says "nothing is refused" in every reading with groups.`,
			Evidence: []evidence{
				spec("gopherdraft", "at least one Disallow field per record"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "mozz-archiver-agent",
			Summary:  "a group for mozz-archiver, which sends archiver-mozz and so never matches it",
			Flags:    `A ` + "`User-agent: mozz-archiver`" + ` line. mozz-archiver's README tells admins to write that name, but the crawler sends ` + "`archiver-mozz`" + ` (it was renamed before the November 2020 crawl), and Protego looks for the group's value inside the name it sends.`,
			Matters:  `The group never applies to mozz-archiver, which falls back to the ` + "`*`" + ` group or to nothing.`,
			Example:  Case{Robots: crlf("User-agent: *\nDisallow:\n\nUser-agent: mozz-archiver\nDisallow: /\n"), Selectors: []string{"gemini://capsule.example/index.gmi"}, Protocol: gemini},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow:\n\nUser-agent: archiver-mozz\nDisallow: /\n")},
			Leave:    `Never, unless you want the group to apply to nobody. ` + "`User-agent: archiver`" + ` also works, and covers every archiver that follows the Gemini text.`,
			Features: []string{"virtual-agents"},
			Evidence: []evidence{
				crawlerCode("mozz-archiver", "names"),
				crawlerCode("mozz-archiver", "agents"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "no-colon",
			Summary:  "a line that is neither a comment nor field: value",
			Flags:    `A line with no colon that is not a comment. When its first word is a field name (` + "`Disallow /private`" + `) it is an error: the rule was meant and is lost. Anything else is a warning: start comments with ` + "`#`" + `.`,
			Matters:  `Every text ignores the line. Two crawlers do not. AuraGem's parser needs no colon at all, so it reads the example's line as a rule. mozz-archiver (through Protego) gives such a line a second chance when its first word is a lower-case field name, so ` + "`disallow /private`" + ` in lower case would be a rule to it and to AuraGem and nothing to anyone else; the example's capital D keeps mozz-archiver out of it too.`,
			Example:  Case{Robots: crlf("User-agent: *\nDisallow: /drafts\nDisallow /private\n"), Selectors: []string{"/private"}},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow: /drafts\nDisallow: /private\n")},
			Leave:    `Never.`,
			Features: []string{"missing-colon"},
			Evidence: []evidence{
				spec("rfc9309", "2.2"),
				crawlerCode("mozz-archiver", "second-chance"),
			},
			Severities: []lint.Severity{E, W},
		},
		{
			Code:    "nul-byte",
			Summary: "a NUL byte: the file is probably binary or UTF-16",
			Flags:   `A line with a NUL byte. Text files have none; a robots.txt saved as UTF-16 has one in every other byte. A file with a NUL byte is binary to smolbots, so ` + "`binary-file`" + ` comes with this finding, always.`,
			Matters: `No reader can read fields on such lines; here the rule with the NUL byte refuses a path no client asks for.`,
			Example: Case{Robots: crlf("User-agent: *\nDisallow: /private\x00\n"), Selectors: []string{"/private"}},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow: /private\n")},
			Leave:   `Never.`,
			Also:    []string{"binary-file"},
			Evidence: []evidence{
				spec("rfc9309", "2.2 (UTF-8 text)"),
			},
			Severities: []lint.Severity{E},
		},
		{
			Code:     "role-user-agent",
			Summary:  "a virtual agent (indexer, archiver...) written as a User-agent",
			Flags:    `A User-agent line naming one of the Gemini text's virtual agents: ` + "`indexer`" + `, ` + "`archiver`" + `, ` + "`researcher`" + ` or ` + "`webproxy`" + `. Only the Gemini text reads it as "every robot with that role". Conner's proposal reads it as a robot literally called indexer (roles are ` + "`Virtual-agent:`" + ` lines there), and the readings that know no roles apply it only to an unnamed robot declaring that role, never to a named one such as ` + "`GUS(indexer)`" + `.`,
			Matters:  `The crawlers differ too: TLGS, Gemplex, Kennedy and GUS test ` + "`indexer`" + ` among their own names; mozz-archiver matches ` + "`archiver`" + ` inside ` + "`archiver-mozz`" + `; the 2020 GUS never asked for ` + "`indexer`" + `.`,
			Example:  Case{Robots: "User-agent: indexer\nDisallow: /private\n", Selectors: []string{"/private"}, Protocol: gemini},
			Instead:  Case{Robots: "User-agent: indexer\nUser-agent: examplebot\nDisallow: /private\n"},
			Leave:    `Usually: it is the Gemini text's own way, and an info finding shown only with ` + "`-severity info`" + `. Naming the crawlers you know beside the role, as in Use instead, makes the group reach them in every dialect; ` + "`smolbots fix`" + ` adds them.`,
			Features: []string{"virtual-agents"},
			Evidence: []evidence{
				spec("gemini", "Virtual user agents"),
				spec("conner2020", "point 2, Virtual-agent lines"),
				crawlerCode("tlgs", "names"),
				crawlerCode("gus-legacy", "names"),
			},
			Severities: []lint.Severity{I},
		},
		{
			Code:     "rule-outside-group",
			Summary:  "a rule that belongs to no group in some reading",
			Flags:    `A Disallow, Allow or delay line that a reading puts in no group: it comes before any User-agent line, or a Virtual-agent line the reading ignores cut it off. Such a rule is ignored there. A Disallow or Allow lost this way is an error; a delay line, a warning.`,
			Matters:  `The 2019 Gopher proposal, which has no groups, applies the rule to every robot; so do TLGS and Gemplex (see crawler-rule-before-agent). The other texts ignore it. The example is linted as a Gopher file: under Gemini the crawler lint comes with it.`,
			Example:  Case{Robots: crlf("Disallow: /private\n"), Selectors: []string{"/private"}, Protocol: gopher},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow: /private\n")},
			Leave:    `Never: put a User-agent line above the rule. ` + "`smolbots fix`" + ` adds ` + "`User-agent: *`" + ` above rules that come first.`,
			Features: []string{"no-user-agent"},
			Evidence: []evidence{
				spec("rfc9309", "2.1"),
				spec("gopher2019", "Disallow (all lines starting with Disallow)"),
				python("121-144", "rules before any User-agent are dropped"),
			},
			Severities: []lint.Severity{E, W},
		},
		{
			Code:    "setting-invalid",
			Summary: "a Check or Request-rate value its reader cannot use",
			Flags:   `A Check value that is not a whole number of seconds (Conner's proposal), or a Request-rate that is not two whole numbers such as ` + "`1/10`" + ` (Python's robotparser).`,
			Matters: `No verdict changes; the one reader of the field skips the value.`,
			Example: Case{Robots: crlf("User-agent: *\nDisallow: /private\nCheck: daily\n"), Selectors: []string{"/private"}},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow: /private\nCheck: 86400\n")},
			Leave:   `Never: write the number, or delete the line.`,
			Evidence: []evidence{
				spec("conner2020", "the Check field in the sample"),
				python("121-144", "Request-rate is taken only as two whole numbers, requests/seconds"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:    "star-not-last",
			Summary: "the * record comes before other records, which the modern Gopher draft then never uses",
			Flags:   `A ` + "`User-agent: *`" + ` record followed by other records. The modern Gopher draft uses the first record that names the robot, and ` + "`*`" + ` names them all, so nothing after it is ever used there. The other readings look for a record naming the robot first.`,
			Matters: `In the example the dialects asked as ` + "`examplebot`" + ` let it fetch ` + "`/private`" + `, except the Gopher draft's reading, where the ` + "`*`" + ` record above wins, and the 2019 Gopher proposal, which has no groups at all. The crawlers are asked as themselves, and the group is not theirs.`,
			Example: Case{Robots: crlf("User-agent: *\nDisallow: /private\n\nUser-agent: examplebot\nDisallow:\n"), Selectors: []string{"/private"}, Protocol: gopher},
			Instead: Case{Robots: crlf("User-agent: examplebot\nDisallow:\n\nUser-agent: *\nDisallow: /private\n")},
			Leave:   `When no Gopher reader matters to you. Otherwise put the ` + "`*`" + ` record last (the draft says it should be); ` + "`smolbots fix`" + ` moves it.`,
			Evidence: []evidence{
				spec("gopherdraft", "the value * describes any robot not matched by a previous record"),
				python("154-181", "the first record naming the robot, else the * record"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "star-rules-not-repeated",
			Summary:  "a record for a robot or role lacks a Disallow of the * record, which the Gemini text says still applies",
			Flags:    `A record naming a robot or a virtual agent that does not refuse something the ` + "`*`" + ` record refuses. Under the Gemini text a robot uses the records that name it (or its role) instead of ` + "`*`" + `, but the same text says bots should still respect ` + "`*`" + `. Read one way the path is open to that robot; read the other way it is not.`,
			Matters:  `Only the Gemini text's own reading lets the indexer into ` + "`/private`" + ` here, and its note gives the other reading. The crawlers that are indexers keep out: TLGS, Gemplex and Kennedy apply the ` + "`*`" + ` rules together with the indexer record, and GUS asks as ` + "`indexer`" + ` and as ` + "`gus`" + `, and the second answer falls back to ` + "`*`" + `. A crawler that takes only the most specific record, as Protego does for mozz-archiver, would go in.`,
			Example:  Case{Robots: "User-agent: *\nDisallow: /private\n\nUser-agent: indexer\nDisallow: /drafts\n", Selectors: []string{"/private"}, Protocol: gemini},
			Instead:  Case{Robots: "User-agent: *\nDisallow: /private\n\nUser-agent: indexer\nDisallow: /private\nDisallow: /drafts\n"},
			Leave:    `When you mean the named robots to have the paths the ` + "`*`" + ` record refuses; then expect some crawlers to stay out anyway. ` + "`smolbots fix`" + ` repeats the rules.`,
			Features: []string{"star-also"},
			Evidence: []evidence{
				spec("gemini", "Basics (bots should still respect directives for *)"),
				crawlerCode("kennedy", "union"),
				crawlerCode("mozz-archiver", "agents"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "tlgs-empty-disallow-clears",
			Summary:  "an empty Disallow that makes TLGS forget every rule before it",
			Flags:    `An empty Disallow in a group TLGS reads, after TLGS has collected rules from earlier groups. TLGS takes an empty value as "clear the list so far", across groups, so the order of groups changes its verdicts.`,
			Matters:  `In the example every indexer is meant to stay out of ` + "`/drafts`" + `; TLGS is one, but to TLGS the empty Disallow of the ` + "`*`" + ` group below wipes that rule out.`,
			Example:  Case{Robots: "User-agent: indexer\nDisallow: /drafts\n\nUser-agent: *\nDisallow:\n", Selectors: []string{"gemini://capsule.example/drafts"}, Protocol: gemini},
			Instead:  Case{Robots: "User-agent: *\nDisallow:\n\nUser-agent: indexer\nDisallow: /drafts\n"},
			Leave:    `When the empty Disallow comes before every rule TLGS reads; then it clears nothing. Otherwise leave the empty Disallow out, or move its group first.`,
			Features: []string{"empty-disallow-clears"},
			Evidence: []evidence{
				crawlerCode("tlgs", "empty"),
				crawlerCode("tlgs", "union"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "tlgs-off-by-one",
			Summary:  "a rule ending in / that TLGS does not apply to a path one byte longer",
			Flags:    `A Disallow rule ending in ` + "`/`" + ` and a selector under test that starts with it and is exactly one byte longer, such as ` + "`Disallow: /dir/`" + ` and ` + "`/dir/a`" + `. TLGS's matcher covers a longer path only when it is at least two bytes longer than the rule, an off-by-one: ` + "`Disallow: /`" + ` leaves ` + "`/a`" + ` open and blocks ` + "`/ab`" + `. This finding needs the selectors under test: the CLI's ` + "`-selector`" + `, or the playground's selector box.`,
			Matters:  `In the example TLGS fetches ` + "`/dir/a`" + ` while every other reader keeps out of it.`,
			Example:  Case{Robots: "User-agent: *\nDisallow: /dir/\n", Selectors: []string{"/dir/a"}, Protocol: gemini},
			Instead:  Case{Robots: "User-agent: *\nDisallow: /dir\n"},
			Leave:    `When TLGS may fetch such short paths. ` + "`Disallow: /dir`" + ` without the slash covers them for TLGS too; it also refuses ` + "`/dir`" + ` itself, and to the readers that take a rule as a plain prefix, every path starting ` + "`/dir`" + `.`,
			Features: []string{"prefix"},
			Evidence: []evidence{
				crawlerCode("tlgs", "off-by-one"),
				crawlerCode("tlgs", "segments"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:    "umn-type-prefix",
			Summary: "a rule starts with / while UMN-style selectors start with the item type",
			Flags:   `A rule that would match a selector under test but for the item type UMN-style Gopher servers put in front (` + "`0/private/notes.txt`" + ` for a text file). Every reading compares the selector as sent. This finding needs the selectors under test.`,
			Matters: `The rule ` + "`/private`" + ` refuses nothing the server actually serves under ` + "`0/private`" + `.`,
			Example: Case{Robots: crlf("User-agent: *\nDisallow: /private\n"), Selectors: []string{"0/private/notes.txt"}, Protocol: gopher},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow: /private\nDisallow: 0/private\nDisallow: 1/private\n")},
			Leave:   `When the server does not use such selectors.`,
			Evidence: []evidence{
				spec("gopher2019", "Location (UMN-style servers repeat the item type)"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:    "unknown-code",
			Summary: "-ignore or an ignore directive names a code that does not exist",
			Flags:   `A code in ` + "`-ignore`" + ` or in a ` + "`# smolbots: ignore=`" + ` directive that is not a lint code, most often a typo. It silences nothing, and saying so keeps the typo from hiding the problem it was meant to silence.`,
			Matters: `Robots never read comments; this is about smolbots's own controls.`,
			Example: Case{Robots: crlf("# smolbots: ignore=crawl-delay-invalidd\nUser-agent: *\nDisallow: /private\nCrawl-delay: 0.5\n"), Selectors: []string{"/private"}},
			Instead: Case{Robots: crlf("# smolbots: ignore=crawl-delay-invalid\nUser-agent: *\nDisallow: /private\nCrawl-delay: 0.5\n")},
			Leave:   `Never. This finding cannot itself be silenced.`,
			Also:    []string{"crawl-delay-invalid"},
			Evidence: []evidence{
				spec("rfc9309", "2.2 (comments)"),
			},
			Severities: []lint.Severity{E},
		},
		{
			Code:    "unknown-field",
			Summary: "a field no dialect knows",
			Flags:   `A ` + "`field: value`" + ` line whose field no reading here knows and that is not a near miss of one (those are field-typo), or a line with nothing before its colon.`,
			Matters: `Every reader ignores the line; if it was meant as a rule, that rule is lost everywhere.`,
			Example: Case{Robots: crlf("User-agent: *\nDisallow: /private\nNoindex: /drafts\n"), Selectors: []string{"/drafts"}},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow: /private\nDisallow: /drafts\n")},
			Leave:   `For fields other tools read (Sitemap, Host and the like are known and not flagged): this is an info finding, shown only with ` + "`-severity info`" + `.`,
			Evidence: []evidence{
				spec("rfc9309", "2.2.4"),
				spec("conner2020", "note 4, a field not understood should be ignored"),
			},
			Severities: []lint.Severity{I},
		},
		{
			Code:     "unreachable-rule",
			Summary:  "a rule that never decides where the first match wins",
			Flags:    `A rule under Conner's proposal or Python's robotparser, where the first matching rule decides, that an earlier rule of its group always matches first. When both say the same the rule is only redundant (info, as in the example); when the earlier one says the opposite, an Allow after a broader Disallow, the readings disagree (warning): RFC 9309 takes the longest match, so there the later rule does apply.`,
			Matters:  `The example's second rule changes nothing anywhere; the warning case is the Allow-after-Disallow of the longest-match row.`,
			Example:  Case{Robots: crlf("User-agent: *\nDisallow: /a\nDisallow: /a/b\n"), Selectors: []string{"/a/b/c"}},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow: /a\n")},
			Leave:    `A redundant rule harms nothing. For the warning, put the more specific rule first; ` + "`smolbots fix`" + ` reorders or drops such rules.`,
			Features: []string{"longest-match"},
			Evidence: []evidence{
				spec("conner2021", "answer 4, first match"),
				spec("rfc9309", "2.2.2"),
				python("266-273", "the first matching line decides"),
			},
			Severities: []lint.Severity{W, I},
		},
		{
			Code:    "user-agent-portability",
			Summary: "a group for named robots, whose rules the 2019 Gopher proposal applies to every robot",
			Flags:   `A group naming robots other than ` + "`*`" + ` with Disallow lines. The 2019 Gopher proposal has no groups: every Disallow line binds every robot, whatever User-agent line it stands under. Veronica-2, as its maintainer describes it, reads files the same way.`,
			Matters: `In the example the rule meant for ` + "`examplebot`" + ` alone refuses ` + "`/private`" + ` to every Gopher robot that follows the proposal.`,
			Example: Case{Robots: crlf("User-agent: examplebot\nDisallow: /private\n"), Selectors: []string{"/private"}, Agent: "otherbot(indexer)", Protocol: gopher},
			Instead: Case{Robots: crlf("User-agent: *\nDisallow: /private\n")},
			Leave:   `When the file is served over Gemini only (then ` + "`-protocol gemini`" + ` drops this finding), or when every robot may well keep out of the path.`,
			Evidence: []evidence{
				spec("gopher2019", "Disallow (a robot must consider all lines starting with Disallow)"),
				crawlerCode("veronica2", "agents"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:     "virtual-agent-field-portability",
			Summary:  "a Virtual-agent line, which only Conner's proposal reads",
			Flags:    `A ` + "`Virtual-agent:`" + ` line. Only Conner's proposal has the field; every other reading ignores the line, so a group headed by it alone has no agent there, and its rules join the group above or belong to none (an error, when they join another group). The Gemini text names roles in User-agent lines instead.`,
			Matters:  `In the example the group meant for every indexer reaches only ` + "`examplebot`" + ` outside Conner's reading.`,
			Example:  Case{Robots: crlf("User-agent: *\nDisallow:\n\nUser-agent: examplebot\nVirtual-agent: indexer\nDisallow: /private\n"), Selectors: []string{"/private"}, Agent: "otherbot(indexer)", Protocol: gemini},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow:\n\nUser-agent: examplebot\nUser-agent: indexer\nVirtual-agent: indexer\nDisallow: /private\n")},
			Leave:    `When the group also has the User-agent line the other readings use, as in Use instead: then it is not flagged.`,
			Features: []string{"virtual-agents"},
			Evidence: []evidence{
				spec("conner2020", "point 2, Virtual-agent lines"),
				spec("gemini", "Virtual user agents"),
			},
			Severities: []lint.Severity{W, E},
		},
		{
			Code:     "virtual-agent-typo",
			Summary:  "a virtual agent misspelt: indexers, archive, web-proxy, research",
			Flags:    `A User-agent or Virtual-agent value that is a near miss of a role: ` + "`indexers`" + `, ` + "`archive`" + `, ` + "`web-proxy`" + `, ` + "`research`" + `, ` + "`archivebot`" + `. The finding names the readings in which the line then misses robots with that role.`,
			Matters:  `Substring readers may still match some spellings by accident (` + "`index`" + ` is inside ` + "`indexer`" + `), others never do; the crawlers compare whole names.`,
			Example:  Case{Robots: crlf("User-agent: *\nDisallow:\n\nUser-agent: indexers\nDisallow: /private\n"), Selectors: []string{"/private"}, Agent: "indexer", Protocol: gemini},
			Instead:  Case{Robots: crlf("User-agent: *\nDisallow:\n\nUser-agent: indexer\nDisallow: /private\n")},
			Leave:    `When the value is really a robot's name.`,
			Features: []string{"virtual-agents"},
			Evidence: []evidence{
				spec("gemini", "Virtual user agents (archiver, indexer, researcher, webproxy)"),
			},
			Severities: []lint.Severity{W},
		},
		{
			Code:       "webproxy-readers",
			Summary:    "a group for web proxies, which mostly read no robots.txt",
			Flags:      `A User-agent or Virtual-agent line naming ` + "`webproxy`" + ` (or ` + "`webproxy-`" + ` something). The finding says which of the programs that show capsules on the web read it: of those looked up, only Gemportal, and only a group named exactly ` + "`webproxy`" + ` in a file under 4096 bytes that its parser takes; and whether Gemportal reads this file.`,
			Matters:    `portal.mozz.us stopped reading robots.txt at the end of 2020 and takes opt-outs by e-mail; Kineto's maintainer declined to read it; the Gopher web gateways never fetch it. A webproxy group does not stop them: ask their operators.`,
			Example:    Case{Robots: "User-agent: *\nDisallow: /private\n\nUser-agent: webproxy\nDisallow: /\n", Selectors: []string{"/index.gmi"}, Protocol: gemini},
			Instead:    Case{Robots: "User-agent: *\nDisallow: /private\n\nUser-agent: webproxy\nDisallow: /\n"},
			Leave:      `Always: the group costs nothing and Gemportal obeys it. It is an info finding, shown only with ` + "`-severity info`" + `, so that you know what it does not do.`,
			Evidence:   append(append(append(proxyEvidence("Gemportal"), proxyEvidence("portal.mozz.us")...), proxyEvidence("Kineto")...), proxyEvidence("gopherproxy and its forks")...),
			Severities: []lint.Severity{I},
		},
	}
}

// crlf ends every line of s in CR LF, as the modern Gopher draft asks:
// the examples linted for every dialect use it, so that lf-line-endings
// does not join every finding.
func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

// utf16 is s as UTF-16 little-endian with a byte order mark, as some
// editors save text.
func utf16(s string) string {
	b := []byte{0xFF, 0xFE}
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	return string(b)
}
