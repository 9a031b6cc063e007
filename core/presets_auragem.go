package core

// AuraGem Search's crawler, read from clseibold/auragem_sis at the
// commit named; its robots.txt reader is temoto/robotstxt v1.1.2
// (commit 6f1dda1c91), cited as temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c.
var AuraGem = Dialect{
	ID: "auragem", Title: "AuraGem", Source: "AuraGem Search's crawler (clseibold/auragem_sis, crawler/context.go) on temoto/robotstxt v1.1.2",
	Lines: TokenLines, Grouping: AgentRunGroups, Preamble: PreambleStarUnlessUserAgent,
	Agents: TokenPrefix, Selection: LongestToken,
	Decision: LongestFirst, Patterns: UnanchoredGlob, Normalize: GoURLPath,
	AllowField: true, DelayFields: []Field{CrawlDelay}, ParseErrorSkipsHost: true,
	Facts: Facts{
		Location: "gemini://, spartan://, nex:// and scroll://host[:port]/robots.txt",
		Caching:  "for the life of the crawl (a map per host)",
		Delays:   "Crawl-delay honoured, 2 s when none",
	},
	Crawler: &Crawler{
		Name: "AuraGem", Protocol: "gemini", Agents: []string{"indexer"}, Roles: []string{"indexer"}, Verified: true,
		Repo: "clseibold/auragem_sis", Commit: "5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b",
		Sources: []Source{
			{"names", "crawler/context.go:494", "FindGroup(\"indexer\"): the one name it asks for"},
			{"preamble", "crawler/context.go:404-407", "a body without the exact text User-Agent: gets User-Agent: * put before it"},
			{"lines", "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:scanner.go:58-112", "words split at blanks; the field ends at the first colon; the value is one word; no colon needed"},
			{"comments", "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:scanner.go:81-90", "a # only starts a comment at the start of a word"},
			{"grouping", "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:60-135", "only Allow, Disallow and Crawl-delay end a run of User-agent lines; blank lines end nothing"},
			{"agents", "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:robotstxt.go:158-179", "a group applies when indexer, lower-cased, starts with its agent"},
			{"selection", "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:robotstxt.go:158-179", "only the longest such agent's group applies, * the weakest; no union with *"},
			{"merge", "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:49-58", "groups naming the same agent are one group"},
			{"decision", "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:robotstxt.go:201-226", "the longest matching rule decides; a tie goes to the first"},
			{"match", "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:168-197", "trailing * cut; a rule with * or $ becomes an expression found anywhere in the path"},
			{"errors", "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:87-130,234-245", "a Crawl-delay that is not a number, or a rule before any User-agent, fails the file"},
			{"skip", "crawler/context.go:409,494", "a failed file leaves nil, and FindGroup on it panics: the host's URLs are dropped (crawler/crawl.go:82-96)"},
			{"target", "crawler/context.go:505,531", "the target is Go's url.URL.Path: percent-decoded, no query, not cleaned"},
			{"size", "crawler/context.go:401", "the body is read whole with io.ReadAll; no limit in the crawler (its Gemini client library was not read)"},
			{"fetch", "crawler/context.go:383-399", "status 20 only, any MIME; 44 re-queues the URL; anything else allows all"},
			{"delay", "crawler/context.go:43,530,552-558", "Crawl-delay honoured, 2 s by default"},
		},
		Fetch: CrawlerFetch{
			Location: "scheme://host[:port]/robots.txt over Gemini, Spartan, Nex and Scroll, redirects not followed",
			Counts:   "status 20 only, whatever its MIME; 44 puts the URL back and asks again later",
			Statuses: "20",
			Caching:  "per host for the life of the crawl",
			Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "skip-host", "other-status": "allow-all", "other-mime": "read", "error": "allow-all"},
			Ref:      "crawler/context.go:383-399,539-544",
		},
	},
}
