package site

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/smolbots/smolbots/core/fetch"
)

// Defaults of Config.
const (
	DefaultMaxPages  = 200
	DefaultDelay     = time.Second
	DefaultTimeLimit = 15 * time.Minute
	// NoDelay in Config.Delay sends each request as soon as the last
	// one ended (tests).
	NoDelay time.Duration = -1
	// MaxSlowDowns is how many times one page is asked for again after a
	// Gemini 44 (slow down), each after the wait the server gave.
	MaxSlowDowns = 3
	// maxElsewhere bounds the other hosts kept by name; the rest are
	// counted.
	maxElsewhere = 1000
	// maxUnfollowed bounds the links past MaxPages kept to count them
	// once each.
	maxUnfollowed = 10000
)

// Config sets a walk up. Fetch is required.
type Config struct {
	// Start is the gemini:// or gopher:// URL the walk starts from; only
	// its host and port are walked.
	Start string
	// Fetch makes one request for a page: fetch.Page with the caller's
	// dialer and caps.
	Fetch func(ctx context.Context, url string) *fetch.PageResult
	// MayFetch says whether the walker may request a page: the caller's
	// reading of robots.txt, with the readings that refuse it (none when
	// it may). Nil allows every page. A page it refuses is still listed
	// (and so tested by the caller), but never requested, and the links
	// behind it stay unseen.
	MayFetch func(p *Page) []Refusal
	// Host, when set, is another name of the start's host: a link to
	// it (any port) is walked as a link to the start's own host and
	// port. An admin walking a local copy whose links name its public
	// host sets it to that name.
	Host string
	// MaxPages bounds the pages listed, the start included
	// (DefaultMaxPages when 0). Links found past it are counted, not
	// followed.
	MaxPages int
	// Delay is the pause between the end of one request and the start of
	// the next (DefaultDelay when 0, none when NoDelay).
	Delay time.Duration
	// TimeLimit bounds the whole walk (DefaultTimeLimit when 0); pages
	// not fetched by then are listed as such.
	TimeLimit time.Duration
	// LastRequest is when the caller's last request to the host ended
	// (its robots.txt), so that the first page waits Delay too.
	LastRequest time.Time
	// Sleep waits d or until ctx ends (a timer when nil; tests record).
	Sleep func(ctx context.Context, d time.Duration) error
	// Visit, when set, is told of each page as its request ends.
	Visit func(p *Page)
}

// Refusal is one reading of robots.txt that keeps the walker out of a
// page: which reader, for which agent, and the deciding line.
type Refusal struct {
	Reader string `json:"reader"` // "gemini", or "gemini's other reading"
	Agent  string `json:"agent"`
	Line   int    `json:"line"`
	Rule   string `json:"rule"`
}

// Page is one page the walk found.
type Page struct {
	URL      string // canonical (Canonical)
	Selector string // what a crawler sends, and what rules match (Selector)
	FoundOn  string // the first page that links it; "" for the start
	// Fetched: a request for it was sent.
	Fetched bool
	// Refused: MayFetch refused it; Why says why in words, KeptBy by
	// reading.
	Refused bool
	Why     string
	KeptBy  []Refusal
	// Truncated: the body was cut at the fetch's size cap, so links
	// past the cut are unseen.
	Truncated bool
	// Result is the request's outcome when Fetched.
	Result *fetch.PageResult
	// Status is what happened to the page in a few plain words: the
	// reply ("20 text/gemini, 12 links"), or why it was not requested.
	Status string
	// Links is how many links it holds (all hosts, duplicates counted).
	Links int
	// Problem is a plain sentence when the page could not be read (a
	// failure, a Gemini 4x/5x, a Gopher error reply); "" otherwise.
	Problem string
}

// Host is another host the pages link to, never requested.
type Host struct {
	Origin string // scheme://host[:port]
	Links  int
}

// Result is the walk: every page found, in the order found (breadth
// first), and what it left out.
type Result struct {
	Start    string
	Pages    []Page
	Requests int           // requests sent, second tries after a 44 included
	Elapsed  time.Duration // from the start of the walk to its end
	// Elsewhere are the other hosts and ports linked, most linked
	// first; ElsewhereMore counts those past the first 1,000.
	Elsewhere     []Host
	ElsewhereMore int
	// Unfollowed counts the distinct same-host links found after
	// MaxPages was reached (10,000 at most: UnfollowedMore says more).
	Unfollowed     int
	UnfollowedMore bool
	// Stopped says why the walk ended before every page listed was
	// fetched (the time limit, a wait past it); "" when it did not.
	Stopped string
	// Unrequestable are same-host links no request can carry (a URL
	// over 1024 bytes, a tab in a selector), the first 100 of them;
	// UnrequestableCount counts them all.
	Unrequestable      []Link
	UnrequestableCount int
	// PortLinks are the links written with Gemini's port 1965 (the
	// first 100 of them, as written): mozz-archiver asks the host
	// "1965" for them. PortLinkCount counts them all.
	PortLinks     []Link
	PortLinkCount int
	// LooksLikeThis is another host that the pages link to as if it
	// were this one (the walk found no same-host link, and most links
	// name it): likely the capsule's public name, walked with
	// Config.Host. "" when none.
	LooksLikeThis string
}

