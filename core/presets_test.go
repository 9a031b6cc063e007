package core_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// knobSources are the Sources a preset must cite when it has a knob:
// the knob, then the keys of the lines of code it stands for.
var knobSources = []struct {
	has  func(d *core.Dialect) bool
	keys []string
}{
	{func(d *core.Dialect) bool { return d.Selection == core.UnionMatching }, []string{"union"}},
	{func(d *core.Dialect) bool { return d.TrimCR }, []string{"trim"}},
	{func(d *core.Dialect) bool { return d.EmptyAgentJoins }, []string{"empty-agent"}},
	{func(d *core.Dialect) bool { return d.HighBytesUnfetched }, []string{"high-bytes"}},
	{func(d *core.Dialect) bool { return d.EmptyClears }, []string{"empty"}},
	{func(d *core.Dialect) bool { return d.Patterns == core.SegmentGlob }, []string{"segments"}},
	{func(d *core.Dialect) bool { return d.Patterns == core.TrailingStarPrefix }, []string{"stars"}},
	{func(d *core.Dialect) bool { return d.Preamble != core.PreambleIgnored }, []string{"preamble"}},
	{func(d *core.Dialect) bool { return d.EachAgent }, []string{"each"}},
	{func(d *core.Dialect) bool { return d.Lines != core.StandardLines && d.Lines != core.ProtegoLines }, []string{"comments"}},
	{func(d *core.Dialect) bool { return d.Lines == core.ProtegoLines }, []string{"second-chance", "agent-stars"}},
	{func(d *core.Dialect) bool { return d.UTF8Only }, []string{"utf8"}},
	{func(d *core.Dialect) bool { return d.IndexAllowsDir }, []string{"index"}},
	{func(d *core.Dialect) bool { return d.NoRulesBanLater }, []string{"stored"}},
}

// neededSources are the source keys a preset's knob values make notes
// cite: a preset using the value must say where its code does it.
func neededSources(d *core.Dialect) []string {
	need := []string{"fetch", "target", "agents"}
	for _, k := range knobSources {
		if k.has(d) {
			need = append(need, k.keys...)
		}
	}
	if d.BOMInText {
		k := "lines"
		for _, s := range d.Crawler.Sources {
			if s.Key == "bom" {
				k = "bom"
			}
		}
		need = append(need, k)
	}
	if d.MaxBytes != core.SizeUnknown {
		need = append(need, "size")
	}
	return need
}

var (
	commitRe = regexp.MustCompile(`^[0-9a-f]{40}\^?$`)
	// path:line, path:line-line, or lists of them; a ref into another
	// repository starts with owner/name@commit:.
	refRe = regexp.MustCompile(`^([\w.-]+/[\w.-]+@[0-9a-f]{40}:)?[\w./-]+\.\w+:\d+(-\d+)?(,\d+(-\d+)?)*$`)
)

