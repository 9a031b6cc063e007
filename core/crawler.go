package core

import "strings"

// Crawler says who a preset is: a real crawler whose robots.txt code was
// read, with the names it tests, where that code lives and what it does
// with each fetch outcome. A preset is an ordinary Dialect whose knobs
// model that code; Crawler only adds identity and citations.
type Crawler struct {
	Name string // as people call it, e.g. "TLGS"
	// Agents are the User-agent values the crawler tests, in its own
	// order; none for a crawler that ignores User-agent. The Agent given
	// to Policy does not apply to a preset.
	Agents []string
	// Verified: read from the crawler's code. False: built from its
	// maintainer's description only.
	Verified bool
	Repo     string // "owner/name" (or a host/path off GitHub)
	Commit   string // the commit read
	// Sources cite the code of each behaviour, by key. Notes and lints
	// cite them through Dialect.cite, so a quirk's note names its line.
	Sources []Source
	Fetch   CrawlerFetch
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
	Counts   string // which replies it reads as a robots.txt
	Caching  string
	// Readings of each fetch outcome: "allow-all", "skip-host" (the host
	// is not crawled at all for now), "read" (the body is parsed), or ""
	// when the code does not say. Keys: "found", "not-found",
	// "redirect", "slow-down", "other-status", "other-mime", "error".
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
// alone when the key is not listed.
func (c *Crawler) Cite(key string) string {
	for _, s := range c.Sources {
		if s.Key == key {
			return s.Ref
		}
	}
	return c.Repo + "@" + short(c.Commit)
}

func short(commit string) string {
	if len(commit) > 10 {
		return commit[:10]
	}
	return commit
}

// URL links a reference ("path:line", or "owner/name@commit:path:line"
// for code in another repository) to GitHub at the commit read; "" when
// the code is not on GitHub.
func (c *Crawler) URL(ref string) string {
	repo, commit := c.Repo, c.Commit
	if at := strings.IndexByte(ref, '@'); at >= 0 && at < strings.IndexByte(ref, ':') {
		colon := strings.IndexByte(ref, ':')
		repo, commit, ref = ref[:at], ref[at+1:colon], ref[colon+1:]
	}
	if commit == "" || strings.Count(repo, "/") != 1 || strings.Contains(repo, ".") || strings.HasSuffix(commit, "^") {
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
