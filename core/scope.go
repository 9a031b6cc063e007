package core

import (
	"fmt"
	"slices"
	"strings"
)

// Protocol is what a robots.txt is served over. It decides which
// readings concern the file's admin (DIALECTS.md, "Protocol scope"):
// findings about the others are noise to them.
type Protocol string

const (
	ProtocolAny    Protocol = "any" // the default: every reading counts
	ProtocolGemini Protocol = "gemini"
	ProtocolGopher Protocol = "gopher"
)

// Protocols lists the scopes in the order the CLI and the page show them.
func Protocols() []Protocol { return []Protocol{ProtocolGemini, ProtocolGopher, ProtocolAny} }

// ParseProtocol reads a scope name, case-insensitively; "" is any.
func ParseProtocol(s string) (Protocol, error) {
	switch p := Protocol(strings.ToLower(strings.TrimSpace(s))); p {
	case "":
		return ProtocolAny, nil
	case ProtocolAny, ProtocolGemini, ProtocolGopher:
		return p, nil
	}
	return "", fmt.Errorf("unknown protocol %q; use gemini, gopher or any", s)
}

// ProtocolOfURL is the scope a gemini:// or gopher:// URL implies, and
// false for anything else (a file name, a bare selector).
func ProtocolOfURL(u string) (Protocol, bool) {
	scheme, _, ok := strings.Cut(u, "://")
	if !ok {
		return "", false
	}
	switch strings.ToLower(scheme) {
	case "gemini":
		return ProtocolGemini, true
	case "gopher":
		return ProtocolGopher, true
	}
	return "", false
}

// Which dialect IDs each scope keeps. Conner's proposal covers gopher
// proxies too, and RFC 9309 and the 1994 rules are read everywhere. The
// crawler presets of CRAWLERS.md are Gemini crawlers, except Veronica-2.
var (
	geminiOnly  = []string{"gemini", "tlgs", "gemplex", "gemini-grc", "kennedy", "gus", "gus-legacy", "mozz-archiver", "auragem"}
	gopherOnly  = []string{"gopher2019", "gopherdraft", "veronica2"}
	bothSchemes = []string{"conner2020", "rfc9309", "norobots"}
)

// Includes reports whether findings and verdicts of the dialect with
// this ID concern a file served over p. An ID the table does not know
// (a caller's own variant) counts only under any.
func (p Protocol) Includes(id string) bool {
	switch p {
	case ProtocolGemini:
		return slices.Contains(geminiOnly, id) || slices.Contains(bothSchemes, id)
	case ProtocolGopher:
		return slices.Contains(gopherOnly, id) || slices.Contains(bothSchemes, id)
	}
	return true
}

// Dialects are the built-in dialects in scope, in display order.
func (p Protocol) Dialects() []Dialect {
	var out []Dialect
	for _, d := range Dialects() {
		if p.Includes(d.ID) {
			out = append(out, d)
		}
	}
	return out
}

// Presets are the crawler presets in scope, in display order.
func (p Protocol) Presets() []Dialect {
	var out []Dialect
	for _, d := range Presets() {
		if p.Includes(d.ID) {
			out = append(out, d)
		}
	}
	return out
}

// DefaultReference is the reading `fix` keeps when none is named: the
// one the protocol's own text gives, RFC 9309 when both are served.
func (p Protocol) DefaultReference() Dialect {
	switch p {
	case ProtocolGemini:
		return Gemini
	case ProtocolGopher:
		return GopherDraft
	}
	return RFC9309
}

// Scope keeps the findings that concern at least one dialect in scope,
// each listing only those dialects, its message worded again to name
// only them (ScopeFindings), its severity the one it has for a file
// served over p (ScopeFor). The input is not changed.
func (p Protocol) Scope(findings []Finding) []Finding {
	return p.ScopeFor(findings, p.Includes)
}

// ScopeFor is ScopeFindings for a file served over p, keep saying which
// readers stay (p.Includes, or more: the page's shown columns). A
// finding whose weight depends on what the file is served over
// (lf-line-endings) takes the weight it has over p when one of its
// dialects is p's own. Under any the findings are returned as they are.
func (p Protocol) ScopeFor(findings []Finding, keep func(id string) bool) []Finding {
	if p == ProtocolAny || p == "" {
		return findings
	}
	out := ScopeFindings(findings, keep)
	for i := range out {
		if out[i].served != "" && slices.ContainsFunc(out[i].Dialects, p.Includes) {
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
