package crawlers

import "github.com/smolbots/smolbots/core"

// gopher-mcp, an MCP server through which LLM clients browse Gopher and
// Gemini, reads robots.txt with its own parser on both. It tests other
// agent names on each protocol, so it is two presets, each scoped to its
// protocol by Crawler.Protocol: gopher-mcp-gemini and gopher-mcp-gopher.
// The code read is 0.8.0-dev (after 0.7.0, which turned the reading on
// by default on 2026-09-01; its version string was not seen).

// gopherMCPCommit is the commit of cameronrye/gopher-mcp read.
const gopherMCPCommit = "43f5afc2bc562c50043ff803334cab827a121ec0"

// gopherMCPAITokens are the AI crawlers' tokens whose groups gopher-mcp
// obeys on top of its own (src/gopher_mcp/robots.py:80-94).
var gopherMCPAITokens = []string{
	"anthropic-ai", "ccbot", "chatgpt-user", "claude-code", "claude-searchbot",
	"claude-user", "claude-web", "claudebot", "cohere-ai", "gptbot",
	"oai-searchbot", "perplexity-user", "perplexitybot",
}

// gopherMCPSources are the parser's and matcher's lines, the same on
// both protocols.
var gopherMCPSources = []core.Source{
	{Key: "size", Ref: "src/gopher_mcp/robots.py:56", What: "the first 512,000 bytes are read (ROBOTS_MAX_BYTES) and the rest cut; a last line the cut breaks is lost too (not modelled)"},
	{Key: "comments", Ref: "src/gopher_mcp/robots.py:290-292", What: "a # anywhere starts a comment; each line is stripped and blank lines are skipped, ending nothing"},
	{Key: "fields", Ref: "src/gopher_mcp/robots.py:294-298,300,315", What: "the field is the text before the first colon, stripped and lower-cased; a line with no colon is skipped; only user-agent and disallow are read, no misspelling"},
	{Key: "grouping", Ref: "src/gopher_mcp/robots.py:300-314", What: "any field line other than User-agent, even one it ignores, ends the run of User-agent lines; an empty User-agent adds no name but after a rule still starts a new run"},
	{Key: "preamble", Ref: "src/gopher_mcp/robots.py:315", What: "a Disallow before any User-agent has no group to join and is dropped"},
	{Key: "agents", Ref: "src/gopher_mcp/robots.py:305,166", What: "each User-agent value is lower-cased and compared whole with its names: no part, no prefix, no /version dropped"},
	{Key: "merge", Ref: "src/gopher_mcp/robots.py:307,317-318", What: "rules are kept per name, so groups naming the same name merge"},
	{Key: "selection", Ref: "src/gopher_mcp/robots.py:158-171", What: "every group naming one of its names other than * applies together, even one with no rule; only when none does, the * group"},
	{Key: "add-only", Ref: "src/gopher_mcp/robots.py:147-153,173-175", What: "the groups of 13 AI crawlers' tokens add their rules to what was chosen and never take the place of *"},
	{Key: "ai-tokens", Ref: "src/gopher_mcp/robots.py:80-94", What: "anthropic-ai, ccbot, chatgpt-user, claude-code, claude-searchbot, claude-user, claude-web, claudebot, cohere-ai, gptbot, oai-searchbot, perplexity-user, perplexitybot"},
	{Key: "empty", Ref: "src/gopher_mcp/robots.py:315,158-162", What: "an empty Disallow adds no rule, so a group holding only that grants everything"},
	{Key: "decision", Ref: "src/gopher_mcp/robots.py:177-178,191-193", What: "Allow is not read; any matching Disallow refuses, and no rule allows"},
	{Key: "match", Ref: "src/gopher_mcp/robots.py:196-243", What: "a prefix from the start, * any run, a final $ anchoring the end ($ elsewhere is literal); no / is added to a rule; case-sensitive"},
	{Key: "spellings", Ref: "src/gopher_mcp/robots.py:180-193,246-266", What: "each rule as written and percent-decoded is tried on the target as given, percent-decoded, and with dot segments resolved (posixpath.normpath, a final / kept) when it holds ./ or ends in /..; any match refuses"},
	{Key: "default", Ref: "src/gopher_mcp/config.py:291-298,359-366", What: "respect_robots_txt defaults to true on both protocols (off in 0.6.0, on by default since 0.7.0, 2026-09-01, by its CHANGELOG); the AI tokens too (config.py:300-306,368-373); the code read is 0.8.0-dev"},
}

