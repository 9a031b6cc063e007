package lint

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// Lints that matter only for a real crawler. Their findings list the
// presets they concern (Finding.Dialects holds preset IDs, no built-in
// dialect) and each message cites the crawler's code.

// presetSet holds crawler presets, one bit each in Presets() order.
type presetSet uint16

var lintPresets = crawlers.All()

// presetIDs lists the IDs of each set of presets. Built on first use
// (a lint that names a crawler), not at start-up: it was most of the
// package's initialisation (about 1,000 of its 1,115 allocations),
// which the page's first paint of a link's verdicts waited for.
var presetIDs = sync.OnceValue(func() [][]string {
	ids := make([][]string, 1<<len(lintPresets))
	for s := range ids {
		for i, d := range lintPresets {
			if s&(1<<i) != 0 {
				ids[s] = append(ids[s], d.ID)
			}
		}
	}
	return ids
})

// presetBit is the bit of the preset with id.
func presetBit(id string) presetSet {
	for i, d := range lintPresets {
		if d.ID == id {
			return 1 << i
		}
	}
	return 0
}

func (lt *linter) addCrawler(line int, code string, sev Severity, set presetSet, msg string) {
	lt.out = append(lt.out, rawFinding{line: int32(line), code: code, presets: set, sev: severityIndex(sev), msg: msg})
}

func severityIndex(sev Severity) uint8 {
	for i, s := range severities {
		if s == sev {
			return uint8(i)
		}
	}
	return 0
}

// crawlerChecks runs the crawler lints.
func (lt *linter) crawlerChecks() {
	tlgs, gemplex, grc, mozz := presetBit("tlgs"), presetBit("gemplex"), presetBit("gemini-grc"), presetBit("mozz-archiver")
	seenAgent, firstRunOpen := false, true
	var firstRun []*core.Line  // Gemplex's first run of agent lines
	var collected []int        // lines of Disallow rules TLGS has collected so far
	var tlgsRules []*core.Line // TLGS's reading of its Disallow lines, when one may clear
	for i := range lt.f.Lines {
		if l := &lt.f.Lines[i]; l.Kind == core.FieldLine && l.Key == core.Disallow && l.Value == "" {
			tlgsRules = lt.tlgsReadRules() // TLGS's empty values are among these
			break
		}
	}
	if len(lt.selectors) > 0 {
		if tlgsRules == nil {
			tlgsRules = lt.tlgsReadRules()
		}
		lt.tlgsOffByOne(tlgsRules)
	}
	lt.gemplexBareDisallow()
	for i := range lt.f.Lines {
		l := &lt.f.Lines[i]
		if l.Kind != core.FieldLine {
			continue
		}
		switch l.Key {
		case core.UserAgent:
			seenAgent = true
			if firstRunOpen {
				firstRun = append(firstRun, l)
			}
			lt.agentCase(l)
			if strings.EqualFold(l.Value, "mozz-archiver") {
				lt.addCrawler(l.Pos.Line, "mozz-archiver-agent", SevWarning, mozz,
					"mozz-archiver sends the agent `archiver-mozz` (michael-lazar/mozz-archiver@12617d2efca91663699647654bcd3e40f5f388f2:mozz_archiver/settings/local.py:12), which does not contain `"+l.Value+"`, though its README says to write it: this group never applies to it. Write `User-agent: archiver-mozz` (or `archiver`, which it also matches).")
			}
		case core.Disallow:
			if firstRunOpen { // any Disallow ends Gemplex's first run (cmd/gemplex/crawl.go:605)
				firstRunOpen = false
				if seenAgent {
					lt.gemplexFirstRun(firstRun, l, gemplex)
				}
			}
			if !seenAgent {
				set, also := tlgs|gemplex, ""
				if !strings.Contains(lt.f.Text, "User-Agent:") {
					// Otherwise AuraGem fails on it: auragem-skips-host says so.
					set |= presetBit("auragem")
					also = "; AuraGem puts `User-Agent: *` before a file without that exact text (clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:404-407), so it applies it to `*` as well"
				}
				lt.addCrawler(l.Pos.Line, "crawler-rule-before-agent", SevWarning, set,
					ruleText(l)+" comes before any User-agent line: TLGS (tlgsutils/robots_txt_parser.cpp:20) and Gemplex (cmd/gemplex/crawl.go:586-587) apply it to every crawler, while Kennedy, GUS and mozz-archiver drop it"+also+".")
			}
			if tlgsRules == nil || tlgsRules[i] == nil {
				break
			}
			tl := tlgsRules[i]
			if tl.Value == "" && len(collected) > 0 {
				lt.addCrawler(l.Pos.Line, "tlgs-empty-disallow-clears", SevWarning, tlgs,
					"TLGS reads this empty Disallow as \"forget every rule so far\" (tlgsutils/robots_txt_parser.cpp:45-46), so it drops "+lineList(collected)+" for TLGS, even from other groups. To allow everything to one group, leave its Disallow out or move the group first.")
				collected = collected[:0]
			} else if tl.Value != "" {
				collected = append(collected, l.Pos.Line)
			}
		}
		if (l.Key == core.Disallow || l.Key == core.UserAgent) && l.HasComment && l.Value != "" {
			lt.addCrawler(l.Pos.Line, "crawler-comment-in-value", SevWarning, tlgs|gemplex|grc,
				"TLGS (tlgsutils/robots_txt_parser.cpp:17,44), Gemplex (cmd/gemplex/crawl.go:589-591) and gemini-grc (robotsMatch/robots.go:39) keep the comment in the value, so to them this line reads "+quote(strings.TrimSpace(l.Text[strings.IndexByte(l.Text, ':')+1:]))+" and matches nothing meant. Put the comment on a line of its own.")
		}
	}
}

