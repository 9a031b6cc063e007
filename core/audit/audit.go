package audit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/state"
	"github.com/smolbots/smolbots/core/untested"
)

// Options configure an audit.
type Options struct {
	// Format is "auto" (or ""), a format's Name or a server's Family.
	Format string
	// Protocol is what ROBOTS is served over: each request is judged by
	// the dialects of that scope, and requests of the other protocol are
	// left out. "" judges each request by the dialects of its own
	// protocol (what the server speaks, or what PyGopherd's line says).
	Protocol core.Protocol
	// Since, when not zero, leaves out requests made before it (and lines
	// with no time). A robots.txt fetch before it still counts as read.
	Since time.Time
	// Now and Location place traditional syslog stamps (no year, no zone).
	Now      time.Time
	Location *time.Location
	// Link, when set, makes an example's permalink from the case it
	// shows (the CLI passes state.Encode; the page its own encoder).
	Link func(state.State) string
	// Agents are who every client is taken to be (the CLI's -agent); none
	// is the agent *. A request is a violation when, for one of them,
	// every dialect in scope denies it. The file's groups for names and
	// roles none of them carries are audited apart (Result.Untested).
	Agents []core.Agent
}

// MaxAgents bounds Options.Agents.
const MaxAgents = 64

// maxShadows bounds the untested groups audited apart; the rest are
// listed as not audited.
const maxShadows = 32

// MaxLineBytes bounds one line: a longer line is counted as unmatched
// (its start is shown) and never held whole.
const MaxLineBytes = 64 << 10

// Auditor reads access-log lines and gives each client a verdict. Feed
// it with Write (any chunking; lines may span calls) or ReadFrom; call
// Begin before each file so reports name it. Memory grows with the
// number of clients and of distinct paths (up to a bounded cache), never
// with the number of lines. Not safe for concurrent use.
type Auditor struct {
	opt    Options
	robots string
	file   *core.File
	reader *LineReader
	e      Entry
	since  int64

	agents  []core.Agent
	scopes  [3]*scope // gemini, gopher, any
	presets map[string]*presetCheck
	// shadows audit the groups no agent tested carries, each as its own
	// agent, counting what clients did after reading robots.txt.
	shadows []*shadow
	groups  []untested.Group

	raw     map[string]*clientState // as written -> client
	clients map[string]*clientState // canonical -> client
	order   int

	partial  []byte
	overlong bool
	name     string
	lineNo   int

	// the current source's lines, lines of no format, and first line
	fileLines, fileUnmatched int
	fileFirst                string

	stats Stats
}

// Stats describe the lines read.
type Stats struct {
	Lines     int `json:"lines"`
	Requests  int `json:"requests"`  // lines that record a request
	Other     int `json:"other"`     // lines of a known format that record none, and other programs' syslog lines
	Unmatched int `json:"unmatched"` // lines that match no format
	// UnmatchedLines are the first three unmatched lines, as read.
	UnmatchedLines []Line `json:"unmatched_lines"`
	// Formats counts the lines of each format recognised, in the order
	// first seen: requests by format, a server's other lines by its
	// family (gmid), since no style tells them apart.
	Formats []FormatCount `json:"formats"`
	// OutOfScope counts requests over a protocol the audit leaves out:
	// PyGopherd's HTTP or Spartan, or the protocol -protocol excludes.
	OutOfScope int `json:"out_of_scope"`
	// BeforeSince and Undated count requests left out by Since: made
	// before it, or with no time to compare.
	BeforeSince int `json:"before_since"`
	Undated     int `json:"undated"`
	// Anonymous counts requests whose line records no client address
	// (agate without --log-ip writes "-"; geminid writes none), and
	// AnonymousFormats names those formats.
	Anonymous        int      `json:"anonymous"`
	AnonymousFormats []string `json:"anonymous_formats"`
	// Untimed counts requests with no time (gmid's legacy lines in a
	// file, PyGopherd's standard output, header-less syslog messages).
	Untimed int `json:"untimed"`
}

// Line is one line as read, for reports.
type Line struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Text string `json:"text"` // at most 200 bytes of it
}

// FormatCount is how many lines of a format were read.
type FormatCount struct {
	Format string `json:"format"`
	Lines  int    `json:"lines"`
}

