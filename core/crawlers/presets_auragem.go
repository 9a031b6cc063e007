package crawlers

import "github.com/smolbots/smolbots/core"

// AuraGem Search's crawler, read from clseibold/auragem_sis at the
// commit named; its robots.txt reader is temoto/robotstxt v1.1.2
// (commit 6f1dda1c91), cited as temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c.
var AuraGem = core.Dialect{
	ID: "auragem", Title: "AuraGem", Source: "AuraGem Search's crawler (clseibold/auragem_sis, crawler/context.go) on temoto/robotstxt v1.1.2",
	Lines: core.TokenLines, Grouping: core.AgentRunGroups, Preamble: core.PreambleStarUnlessUserAgent,
	Agents: core.TokenPrefix, Selection: core.LongestToken,
	Decision: core.LongestFirst, Patterns: core.UnanchoredGlob, Normalize: core.GoURLPath,
	AllowField: true, DelayFields: []core.Field{core.CrawlDelay}, ParseErrorSkipsHost: true,
	Facts: core.Facts{
		Location: "gemini://, spartan://, nex:// and scroll://host[:port]/robots.txt",
		Caching:  "for the life of the crawl (a map per host)",
		Delays:   "Crawl-delay honoured, 2 s when none",
	},
	Crawler: &core.Crawler{
		Name: "AuraGem", Protocol: "gemini", Agents: []string{"indexer"}, Roles: []string{"indexer"}, Verified: true,
		Repo: "clseibold/auragem_sis", Commit: "5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b",
		Sources: []core.Source{
			{Key: "names", Ref: "crawler/context.go:494", What: "FindGroup(\"indexer\"): the one name it asks for"},
			{Key: "preamble", Ref: "crawler/context.go:404-407", What: "a body without the exact text User-Agent: gets User-Agent: * put before it"},
			{Key: "lines", Ref: "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:scanner.go:58-112", What: "words split at blanks; the field ends at the first colon; the value is one word; no colon needed"},
			{Key: "comments", Ref: "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:scanner.go:81-90", What: "a # only starts a comment at the start of a word"},
			{Key: "grouping", Ref: "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:60-135", What: "only Allow, Disallow and Crawl-delay end a run of User-agent lines; blank lines end nothing"},
			{Key: "agents", Ref: "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:robotstxt.go:158-179", What: "a group applies when indexer, lower-cased, starts with its agent"},
			{Key: "selection", Ref: "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:robotstxt.go:158-179", What: "only the longest such agent's group applies, * the weakest; no union with *"},
			{Key: "typos", Ref: "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:204,234", What: "useragent and crawldelay are read as User-agent and Crawl-delay; other misspellings are not read"},
			{Key: "merge", Ref: "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:49-58", What: "groups naming the same agent are one group"},
			{Key: "decision", Ref: "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:robotstxt.go:201-226", What: "the longest matching rule decides; a tie goes to the first"},
			{Key: "match", Ref: "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:168-197", What: "trailing * cut; a rule with * or $ becomes an expression found anywhere in the path"},
			{Key: "errors", Ref: "temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:87-130,234-245", What: "a Crawl-delay that is not a number, or a rule before any User-agent, fails the file"},
			{Key: "skip", Ref: "crawler/context.go:409,494", What: "a failed file leaves nil, and FindGroup on it panics: the host's URLs are dropped (crawler/crawl.go:82-96)"},
			{Key: "target", Ref: "crawler/context.go:505,531", What: "the target is Go's url.URL.Path: percent-decoded, no query, not cleaned"},
			{Key: "size", Ref: "crawler/context.go:401", What: "the body is read whole with io.ReadAll; no limit in the crawler (its Gemini client library was not read)"},
			{Key: "fetch", Ref: "crawler/context.go:383-399", What: "status 20 only, any MIME; 44 re-queues the URL; anything else allows all"},
			{Key: "delay", Ref: "crawler/context.go:43,530,552-558", What: "Crawl-delay honoured, 2 s by default"},
		},
		Fetch: core.CrawlerFetch{
			Location: "scheme://host[:port]/robots.txt over Gemini, Spartan, Nex and Scroll, redirects not followed",
			Counts:   "status 20 only, whatever its MIME; 44 puts the URL back and asks again later",
			Statuses: "20",
			Caching:  "per host for the life of the crawl",
			Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "skip-host", "other-status": "allow-all", "other-mime": "read", "error": "allow-all"},
			Ref:      "crawler/context.go:383-399,539-544",
		},
	},
}
