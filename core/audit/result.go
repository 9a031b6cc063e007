package audit

import (
	"cmp"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/state"
)

// The verdicts.
const (
	Ignored   = "ignored"    // read robots.txt, then asked for a path it denies under every dialect in scope
	NeverRead = "never-read" // never fetched robots.txt
	Obeyed    = "obeyed"     // read it and asked for nothing it denies
)

// Client is one client's line of the report: the CLI's -json object.
// Every key is always there; the keys the issue names come first, in its
// order, then the ones added.
type Client struct {
	Client string `json:"client"` // the address, "-" for requests with none
	// Crawler is the preset a published address names ("kennedy"), ""
	// for others.
	Crawler  string `json:"crawler"`
	Verdict  string `json:"verdict"`
	Requests int    `json:"requests"`
	// RobotsFetched is the time of its first robots.txt fetch (RFC 3339,
	// UTC), "" when it fetched none, "unknown" when the line had no time.
	RobotsFetched string `json:"robots_fetched"`
	// Violations are requests for a path the file denies under every
	// dialect in scope (a known crawler: under its preset), made after
	// its first robots.txt fetch; for a client that never fetched it,
	// all such requests.
	Violations int `json:"violations"`
	// Disputed are requests, counted the same way, that only some
	// dialects in scope deny; DisputedBy names those dialects.
	Disputed int `json:"disputed"`
	// BeforeRobots are requests made before its first robots.txt fetch
	// (all of them for a client that never fetched it).
	BeforeRobots int       `json:"before_robots"`
	Examples     []Example `json:"examples"`
	// CrawlerName is how people call the crawler ("Kennedy"), "" for
	// others.
	CrawlerName string   `json:"crawler_name"`
	DisputedBy  []string `json:"disputed_dialects"`
	// Anonymous: the log records no address, so this line sums every
	// client it could not tell apart.
	Anonymous bool `json:"anonymous"`
	// Untested names the file's groups for agents and roles the audit
	// did not test as (Result.Untested) under which this client, after
	// reading robots.txt, asked for a path every dialect in scope
	// refuses: the breaches the audit would report had it tested as
	// that agent. Empty for a client judged by a crawler's preset.
	Untested []Breach `json:"untested"`
}

// Breach is what a client did, after reading robots.txt, that an
// untested group refuses.
type Breach struct {
	Agent      string `json:"agent"`      // the group's User-agent value, as written
	Line       int    `json:"line"`       // the group's first line
	Violations int    `json:"violations"` // requests every dialect in scope refuses to that agent
	URL        string `json:"url"`        // the first of them, as logged
	RuleLine   int    `json:"rule_line"`  // its deciding line (the scope's own reading's)
	Rule       string `json:"rule"`
}

// UntestedGroup is a group of the file for a name or role no agent
// tested carries.
type UntestedGroup struct {
	Agent string // the User-agent value, as written
	Line  int
	Role  bool
	// Audited: the clients were judged as this agent too (false for a
	// value that is no agent, or past the first 32).
	Audited bool
	// Clients counts the clients in breach under it.
	Clients int
}

// Example is one denied request: its first three violations, or while it
// has none, its first three disputed requests.
type Example struct {
	Time string `json:"time"` // RFC 3339 UTC, "" when the line had none
	URL  string `json:"url"`  // the URL or selector asked for, as logged
	// Line and Rule are the deciding line: the scope's own reading's
	// (gemini for Gemini, gopherdraft for Gopher, rfc9309 for any), the
	// first denying dialect's for a disputed request, the preset's for a
	// known crawler.
	Line int `json:"line"`
	// Dialects are those that deny it (a known crawler: its preset).
	Dialects []string `json:"dialects"`
	Rule     string   `json:"rule"`
	// Link is the permalink of the case (the CLI: the playground at the
	// site's address, then "#v1."), "" without
	// Options.Link.
	Link     string `json:"link"`
	Disputed bool   `json:"disputed"`
}

// Result is the audit's answer.
type Result struct {
	Clients []Client // worst first
	Stats
	// Protocol is Options.Protocol: "" when each request was judged under
	// its own protocol's dialects.
	Protocol string
	// Scopes lists, for each protocol seen, the dialects that judged it.
	Scopes []Scope
	// Agents are the agents tested, as written ("*" by default), and
	// AgentsGiven says whether the caller named them.
	Agents      []string
	AgentsGiven bool
	// NoGroup: no group of the file applies to the agents tested under
	// any dialect in scope, so "obeyed" says only that the file gives
	// them no rule.
	NoGroup bool
	// Untested are the groups for names and roles no agent tested
	// carries, in file order.
	Untested []UntestedGroup
}

// Scope says which dialects judged the requests of one protocol.
type Scope struct {
	Protocol string
	Dialects []string
}

// Breached reports whether the audit has a breach to report (exit 1):
// a client ignored the file, or, when the caller named no agent and no
// group of the file applies to *, a client would have ignored it under
// a group for another agent or role.
func (r *Result) Breached() bool {
	if r.Ignored() > 0 {
		return true
	}
	if r.AgentsGiven || !r.NoGroup {
		return false
	}
	for _, g := range r.Untested {
		if g.Clients > 0 {
			return true
		}
	}
	return false
}

// Ignored counts the clients that ignored the file.
func (r *Result) Ignored() int {
	n := 0
	for _, c := range r.Clients {
		if c.Verdict == Ignored {
			n++
		}
	}
	return n
}

