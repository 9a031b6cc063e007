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
}

// Scope says which dialects judged the requests of one protocol.
type Scope struct {
	Protocol string
	Dialects []string
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
	for _, s := range a.scopes {
		if s != nil {
			res.Scopes = append(res.Scopes, Scope{string(s.protocol), ids(s.all)})
		}
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
	st := state.State{Robots: a.robots, Selectors: ex.target, Agents: "*"}
	if ex.scope.protocol != core.ProtocolAny {
		st.Protocol = string(ex.scope.protocol)
	}
	if c.preset != nil {
		_, out.Line, out.Rule = c.preset.policy.DecidingRule(ex.target)
		out.Dialects = []string{c.preset.dialect.ID}
		st.Crawlers = []string{c.preset.dialect.ID}
	} else {
		out.Dialects = ids(ex.denied)
		k := ex.scope.ref
		if !ex.full {
			for i, d := range ex.scope.dialects {
				if ex.denied&(1<<d) != 0 {
					k = i
					break
				}
			}
		}
		_, out.Line, out.Rule = ex.scope.policies[k].DecidingRule(ex.target)
	}
	if a.opt.Link != nil {
		key := st.Protocol + "\x00" + ex.target + "\x00" + strings.Join(st.Crawlers, ",")
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
