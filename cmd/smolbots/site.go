package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/core/site"
	"github.com/smolbots/smolbots/core/sitereport"
)

// siteTimeLimit bounds a whole walk; tests shorten it.
var siteTimeLimit = site.DefaultTimeLimit

// siteAgent is who smolbots is when it reads robots.txt for itself: a
// tool that reads pages to study them is a researcher in the Gemini
// companion text's words, so a record for researchers keeps it out too.
const siteAgent = "smolbots(researcher)"

var siteCmd = &command{
	name: "site",
	args: "URL",
	summary: `Walks a capsule or a Gopher hole from URL (gemini://host[:port]/[path] or
gopher://host[:port]/[selector]) and tests every page it finds, under
every reader: the dialects for each -agent and the protocol's real
crawlers. It fetches the host's robots.txt as fetch does, then follows
the links of text/gemini pages (=> lines) and Gopher menus breadth-first,
on the same host and port only; other hosts are counted, never asked.

It behaves as a polite bot: one request at a time, -delay between
requests, a Gemini 44 (slow down) waited out, bodies read up to 512 KiB
and 10 s each, at most -max-pages pages and 15 minutes in all. It fetches
only the pages robots.txt lets smolbots (as smolbots(researcher)) fetch
under every dialect of the protocol, other readings included; pages it
may not fetch are still tested, but what they link to stays unseen. A
Gopher item that is not a menu, and a Gemini page that is not
text/gemini, are tested but never read for links.

A capsule whose links name its public host, walked from a local
address before publishing, is walked as that host with -host NAME: a
link to NAME (any port) is asked of the URL's own host and port.

Text output, every list at most -max items with a count of the rest:
per reader the pages refused, folded by directory and grouped by
deciding line (readers that refuse alike share an entry); a note when
the file's groups name agents or roles no -agent carries; the pages
the readers disagree on, grouped by who refuses by which line; the
pages robots.txt keeps smolbots out of; what each rule refuses among
the pages found, the rules that decide none of them and near misses (a
linked page a rule misses by a trailing /, letter case or one path
segment); and a summary of what the walk did and did not see (pages
cut at 512 KiB, links too long to request, pages not read for links,
other hosts, limits). -json prints check's line for each page and
reader instead, with url, found_on, fetched, status and kept_out
(docs/json.md); the summary goes to stderr.`,
	examples: []string{
		"smolbots site gemini://capsule.example/",
		"smolbots site -host capsule.example gemini://localhost:1965/",
		"smolbots site -json gopher://capsule.example | jq 'select(.allowed == false) | .url'",
	},
	exits: []string{
		"0  every reader allows every page found",
		"1  some reader refuses some page",
		"2  usage or input error (a bad URL, a robots.txt that could not be read), with one sentence on stderr",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		o := siteOptions{}
		fs.IntVar(&o.maxPages, "max-pages", site.DefaultMaxPages, "the most pages to list and test, as `N`, the start included")
		fs.DurationVar(&o.delay, "delay", site.DefaultDelay, "the pause between two requests, as a `D` such as 1s or 500ms (0: none)")
		fs.StringVar(&o.dialects, "dialect", "", "which readers answer, as `all|crawlers|ID[,ID]` (default: the dialects and crawler presets of the URL's protocol)")
		fs.Var(&o.agents, "agent", "the crawler under test for the dialects, as `AGENT`; repeatable (default *); presets test their own names")
		fs.BoolVar(&o.json, "json", false, "one JSON object per page and reader, each on its own line")
		fs.IntVar(&o.max, "max", sitereport.DefaultMax, "the most items each part of the text lists, as `N`; the rest are counted")
		fs.StringVar(&o.host, "host", "", "walk links to `NAME` (any port) as links to the URL's own host and port: the capsule's public name, for a local copy")
		return func(c *call) error { return runSite(c, o) }
	},
}

type siteOptions struct {
	maxPages int
	delay    time.Duration
	dialects string
	agents   stringList
	json     bool
	max      int
	host     string
}

// reader is one column of the answer: a dialect for one agent, or a
// crawler preset.
type reader struct {
	name   string // as the text shows it: "gemini", "gemini (GUS)", "TLGS"
	d      core.Dialect
	policy *core.Policy
	hints  string // notes every verdict of this reader carries
	url    bool   // tests the page's URL (a Gemini crawler builds its own target)
}

