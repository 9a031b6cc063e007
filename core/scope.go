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
// proxies too, and RFC 9309 and the 1994 rules are read everywhere. A
// crawler preset's scope is the protocol it crawls (crawlers.InScope).
var (
	geminiOnly  = []string{"gemini"}
	gopherOnly  = []string{"gopher2019", "gopherdraft"}
	BothSchemes = []string{"conner2020", "rfc9309", "norobots"}
)

// Includes reports whether findings and verdicts of the built-in
// dialect with this ID concern a file served over p. An ID the table
// does not know (a preset or a caller's own variant) counts only under
// any: crawlers.InScope knows the presets too.
func (p Protocol) Includes(id string) bool {
	switch p {
	case ProtocolGemini:
		return slices.Contains(geminiOnly, id) || slices.Contains(BothSchemes, id)
	case ProtocolGopher:
		return slices.Contains(gopherOnly, id) || slices.Contains(BothSchemes, id)
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
