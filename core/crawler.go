package core

import (
	"strings"
)

// Crawler says who a preset is: a real crawler whose robots.txt code was
// read, with the names it tests, where that code lives and what it does
// with each fetch outcome. A preset is an ordinary Dialect whose knobs
// model that code; Crawler only adds identity and citations.
type Crawler struct {
	Name     string // as people call it, e.g. "TLGS"
	Protocol string // "gemini" or "gopher": where the crawler reads robots.txt
	// Agents are the User-agent values the crawler tests, in its own
	// order; none for a crawler that ignores User-agent. The Agent given
	// to Policy does not apply to a preset.
	Agents []string
	// AddOnlyAgents are names whose groups only ever add rules: they
	// join whatever the selection chose from Agents and never take the
	// place of `*` (gopher-mcp's AI crawler tokens). None for most.
	AddOnlyAgents []string
	// Roles are the virtual agents of the Gemini companion spec the
	// crawler is, by what it does: the roles among the Agents it tests
	// (or that its one agent contains, for mozz-archiver's
	// archiver-mozz), else its kind (a search engine is an indexer, an
	// archiver an archiver). None for Veronica-2: Gopher has no roles.
	Roles []string
	// Verified: read from the crawler's code. False: built from its
	// maintainer's description only.
	Verified bool
	Repo     string // "owner/name" (or a host/path off GitHub)
	Commit   string // the commit read
	// Sources cite the code of each behaviour, by key. Notes and lints
	// cite them through Dialect.cite, so a quirk's note names its line.
	Sources []Source
	Fetch   CrawlerFetch
	// AllRulesReading, when set, describes an older account of the
	// crawler in which every Disallow line applies whatever its group;
	// verdicts give that reading as their alternative where it differs.
	AllRulesReading string
	// Unseen are behaviours its code was read for and not found, by the
	// compatibility matrix's feature ID, each with why: the preset
	// answers there as the library it calls would, a guess that the
	// matrix shows as unknown and the lints do not state as a fact.
	Unseen map[string]string
	// NoRobots are the URL schemes the crawler fetches without reading
	// any robots.txt, each with why as a clause after its name citing
	// the code: its verdict on such a URL is "ignores the file".
	NoRobots map[string]string
	// OffWhen is a sentence saying when the crawler reads no robots.txt
	// at all, citing its code: a note on every verdict that denies.
	OffWhen string
}

// LinesUnseen: how the crawler splits the file into lines before its
// library reads them was not seen (its bare-CR reading is a guess).
const LinesUnseen = "cr-line-endings"

// UnseenWhy is why the crawler's behaviour for feature was not seen,
// "" when it was (or d is no crawler).
func (d *Dialect) UnseenWhy(feature string) string {
	if d.Crawler == nil {
		return ""
	}
	return d.Crawler.Unseen[feature]
}

// Source is where one behaviour of a crawler is in its code.
type Source struct {
	Key  string // what behaviour, e.g. "segments"; see sourceKeys
	Ref  string // "path:line" or "path:line-line" in Crawler.Repo at Crawler.Commit
	What string // one line in our words
}

// CrawlerFetch is what the crawler does around the file itself.
type CrawlerFetch struct {
	Location string // the request it sends
	Counts   string // which replies it reads as a robots.txt, in words
	Caching  string
	// What counts, as data: the statuses ("20", "2x" or "any") and the
	// media types (exact, or a prefix ending in "/"; none: any), compared
	// byte for byte on the meta before any ";". Params, when set, are the
	// only parameters whose presence still lets the type count.
	Statuses string
	MIMEs    []string
	Params   []string
	// Readings of each fetch outcome: "allow-all", "skip-host" (the host
	// is not crawled at all for now), "deny-all" (every URL of the host
	// is refused until the file is fetched again), "read" (the body is
	// parsed), or "" when the code does not say. Keys: "found",
	// "not-found", "redirect", "slow-down", "other-status", "other-mime",
	// "error", and "temporary-failure" (a 4x other than 44, for a preset
	// that reads it apart from "other-status").
	Outcomes map[string]string
	Ref      string // where the outcome handling is
}

// Identity is the agent a verdict names for a preset: the User-agent
// values the crawler tests, or "any" when it ignores them.
func (c *Crawler) Identity() string {
	if len(c.Agents) == 0 {
		return "any"
	}
	return strings.Join(c.Agents, ",")
}

// Cite is "repo@commit:path:line" for one source key, or the repository
// alone when the key is not listed (at its full commit, when there is
// one: Veronica-2's sources are mailing-list posts, with none).
func (c *Crawler) Cite(key string) string {
	for _, s := range c.Sources {
		if s.Key == key {
			return s.Ref
		}
	}
	if c.Commit == "" {
		return c.Repo
	}
	return c.Repo + "@" + c.Commit
}