// New starts an audit of the clients in a log against robots, the
// robots.txt taken as in force for the whole log.
func New(robots []byte, opt Options) (*Auditor, error) {
	switch opt.Protocol {
	case "", core.ProtocolAny, core.ProtocolGemini, core.ProtocolGopher:
	default:
		return nil, errors.New("unknown protocol " + string(opt.Protocol) + "; use gemini, gopher or any")
	}
	if len(opt.Agents) > MaxAgents {
		return nil, fmt.Errorf("at most %d agents can be audited at once", MaxAgents)
	}
	r, err := NewLineReader(ReaderOptions{Format: opt.Format, Now: opt.Now, Location: opt.Location})
	if err != nil {
		return nil, err
	}
	a := &Auditor{
		opt: opt, robots: string(robots), file: core.Parse(robots), reader: r,
		presets: map[string]*presetCheck{},
		raw:     map[string]*clientState{}, clients: map[string]*clientState{},
		agents: opt.Agents,
	}
	if len(a.agents) == 0 {
		a.agents = []core.Agent{starAgent}
	}
	a.groups = untested.Groups(a.file, a.agents)
	for i, g := range a.groups {
		if g.Valid && len(a.shadows) < maxShadows {
			a.shadows = append(a.shadows, &shadow{group: i, agents: []core.Agent{g.Agent}})
		}
	}
	if !opt.Since.IsZero() {
		a.since = opt.Since.Unix()
	}
	return a, nil
}

// Begin names the source of the lines that follow (a file name, or
// "standard input") and ends any line the previous source left open.
func (a *Auditor) Begin(name string) {
	a.flush()
	a.name, a.lineNo = name, 0
	a.fileLines, a.fileUnmatched, a.fileFirst = 0, 0, ""
}

// Source says what the lines since the last Begin were, the line held
// included: how many, how many matched no format, and the first (at
// most 200 bytes). A source of lines none of which matched is no access
// log (a robots.txt given as the log, say).
func (a *Auditor) Source() (lines, unmatched int, first string) {
	a.flush()
	return a.fileLines, a.fileUnmatched, a.fileFirst
}

// Write reads p as part of the log: every line it completes is audited,
// and the rest is kept for the next call. It never fails.
func (a *Auditor) Write(p []byte) (int, error) {
	n := len(p)
	if len(a.partial) > 0 || a.overlong {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			a.keep(p)
			return n, nil
		}
		a.keep(p[:i])
		a.flush()
		p = p[i+1:]
	}
	for {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			break
		}
		a.line(p[:i], false)
		p = p[i+1:]
	}
	if len(p) > 0 {
		a.keep(p)
	}
	return n, nil
}

