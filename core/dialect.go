package core

import (
	"fmt"
	"strings"
)

// A Dialect is one reading of robots.txt, described by independent knobs
// so that new variants (presets mimicking real crawlers) are new values,
// not new evaluators. Pass it explicitly; there is no default dialect.
type Dialect struct {
	ID     string // stable identifier used by the CLI, JSON and permalinks
	Title  string // short human name
	Source string // where the reading comes from

	Grouping   Grouping      // how lines become groups
	Agents     AgentMatching // how a group's agent value is compared to a bot
	Selection  Selection     // which group(s) apply to a bot
	Decision   Decision      // how the applicable rules give a verdict
	Patterns   PatternSyntax // how a rule value matches a selector
	Normalize  Normalization // what is done to values and selectors first
	RoleFields RoleFields    // how virtual agents appear in the file

	AllowField  bool    // `Allow` lines are rules (false: ignored)
	AcceptTypos bool    // misspelt field names that Google's parser accepts count
	AlwaysAllow string  // a selector that is always allowed ("" for none)
	DelayFields []Field // fields that carry a delay or re-check period

	// MaxBytes is how much of the body the reader reads: that many bytes
	// (MaxBytes, RFC 9309's floor, for the six dialects), NoLimit for the
	// whole body, SizeUnknown where nothing was seen (read then as RFC
	// 9309's floor). A preset cites it as its Crawler's "size" source.
	// smolbots itself holds at most HoldBytes.
	MaxBytes int
	// TooLongAllowsAll: a body longer than MaxBytes is a failed fetch,
	// which allows everything, rather than cut
	// (antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:gemini/network.go:188-190;
	// michael-lazar/mozz-archiver@12617d2efca91663699647654bcd3e40f5f388f2:mozz_archiver/downloaders.py:128-135).
	TooLongAllowsAll bool

	// Knobs that only real crawlers' code needs; the six dialects leave
	// them at their zero values.

	// Lines says how a line splits into field and value.
	Lines LineSyntax
	// LFLines: only LF (or CRLF) ends a line, so lines split by a lone CR
	// are one line the crawler cannot read
	// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:12-23;
	// elektito/gemplex@70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e:cmd/gemplex/crawl.go:585;
	// antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:robotsMatch/robots.go:33;
	// acidus99/Kennedy@29fbacbb6d35c7c8f40409f10615ce9854894054:Data/RobotsTxt/RobotsTxtParser.cs:21).
	LFLines bool
	// TrimCR: with LFLines, the crawler trims every Unicode space, CR
	// included, from the end of a line it splits at LF, so lone CRs that
	// only pad a line's end (`Disallow: /a\r\r\n`, a last line
	// `Disallow: /a\r`) leave it readable
	// (antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:robotsMatch/robots.go:33-39;
	// elektito/gemplex@70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e:cmd/gemplex/crawl.go:585,599,603-606;
	// acidus99/Kennedy@29fbacbb6d35c7c8f40409f10615ce9854894054:Data/RobotsTxt/RobotsTxtParser.cs:21,26,40-41).
	// A CR inside a line still joins it to the next.
	TrimCR bool
	// EmptyAgentJoins: a User-agent line with an empty value names no
	// agent and starts no group, but counts as a User-agent line: the
	// run it stands in stays open, so the rules and User-agent lines
	// after it join the group above
	// (scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:357-360,369-371).
	EmptyAgentJoins bool
	// UTF8Only: a file with a byte that is not UTF-8 is read as an empty
	// file, which allows everything
	// (scrapy/scrapy@1278e76d9093b1c5c9ec810768d1066772a8a134:scrapy/robotstxt.py:11-27).
	UTF8Only bool
	// BOMInText: a UTF-8 BOM stays in line 1, so its field name is not
	// one the crawler knows (the same lines, and
	// scrapy/scrapy@1278e76d9093b1c5c9ec810768d1066772a8a134:scrapy/robotstxt.py:16 for mozz-archiver;
	// for Python's robotparser, read() decodes the body as "utf-8", not
	// "utf-8-sig", and parse() then compares "\ufeffuser-agent" with
	// "user-agent": Lib/urllib/robotparser.py:70,113,115 in CPython 3.11).
	BOMInText bool
	// Preamble says what rules before any User-agent line do.
	Preamble Preamble
	// EmptyClears: an empty Disallow drops every rule collected so far
	// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:45-46).
	EmptyClears bool
	// EachAgent: each of the crawler's agent names is read on its own
	// and every reading must allow (geminispace.info@108bfe850a8439871666b06b7acdbe984aa74e9f:gus/crawl.py,
	// the hunk at line 444).
	EachAgent bool
	// RootRules: a rule value without a leading / gets one
	// (antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:robotsMatch/robots.go:58-60;
	// acidus99/Kennedy@29fbacbb6d35c7c8f40409f10615ce9854894054:Data/RobotsTxt/DenyRule.cs:24-33;
	// scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:41-45).
	RootRules bool
	// NoRulesBanLater: the crawler stores an empty rule list as one empty
	// prefix, which every later URL of the host starts with
	// (elektito/gemplex@70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e:cmd/gemplex/crawl.go:662,703,453-461).
	NoRulesBanLater bool
	// IndexAllowsDir: an Allow of ".../index.html" also allows its
	// directory, ".../" exactly (scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:205-206).
	IndexAllowsDir bool
	// ParseErrorSkipsHost: a line the crawler's parser rejects (a
	// Crawl-delay that is not a number, a rule before any User-agent)
	// fails the whole file, and the crawler then drops every URL of the
	// host (clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:409,494,
	// crawler/crawl.go:82-96).
	ParseErrorSkipsHost bool
	// HighBytesUnfetched: the crawler never fetches a URL holding a raw
	// byte of 0x80 or more: its control-character test, c < 0x20 on a
	// signed char, takes every such byte for one
	// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgs/crawler/crawler.cpp:249-251,
	// where char is signed, as on x86-64). Its verdict there is "never
	// fetches this URL".
	HighBytesUnfetched bool

	Facts   Facts
	Crawler *Crawler // nil for the six readings of the texts; a preset's identity
}