// Result ends the last line read and gives every client seen (with at
// least one request, after Since) its verdict, worst first: ignored
// (most violations first), never-read, obeyed. The audit may go on
// reading afterwards.
func (a *Auditor) Result() *Result {
	a.flush()
	res := &Result{Stats: a.stats, Protocol: string(a.opt.Protocol)}
	res.UnmatchedLines = slices.Clone(a.stats.UnmatchedLines)
	res.Formats = slices.Clone(a.stats.Formats)
	res.AnonymousFormats = slices.Clone(a.stats.AnonymousFormats)
	res.AgentsGiven = len(a.opt.Agents) > 0
	for _, ag := range a.agents {
		res.Agents = append(res.Agents, ag.Raw)
	}
	res.NoGroup = true
	for _, s := range a.scopes {
		if s != nil {
			res.Scopes = append(res.Scopes, Scope{string(s.protocol), ids(s.all)})
			res.NoGroup = res.NoGroup && !s.groups
		}
	}
	if len(res.Scopes) == 0 {
		res.NoGroup = !newScope(a.file, core.ProtocolAny, 2, a.agents).groups
	}
	for _, g := range a.groups {
		res.Untested = append(res.Untested, UntestedGroup{Agent: g.Value, Line: g.Line, Role: g.Role})
	}
	for _, sh := range a.shadows {
		res.Untested[sh.group].Audited = true
	}
	states := make([]*clientState, 0, len(a.clients))
	for _, c := range a.clients {
		if c.requests > 0 {
			states = append(states, c)
		}
	}
	slices.SortFunc(states, func(x, y *clientState) int {
		vx, vy := verdictOf(x), verdictOf(y)
		tx, ty := x.decisive(), y.decisive()
		return cmp.Or(
			cmp.Compare(rank(vx), rank(vy)),
			-cmp.Compare(tx.violations, ty.violations),
			-cmp.Compare(tx.disputed, ty.disputed),
			-cmp.Compare(x.requests, y.requests),
			cmp.Compare(x.order, y.order),
		)
	})
	links := map[string]string{}
	for _, c := range states {
		res.Clients = append(res.Clients, a.report(c, links))
		for k, t := range c.untested {
			if t.violations > 0 {
				res.Untested[a.shadows[k].group].Clients++
			}
		}
		if c.anonymous {
			res.Anonymous += c.requests
		}
	}
	return res
}

func verdictOf(c *clientState) string {
	switch {
	case !c.robots:
		return NeverRead
	case c.post.violations > 0:
		return Ignored
	}
	return Obeyed
}

func rank(v string) int {
	switch v {
	case Ignored:
		return 0
	case NeverRead:
		return 1
	}
	return 2
}

// decisive is the tally the counts come from: after reading, or all of
// them for a client that never read.
func (c *clientState) decisive() *tally {
	if c.robots {
		return &c.post
	}
	return &c.pre
}

func (a *Auditor) report(c *clientState, links map[string]string) Client {
	t := c.decisive()
	out := Client{
		Client: c.name, Verdict: verdictOf(c), Requests: c.requests,
		Violations: t.violations, Disputed: t.disputed, DisputedBy: ids(t.disputedBy),
		BeforeRobots: c.before, Examples: []Example{}, Anonymous: c.anonymous,
		Untested: []Breach{},
	}
	for k, t := range c.untested {
		if t.violations == 0 {
			continue
		}
		g := a.groups[a.shadows[k].group]
		b := Breach{Agent: g.Value, Line: g.Line, Violations: t.violations, URL: t.first}
		_, b.RuleLine, b.Rule = t.scope.policies[0][t.scope.decider(0)].DecidingRule(t.first)
		out.Untested = append(out.Untested, b)
	}
	if c.preset != nil {
		out.Crawler, out.CrawlerName = c.preset.dialect.ID, c.preset.dialect.Crawler.Name
		out.DisputedBy = []string{}
	}
	switch {
	case !c.robots:
	case c.robotsHasTime:
		out.RobotsFetched = FormatTime(c.robotsTime)
	default:
		out.RobotsFetched = "unknown"
	}
	for _, ex := range t.ex[:t.nex] {
		out.Examples = append(out.Examples, a.example(c, ex, links))
	}
	return out
}

func (a *Auditor) example(c *clientState, ex example, links map[string]string) Example {
	out := Example{URL: ex.target, Disputed: !ex.full}
	if ex.hasTime {
		out.Time = FormatTime(ex.time)
	}
	st := state.State{Robots: a.robots, Selectors: ex.target, Agents: a.agents[ex.agent].Raw}
	if ex.scope.protocol != core.ProtocolAny {
		st.Protocol = string(ex.scope.protocol)
	}
	if c.preset != nil {
		_, out.Line, out.Rule = c.preset.policy.DecidingRule(ex.target)
		out.Dialects = []string{c.preset.dialect.ID}
		st.Crawlers = []string{c.preset.dialect.ID}
	} else {
		out.Dialects = ids(ex.denied)
		k := ex.scope.decider(ex.agent)
		if !ex.full {
			for i, d := range ex.scope.dialects {
				if ex.denied&(1<<d) != 0 {
					k = i
					break
				}
			}
		}
		_, out.Line, out.Rule = ex.scope.policies[ex.agent][k].DecidingRule(ex.target)
	}
	if a.opt.Link != nil {
		key := st.Protocol + "\x00" + ex.target + "\x00" + strings.Join(st.Crawlers, ",") + "\x00" + st.Agents
		l, ok := links[key]
		if !ok {
			l = a.opt.Link(st)
			links[key] = l
		}
		out.Link = l
	}
	return out
}

// ids names the dialects of a mask, in core.Dialects() order.
func ids(mask uint8) []string {
	out := []string{}
	for i, d := range core.Dialects() {
		if mask&(1<<i) != 0 {
			out = append(out, d.ID)
		}
	}
	return out
}
