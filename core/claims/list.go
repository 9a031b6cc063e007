package claims

import (
	"slices"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// All are the claims the prose makes, each with its example.
func All() []Claim {
	return list()
}

// AboutSmolbots are phrases with a claim-word that do not say what a
// reader does, each with why: smolbots's own flags and fixes, advice,
// or words built from the verdicts they stand beside. A phrase starting
// with = stands for a whole string of the source, not a part of one.
var AboutSmolbots = map[string]string{
	"who does not and who gives no verdict":                                        "what check prints on stderr",
	"parting a row on which every reader agreed while it read nothing":             "what fix's strict guard refuses",
	"each kept or left out by `-protocol` like any reader":                         "what -protocol does to lint's output",
	"so line 1 is not read as the field it names":                                  "built from bomChanges: the readers named are those whose verdicts the mark changes",
	"so a crawler shows in a log only by what it asks for and where it comes from": "about server logs, not about reading the file",
	"drops this finding":                                                           "what -protocol does to lint's output",
	"reorders or drops such rules":                                                 "what smolbots fix does",
	"drops it when no crawler is the worse for it":                                 "what smolbots fix does; its tests hold it to that",
	"rewrites it where no reader is let into a path it refuses today":              "fix's contract, held by core/fix's tests",
	"every reader allows it.":                                                      "built from the verdicts listed under it (splitSentence)",
	"every reader denies it.":                                                      "built from the verdicts listed under it (splitSentence)",
	"Every dialect is hidden":                                                      "the page's own table, not a reader",
	"When every reader you care about knows Allow":                                 "a condition for the admin to check",
	"for all of them.":                                                             "advice: write * for every robot",
	"a # comment after a value is dropped":                                         "a question of the matrix, whose cells are computed",
	"and any other reply gives no verdict":                                         "how the matrix models an unseen fetch",
	"=no dialect":                                                                  "joinWords's word for an empty list of dialects (the whole string)",
	"no dialect here ignores the version":                                          "chosen by the set of dialects that compare the whole name (versionTolerant)",
	"each with the verdict of every dialect and crawler preset smolbots knows":     "what the conformance suite holds (core/conformance computes each verdict by running the reader)",
	"the suite's version changes when a case is added, dropped or changes meaning": "the suite's promise about its own IDs, held by core/conformance's golden ID list",
	"each case with every reader's verdict":                                        "what the conformance suite holds (core/conformance)",
	// A custom reader's knobs (core/custom): what each setting makes the
	// reader do, by definition; the knobs are held to the dialects'
	// verdicts by core/custom's and core/conformance's tests.
	"a prefix; a final * is dropped":                      "a knob value's words (core/custom): what the setting makes a custom reader do",
	"an empty Disallow drops every rule collected so far": "a knob's words (core/custom): what the setting makes a custom reader do",
	"apply to every crawler":                              "a knob value's words (core/custom): what the setting makes a custom reader do",
	"drops the rules above it":                            "a knob value's words (core/custom): what the setting makes a custom reader do",
	"the library raised or gave no verdict":               "how the conformance table scores a library's error: never as agreeing (core/conformance/table)",
	"=is dropped":                                         "a knob value's words (core/custom): with bom-in-text off, the mark is dropped",
}

// dialectsExcept are the dialects without the ones named.
func dialectsExcept(ids ...string) []string {
	var out []string
	for _, d := range core.Dialects() {
		keep := true
		for _, id := range ids {
			keep = keep && d.ID != id
		}
		if keep {
			out = append(out, d.ID)
		}
	}
	return out
}

// allExcept are every reader but the ones named.
func allExcept(ids ...string) []string {
	var out []string
	for _, d := range Readers() {
		if !slices.Contains(ids, d.ID) {
			out = append(out, d.ID)
		}
	}
	return out
}

func list() []Claim {
	bomUA := "\uFEFFUser-agent: *\nDisallow: /private\n"
	bomRule := "\uFEFFDisallow: /private\n"
	keepsBOM := WithKnob(func(d core.Dialect) bool { return d.BOMInText })
	readsPreamble := WithKnob(func(d core.Dialect) bool {
		return d.BOMInText && (d.Preamble != core.PreambleIgnored || d.Grouping == core.NoGroups)
	})
	var bomGrouped []string
	for _, id := range keepsBOM {
		if !slices.Contains(readsPreamble, id) {
			bomGrouped = append(bomGrouped, id)
		}
	}
	knob := WithKnob
	dropsBOM := WithKnob(func(d core.Dialect) bool { return !d.BOMInText })
	utf16 := func(s string) string {
		b := []byte{0xFF, 0xFE}
		for _, r := range s {
			b = append(b, byte(r), byte(r>>8))
		}
		return string(b)
	}
	// Every name a crawler preset answers to, with a version after it.
	versioned := "User-agent: *\nDisallow: /elsewhere\n\n"
	for _, d := range crawlers.All() {
		for _, a := range d.Crawler.Agents {
			if a != "*" {
				versioned += "User-agent: " + a + "/1.0\n"
			}
		}
	}
	versioned += "Disallow: /private\n"
	delayBetween := "User-agent: indexer\nUser-agent: gus\nCrawl-delay: 5\nUser-agent: archiver\nDisallow: /private\n"
	delayBetweenAlt := "User-agent: indexer\nUser-agent: gus\nUser-agent: archiver\nDisallow: /private\n"
	return []Claim{
		// Sentences of the lint pages that name readers one by one.
		{ID: "lf-message", Where: "lint.go lf-line-endings", Quote: "the dialects here accept a bare LF, and all but gopher2019 a bare CR",
			Robots: "User-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"dialects"}, Unchanged: true, Alt: "User-agent: *\r\nDisallow: /private\r\n"},
		{ID: "lf-message-cr", Where: "lint.go lf-line-endings", Quote: "the dialects here accept a bare LF, and all but gopher2019 a bare CR",
			Robots: "User-agent: *\rDisallow: /private\r", Selectors: []string{"/private"}, Readers: []string{"dialects"}, Except: []string{"gopher2019"}, Unchanged: true, Alt: "User-agent: *\r\nDisallow: /private\r\n"},
		{ID: "lf-message-cr-gopher2019", Where: "lint.go lf-line-endings", Quote: "the dialects here accept a bare LF, and all but gopher2019 a bare CR",
			Robots: "User-agent: *\rDisallow: /private\r", Selectors: []string{"/private"}, Readers: []string{"gopher2019"}, Changed: true, Alt: "User-agent: *\r\nDisallow: /private\r\n"},
		{ID: "invalid-utf8-mozz", Where: "lint page invalid-utf8", Quote: "mozz-archiver reads such a file as empty, so every rule is gone for it",
			Robots: "User-agent: *\r\nDisallow: /caf\xe9\r\nDisallow: /private\r\n", Selectors: []string{"/private"}, Readers: []string{"mozz-archiver"}, Allow: []string{"mozz-archiver"}},
		{ID: "empty-user-agent-python", Where: "lint page empty-user-agent", Quote: "for norobots (and GUS) the group applies to every robot",
			Robots: "User-agent: *\nDisallow: /drafts\n\nUser-agent:\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"norobots", "gus"}, Deny: []string{"norobots", "gus"}},
		{ID: "empty-user-agent-texts", Where: "lint page empty-user-agent", Quote: "the other texts take the line as naming no robot, so its rules apply to nobody",
			Robots: "User-agent: *\nDisallow: /drafts\n\nUser-agent:\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"gopherdraft", "gemini", "conner2020", "rfc9309"}, Allow: []string{"gopherdraft", "gemini", "conner2020", "rfc9309"}},
		{ID: "empty-user-agent-gemplex", Where: "lint page empty-user-agent", Quote: "Gemplex skips a User-agent line with nothing after its colon, so the rule below it joins the group above",
			Robots: "User-agent: *\nDisallow: /drafts\n\nUser-agent:\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"gemplex"}, Deny: []string{"gemplex"}},
		{ID: "star-also-crawlers", Where: "lint page star-rules-not-repeated", Quote: "Only the Gemini text's own reading lets the indexer into",
			Robots: "User-agent: *\nDisallow: /private\n\nUser-agent: indexer\nDisallow: /drafts\n", Selectors: []string{"/private"}, Readers: []string{"on-gemini"}, Allow: []string{"gemini"}, Deny: []string{"conner2020", "rfc9309", "norobots", "tlgs", "gemplex", "kennedy", "gus"}},
		{ID: "crawler-agent-case", Where: "lint page crawler-agent-case", Quote: "names no agent it has, so the group meant for it is skipped and only the",
			Robots: "User-agent: *\nDisallow:\n\nUser-agent: TLGS\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"tlgs"}, Allow: []string{"tlgs"}},
		{ID: "mozz-archiver-agent", Where: "lint page mozz-archiver-agent", Quote: "The group never applies to mozz-archiver",
			Robots: "User-agent: *\nDisallow:\n\nUser-agent: mozz-archiver\nDisallow: /\n", Selectors: []string{"/index.gmi"}, Readers: []string{"mozz-archiver"}, Allow: []string{"mozz-archiver"}},
		{ID: "gemplex-first-group", Where: "lint page gemplex-first-group", Quote: "a group meant for googlebot shuts Gemplex out of the whole capsule",
			Robots: "User-agent: googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n", Selectors: []string{"/index.gmi"}, Readers: []string{"gemplex"}, Deny: []string{"gemplex"}},
		{ID: "dollar", Where: "lint page dollar-portability", Quote: "to RFC 9309 readers, AuraGem and gopher-mcp, and refuses nothing to the rest",
			Robots: "User-agent: *\r\nDisallow: /index.gmi$\r\n", Selectors: []string{"/index.gmi"}, Deny: []string{"rfc9309", "mozz-archiver", "auragem", "gopher-mcp-gemini", "gopher-mcp-gopher"}, Allow: allExcept("rfc9309", "mozz-archiver", "auragem", "gopher-mcp-gemini", "gopher-mcp-gopher")},
		{ID: "second-chance-lower", Where: "lint page no-colon", Quote: "would be a rule to it and to AuraGem and nothing to anyone else",
			Robots: "User-agent: *\r\nDisallow: /drafts\r\ndisallow /private\r\n", Selectors: []string{"/private"}, Deny: []string{"mozz-archiver", "auragem"}, Allow: allExcept("mozz-archiver", "auragem")},
		{ID: "second-chance-capital", Where: "lint page no-colon", Quote: "the example's capital D keeps mozz-archiver out of it too",
			Robots: "User-agent: *\r\nDisallow: /drafts\r\nDisallow /private\r\n", Selectors: []string{"/private"}, Deny: []string{"auragem"}, Allow: allExcept("auragem")},
		{ID: "auragem-no-colon", Where: "lint page no-colon", Quote: "AuraGem's parser needs no colon at all, so it reads the example's line as a rule",
			Robots: "User-agent: *\r\nDisallow: /drafts\r\nDisallow /private\r\n", Selectors: []string{"/private"}, Readers: []string{"auragem"}, Deny: []string{"auragem"}},
		{ID: "role-crawlers-indexer", Where: "lint page role-user-agent", Quote: "TLGS, Gemplex, Kennedy and GUS test",
			Robots: "User-agent: indexer\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"crawlers"}, Deny: []string{"tlgs", "gemplex", "kennedy", "gus"}, Allow: []string{"gus-legacy"}},
		{ID: "role-mozz-archiver", Where: "lint page role-user-agent", Quote: "mozz-archiver matches",
			Robots: "User-agent: archiver\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"mozz-archiver"}, Deny: []string{"mozz-archiver"}},
		{ID: "gopher2019-binds-all", Where: "lint page user-agent-portability", Quote: "to every Gopher robot that follows the proposal",
			Robots: "User-agent: examplebot\r\nDisallow: /private\r\n", Selectors: []string{"/private"}, Agent: "otherbot(indexer)", Readers: []string{"gopher2019"}, Deny: []string{"gopher2019"}},

		// The knobs' words on the dialect and crawler pages, each tried on
		// every reader that has the knob.
		{ID: "knob-lf-lines", Where: "knobs.go LFLines", Quote: "lines separated by a bare CR run together into one line it cannot read",
			Robots: "User-agent: *\rDisallow: /a\r", Selectors: []string{"/a"}, Readers: knob(func(d core.Dialect) bool { return d.LFLines }), Allow: knob(func(d core.Dialect) bool { return d.LFLines })},
		{ID: "knob-no-typos", Where: "knobs.go AcceptTypos", Quote: "A misspelt field name is not read.",
			Robots: "User-agent: *\nDisallow: /x\n\nUseragent: indexer\nDisallow: /p\n", Selectors: []string{"/x", "/p"}, Readers: knob(func(d core.Dialect) bool { return !d.AcceptTypos && !hasSource(d, "typos") }),
			Unchanged: true, Alt: "User-agent: *\nDisallow: /x\n\nDisallow: /p\n"},
		{ID: "knob-utf8-only", Where: "knobs.go UTF8Only", Quote: "A file with a byte that is not UTF-8 is read as an empty file, which allows everything.",
			Robots: "User-agent: *\nDisallow: /a\nDisallow: /\xe9\n", Selectors: []string{"/a", "/"}, Readers: knob(func(d core.Dialect) bool { return d.UTF8Only }), Allow: knob(func(d core.Dialect) bool { return d.UTF8Only })},
		{ID: "knob-bom-grouped", Where: "knobs.go BOMInText", Quote: "A UTF-8 byte order mark stays in the first line, so that line's field name is not one it knows.",
			Robots: bomUA, Selectors: []string{"/private"}, Readers: bomGrouped, Changed: true, Alt: "User-agent: *\nDisallow: /private\n"},
		{ID: "knob-bom-preamble", Where: "knobs.go BOMInText", Quote: "A UTF-8 byte order mark stays in the first line, so that line's field name is not one it knows.",
			Robots: bomRule, Selectors: []string{"/private"}, Readers: readsPreamble, Changed: true, Alt: "Disallow: /private\n"},
		{ID: "knob-always-allow", Where: "knobs.go AlwaysAllow", Quote: "is always allowed, whatever the rules say",
			Robots: "User-agent: *\nDisallow: /\n", Selectors: []string{"/robots.txt"}, Readers: knob(func(d core.Dialect) bool { return d.AlwaysAllow == "/robots.txt" }), Allow: knob(func(d core.Dialect) bool { return d.AlwaysAllow == "/robots.txt" })},
		{ID: "knob-root-rules", Where: "knobs.go RootRules", Quote: "A rule without a leading `/` gets one.",
			Robots: "User-agent: *\nDisallow: private\n", Selectors: []string{"/private"}, Readers: knob(func(d core.Dialect) bool { return d.RootRules }), Deny: knob(func(d core.Dialect) bool { return d.RootRules })},
		{ID: "knob-index-allows-dir", Where: "knobs.go IndexAllowsDir", Quote: "also allows its directory",
			Robots: "User-agent: *\nDisallow: /docs/\nAllow: /docs/index.html\n", Selectors: []string{"/docs/"}, Readers: knob(func(d core.Dialect) bool { return d.IndexAllowsDir }), Allow: knob(func(d core.Dialect) bool { return d.IndexAllowsDir })},
		{ID: "knob-index-only-dir", Where: "knobs.go IndexAllowsDir", Quote: "also allows its directory",
			Robots: "User-agent: *\nDisallow: /docs/\nAllow: /docs/index.html\n", Selectors: []string{"/docs/other.html"}, Readers: knob(func(d core.Dialect) bool { return d.IndexAllowsDir }), Deny: knob(func(d core.Dialect) bool { return d.IndexAllowsDir })},

		// The crawler presets' own descriptions of their code.
		{ID: "kennedy-preamble", Where: "presets.go Kennedy grouping", Quote: "only a Disallow ends a run of User-agent lines; rules before any are dropped",
			Robots: "Disallow: /a\nUser-agent: indexer\nUser-agent: nobody\nDisallow: /b\n", Selectors: []string{"/a"}, Readers: []string{"kennedy"}, Allow: []string{"kennedy"}},
		{ID: "kennedy-run", Where: "presets.go Kennedy grouping", Quote: "only a Disallow ends a run of User-agent lines; rules before any are dropped",
			Robots: "User-agent: indexer\nAllow: /x\nUser-agent: nobody\nDisallow: /b\n", Selectors: []string{"/b"}, Readers: []string{"kennedy"}, Deny: []string{"kennedy"}},
		{ID: "kennedy-stars", Where: "presets.go Kennedy stars", Quote: "one trailing * is cut; a rule with another * is dropped",
			Robots: "User-agent: *\nDisallow: /a*b\nDisallow: /c*\n", Selectors: []string{"/a*b", "/axb"}, Readers: []string{"kennedy"}, Allow: []string{"kennedy"}},
		{ID: "kennedy-trailing-star", Where: "presets.go Kennedy stars", Quote: "one trailing * is cut; a rule with another * is dropped",
			Robots: "User-agent: *\nDisallow: /a*b\nDisallow: /c*\n", Selectors: []string{"/c", "/cd"}, Readers: []string{"kennedy"}, Deny: []string{"kennedy"}},
		{ID: "protego-grouping", Where: "presets.go mozz-archiver grouping", Quote: "empty values ignored; rules before any User-agent dropped; groups naming the same agent merged",
			Robots: "Disallow: /a\nUser-agent: archiver\nDisallow: /b\nUser-agent: x\nDisallow: /c\nUser-agent: archiver\nDisallow: /d\n", Selectors: []string{"/a"}, Readers: []string{"mozz-archiver"}, Allow: []string{"mozz-archiver"}},
		{ID: "protego-merged", Where: "presets.go mozz-archiver grouping", Quote: "empty values ignored; rules before any User-agent dropped; groups naming the same agent merged",
			Robots: "Disallow: /a\nUser-agent: archiver\nDisallow: /b\nUser-agent: x\nDisallow: /c\nUser-agent: archiver\nDisallow: /d\n", Selectors: []string{"/b", "/d"}, Readers: []string{"mozz-archiver"}, Deny: []string{"mozz-archiver"}},

		// gopher-mcp's own words in its sources (core/crawlers/presets_gophermcp.go).
		{ID: "gopher-mcp-no-allow", Where: "presets_gophermcp.go decision", Quote: "Allow is not read; any matching Disallow refuses, and no rule allows",
			Robots: "User-agent: *\nAllow: /a\nDisallow: /\n", Selectors: []string{"/a", "/a/b"}, Readers: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}, Deny: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}},
		{ID: "gopher-mcp-ruleless-wins", Where: "presets_gophermcp.go selection", Quote: "every group naming one of its names other than * applies together, even one with no rule; only when none does, the * group",
			Robots: "User-agent: *\nDisallow: /\n\nUser-agent: indexer\n", Selectors: []string{"/a"}, Readers: []string{"gopher-mcp-gemini"}, Allow: []string{"gopher-mcp-gemini"}},
		{ID: "gopher-mcp-specific-together", Where: "presets_gophermcp.go selection", Quote: "every group naming one of its names other than * applies together, even one with no rule; only when none does, the * group",
			Robots: "User-agent: *\nDisallow: /a\n\nUser-agent: webproxy\nDisallow: /b\n\nUser-agent: indexer\nDisallow: /c\n", Selectors: []string{"/b", "/c"}, Readers: []string{"gopher-mcp-gemini"}, Deny: []string{"gopher-mcp-gemini"}},
		{ID: "gopher-mcp-add-only", Where: "presets_gophermcp.go add-only", Quote: "the groups of 13 AI crawlers' tokens add their rules to what was chosen and never take the place of *",
			Robots: "User-agent: *\nDisallow: /a\n\nUser-agent: GPTBot\nDisallow: /b\n", Selectors: []string{"/a", "/b"}, Readers: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}, Deny: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}},
		{ID: "gopher-mcp-empty-grants", Where: "presets_gophermcp.go empty", Quote: "an empty Disallow adds no rule, so a group holding only that grants everything",
			Robots: "User-agent: *\nDisallow: /\n\nUser-agent: gopher-mcp\nDisallow:\n", Selectors: []string{"/a"}, Readers: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}, Allow: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}},
		{ID: "gopher-mcp-spellings", Where: "presets_gophermcp.go spellings", Quote: "each rule as written and percent-decoded is tried on the target as given, percent-decoded, and with dot segments resolved",
			Robots: "User-agent: *\nDisallow: /%7Eu\nDisallow: /private\n", Selectors: []string{"/~u", "/%7Eu", "/pub/%2e%2e/private"}, Readers: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}, Deny: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}},
		{ID: "gopher-mcp-gopher-names", Where: "presets_gophermcp.go names", Quote: "on Gopher: gopher-mcp and * (gopher_client.py:158); not webproxy or indexer",
			Robots: "User-agent: *\nDisallow: /\n\nUser-agent: indexer\nDisallow: /x\n", Selectors: []string{"/a"}, Readers: []string{"gopher-mcp-gopher", "gopher-mcp-gemini"}, Deny: []string{"gopher-mcp-gopher"}, Allow: []string{"gopher-mcp-gemini"}},
		{ID: "gopher-mcp-menus", Where: "knobs.go AnySpelling", Quote: "(`Disallow: /1` covers every menu)",
			Robots: "User-agent: *\nDisallow: /1\n", Selectors: []string{"gopher://example.org/1/any", "gopher://example.org/1"}, Readers: []string{"gopher-mcp-gopher"}, Deny: []string{"gopher-mcp-gopher"}},
		{ID: "gopher-mcp-preamble", Where: "presets_gophermcp.go preamble", Quote: "a Disallow before any User-agent has no group to join and is dropped",
			Robots: "Disallow: /p\nUser-agent: *\nDisallow: /q\n", Selectors: []string{"/p"}, Readers: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}, Allow: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}},
		{ID: "gopher-mcp-whole-names", Where: "presets_gophermcp.go agents", Quote: "no part, no prefix, no /version dropped",
			Robots: "User-agent: gopher-mcp/1.0\nDisallow: /a\n\nUser-agent: gopher\nDisallow: /b\n\nUser-agent: gopher-mcp-bot\nDisallow: /c\n", Selectors: []string{"/a", "/b", "/c"}, Readers: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}, Allow: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"}},
		{ID: "gopher-mcp-gemini-bom", Where: "presets_gophermcp.go lines (Gemini)", Quote: "so a BOM is dropped and only LF, CRLF and a lone CR end a line",
			Robots: "\ufeffUser-agent: *\rDisallow: /p\r", Selectors: []string{"/p"}, Readers: []string{"gopher-mcp-gemini"}, Deny: []string{"gopher-mcp-gemini"}},
		{ID: "gopher-mcp-gopher-bom", Where: "presets_gophermcp.go lines (Gopher)", Quote: "a BOM stays in line 1, whose field is then unknown",
			Robots: "\ufeffUser-agent: *\nDisallow: /p\n", Selectors: []string{"/p"}, Readers: []string{"gopher-mcp-gopher", "gopher-mcp-gemini"}, Allow: []string{"gopher-mcp-gopher"}, Deny: []string{"gopher-mcp-gemini"}},

		// GUS before 2021 kept only the answer for gus.
		{ID: "gus-legacy-only-gus", Where: "crawler page gus", Quote: "so only `gus` (falling back to `*`) counted",
			Robots: "User-agent: *\nDisallow: /a\n\nUser-agent: gus\nDisallow: /b\n\nUser-agent: indexer\nDisallow: /c\n", Selectors: []string{"/b"}, Readers: []string{"gus-legacy"}, Deny: []string{"gus-legacy"}},
		{ID: "gus-legacy-not-star-then", Where: "crawler page gus", Quote: "so only `gus` (falling back to `*`) counted",
			Robots: "User-agent: *\nDisallow: /a\n\nUser-agent: gus\nDisallow: /b\n\nUser-agent: indexer\nDisallow: /c\n", Selectors: []string{"/a", "/c"}, Readers: []string{"gus-legacy"}, Allow: []string{"gus-legacy"}},
		{ID: "gus-legacy-falls-back", Where: "crawler page gus", Quote: "so only `gus` (falling back to `*`) counted",
			Robots: "User-agent: *\nDisallow: /a\n\nUser-agent: indexer\nDisallow: /c\n", Selectors: []string{"/a"}, Readers: []string{"gus-legacy"}, Deny: []string{"gus-legacy"}},
		{ID: "gus-legacy-no-indexer", Where: "crawler page gus-legacy", Quote: "so `indexer` never counted",
			Robots: "User-agent: indexer\nDisallow: /c\n", Selectors: []string{"/c"}, Readers: []string{"gus-legacy"}, Allow: []string{"gus-legacy"}},

		// Versions in User-agent values.
		{ID: "no-crawler-compares-versions", Where: "lint page agent-version", Quote: "which no crawler modelled here does",
			Robots: versioned, Selectors: []string{"/private"}, Readers: []string{"crawlers"}, Except: []string{"gemini-grc"}, Allow: []string{"tlgs", "gemplex", "kennedy", "gus", "gus-legacy", "mozz-archiver", "auragem", "veronica2"}, Deny: []string{"gemini-grc"}},

		{ID: "only-rfc9309-matches-versions", Where: "lint page agent-version", Quote: "only RFC 9309's reading matches the versioned value to the robot",
			Robots: "User-agent: *\nDisallow: /private\n\nUser-agent: examplebot/1.0\nDisallow: /\n", Selectors: []string{"/index.gmi"}, Agent: "examplebot",
			Readers: dialectsExcept("gopher2019"), Deny: []string{"rfc9309"}, Allow: dialectsExcept("gopher2019", "rfc9309")},

		// Reading limits.
		{ID: "dialects-read-500KiB", Where: "lint.go file-too-large, hints.go", Quote: "every dialect reads only the first %d (500 KiB)",
			Robots: BigFile(), Selectors: []string{"/drafts"}, Readers: []string{"dialects"}, Allow: []string{"dialects"}},
		{ID: "dialects-read-500KiB-rule-before", Where: "hints.go", Quote: "so a rule past the cut counts for nothing",
			Robots: BigFile(), Selectors: []string{"/drafts"}, Readers: []string{"dialects"}, Allow: []string{"dialects"}},
		{ID: "file-too-large-summary", Where: "lint page file-too-large", Quote: "the file is larger than the 500 KiB every dialect reads",
			Robots: BigFile(), Selectors: []string{"/drafts", "/private"}, Readers: []string{"dialects"}, Changed: true, Alt: "User-agent: *\nDisallow: /private\nDisallow: /drafts\n"},

		// The byte order mark.
		{ID: "bom-ua-crawlers", Where: "lint_readers.go bom (the readers are computed; this holds the knob to them)",
			Robots: bomUA, Selectors: []string{"/private"}, Readers: bomGrouped, Changed: true, Alt: "User-agent: *\nDisallow: /private\n"},
		{ID: "bom-rule-crawlers", Where: "lint.go bom",
			Robots: bomRule, Selectors: []string{"/private"}, Readers: readsPreamble, Changed: true, Alt: "Disallow: /private\n"},
		{ID: "bom-read-past", Where: "lint.go bom, the readers not named",
			Robots: bomUA, Selectors: []string{"/private"}, Readers: dropsBOM, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\n"},

		// Empty and unreadable files.
		{ID: "empty-file", Where: "lint.go empty-file", Quote: "every dialect allows every robot everything",
			Robots: "", Selectors: []string{"/", "/private"}, Readers: []string{"dialects"}, Allow: []string{"dialects"}},
		{ID: "comments-only-file", Where: "lint.go empty-file", Quote: "every dialect allows every robot everything",
			Robots: "# nothing here\n\n# at all\n", Selectors: []string{"/", "/private"}, Readers: []string{"dialects"}, Allow: []string{"dialects"}},
		{ID: "empty-file-page", Where: "lint page empty-file", Quote: "Every reader allows every robot everything",
			Robots: "", Selectors: []string{"/", "/private"}, Allow: []string{"all"}},
		{ID: "binary-file", Where: "lintcontrol.go binary-file", Quote: "no dialect reads it as a list of rules",
			Robots: utf16("User-agent: *\nDisallow: /"), Selectors: []string{"/private"}, Readers: []string{"dialects"}, Allow: []string{"dialects"}},
		{ID: "binary-file-page", Where: "lint page binary-file", Quote: "No reader finds a field in such a file, so every reader allows everything",
			Robots: utf16("User-agent: *\nDisallow: /"), Selectors: []string{"/private", "/"}, Allow: []string{"all"}},
		{ID: "nul-byte", Where: "lint.go nul-byte", Quote: "no dialect can read the fields on such lines",
			Robots: "User-agent: *\nDisallow: /private\x00\n", Selectors: []string{"/private"}, Readers: []string{"dialects"}, Allow: []string{"dialects"}},
		{ID: "nul-byte-page", Where: "lint page nul-byte", Quote: "No reader can read fields on such lines",
			Robots: "User-agent: *\nDisallow: /private\x00\n", Selectors: []string{"/private"}, Allow: []string{"all"}},

		// Lines that are not rules.
		{ID: "no-colon", Where: "lint_lines.go no-colon", Quote: "so every dialect ignores it",
			Robots: "User-agent: *\nDisallow: /drafts\nDisallow /private\nthis line is prose\n", Selectors: []string{"/private", "/drafts"}, Readers: []string{"dialects"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /drafts\n"},
		{ID: "no-colon-page", Where: "lint page no-colon", Quote: "Every text ignores the line",
			Robots: "User-agent: *\nDisallow: /drafts\nDisallow /private\n", Selectors: []string{"/private", "/drafts"}, Readers: []string{"dialects"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /drafts\n"},
		{ID: "empty-field-name", Where: "lint_lines.go unknown-field", Quote: "names no field and every dialect ignores it",
			Robots: "User-agent: *\n: /private\nDisallow: /drafts\n", Selectors: []string{"/private", "/drafts"}, Readers: []string{"dialects"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /drafts\n"},
		{ID: "unknown-field", Where: "lint_lines.go unknown-field", Quote: "No dialect knows the field %s; every dialect ignores this line.",
			Robots: "User-agent: *\nDisallow: /private\nNoindex: /drafts\n", Selectors: []string{"/private", "/drafts"}, Readers: []string{"dialects"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\n"},
		{ID: "unknown-field-page-summary", Where: "lint page unknown-field", Quote: "a field no dialect knows",
			Robots: "User-agent: *\nDisallow: /private\nNoindex: /drafts\n", Selectors: []string{"/private", "/drafts"}, Readers: []string{"dialects"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\n"},
		{ID: "unknown-field-page-flags", Where: "lint page unknown-field", Quote: "whose field no reading here knows",
			Robots: "User-agent: *\nDisallow: /private\nNoindex: /drafts\n", Selectors: []string{"/private", "/drafts"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\n"},
		{ID: "unknown-field-page", Where: "lint page unknown-field", Quote: "Every reader ignores the line; if it was meant as a rule, that rule is lost everywhere.",
			Robots: "User-agent: *\nDisallow: /private\nNoindex: /drafts\n", Selectors: []string{"/private", "/drafts"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\n"},
		{ID: "typo-of-unread-field", Where: "lint_lines.go field-typo", Quote: "which no dialect here reads",
			Robots: "User-agent: *\nDisallow: /private\nSitemaps: /map.xml\n", Selectors: []string{"/private", "/map.xml"}, Readers: []string{"dialects"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\n"},
		{ID: "typo-of-unread-field-page", Where: "lint page field-typo", Quote: "A misspelling of a field no dialect reads is info only.",
			Robots: "User-agent: *\nDisallow: /private\nSitemaps: /map.xml\n", Selectors: []string{"/private", "/map.xml"}, Readers: []string{"dialects"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\n"},
		{ID: "typo-not-accepted", Where: "lint_lines.go field-typo", Quote: "no dialect accepts it",
			Robots: "User-agent: *\nDisallow: /drafts\nUsr-agent: examplebot\nAlow: /drafts/open\nCrawl-dealy: 5\n", Selectors: []string{"/drafts/open"}, Readers: []string{"dialects"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /drafts\n"},

		{ID: "typo-accepted-by-rfc9309", Where: "lint page field-typo", Quote: "); every other reader ignores the line",
			Robots: "User-agent: *\nDisallow: /drafts\nDissallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"all"}, Deny: []string{"rfc9309", "mozz-archiver"},
			Allow: append(dialectsExcept("rfc9309"), "tlgs", "gemplex", "gemini-grc", "kennedy", "gus", "gus-legacy", "auragem", "veronica2")},
		// docs/dialects.md, docs/python-readers.md, docs/crawlers.md,
		// docs/auragem-and-proxies.md.
		{ID: "dialects-md-gopherdraft-a", Where: "docs/dialects.md", Quote: "gopherdraft takes the first record in file order that matches the robot, `*` matching every robot where it stands, so records below a `*` record are never used; norobots takes the first record that names the robot, else the `*` record",
			Robots: "User-agent: *\nDisallow: /a\n\nUser-agent: examplebot\nDisallow: /b\n", Selectors: []string{"/a"}, Agent: "examplebot", Readers: []string{"gopherdraft", "norobots"}, Deny: []string{"gopherdraft"}, Allow: []string{"norobots"}},
		{ID: "dialects-md-gopherdraft-b", Where: "docs/dialects.md", Quote: "gopherdraft takes the first record in file order that matches the robot, `*` matching every robot where it stands, so records below a `*` record are never used; norobots takes the first record that names the robot, else the `*` record",
			Robots: "User-agent: *\nDisallow: /a\n\nUser-agent: examplebot\nDisallow: /b\n", Selectors: []string{"/b"}, Agent: "examplebot", Readers: []string{"gopherdraft", "norobots"}, Allow: []string{"gopherdraft"}, Deny: []string{"norobots"}},
		{ID: "dialects-md-empty-disallow", Where: "docs/dialects.md", Quote: "An empty `Disallow:` disallows nothing in every dialect",
			Robots: "User-agent: *\nDisallow:\n", Selectors: []string{"/x", "/"}, Readers: []string{"dialects"}, Allow: []string{"dialects"}},
		{ID: "python-md-bom-others", Where: "docs/python-readers.md", Quote: "The other five dialects still drop the mark.",
			Robots: "\ufeffUser-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"dialects"}, Except: []string{"norobots"}, Deny: dialectsExcept("norobots")},
		{ID: "crawlers-md-protego-no-colon", Where: "docs/crawlers.md", Quote: "`Disallow /x` is not read",
			Robots: "User-agent: *\nDisallow /x\n", Selectors: []string{"/x"}, Readers: []string{"mozz-archiver"}, Allow: []string{"mozz-archiver"}},
		{ID: "proxies-md-auragem-drops", Where: "docs/auragem-and-proxies.md", Quote: "AuraGem ignores the error, trips over the missing result and drops every URL of the host",
			Robots: "User-agent: *\nCrawl-delay: 10s\nDisallow: /p\n", Selectors: []string{"/x"}, Readers: []string{"auragem"}, Deny: []string{"auragem"}},
		// Issue 35's corrected lint pages.
		{ID: "auragem-obeys-both", Where: "lint page auragem-first-group", Quote: "and AuraGem obeys both groups together, refusing the file's own private paths as well",
			Robots: "User-agent: googlebot\nDisallow: /a\n\nUser-agent: *\nDisallow: /private\n", Selectors: []string{"/private", "/a"}, Readers: []string{"auragem"}, Deny: []string{"auragem"}},
		{ID: "empty-user-agent-mozz", Where: "lint page empty-user-agent", Quote: "and so does mozz-archiver, whose parser skips the line yet counts it as a User-agent line, so that even a later User-agent line joins the group above",
			Robots: "User-agent: *\nDisallow: /drafts\n\nUser-agent:\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"mozz-archiver", "gemplex"}, Deny: []string{"mozz-archiver", "gemplex"}},
		{ID: "empty-user-agent-mozz-later", Where: "lint page empty-user-agent", Quote: "and so does mozz-archiver, whose parser skips the line yet counts it as a User-agent line, so that even a later User-agent line joins the group above",
			Robots: "User-agent: *\nDisallow: /d\nUser-agent:\nUser-agent: bot\nDisallow: /x\n", Selectors: []string{"/x"}, Readers: []string{"mozz-archiver"}, Deny: []string{"mozz-archiver"}},
		{ID: "agent-run-sitemap", Where: "lint page agent-run-broken", Quote: "robotparser takes a rule, Crawl-delay or Request-rate line as the end of the run of agent lines (a Sitemap line, which it also reads, ends nothing)",
			Robots: "User-agent: indexer\nSitemap: gemini://example.org/s\nUser-agent: archiver\nDisallow: /private\n", Selectors: []string{"/private"}, Agent: "indexer", Readers: []string{"norobots", "gus"}, Deny: []string{"norobots", "gus"}},
		{ID: "agent-run-delay", Where: "lint page agent-run-broken", Quote: "robotparser takes a rule, Crawl-delay or Request-rate line as the end of the run of agent lines (a Sitemap line, which it also reads, ends nothing)",
			Robots: "User-agent: indexer\nCrawl-delay: 5\nUser-agent: archiver\nDisallow: /private\n", Selectors: []string{"/private"}, Agent: "indexer", Readers: []string{"norobots", "gus"}, Allow: []string{"norobots", "gus"}},
		// Control comments: no verdict changes without them.
		{ID: "directive-comment", Where: "lint page directive-invalid", Quote: "so in the example no reader is affected",
			Robots: "# smolbots: ignore crawl-delay-invalid\r\nUser-agent: *\r\nDisallow: /private\r\nCrawl-delay: 0.5\r\n", Selectors: []string{"/private", "/"}, Readers: []string{"all"}, Unchanged: true,
			Alt: "User-agent: *\r\nDisallow: /private\r\nCrawl-delay: 0.5\r\n"},
		{ID: "directive-comment-tlgs", Where: "lint page directive-invalid", Quote: "TLGS alone reads one holding a colon as a line with a field, which between two User-agent lines would end their run",
			Robots: "User-agent: tlgs\n# smolbots: ignore=unknown-field\nUser-agent: googlebot\nDisallow: /\n", Selectors: []string{"/private"}, Readers: []string{"crawlers"}, Except: []string{"tlgs"}, Unchanged: true,
			Alt: "User-agent: tlgs\nUser-agent: googlebot\nDisallow: /\n"},
		{ID: "directive-comment-tlgs-changed", Where: "lint page directive-invalid", Quote: "TLGS alone reads one holding a colon as a line with a field, which between two User-agent lines would end their run",
			Robots: "User-agent: tlgs\n# smolbots: ignore=unknown-field\nUser-agent: googlebot\nDisallow: /\n", Selectors: []string{"/private"}, Readers: []string{"tlgs"}, Changed: true,
			Alt: "User-agent: tlgs\nUser-agent: googlebot\nDisallow: /\n"},
		// Virtual-agent: only conner2020 reads the line.
		{ID: "virtual-agent-message-others", Where: "lint_lines.go virtual-agent-field-portability", Quote: "Virtual-agent is read only by conner2020;",
			Robots: "User-agent: *\nDisallow: /a\n\nVirtual-agent: indexer\nDisallow: /private\n", Selectors: []string{"/private", "/a"}, Readers: []string{"dialects"}, Except: []string{"conner2020"}, Unchanged: true,
			Alt: "User-agent: *\nDisallow: /a\n\nDisallow: /private\n"},
		{ID: "virtual-agent-message-conner", Where: "lint_lines.go virtual-agent-field-portability", Quote: "Virtual-agent is read only by conner2020;",
			Robots: "User-agent: *\nDisallow: /a\n\nVirtual-agent: indexer\nDisallow: /private\n", Selectors: []string{"/private", "/a"}, Readers: []string{"conner2020"}, Changed: true,
			Alt: "User-agent: *\nDisallow: /a\n\nDisallow: /private\n"},
		// Which readers read Check and Request-rate.
		{ID: "delay-check-readers", Where: "lint page delay-portability", Quote: "Check only by Conner's proposal; Request-rate only by robotparser (of the crawlers, mozz-archiver's Protego reads it too)",
			Robots: "User-agent: *\nDisallow: /private\nCheck: 10\nRequest-rate: 1/10\n", Selectors: []string{"/private"}, Field: core.Check,
			Reads: []string{"conner2020"}, NotRead: []string{"gopher2019", "gopherdraft", "gemini", "rfc9309", "norobots", "crawlers"}},
		{ID: "delay-request-rate-readers", Where: "lint page delay-portability", Quote: "Check only by Conner's proposal; Request-rate only by robotparser (of the crawlers, mozz-archiver's Protego reads it too)",
			Robots: "User-agent: *\nDisallow: /private\nCheck: 10\nRequest-rate: 1/10\n", Selectors: []string{"/private"}, Field: core.RequestRate,
			Reads: []string{"norobots", "gus", "gus-legacy", "mozz-archiver"}, NotRead: []string{"gopher2019", "gopherdraft", "gemini", "conner2020", "rfc9309", "tlgs", "gemplex", "gemini-grc", "kennedy", "auragem", "veronica2"}},
		// AuraGem's own misspellings: a useragent group is read and wins.
		{ID: "typo-auragem", Where: "lint page field-typo", Quote: "and AuraGem (its parser reads ",
			Robots: "User-agent: *\nDisallow: /x\n\nUseragent: indexer\nDisallow: /p\n", Selectors: []string{"/x"}, Readers: []string{"auragem", "gemplex", "kennedy", "tlgs"}, Allow: []string{"auragem"}, Deny: []string{"gemplex", "kennedy", "tlgs"}},
		{ID: "typo-page-example", Where: "lint page field-typo", Quote: "every other reader does not see a rule at all",
			Robots: "User-agent: *\r\nDisallow: /drafts\r\nDissallow: /private\r\n", Selectors: []string{"/private"}, Deny: []string{"rfc9309", "mozz-archiver"}, Allow: allExcept("rfc9309", "mozz-archiver")},
		{ID: "virtual-agent-only-conner", Where: "lint page virtual-agent-field-portability", Quote: "Only Conner's proposal has the field; every other reading ignores the line",
			Robots: "User-agent: *\nDisallow:\n\nUser-agent: examplebot\nVirtual-agent: indexer\nDisallow: /private\n", Selectors: []string{"/private"}, Agent: "otherbot(indexer)",
			Readers: dialectsExcept("conner2020"), Unchanged: true, Alt: "User-agent: *\nDisallow:\n\nUser-agent: examplebot\nDisallow: /private\n"},

		// Empty Disallow.
		{ID: "empty-disallow", Where: "lint_lines.go empty-disallow", Quote: "every dialect here reads it as allowing everything",
			Robots: "User-agent: *\nDisallow:\n", Selectors: []string{"/", "/private"}, Readers: []string{"dialects"}, Allow: []string{"dialects"}},
		{ID: "empty-disallow-page", Where: "lint page empty-disallow", Quote: "Every reading here takes it as refusing nothing",
			Robots: "User-agent: *\nDisallow:\n", Selectors: []string{"/", "/private"}, Readers: []string{"dialects"}, Allow: []string{"dialects"}},
		{ID: "empty-disallow-alone", Where: "lint page empty-disallow", Quote: "and every reader agrees",
			Robots: "User-agent: *\nDisallow:\n", Selectors: []string{"/private"}, Allow: []string{"all"}},
		{ID: "trailing-star", Where: "lint_lines.go glob-portability", Quote: "works in every dialect",
			Robots: "User-agent: *\nDisallow: /a\n", Selectors: []string{"/a", "/a/b", "/ab"}, Readers: []string{"dialects"}, Deny: []string{"dialects"}},

		// Comments.
		{ID: "inline-comment", Where: "lint page crawler-comment-in-value", Quote: "Every text says a comment runs to the end of the line, and the dialects drop it; TLGS, Gemplex and gemini-grc keep it in the value.",
			Robots: "User-agent: *\nDisallow: /private # keep out\n", Selectors: []string{"/private/x"}, Allow: []string{"tlgs", "gemplex", "gemini-grc"}, Deny: []string{"dialects"}},
		{ID: "comment-own-line", Where: "lint page crawler-comment-in-value", Quote: "a comment on a line of its own says the same to every reader",
			Robots: "User-agent: *\n# keep out\nDisallow: /private\n", Selectors: []string{"/private/x"}, Deny: []string{"all"}},
		{ID: "comment-line-not-blank", Where: "lint page blank-line-in-group", Quote: "which no reading counts as blank",
			Robots: "User-agent: *\n# a note\nDisallow: /private\n", Selectors: []string{"/private"}, Deny: []string{"all"}},
		{ID: "directive-comment-5s", Where: "lint page directive-invalid", Quote: "so in the example no reader is affected",
			Robots: "# smolbots: ignore crawl-delay-invalid\nUser-agent: *\nDisallow: /private\nCrawl-delay: 5s\n", Selectors: []string{"/private"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\nCrawl-delay: 5s\n"},

		// Blank lines and empty groups.
		{ID: "blank-line-removed", Where: "lint page blank-line-in-group", Quote: "removing it makes every reading agree",
			Robots: "User-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Agree: true},
		{ID: "python-forgets-agents", Where: "lint pages blank-line-in-group, group-without-rules", Quote: "agent lines with no rule are dropped",
			Robots: "User-agent: gus\nUser-agent: indexer\n\nUser-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"python"}, Deny: []string{"python"}},
		{ID: "empty-group-skipped", Where: "lint_groups.go group-without-rules", Quote: "it, so the robots it names fall back to the other groups",
			Robots: "User-agent: examplebot\n\nUser-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"gopherdraft", "gemini", "norobots"}, Deny: []string{"gopherdraft", "gemini", "norobots"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\n"},
		{ID: "empty-group-kept", Where: "lint_groups.go group-without-rules", Quote: " group, and so",
			Robots: "User-agent: *\nDisallow: /private\n\nUser-agent: examplebot\n", Selectors: []string{"/private"}, Agent: "examplebot", Readers: []string{"conner2020", "rfc9309"}, Allow: []string{"conner2020", "rfc9309"}},
		{ID: "group-without-rules-example", Where: "lint page group-without-rules", Quote: "On the example every reader here happens to refuse",
			Robots: "User-agent: examplebot\n\nUser-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Deny: []string{"all"}},
		{ID: "empty-disallow-named", Where: "lint pages group-without-rules, missing-disallow", Quote: "which every reading with groups reads the same",
			Robots: "User-agent: examplebot\nDisallow:\n\nUser-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Agent: "examplebot", Readers: dialectsExcept("gopher2019"), Allow: dialectsExcept("gopher2019")},
		{ID: "empty-disallow-named-2", Where: "lint page missing-disallow", Quote: `says "nothing is refused" in every reading with groups`,
			Robots: "User-agent: examplebot\nDisallow:\nCrawl-delay: 10\n\nUser-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Agent: "examplebot", Readers: dialectsExcept("gopher2019"), Allow: dialectsExcept("gopher2019")},
		{ID: "missing-disallow-all", Where: "lint page missing-disallow", Quote: "makes the intent plain to all of them",
			Robots: "User-agent: examplebot\nDisallow:\nCrawl-delay: 10\n\nUser-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Agent: "examplebot", Readers: dialectsExcept("gopher2019"), Allow: dialectsExcept("gopher2019")},

		// Rules before any User-agent line.
		{ID: "preamble-crawlers", Where: "lint_crawlers.go crawler-rule-before-agent", Quote: "apply it to every crawler, while Kennedy, GUS and mozz-archiver drop it",
			Robots: "Disallow: /private\n\nUser-agent: *\nDisallow: /drafts\n", Selectors: []string{"/private"}, Readers: []string{"crawlers"}, Deny: []string{"tlgs", "gemplex"}, Allow: []string{"kennedy", "gus", "gus-legacy", "mozz-archiver"}},
		{ID: "preamble-auragem", Where: "lint_crawlers.go crawler-rule-before-agent", Quote: "so it applies it to `*` as well",
			Robots: "Disallow: /private\n\nUser-agent: *\nDisallow: /drafts\n", Selectors: []string{"/private"}, Readers: []string{"auragem"}, Deny: []string{"auragem"}},
		// A line AuraGem's parser rejects: it drops the host.
		{ID: "auragem-skips-host", Where: "lint_crawlers.go auragem-skips-host", Quote: "AuraGem then keeps no rules and drops every URL of the host",
			Robots: "User-agent: *\nCrawl-delay: 10s\nDisallow: /private\n", Selectors: []string{"/index.gmi", "/"}, Readers: []string{"auragem"}, Deny: []string{"auragem"}},
		{ID: "auragem-skips-host-page", Where: "lint page auragem-skips-host", Quote: "it keeps no rules, stumbles on the missing result and drops every URL of the host",
			Robots: "User-agent: *\nCrawl-delay: 10s\nDisallow: /private\n", Selectors: []string{"/index.gmi", "/"}, Readers: []string{"auragem"}, Deny: []string{"auragem"}},
		{ID: "auragem-skips-host-others", Where: "lint page auragem-skips-host", Quote: "keeps AuraGem off the whole capsule, while every other reader just ignores that line",
			Robots: "User-agent: *\nCrawl-delay: 10s\nDisallow: /private\n", Selectors: []string{"/index.gmi"}, Deny: []string{"auragem"}, Allow: allExcept("auragem")},
		{ID: "preamble-crawlers-page", Where: "lint page crawler-rule-before-agent", Quote: "TLGS and Gemplex apply it to every crawler; Kennedy, GUS and mozz-archiver drop it; gemini-grc, which ignores User-agent lines, applies it anyway.",
			Robots: "Disallow: /private\n\nUser-agent: *\nDisallow: /drafts\n", Selectors: []string{"/private"}, Readers: []string{"crawlers"}, Deny: []string{"tlgs", "gemplex", "gemini-grc"}, Allow: []string{"kennedy", "gus", "gus-legacy", "mozz-archiver"}},
		{ID: "preamble-for-all", Where: "knobs.go Preamble", Quote: "Rules before any User-agent line apply to every crawler.",
			Robots: "Disallow: /a\n\nUser-agent: nobody\nDisallow: /b\n", Selectors: []string{"/a"},
			Readers: WithKnob(func(d core.Dialect) bool { return d.Preamble == core.PreambleForAll }), Deny: WithKnob(func(d core.Dialect) bool { return d.Preamble == core.PreambleForAll })},
		{ID: "tlgs-history", Where: "crawler page tlgs", Quote: "since then they apply to every crawler",
			Robots: "Disallow: /a\n\nUser-agent: nobody\nDisallow: /b\n", Selectors: []string{"/a"}, Readers: []string{"tlgs"}, Deny: []string{"tlgs"}},
		{ID: "python-preamble", Where: "knobs.go grouping, lint page rule-outside-group", Quote: "rules before any User-agent are dropped",
			Robots: "Disallow: /a\n", Selectors: []string{"/a"}, Readers: []string{"python"}, Allow: []string{"python"}},

		{ID: "preamble-note", Where: "crawlerpolicy.go, a verdict's note", Quote: "applies such rules to every crawler",
			Robots: "Disallow: /a\n\nUser-agent: nobody\nDisallow: /b\n", Selectors: []string{"/a"},
			Readers: WithKnob(func(d core.Dialect) bool { return d.Preamble != core.PreambleIgnored }), Deny: WithKnob(func(d core.Dialect) bool { return d.Preamble != core.PreambleIgnored })},

		// TLGS's empty Disallow.
		{ID: "tlgs-empty-clears", Where: "lint_crawlers.go tlgs-empty-disallow-clears", Quote: "so it drops",
			Robots: "User-agent: indexer\nDisallow: /drafts\n\nUser-agent: *\nDisallow:\n", Selectors: []string{"/drafts"}, Readers: []string{"tlgs"}, Allow: []string{"tlgs"}, Changed: true, Alt: "User-agent: indexer\nDisallow: /drafts\n\nUser-agent: *\n"},
		{ID: "empty-clears-knob", Where: "knobs.go EmptyClears", Quote: "An empty Disallow drops every rule collected so far, from every group.",
			Robots: "User-agent: indexer\nDisallow: /drafts\n\nUser-agent: *\nDisallow:\n", Selectors: []string{"/drafts"},
			Readers: WithKnob(func(d core.Dialect) bool { return d.EmptyClears }), Changed: true, Alt: "User-agent: indexer\nDisallow: /drafts\n\nUser-agent: *\n"},

		// GUS's names.
		{ID: "each-agent", Where: "knobs.go EachAgent", Quote: "Each of its agent names is read on its own, and every reading must allow.",
			Robots: "User-agent: gus\nDisallow: /a\n\nUser-agent: indexer\nDisallow:\n", Selectors: []string{"/a"},
			Readers: WithKnob(func(d core.Dialect) bool { return d.EachAgent }), Deny: WithKnob(func(d core.Dialect) bool { return d.EachAgent })},

		// Kennedy's stars.
		{ID: "inner-star-dropped", Where: "knobs.go Patterns, lint page glob-portability", Quote: "a rule with any other `*` is dropped",
			Robots: "User-agent: *\nDisallow: /a*b\n", Selectors: []string{"/a*b", "/axb"},
			Readers: WithKnob(func(d core.Dialect) bool { return d.Patterns == core.TrailingStarPrefix }), Allow: WithKnob(func(d core.Dialect) bool { return d.Patterns == core.TrailingStarPrefix })},
		{ID: "kennedy-inner-star", Where: "lint page glob-portability", Quote: "Kennedy drops any rule with a star before its end",
			Robots: "User-agent: *\nDisallow: /a*b\n", Selectors: []string{"/a*b", "/axb"}, Readers: []string{"kennedy"}, Allow: []string{"kennedy"}},

		{ID: "inner-star-note", Where: "crawlerpolicy.go, a verdict's note", Quote: "drops %s, which has a * before its end",
			Robots: "User-agent: *\nDisallow: /a*b\nDisallow: /c*d*\n", Selectors: []string{"/a*b", "/axb", "/cxd", "/c*d*"},
			Readers: WithKnob(func(d core.Dialect) bool { return d.Patterns == core.TrailingStarPrefix }), Allow: WithKnob(func(d core.Dialect) bool { return d.Patterns == core.TrailingStarPrefix })},

		// TLGS's off-by-one.
		{ID: "tlgs-off-by-one-open", Where: "knobs.go Patterns", Quote: "so `Disallow: /` leaves `/a` open and blocks `/ab`",
			Robots: "User-agent: *\nDisallow: /\n", Selectors: []string{"/a"}, Readers: []string{"tlgs"}, Allow: []string{"tlgs"}},
		{ID: "tlgs-off-by-one-blocks", Where: "knobs.go Patterns", Quote: "so `Disallow: /` leaves `/a` open and blocks `/ab`",
			Robots: "User-agent: *\nDisallow: /\n", Selectors: []string{"/ab", "/abc"}, Readers: []string{"tlgs"}, Deny: []string{"tlgs"}},

		{ID: "tlgs-off-by-one-page", Where: "lint page tlgs-off-by-one", Quote: "while every other reader keeps out of it.",
			Robots: "User-agent: *\nDisallow: /dir/\n", Selectors: []string{"/dir/a"}, Allow: []string{"tlgs"}, Deny: allExcept("tlgs")},
		{ID: "tlgs-off-by-one-hint", Where: "lint_surprises.go tlgs-off-by-one", Quote: "which TLGS applies to every path under it",
			Robots: "User-agent: *\nDisallow: /dir/\nDisallow: /dir\n", Selectors: []string{"/dir/a", "/dir/ab", "/dir/"}, Readers: []string{"tlgs"}, Deny: []string{"tlgs"}},

		// Gemplex's bare Disallow.
		{ID: "gemplex-bare-disallow", Where: "lint page and message gemplex-bare-disallow", Quote: "the rules after them apply to Gemplex, which only one of the two groups names",
			Robots: "User-agent: *\nDisallow:\n\nUser-agent: examplebot\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"gemplex"}, Deny: []string{"gemplex"}},
		{ID: "gemplex-bare-disallow-crlf", Where: "lint page and message gemplex-bare-disallow", Quote: "End the lines in CRLF, which Gemplex reads as going on past the colon.",
			Robots: "User-agent: *\r\nDisallow:\r\n\r\nUser-agent: examplebot\r\nDisallow: /private\r\n", Selectors: []string{"/private"}, Readers: []string{"gemplex"}, Allow: []string{"gemplex"}},

		// Selectors as sent.
		{ID: "selector-as-sent", Where: "lint page leading-slash-mismatch", Quote: "every reading compares them as sent",
			Robots: "User-agent: *\nDisallow: /private\n", Selectors: []string{"private/notes.txt"}, Readers: []string{"dialects", "veronica2"}, Allow: []string{"dialects", "veronica2"}},
		{ID: "selector-as-sent-texts", Where: "lint page leading-slash-mismatch", Quote: "None of the texts adds the slash: the six dialects and Veronica-2 compare the selector as sent",
			Robots: "User-agent: *\nDisallow: /private\n", Selectors: []string{"private/notes.txt"}, Readers: []string{"dialects", "veronica2"}, Allow: []string{"dialects", "veronica2"}},
		{ID: "umn-as-sent", Where: "lint page umn-type-prefix", Quote: "Every reading compares the selector as sent",
			Robots: "User-agent: *\nDisallow: /private\n", Selectors: []string{"0/private/notes.txt"}, Readers: []string{"dialects", "veronica2"}, Allow: []string{"dialects", "veronica2"}},
		{ID: "line-endings", Where: "lint page lf-line-endings", Quote: "Every dialect here accepts a bare LF, and every dialect but gopher2019 (whose text ends lines at LF or CR LF only) a bare CR",
			Robots: "User-agent: *\rDisallow: /private\r", Selectors: []string{"/private"}, Readers: []string{"dialects"}, Deny: []string{"gopherdraft", "gemini", "conner2020", "rfc9309", "norobots"}, Allow: []string{"gopher2019"}},
		{ID: "line-endings-lf", Where: "lint page lf-line-endings", Quote: "Every dialect here accepts a bare LF, and every dialect but gopher2019 (whose text ends lines at LF or CR LF only) a bare CR",
			Robots: "User-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"dialects"}, Deny: []string{"dialects"}},

		// Roles.
		{ID: "role-named-too", Where: "lint page role-user-agent", Quote: "makes the group reach them in every dialect",
			Robots: "User-agent: indexer\nUser-agent: examplebot\nDisallow: /private\n", Selectors: []string{"/private"}, Agent: "examplebot", Readers: dialectsExcept(), Deny: []string{"dialects"}},
		{ID: "no-role-no-group", Where: "hints.go", Quote: "do not apply to it in any dialect that reads groups",
			Robots: "User-agent: indexer\nDisallow: /x\n", Selectors: []string{"/x"}, Agent: "examplebot", Readers: dialectsExcept("gopher2019"), Allow: dialectsExcept("gopher2019")},

		// Delays.
		{ID: "delay-after-rules", Where: "lint page delay-portability", Quote: "a delay changes no verdict: every reader allows and refuses the same paths with it and without it",
			Robots: "User-agent: *\nDisallow: /private\nCrawl-delay: 10\n", Selectors: []string{"/private", "/public"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\n"},
		{ID: "delay-knob", Where: "knobs.go DelayFields", Quote: "(after a group's rules they change no verdict)",
			Robots: "User-agent: *\nDisallow: /private\nCrawl-delay: 10\nRequest-rate: 1/10\nCheck: 60\n", Selectors: []string{"/private", "/public"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\n"},
		{ID: "delay-between-agents", Where: "lint page delay-portability, knobs.go", Quote: "Python's robotparser (norobots, GUS, GUS (2020)) ends the run of agent lines there",
			Robots: delayBetween, Selectors: []string{"/private"}, Agent: "indexer", Readers: []string{"python"}, Allow: []string{"python"}, Changed: true, Alt: delayBetweenAlt},
		{ID: "delay-between-agents-knob", Where: "knobs.go DelayFields", Quote: "a delay between User-agent lines ends the run, so the agent lines above it get no rules",
			Robots: delayBetween, Selectors: []string{"/private"}, Agent: "indexer", Readers: []string{"python"}, Allow: []string{"python"}, Changed: true, Alt: delayBetweenAlt},
		{ID: "agent-run-broken", Where: "lint_surprises.go agent-run-broken", Quote: "ends the run of User-agent lines (Lib/urllib/robotparser.py:121-144)",
			Robots: "User-agent: a\nUser-agent: indexer\nCrawl-delay: soon\nRequest-rate: 1/5\nUser-agent: archiver\nDisallow: /private\n", Selectors: []string{"/private"}, Agent: "indexer",
			Readers: []string{"norobots", "gus"}, Allow: []string{"python"}, Changed: true,
			Alt: "User-agent: a\nUser-agent: indexer\nUser-agent: archiver\nDisallow: /private\n"},
		{ID: "agent-run-broken-page", Where: "lint page agent-run-broken", Quote: "To norobots, GUS and GUS (2020) the indexer record ends at the Crawl-delay and has no rule, so an indexer may fetch everything.",
			Robots: "User-agent: indexer\nCrawl-delay: 5\nUser-agent: archiver\nDisallow: /private\n", Selectors: []string{"/private"}, Agent: "indexer",
			Readers: []string{"norobots", "gus"}, Allow: []string{"python"}, Changed: true, Alt: "User-agent: indexer\nUser-agent: archiver\nDisallow: /private\n"},
		{ID: "setting-invalid", Where: "lint page setting-invalid", Quote: "No verdict changes",
			Robots: "User-agent: *\nDisallow: /private\nCheck: daily\nRequest-rate: often\n", Selectors: []string{"/private", "/public"}, Unchanged: true, Alt: "User-agent: *\nDisallow: /private\n"},
	}
}
