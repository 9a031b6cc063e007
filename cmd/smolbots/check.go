package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"runtime/debug"
	"strings"
	"text/tabwriter"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/custom"
	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/lint"
)

var checkCmd = &command{
	name: "check",
	args: "ROBOTS SELECTOR...",
	summary: `Answers, for each agent and selector, whether each dialect lets the crawler
fetch it, with the line that decided, and then whether each real crawler
of the protocol fetches it (the crawler presets, under their own names), as
site shows them. Text output starts each agent and selector with one bottom
line, then a row per dialect; the crawlers follow, a bottom line and a row
each per selector; the reasons follow where the readers disagree, or
always with -v. -json prints one object per reader, agent and selector
instead, as they are decided (docs/json.md). -dialect all shows the six
dialects alone, -dialect crawlers the crawlers alone.`,
	examples: []string{
		"smolbots check robots.txt /private/x               # the * agent: six dialects, nine crawlers",
		"smolbots check -agent 'GUS(indexer)' gemini://capsule.example /cgi/x",
		"smolbots check robots.txt /a /b -dialect gemini -json | jq .allowed",
	},
	exits: []string{
		"0  every dialect and crawler allows every selector",
		"1  some dialect or crawler denies some selector",
		"2  usage or input error, with one sentence on stderr",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		o := checkOptions{}
		fs.StringVar(&o.dialects, "dialect", "", "which dialects answer, as `all|crawlers|ID[,ID]`: all six, every crawler preset, or the IDs given, separated by commas; custom:BASE,knob=value,... is a reader of your own (docs/conformance.md) (default: the dialects and crawler presets of -protocol)")
		o.protocol = protocolFlag(fs)
		fs.Var(&o.agents, "agent", "the crawler under test, as `AGENT`: GUS, GUS/2.1, GUS(indexer), indexer or *; repeatable (default *)")
		fs.BoolVar(&o.json, "json", false, "one JSON object per dialect, agent and selector, each on its own line")
		fs.BoolVar(&o.verbose, "v", false, "show every dialect's reason and notes, not only where the dialects disagree")
		return func(c *call) error { return runCheck(c, o) }
	},
}

type checkOptions struct {
	dialects string
	protocol *string
	agents   stringList
	json     bool
	verbose  bool
}

// parseDialects reads -dialect: a comma-separated list of IDs, where
// "all" stands for the six dialects and "crawlers" for every crawler
// preset.
func parseDialects(spec string) ([]core.Dialect, error) {
	if spec == "" {
		spec = "all"
	}
	var out []core.Dialect
	seen := map[string]bool{} // "all,gemini" names gemini twice; it answers once
	add := func(ds ...core.Dialect) {
		for _, d := range ds {
			if !seen[d.ID] {
				seen[d.ID] = true
				out = append(out, d)
			}
		}
	}
	for _, id := range splitDialects(spec) {
		if custom.Is(id) {
			d, err := custom.Parse(id)
			if err != nil {
				return nil, usageErr("%s", visible(err.Error()))
			}
			add(d)
			continue
		}
		switch id {
		case "all":
			add(core.Dialects()...)
			continue
		case "crawlers":
			add(crawlers.All()...)
			continue
		}
		d, ok := crawlers.ReaderByID(id)
		if !ok {
			return nil, usageErr("unknown dialect %q; use all, crawlers or one of %s, %s", visible(id), dialectIDs(), presetIDs())
		}
		add(d)
	}
	return out, nil
}

// splitDialects splits -dialect at commas, except that knob=value
// pieces after a custom:BASE stay with it.
func splitDialects(spec string) []string {
	var out []string
	for _, id := range strings.Split(spec, ",") {
		id = strings.TrimSpace(id)
		if n := len(out); n > 0 && custom.Is(out[n-1]) && strings.Contains(id, "=") {
			out[n-1] += "," + id
			continue
		}
		out = append(out, id)
	}
	return out
}

func presetIDs() string {
	var ids []string
	for _, d := range crawlers.All() {
		ids = append(ids, d.ID)
	}
	return strings.Join(ids, ", ")
}

// splitPresets separates the crawler presets from the dialects.
func splitPresets(ds []core.Dialect) (dialects, presets []core.Dialect) {
	for _, d := range ds {
		if d.Crawler != nil {
			presets = append(presets, d)
		} else {
			dialects = append(dialects, d)
		}
	}
	return dialects, presets
}

