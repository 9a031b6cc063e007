package refsite

import (
	"fmt"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// The texts the dialects come from (docs/dialects.md names them), so
// that a page can cite a section of one. Each has an address (the page,
// the archived post; CPython's robotparser at its release's full
// commit) but conner2020, whose place in the list's archive was not
// found: unaddressed says why, and a test holds every other text to an
// address.
type text struct {
	Title string
	Href  string
}

var unaddressed = map[string]string{
	"conner2020": "the post's number in the Gemini list's archive was not confirmed; the thread is “robots.txt for Gemini formalised”, November 2020",
}

// cpythonCommit is CPython's v3.11.7, the release whose robotparser.py
// the line numbers cited are read from (Debian's 3.11 has the same).
const cpythonCommit = "fa7a6f23036537567592647d15f043722c7144ad"

var texts = map[string]text{
	"gopher2019":  {"Robots and Gopher (the 2019 proposal)", "https://alexschroeder.ch/wiki/2019-05-24_Robots_and_Gopher"},
	"gopherdraft": {"the modern Gopher draft (2014), its Robot Access Restrictions Policy", "https://wiki.volution.ro/CiprianDorinCraciun/Notes/Public/Gopher/RfcUpdateProposal/attachments/proposal.txt"},
	"gemini":      {"robots.txt for Gemini (the companion specification)", "gemini://gemini.circumlunar.space/docs/companion/robots.gmi"},
	"conner2020":  {"Sean Conner, “robots.txt for Gemini formalised” (Gemini list, 22 November 2020)", ""},
	"conner2021":  {"Sean Conner, “Encouraging HTTP Proxies to support Gemini hosts self-blacklisting” (Gemini list, 22 February 2021)", "https://lists.orbitalfox.eu/archives/gemini/2021/005423.html"},
	"rfc9309":     {"RFC 9309, the Robots Exclusion Protocol", "https://www.rfc-editor.org/rfc/rfc9309"},
	"1994":        {"A Standard for Robot Exclusion (1994)", "https://www.robotstxt.org/orig.html"},
	"robotparser": {"CPython's Lib/urllib/robotparser.py (3.11.7, commit " + cpythonCommit + ")", "https://github.com/python/cpython/blob/" + cpythonCommit + "/Lib/urllib/robotparser.py"},
}

// evidence is one citation: a section of a text, or a line of code.
type evidence struct {
	Text string
	Href string
	// check says what is wrong with it, "" when nothing is: a crawler
	// source key that the preset does not list, for instance.
	check string
}

// spec cites a section of one of the texts.
func spec(id, section string) evidence {
	src, ok := texts[id]
	if !ok {
		return evidence{check: "unknown text " + id}
	}
	e := evidence{Text: src.Title + ", " + section, Href: src.Href}
	if id == "rfc9309" {
		// "2.2.2" or "2.2.2 (what it says)": the number is the anchor.
		num, _, _ := strings.Cut(section, " ")
		e.Text = "RFC 9309 section " + section
		e.Href = src.Href + "#section-" + num
	}
	return e
}

// python cites lines of CPython's robotparser, which norobots and GUS
// follow.
func python(lines, what string) evidence {
	src := texts["robotparser"]
	first, last, ok := cutDash(lines)
	href := src.Href + "#L" + first
	if ok {
		href += "-L" + last
	}
	return evidence{Text: "robotparser.py:" + lines + ": " + what, Href: href}
}

func cutDash(s string) (string, string, bool) {
	for i := range s {
		if s[i] == '-' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// crawlerCode cites the line of a crawler preset's code listed under key
// in its Sources, linked to the repository at the commit read.
func crawlerCode(id, key string) evidence {
	d, ok := crawlers.ReaderByID(id)
	if !ok || d.Crawler == nil {
		return evidence{check: "unknown crawler preset " + id}
	}
	for _, s := range d.Crawler.Sources {
		if s.Key == key {
			return evidence{Text: d.Crawler.Name + ": " + s.What + " (" + fullRef(d.Crawler, s.Ref) + ")", Href: refURL(d.Crawler, s.Ref)}
		}
	}
	return evidence{check: fmt.Sprintf("%s lists no source %q", id, key)}
}

// fullRef is a crawler's reference as repo@commit:path:line, with the
// full commit: a Source's Ref names the path in the crawler's own
// repository, or in another one with its own repo@commit prefix; a
// mailing-list post or a web page is its address, as it is.
func fullRef(c *core.Crawler, ref string) string {
	if at, colon := strings.IndexByte(ref, '@'), strings.IndexByte(ref, ':'); at >= 0 && at < colon {
		return ref
	}
	if c.Commit == "" || strings.HasPrefix(c.URL(ref), "https://"+ref) {
		return ref
	}
	return c.Repo + "@" + c.Commit + ":" + ref
}

// refURL is a crawler's reference's address (core.Crawler.URL).
func refURL(c *core.Crawler, ref string) string { return c.URL(ref) }

// proxyEvidence cites what a web proxy or gateway does with robots.txt,
// each of its references linked where the code is on GitHub.
func proxyEvidence(name string) []evidence {
	for _, w := range crawlers.WebProxies {
		if w.Name != name {
			continue
		}
		var out []evidence
		for _, ref := range w.Evidence {
			bare, _, _ := strings.Cut(ref, " (")
			out = append(out, evidence{Text: w.Name + ": " + w.What + " (" + ref + ")", Href: proxyRefURL(bare)})
		}
		return out
	}
	return []evidence{{check: "unknown web proxy " + name}}
}

// proxyRefURL is the address of a web proxy's evidence: a GitHub line
// for code, the message itself for a mailing-list post.
func proxyRefURL(ref string) string {
	if strings.HasPrefix(ref, "https://") {
		return ref
	}
	return (&core.Crawler{}).URL(ref)
}