// auragemFails: a line AuraGem's parser rejects makes it drop the host.
func (lt *linter) auragemFails() {
	rs := crawlers.AuraGem.Compile(lt.f)
	failLine, failWhy := rs.Failure()
	if failLine == nil {
		return
	}
	lt.addCrawler(failLine.Pos.Line, "auragem-skips-host", SevWarning, presetBit("auragem"),
		"AuraGem's parser (temoto/robotstxt v1.1.2) rejects this line: "+failWhy+". AuraGem then keeps no rules and drops every URL of the host (clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:409,494): it crawls nothing here. Fix the line (a Crawl-delay is a plain number of seconds) or move it into a group.")
}

// TLGSLongLine is the shortest line, in bytes without its LF, that
// crashed TLGS's parser in a build measured: libstdc++'s std::regex_match
// recurses once per byte, and g++ 12.2's -O2 build overflowed an 8 MiB
// stack at 26,178 bytes (26,179 at -O3, CMake's Release; 27,568 with no
// optimisation; 43,642 at -O1), on any kind of line
// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:17,22-23).
const TLGSLongLine = 26_178

// tlgsLongLine: a line TLGS's parser dies on. TLGS splits lines at LF
// (a lone CR joins lines), after folding CRLF.
func (lt *linter) tlgsLongLine() {
	text, line := lt.f.Text, 1
	for len(text) > 0 {
		end := strings.IndexByte(text, '\n')
		if end < 0 {
			end = len(text)
		}
		seg := strings.TrimSuffix(text[:end], "\r")
		n := len(seg)
		if n >= TLGSLongLine {
			lt.addCrawler(line, "tlgs-line-too-long", SevError, presetBit("tlgs"),
				"This line is "+thousands(n)+" bytes long. TLGS matches every line with std::regex_match (tlgsutils/robots_txt_parser.cpp:17,22-23), whose recursive matcher overflowed an 8 MiB stack on lines from 26,178 bytes in every build measured (g++ 12.2 on x86-64: 26,179 at -O3 as CMake builds Release, 27,568 unoptimised, 43,642 at -O1): TLGS's crawler dies on this file instead of reading it. Split the line, or shorten it (a comment too counts).")
			return
		}
		line += 1 + strings.Count(seg, "\r") // the lone CRs TLGS joins
		if end == len(text) {
			break
		}
		text = text[end+1:]
	}
}

// thousands writes n with commas: 26,178.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// auragemFirstGroup: when AuraGem's prepend makes the file's first
// group, which names another robot, the one it obeys.
func (lt *linter) auragemFirstGroup() {
	rs := crawlers.AuraGem.Compile(lt.f)
	if failLine, _ := rs.Failure(); failLine != nil {
		return
	}
	p := rs.Policy(core.Agent{})
	if len(p.Groups) == 0 || !p.Groups[0].Implicit() || len(p.Groups[0].Agents) < 2 {
		return // not the prepended * joined by the file's first run
	}
	g := p.Groups[0]
	if len(g.Rules) == 0 {
		return
	}
	for _, l := range g.Agents[1:] {
		if core.IsStarValue(&p.Dialect, l.Value) || p.Dialect.AgentMatches(l.Value, "indexer") {
			return // the group is meant for everyone, or for AuraGem, anyway
		}
	}
	lt.addCrawler(g.Agents[1].Pos.Line, "auragem-first-group", SevWarning, presetBit("auragem"),
		"AuraGem puts `User-Agent: *` before a file that lacks that exact text (clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:404-407), so this first group, which names "+quote(g.Agents[1].Value)+", is AuraGem's `*` group too, and as no group names `indexer` it is the one AuraGem obeys (its first rule is line "+strconv.Itoa(g.Rules[0].Pos.Line)+"). Start the file with the `User-agent: *` group, or give AuraGem a `User-agent: indexer` group.")
}