// The two presets share their reading but for the names, the lines and
// the fetch.
var (
	GopherMCPGemini = gopherMCP(core.Dialect{
		ID: "gopher-mcp-gemini", Title: "gopher-mcp (Gemini)", Source: "gopher-mcp's own reader on Gemini (cameronrye/gopher-mcp, src/gopher_mcp/robots.py)",
		Facts: core.Facts{
			Location: "gemini://host[:port]/robots.txt",
			Caching:  "24 hours per host and port; a temporary failure is retried after 60 s",
			Delays:   "ignored",
		},
		Crawler: &core.Crawler{
			Name: "gopher-mcp (Gemini)", Protocol: "gemini", Agents: []string{"gopher-mcp", "webproxy", "indexer", "*"},
			AddOnlyAgents: gopherMCPAITokens, Roles: []string{"webproxy", "indexer"}, Verified: true,
			Repo: "cameronrye/gopher-mcp", Commit: gopherMCPCommit,
			Sources: append([]core.Source{
				{Key: "names", Ref: "src/gopher_mcp/robots.py:74", What: "on Gemini: gopher-mcp, webproxy, indexer and * (gemini_client.py:140)"},
				{Key: "lines", Ref: "src/gopher_mcp/robots.py:289", What: "lines as str.splitlines() splits them, after the body was decoded and every unprintable character but LF, CR and tab deleted (helpers.py sanitize_display_text), so a BOM is dropped and only LF, CRLF and a lone CR end a line"},
				{Key: "target", Ref: "src/gopher_mcp/gemini_client.py:318-320", What: "the URL's path with %2e decoded and dot segments removed (gemini_parse.py:42,45-94), no query"},
				{Key: "fetch", Ref: "src/gopher_mcp/gemini_client.py:640-698", What: "a 2x text reply is read; a 5x, 1x, 3x or 6x is no policy, which allows all; a 4x or no answer refuses every URL of the host (fail closed, gemini_client.py:144)"},
			}, gopherMCPSources...),
			Fetch: core.CrawlerFetch{
				Location: "gemini://host[:port]/robots.txt, redirects not followed",
				Counts:   "any 2x with a text type (text/gemini when the type is missing)",
				Statuses: "2x", MIMEs: []string{"text/"},
				Caching:  "24 hours per host and port; after a temporary failure none is asked for 60 s (or a 44's seconds) and a stale file is used if there is one",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "deny-all", "temporary-failure": "deny-all", "other-status": "allow-all", "other-mime": "allow-all", "error": "deny-all"},
				Ref:      "src/gopher_mcp/gemini_client.py:640-698",
			},
		},
	})
	GopherMCPGopher = gopherMCP(core.Dialect{
		ID: "gopher-mcp-gopher", Title: "gopher-mcp (Gopher)", Source: "gopher-mcp's own reader on Gopher (cameronrye/gopher-mcp, src/gopher_mcp/robots.py)",
		Lines: core.PythonLines, BOMInText: true,
		Facts: core.Facts{
			Location: "selector /robots.txt",
			Caching:  "24 hours per host and port; a failure is retried after 60 s",
			Delays:   "ignored",
		},
		Crawler: &core.Crawler{
			Name: "gopher-mcp (Gopher)", Protocol: "gopher", Agents: []string{"gopher-mcp", "*"},
			AddOnlyAgents: gopherMCPAITokens, Verified: true,
			Repo: "cameronrye/gopher-mcp", Commit: gopherMCPCommit,
			Sources: append([]core.Source{
				{Key: "names", Ref: "src/gopher_mcp/robots.py:65", What: "on Gopher: gopher-mcp and * (gopher_client.py:158); not webproxy or indexer"},
				{Key: "lines", Ref: "src/gopher_mcp/robots.py:289", What: "lines as str.splitlines() splits them, the body as decoded, nothing deleted: VT, FF, FS, GS, RS, NEL, LS and PS also end a line, and a BOM stays in line 1, whose field is then unknown"},
				{Key: "target", Ref: "src/gopher_mcp/robots.py:323-334", What: "the selector with a / added if it has none, / and the item type before it, and the item type before it (gopher_client.py:309-313); each then spelt every way"},
				{Key: "fetch", Ref: "src/gopher_mcp/gopher_client.py:164", What: "whatever the selector /robots.txt returns is parsed (an error menu has no group, which allows all); a failure allows all (fail open)"},
			}, gopherMCPSources...),
			Fetch: core.CrawlerFetch{
				Location: "selector /robots.txt only",
				Counts:   "any reply: whatever comes back is parsed, and an error reply, having no User-agent line, allows all",
				Caching:  "24 hours per host and port; after a failure none is asked for 60 s",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "error": "allow-all"},
				Ref:      "src/gopher_mcp/gopher_client.py:164",
			},
		},
	})
)

// gopherMCP gives d the reading both presets share: runs of User-agent
// lines closed by any other field, rules before any User-agent dropped,
// whole lower-cased names, its own names together else *, any matching
// Disallow refusing, * and a final $, every spelling of rule and target,
// the first 512,000 bytes (robots.py, cited in gopherMCPSources).
func gopherMCP(d core.Dialect) core.Dialect {
	d.Grouping, d.Preamble = core.AgentRunsAnyField, core.PreambleIgnored
	d.Agents, d.Selection = core.TokenEqual, core.SpecificElseStar
	d.Decision, d.Patterns, d.Normalize = core.AnyDisallow, core.GlobDollar, core.AnySpelling
	d.MaxBytes = 512_000
	return d
}
