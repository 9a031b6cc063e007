package core

import "strings"

// Verdict.Unread values: a URL whose fate the file does not decide for
// the crawler.
const (
	// IgnoresFile: the crawler reads no robots.txt for this URL and
	// fetches it whatever the file says (Allowed is true).
	IgnoresFile = "ignores-file"
	// NeverFetched: the crawler never fetches this URL, whatever the
	// file says (Allowed is false).
	NeverFetched = "never-fetched"
)

// Words of the two Unread values, as a verdict reads.
const (
	IgnoresFileWord  = "ignores the file"
	NeverFetchedWord = "never fetches this URL"
)

// unread says whether the crawler's code decides selector before any
// robots.txt is read: IgnoresFile or NeverFetched with the sentence
// that says why, or "" for a URL the file decides. Only a preset's
// verdicts can be unread.
func (d *Dialect) unread(selector string) (kind, why string) {
	c := d.Crawler
	if c == nil {
		return "", ""
	}
	if scheme, _, ok := strings.Cut(selector, "://"); ok && isCrawlURL(selector) {
		if why, ok := c.NoRobots[strings.ToLower(scheme)]; ok {
			return IgnoresFile, c.Name + " " + why
		}
	}
	if d.HighBytesUnfetched {
		for i := 0; i < len(selector); i++ {
			if selector[i] >= 0x80 {
				return NeverFetched, c.Name + " never fetches this URL: it skips every URL holding a byte below 0x20, and its test reads a raw byte of 0x80 or more (here " + hexByte(selector[i]) + ") as a negative char, so as below 0x20 (" + c.Cite("high-bytes") + "). Written with percent escapes, the URL is fetched."
			}
		}
	}
	return "", ""
}

func hexByte(b byte) string { return "0x" + string(upperHex[b>>4]) + string(upperHex[b&15]) }

// testUnread fills v for a URL the crawler's code decides before any
// robots.txt is read; false when the file decides it.
func (p *Policy) testUnread(v *Verdict, selector string) bool {
	kind, why := p.Dialect.unread(selector)
	if kind == "" {
		return false
	}
	*v = Verdict{Dialect: p.Dialect.ID, Agent: p.agent, Selector: selector, Allowed: kind == IgnoresFile, Unread: kind,
		Why: sentence(why), GroupLines: []int{}}
	return true
}