func TestPresets_SourcesWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range core.Dialects() {
		seen[d.ID] = true
	}
	outcomes := []string{"found", "not-found", "redirect", "slow-down", "other-status", "other-mime", "error", "temporary-failure"}
	for _, d := range crawlers.All() {
		t.Run(d.ID, func(t *testing.T) {
			if seen[d.ID] {
				t.Fatalf("ID %q is used twice", d.ID)
			}
			seen[d.ID] = true
			c := d.Crawler
			if c == nil || c.Name == "" || c.Repo == "" {
				t.Fatalf("a preset needs a Crawler with a name and a repository: %+v", c)
			}
			if got, ok := crawlers.ReaderByID(d.ID); !ok || got.Crawler != c {
				t.Errorf("DialectByID(%q) does not find the preset", d.ID)
			}
			if c.Verified != (d.ID != "veronica2") {
				t.Errorf("verified = %v; only veronica2 has no code", c.Verified)
			}
			if c.Verified && !commitRe.MatchString(c.Commit) {
				t.Errorf("commit %q is not a full hash", c.Commit)
			}
			keys := map[string]bool{}
			for _, s := range c.Sources {
				if s.Key == "" || s.What == "" || keys[s.Key] {
					t.Errorf("source %+v: a key (once) and a description are needed", s)
				}
				keys[s.Key] = true
				if c.Verified && !refRe.MatchString(s.Ref) && !strings.HasPrefix(s.Ref, "docs/") {
					t.Errorf("source %q: ref %q is not path:line", s.Key, s.Ref)
				}
			}
			for _, k := range neededSources(&d) {
				if !keys[k] {
					t.Errorf("the knobs cite source %q, which the preset does not list", k)
				}
			}
			for k, v := range c.Fetch.Outcomes {
				if !slices.Contains(outcomes, k) || !slices.Contains([]string{"read", "allow-all", "skip-host", "deny-all"}, v) {
					t.Errorf("fetch outcome %s=%s is not one of the known ones", k, v)
				}
			}
			if c.Fetch.Outcomes["found"] != "read" || c.Fetch.Location == "" || c.Fetch.Ref == "" {
				t.Errorf("fetch facts incomplete: %+v", c.Fetch)
			}
			if u := c.URL("a/b.go:3-5"); strings.Count(c.Repo, "/") == 1 && c.Verified && u != "https://github.com/"+c.Repo+"/blob/"+c.Commit+"/a/b.go#L3-L5" {
				t.Errorf("URL = %q", u)
			}
		})
	}
	if len(core.Dialects()) != 6 {
		t.Errorf("Dialects() must keep listing the six, got %d", len(core.Dialects()))
	}
}

// A preset ignores the agent it is given and names its own identity.
func TestPresets_IgnoreAgent(t *testing.T) {
	f := core.Parse([]byte("User-agent: indexer\nDisallow: /x\n"))
	for _, d := range crawlers.All() {
		rs := d.Compile(f)
		a, b := rs.Policy(core.MustAgent("googlebot")).Test("/x"), rs.Policy(core.MustAgent("indexer")).Test("/x")
		if a.Allowed != b.Allowed || a.Agent != b.Agent || a.Agent != d.Crawler.Identity() {
			t.Errorf("%s: verdicts depend on -agent: %+v vs %+v", d.ID, a, b)
		}
	}
}

// What each crawler makes of a reply, from its fetch code (the Ref of
// its CrawlerFetch): TLGS counts only 20 with an exact type; Gemplex skips
// the host on a non-text type or 44; Kennedy and mozz-archiver read any
// 2x; gemini-grc refuses parameters other than charset and lang.
func TestCrawler_Conclude(t *testing.T) {
	for _, c := range []struct {
		id    string
		reply core.Reply
		want  string
	}{
		{"tlgs", core.Reply{Status: 20, Meta: "text/plain; charset=utf-8"}, "read"},
		{"tlgs", core.Reply{Status: 20, Meta: "TEXT/PLAIN"}, "allow-all"},
		{"tlgs", core.Reply{Status: 21, Meta: "text/plain"}, "allow-all"},
		{"tlgs", core.Reply{Status: 51}, "allow-all"},
		{"tlgs", core.Reply{Failed: true}, "allow-all"},
		{"gemplex", core.Reply{Status: 20, Meta: "text/html"}, "read"},
		{"gemplex", core.Reply{Status: 20, Meta: "application/octet-stream"}, "skip-host"},
		{"gemplex", core.Reply{Status: 44, Meta: "60"}, "skip-host"},
		{"gemplex", core.Reply{Status: 31, Meta: "/r.txt"}, "allow-all"},
		{"gemplex", core.Reply{Failed: true}, "skip-host"},
		{"gemini-grc", core.Reply{Status: 20, Meta: "text/plain; format=flowed"}, "allow-all"},
		{"gemini-grc", core.Reply{Status: 20, Meta: "text/gemini; lang=en"}, "read"},
		{"kennedy", core.Reply{Status: 20, Meta: "application/octet-stream"}, "read"},
		{"mozz-archiver", core.Reply{Status: 20, Meta: "image/png"}, "read"},
		{"mozz-archiver", core.Reply{Status: 51}, "allow-all"},
		{"gus", core.Reply{Status: 51}, "unknown"},
		{"gus", core.Reply{Status: 20, Meta: "text/plain"}, "read"},
		{"gus", core.Reply{Status: 20, Meta: "image/png"}, "unknown"}, // its fetch code was not seen
		{"gus-legacy", core.Reply{Status: 20, Meta: "image/png"}, "unknown"},
		{"veronica2", core.Reply{Found: true}, "read"},
		{"veronica2", core.Reply{}, "unknown"},
	} {
		d, _ := crawlers.ReaderByID(c.id)
		got, note := d.Crawler.Conclude(c.reply)
		if got != c.want || note == "" {
			t.Errorf("%s %+v: %s (%s), want %s", c.id, c.reply, got, note, c.want)
		}
	}
}