// runCheck streams the verdicts, agent by agent, selector by selector,
// dialect by dialect: memory holds one agent's policies, never the
// agents x selectors table.
func runCheck(c *call, o checkOptions) error {
	if len(c.args) < 2 {
		return usageErr("give a robots.txt (file, - or URL) and at least one selector")
	}
	dialects, err := parseDialects(o.dialects)
	if err != nil {
		return err
	}
	scope, err := scopeOf(*o.protocol, c.args[0])
	if err != nil {
		return err
	}
	if o.dialects == "" {
		// The scope's dialects and its real crawlers, as site shows them;
		// an explicit -dialect still picks any dialect.
		dialects = append(scope.Dialects(), crawlers.For(scope)...)
	}
	if len(o.agents) == 0 {
		o.agents = stringList{"*"}
	}
	agents := make([]core.Agent, len(o.agents))
	for i, s := range o.agents {
		if agents[i], err = core.ParseAgent(s); err != nil {
			return usageErr("%s", visible(err.Error()))
		}
	}
	raw := c.args[1:]
	selectors := make([]string, len(raw))
	for i, s := range raw {
		if selectors[i], err = core.SelectorFrom(s); err != nil {
			return usageErr("%s", visible(err.Error()))
		}
	}
	dialects, presets := splitPresets(dialects)
	var data []byte
	var fetched *fetch.Result // the fetch, when ROBOTS is a URL and presets answer
	if len(presets) > 0 && strings.Contains(c.args[0], "://") {
		data, fetched, err = fetchRobotsResult(c.args[0])
		if fetched != nil && o.dialects != "" {
			// Asked for by name: what each crawler makes of the reply.
			// By default the rows' notes say it, and a failed fetch stays
			// one sentence.
			reportCrawlers(c.stderr, concludeCrawlers(fetched))
		}
	} else {
		data, err = readRobots(c.args[0], c.stdin)
	}
	var missing *noRobotsError
	if errors.As(err, &missing) {
		data, err = nil, nil // decided by the verdicts, each with a note
	}
	var notRobots *notRobotsError
	if errors.As(err, &notRobots) && fetched != nil && o.dialects != "" {
		// Not a robots.txt: the dialects have nothing to read, but some
		// crawlers read it anyway and others answer from the reply.
		answer, read, decided, silent := notRobotsPresets(presets, fetched)
		if len(answer) > 0 {
			reportNotRobots(c.stderr, notRobots, read, decided, silent, dialects)
			data, err, presets, dialects = []byte(notRobots.body), nil, answer, nil
		}
	}
	if err != nil {
		return err
	}
	f := core.Parse(data)
	inputNote := lint.InputNote(f)
	if inputNote != "" {
		fmt.Fprintf(c.stderr, "smolbots check: warning: %s\n", inputNote)
	}
	elsewhere := make([]string, len(raw)) // a note for a URL on another host than ROBOTS
	for i, s := range raw {
		if elsewhere[i] = otherHostNote(c.args[0], s); elsewhere[i] != "" {
			fmt.Fprintf(c.stderr, "smolbots check: warning: %s\n", visible(elsewhere[i]))
		}
	}
	if missing != nil {
		inputNote = joinSentences(inputNote, missing.note())
	}
	rulesets := make([]*core.Ruleset, len(dialects))
	for i, d := range dialects {
		rulesets[i] = d.Compile(f)
	}
	out := bufio.NewWriterSize(c.stdout, 64<<10)
	var w verdictWriter = &textWriter{w: out, verbose: o.verbose}
	if o.json {
		w = &jsonWriter{w: out, made: madeWith()}
	}
	denied := false
	policies := make([]*core.Policy, len(dialects))
	row := make([]core.Verdict, len(dialects))
	if len(dialects) == 0 {
		agents = nil // only presets, which test their own names
	}
	for _, a := range agents {
		for i, rs := range rulesets {
			policies[i] = rs.Policy(a)
		}
		w.agent(policies)
		agentNote := lint.RoleNote(f, a)
		for si, sel := range selectors {
			hints := joinSentences(inputNote, elsewhere[si], agentNote, lint.NormalizeNote(raw[si]))
			for di, p := range policies {
				v := p.Test(sel)
				v.Selector = raw[si] // as the user gave it
				v.Note = joinSentences(hints, v.Note)
				denied = denied || !v.Allowed
				row[di] = v
			}
			if err := w.row(row, hints); err != nil {
				return err
			}
		}
	}
	if len(presets) > 0 {
		d, err := presetRows(w, f, presets, raw, inputNote, fetched)
		if err != nil {
			return err
		}
		denied = denied || d
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if denied {
		return &exitError{code: 1}
	}
	return nil
}

// presetRows writes the presets' verdicts, once per selector whatever
// the agents: each preset tests its own names and takes the selector as
// typed (it builds its own target from a URL). When the file was
// fetched, a crawler that does not read the reply as its robots.txt
// answers from the fetch alone.
func presetRows(w verdictWriter, f *core.File, presets []core.Dialect, raw []string, inputNote string, fetched *fetch.Result) (denied bool, err error) {
	concl := presetConclusions(fetched)
	policies := make([]*core.Policy, len(presets))
	for i, d := range presets {
		policies[i] = d.Compile(f).Policy(core.Agent{})
	}
	w.agent(policies)
	row := make([]core.Verdict, len(presets))
	for _, sel := range raw {
		for di, p := range policies {
			row[di] = presetVerdict(presets[di], p, concl, fetched, sel, inputNote)
			denied = denied || !row[di].Allowed
		}
		if err := w.row(row, inputNote); err != nil {
			return denied, err
		}
	}
	return denied, nil
}

// presetConclusions is what each preset makes of the fetch, by ID;
// empty when the file was not fetched.
func presetConclusions(fetched *fetch.Result) map[string]crawlers.CrawlerConclusion {
	concl := map[string]crawlers.CrawlerConclusion{}
	if fetched != nil {
		for _, c := range concludeCrawlers(fetched) {
			concl[c.Crawler] = c
		}
	}
	return concl
}

// presetVerdict is one preset's verdict on sel: from the fetch alone
// when the crawler does not read the reply as its robots.txt, else from
// its policy p.
func presetVerdict(d core.Dialect, p *core.Policy, concl map[string]crawlers.CrawlerConclusion, fetched *fetch.Result, sel, inputNote string) core.Verdict {
	c, ok := concl[d.ID]
	switch {
	case ok && c.Reading != "read" && c.Reading != "unknown":
		return crawlerVerdict(d, c, sel)
	case ok && c.Reading == "read" && fetched.Outcome == fetch.NotRobots:
		// The reply is no robots.txt, but this crawler reads it.
		v := p.Test(sel)
		v.Note = joinSentences(inputNote, c.Note+".", v.Note)
		return v
	}
	v := p.Test(sel)
	v.Note = joinSentences(inputNote, v.Note)
	return v
}

func joinSentences(parts ...string) string {
	n := 0
	for _, p := range parts {
		if p != "" {
			parts[n] = p
			n++
		}
	}
	return strings.Join(parts[:n], " ")
}

// verdictWriter prints the verdicts of one agent and selector, one per
// dialect, as soon as they are decided.
type verdictWriter interface {
	agent(policies []*core.Policy)
	row(vs []core.Verdict, hints string) error
}

// textWriter prints a bottom line per agent and selector, the dialect
// table, and the reasons where the dialects disagree (every reason with
// verbose, each printed again only when it changes).
type textWriter struct {
	w         *bufio.Writer
	verbose   bool
	presets   bool // the rows are crawler presets'
	rows      int
	explained map[string]string // dialect -> last explanation printed for this agent
	tw        *tabwriter.Writer
}

func (t *textWriter) agent(policies []*core.Policy) {
	t.explained = map[string]string{}
	t.presets = len(policies) > 0 && policies[0].Dialect.Crawler != nil
}

func (t *textWriter) row(vs []core.Verdict, hints string) error {
	if t.rows > 0 {
		t.w.WriteByte('\n')
	}
	t.rows++
	v0 := vs[0]
	// "agent" first: a bare "* /x:" would read as a list item.
	who, kind := "agent "+visible(v0.Agent), "dialects"
	if t.presets {
		who, kind = "real crawlers", "crawlers" // each preset tests its own names
	}
	fmt.Fprintf(t.w, "%s %s: %s\n", who, visible(v0.Selector), bottomLine(vs, kind))
	if t.tw == nil {
		t.tw = tabwriter.NewWriter(t.w, 0, 0, 2, ' ', 0)
	}
	for _, v := range vs {
		word := "allowed"
		switch {
		case v.SkipHost:
			word = "SKIPS HOST" // it fetches nothing from the host
		case v.Unread == core.IgnoresFile:
			word = "ignores file" // it fetches the URL without reading robots.txt
		case v.Unread == core.NeverFetched:
			word = "NEVER FETCHES" // its code refuses the URL whatever the file says
		case !v.Allowed:
			word = "DENIED"
		}
		decided := "no rule matched"
		switch {
		case v.Unread == core.IgnoresFile:
			decided = "reads no robots.txt for this URL"
		case v.Unread == core.NeverFetched:
			decided = "its code never fetches this URL"
		}
		if v.Line > 0 {
			decided = fmt.Sprintf("line %d: %s", v.Line, visible(v.Rule))
		}
		fmt.Fprintf(t.tw, "  %s\t%s\t%s\n", v.Dialect, word, decided)
	}
	if err := t.tw.Flush(); err != nil {
		return err
	}
	if hints != "" {
		fmt.Fprintf(t.w, "  note: %s\n", visible(hints))
	}
	if !t.verbose && !disagree(vs) {
		return nil
	}
	for _, v := range vs {
		text := "  " + v.Dialect + ": " + visible(v.Why) + "\n"
		if note := strings.TrimSpace(strings.TrimPrefix(v.Note, hints)); note != "" {
			text += "  " + v.Dialect + " note: " + visible(note) + "\n"
		}
		if t.explained[v.Dialect] != text {
			t.explained[v.Dialect] = text
			t.w.WriteString(text)
		}
	}
	return nil
}

// bottomLine is the answer in one line: "DENIED by gemini, rfc9309;
// allowed by gopher2019", or "allowed by all 6 dialects" (kind is
// "crawlers" for a row of presets).
func bottomLine(vs []core.Verdict, kind string) string {
	var denied, allowed []string
	for _, v := range vs {
		switch {
		case v.Unread == core.IgnoresFile:
			allowed = append(allowed, v.Dialect+" ("+core.IgnoresFileWord+")")
		case v.Unread == core.NeverFetched:
			denied = append(denied, v.Dialect+" ("+core.NeverFetchedWord+")")
		case v.Allowed:
			allowed = append(allowed, v.Dialect)
		case v.SkipHost:
			denied = append(denied, v.Dialect+" (skips the host)")
		default:
			denied = append(denied, v.Dialect)
		}
	}
	switch {
	case len(vs) > 1 && len(denied) == 0:
		return "allowed by " + every(len(vs), kind)
	case len(vs) > 1 && len(allowed) == 0:
		return "DENIED by " + every(len(vs), kind)
	case len(allowed) == 0:
		return "DENIED by " + strings.Join(denied, ", ")
	case len(denied) == 0:
		return "allowed by " + strings.Join(allowed, ", ")
	}
	return "DENIED by " + strings.Join(denied, ", ") + "; allowed by " + strings.Join(allowed, ", ")
}

// every names n dialects (or crawlers) at once: "both dialects", "all 6
// dialects".
func every(n int, kind string) string {
	if n == 2 {
		return "both " + kind
	}
	return fmt.Sprintf("all %d %s", n, kind)
}

func disagree(vs []core.Verdict) bool {
	for _, v := range vs[1:] {
		if v.Allowed != vs[0].Allowed || v.SkipHost != vs[0].SkipHost || v.Unread != vs[0].Unread {
			return true
		}
	}
	return false
}

// visible is core.Visible: outside bytes never reach the terminal raw.
func visible(s string) string { return core.Visible(s) }

// jsonWriter prints one object per verdict, every key on every line
// (docs/json.md). What is the same for every selector of a policy, its
// group and reason, is encoded once per agent.
type jsonWriter struct {
	w     *bufio.Writer
	fixed [][]byte // per dialect: `"group":...,"group_lines":[...],"why":...,`
	buf   []byte
	made  []byte // every line's end: `,"version":...,"built":...}` and a newline
}

func (j *jsonWriter) agent(policies []*core.Policy) {
	j.fixed = j.fixed[:0]
	for _, p := range policies {
		v := p.Test("/") // the policy's fixed fields
		j.fixed = append(j.fixed, appendGroup(nil, &v))
	}
}

func (j *jsonWriter) row(vs []core.Verdict, _ string) error {
	for i := range vs {
		fixed := j.fixed[i]
		if vs[i].Unread != "" {
			fixed = nil // its own why, not the policy's
		}
		j.buf = appendVerdict(j.buf[:0], &vs[i], fixed)
		j.buf = append(j.buf[:len(j.buf)-2], j.made...) // in place of "}\n"
		if _, err := j.w.Write(j.buf); err != nil {
			return err
		}
	}
	return nil
}

// madeWith ends every check -json line: the commit and date of the
// build that decided it (as the page's reports and links name theirs),
// so that a pasted line can be held against a later reading.
func madeWith() []byte {
	rev, date := buildStamp()
	b := append([]byte(","), `"version":`...)
	b = appendString(b, rev)
	b = append(b, `,"built":`...)
	b = appendString(b, date)
	return append(b, "}\n"...)
}

// buildStamp is the commit and UTC date the binary was built from:
// those build.sh stamps (core.Version, core.BuildDate), else those Go
// recorded from the checkout (its VCS revision and commit date), else
// "unreleased" and "undated".
func buildStamp() (rev, date string) {
	rev, date = core.Version(), core.BuildDate()
	if rev == "unreleased" && revision != "" {
		rev = revision
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision" && rev == "unreleased":
				rev = s.Value
			case s.Key == "vcs.time" && date == "undated" && len(s.Value) >= 10:
				date = s.Value[:10]
			}
		}
	}
	return rev, date
}