// ReadFrom reads r to its end as part of the log.
func (a *Auditor) ReadFrom(r io.Reader) (int64, error) {
	buf := make([]byte, 256<<10)
	var total int64
	for {
		n, err := r.Read(buf)
		total += int64(n)
		a.Write(buf[:n])
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}

// keep holds the start of a line until its end arrives, up to
// MaxLineBytes.
func (a *Auditor) keep(p []byte) {
	if room := MaxLineBytes - len(a.partial); len(p) > room {
		p = p[:max(room, 0)]
		a.overlong = true
	}
	a.partial = append(a.partial, p...)
}

// flush audits the line held, if any.
func (a *Auditor) flush() {
	if len(a.partial) > 0 || a.overlong {
		a.line(a.partial, a.overlong)
	}
	a.partial, a.overlong = a.partial[:0], false
}

func (a *Auditor) line(b []byte, overlong bool) {
	a.stats.Lines++
	a.lineNo++
	if overlong {
		a.fileLines++
		a.fileUnmatched++
		if a.fileLines == 1 {
			a.fileFirst = string(b[:min(len(b), 200)])
		}
		a.unmatched(b, true)
		return
	}
	b = bytes.TrimSuffix(b, []byte{'\r'})
	if len(b) == 0 {
		a.stats.Lines-- // blank lines are not lines of a log
		return
	}
	a.fileLines++
	if a.fileLines == 1 {
		a.fileFirst = string(b[:min(len(b), 200)])
	}
	e := &a.e
	switch a.reader.Read(b, e) {
	case NoMatch:
		a.fileUnmatched++
		a.unmatched(b, false)
	case Other:
		a.stats.Other++
		if e.Format != nil {
			a.countFormat(e.Format.Family) // a line about something else says the server, not the style
		}
	case Request:
		a.stats.Requests++
		a.countFormat(e.Format.Name)
		a.request(e)
	}
}

func (a *Auditor) countFormat(name string) {
	for i := range a.stats.Formats {
		if a.stats.Formats[i].Format == name {
			a.stats.Formats[i].Lines++
			return
		}
	}
	a.stats.Formats = append(a.stats.Formats, FormatCount{name, 1})
}

func (a *Auditor) unmatched(b []byte, overlong bool) {
	a.stats.Unmatched++
	if len(a.stats.UnmatchedLines) < 3 {
		text := string(b[:min(len(b), 200)])
		if overlong || len(b) > 200 {
			text += "…"
		}
		a.stats.UnmatchedLines = append(a.stats.UnmatchedLines, Line{a.name, a.lineNo, text})
	}
}

// request audits one request.
func (a *Auditor) request(e *Entry) {
	sc := a.scopeOf(e.Protocol)
	if sc == nil {
		a.stats.OutOfScope++
		return
	}
	if a.since != 0 && !e.HasTime {
		a.stats.Undated++
		return
	}
	c := a.client(e)
	robots := isRobots(e.Target, e.Protocol) && e.Served
	if a.since != 0 && e.Time < a.since {
		a.stats.BeforeSince++
		if robots && !c.robots {
			c.read(e)
		}
		return
	}
	if !e.HasTime {
		a.stats.Untimed++
	}
	c.requests++
	if robots {
		if !c.robots {
			c.read(e)
		}
		return
	}
	if !c.robots {
		c.before++
	}
	if isRobots(e.Target, e.Protocol) {
		return // an unanswered robots.txt request: never a denied path
	}
	var denied, all uint8
	agent := 0
	if c.preset != nil {
		all = 1
		if c.preset.denies(e.Target) {
			denied = 1
		}
	} else {
		var full bool
		denied, agent, full = sc.verdict(e.Target)
		if full {
			all = denied
		} else {
			all = sc.all
		}
		if c.robots {
			a.shadowRequest(c, e, sc)
		}
	}
	if denied == 0 {
		return
	}
	t := &c.post
	if !c.robots {
		t = &c.pre
	}
	t.add(e, denied, denied == all, sc, agent)
}

// shadowRequest judges a request made after reading robots.txt as each
// untested group's agent: a violation there is a breach the audit would
// report had it tested as that agent.
func (a *Auditor) shadowRequest(c *clientState, e *Entry, sc *scope) {
	for k, sh := range a.shadows {
		ss := sh.scopes[sc.index]
		if ss == nil {
			ss = newScope(a.file, sc.protocol, sc.index, sh.agents)
			sh.scopes[sc.index] = ss
		}
		if _, _, full := ss.verdict(e.Target); !full {
			continue
		}
		if c.untested == nil {
			c.untested = make([]shadowTally, len(a.shadows))
		}
		t := &c.untested[k]
		if t.violations == 0 {
			t.first, t.scope = string(e.Target), ss
		}
		t.violations++
	}
}

// shadow is one untested group, audited as its own agent.
type shadow struct {
	group  int // in Auditor.groups
	agents []core.Agent
	scopes [3]*scope
}

// shadowTally is what a client did, after reading robots.txt, that an
// untested group's agent may not do.
type shadowTally struct {
	violations int
	first      string
	scope      *scope
}

// scopeOf is the scope a request is judged in, or nil when the audit
// leaves its protocol out.
func (a *Auditor) scopeOf(protocol string) *scope {
	p := core.Protocol(protocol)
	switch {
	case protocol == "":
		return nil
	case a.opt.Protocol == core.ProtocolAny:
		p = core.ProtocolAny
	case a.opt.Protocol != "" && a.opt.Protocol != p:
		return nil
	}
	i := 0
	switch p {
	case core.ProtocolGopher:
		i = 1
	case core.ProtocolAny:
		i = 2
	}
	if a.scopes[i] == nil {
		a.scopes[i] = newScope(a.file, p, uint8(i), a.agents)
	}
	return a.scopes[i]
}

// client is the state of the request's client, made on its first line.
func (a *Auditor) client(e *Entry) *clientState {
	if c, ok := a.raw[string(e.Client)]; ok {
		return c
	}
	name, anonymous := canonicalClient(e.Client)
	c, ok := a.clients[name]
	if !ok {
		c = &clientState{name: name, anonymous: anonymous, order: a.order}
		a.order++
		if !anonymous {
			if k := KnownCrawler(name); k != nil {
				c.known = k
				c.preset = a.preset(k.Preset)
			}
		}
		a.clients[name] = c
	}
	a.raw[string(e.Client)] = c
	if anonymous && !slices.Contains(a.stats.AnonymousFormats, e.Format.Name) {
		a.stats.AnonymousFormats = append(a.stats.AnonymousFormats, e.Format.Name)
	}
	return c
}

// canonicalClient writes an address one way: brackets and an
// IPv4-in-IPv6 prefix dropped, IPv6 compressed. Host names are lowered.
// "" and "-" (no address recorded) are the anonymous client "-".
func canonicalClient(raw []byte) (name string, anonymous bool) {
	s := string(raw)
	if s == "" || s == "-" {
		return "-", true
	}
	t := strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	if addr, err := netip.ParseAddr(t); err == nil {
		return addr.Unmap().String(), false
	}
	return strings.ToLower(s), false
}

// isRobots: the target asks for robots.txt. Gemini: the path
// /robots.txt (a query allowed). Gopher: the selector robots.txt or
// /robots.txt.
func isRobots(target []byte, protocol string) bool {
	p := target
	if len(p) > 9 && p[6] == ':' && p[7] == '/' && p[8] == '/' {
		rest := p[9:]
		slash := bytes.IndexByte(rest, '/')
		if slash < 0 {
			return false
		}
		p = rest[slash:]
		if protocol == "gopher" && len(p) >= 2 {
			p = p[2:] // RFC 4266: "/" then the item type
		}
	}
	if protocol == "gemini" {
		if q := bytes.IndexByte(p, '?'); q >= 0 {
			p = p[:q]
		}
		return string(p) == "/robots.txt"
	}
	return string(p) == "/robots.txt" || string(p) == "robots.txt"
}

// scope is one protocol scope's dialects for the agents tested,
// compiled once, with a bounded cache of verdicts by target.
type scope struct {
	protocol core.Protocol
	index    uint8
	dialects []int             // positions in core.Dialects()
	policies [][]*core.Policy  // [agent][position in dialects]
	ref      int               // position in dialects of the scope's reference reading
	all      uint8             // bit i set: core.Dialects()[i] is in scope
	cache    map[string]uint16 // the denying dialects, and the deciding agent << 8
	groups   bool              // some group applies to an agent under some dialect
	// judging, per agent, are the dialects whose denial a violation
	// needs: all in scope, but for an agent with a role the file has a
	// group for, the dialects that apply that group to it (one that
	// knows no virtual agents reads mybot(indexer) as mybot alone: it
	// does not speak of the role, so it is not in dispute).
	judging []uint8
}

// cacheSize bounds a verdict cache; when full it starts again.
const cacheSize = 1 << 15

var starAgent = func() core.Agent {
	a, _ := core.ParseAgent("*")
	return a
}()

func newScope(f *core.File, p core.Protocol, index uint8, agents []core.Agent) *scope {
	s := &scope{protocol: p, index: index, cache: make(map[string]uint16), policies: make([][]*core.Policy, len(agents)), judging: make([]uint8, len(agents))}
	ref := p.DefaultReference().ID
	for i, d := range core.Dialects() {
		if !crawlers.InScope(p, d.ID) {
			continue
		}
		if d.ID == ref {
			s.ref = len(s.dialects)
		}
		s.dialects = append(s.dialects, i)
		c := d.Compile(f)
		for k, a := range agents {
			pol := c.Policy(a)
			s.policies[k] = append(s.policies[k], pol)
			s.groups = s.groups || len(pol.Groups) > 0
			if len(a.Roles) == 0 || appliesRole(pol, a.Roles) {
				s.judging[k] |= 1 << i
			}
		}
		s.all |= 1 << i
	}
	for k := range s.judging {
		if s.judging[k] == 0 {
			s.judging[k] = s.all // no dialect reads a group for it: all allow
		}
	}
	return s
}

// verdict is the set of dialects in scope that deny target, the agent
// it is decided for, and whether it is a violation: the first agent
// that every judging dialect denies it to, else the dialects that deny
// it to some agent, with the first such agent.
func (s *scope) verdict(target []byte) (denied uint8, agent int, full bool) {
	if v, ok := s.cache[string(target)]; ok {
		return uint8(v), int(v>>8) & 0x7f, v&fullBit != 0
	}
	t := string(target)
	agent = -1
	for a, ps := range s.policies {
		var d uint8
		for k, p := range ps {
			if !p.Allowed(t) {
				d |= 1 << s.dialects[k]
			}
		}
		if d != 0 && d&s.judging[a] == s.judging[a] {
			denied, agent, full = d, a, true
			break
		}
		if d != 0 && agent < 0 {
			agent = a
		}
		denied |= d
	}
	agent = max(agent, 0)
	if len(s.cache) >= cacheSize {
		clear(s.cache)
	}
	v := uint16(denied) | uint16(agent)<<8
	if full {
		v |= fullBit
	}
	s.cache[t] = v
	return denied, agent, full
}

// appliesRole: the policy applies a group that names one of roles.
func appliesRole(p *core.Policy, roles []string) bool {
	for _, g := range p.Groups {
		for _, ls := range [][]*core.Line{g.Agents, g.VirtualAgents} {
			for _, l := range ls {
				if slices.Contains(roles, strings.ToLower(strings.TrimSpace(l.Value))) {
					return true
				}
			}
		}
	}
	return false
}

// decider is the position in dialects whose deciding line a violation
// for agent shows: the scope's reference reading when it judges the
// agent, else the first that does.
func (s *scope) decider(agent int) int {
	if s.judging[agent]&(1<<s.dialects[s.ref]) != 0 {
		return s.ref
	}
	for k, d := range s.dialects {
		if s.judging[agent]&(1<<d) != 0 {
			return k
		}
	}
	return s.ref
}

// fullBit marks a cached verdict that is a violation.
const fullBit = 1 << 15

// presetCheck is a crawler preset's policy with its own cache.
type presetCheck struct {
	dialect core.Dialect
	policy  *core.Policy
	cache   map[string]bool
}

func (a *Auditor) preset(id string) *presetCheck {
	if p, ok := a.presets[id]; ok {
		return p
	}
	d, _ := crawlers.ReaderByID(id)
	p := &presetCheck{dialect: d, policy: d.Compile(a.file).Policy(core.Agent{}), cache: map[string]bool{}}
	a.presets[id] = p
	return p
}

func (p *presetCheck) denies(target []byte) bool {
	if v, ok := p.cache[string(target)]; ok {
		return v
	}
	t := string(target)
	v := !p.policy.Allowed(t)
	if len(p.cache) >= cacheSize {
		clear(p.cache)
	}
	p.cache[t] = v
	return v
}

// clientState is what the audit keeps of one client.
type clientState struct {
	name      string
	anonymous bool
	order     int
	known     *Published
	preset    *presetCheck

	requests, before int
	robots           bool
	robotsTime       int64
	robotsHasTime    bool

	// pre: denied requests before any robots.txt fetch (kept while it
	// has none); post: after the first.
	pre, post tally
	// untested: per shadow, what it did after reading robots.txt that
	// the group's agent may not do (nil when nothing).
	untested []shadowTally
}

func (c *clientState) read(e *Entry) {
	c.robots, c.robotsTime, c.robotsHasTime = true, e.Time, e.HasTime
	c.pre = tally{} // what it did before reading no longer decides
}

// tally counts denied requests and keeps the first three as examples:
// violations first, disputed ones only while there is no violation.
type tally struct {
	violations, disputed int
	disputedBy           uint8
	ex                   [3]example
	nex                  int
	exDisputed           bool
}

type example struct {
	time    int64
	hasTime bool
	target  string
	denied  uint8
	full    bool
	scope   *scope
	agent   int
}

func (t *tally) add(e *Entry, denied uint8, full bool, sc *scope, agent int) {
	if full {
		t.violations++
		if t.exDisputed {
			t.nex, t.exDisputed = 0, false
		}
		if t.nex < len(t.ex) {
			t.ex[t.nex] = example{e.Time, e.HasTime, string(e.Target), denied, true, sc, agent}
			t.nex++
		}
		return
	}
	t.disputed++
	t.disputedBy |= denied
	if (t.nex == 0 || t.exDisputed) && t.nex < len(t.ex) {
		t.ex[t.nex] = example{e.Time, e.HasTime, string(e.Target), denied, false, sc, agent}
		t.nex++
		t.exDisputed = true
	}
}