// Link is a link found on a page, and why it was not followed.
type Link struct {
	URL     string
	FoundOn string
	Why     string
}

// maxUnrequestable bounds the unrequestable links kept by URL.
const maxUnrequestable = 100

// Fetched counts the pages requested.
func (r *Result) Fetched() int {
	n := 0
	for i := range r.Pages {
		if r.Pages[i].Fetched {
			n++
		}
	}
	return n
}

// Walk walks the capsule or Gopher hole of c.Start breadth-first: each
// page MayFetch allows is requested once, one at a time with c.Delay
// between requests, and the same-host links of text/gemini pages and
// Gopher menus are listed in turn; a Gemini redirect is a link to its
// target. Links to other hosts and ports are counted, never requested.
// A URL is listed once (so a link loop ends), at most c.MaxPages in all.
// The walk ends when every page listed is done, ctx ends, or c.TimeLimit
// runs out. It returns an error only for a start URL it cannot walk.
func Walk(ctx context.Context, c Config) (*Result, error) {
	start, ok := Canonical(c.Start)
	if !ok || (!strings.HasPrefix(start, "gemini://") && !strings.HasPrefix(start, "gopher://")) {
		return nil, fmt.Errorf("%q is not a gemini:// or gopher:// URL", clip(c.Start))
	}
	sel, err := Selector(start)
	if err != nil {
		return nil, err
	}
	if c.MaxPages <= 0 {
		c.MaxPages = DefaultMaxPages
	}
	if c.Delay == 0 {
		c.Delay = DefaultDelay
	}
	if c.TimeLimit <= 0 {
		c.TimeLimit = DefaultTimeLimit
	}
	if c.Sleep == nil {
		c.Sleep = sleep
	}
	began := time.Now()
	ctx, cancel := context.WithTimeout(ctx, c.TimeLimit)
	defer cancel()
	w := &walker{c: c, origin: Origin(start), seen: map[string]bool{}, elsewhere: map[string]int{},
		res: &Result{Start: start}, last: c.LastRequest, alias: strings.ToLower(strings.Trim(c.Host, "[]"))}
	w.add(Page{URL: start, Selector: sel})
	for i := 0; i < len(w.res.Pages) && !w.stopped; i++ {
		if ctx.Err() != nil {
			w.stop(i, ctxWhy(ctx, c.TimeLimit))
			break
		}
		w.visit(ctx, i)
	}
	w.finish()
	w.res.Elapsed = time.Since(began)
	return w.res, nil
}

type walker struct {
	c          Config
	origin     string
	seen       map[string]bool // keys of pages listed, and of links past MaxPages
	elsewhere  map[string]int
	otherCount int
	res        *Result
	last       time.Time // when the last request ended
	stopped    bool
	alias      string // Config.Host, lower case
}

// key identifies a page: a Gopher selector names one document whatever
// the item type a menu gives it.
func key(u string) string {
	if strings.HasPrefix(u, "gopher://") {
		if sel, err := Selector(u); err == nil {
			return Origin(u) + "\t" + sel
		}
	}
	return u
}

func (w *walker) add(p Page) {
	w.seen[key(p.URL)] = true
	w.res.Pages = append(w.res.Pages, p)
}