// Facts are what a dialect says besides verdicts: where the file is
// fetched, how long it may be cached, what delays mean.
type Facts struct {
	Location string `json:"location"`
	Caching  string `json:"caching"`
	Delays   string `json:"delays"`
}

// Grouping says how lines form groups (records).
type Grouping uint8

const (
	// NoGroups: every rule line applies to every robot (gopher2019).
	NoGroups Grouping = iota
	// BlankLineRecords: records end at a line that is empty or holds only
	// spaces and tabs; comment-only lines are skipped (1994 format).
	BlankLineRecords
	// PythonRecords: the state machine of Python's urllib.robotparser;
	// only a truly empty line ends a record.
	PythonRecords
	// AgentRunGroups: a run of agent lines starts a group after a rule;
	// blank lines mean nothing (RFC 9309, Conner's proposal).
	AgentRunGroups
	// AgentRunsAnyField: as AgentRunGroups, but any line with a field
	// name, even one the crawler ignores (Allow, a comment holding a
	// colon), ends the run of User-agent lines
	// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:29-41;
	// scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:369-371,419).
	AgentRunsAnyField
)

// Preamble says what rules before the first User-agent line do.
type Preamble uint8

const (
	// PreambleIgnored: they belong to no group (every text's reading).
	PreambleIgnored Preamble = iota
	// PreambleForAll: they apply to every crawler, up to the first
	// User-agent line (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:20).
	PreambleForAll
	// PreambleStarRun: the file starts inside a `User-agent: *` run, so
	// the first User-agent lines join `*` until a Disallow closes the run
	// (elektito/gemplex@70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e:cmd/gemplex/crawl.go:586-599).
	PreambleStarRun
	// PreambleStarUnlessUserAgent: PreambleStarRun when the text lacks
	// the exact bytes "User-Agent:" (AuraGem then puts `User-Agent: *`
	// before it), else PreambleIgnored, where a rule before any
	// User-agent is a parse error
	// (clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:404-407).
	PreambleStarUnlessUserAgent
)

// LineSyntax says how a line splits into a field and its value.
type LineSyntax uint8

