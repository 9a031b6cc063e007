package core

import (
	"fmt"
	"strings"
)

// Roles are the virtual agents of the Gemini companion spec.
var Roles = []string{"indexer", "archiver", "researcher", "webproxy"}

func IsRole(s string) bool {
	for _, r := range Roles {
		if r == s {
			return true
		}
	}
	return false
}

// Agent is the crawler under test: a name (possibly empty) and the virtual
// agents (roles) it declares.
type Agent struct {
	Raw   string   // as written by the user, e.g. "GUS(indexer)"
	Name  string   // without any /version suffix; "" for an unnamed bot
	Roles []string // lower-case virtual agents, e.g. ["indexer"]
}

// ParseAgent reads `*`, `GUS`, `GUS/2.1`, `GUS(indexer)`,
// `Lupa(researcher, archiver)` or a bare role such as `indexer`. Anything
// else is refused with an error saying why; in particular a browser-style
// string such as `Mozilla/5.0 (compatible; bot/1.0)`, whose parentheses
// hold no virtual agents.
func ParseAgent(s string) (Agent, error) {
	a := Agent{Raw: strings.TrimSpace(s)}
	body := a.Raw
	if body == "" {
		return a, fmt.Errorf("the agent is empty; write a name such as GUS, GUS(indexer) or *")
	}
	if open := strings.IndexByte(body, '('); open >= 0 {
		if !strings.HasSuffix(body, ")") {
			return a, fmt.Errorf("agent %q opens a parenthesis but does not close it at the end", a.Raw)
		}
		if strings.ContainsRune(body[:open], ')') {
			return a, fmt.Errorf("agent %q closes a parenthesis it never opened", a.Raw)
		}
		for _, r := range strings.Split(body[open+1:len(body)-1], ",") {
			r = strings.ToLower(strings.TrimSpace(r))
			if r == "" {
				continue
			}
			if strings.ContainsAny(r, "()") {
				return a, fmt.Errorf("agent %q has nested parentheses", a.Raw)
			}
			if !isRoleWord(r) {
				// A browser-style "Mozilla/5.0 (compatible; bot/1.0)" lands
				// here: its parentheses hold a comment, not virtual agents.
				return a, fmt.Errorf("agent %q: %q in the parentheses is not a virtual agent (one word of letters, digits, - or _, such as indexer); a browser-style user-agent string is not an agent: write the crawler's name, such as bot(indexer)", a.Raw, r)
			}
			a.Roles = append(a.Roles, r)
		}
		body = strings.TrimSpace(body[:open])
	} else if strings.ContainsRune(body, ')') {
		return a, fmt.Errorf("agent %q closes a parenthesis it never opened", a.Raw)
	}
	if i := strings.IndexByte(body, '/'); i >= 0 {
		if strings.TrimSpace(body[:i]) == "" {
			// Not silently the unnamed bot `*`.
			return a, fmt.Errorf("agent %q has a /version but no name before it", a.Raw)
		}
		body = body[:i]
	}
	body = strings.TrimSpace(body)
	switch {
	case body == "*":
		body = ""
	case len(a.Roles) == 0 && IsRole(strings.ToLower(body)):
		a.Roles = []string{strings.ToLower(body)}
		body = ""
	}
	if strings.ContainsAny(body, "*;,") || hasControl(body) {
		return a, fmt.Errorf("agent name %q may not contain '*', ';', ',' or control characters such as tabs and line breaks", body)
	}
	a.Name = body
	return a, nil
}

// isRoleWord: a virtual agent is one word, as robots.txt files name them.
func isRoleWord(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c >= 0x80) {
			return false
		}
	}
	return s != ""
}

// hasControl reports C0 controls, DEL and C1 controls.
func hasControl(s string) bool {
	for _, r := range s {
		if r < 0x20 || r >= 0x7f && r < 0xa0 {
			return true
		}
	}
	return false
}

// MustAgent is ParseAgent for literals known to be valid; it panics otherwise.
func MustAgent(s string) Agent {
	a, err := ParseAgent(s)
	if err != nil {
		panic(err)
	}
	return a
}

// String gives the agent back in the `Name(role,role)` form.
func (a Agent) String() string {
	if a.Raw != "" {
		return a.Raw
	}
	name := a.Name
	if name == "" && len(a.Roles) == 0 {
		return "*"
	}
	if len(a.Roles) == 0 {
		return name
	}
	if name == "" && len(a.Roles) == 1 {
		return a.Roles[0]
	}
	return name + "(" + strings.Join(a.Roles, ",") + ")"
}

// Unnamed reports whether the bot has no name of its own.
func (a Agent) Unnamed() bool { return a.Name == "" }

// namesWithoutRoles are the names tried in dialects that know no virtual
// agents: a named bot by its name, an unnamed one by its roles' names.
func (a Agent) namesWithoutRoles() []string {
	if a.Name != "" {
		return []string{a.Name}
	}
	return a.Roles
}

// productToken is RFC 9309's product token: the leading [A-Za-z_-]+.
func ProductTokenOf(s string) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-' {
			i++
			continue
		}
		break
	}
	return s[:i]
}

// stripVersion drops a `/version` suffix from a name.
func StripVersion(s string) string {
	if i := strings.IndexByte(s, '/'); i >= 0 {
		return s[:i]
	}
	return s
}