// appendGroup writes what a verdict's policy fixes: group, group_lines
// and why.
func appendGroup(b []byte, v *core.Verdict) []byte {
	b = appendKey(b, "group", v.Group)
	b = append(b, `,"group_lines":[`...)
	for i, n := range v.GroupLines {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendInt(b, n)
	}
	b = append(b, "],"...)
	return appendKey(b, "why", v.Why)
}

// appendVerdict writes one check line. fixed holds the policy's group,
// group_lines and why, already encoded, or nil to encode them from v.
func appendVerdict(b []byte, v *core.Verdict, fixed []byte) []byte {
	b = append(b, '{')
	b = appendKey(b, "dialect", v.Dialect)
	b = append(b, ',')
	b = appendKey(b, "agent", v.Agent)
	b = append(b, ',')
	b = appendKey(b, "selector", v.Selector)
	b = append(b, ',')
	b = appendKey(b, "target", v.Target)
	b = append(b, `,"allowed":`...)
	b = appendBool(b, v.Allowed)
	if v.SkipHost {
		b = append(b, `,"skip_host":true`...) // only then, as encoding/json's omitempty
	}
	if v.Unread != "" {
		b = append(b, ',')
		b = appendKey(b, "unread", v.Unread)
	}
	b = append(b, `,"line":`...)
	b = appendInt(b, v.Line)
	b = append(b, ',')
	b = appendKey(b, "rule", v.Rule)
	b = append(b, ',')
	if fixed != nil {
		b = append(b, fixed...)
	} else {
		b = appendGroup(b, v)
	}
	b = append(b, ',')
	b = appendKey(b, "note", v.Note)
	b = append(b, `,"alternative":`...)
	if a := v.Alternative; a != nil {
		b = append(b, `{"allowed":`...)
		b = appendBool(b, a.Allowed)
		b = append(b, `,"line":`...)
		b = appendInt(b, a.Line)
		b = append(b, ',')
		b = appendKey(b, "rule", a.Rule)
		b = append(b, ',')
		b = appendKey(b, "reading", a.Reading)
		b = append(b, '}')
	} else {
		b = append(b, "null"...)
	}
	return append(b, "}\n"...)
}

// otherHostNote says when selector is a URL on another server than the
// URL the robots.txt came from (scheme, host or port): a crawler reads
// that server's own robots.txt for it. "" when the two match, or either
// is not a URL.
func otherHostNote(robots, selector string) string {
	r, err1 := url.Parse(robots)
	u, err2 := url.Parse(selector)
	if err1 != nil || err2 != nil || !strings.Contains(robots, "://") || !strings.Contains(selector, "://") || r.Host == "" || u.Host == "" {
		return ""
	}
	server := func(u *url.URL) string {
		port := u.Port()
		if port == "" {
			port = map[string]string{"gemini": "1965", "gopher": "70"}[strings.ToLower(u.Scheme)]
		}
		return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Hostname()) + ":" + port
	}
	if server(r) == server(u) {
		return ""
	}
	at := func(u *url.URL) string { return u.Scheme + "://" + u.Host }
	return fmt.Sprintf("%s is on %s, but this robots.txt came from %s: a crawler reads %s/robots.txt for that URL, so these verdicts are another server's file's.", selector, at(u), at(r), at(u))
}
