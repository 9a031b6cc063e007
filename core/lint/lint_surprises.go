package lint

import (
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// Lints for readings that would surprise an admin who wrote the file
// for the texts: each follows a reader's own code.

// agentRunBroken: in Python's robotparser any line it reads ends a run
// of User-agent lines (Lib/urllib/robotparser.py:121-144 set state 2),
// so a Crawl-delay or Request-rate between two User-agent lines leaves
// the agent lines above it as a record with no rules.
func (lt *linter) agentRunBroken() {
	w := lt.view(inNorobots)
	if w == nil {
		return
	}
	var run []int // line numbers of the current run of User-agent lines
	var breaker *core.Line
	for i := range lt.f.Lines {
		l := &lt.f.Lines[i]
		if l.Kind == core.Empty { // only a truly empty line ends a record there
			run, breaker = nil, nil
			continue
		}
		switch k := w.d.FieldOf(l); {
		case k == core.UserAgent:
			if breaker != nil {
				lt.add(breaker.Pos.Line, 0, "agent-run-broken", SevWarning, inNorobots, "%s",
					"In Python's robotparser, which norobots follows and GUS and GUS (2020) run, "+ruleText(breaker)+" ends the run of User-agent lines (Lib/urllib/robotparser.py:121-144): "+lineList(run)+" above it "+plural(len(run), "gets", "get")+" no rules from the group below, so the robots "+plural(len(run), "it names", "they name")+" may fetch everything that group refuses. Put the line after the group's rules.")
				run, breaker = nil, nil
			}
			run = append(run, l.Pos.Line)
		case k == core.Disallow || k == core.Allow:
			run, breaker = nil, nil
		case k != "" && w.d.Recognises(k) && len(run) > 0 && breaker == nil:
			breaker = l
		}
	}
}

// tlgsOffByOne: TLGS covers a path that starts with a rule ending in "/"
// only when the path is at least two bytes longer
// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:75), so a
// selector under test exactly one byte longer is let through.
func (lt *linter) tlgsOffByOne(rules []*core.Line) {
	if len(lt.selectors) == 0 {
		return
	}
	p := crawlers.TLGS.Compile(lt.f).Policy(core.Agent{})
	missed := map[*core.Line][]string{}
	var order []*core.Line
	for _, s := range lt.selectors {
		v := p.Test(s)
		if !v.Allowed {
			continue
		}
		for _, l := range rules {
			if l == nil || !strings.HasSuffix(l.Value, "/") || strings.IndexByte(l.Value, '*') >= 0 {
				continue
			}
			if len(v.Target) == len(l.Value)+1 && strings.HasPrefix(v.Target, l.Value) {
				if missed[l] == nil {
					order = append(order, l)
				}
				missed[l] = append(missed[l], quote(v.Target))
			}
		}
	}
	for _, l := range order {
		hint := "Add a rule for " + plural(len(missed[l]), "that path", "those paths") + "."
		if v := strings.TrimSuffix(l.Value, "/"); v != "" {
			hint = "Write " + quote("Disallow: "+v) + " as well, which TLGS applies to every path under it."
		}
		lt.addCrawler(l.Pos.Line, "tlgs-off-by-one", SevWarning, presetBit("tlgs"),
			"TLGS does not apply "+ruleText(l)+" to "+strings.Join(missed[l], ", ")+": it covers a path that starts with a rule ending in / only when the path is at least two bytes longer (tlgsutils/robots_txt_parser.cpp:75), an off-by-one. "+hint)
	}
}

// gemplexBareDisallow: Gemplex reads a directive only when the line goes
// on past its colon (elektito/gemplex@70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e:cmd/gemplex/crawl.go:589-606),
// so a bare `Disallow:` ending in LF does not end the run of User-agent
// lines: the next group's agents join this one's, and its rules apply to
// both. Flagged when the merge changes which group Gemplex's names are in.
func (lt *linter) gemplexBareDisallow() {
	lines := crawlers.Gemplex.FileLines(lt.f)
	if lines == nil {
		lines = lt.f.Lines
	}
	named := func(agents []string) bool {
		for _, a := range agents {
			for _, n := range crawlers.Gemplex.Crawler.Agents {
				if a == n {
					return true
				}
			}
		}
		return false
	}
	before := []string{"*"} // the file starts inside a * run (cmd/gemplex/crawl.go:586-599)
	var bare *core.Line     // a bare Disallow Gemplex did not see, in the current run
	var after []string      // agents of the run after it
	afterLine := 0
	// Gemplex's lines match the file's one for one up to the 500 KiB cut,
	// past which it reads on (fileLines); the lint looks at the file's.
	for i := range min(len(lines), len(lt.f.Lines)) {
		g := &lines[i]
		if l := &lt.f.Lines[i]; g.Kind != core.FieldLine && l.Kind == core.FieldLine && l.Key == core.Disallow && l.Value == "" && bare == nil && len(before) > 0 {
			bare = l
			continue
		}
		if g.Kind != core.FieldLine {
			continue
		}
		switch g.Key {
		case core.UserAgent:
			if bare != nil {
				if afterLine == 0 {
					afterLine = g.Pos.Line
				}
				after = append(after, g.Value)
			} else {
				before = append(before, g.Value)
			}
		case core.Disallow:
			if bare != nil && afterLine != 0 && named(before) != named(after) {
				lt.addCrawler(bare.Pos.Line, "gemplex-bare-disallow", SevWarning, presetBit("gemplex"),
					"Gemplex reads no `Disallow:` with nothing after its colon on a line ending in LF (cmd/gemplex/crawl.go:589-606), so this group does not end here for it: the User-agent lines from line "+strconv.Itoa(afterLine)+" join it, and the rules after them apply to Gemplex, which only one of the two groups names. End the lines in CRLF, which Gemplex reads as going on past the colon.")
			}
			before, bare, after, afterLine = nil, nil, nil, 0
		}
	}
}
