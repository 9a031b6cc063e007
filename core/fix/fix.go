// Package fix rewrites a robots.txt so that the readers a protocol scope
// includes (its dialects, their other readings, its crawler presets)
// agree.
//
// The rewrite is a sequence of small transformations (merge groups for
// the same agents, join a group a blank line splits, name a role both
// ways, ...). By default the reference is strict: a row is refused when
// any reader refuses it today, and each edit is kept only when every
// reader's verdict on the held rows stays as it was or moves to that
// refusal, so no reader is ever let into a path it refuses today. With a
// dialect as the reference, an edit is kept only when that dialect's
// policy for every probed crawler keeps its Meaning, which decides every
// selector alike; paths that other readers are then let into are listed
// in Opened. What no edit can make agree is reported row by row, with
// the line and the reader to blame.
package fix

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/lint"
)

// Options say what to keep and what to check.
type Options struct {
	// The reading the admin means: one of the six dialects, or the zero
	// Dialect for the strict reading (a row is refused when any reader in
	// scope refuses it today).
	Reference core.Dialect
	Protocol  core.Protocol // which dialects must agree with it
	// The rows checked after the rewrite. None: the agents and rule
	// paths the file itself names (and *).
	Agents    []core.Agent
	Selectors []string
}

// Span is a range of lines, 1-based and inclusive. From 0 means none
// (a line that was only removed has no span in the result).
type Span struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// Change is one edit, explained.
type Change struct {
	Line    int    `json:"line"` // in the input; 0 for the whole file
	Code    string `json:"code"` // the lint code the edit answers
	Message string `json:"message"`
	Old     Span   `json:"old"` // the input's lines it concerns
	New     Span   `json:"new"` // the result's lines it wrote
	URL     string `json:"url"` // the code's reference page (lint.URL)

	olds, news []int // exactly which lines, for Diff
}

// Strict is the reference's name when none is given: no single dialect,
// but every reader's refusals.
const Strict = "strict"

// Unresolved is a row on which some in-scope readers still disagree
// with the reference after the rewrite, for one reason.
type Unresolved struct {
	Agent    string   `json:"agent"`
	Selector string   `json:"selector"`
	Dialects []string `json:"dialects"`
	Code     string   `json:"code"` // glob, allow, no-groups, agent-match or decision
	Reason   string   `json:"reason"`
}

// Result is the rewritten file and its account.
type Result struct {
	Robots     string       `json:"robots"`
	Changes    []Change     `json:"changes"`
	Unresolved []Unresolved `json:"unresolved"`
	Reference  string       `json:"reference"`
	Protocol   string       `json:"protocol"`
	// Rows checked, and how many agreed in every in-scope dialect
	// before and after the rewrite.
	Rows         int `json:"rows"`
	AgreedBefore int `json:"agreed_before"`
	AgreedAfter  int `json:"agreed_after"`
	// Opened are the paths the rewrite lets a reader into that it refuses
	// today, on the held rows: none under the strict reference.
	Opened []Opened `json:"opened"`
	// Remaining are the lint findings (at warning or above, in scope) the
	// rewritten file still raises, each with why fix left it.
	Remaining []Remaining `json:"remaining"`

	before, after []diffLine // for Diff
	tail          string     // the input past its last whole line within the cut, kept as it came
	tailFirst     int        // the input's number of the tail's first line
}

// Limits that keep a huge file's answer quick.
const (
	maxProbes      = 64   // crawlers whose policies must keep their meaning
	maxRounds      = 4    // passes over the steps
	maxSingleEdits = 64   // a rejected batch is retried edit by edit below this
	maxRowAgents   = 32   // default rows: agents named in the file
	maxRowPaths    = 1000 // default rows: rule paths of the file
)

// Fix rewrites data. Its errors are a reference that is not one of the
// six dialects (a crawler preset, say) and input that is not text
// (File.Binary); everything else, even an empty file, gets a result.
func Fix(data []byte, opt Options) (Result, error) { return fixWith(data, opt, steps) }