const (
	// StandardLines: the shared lexer: a comment starts at #, the field
	// ends at the first colon, both sides trimmed.
	StandardLines LineSyntax = iota
	// LastColonLines: the line must match `[ \t]*(.*):[ \t]*(.*)`; the
	// greedy field runs to the last colon, the value keeps its comment
	// and trailing blanks (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:17,23-30).
	LastColonLines
	// LineStartDirectives: `user-agent:` or `disallow:` count only at the
	// very start of a line with something after the colon; only a line
	// starting with # is a comment (elektito/gemplex@70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e:cmd/gemplex/crawl.go:589-606).
	LineStartDirectives
	// DisallowPrefixLines: only a trimmed line starting with `disallow:`
	// counts, case-insensitively; comments stay in the value
	// (antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:robotsMatch/robots.go:33-40).
	DisallowPrefixLines
	// ProtegoLines: the shared lexer, and a line with no colon gets a
	// second chance: split at spaces, it is a field when its first words
	// are a lower-case field name Protego knows, as in `disallow /x`
	// (scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:337-352); a User-agent
	// value other than * is read with its stars removed, so `archiver*`
	// names archiver (scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:373-380).
	ProtegoLines
	// PythonLines: as CPython's robotparser reads lines: str.splitlines
	// also breaks at VT, FF, FS, GS, RS, NEL, LS and PS, and str.strip()
	// trims every Unicode space (Lib/urllib/robotparser.py:70,104-114 in
	// 3.11).
	PythonLines
	// TokenLines: temoto/robotstxt's scanner: words split at spaces,
	// tabs and vertical tabs; the field ends at its first colon or
	// space, the value is the next word only; a # starting a word starts
	// a comment; no colon is needed; a field with no value at the very
	// end of the file is dropped
	// (temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:scanner.go:58-112, parser.go:137-251).
	TokenLines
	// TrimmedLines: the shared lexer, but the line, the field and the
	// value are trimmed of every Unicode space (.NET's String.Trim():
	// VT, FF, NEL, NBSP, LS, PS besides spaces and tabs), so
	// `Disallow: /a\v` is `/a`
	// (acidus99/Kennedy@29fbacbb6d35c7c8f40409f10615ce9854894054:Data/RobotsTxt/RobotsTxtParser.cs:26,40-41).
	TrimmedLines
)

// AgentMatching says how a User-agent value is compared with a bot name.
type AgentMatching uint8

const (
	// Substring: the value, case-folded, occurs within the bot's name.
	Substring AgentMatching = iota
	// TokenEqual: the value equals the name, case-insensitively.
	TokenEqual
	// ProductToken: the leading [A-Za-z_-]+ of both are equal, case-insensitively.
	ProductToken
	// ExactCase: the value equals the name byte for byte
	// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:32,35;
	// elektito/gemplex@70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e:cmd/gemplex/crawl.go:610-619).
	ExactCase
	// TokenPrefix: the bot's name, lower-cased, starts with the value,
	// lower-cased (temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:robotstxt.go:158-179).
	TokenPrefix
)

// Selection says which groups apply to a bot.
type Selection uint8

const (
	// AllRules: there are no groups; everything applies (gopher2019).
	AllRules Selection = iota
	// FirstInFileOrder: the first group matching the bot, `*` matching any
	// bot where it stands (gopherdraft).
	FirstInFileOrder
	// FirstStarLast: the first specific group matching the bot, else the
	// first `*` group (Python's robotparser).
	FirstStarLast
	// CombineMatching: every group matching the bot's name or one of its
	// roles, else the `*` groups; combined most restrictively (Gemini).
	CombineMatching
	// MostTargeted: user agent, then virtual agents, then `Virtual-agent: *`,
	// then `User-agent: *` (Conner's proposal).
	MostTargeted
	// MergeEqual: every group for the bot's product token merged, else the
	// `*` groups merged (RFC 9309).
	MergeEqual
	// UnionMatching: every group naming one of the crawler's agent names,
	// `*` being one name among them, all together
	// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:43-48;
	// elektito/gemplex@70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e:cmd/gemplex/crawl.go:608-627;
	// acidus99/Kennedy@29fbacbb6d35c7c8f40409f10615ce9854894054:Data/RobotsTxt/RobotsTxtFile.cs:31-67).
	UnionMatching
	// BestSubstring: the group whose agent value is the longest substring
	// of the crawler's name wins (`*` counts 1, the first in file order on
	// a tie), merged with every other group naming the same value
	// (scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:109-116,369-392,424-438).
	BestSubstring
	// LongestToken: the one value that is the longest prefix of the
	// bot's name wins, `*` counting 1 and losing every tie; the groups
	// naming it are merged; a group with no rule and no delay does not
	// exist (temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:robotstxt.go:158-179, parser.go:49-58).
	LongestToken
	// SpecificElseStar: every group naming one of the crawler's own
	// agent names other than `*` applies, all together, a group with no
	// rule included; only when none does, the `*` groups
	// (cameronrye/gopher-mcp@43f5afc2bc562c50043ff803334cab827a121ec0:src/gopher_mcp/robots.py:158-171).
	SpecificElseStar
)