// webproxyReaders: the programs a webproxy group is written for mostly
// read no robots.txt; say which one does, and whether it reads this file.
func (lt *linter) webproxyReaders() {
	for i := range lt.f.Lines {
		l := &lt.f.Lines[i]
		if l.Kind != core.FieldLine || l.Key != core.UserAgent && l.Key != core.VirtualAgent {
			continue
		}
		v := strings.ToLower(l.Value)
		if v != "webproxy" && !strings.HasPrefix(v, "webproxy-") {
			continue
		}
		gp := "Gemportal obeys it (JVMerkle/gemportal@59c234eade8c63c79c7e3d45bca8f48bf0596d19:app/gemportal.go:179-188)"
		if ok, why := crawlers.GemportalReads(lt.f); !ok {
			gp = "Gemportal, the one proxy found that reads robots.txt, would obey only a group named exactly `User-agent: webproxy`, but here " + why + " (JVMerkle/gemportal@59c234eade8c63c79c7e3d45bca8f48bf0596d19:app/gemportal.go:141-145,170-188)"
		}
		lt.add(l.Pos.Line, 0, "webproxy-readers", SevInfo, inAll, "%s",
			"This group is for web proxies, and most read no robots.txt: portal.mozz.us stopped on 2020-12-28 and takes opt-outs by e-mail (michael-lazar/smolnet-portal@ac926d2ab37b53443795439a7181e36416253909:geminiportal/templates/about.html:45-57), Kineto's maintainer declined to read it (Gemini list, November 2020), and the Gopher web gateways (gopherproxy and its forks) never fetch it (envs-net/gopherproxy@daa0b3736ead2a7230c22e3dc4da344b22a65df4:gopherproxy.go:85-92). "+gp+".")
		return // one finding says it for the file
	}
}

// tlgsReadRules are the Disallow lines TLGS collects (in a group it
// reads), as it reads them, by line index; nil elsewhere.
func (lt *linter) tlgsReadRules() []*core.Line {
	read := make([]*core.Line, len(lt.f.Lines))
	p := crawlers.TLGS.Compile(lt.f).Policy(core.Agent{})
	for _, g := range p.Groups {
		for _, l := range g.Rules {
			if k := l.Pos.Line - 1; k >= 0 && k < len(read) {
				read[k] = l
			}
		}
	}
	return read
}

// agentCase: TLGS and Gemplex compare agent names byte for byte.
func (lt *linter) agentCase(l *core.Line) {
	var set presetSet
	var names []string
	for _, d := range []*core.Dialect{&crawlers.TLGS, &crawlers.Gemplex} {
		for _, n := range d.Crawler.Agents {
			if l.Value != n && strings.EqualFold(l.Value, n) {
				set |= presetBit(d.ID)
				if q := "`" + n + "`"; !slices.Contains(names, q) {
					names = append(names, q)
				}
				break
			}
		}
	}
	if set == 0 {
		return
	}
	lt.addCrawler(l.Pos.Line, "crawler-agent-case", SevWarning, set,
		"TLGS (tlgsutils/robots_txt_parser.cpp:32,35) and Gemplex (cmd/gemplex/crawl.go:610-619) compare agent names byte for byte, so `"+l.Value+"` is not "+joinWords(names)+" to "+joinWords(presetIDs()[set])+". Write it in lower case.")
}

// gemplexFirstRun: Gemplex starts the file inside a `User-agent: *` run,
// so the first group applies to it whatever it names.
func (lt *linter) gemplexFirstRun(run []*core.Line, rule *core.Line, bit presetSet) {
	d := crawlers.Gemplex
	for _, l := range run {
		for _, n := range d.Crawler.Agents {
			if l.Value == n {
				return // it names Gemplex anyway
			}
		}
	}
	if len(run) == 0 {
		return
	}
	lt.addCrawler(run[0].Pos.Line, "gemplex-first-group", SevWarning, bit,
		"Gemplex starts every file as if it began with `User-agent: *` (cmd/gemplex/crawl.go:586-599), so this first group, which names "+quote(run[0].Value)+", applies to Gemplex too (its first rule is line "+strconv.Itoa(rule.Pos.Line)+"). Start the file with the `User-agent: *` group instead.")
}