func fixWith(data []byte, opt Options, steps []step) (Result, error) {
	if opt.Protocol == "" {
		opt.Protocol = core.ProtocolAny
	}
	strict := opt.Reference.ID == ""
	if _, ok := crawlers.ReaderByID(opt.Reference.ID); !strict && (!ok || opt.Reference.Crawler != nil) {
		return Result{}, fmt.Errorf("the reference must be one of the six dialects (%s), not %q: fix proves each step against the reference's reading", dialectList(), opt.Reference.ID)
	}
	orig := core.Parse(data)
	if orig.Binary() {
		why := "mostly bytes that are not UTF-8"
		if orig.NULLine > 0 {
			why = fmt.Sprintf("a NUL byte on line %d", orig.NULLine)
		}
		return Result{}, fmt.Errorf("this looks binary (%s), not a text robots.txt, so there is nothing to rewrite", why)
	}
	// Past the cut, the steps edit the head's whole lines, the tail stays
	// as it is, and every verdict is read from the output as far as the
	// readers in scope read it.
	sz, err := planSize(data, opt.Protocol)
	if err != nil {
		return Result{}, err
	}
	head := orig
	if sz.headEnd < len(data) {
		orig, head = core.Parse(data[:sz.reach]), core.Parse(data[:sz.headEnd])
	}
	agents, selectors := opt.Agents, opt.Selectors
	if len(agents) == 0 {
		agents = fileAgents(orig)
	}
	if len(selectors) == 0 {
		selectors = filePaths(orig)
	}
	// The held rows: every reader keeps its refusals on these (strict),
	// or is said to lose them (Opened). The file's own paths are held
	// even when the caller names the rows' selectors, and so are those
	// of the tail.
	held := newRowSet(orig, opt.Protocol, heldAgents(orig, agents), heldPaths(orig, selectors, sz.tailPaths))
	start := newDoc(head)
	start.tail, start.tailFirst, start.reach, start.whole = string(data[sz.headEnd:]), len(head.Lines)+1, sz.reach, &parsed{}
	var fx *fixer
	var res Result
	if strict {
		rows := newRowSet(orig, opt.Protocol, agents, selectors)
		before := rows.table(orig)
		want := rows.strictest(before)
		fx = rewrite(start, orig, opt, steps, &fixer{strict: newStrictGuard(held, orig)})
		res.AgreedBefore = rows.agreeing(before, want)
		res.AgreedAfter, res.Unresolved = rows.explain(fx.doc.full(), want)
		res.Rows, res.Reference = rows.rows(), Strict
	} else {
		dialects := opt.Protocol.Dialects()
		agreedBefore, _ := check(orig, opt.Reference, dialects, agents, selectors)
		// Each step keeps the reference's meaning, yet one can part the
		// other dialects on more rows than it joins (a blank line gone can
		// join a group some dialects then match by substring): a step is
		// kept only when the rows agree at least as often after it.
		fx = rewrite(start, orig, opt, steps, &fixer{guard: &rowGuard{dialects: dialects, agents: agents, selectors: selectors, best: agreedBefore}})
		res.AgreedBefore = agreedBefore
		res.AgreedAfter, res.Unresolved = check(fx.doc.full(), fx.ref, dialects, agents, selectors)
		res.Rows, res.Reference = len(agents)*len(selectors), fx.ref.ID
	}
	res.Robots, res.Protocol, res.Changes = fx.doc.text(), string(opt.Protocol), fx.report()
	res.before, res.after = linesOf(start), linesOf(fx.doc)
	res.tail, res.tailFirst = start.tail, start.tailFirst
	fixed := fx.doc.full()
	if fx.doc.tail != "" {
		// Lint the output as its readers read it, with its true size.
		fixed = core.Parse([]byte(res.Robots))
	}
	res.Opened = held.opened(held.table(orig), held.table(fx.doc.full()))
	res.Remaining = remaining(fixed, opt.Protocol)
	whyStarKept(res.Remaining, fx.doc, held)
	return res, nil
}