// visit requests page i if it may, and lists its links.
func (w *walker) visit(ctx context.Context, i int) {
	p := &w.res.Pages[i]
	if w.c.MayFetch != nil {
		if kept := w.c.MayFetch(p); len(kept) > 0 {
			p.Refused, p.Why, p.KeptBy = true, refusalWords(kept), kept
			p.Status = "not fetched: robots.txt refuses it (" + p.Why + ")"
			return
		}
	}
	if typ := ItemType(p.URL); typ != 0 && typ != '1' {
		p.Status = fmt.Sprintf("not fetched: item type %s is not a menu", strconv.QuoteRune(rune(typ)))
		return
	}
	var r *fetch.PageResult
	for try := 0; ; try++ {
		if err := w.pause(ctx, w.c.Delay); err != nil {
			w.stop(i, ctxWhy(ctx, w.c.TimeLimit))
			return
		}
		r = w.c.Fetch(ctx, p.URL)
		w.last = time.Now()
		w.res.Requests++
		p.Fetched, p.Result = true, r
		if r.Kind != fetch.KindStatus || r.Status != 44 || try+1 > MaxSlowDowns {
			break
		}
		wait := slowDown(r.Meta)
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < wait {
			p.Status = "44 slow down: " + r.Meta
			p.Problem = fmt.Sprintf("the server asked to wait %s (44 slow down), past the time limit", wait)
			w.stop(i+1, fmt.Sprintf("the server asked for a wait past the time limit (%s)", w.c.TimeLimit))
			return
		}
		if err := w.pause(ctx, wait); err != nil {
			w.stop(i, ctxWhy(ctx, w.c.TimeLimit))
			return
		}
	}
	if r.Kind == fetch.KindFailed && expired(ctx) {
		w.stop(i, ctxWhy(ctx, w.c.TimeLimit))
		return
	}
	w.read(i, r)
	if w.c.Visit != nil {
		w.c.Visit(&w.res.Pages[i])
	}
}

// read lists the links of page i's reply and says what it was.
func (w *walker) read(i int, r *fetch.PageResult) {
	p := &w.res.Pages[i]
	p.Status = r.Note
	var links []string
	switch r.Kind {
	case fetch.KindLinks:
		links = Links(r)
		p.Links = len(links)
		if r.ItemType == 0 {
			for _, l := range PortLinks(r.Body) {
				if w.res.PortLinkCount++; len(w.res.PortLinks) < maxUnrequestable {
					w.res.PortLinks = append(w.res.PortLinks, Link{URL: clip(l), FoundOn: p.URL, Why: "written with :1965"})
				}
			}
		}
		p.Status += ", " + plural(len(links), "link")
		if r.Truncated {
			p.Truncated = true
			p.Status += fmt.Sprintf(" (cut at %d KiB; links past the cut unseen)", len(r.Body)>>10)
		}
		r.Body = nil // read: memory holds links, not pages
	case fetch.KindStatus:
		switch r.Status / 10 {
		case 3:
			if to, ok := redirect(r.URL, r.Meta); ok {
				links = []string{to}
				p.Links = 1
				p.Status = fmt.Sprintf("%d redirect to %s", r.Status, to)
			} else {
				p.Problem = fmt.Sprintf("the server answered %s, which is not a URL to follow", r.Note)
			}
		case 1:
			p.Status += ": it asks for input, so nothing to follow"
		default:
			p.Problem = "the server answered " + r.Note
		}
	case fetch.KindFailed:
		p.Problem = r.Error
	case fetch.KindError:
		p.Problem = "the server answered with an error: " + r.Reply
	case fetch.KindBinary:
		p.Status += ", not read for links"
	}
	for _, l := range links {
		w.link(p.URL, l)
	}
}

// link lists one link found on page from.
func (w *walker) link(from, l string) {
	o := Origin(l)
	if o != w.origin && w.alias != "" && aliasOf(o, w.alias) {
		if moved, ok := onOrigin(l, w.origin); ok {
			l, o = moved, w.origin
		}
	}
	if o != w.origin {
		if o == "" {
			return // mailto: and the like: no host to count
		}
		if _, ok := w.elsewhere[o]; ok || len(w.elsewhere) < maxElsewhere {
			w.elsewhere[o]++
		} else {
			w.otherCount++
		}
		return
	}
	k := key(l)
	if w.seen[k] {
		return
	}
	if len(w.res.Pages) >= w.c.MaxPages {
		if w.res.Unfollowed < maxUnfollowed {
			w.seen[k] = true
			w.res.Unfollowed++
		} else {
			w.res.UnfollowedMore = true
		}
		return
	}
	sel, err := Selector(l)
	if err != nil { // a link no request can carry: said, never followed
		w.seen[k] = true
		w.res.UnrequestableCount++
		if len(w.res.Unrequestable) < maxUnrequestable {
			w.res.Unrequestable = append(w.res.Unrequestable, Link{URL: clip(l), FoundOn: from, Why: err.Error()})
		}
		return
	}
	w.add(Page{URL: l, Selector: sel, FoundOn: from})
}

// pause waits until d after the last request ended.
func (w *walker) pause(ctx context.Context, d time.Duration) error {
	if d <= 0 || w.last.IsZero() {
		return ctx.Err()
	}
	if left := d - time.Since(w.last); left > 0 {
		return w.c.Sleep(ctx, left)
	}
	return ctx.Err()
}