func runSite(c *call, o siteOptions) error {
	if len(c.args) != 1 {
		return usageErr("give one URL: smolbots site [flags] gemini://host[:port]/[path] | gopher://host[:port]/[selector]")
	}
	start := c.args[0]
	scope, ok := core.ProtocolOfURL(start)
	if !ok {
		return usageErr("%q is not a gemini:// or gopher:// URL", visible(start))
	}
	if _, _, _, err := fetch.PageRequest(start); err != nil {
		return usageErr("%s", visible(err.Error()))
	}
	if o.maxPages < 1 {
		return usageErr("-max-pages must be at least 1")
	}
	if o.delay < 0 {
		return usageErr("-delay cannot be negative")
	}
	if o.max < 1 {
		return usageErr("-max must be at least 1")
	}
	if strings.ContainsAny(o.host, "/:@ \t") {
		return usageErr("-host takes a host name alone, such as capsule.example, not %q", visible(o.host))
	}
	var dialects, presets []core.Dialect
	if o.dialects == "" {
		dialects, presets = scope.Dialects(), crawlers.Visiting(scope)
	} else {
		ds, err := parseDialects(o.dialects)
		if err != nil {
			return err
		}
		dialects, presets = splitPresets(ds)
	}
	if len(o.agents) == 0 {
		o.agents = stringList{"*"}
	}
	agents := make([]core.Agent, len(o.agents))
	for i, s := range o.agents {
		var err error
		if agents[i], err = core.ParseAgent(s); err != nil {
			return usageErr("%s", visible(err.Error()))
		}
	}

	data, fetched, err := fetchRobotsResult(start)
	var missing *noRobotsError
	if errors.As(err, &missing) {
		data, err = nil, nil // every dialect allows everything; each verdict says why
	}
	if err != nil {
		return err
	}
	robotsDone := time.Now()
	f := core.Parse(data)
	inputNote := lint.InputNote(f)
	if missing != nil {
		inputNote = joinSentences(inputNote, missing.note())
	}

	delay := o.delay
	if delay == 0 {
		delay = site.NoDelay
	}
	cfg := site.Config{
		Start: start,
		Fetch: func(ctx context.Context, u string) *fetch.PageResult {
			r, err := fetch.Page(ctx, u, fetch.Options{Timeout: fetchTimeout})
			if err != nil { // the walk lists only URLs a request can carry
				return &fetch.PageResult{URL: u, Kind: fetch.KindFailed, Error: err.Error(), Note: err.Error(), Failure: fetch.FailUpstream}
			}
			return r
		},
		MayFetch:    politeness(f, scope),
		MaxPages:    o.maxPages,
		Host:        o.host,
		Delay:       delay,
		TimeLimit:   siteTimeLimit,
		LastRequest: robotsDone,
	}
	if isTerminal(c.stderr) {
		n := 0
		cfg.Visit = func(p *site.Page) {
			n++
			fmt.Fprintf(c.stderr, "smolbots site: %d: %s: %s\n", n, visible(p.URL), visible(p.Status))
		}
	}
	res, err := site.Walk(context.Background(), cfg)
	if err != nil {
		return usageErr("%s", visible(err.Error()))
	}

	readers := siteReaders(f, dialects, presets, agents, o.agents, inputNote)
	concl := presetConclusions(fetched)
	verdicts := make([][]core.Verdict, len(res.Pages)) // page x reader
	refused := false
	for i := range res.Pages {
		p := &res.Pages[i]
		row := make([]core.Verdict, len(readers))
		for j, r := range readers {
			sel := p.Selector
			if r.url {
				sel = p.URL
			}
			if r.d.Crawler != nil {
				row[j] = presetVerdict(r.d, r.policy, concl, fetched, sel, inputNote)
			} else {
				row[j] = r.policy.Test(sel)
				row[j].Note = joinSentences(r.hints, row[j].Note)
			}
			row[j].Selector = p.Selector
			refused = refused || !row[j].Allowed
		}
		verdicts[i] = row
	}

	out := bufio.NewWriterSize(c.stdout, 64<<10)
	if o.json {
		if err := siteJSON(out, res, verdicts); err != nil {
			return err
		}
		siteSummary(c.stderr, res, fetched, missing != nil, o)
	} else {
		in := sitereport.Input{File: f, Walk: res, Verdicts: verdicts, Agents: agents, Max: o.max}
		for _, r := range readers {
			in.Readers = append(in.Readers, sitereport.Reader{Name: r.name, Dialect: r.d.Crawler == nil})
		}
		sitereport.Write(out, in)
		siteSummary(out, res, fetched, missing != nil, o)
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if refused {
		return &exitError{code: 1}
	}
	return nil
}

// siteReaders are the columns: each dialect for each agent, then each
// preset.
func siteReaders(f *core.File, dialects, presets []core.Dialect, agents []core.Agent, raw stringList, inputNote string) []reader {
	var rs []reader
	named := len(raw) != 1 || raw[0] != "*"
	for i, a := range agents {
		hints := joinSentences(inputNote, lint.RoleNote(f, a))
		for _, d := range dialects {
			name := d.ID
			if named {
				name += " (" + visible(raw[i]) + ")"
			}
			rs = append(rs, reader{name: name, d: d, policy: d.Compile(f).Policy(a), hints: hints})
		}
	}
	for _, d := range presets {
		rs = append(rs, reader{name: d.Crawler.Name, d: d, policy: d.Compile(f).Policy(core.Agent{}),
			url: d.Crawler.Protocol == "gemini"})
	}
	return rs
}

// politeness reads robots.txt as smolbots does for itself, strictly: a
// page may be fetched only when every dialect of the protocol, under
// its other reading too, lets smolbots(researcher) fetch it.
func politeness(f *core.File, scope core.Protocol) func(p *site.Page) []site.Refusal {
	agent := core.MustAgent(siteAgent)
	var ps []*core.Policy
	for _, d := range scope.Dialects() {
		ps = append(ps, d.Compile(f).Policy(agent))
	}
	return func(p *site.Page) []site.Refusal {
		var kept []site.Refusal
		for _, pol := range ps {
			v := pol.Test(p.Selector)
			switch {
			case !v.Allowed:
				kept = append(kept, site.Refusal{Reader: v.Dialect, Agent: siteAgent, Line: v.Line, Rule: v.Rule})
			case v.Alternative != nil && !v.Alternative.Allowed:
				kept = append(kept, site.Refusal{Reader: v.Dialect + "'s other reading", Agent: siteAgent,
					Line: v.Alternative.Line, Rule: v.Alternative.Rule})
			}
		}
		return kept
	}
}

// shown is how the text names a page: its selector, which robots.txt
// rules match ("the root menu" for a Gopher root's empty selector).
func shown(p *site.Page) string {
	if p.Selector == "" {
		return "the root menu"
	}
	return visible(p.Selector)
}

// linkedFrom is " (linked from /x)", or "" for the start page.
func linkedFrom(res *site.Result, p *site.Page) string {
	if p.FoundOn == "" {
		return ""
	}
	for i := range res.Pages {
		if res.Pages[i].URL == p.FoundOn {
			return " (linked from " + shown(&res.Pages[i]) + ")"
		}
	}
	return " (linked from " + visible(p.FoundOn) + ")"
}

// siteSummary says what the walk did and what it did not see, one
// sentence a line; lists stop at -max items.
func siteSummary(w io.Writer, res *site.Result, robots *fetch.Result, noRobots bool, o siteOptions) {
	kept := 0
	var notMenus, notText, cut []string // selectors
	for i := range res.Pages {
		p := &res.Pages[i]
		switch {
		case p.Refused:
			kept++
		case !p.Fetched && strings.HasPrefix(p.Status, "not fetched: item type"):
			notMenus = append(notMenus, p.Selector)
		case p.Fetched && p.Result != nil && (p.Result.Kind == fetch.KindOther || p.Result.Kind == fetch.KindBinary):
			notText = append(notText, p.Selector)
		}
		if p.Truncated {
			cut = append(cut, p.Selector)
		}
	}
	fmt.Fprintf(w, "Pages: %s found from %s, %d fetched", pluralWord(len(res.Pages), "page"), visible(res.Start), res.Fetched())
	if kept > 0 {
		fmt.Fprintf(w, ", %d kept out by robots.txt", kept)
	}
	fmt.Fprintf(w, "; %s (robots.txt included) in %.1f s.\n", pluralWord(res.Requests+len(robots.Attempts), "request"), res.Elapsed.Seconds())
	if noRobots {
		fmt.Fprintf(w, "robots.txt: %s has none, so every dialect allows everything.\n", visible(robots.URL))
	} else {
		fmt.Fprintf(w, "robots.txt: read from %s (%d bytes).\n", visible(last(robots).URL), robots.Bytes)
	}
	if len(cut) > 0 {
		fmt.Fprintf(w, "Unseen: %s cut at 512 KiB, so the links past the cut are unseen: %s.\n",
			pluralWord(len(cut), "page"), sitereport.Pages(cut, o.max))
	}
	if len(notMenus) > 0 {
		fmt.Fprintf(w, "Unseen: %s not a menu, so tested but neither fetched nor read for links: %s.\n",
			pluralWord(len(notMenus), "Gopher item"), sitereport.Pages(notMenus, o.max))
	}
	if len(notText) > 0 {
		fmt.Fprintf(w, "Unseen: %s not text/gemini or a menu, so tested but not read for links: %s.\n",
			pluralWord(len(notText), "page"), sitereport.Pages(notText, o.max))
	}
	if res.UnrequestableCount > 0 {
		var ls []string
		for _, l := range res.Unrequestable {
			ls = append(ls, fmt.Sprintf("%s on %s (%s)", visible(clipURL(l.URL)), visible(l.FoundOn), visible(l.Why)))
		}
		fmt.Fprintf(w, "Unseen: %s on this host no request can carry, never followed: %s.\n",
			pluralWord(res.UnrequestableCount, "link"), listSomeOf(ls, res.UnrequestableCount, min(o.max, 3)))
	}
	if len(res.Elsewhere) > 0 {
		var hs []string
		for _, h := range res.Elsewhere {
			hs = append(hs, fmt.Sprintf("%s (%s)", visible(h.Origin), pluralWord(h.Links, "link")))
		}
		fmt.Fprintf(w, "Other hosts, linked but never requested: %s", listSome(hs, min(o.max, 10)))
		if res.ElsewhereMore > 0 {
			fmt.Fprintf(w, "; and %d links to further hosts", res.ElsewhereMore)
		}
		fmt.Fprintln(w, ".")
	}
	if res.LooksLikeThis != "" {
		host := res.LooksLikeThis[strings.Index(res.LooksLikeThis, "://")+3:]
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		fmt.Fprintf(w, "Hint: the walk stopped at the start page because its links name %s, not this host; if that is this capsule's public name, walk it as that host: smolbots site -host %s %s\n",
			visible(res.LooksLikeThis), visible(host), visible(res.Start))
	}
	if res.Unfollowed > 0 {
		more := ""
		if res.UnfollowedMore {
			more = " or more"
		}
		fmt.Fprintf(w, "Limit: -max-pages %d was reached; %d%s other %s on this host %s not followed.\n",
			o.maxPages, res.Unfollowed, more, verb(res.Unfollowed, "page", "pages"), verb(res.Unfollowed, "was", "were"))
	}
	if res.Stopped != "" {
		fmt.Fprintf(w, "Stopped early: %s.\n", visible(res.Stopped))
	}
	var problems []string
	for i := range res.Pages {
		p := &res.Pages[i]
		if p.Problem != "" {
			problems = append(problems, fmt.Sprintf("  %s%s: %s", shown(p), linkedFrom(res, p), sentenceEnd(visible(p.Problem))))
		}
	}
	if len(problems) > 0 {
		fmt.Fprintln(w, "Problems:")
		for k, pr := range problems {
			if k == o.max {
				fmt.Fprintf(w, "  and %d more (site -json gives each page's status)\n", len(problems)-k)
				break
			}
			fmt.Fprintln(w, pr)
		}
	}
}

// clipURL keeps a long URL to its first 60 bytes.
func clipURL(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// listSomeOf joins the first n of items, of total in all.
func listSomeOf(items []string, total, n int) string {
	if len(items) > n {
		items = items[:n]
	}
	s := strings.Join(items, ", ")
	if total > len(items) {
		s += fmt.Sprintf(" and %d more", total-len(items))
	}
	return s
}

// siteJSON writes check's line for each page and reader, with the
// page's url, found_on, fetched and status.
func siteJSON(w *bufio.Writer, res *site.Result, verdicts [][]core.Verdict) error {
	var b []byte
	for i, row := range verdicts {
		p := &res.Pages[i]
		for j := range row {
			b = appendVerdict(b[:0], &row[j], nil)
			b = b[:len(b)-2] // "}\n"
			b = append(b, ',')
			b = appendKey(b, "url", p.URL)
			b = append(b, ',')
			b = appendKey(b, "found_on", p.FoundOn)
			b = append(b, `,"fetched":`...)
			b = appendBool(b, p.Fetched)
			b = append(b, ',')
			b = appendKey(b, "status", p.Status)
			b = append(b, `,"kept_out":`...)
			b = appendKeptOut(b, p.KeptBy)
			b = append(b, "}\n"...)
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
	}
	return nil
}

// appendKeptOut writes the readings that kept smolbots out of a page:
// [{"reader","agent","line","rule"}], [] for a page it could fetch.
func appendKeptOut(b []byte, rs []site.Refusal) []byte {
	b = append(b, '[')
	for i, r := range rs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		b = appendKey(b, "reader", r.Reader)
		b = append(b, ',')
		b = appendKey(b, "agent", r.Agent)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(r.Line), 10)
		b = append(b, ',')
		b = appendKey(b, "rule", r.Rule)
		b = append(b, '}')
	}
	return append(b, ']')
}

// listSome joins at most n items, then says how many more.
func listSome(items []string, n int) string {
	if len(items) <= n {
		return lint.JoinWords(items)
	}
	return strings.Join(items[:n], ", ") + fmt.Sprintf(" and %d more", len(items)-n)
}

func pluralWord(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// sentenceEnd ends s with a full stop unless it ends a sentence already.
func sentenceEnd(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}
