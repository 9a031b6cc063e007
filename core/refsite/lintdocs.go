package refsite

import (
	"strings"
	"sync"

	"github.com/smolbots/smolbots/core/claims"
	"github.com/smolbots/smolbots/core/lint"
)

// lintEntry is one lint code's page: its rule from the lints' registry
// (lint.Rules), with the examples as the reference's cases and the
// evidence resolved to words and addresses. What the code knows is not
// repeated in the rule: the page takes the findings, the dialects
// concerned, the readers' verdicts and whether fix rewrites it from the
// code, by running it on the example.
type lintEntry struct {
	lint.Rule
	Example  Case
	Instead  Case // Selectors, Agent and Protocol default to the Example's
	Evidence []evidence
}

// instead is the Use instead case with the Example's selectors, agent
// and protocol where it names none.
func (e *lintEntry) instead() Case {
	c := e.Instead
	if c.Selectors == nil {
		c.Selectors = e.Example.Selectors
	}
	if c.Agent == "" {
		c.Agent = e.Example.Agent
	}
	if c.Protocol == "" {
		c.Protocol = e.Example.Protocol
	}
	return c
}

var (
	entriesOnce sync.Once
	entries     []lintEntry
)

// lintEntries are the pages of the lint codes, sorted by code.
func lintEntries() []lintEntry {
	entriesOnce.Do(func() {
		for _, r := range lint.Rules() {
			r.Flags, r.Matters = computed(r.Flags), computed(r.Matters)
			e := lintEntry{Rule: r, Example: Case(r.Example), Instead: Case(r.Instead)}
			for _, ev := range r.Evidence {
				e.Evidence = append(e.Evidence, resolve(ev)...)
			}
			entries = append(entries, e)
		}
	})
	return entries
}

// resolve gives a rule's evidence its words and address.
func resolve(ev lint.Evidence) []evidence {
	switch {
	case ev.Kind == "spec":
		return []evidence{spec(ev.Source, ev.Part)}
	case ev.Kind == "python":
		return []evidence{python(ev.Source, ev.Part)}
	case ev.Kind == "crawler":
		return []evidence{crawlerCode(ev.Source, ev.Part)}
	case ev.Kind == "proxy":
		return proxyEvidence(ev.Source)
	case ev.Kind == "computed" && ev.Source == "cr-lines":
		return crEvidence()
	}
	return []evidence{{check: "unknown evidence " + ev.Kind + " " + ev.Source}}
}

// sentences are the sentences lint.Computed stands for, each built from
// the readers' verdicts.
var sentences = map[string]func() string{
	"bom-matters":       bomMatters,
	"cr-matters":        crMatters,
	"delay-facts":       delayFacts,
	"too-large-matters": tooLargeMatters,
}

// computed writes out every lint.Computed sentence in s.
func computed(s string) string {
	for name, build := range sentences {
		if mark := lint.Computed(name); strings.Contains(s, mark) {
			s = strings.ReplaceAll(s, mark, build())
		}
	}
	return s
}

// bigFile is a robots.txt past the 500 KiB every dialect reads: a rule,
// then comment lines, then a rule the dialects do not reach.
func bigFile() string { return claims.BigFile() }