// URL is a reference's address: on GitHub, the file at the commit read
// with its lines ("path:line", or "owner/name@commit:path:line" for code
// in another repository); off GitHub (GUS, "host/owner/name"), the page
// of the commit read, whose diff is the code seen (its parent, "^", is
// that diff's other side); a reference that is itself a web address
// ("lists.debian.org/..."), that page. "" when there is none.
func (c *Crawler) URL(ref string) string {
	if webAddress(ref) {
		return "https://" + ref
	}
	repo, commit := c.Repo, c.Commit
	if at := strings.IndexByte(ref, '@'); at >= 0 && at < strings.IndexByte(ref, ':') {
		colon := strings.IndexByte(ref, ':')
		repo, commit, ref = ref[:at], ref[at+1:colon], ref[colon+1:]
	}
	if commit == "" {
		return ""
	}
	if webAddress(repo) && strings.Count(repo, "/") == 2 {
		return "https://" + repo + "/commit/" + strings.TrimSuffix(commit, "^")
	}
	// owner/name on GitHub: a dot may be in the name (Gemini.Net), never
	// in the owner, where it would be a web host's.
	owner, _, _ := strings.Cut(repo, "/")
	if strings.Count(repo, "/") != 1 || strings.Contains(owner, ".") || strings.HasSuffix(commit, "^") {
		return ""
	}
	path, lines, _ := strings.Cut(ref, ":")
	u := "https://github.com/" + repo + "/blob/" + commit + "/" + path
	if lines != "" {
		lines, _, _ = strings.Cut(lines, ",")
		first, last, ok := strings.Cut(lines, "-")
		u += "#L" + first
		if ok {
			u += "-L" + last
		}
	}
	return u
}

// webAddress says a reference is a host and a path ("lists.debian.org/
// gopher-project/..."), not a path in a repository: its first element
// is a host name, with a dot and no colon or space.
func webAddress(ref string) bool {
	host, _, ok := strings.Cut(ref, "/")
	return ok && strings.Contains(host, ".") && !strings.ContainsAny(host, ": @")
}

// cite is the crawler's reference for key, "" for the six dialects.
func (d *Dialect) cite(key string) string {
	if d.Crawler == nil {
		return ""
	}
	return d.Crawler.Cite(key)
}

// name is how notes call the dialect: the crawler's name for a preset.
func (d *Dialect) name() string {
	if d.Crawler != nil {
		return d.Crawler.Name
	}
	return d.ID
}

// Reply is the first answer to a crawler's robots.txt request, as far as
// its reading depends on it.
type Reply struct {
	Failed bool   // no answer: DNS, connection, TLS or timeout
	Status int    // gemini status; 0 for gopher
	Meta   string // gemini meta: the media type of a 2x
	Found  bool   // gopher: a robots.txt was there
}

// Conclude says what the crawler makes of a reply: "read" (the body is
// its robots.txt), "allow-all", "skip-host" (it does not crawl the host
// for now), "deny-all" (it refuses every URL of the host for now) or
// "unknown", with a note citing its code.
func (c *Crawler) Conclude(r Reply) (reading, note string) {
	key := c.replyKind(r)
	reading = c.Fetch.Outcomes[key]
	if reading == "" {
		return "unknown", c.Name + "'s code for this reply was not read"
	}
	what := map[string]string{
		"found": "reads the reply as its robots.txt", "not-found": "finds no robots.txt",
		"redirect": "does not take a redirect to a robots.txt", "slow-down": "is asked to slow down",
		"other-status": "does not count this status", "other-mime": "does not count this media type",
		"error": "gets no answer", "temporary-failure": "is told the file is unavailable for now",
	}[key]
	then := map[string]string{"read": "and follows it", "allow-all": "so it allows everything", "skip-host": "so it skips the whole host for now", "deny-all": "so it refuses every URL of the host for now"}[reading]
	return reading, c.Name + " " + what + " " + then + " (" + c.Fetch.Ref + ")"
}

// replyKind files a reply under one of CrawlerFetch.Outcomes' keys.
func (c *Crawler) replyKind(r Reply) string {
	switch {
	case r.Failed:
		return "error"
	case c.Protocol == "gopher":
		if r.Found {
			return "found"
		}
		return "not-found"
	case r.Status/10 == 3:
		return "redirect"
	case r.Status == 44:
		return "slow-down"
	case r.Status/10 == 5:
		return "not-found"
	case r.Status/10 == 4 && c.Fetch.Outcomes["temporary-failure"] != "":
		return "temporary-failure"
	case r.Status/10 != 2:
		return "other-status"
	}
	f := &c.Fetch
	switch f.Statuses {
	case "20":
		if r.Status != 20 {
			return "other-status"
		}
	case "any", "2x":
	}
	if len(f.MIMEs) == 0 {
		return "found"
	}
	base, params, _ := strings.Cut(r.Meta, ";")
	for _, m := range f.MIMEs {
		if base == m || strings.HasSuffix(m, "/") && strings.HasPrefix(base, m) {
			if f.Params != nil && !onlyParams(params, f.Params) {
				return "other-mime"
			}
			return "found"
		}
	}
	return "other-mime"
}

// onlyParams: every ";name=value" in params names one of names.
func onlyParams(params string, names []string) bool {
	for _, p := range strings.Split(params, ";") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		name, _, _ := strings.Cut(p, "=")
		ok := false
		for _, n := range names {
			ok = ok || name == n
		}
		if !ok {
			return false
		}
	}
	return true
}