// Decision says how the applicable rules decide.
type Decision uint8

const (
	// AnyDisallow: any matching Disallow disallows.
	AnyDisallow Decision = iota
	// AllowException: a matching Allow wins, else any matching Disallow disallows.
	AllowException
	// FirstMatch: the first matching rule in file order decides.
	FirstMatch
	// LongestMatch: the longest matching pattern decides; Allow wins a tie.
	LongestMatch
	// LongestFirst: the longest matching rule decides and a tie goes to
	// the first in file order; a pattern's length is that of the regular
	// expression it becomes; `/` matches every target, empty ones too
	// (temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:robotstxt.go:201-226).
	LongestFirst
)

// Normalization is applied to rule values and selectors before matching.
type Normalization uint8

const (
	// Raw: bytes as written.
	Raw Normalization = iota
	// PythonQuote: unquote then quote, as urllib.robotparser does; an empty
	// selector becomes "/".
	PythonQuote
	// PercentEncoding: non-ASCII bytes percent-encoded, hex digits upper-cased,
	// unreserved characters decoded (RFC 9309 section 2.2.2).
	PercentEncoding
	// ProtegoQuote: the path of rules and target unquoted (but %2F, %25)
	// and quoted again, the query and fragment compared raw; a rule's
	// last-segment ";params" stay raw while the target's are quoted; a URL
	// with an empty path keeps it empty, which no rule matches
	// (scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:161-193).
	ProtegoQuote
	// PathNoQuery: the target is the URL's path without query, dot
	// segments removed, not decoded; rules raw
	// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/url_parser.cpp:91-94, tlgs/crawler/crawler.cpp:234).
	PathNoQuery
	// DecodedPath: the target is Go's url.URL.Path, percent-decoded,
	// without query; rules raw (elektito/gemplex@70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e:cmd/gemplex/crawl.go:455).
	DecodedPath
	// FoldedURL: rules and the target (the cleaned, re-escaped path with
	// query and fragment) compared lower-cased
	// (antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:robotsMatch/robotsMatch.go:146-161, common/url/url.go:92-111,180-205).
	FoldedURL
	// URIPath: the target is .NET's Uri.AbsolutePath: unreserved escapes
	// decoded, dot segments resolved, no query; rules raw
	// (acidus99/Gemini.Net@817c647e5cf306de3a7519fde15d13d84af9f9f2:src/GeminiUrl.cs:47,88).
	URIPath
	// GoURLPath: the target is Go's url.URL.Path of the URL, decoded, no
	// query, not cleaned, empty for gemini://host; a rule gets a leading
	// / unless it starts with * and loses its trailing stars
	// (clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:505,531;
	// temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:168-197).
	GoURLPath
	// AnySpelling: every spelling is tested and any match counts: each
	// rule as written and percent-decoded, against the target as given,
	// percent-decoded, and with its dot segments resolved; on Gopher the
	// target is the selector (with a / added), / and the item type
	// before it, and the item type before it; on Gemini the URL's path
	// with %2e decoded and dot segments removed, no query
	// (cameronrye/gopher-mcp@43f5afc2bc562c50043ff803334cab827a121ec0:src/gopher_mcp/robots.py:180-193,246-266,323-334).
	AnySpelling
)

// RoleFields says where virtual agents are named in the file.
type RoleFields uint8

const (
	// NoRoles: the dialect knows no virtual agents; an unnamed bot is tried
	// by its roles' names.
	NoRoles RoleFields = iota
	// RolesAsUserAgents: `User-agent: indexer` names the role (Gemini).
	RolesAsUserAgents
	// VirtualAgentField: roles are named by `Virtual-agent:` lines (Conner).
	VirtualAgentField
)

// Values of Dialect.MaxBytes besides a byte count.
const (
	NoLimit     = 0  // the reader reads the whole body
	SizeUnknown = -1 // nothing seen says how much the reader reads
)