// expired: ctx has ended, or its deadline has passed (a connection's
// deadline, set from it, may fire before ctx's own timer).
func expired(ctx context.Context) bool {
	d, ok := ctx.Deadline()
	return ctx.Err() != nil || ok && !time.Now().Before(d)
}

// ctxWhy says why ctx ended, in words.
func ctxWhy(ctx context.Context, limit time.Duration) string {
	if d, ok := ctx.Deadline(); errors.Is(ctx.Err(), context.DeadlineExceeded) || ok && !time.Now().Before(d) {
		return fmt.Sprintf("the time limit (%s) ran out", limit)
	}
	return "the walk was cancelled"
}

// stop ends the walk: pages from i on that were not done are marked as
// not fetched (or, when their request failed as the walk ended, not
// read), for why.
func (w *walker) stop(i int, why string) {
	w.stopped = true
	if w.res.Stopped == "" {
		w.res.Stopped = why
	}
	for ; i < len(w.res.Pages); i++ {
		p := &w.res.Pages[i]
		if p.Status == "" || p.Fetched && p.Result != nil && p.Result.Kind == fetch.KindFailed {
			p.Status = "not fetched: " + why
			if p.Fetched {
				p.Status = "not read: " + why
			}
		}
	}
}

func (w *walker) finish() {
	for o, n := range w.elsewhere {
		w.res.Elsewhere = append(w.res.Elsewhere, Host{Origin: o, Links: n})
	}
	sort.Slice(w.res.Elsewhere, func(i, j int) bool {
		a, b := w.res.Elsewhere[i], w.res.Elsewhere[j]
		if a.Links != b.Links {
			return a.Links > b.Links
		}
		return a.Origin < b.Origin
	})
	w.res.ElsewhereMore = w.otherCount
	w.res.LooksLikeThis = w.lookAlike()
}

// lookAlike is the other host most links name when the walk found no
// page of its own beyond the start, and that host takes most of the
// links: a capsule whose links are full URLs with its public name,
// walked from a local address.
func (w *walker) lookAlike() string {
	if len(w.res.Pages) > 1 || len(w.res.Elsewhere) == 0 || w.alias != "" {
		return ""
	}
	total := w.otherCount
	for _, h := range w.res.Elsewhere {
		total += h.Links
	}
	top := w.res.Elsewhere[0]
	if !sameScheme(top.Origin, w.origin) || 2*top.Links <= total {
		return ""
	}
	return top.Origin
}

func sameScheme(a, b string) bool {
	sa, _, _ := strings.Cut(a, "://")
	sb, _, _ := strings.Cut(b, "://")
	return sa == sb
}

// aliasOf: origin names host (any port) under the walk's own scheme.
func aliasOf(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && strings.EqualFold(u.Hostname(), host)
}

// onOrigin is l with its scheme, host and port replaced by origin's.
func onOrigin(l, origin string) (string, bool) {
	u, err := url.Parse(l)
	if err != nil || !sameScheme(strings.ToLower(u.Scheme)+"://", origin) {
		return "", false
	}
	o, err := url.Parse(origin)
	if err != nil {
		return "", false
	}
	u.Host = o.Host
	return canonical(u)
}

// refusalWords joins refusals by deciding line:
// "line 4: Disallow: /x (gemini, rfc9309 for smolbots(researcher))".
func refusalWords(rs []Refusal) string {
	var out []string
	var who [][]string
	for _, r := range rs {
		s := fmt.Sprintf("line %d: %s", r.Line, r.Rule)
		if r.Line == 0 {
			s = "before any rule"
		}
		i := 0
		for i < len(out) && out[i] != s {
			i++
		}
		if i == len(out) {
			out, who = append(out, s), append(who, nil)
		}
		who[i] = append(who[i], r.Reader)
	}
	for i := range out {
		out[i] += " (" + strings.Join(who[i], ", ") + ")"
	}
	return strings.Join(out, "; ")
}

// slowDown reads a 44's meta, the seconds to wait; 60 s when it gives
// none (the server asked for a wait without saying how long).
func slowDown(meta string) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(meta))
	if err != nil || n < 0 {
		return time.Minute
	}
	if n > 24*3600 {
		n = 24 * 3600
	}
	return time.Duration(n) * time.Second
}

// redirect resolves a 3x meta against the page's URL.
func redirect(from, meta string) (string, bool) {
	base, err := url.Parse(from)
	if err != nil {
		return "", false
	}
	ref, err := url.Parse(meta)
	if err != nil || meta == "" {
		return "", false
	}
	return canonical(base.ResolveReference(ref))
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}
