// Package untested finds the groups of a robots.txt that no agent under
// test reaches: a group for `archiver` when the agents tested are `*`,
// or for `GUS` when they are `mybot(indexer)`. Their rules never show
// in the verdicts, so a report that says nothing of them can read as an
// all-clear it is not (`site` and `audit` name them).
package untested

import (
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// Group is one name or role the file's groups name that no agent tested
// carries, at its first line.
type Group struct {
	Value string // as written in the file
	Line  int
	Role  bool // a virtual agent (indexer, archiver, ...), not a name
	// Agent is the agent to test the group as: the role alone (an
	// unnamed crawler in that role), or the name. Valid is false when
	// the value cannot be an agent (a parenthesis, a comma).
	Agent core.Agent
	Valid bool
}

// Groups lists, in file order, each User-agent or Virtual-agent value
// other than * that no agent in agents has as its name or a role.
func Groups(f *core.File, agents []core.Agent) []Group {
	var out []Group
	seen := map[string]bool{}
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Key != core.UserAgent && l.Key != core.VirtualAgent {
			continue
		}
		v := strings.ToLower(strings.TrimSpace(l.Value))
		if v == "" || v == "*" || seen[v] || Carried(v, agents) {
			continue
		}
		seen[v] = true
		g := Group{Value: l.Value, Line: l.Number(), Role: slices.Contains(core.Roles, v)}
		a, err := core.ParseAgent(strings.TrimSpace(l.Value))
		g.Agent, g.Valid = a, err == nil && (a.Name != "" || len(a.Roles) > 0)
		out = append(out, g)
	}
	return out
}

// Carried: an agent tested has the name or the role (letter case aside).
func Carried(name string, agents []core.Agent) bool {
	for _, a := range agents {
		if strings.EqualFold(a.Name, name) {
			return true
		}
		for _, r := range a.Roles {
			if r == name {
				return true
			}
		}
	}
	return false
}

// FirstRole is the first role among groups, "" when none is a role.
func FirstRole(groups []Group) string {
	for _, g := range groups {
		if g.Role {
			return strings.ToLower(strings.TrimSpace(g.Value))
		}
	}
	return ""
}
