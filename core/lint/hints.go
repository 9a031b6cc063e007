package lint

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// Hints: sentences that say what a verdict rests on, for answers that
// are right by the dialects but may not be what the asker meant.

// InputNote says when the verdicts rest on a damaged input: a file cut
// at MaxBytes, or one that is not text. "" when neither.
func InputNote(f *core.File) string {
	var notes []string
	if f.Truncated {
		notes = append(notes, fmt.Sprintf("The file is %d bytes and every dialect reads only the first %d (500 KiB), so a rule past the cut counts for nothing.", f.Size, core.MaxBytes))
	}
	if f.Binary() {
		notes = append(notes, "The file looks binary (a NUL byte, or mostly bytes that are not UTF-8), so the verdicts rest on whatever lines happened to parse.")
	}
	return strings.Join(notes, " ")
}

// RoleNote says, for a named agent that declares no virtual agent, which
// groups of the file are for roles and how to test one: a crawler that
// is an indexer and says nothing about it is judged by name alone. The
// note names the dialects it holds for, since in one without groups
// (gopher2019) every rule applies to every robot anyway. An agent that
// names a crawler preset (GUS, mozz-archiver) is given that crawler's
// roles to try; any other, the file's first role. "" when the agent
// declares a role, is a role or *, or the file has no role groups.
func RoleNote(f *core.File, a core.Agent) string {
	if len(a.Roles) > 0 || a.Name == "" || a.Name == "*" || core.IsRole(strings.ToLower(a.Name)) {
		return ""
	}
	first := map[string]int{}
	var order []string
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Key != core.UserAgent && l.Key != core.VirtualAgent {
			continue
		}
		role := strings.ToLower(l.Value)
		if !core.IsRole(role) {
			continue
		}
		if _, seen := first[role]; !seen {
			first[role] = l.Pos.Line
			order = append(order, role)
		}
	}
	if len(order) == 0 {
		return ""
	}
	groups := make([]string, len(order))
	for i, r := range order {
		groups[i] = r + " (line " + strconv.Itoa(first[r]) + ")"
	}
	head := fmt.Sprintf("%s declares no virtual agent, so the groups for %s do not apply to it in any dialect that reads groups", a.Name, joinWords(groups))
	if c := crawlerNamed(a.Name); c != nil {
		// A known crawler: suggest its own roles, not the file's.
		if len(c.Roles) == 0 {
			return fmt.Sprintf("%s; %s is the %s preset, which has no role.", head, a.Name, c.id)
		}
		kinds := make([]string, len(c.Roles))
		for i, r := range c.Roles {
			kinds[i] = article(r) + " " + r
		}
		roles := "role"
		if len(c.Roles) > 1 {
			roles = "roles"
		}
		return fmt.Sprintf("%s; %s is %s (the %s preset), so to test it in its %s, give the agent as %s(%s).",
			head, a.Name, joinWords(kinds), c.id, roles, a.Name, strings.Join(c.Roles, ","))
	}
	return fmt.Sprintf("%s; to test it in a role, give the agent as %s(%s).", head, a.Name, order[0])
}

// namedCrawler is a preset's Crawler with the preset's ID.
type namedCrawler struct {
	*core.Crawler
	id string
}

// crawlerNamed is the preset an agent name stands for, whatever its
// case: the preset's ID, the crawler's name, or one of the names it
// sends other than * and the roles (archiver-mozz, tlgs, gus). Nil when
// the name is no preset's.
func crawlerNamed(name string) *namedCrawler {
	for _, d := range crawlers.All() {
		c := d.Crawler
		if strings.EqualFold(name, d.ID) || strings.EqualFold(name, c.Name) {
			return &namedCrawler{c, d.ID}
		}
		for _, n := range c.Agents {
			if n != "*" && !core.IsRole(n) && strings.EqualFold(name, n) {
				return &namedCrawler{c, d.ID}
			}
		}
	}
	return nil
}

// article is "a" or "an" before a role's name.
func article(role string) string {
	if strings.IndexByte("aeiou", role[0]) >= 0 {
		return "an"
	}
	return "a"
}

// NormalizeNote says, for a gemini:// URL given as a selector, what a
// crawler that normalises the URL first (RFC 3986 section 6: dot
// segments removed, escaped unreserved characters decoded) would
// compare instead. The verdict does not change: the dialects compare
// the path as sent. "" when normalisation changes nothing.
func NormalizeNote(input string) string {
	scheme, _, ok := strings.Cut(input, "://")
	if !ok || !strings.EqualFold(scheme, "gemini") {
		return ""
	}
	path, err := core.SelectorFrom(input)
	if err != nil {
		return ""
	}
	norm := core.NormalizeURLPath(path)
	if norm == path {
		return ""
	}
	return fmt.Sprintf("A crawler that normalizes the URL (RFC 3986 section 6) would compare %s instead of %s; the verdicts here are for the path as given.", quote(norm), quote(path))
}
