package core

// Crawler presets: what real small-web crawlers do with a robots.txt,
// read from their code at the commits named (veronica2 from its
// maintainer's words only). Each is a Dialect whose knobs model that
// code; Crawler.Sources cite the lines each knob stands for.
var (
	TLGS = Dialect{
		ID: "tlgs", Title: "TLGS", Source: "TLGS's own parser (marty1885/tlgs, tlgsutils/robots_txt_parser.cpp)",
		Lines: LastColonLines, LFLines: true, BOMInText: true,
		Grouping: AgentRunsAnyField, Preamble: PreambleForAll,
		Agents: ExactCase, Selection: UnionMatching, EmptyClears: true,
		Decision: AnyDisallow, Patterns: SegmentGlob, Normalize: PathNoQuery,
		MaxBytes: 2_500_000,
		Facts: Facts{
			Location: "gemini://host[:port]/robots.txt",
			Caching:  "2 days in its database, 60 s in memory",
			Delays:   "ignored",
		},
		Crawler: &Crawler{
			Name: "TLGS", Protocol: "gemini", Agents: []string{"*", "tlgs", "indexer"}, Roles: []string{"indexer"}, Verified: true,
			Repo: "marty1885/tlgs", Commit: "3f00f7d6d5727f15cde918ced87be4c150eecc28",
			Sources: []Source{
				{"size", "tlgs/crawler/crawler.cpp:190", "robots.txt is requested with a body limit of 0x2625a0 bytes (2.5 MB); past it dremini hands over what it has (marty1885/dremini@da949fc60c0fc3507fe183411f80f07e3bb61f0f:dremini/GeminiClient.cpp:390-394, a later dremini than TLGS's)"},
				{"lines", "tlgsutils/robots_txt_parser.cpp:17-30", "a line is field:value split at the last colon; values keep comments and trailing blanks"},
				{"comments", "tlgsutils/robots_txt_parser.cpp:17,44", "comments are not stripped from values"},
				{"preamble", "tlgsutils/robots_txt_parser.cpp:20", "rules before any User-agent apply (care starts true)"},
				{"grouping", "tlgsutils/robots_txt_parser.cpp:29-41", "any other field line ends a run of User-agent lines"},
				{"agents", "tlgsutils/robots_txt_parser.cpp:32,35", "agent names compared exactly, case-sensitively"},
				{"union", "tlgsutils/robots_txt_parser.cpp:43-48", "every cared-for group's Disallow lines go into one set"},
				{"empty", "tlgsutils/robots_txt_parser.cpp:45-46", "an empty Disallow clears the set collected so far"},
				{"segments", "tlgsutils/robots_txt_parser.cpp:73-76", "a rule without * covers whole path segments"},
				{"off-by-one", "tlgsutils/robots_txt_parser.cpp:75", "a path exactly one byte longer than a rule without * is not covered (size() > pattern.size()+1), so Disallow: / leaves /a open and blocks /ab"},
				{"match", "tlgsutils/robots_txt_parser.cpp:67-122", "rules with * take one of several shapes"},
				{"decision", "tlgsutils/robots_txt_parser.cpp:124-131", "any matching rule blocks"},
				{"names", "tlgs/crawler/crawler.cpp:208", "agents *, tlgs, indexer"},
				{"target", "tlgs/crawler/crawler.cpp:234", "the URL's path without query, lexically normalized, not decoded"},
				{"fetch", "tlgs/crawler/crawler.cpp:188-220", "status 20 with text/plain or text/gemini counts; anything else is no policy"},
			},
			Fetch: CrawlerFetch{
				Location: "gemini://host[:port]/robots.txt, redirects not followed",
				Counts:   "status 20 with MIME text/plain or text/gemini, byte for byte before any ;",
				Statuses: "20", MIMEs: []string{"text/plain", "text/gemini"},
				Caching:  "2 days in its database, 60 s in memory",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "allow-all", "other-status": "allow-all", "other-mime": "allow-all", "error": "allow-all"},
				Ref:      "tlgs/crawler/crawler.cpp:187-220",
			},
		},
	}
	Gemplex = Dialect{
		ID: "gemplex", Title: "Gemplex", Source: "Gemplex's crawler (elektito/gemplex, cmd/gemplex/crawl.go)",
		Lines: LineStartDirectives, LFLines: true, BOMInText: true,
		Grouping: AgentRunGroups, Preamble: PreambleStarRun,
		Agents: ExactCase, Selection: UnionMatching, NoRulesBanLater: true,
		Decision: AnyDisallow, Patterns: Prefix, Normalize: DecodedPath,
		MaxBytes: NoLimit,
		Facts: Facts{
			Location: "gemini://host[:port]/robots.txt",
			Caching:  "until an error (a 1-day expiry is written but never checked)",
			Delays:   "ignored",
		},
		Crawler: &Crawler{
			Name: "Gemplex", Protocol: "gemini", Agents: []string{"*", "elektito/gemplex", "crawler", "indexer", "researcher"}, Roles: []string{"indexer", "researcher"}, Verified: true,
			Repo: "elektito/gemplex", Commit: "70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e",
			Sources: []Source{
				{"size", "cmd/gemplex/crawl.go:122", "the body is read whole with ioutil.ReadAll; no limit in the crawler (its Gemini client library was not read)"},
				{"lines", "cmd/gemplex/crawl.go:589-606", "directives only at the very start of a line and longer than the directive; # only at line start"},
				{"comments", "cmd/gemplex/crawl.go:589-591", "only a line starting with # is a comment"},
				{"preamble", "cmd/gemplex/crawl.go:586-599", "the file starts with the agent list [*], which the first User-agent lines join"},
				{"grouping", "cmd/gemplex/crawl.go:595-605", "only a Disallow ends a run of User-agent lines"},
				{"agents", "cmd/gemplex/crawl.go:610-619", "agent names compared exactly, case-sensitively"},
				{"union", "cmd/gemplex/crawl.go:608-627", "prefixes of every group naming one of its agents"},
				{"empty", "cmd/gemplex/crawl.go:620-624", "an empty Disallow adds nothing"},
				{"decision", "cmd/gemplex/crawl.go:453-461", "any matching prefix bans the URL"},
				{"target", "cmd/gemplex/crawl.go:455", "url.URL.Path: percent-decoded, no query"},
				{"fetch", "cmd/gemplex/crawl.go:551-580", "5x and other statuses allow all; 44 backs off; a redirect allows all"},
				{"stored", "cmd/gemplex/crawl.go:662,703", "an empty rule list is stored as \"\" and read back as one empty prefix"},
			},
			Fetch: CrawlerFetch{
				Location: "gemini://host[:port]/robots.txt, redirects followed but a moved robots.txt counts as none",
				Counts:   "status 2x with a MIME starting text/",
				Statuses: "2x", MIMEs: []string{"text/"},
				Caching:  "1 day is written but never checked: rules stay until an error; an empty list comes back as one empty prefix that bans every later URL",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "skip-host", "other-status": "allow-all", "other-mime": "skip-host", "error": "skip-host"},
				Ref:      "cmd/gemplex/crawl.go:564-580,116-120,667-700",
			},
		},
	}
	GeminiGRC = Dialect{
		ID: "gemini-grc", Title: "gemini-grc", Source: "gemini-grc's robots matcher (antanst/gemini-grc, robotsMatch/)",
		Lines: DisallowPrefixLines, LFLines: true, BOMInText: true,
		Grouping: NoGroups, Selection: AllRules,
		Decision: AnyDisallow, Patterns: Prefix, Normalize: FoldedURL, RootRules: true,
		MaxBytes: 1 << 20, TooLongAllowsAll: true,
		Facts: Facts{
			Location: "gemini://host:port/robots.txt",
			Caching:  "for the life of the process",
			Delays:   "ignored",
		},
		Crawler: &Crawler{
			Name: "gemini-grc", Protocol: "gemini", Roles: []string{"archiver"}, Verified: true,
			Repo: "antanst/gemini-grc", Commit: "f362a1d2da323f8b608a20230a75524adae6c1a4",
			Sources: []Source{
				{"size", "config/config.go:38", "a response longer than --max-response-size (1 MiB by default) is an error (gemini/network.go:188-190), and an error allows everything"},
				{"lines", "robotsMatch/robots.go:33-40", "trimmed, lower-cased lines starting with disallow: are the only ones read"},
				{"comments", "robotsMatch/robots.go:39", "comments stay in the rule"},
				{"empty", "robotsMatch/robots.go:37-40", "a Disallow with an empty value is skipped"},
				{"agents", "robotsMatch/robots.go:16,26", "User-agent is ignored (a TODO says so)"},
				{"rules", "robotsMatch/robots.go:45-61", "a gemini:// rule keeps its path; a leading / is added"},
				{"decision", "robotsMatch/robotsMatch.go:146-161", "case-insensitive prefix of the whole URL"},
				{"target", "common/url/url.go:104-111,180-205", "the whole URL with :port, path cleaned and re-escaped, query and fragment kept"},
				{"fetch", "robotsMatch/robotsMatch.go:50-82", "status 20 with text/plain or text/gemini counts; anything else allows all"},
			},
			Fetch: CrawlerFetch{
				Location: "gemini://host:port/robots.txt, redirects not followed",
				Counts:   "status 20 with MIME exactly text/plain or text/gemini (only charset= and lang= parameters parse)",
				Statuses: "20", MIMEs: []string{"text/plain", "text/gemini"}, Params: []string{"charset", "lang"},
				Caching:  "for the life of the process, failures included",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "allow-all", "other-status": "allow-all", "other-mime": "allow-all", "error": "allow-all"},
				Ref:      "robotsMatch/robotsMatch.go:26-86",
			},
		},
	}
	Kennedy = Dialect{
		ID: "kennedy", Title: "Kennedy", Source: "Kennedy's robots.txt parser (acidus99/Kennedy, Data/RobotsTxt/)",
		LFLines: true, BOMInText: true,
		Grouping: AgentRunGroups, Agents: TokenEqual, Selection: UnionMatching,
		Decision: AnyDisallow, Patterns: TrailingStarPrefix, Normalize: URIPath, RootRules: true,
		MaxBytes: 5 << 20,
		Facts: Facts{
			Location: "gemini://host:port/robots.txt?kennedy-crawler",
			Caching:  "for the whole crawl",
			Delays:   "ignored",
		},
		Crawler: &Crawler{
			Name: "Kennedy", Protocol: "gemini", Agents: []string{"*", "indexer"}, Roles: []string{"indexer"}, Verified: true,
			Repo: "acidus99/Kennedy", Commit: "29fbacbb6d35c7c8f40409f10615ce9854894054",
			Sources: []Source{
				{"size", "acidus99/Gemini.Net@817c647e5cf306de3a7519fde15d13d84af9f9f2:src/GeminiRequestor.cs:46,243-246", "the requestor stops reading once past 5 MiB (MaxResponseSize) and keeps what it read"},
				{"lines", "Data/RobotsTxt/RobotsTxtParser.cs:21-41", "split on LF, # and what follows cut, trimmed, field split at the first colon"},
				{"grouping", "Data/RobotsTxt/RobotsTxtParser.cs:45-62", "only a Disallow ends a run of User-agent lines; rules before any are dropped"},
				{"agents", "Data/RobotsTxt/RobotsTxtParser.cs:52", "agent names lower-cased, compared whole"},
				{"union", "Data/RobotsTxt/RobotsTxtFile.cs:31-67", "the * rules, then the indexer rules: any match disallows"},
				{"stars", "Data/RobotsTxt/RobotsTxtParser.cs:66-78", "one trailing * is cut; a rule with another * is dropped"},
				{"empty", "Data/RobotsTxt/DenyRule.cs:15-16", "an empty rule allows nothing and blocks nothing"},
				{"rules", "Data/RobotsTxt/DenyRule.cs:24-33", "a leading / is added"},
				{"names", "Crawler/Protocols/RobotsChecker.cs:44", "IsPathAllowed(\"indexer\", url.Path)"},
				{"target", "Crawler/Protocols/RobotsChecker.cs:44", "Gemini.Net's GeminiUrl.Path (Uri.AbsolutePath): no query"},
				{"fetch", "Crawler/Protocols/RobotsChecker.cs:86-127", "any 2x with a body is read, whatever its MIME; everything else allows all"},
			},
			Fetch: CrawlerFetch{
				Location: "gemini://host:port/robots.txt?kennedy-crawler, redirects not followed",
				Counts:   "any 2x status with a body, whatever its MIME",
				Statuses: "2x",
				Caching:  "for the whole crawl, failures included",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "allow-all", "other-status": "allow-all", "other-mime": "read", "error": "allow-all"},
				Ref:      "Crawler/Protocols/RobotsChecker.cs:86-127",
			},
		},
	}
	GUS = Dialect{
		ID: "gus", Title: "GUS (geminispace.info)", Source: "geminispace.info after commit 108bfe850a8439871666b06b7acdbe984aa74e9f, on Python's urllib.robotparser",
		Grouping: PythonRecords, Agents: Substring, Selection: FirstStarLast, EachAgent: true,
		Decision: FirstMatch, Patterns: Prefix, Normalize: PythonQuote, BOMInText: true, Lines: PythonLines,
		AllowField: true, DelayFields: []Field{CrawlDelay, RequestRate},
		MaxBytes: NoLimit,
		Facts: Facts{
			Location: "gemini://host/robots.txt, served as text/plain",
			Caching:  "every fetched robots.txt, even empty or missing ones",
			Delays:   "read by robotparser, not used",
		},
		Crawler: &Crawler{
			Name: "GUS", Protocol: "gemini", Agents: []string{"indexer", "gus"}, Roles: []string{"indexer"}, Verified: true,
			Unseen: map[string]string{LinesUnseen: gusLinesUnseen},
			Repo:   "src.clttr.info/rwa/geminispace.info", Commit: "108bfe850a8439871666b06b7acdbe984aa74e9f",
			Sources: append(append([]Source{
				{"size", "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:69-70", "robotparser reads the whole body it is given; GUS's own fetch was not seen"},
				{"each", "gus/crawl.py:444-458", "can_fetch(\"indexer\") and can_fetch(\"gus\") must both allow (the combining line is inferred from the diff)"},
			}, robotparserSources...),
				Source{"fetch", "docs/handling-robots.md", "robots.txt should be served as text/plain; fetch handling not seen"},
				Source{"priority", "docs/handling-robots.md", "a later capture lists the agents in descending priority; no code for it was seen"}),
			Fetch: CrawlerFetch{
				Location: "gemini://host/robots.txt, for each (sub)domain",
				Counts:   "not seen in the code (its docs ask for text/plain, so only a 20 text/plain is taken as read)",
				MIMEs:    []string{"text/plain"},
				Caching:  "every fetched robots.txt is kept, even empty or missing ones",
				Outcomes: map[string]string{"found": "read"},
				Ref:      "docs/handling-robots.md",
			},
		},
	}
	GUSLegacy = Dialect{
		ID: "gus-legacy", Title: "GUS before 2021", Source: "natpen's GUS before commit 108bfe850a8439871666b06b7acdbe984aa74e9f, on Python's urllib.robotparser",
		Grouping: PythonRecords, Agents: Substring, Selection: FirstStarLast,
		Decision: FirstMatch, Patterns: Prefix, Normalize: PythonQuote, BOMInText: true, Lines: PythonLines,
		AllowField: true, DelayFields: []Field{CrawlDelay, RequestRate},
		MaxBytes: NoLimit,
		Facts: Facts{
			Location: "gemini://host/robots.txt",
			Caching:  "only empty files were kept",
			Delays:   "read by robotparser, not used",
		},
		Crawler: &Crawler{
			Name: "GUS (2020)", Protocol: "gemini", Agents: []string{"gus"}, Roles: []string{"indexer"}, Verified: true,
			Unseen: map[string]string{LinesUnseen: gusLinesUnseen},
			Repo:   "src.clttr.info/rwa/geminispace.info", Commit: "108bfe850a8439871666b06b7acdbe984aa74e9f^",
			Sources: append(append([]Source{
				{"size", "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:69-70", "robotparser reads the whole body it is given; GUS's own fetch was not seen"},
				{"names", "gus/crawl.py:443-454", "can_fetch for *, indexer, then gus, each overwriting the last: only gus (falling back to *) counts"},
			}, robotparserSources...),
				Source{"fetch", "gus/crawl.py:443-454", "how the file was fetched is not in the code seen"}),
			Fetch: CrawlerFetch{
				Location: "gemini://host/robots.txt",
				Counts:   "not seen in the code (only a 20 text/plain is taken as read)",
				MIMEs:    []string{"text/plain"},
				Caching:  "only empty files were kept",
				Outcomes: map[string]string{"found": "read"},
				Ref:      "gus/crawl.py:443-454",
			},
		},
	}
	MozzArchiver = Dialect{
		ID: "mozz-archiver", Title: "mozz-archiver", Source: "mozz-archiver (Scrapy 2.3.0 with Protego 0.1.16)",
		BOMInText: true, AcceptTypos: true, IndexAllowsDir: true, Lines: ProtegoLines, UTF8Only: true,
		Grouping: AgentRunsAnyField, Agents: Substring, Selection: BestSubstring,
		Decision: LongestMatch, Patterns: GlobDollar, Normalize: ProtegoQuote, RootRules: true,
		AllowField: true, DelayFields: []Field{CrawlDelay, RequestRate},
		MaxBytes: 100_000_000, TooLongAllowsAll: true,
		Facts: Facts{
			Location: "gemini://host[:port]/robots.txt",
			Caching:  "for the life of the process",
			Delays:   "read by Protego, not used by the archiver",
		},
		Crawler: &Crawler{
			Name: "mozz-archiver", Protocol: "gemini", Agents: []string{"archiver-mozz"}, Roles: []string{"archiver"}, Verified: true,
			Repo: "michael-lazar/mozz-archiver", Commit: "12617d2efca91663699647654bcd3e40f5f388f2",
			Sources: []Source{
				{"size", "mozz_archiver/settings/local.py:73", "DOWNLOAD_MAXSIZE is 100 MB; a longer response is cancelled (mozz_archiver/downloaders.py:128-135), which allows everything"},
				{"names", "mozz_archiver/settings/local.py:12", "USER_AGENT = 'archiver-mozz', though README.md:25-33 tells admins mozz-archiver"},
				{"agents", "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:424-438", "the group whose agent is the longest part of the crawler's name wins; * counts 1"},
				{"grouping", "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:357-392", "empty values ignored; rules before any User-agent dropped; groups naming the same agent merged"},
				{"decision", "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:217-229", "the longest pattern wins, Allow on a tie"},
				{"match", "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:64-96", "* and a final $"},
				{"rules", "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:41-45", "a leading / is added"},
				{"index", "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:205-206", "an Allow of .../index.html also allows .../ exactly"},
				{"target", "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:161-193", "the path unquoted and quoted again, the query raw; an empty path stays empty"},
				{"lines", "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:16-22,326-352", "comments cut, typo-tolerant field names, any field line ends a run of User-agent lines"},
				{"second-chance", "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:337-352", "a line with no colon is read when its first words are a lower-case field name"},
				{"agent-stars", "scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:373-380", "a User-agent value other than * is read with its stars removed"},
				{"utf8", "scrapy/scrapy@6969a326a048254183dbec7a4422f023b903d8c9:scrapy/robotstxt.py:11-27", "a body that is not UTF-8 is read as an empty file"},
				{"fetch", "scrapy/scrapy@6969a326a048254183dbec7a4422f023b903d8c9:scrapy/downloadermiddlewares/robotstxt.py:95-109", "the body is parsed whatever the status or MIME; a download error allows all"},
			},
			Fetch: CrawlerFetch{
				Location: "gemini://host[:port]/robots.txt, redirects not followed",
				Counts:   "any reply: its body is parsed whatever the status or MIME",
				Statuses: "any",
				Caching:  "per host for the life of the process",
				Outcomes: map[string]string{"found": "read", "not-found": "allow-all", "redirect": "allow-all", "slow-down": "allow-all", "other-status": "allow-all", "other-mime": "read", "error": "allow-all"},
				Ref:      "scrapy/scrapy@6969a326a048254183dbec7a4422f023b903d8c9:scrapy/downloadermiddlewares/robotstxt.py:95-109",
			},
		},
	}
	Veronica2 = Dialect{
		ID: "veronica2", Title: "Veronica-2 (unverified)", Source: "its help page and its maintainer's descriptions on the gopher mailing lists (2003, 2019); no public code",
		// The help page names veronica and *; how their groups combine is
		// not said, so both are read together, the reading that refuses more.
		Grouping: AgentRunGroups, Preamble: PreambleForAll, Agents: TokenEqual, Selection: UnionMatching,
		Decision: AnyDisallow, Patterns: Glob,
		MaxBytes: SizeUnknown,
		Facts: Facts{
			Location: "selector robots.txt, then 0/robots.txt",
			Caching:  "unknown",
			Delays:   "none",
		},
		Crawler: &Crawler{
			Name: "Veronica-2", Protocol: "gopher", Agents: []string{"veronica", "*"}, Verified: false,
			AllRulesReading: "Its maintainer wrote in 2019 that the robot just looks at Disallow lines (lists.debian.org/gopher-project/2019/05/msg00016.html); read that way, every Disallow line applies",
			Repo:            "gopher-project mailing list, May 2019",
			Sources: []Source{
				{"agents", "gopher.floodgap.com/0/v2/help/indexer", "its help page: it obeys the User-agent names veronica and *"},
				{"union", "gopher.floodgap.com/0/v2/help/indexer", "how the veronica and * groups combine is not said: both are read together, the reading that refuses more"},
				{"preamble", "lists.debian.org/gopher-project/2019/05/msg00016.html", "in 2019 the robot just looked at Disallow lines: rules before any User-agent are taken to apply"},
				{"match", "lists.debian.org/gopher-project/2019/05/msg00016.html", "no regexes, just globs"},
				{"target", "alexschroeder.ch/wiki/2019-05-24_Robots_and_Gopher", "patterns match from the start of the selector as sent"},
				{"fetch", "lists.complete.org/gopher@complete.org/2003/06/msg00017.html", "it asks for the selector robots.txt, no leading slash (gopher list, June 2003)"},
			},
			Fetch: CrawlerFetch{
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
func Presets() []Dialect {
	return []Dialect{TLGS, Gemplex, GeminiGRC, Kennedy, GUS, GUSLegacy, MozzArchiver, AuraGem, Veronica2}
}

// robotparserSources are the lines of CPython's robotparser that both
// GUS presets read robots.txt through.
var robotparserSources = []Source{
	{"agents", "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:253-264", "the record's agent must occur in the name, case-insensitively"},
	{"grouping", "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:96-144", "an empty line ends a record; rules before any User-agent are dropped"},
	{"selection", "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:154-181", "the first record naming the agent, else the first * record"},
	{"decision", "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:266-273", "the first matching line decides; an empty Disallow allows everything"},
	{"target", "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:168-173", "path, params and query, unquoted then quoted"},
	{"lines", "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:70,104-114", "splitlines() also breaks lines at VT, FF, FS, GS, RS, NEL, LS and PS, and strip() trims every Unicode space (CPython 3.11)"},
	{"comments", "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:105-107", "a # anywhere in a line starts a comment"},
	{"bom", "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:70,113,115", "read() decodes the body as utf-8, so a BOM stays in line 1 and that line's field is unknown (CPython 3.11)"},
}

// gusLinesUnseen is why GUS's line ends are unseen.
const gusLinesUnseen = "How GUS splits the file into lines before robotparser reads them was not seen in its code; the preset answers as robotparser's own read() would, which splits at a bare CR."