// readLimit is how many bytes of the input this dialect reads.
func (d *Dialect) readLimit() int {
	switch {
	case d.MaxBytes == NoLimit:
		return HoldBytes
	case d.MaxBytes < 0:
		return MaxBytes
	}
	return min(d.MaxBytes, HoldBytes)
}

// The six dialects of DIALECTS.md.
var (
	Gopher2019 = Dialect{
		ID: "gopher2019", Title: "Gopher 2019 proposal", Source: "Robots and Gopher (2019 mailing-list proposal)",
		Grouping: NoGroups, Selection: AllRules, Decision: AnyDisallow, Patterns: Glob,
		// The 2019 text ends a line at LF or CRLF only: a lone CR stays
		// inside the line (DIALECTS.md, gopher2019).
		LFLines:  true,
		MaxBytes: MaxBytes,
		Facts: Facts{
			Location: "selector robots.txt, then 0/robots.txt",
			Caching:  "24 hours",
			Delays:   "none",
		},
	}
	GopherDraft = Dialect{
		ID: "gopherdraft", Title: "Modern Gopher draft", Source: "Robot Access Restrictions Policy of the modern Gopher draft",
		Grouping: BlankLineRecords, Agents: Substring, Selection: FirstInFileOrder,
		Decision: AllowException, Patterns: Prefix, AllowField: true,
		DelayFields: []Field{CrawlDelay},
		MaxBytes:    MaxBytes,
		Facts: Facts{
			Location: "selector /robots.txt; lines must end in CRLF",
			Caching:  "unspecified",
			Delays:   "Crawl-delay: whole seconds between requests",
		},
	}
	Gemini = Dialect{
		ID: "gemini", Title: "Gemini companion spec", Source: "robots.txt for Gemini (companion specification)",
		Grouping: BlankLineRecords, Agents: Substring, Selection: CombineMatching,
		Decision: AnyDisallow, Patterns: Prefix, RoleFields: RolesAsUserAgents,
		MaxBytes: MaxBytes,
		Facts: Facts{
			Location: "gemini://host/robots.txt, served as text/plain",
			Caching:  "unspecified",
			Delays:   "none",
		},
	}
	Conner2020 = Dialect{
		ID: "conner2020", Title: "Conner's Virtual-agent proposal", Source: "Sean Conner's mailing-list proposals (2020, 2021)",
		Grouping: AgentRunGroups, Agents: TokenEqual, Selection: MostTargeted,
		Decision: FirstMatch, Patterns: Prefix, RoleFields: VirtualAgentField,
		AllowField: true, DelayFields: []Field{CrawlDelay, Check},
		MaxBytes: MaxBytes,
		Facts: Facts{
			Location: "gemini://host/robots.txt; check once per visit",
			Caching:  "Check: seconds between re-fetches",
			Delays:   "Crawl-delay: seconds between requests",
		},
	}
	RFC9309 = Dialect{
		ID: "rfc9309", Title: "RFC 9309", Source: "RFC 9309 and Google's reference parser",
		Grouping: AgentRunGroups, Agents: ProductToken, Selection: MergeEqual,
		Decision: LongestMatch, Patterns: GlobDollar, Normalize: PercentEncoding,
		AllowField: true, AcceptTypos: true, AlwaysAllow: "/robots.txt",
		MaxBytes: MaxBytes,
		Facts: Facts{
			Location: "/robots.txt",
			Caching:  "at most 24 hours",
			Delays:   "ignored (Crawl-delay is not in the RFC)",
		},
	}
	Norobots = Dialect{
		ID: "norobots", Title: "1994 rules as Python reads them", Source: "the 1994 robots exclusion standard, as Python's urllib.robotparser implements it",
		Grouping: PythonRecords, Agents: Substring, Selection: FirstStarLast,
		Decision: FirstMatch, Patterns: Prefix, Normalize: PythonQuote, BOMInText: true,
		AllowField: true, DelayFields: []Field{CrawlDelay, RequestRate},
		MaxBytes: MaxBytes,
		Facts: Facts{
			Location: "/robots.txt",
			Caching:  "unspecified",
			Delays:   "Crawl-delay and Request-rate, as robotparser reads them",
		},
	}
)

// NumDialects is how many built-in dialects there are.
const NumDialects = 6