// TLGS's wildcardPathMatch, on the vectors its code gives
// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:67-122).
func TestSegmentMatch_TLGSVectors(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{"/", "/", true}, {"/", "/a", false}, {"/", "/ab", true}, // :74-75, the off-by-one
		{"/dir/", "/dir/a", false}, {"/dir/", "/dir/ab", true},
		{"/private", "/private-notes", false}, {"/private", "/private/x", true}, {"/private", "/private/", true},
		{"/x$", "/x", false},                                        // $ literal without a star
		{"/*.gmi", "/x.gmi", true}, {"/*.gmi", "/x.gmi.bak", false}, // :91-92, end-anchored
		{"*", "/x", true}, {"/*", "", true}, // :88-92, ends_with("")
		{"*foo*", "/a/foo/b", true}, {"/*foo*", "/a/fo", false}, // :82-86
		{"/priv*", "/private", true},                                                                     // :94-95
		{"/a*b", "/axyz", true}, {"/a*b", "/ab", false}, {"/a*b", "/abc", false}, {"/a*b", "/axb", true}, // :98-100
		{"/a*$", "/abc", true},
		{"/~*/cgi-bin/", "/~testuser/gci-bin/test.txt", true},    // tlgsutils/tests/robots_txt_parser_test.cpp:147
		{"/a*b*c", "/aXbYc", true}, {"/a*b*c", "/aXbYcZ", false}, // :103-121, whole match
		{"/a*b*$", "/aXbY", true},
		{"/s*q?x*", "/s/x", true}, {"/s*q?x*", "/s/qx", true}, {"/s*q?x*", "/s/y", false}, // ? is an operator there
		{"?a*b*", "?aXb", false}, // a ? with nothing before it does not compile
		{"/a*^b*", "/a^b", false}, {"/a*b*.c", "/aXbYXc", false}, {"/a*b*.c", "/aXbY.c", true},
	} {
		if got := core.SegmentMatch(c.pattern, c.path); got != c.want {
			t.Errorf("segmentMatch(%q, %q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
}

// ConcludeFetch reads the fetch's record of the first reply and asks
// only the presets of the URL's protocol.
func TestConcludeFetch(t *testing.T) {
	got := map[string]string{}
	for _, c := range crawlers.ConcludeFetch("gemini://capsule.example", "", false) {
		got[c.Crawler] = c.Reading
	}
	if len(got) != 9 || got["gopher-mcp-gemini"] != "deny-all" || got["auragem"] != "allow-all" || got["tlgs"] != "allow-all" || got["gemplex"] != "skip-host" || got["veronica2"] != "" {
		t.Errorf("no answer: %v", got)
	}
	for _, c := range crawlers.ConcludeFetch("gemini://capsule.example", "20 text/plain", true) {
		if c.Reading != "read" {
			t.Errorf("20 text/plain: %+v", c)
		}
	}
	if cs := crawlers.ConcludeFetch("gopher://capsule.example", "found", true); len(cs) != 2 || cs[0].Crawler != "veronica2" || cs[0].Reading != "read" || cs[1].Reading != "read" {
		t.Errorf("gopher: %+v", cs)
	}
}

// Every kind of reference a preset cites has an address: a line on
// GitHub at the full commit, the commit's page off GitHub (GUS, and
// its parent for GUS before 2021), and a post as its own address.
func TestCrawlerURLKinds(t *testing.T) {
	for _, c := range []struct {
		d    core.Dialect
		ref  string
		want string
	}{
		{crawlers.TLGS, "tlgsutils/robots_txt_parser.cpp:17,44", "https://github.com/marty1885/tlgs/blob/3f00f7d6d5727f15cde918ced87be4c150eecc28/tlgsutils/robots_txt_parser.cpp#L17"},
		{crawlers.GUS, "gus/crawl.py:444-458", "https://src.clttr.info/rwa/geminispace.info/commit/108bfe850a8439871666b06b7acdbe984aa74e9f"},
		{crawlers.GUSLegacy, "gus/crawl.py:443-454", "https://src.clttr.info/rwa/geminispace.info/commit/108bfe850a8439871666b06b7acdbe984aa74e9f"},
		{crawlers.GUS, "python/cpython@fa7a6f23036537567592647d15f043722c7144ad:Lib/urllib/robotparser.py:253-264", "https://github.com/python/cpython/blob/fa7a6f23036537567592647d15f043722c7144ad/Lib/urllib/robotparser.py#L253-L264"},
		{crawlers.Kennedy, "acidus99/Gemini.Net@817c647e5cf306de3a7519fde15d13d84af9f9f2:src/GeminiRequestor.cs:46,243-246", "https://github.com/acidus99/Gemini.Net/blob/817c647e5cf306de3a7519fde15d13d84af9f9f2/src/GeminiRequestor.cs#L46"},
		{crawlers.Veronica2, "lists.debian.org/gopher-project/2019/05/msg00016.html", "https://lists.debian.org/gopher-project/2019/05/msg00016.html"},
		{crawlers.Veronica2, "lists.complete.org/gopher@complete.org/2003/06/msg00017.html", "https://lists.complete.org/gopher@complete.org/2003/06/msg00017.html"},
		{crawlers.Veronica2, "", ""},
	} {
		if got := c.d.Crawler.URL(c.ref); got != c.want {
			t.Errorf("%s URL(%q) = %q, want %q", c.d.ID, c.ref, got, c.want)
		}
	}
	for _, d := range crawlers.All() {
		for _, s := range d.Crawler.Sources {
			if d.Crawler.URL(s.Ref) == "" {
				t.Errorf("%s: source %q (%s) has no address", d.ID, s.Key, s.Ref)
			}
		}
		if d.Crawler.URL(d.Crawler.Fetch.Ref) == "" {
			t.Errorf("%s: fetch source %s has no address", d.ID, d.Crawler.Fetch.Ref)
		}
	}
}

// CPython's read() decodes the body as "utf-8", not "utf-8-sig": the BOM
// stays in line 1, whose field is then unknown, so the Disallow after it
// has no record (Lib/urllib/robotparser.py:70,113,115,121-122 in 3.11).
func TestNorobots_BOMStaysInLineOne(t *testing.T) {
	robots := "\uFEFFUser-agent: *\nDisallow: /private\n"
	for _, d := range []core.Dialect{core.Norobots, crawlers.GUS, crawlers.GUSLegacy} {
		v := core.Decide(core.Parse([]byte(robots)), d, core.MustAgent("kiwi"), "/private")
		if !v.Allowed || v.Line != 0 || !strings.Contains(v.Note, "UTF-8 BOM") {
			t.Errorf("%s: got %+v, want allowed by no line, with a note on the BOM", d.ID, v)
		}
	}
	// The other dialects drop it.
	if v := core.Decide(core.Parse([]byte(robots)), core.Gemini, core.MustAgent("kiwi"), "/private"); v.Allowed || v.Line != 2 {
		t.Errorf("gemini: got %+v, want disallowed by line 2", v)
	}
}