// rewrite runs the steps over orig until none changes anything. fx
// holds the guard (strict, or the rows' guard for a dialect reference).
func rewrite(start *doc, orig *core.File, opt Options, steps []step, fx *fixer) *fixer {
	fx.opt, fx.ref, fx.doc = opt, opt.Reference, start.clone()
	fx.headLen = len(start.String())
	// A strict rewrite has no reading of its own: each step proposes its
	// edits as each dialect in scope would, and the guard keeps those
	// that move no reader away from its refusals.
	proposers := []core.Dialect{opt.Reference}
	if fx.strict != nil {
		proposers = strictProposers(opt.Protocol)
	} else {
		fx.probes = probes(orig, opt.Agents)
		fx.meaning = fx.meaningOf(orig)
	}
	// A step can give an earlier one work (a merge leaves a role to
	// name, a moved group a blank line): go round until nothing changes.
	for round := 0; round < maxRounds; round++ {
		n := len(fx.changes)
		for _, st := range steps {
			for i, d := range proposers {
				if i > 0 && st.firstView {
					break
				}
				fx.ref, fx.mustGain = d, st.mustGain
				fx.run(st.propose(fx))
			}
		}
		if len(fx.changes) == n {
			break
		}
	}
	return fx
}

// strictProposers are the dialects whose view the steps take in turn
// under the strict reference: RFC 9309's groups first (they span blank
// lines, so the splits others read are found), then the scope's others.
func strictProposers(p core.Protocol) []core.Dialect {
	out := []core.Dialect{core.RFC9309}
	for _, d := range p.Dialects() {
		if d.ID != core.RFC9309.ID {
			out = append(out, d)
		}
	}
	return out
}

// rowGuard holds a rewrite to the rows: an edit is kept only when as
// many rows agree after it as the best seen so far.
type rowGuard struct {
	dialects  []core.Dialect
	agents    []core.Agent
	selectors []string
	best      int
}

func (g *rowGuard) allows(f *core.File, ref core.Dialect) bool {
	n, _ := check(f, ref, g.dialects, g.agents, g.selectors)
	if n < g.best {
		return false
	}
	g.best = n
	return true
}

// fixer holds the rewrite in progress.
type fixer struct {
	opt     Options
	ref     core.Dialect // the reference, or under strict the step's proposer
	doc     *doc
	probes  []core.Agent
	meaning string // the input's, which every kept edit must leave as it is
	changes []pending
	guard   *rowGuard    // the rows every kept edit must not part (a dialect reference)
	strict  *strictGuard // the readers' refusals every kept edit keeps (strict)
	// mustGain: the running step's edits must bring rows to agree
	mustGain bool
	headLen  int // bytes of the input's lines: with a tail, the lines may lose at most shrinkSlack
}

// pending is a change whose result lines are known only at the end.
type pending struct {
	Change
	ids []int // lines of the doc it wrote or moved
}

// edit is one transformation applied at one place. apply changes the
// doc and says what it did; ok false means there was nothing to do.
type edit struct {
	apply func(d *doc) (p pending, ok bool)
	// whole, when set, does every edit of its step in one pass; the
	// all-at-once attempt uses it instead of applying them in turn.
	whole func(d *doc) []pending
}

// run applies a step's edits: all at once when the reference keeps its
// meaning, else one by one, keeping those that keep it.
func (fx *fixer) run(edits []edit) {
	if len(edits) == 0 {
		return
	}
	saved := fx.doc.clone()
	var each []edit
	var whole func(d *doc) []pending
	for _, e := range edits {
		if e.whole != nil {
			whole = e.whole
		} else {
			each = append(each, e)
		}
	}
	var done []pending
	if whole != nil {
		done = whole(fx.doc)
	} else {
		for _, e := range each {
			if p, ok := e.apply(fx.doc); ok {
				done = append(done, p)
			}
		}
	}
	if len(done) == 0 || fx.keeps() {
		fx.changes = append(fx.changes, done...)
		return
	}
	fx.doc = saved
	if len(each) > maxSingleEdits {
		return
	}
	for _, e := range each {
		before := fx.doc.clone()
		p, ok := e.apply(fx.doc)
		switch {
		case !ok:
		case fx.keeps():
			fx.changes = append(fx.changes, p)
		default:
			fx.doc = before
		}
	}
}

