package crawlers

import "github.com/smolbots/smolbots/core"

// Crawler presets: what real small-web crawlers do with a robots.txt,
// read from their code at the commits named (veronica2 from its
// maintainer's words only). Each is a Dialect whose knobs model that
// code; Crawler.Sources cite the lines each knob stands for.
var (
	TLGS = core.Dialect{
		ID: "tlgs", Title: "TLGS", Source: "TLGS's own parser (marty1885/tlgs, tlgsutils/robots_txt_parser.cpp)",
		Lines: core.LastColonLines, LFLines: true, BOMInText: true,
		Grouping: core.AgentRunsAnyField, Preamble: core.PreambleForAll,
		Agents: core.ExactCase, Selection: core.UnionMatching, EmptyClears: true,
		Decision: core.AnyDisallow, Patterns: core.SegmentGlob, Normalize: core.PathNoQuery,
		MaxBytes: 2_500_000, HighBytesUnfetched: true,
		Facts: core.Facts{
			Location: "gemini://host[:port]/robots.txt",
			Caching:  "2 days in its database, 60 s in memory",
			Delays:   "ignored",
		},
		Crawler: &core.Crawler{
			Name: "TLGS", Protocol: "gemini", Agents: []string{"*", "tlgs", "indexer"}, Roles: []string{"indexer"}, Verified: true,
			Repo: "marty1885/tlgs", Commit: "3f00f7d6d5727f15cde918ced87be4c150eecc28",
			Sources: []core.Source{
				{Key: "size", Ref: "tlgs/crawler/crawler.cpp:190", What: "robots.txt is requested with a body limit of 0x2625a0 bytes (2.5 MB); past it dremini hands over what it has (marty1885/dremini@da949fc60c0fc3507fe183411f80f07e3bb61f0f:dremini/GeminiClient.cpp:390-394, a later dremini than TLGS's)"},
				{Key: "lines", Ref: "tlgsutils/robots_txt_parser.cpp:17-30", What: "a line is field:value split at the last colon; values keep comments and trailing blanks"},
				{Key: "comments", Ref: "tlgsutils/robots_txt_parser.cpp:17,44", What: "comments are not stripped from values"},
				{Key: "preamble", Ref: "tlgsutils/robots_txt_parser.cpp:20", What: "rules before any User-agent apply (care starts true)"},
				{Key: "grouping", Ref: "tlgsutils/robots_txt_parser.cpp:29-41", What: "any other field line ends a run of User-agent lines"},
				{Key: "agents", Ref: "tlgsutils/robots_txt_parser.cpp:32,35", What: "agent names compared exactly, case-sensitively"},
				{Key: "union", Ref: "tlgsutils/robots_txt_parser.cpp:43-48", What: "every cared-for group's Disallow lines go into one set"},
				{Key: "empty", Ref: "tlgsutils/robots_txt_parser.cpp:45-46", What: "an empty Disallow clears the set collected so far"},
				{Key: "segments", Ref: "tlgsutils/robots_txt_parser.cpp:73-76", What: "a rule without * covers whole path segments"},
				{Key: "off-by-one", Ref: "tlgsutils/robots_txt_parser.cpp:75", What: "a path exactly one byte longer than a rule without * is not covered (size() > pattern.size()+1), so Disallow: / leaves /a open and blocks /ab"},
				{Key: "match", Ref: "tlgsutils/robots_txt_parser.cpp:67-122", What: "rules with * take one of several shapes"},
				{Key: "decision", Ref: "tlgsutils/robots_txt_parser.cpp:124-131", What: "any matching rule blocks"},
				{Key: "names", Ref: "tlgs/crawler/crawler.cpp:208", What: "agents *, tlgs, indexer"},
				{Key: "target", Ref: "tlgs/crawler/crawler.cpp:234", What: "the URL's path without query, lexically normalized, not decoded"},
				{Key: "fetch", Ref: "tlgs/crawler/crawler.cpp:188-220", What: "status 20 with text/plain or text/gemini counts; anything else is no policy"},
				{Key: "high-bytes", Ref: "tlgs/crawler/crawler.cpp:249-251", What: "a URL with a byte below 0x20 is never crawled; on a signed char (x86-64) every raw byte of 0x80 or more is one"},
				{Key: "long-line", Ref: "tlgsutils/robots_txt_parser.cpp:17,22-23", What: "std::regex_match runs on every line; libstdc++'s recursive matcher overflows an 8 MiB stack on a line of 26,179 bytes (g++ 12.2 -O3, CMake Release; 43,642 at -O1, 27,568 unoptimised), and the process dies"},
			},
			Fetch: core.CrawlerFetch{
				Location: "gemini://host[:port]/robots.txt, redirects not followed",
				Counts:   "status 20 with MIME text/plain or text/gemini, byte for byte before any ;",
				Statuses: "20", MIMEs: []string{"text/plain", "text/gemini"},
				Caching:  "2 days in its database, 60 s in memory",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "allow-all", "other-status": "allow-all", "other-mime": "allow-all", "error": "allow-all"},
				Ref:      "tlgs/crawler/crawler.cpp:187-220",
			},
		},
	}
	Gemplex = core.Dialect{
		ID: "gemplex", Title: "Gemplex", Source: "Gemplex's crawler (elektito/gemplex, cmd/gemplex/crawl.go)",
		Lines: core.LineStartDirectives, LFLines: true, TrimCR: true, BOMInText: true,
		Grouping: core.AgentRunGroups, Preamble: core.PreambleStarRun,
		Agents: core.ExactCase, Selection: core.UnionMatching, NoRulesBanLater: true,
		Decision: core.AnyDisallow, Patterns: core.Prefix, Normalize: core.DecodedPath,
		MaxBytes: core.NoLimit,
		Facts: core.Facts{
			Location: "gemini://host[:port]/robots.txt",
			Caching:  "until an error (a 1-day expiry is written but never checked)",
			Delays:   "ignored",
		},
		Crawler: &core.Crawler{
			Name: "Gemplex", Protocol: "gemini", Agents: []string{"*", "elektito/gemplex", "crawler", "indexer", "researcher"}, Roles: []string{"indexer", "researcher"}, Verified: true,
			Repo: "elektito/gemplex", Commit: "70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e",
			Sources: []core.Source{
				{Key: "size", Ref: "cmd/gemplex/crawl.go:122", What: "the body is read whole with ioutil.ReadAll; no limit in the crawler (its Gemini client library was not read)"},
				{Key: "lines", Ref: "cmd/gemplex/crawl.go:589-606", What: "directives only at the very start of a line and longer than the directive; # only at line start"},
				{Key: "comments", Ref: "cmd/gemplex/crawl.go:589-591", What: "only a line starting with # is a comment"},
				{Key: "preamble", Ref: "cmd/gemplex/crawl.go:586-599", What: "the file starts with the agent list [*], which the first User-agent lines join"},
				{Key: "grouping", Ref: "cmd/gemplex/crawl.go:595-605", What: "only a Disallow ends a run of User-agent lines"},
				{Key: "agents", Ref: "cmd/gemplex/crawl.go:610-619", What: "agent names compared exactly, case-sensitively"},
				{Key: "union", Ref: "cmd/gemplex/crawl.go:608-627", What: "prefixes of every group naming one of its agents"},
				{Key: "empty", Ref: "cmd/gemplex/crawl.go:620-624", What: "an empty Disallow adds nothing"},
				{Key: "decision", Ref: "cmd/gemplex/crawl.go:453-461", What: "any matching prefix bans the URL"},
				{Key: "target", Ref: "cmd/gemplex/crawl.go:455", What: "url.URL.Path: percent-decoded, no query"},
				{Key: "fetch", Ref: "cmd/gemplex/crawl.go:551-580", What: "5x and other statuses allow all; 44 backs off; a redirect allows all"},
				{Key: "stored", Ref: "cmd/gemplex/crawl.go:662,703", What: "an empty rule list is stored as \"\" and read back as one empty prefix"},
				{Key: "trim", Ref: "cmd/gemplex/crawl.go:585,599,603-606", What: "lines split at LF only, values trimmed with strings.TrimSpace, so CRs padding a line's end are cut off"},
			},
			Fetch: core.CrawlerFetch{
				Location: "gemini://host[:port]/robots.txt, redirects followed but a moved robots.txt counts as none",
				Counts:   "status 2x with a MIME starting text/",
				Statuses: "2x", MIMEs: []string{"text/"},
				Caching:  "1 day is written but never checked: rules stay until an error; an empty list comes back as one empty prefix that bans every later URL",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "skip-host", "other-status": "allow-all", "other-mime": "skip-host", "error": "skip-host"},
				Ref:      "cmd/gemplex/crawl.go:564-580,116-120,667-700",
			},
		},
	}
	GeminiGRC = core.Dialect{
		ID: "gemini-grc", Title: "gemini-grc", Source: "gemini-grc's robots matcher (antanst/gemini-grc, robotsMatch/)",
		Lines: core.DisallowPrefixLines, LFLines: true, TrimCR: true, BOMInText: true,
		Grouping: core.NoGroups, Selection: core.AllRules,
		Decision: core.AnyDisallow, Patterns: core.Prefix, Normalize: core.FoldedURL, RootRules: true,
		MaxBytes: 1 << 20, TooLongAllowsAll: true,
		Facts: core.Facts{
			Location: "gemini://host:port/robots.txt",
			Caching:  "for the life of the process",
			Delays:   "ignored",
		},
		Crawler: &core.Crawler{
			Name: "gemini-grc", Protocol: "gemini", Roles: []string{"archiver"}, Verified: true,
			OffWhen:  "Run with its second protocol switched on (a flag, off by default: config/config.go:35), gemini-grc reads no robots.txt at all, Gemini URLs included, and would fetch this one (robotsMatch/robotsMatch.go:94-97)",
			NoRobots: map[string]string{"gopher": "checks robots.txt only for gemini:// URLs, and a gopher:// URL (crawled when it runs with -gopher) never reaches the check, so it ignores the file (common/worker.go:147-157, robotsMatch/robotsMatch.go:94-97)"},
			Repo:     "antanst/gemini-grc", Commit: "f362a1d2da323f8b608a20230a75524adae6c1a4",
			Sources: []core.Source{
				{Key: "size", Ref: "config/config.go:38", What: "a response longer than --max-response-size (1 MiB by default) is an error (gemini/network.go:188-190), and an error allows everything"},
				{Key: "lines", Ref: "robotsMatch/robots.go:33-40", What: "trimmed, lower-cased lines starting with disallow: are the only ones read"},
				{Key: "comments", Ref: "robotsMatch/robots.go:39", What: "comments stay in the rule"},
				{Key: "empty", Ref: "robotsMatch/robots.go:37-40", What: "a Disallow with an empty value is skipped"},
				{Key: "agents", Ref: "robotsMatch/robots.go:16,26", What: "User-agent is ignored (a TODO says so)"},
				{Key: "rules", Ref: "robotsMatch/robots.go:45-61", What: "a gemini:// rule keeps its path; a leading / is added"},
				{Key: "decision", Ref: "robotsMatch/robotsMatch.go:146-161", What: "case-insensitive prefix of the whole URL"},
				{Key: "target", Ref: "common/url/url.go:104-111,180-205", What: "the whole URL with :port, path cleaned and re-escaped, query and fragment kept"},
				{Key: "fetch", Ref: "robotsMatch/robotsMatch.go:50-82", What: "status 20 with text/plain or text/gemini counts; anything else allows all"},
				{Key: "trim", Ref: "robotsMatch/robots.go:33-39", What: "lines split at LF only, then strings.TrimSpace: CRs padding a line's end are cut off"},
				{Key: "clean", Ref: "common/url/url.go:146,184", What: "the URL's path goes through path.Clean, so gemini://host//a is tested as /a"},
				{Key: "gopher", Ref: "common/worker.go:147-157", What: "only a gemini:// URL is checked against robots.txt: a gopher:// URL never is"},
				{Key: "gopher-flag", Ref: "robotsMatch/robotsMatch.go:94-97", What: "run with -gopher (config/config.go:35, off by default), RobotMatch answers not blocked for every URL, gemini:// ones included"},
			},
			Fetch: core.CrawlerFetch{
				Location: "gemini://host:port/robots.txt, redirects not followed",
				Counts:   "status 20 with MIME exactly text/plain or text/gemini (only charset= and lang= parameters parse)",
				Statuses: "20", MIMEs: []string{"text/plain", "text/gemini"}, Params: []string{"charset", "lang"},
				Caching:  "for the life of the process, failures included",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "allow-all", "other-status": "allow-all", "other-mime": "allow-all", "error": "allow-all"},
				Ref:      "robotsMatch/robotsMatch.go:26-86",
			},
		},
	}
	Kennedy = core.Dialect{
		ID: "kennedy", Title: "Kennedy", Source: "Kennedy's robots.txt parser (acidus99/Kennedy, Data/RobotsTxt/)",
		Lines: core.TrimmedLines, LFLines: true, TrimCR: true, BOMInText: true,
		Grouping: core.AgentRunGroups, Agents: core.TokenEqual, Selection: core.UnionMatching,
		Decision: core.AnyDisallow, Patterns: core.TrailingStarPrefix, Normalize: core.URIPath, RootRules: true,
		MaxBytes: 5 << 20,
		Facts: core.Facts{
			Location: "gemini://host:port/robots.txt?kennedy-crawler",
			Caching:  "for the whole crawl",
			Delays:   "ignored",
		},
		Crawler: &core.Crawler{
			Name: "Kennedy", Protocol: "gemini", Agents: []string{"*", "indexer"}, Roles: []string{"indexer"}, Verified: true,
			Repo: "acidus99/Kennedy", Commit: "29fbacbb6d35c7c8f40409f10615ce9854894054",
			Sources: []core.Source{
				{Key: "size", Ref: "acidus99/Gemini.Net@817c647e5cf306de3a7519fde15d13d84af9f9f2:src/GeminiRequestor.cs:46,243-246", What: "the requestor stops reading once past 5 MiB (MaxResponseSize) and keeps what it read"},
				{Key: "lines", Ref: "Data/RobotsTxt/RobotsTxtParser.cs:21-41", What: "split on LF, # and what follows cut, trimmed, field split at the first colon"},
				{Key: "comments", Ref: "Data/RobotsTxt/RobotsTxtParser.cs:26", What: "a # anywhere starts a comment, cut before the line is trimmed"},
				{Key: "trim", Ref: "Data/RobotsTxt/RobotsTxtParser.cs:26,40-41", What: ".NET's String.Trim() on the line, field and value: every Unicode white space, CR, VT and NBSP included"},
				{Key: "grouping", Ref: "Data/RobotsTxt/RobotsTxtParser.cs:45-62", What: "only a Disallow ends a run of User-agent lines; rules before any are dropped"},
				{Key: "agents", Ref: "Data/RobotsTxt/RobotsTxtParser.cs:52", What: "agent names lower-cased, compared whole"},
				{Key: "union", Ref: "Data/RobotsTxt/RobotsTxtFile.cs:31-67", What: "the * rules, then the indexer rules: any match disallows (as changed on 2025-07-25 in 19f5e35d4baa6ef044484e78268edb809ded861a, unchanged up to this commit, 2026-07-31)"},
				{Key: "stars", Ref: "Data/RobotsTxt/RobotsTxtParser.cs:66-78", What: "one trailing * is cut; a rule with another * is dropped"},
				{Key: "empty", Ref: "Data/RobotsTxt/DenyRule.cs:15-16", What: "an empty rule allows nothing and blocks nothing"},
				{Key: "rules", Ref: "Data/RobotsTxt/DenyRule.cs:24-33", What: "a leading / is added"},
				{Key: "names", Ref: "Crawler/Protocols/RobotsChecker.cs:44", What: "IsPathAllowed(\"indexer\", url.Path)"},
				{Key: "target", Ref: "Crawler/Protocols/RobotsChecker.cs:44", What: "Gemini.Net's GeminiUrl.Path (Uri.AbsolutePath): no query"},
				{Key: "fetch", Ref: "Crawler/Protocols/RobotsChecker.cs:86-127", What: "any 2x with a body is read, whatever its MIME; everything else allows all"},
			},
			Fetch: core.CrawlerFetch{
				Location: "gemini://host:port/robots.txt?kennedy-crawler, redirects not followed",
				Counts:   "any 2x status with a body, whatever its MIME",
				Statuses: "2x",
				Caching:  "for the whole crawl, failures included",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "allow-all", "other-status": "allow-all", "other-mime": "read", "error": "allow-all"},
				Ref:      "Crawler/Protocols/RobotsChecker.cs:86-127",
			},
		},
	}
	GUS = core.Dialect{
		ID: "gus", Title: "GUS (geminispace.info)", Source: "geminispace.info after commit 108bfe850a8439871666b06b7acdbe984aa74e9f, on Python's urllib.robotparser",
		Grouping: core.PythonRecords, Agents: core.Substring, Selection: core.FirstStarLast, EachAgent: true,
		Decision: core.FirstMatch, Patterns: core.Prefix, Normalize: core.PythonQuote, BOMInText: true, Lines: core.PythonLines,
		AllowField: true, DelayFields: []core.Field{core.CrawlDelay, core.RequestRate},
		MaxBytes: core.NoLimit,
		Facts: core.Facts{
			Location: "gemini://host/robots.txt, served as text/plain",
			Caching:  "every fetched robots.txt, even empty or missing ones",
			Delays:   "read by robotparser, not used",
		},
		Crawler: &core.Crawler{
			Name: "GUS", Protocol: "gemini", Agents: []string{"indexer", "gus"}, Roles: []string{"indexer"}, Verified: true,
			Unseen: map[string]string{core.LinesUnseen: gusLinesUnseen},
			Repo:   "src.clttr.info/rwa/geminispace.info", Commit: "108bfe850a8439871666b06b7acdbe984aa74e9f",
			Sources: append(append([]core.Source{
				{Key: "size", Ref: "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:69-70", What: "robotparser reads the whole body it is given; GUS's own fetch was not seen"},
				{Key: "each", Ref: "gus/crawl.py:444-458", What: "can_fetch(\"indexer\") and can_fetch(\"gus\") must both allow (the combining line is inferred from the diff)"},
			}, robotparserSources...),
				core.Source{Key: "fetch", Ref: "docs/handling-robots.md", What: "robots.txt should be served as text/plain; fetch handling not seen"},
				core.Source{Key: "priority", Ref: "docs/handling-robots.md", What: "a later capture lists the agents in descending priority; no code for it was seen"}),
			Fetch: core.CrawlerFetch{
				Location: "gemini://host/robots.txt, for each (sub)domain",
				Counts:   "not seen in the code (its docs ask for text/plain, so only a 20 text/plain is taken as read)",
				MIMEs:    []string{"text/plain"},
				Caching:  "every fetched robots.txt is kept, even empty or missing ones",
				Outcomes: map[string]string{"found": "read"},
				Ref:      "docs/handling-robots.md",
			},
		},
	}
	GUSLegacy = core.Dialect{
		ID: "gus-legacy", Title: "GUS before 2021", Source: "natpen's GUS before commit 108bfe850a8439871666b06b7acdbe984aa74e9f, on Python's urllib.robotparser",
		Grouping: core.PythonRecords, Agents: core.Substring, Selection: core.FirstStarLast,
		Decision: core.FirstMatch, Patterns: core.Prefix, Normalize: core.PythonQuote, BOMInText: true, Lines: core.PythonLines,
		AllowField: true, DelayFields: []core.Field{core.CrawlDelay, core.RequestRate},
		MaxBytes: core.NoLimit,
		Facts: core.Facts{
			Location: "gemini://host/robots.txt",
			Caching:  "only empty files were kept",
			Delays:   "read by robotparser, not used",
		},
		Crawler: &core.Crawler{
			Name: "GUS (2020)", Protocol: "gemini", Agents: []string{"gus"}, Roles: []string{"indexer"}, Verified: true,
			Unseen: map[string]string{core.LinesUnseen: gusLinesUnseen},
			Repo:   "src.clttr.info/rwa/geminispace.info", Commit: "108bfe850a8439871666b06b7acdbe984aa74e9f^",
			Sources: append(append([]core.Source{
				{Key: "size", Ref: "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:69-70", What: "robotparser reads the whole body it is given; GUS's own fetch was not seen"},
				{Key: "names", Ref: "gus/crawl.py:443-454", What: "can_fetch for *, indexer, then gus, each overwriting the last: only gus (falling back to *) counts"},
			}, robotparserSources...),
				core.Source{Key: "fetch", Ref: "gus/crawl.py:443-454", What: "how the file was fetched is not in the code seen"}),
			Fetch: core.CrawlerFetch{
				Location: "gemini://host/robots.txt",
				Counts:   "not seen in the code (only a 20 text/plain is taken as read)",
				MIMEs:    []string{"text/plain"},
				Caching:  "only empty files were kept",
				Outcomes: map[string]string{"found": "read"},
				Ref:      "gus/crawl.py:443-454",
			},
		},
	}
	MozzArchiver = core.Dialect{
		ID: "mozz-archiver", Title: "mozz-archiver", Source: "mozz-archiver (Scrapy 2.3.0 with Protego 0.1.16)",
		BOMInText: true, AcceptTypos: true, IndexAllowsDir: true, Lines: core.ProtegoLines, UTF8Only: true, EmptyAgentJoins: true,
		Grouping: core.AgentRunsAnyField, Agents: core.Substring, Selection: core.BestSubstring,
		Decision: core.LongestMatch, Patterns: core.GlobDollar, Normalize: core.ProtegoQuote, RootRules: true,
		AllowField: true, DelayFields: []core.Field{core.CrawlDelay, core.RequestRate},
		MaxBytes: 100_000_000, TooLongAllowsAll: true,
		Facts: core.Facts{
			Location: "gemini://host[:port]/robots.txt",
			Caching:  "for the life of the process",
			Delays:   "read by Protego, not used by the archiver",
		},
		Crawler: &core.Crawler{
			Name: "mozz-archiver", Protocol: "gemini", Agents: []string{"archiver-mozz"}, Roles: []string{"archiver"}, Verified: true,
			Repo: "michael-lazar/mozz-archiver", Commit: "12617d2efca91663699647654bcd3e40f5f388f2",
			Sources: []core.Source{
				{Key: "size", Ref: "mozz_archiver/settings/local.py:73", What: "DOWNLOAD_MAXSIZE is 100 MB; a longer response is cancelled (mozz_archiver/downloaders.py:128-135), which allows everything"},
				{Key: "names", Ref: "mozz_archiver/settings/local.py:12", What: "USER_AGENT = 'archiver-mozz', though README.md:25-33 tells admins mozz-archiver"},
				{Key: "agents", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:424-438", What: "the group whose agent is the longest part of the crawler's name wins; * counts 1"},
				{Key: "grouping", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:357-392", What: "empty values ignored; rules before any User-agent dropped; groups naming the same agent merged"},
				{Key: "empty-agent", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:357-360,369-371", What: "a User-agent line with an empty value is skipped but still counts as the previous field, so the run above stays open and later rules and User-agent lines join it"},
				{Key: "escapes", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:140-141,161-193", What: "every %xx escape it keeps in a path (%2F, %25, and %2A and %24 in rules) is upper-cased, so /a%2fb and /a%2Fb are one path; the query is compared raw"},
				{Key: "port-links", Ref: "michael-lazar/mozz-archiver@12617d2efca91663699647654bcd3e40f5f388f2:mozz_archiver/responses.py:131-137", What: "a link written with :1965 (or a relative link on a page whose URL has :1965) is sent to the host 1965: the netloc becomes what follows its last colon"},
				{Key: "decision", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:217-229", What: "the longest pattern wins, Allow on a tie"},
				{Key: "match", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:64-96", What: "* and a final $"},
				{Key: "rules", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:41-45", What: "a leading / is added"},
				{Key: "index", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:205-206", What: "an Allow of .../index.html also allows .../ exactly"},
				{Key: "target", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:161-193", What: "the path unquoted and quoted again, the query raw; an empty path stays empty"},
				{Key: "lines", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:16-22,326-352", What: "comments cut, typo-tolerant field names, any field line ends a run of User-agent lines"},
				{Key: "second-chance", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:337-352", What: "a line with no colon is read when its first words are a lower-case field name"},
				{Key: "agent-stars", Ref: "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:373-380", What: "a User-agent value other than * is read with its stars removed"},
				{Key: "utf8", Ref: "scrapy/scrapy@1278e76d9093b1c5c9ec810768d1066772a8a134:scrapy/robotstxt.py:11-27", What: "a body that is not UTF-8 is read as an empty file"},
				{Key: "fetch", Ref: "scrapy/scrapy@1278e76d9093b1c5c9ec810768d1066772a8a134:scrapy/downloadermiddlewares/robotstxt.py:95-109", What: "the body is parsed whatever the status or MIME; a download error allows all"},
			},
			Fetch: core.CrawlerFetch{
				Location: "gemini://host[:port]/robots.txt, redirects not followed",
				Counts:   "any reply: its body is parsed whatever the status or MIME",
				Statuses: "any",
				Caching:  "per host for the life of the process",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "allow-all", "other-status": "allow-all", "other-mime": "read", "error": "allow-all"},
				Ref:      "scrapy/scrapy@1278e76d9093b1c5c9ec810768d1066772a8a134:scrapy/downloadermiddlewares/robotstxt.py:95-109",
			},
		},
	}
	Veronica2 = core.Dialect{
		ID: "veronica2", Title: "Veronica-2 (unverified)", Source: "its help page and its maintainer's descriptions on the gopher mailing lists (2003, 2019); no public code",
		// The help page names veronica and *; how their groups combine is
		// not said, so both are read together, the reading that refuses more.
		Grouping: core.AgentRunGroups, Preamble: core.PreambleForAll, Agents: core.TokenEqual, Selection: core.UnionMatching,
		Decision: core.AnyDisallow, Patterns: core.Glob,
		MaxBytes: core.SizeUnknown,
		Facts: core.Facts{
			Location: "selector robots.txt, then 0/robots.txt",
			Caching:  "unknown",
			Delays:   "none",
		},
		Crawler: &core.Crawler{
			Name: "Veronica-2", Protocol: "gopher", Agents: []string{"veronica", "*"}, Verified: false,
			AllRulesReading: "Its maintainer wrote in 2019 that the robot just looks at Disallow lines (lists.debian.org/gopher-project/2019/05/msg00016.html); read that way, every Disallow line applies",
			Repo:            "gopher-project mailing list, May 2019",
			Sources: []core.Source{
				{Key: "agents", Ref: "gopher.floodgap.com/0/v2/help/indexer", What: "its help page: it obeys the User-agent names veronica and *"},
				{Key: "union", Ref: "gopher.floodgap.com/0/v2/help/indexer", What: "how the veronica and * groups combine is not said: both are read together, the reading that refuses more"},
				{Key: "preamble", Ref: "lists.debian.org/gopher-project/2019/05/msg00016.html", What: "in 2019 the robot just looked at Disallow lines: rules before any User-agent are taken to apply"},
				{Key: "match", Ref: "lists.debian.org/gopher-project/2019/05/msg00016.html", What: "no regexes, just globs"},
				{Key: "target", Ref: "alexschroeder.ch/wiki/2019-05-24_Robots_and_Gopher", What: "patterns match from the start of the selector as sent"},
				{Key: "fetch", Ref: "lists.complete.org/gopher@complete.org/2003/06/msg00017.html", What: "it asks for the selector robots.txt, no leading slash (gopher list, June 2003)"},
			},
			Fetch: core.CrawlerFetch{
				Location: "selector robots.txt, then 0/robots.txt",
				Counts:   "unknown",
				Caching:  "unknown",
				Outcomes: map[string]string{"found": "read"},
				Ref:      "lists.debian.org/gopher-project/2019/05/msg00016.html",
			},
		},
	}
)

// Presets lists the crawler presets in display order. Dialects() keeps
// listing only the six readings of the texts.
func All() []core.Dialect {
	return []core.Dialect{TLGS, Gemplex, GeminiGRC, Kennedy, GUS, GUSLegacy, MozzArchiver, AuraGem, Veronica2, GopherMCPGemini, GopherMCPGopher}
}

// robotparserSources are the lines of CPython's robotparser that both
// GUS presets read robots.txt through.
var robotparserSources = []core.Source{
	{Key: "agents", Ref: "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:253-264", What: "the record's agent must occur in the name, case-insensitively"},
	{Key: "grouping", Ref: "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:96-144", What: "an empty line ends a record; rules before any User-agent are dropped"},
	{Key: "selection", Ref: "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:154-181", What: "the first record naming the agent, else the first * record"},
	{Key: "decision", Ref: "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:266-273", What: "the first matching line decides; an empty Disallow allows everything"},
	{Key: "target", Ref: "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:168-173", What: "path, params and query, unquoted then quoted"},
	{Key: "lines", Ref: "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:70,104-114", What: "splitlines() also breaks lines at VT, FF, FS, GS, RS, NEL, LS and PS, and strip() trims every Unicode space (CPython 3.11)"},
	{Key: "comments", Ref: "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:105-107", What: "a # anywhere in a line starts a comment"},
	{Key: "bom", Ref: "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:70,113,115", What: "read() decodes the body as utf-8, so a BOM stays in line 1 and that line's field is unknown (CPython 3.11)"},
}

// gusLinesUnseen is why GUS's line ends are unseen.
const gusLinesUnseen = "How GUS splits the file into lines before robotparser reads them was not seen in its code; the preset answers as robotparser's own read() would, which splits at a bare CR."
