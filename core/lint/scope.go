package lint

import (
	"slices"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// Scope keeps the findings that concern at least one dialect in scope,
// each listing only those dialects, its message worded again to name
// only them (ScopeFindings), its severity the one it has for a file
// served over p (ScopeFor). The input is not changed.
func Scope(p core.Protocol, findings []Finding) []Finding {
	return ScopeFor(p, findings, crawlers.Keep(p))
}

// ScopeFor is ScopeFindings for a file served over p, keep saying which
// readers stay (p.Includes, or more: the page's shown columns). A
// finding whose weight depends on what the file is served over
// (lf-line-endings) takes the weight it has over p when one of its
// dialects is p's own. Under any the findings are returned as they are.
func ScopeFor(p core.Protocol, findings []Finding, keep func(id string) bool) []Finding {
	if p == core.ProtocolAny || p == "" {
		return findings
	}
	out := ScopeFindings(findings, keep)
	for i := range out {
		if out[i].served != "" && slices.ContainsFunc(out[i].Dialects, crawlers.Keep(p)) {
			out[i].Severity = out[i].served
		}
	}
	return out
}

// ScopeFindings keeps the findings that concern at least one dialect
// keep accepts (a preset's ID included), each listing only those. A
// message that names dialects is worded again to name only those keep
// accepts: "* is a wildcard in gopher2019 and rfc9309" becomes "* is a
// wildcard in rfc9309" for a Gemini file. conner2020, rfc9309 and
// norobots, which every protocol keeps, are named whatever keep says. A
// finding that names no dialect is about the file itself and stays. The
// input is not changed.
func ScopeFindings(findings []Finding, keep func(id string) bool) []Finding {
	var scope dialectSet
	for i, d := range lintDialects {
		if keep(d.ID) {
			scope |= 1 << i
		}
	}
	rendered := map[string]string{}
	out := make([]Finding, 0, len(findings))
	for _, fd := range findings {
		n := 0
		for _, id := range fd.Dialects {
			if keep(id) {
				n++
			}
		}
		switch {
		case len(fd.Dialects) == 0 || n == len(fd.Dialects):
		case n == 0:
			continue
		default:
			kept := make([]string, 0, n)
			for _, id := range fd.Dialects {
				if keep(id) {
					kept = append(kept, id)
				}
			}
			fd.Dialects = kept
		}
		if fd.words != "" && scope != inAll {
			fd.Message = renderOnce(rendered, fd.words, scope)
		}
		out = append(out, fd)
	}
	return out
}