// Dialects lists the built-in dialects in display order.
func Dialects() []Dialect {
	return []Dialect{Gopher2019, GopherDraft, Gemini, Conner2020, RFC9309, Norobots}
}

// DialectByID finds a built-in dialect; IDs match whatever their case.
// The crawler presets are found by crawlers.ReaderByID.
func DialectByID(id string) (Dialect, bool) {
	for _, d := range Dialects() {
		if strings.EqualFold(d.ID, id) {
			return d, true
		}
	}
	return Dialect{}, false
}

// tooLong: the reader takes this file as a failed fetch for its size.
func (d *Dialect) tooLong(f *File) bool {
	return d.TooLongAllowsAll && d.MaxBytes > 0 && f.Size > d.MaxBytes
}

// fileNotes are what the reader does with the file as a whole: its BOM,
// its size.
func (d *Dialect) fileNotes(f *File) []string {
	var notes []string
	if d.BOMInText && f.BOM {
		notes = append(notes, d.bomNote())
	}
	if d.Crawler == nil || f.Size <= MaxBytes {
		return notes
	}
	name, cite := d.Crawler.Name, d.cite("size")
	switch {
	case d.tooLong(f):
		notes = append(notes, fmt.Sprintf("The file is %d bytes, longer than the %d %s reads: it takes that as a failed fetch, which allows everything (%s).", f.Size, d.MaxBytes, name, cite))
	case d.MaxBytes == SizeUnknown:
		notes = append(notes, fmt.Sprintf("How much of the file %s reads is not known; the first %d bytes (RFC 9309's floor) are read here.", name, MaxBytes))
	case d.MaxBytes > 0 && d.MaxBytes < f.Size:
		notes = append(notes, fmt.Sprintf("%s reads the first %d bytes of the file (%s); the file is %d.", name, d.MaxBytes, cite, f.Size))
	case f.Size <= HoldBytes:
		notes = append(notes, fmt.Sprintf("%s reads all %d bytes of the file (%s), past the %d that the dialects read.", name, f.Size, cite, MaxBytes))
	}
	if f.Size > HoldBytes && (d.MaxBytes == NoLimit || d.MaxBytes > HoldBytes) && !d.tooLong(f) {
		notes = append(notes, fmt.Sprintf("%s reads more than the first %d bytes (%s), which is all smolbots keeps of a file, so lines past that are not read here.", name, HoldBytes, cite))
	}
	return notes
}

// pythonBOM is where CPython's robotparser keeps a BOM in line 1.
const pythonBOM = "CPython 3.11 Lib/urllib/robotparser.py:70,113,115"

// bomNote says that the reader keeps a leading BOM in line 1.
func (d *Dialect) bomNote() string {
	if d.Crawler == nil {
		return "The file starts with a UTF-8 BOM, which Python's robotparser keeps as part of line 1 (it decodes the body as utf-8, not utf-8-sig), so line 1's field is not one it knows and that line is ignored (" + pythonBOM + ")."
	}
	key := "lines"
	for _, s := range d.Crawler.Sources {
		if s.Key == "bom" {
			key = "bom"
		}
	}
	return "The file starts with a UTF-8 BOM, which " + d.Crawler.Name + " keeps as part of line 1, so it does not read that line's field (" + d.cite(key) + ")."
}

// starAll: a rule whose value is a bare * matches every selector. Only
// norobots reads it so (DIALECTS.md); CPython quotes it to %2A, which
// matches nothing, and the GUS presets run on CPython
// (Lib/urllib/robotparser.py:223,227 in 3.11).
func (d *Dialect) StarAll() bool { return d.Normalize == PythonQuote && d.Crawler == nil }

// recognises reports whether a field is meaningful in this dialect.
func (d *Dialect) Recognises(k Field) bool {
	switch k {
	case Disallow:
		return true
	case UserAgent:
		return d.Grouping != NoGroups
	case VirtualAgent:
		return d.RoleFields == VirtualAgentField
	case Allow:
		return d.AllowField
	}
	for _, f := range d.DelayFields {
		if f == k {
			return true
		}
	}
	return false
}

// fieldOf is the field a line stands for in this dialect, typos included
// where the dialect accepts them.
func (d *Dialect) FieldOf(l *Line) Field {
	if l.Kind != FieldLine {
		return ""
	}
	if l.Key != "" {
		return l.Key
	}
	if d.AcceptTypos {
		return l.Typo
	}
	return ""
}
