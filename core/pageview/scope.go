package pageview

import (
	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
)

// ProtocolOf reads a permalink's protocol; a missing or unknown one is
// any, so a hand-edited link cannot break the page.
func ProtocolOf(s string) core.Protocol {
	p, err := core.ParseProtocol(s)
	if err != nil {
		return core.ProtocolAny
	}
	return p
}

// HiddenFor is the columns a protocol hides when it is chosen: the
// built-in dialects out of its scope, in display order.
func HiddenFor(p core.Protocol) []string {
	var out []string
	for _, d := range core.Dialects() {
		if !crawlers.InScope(p, d.ID) {
			out = append(out, d.ID)
		}
	}
	return out
}

// ScopeFindings keeps the lint findings the page shows for a file
// served over p with these columns shown: a finding stays if it
// concerns a dialect in scope or one whose column the user chose to
// see, and lists only those; its message names only those too
// (core.ScopeFindings), and each has the severity it has for a file
// served over p (core.Protocol.ScopeFor). A finding about the file
// itself (no dialects) stays. The input is not changed.
func ScopeFindings(findings []lint.Finding, p core.Protocol, shown []core.Dialect) []lint.Finding {
	if p == core.ProtocolAny || p == "" {
		return findings
	}
	return lint.ScopeFor(p, findings, func(id string) bool {
		if crawlers.InScope(p, id) {
			return true
		}
		for _, d := range shown {
			if d.ID == id {
				return true
			}
		}
		return false
	})
}

// PortableRows are the rows the grid shows, for the rewrite of "Make it
// portable" (core/portable.Rewrite): its agents and the selectors it
// tested, each once.
func PortableRows(g *grid.Grid) (agents, selectors []string) {
	seen := map[string]bool{}
	for _, r := range g.Rows {
		if !seen[r.Query] {
			seen[r.Query] = true
			selectors = append(selectors, r.Query)
		}
	}
	return g.Agents, selectors
}