// keeps reports whether the doc still means what the input meant to the
// reference dialect, for every probed crawler, and still fits under the
// cut: past it even a comment's tail would be dropped by the next run.
func (fx *fixer) keeps() bool {
	fx.doc.parse()
	if n := len(fx.doc.parsed.text); n > core.MaxBytes || fx.doc.tail != "" && n < fx.headLen-shrinkSlack {
		return false
	}
	f := fx.doc.full()
	if fx.strict != nil {
		return fx.strict.allows(f, fx.mustGain)
	}
	return fx.meaningOf(f) == fx.meaning && fx.guard.allows(f, fx.ref)
}

func (fx *fixer) meaningOf(f *core.File) string {
	rs := fx.ref.Compile(f)
	var b strings.Builder
	for _, a := range fx.probes {
		b.WriteString(a.String())
		b.WriteString(":\n")
		b.WriteString(rs.Policy(a).Meaning())
		b.WriteString("\n\n")
	}
	return b.String()
}

// probes are the crawlers whose policies must keep their meaning: the
// rows' agents, *, each role as an unnamed bot, and every agent the file
// names.
func probes(f *core.File, rows []core.Agent) []core.Agent {
	out := slices.Clone(rows)
	seen := map[string]bool{}
	for _, a := range out {
		seen[a.String()] = true
	}
	addRaw := func(s string) {
		if len(out) >= maxProbes || seen[s] {
			return
		}
		seen[s] = true
		if a, err := core.ParseAgent(s); err == nil {
			out = append(out, a)
		}
	}
	addRaw("*")
	for _, r := range core.Roles {
		addRaw(r)
	}
	for _, l := range f.Lines {
		if l.Key == core.UserAgent || l.Key == core.VirtualAgent || l.Typo == core.UserAgent {
			addRaw(l.Value)
		} else if v, ok := commentedAgent(l); ok {
			addRaw(v)
		}
	}
	return out
}

// commentedAgent is the value of an agent line fix (or the admin)
// commented out, `# User-agent: Lupa`: the file still names that
// crawler, so a second run probes what the first did.
func commentedAgent(l core.Line) (string, bool) {
	if l.Kind != core.CommentOnly {
		return "", false
	}
	text := strings.TrimLeft(l.Text, "# \t")
	name, value, ok := strings.Cut(text, ":")
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "user-agent", "virtual-agent", "useragent", "user agent":
		if v, _, _ := strings.Cut(value, "#"); ok {
			return strings.TrimSpace(v), true
		}
	}
	return "", false
}

// report gives each change the lines of the result it wrote.
func (fx *fixer) report() []Change {
	pos := map[int]int{}
	for i, l := range fx.doc.lines {
		pos[l.id] = i + 1
	}
	out := make([]Change, 0, len(fx.changes))
	for _, p := range fx.changes {
		c := p.Change
		c.URL = lint.URL(c.Code)
		for _, id := range p.ids {
			if n, ok := pos[id]; ok {
				c.New = widen(c.New, n)
				c.news = append(c.news, n)
			}
		}
		out = append(out, c)
	}
	return out
}

// widen makes s include line n.
func widen(s Span, n int) Span {
	if s.From == 0 {
		return Span{n, n}
	}
	return Span{min(s.From, n), max(s.To, n)}
}

func dialectList() string {
	var ids []string
	for _, d := range core.Dialects() {
		ids = append(ids, d.ID)
	}
	return strings.Join(ids, ", ")
}
