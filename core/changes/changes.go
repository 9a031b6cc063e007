// Package changes is the changelog of readings: every change to what a
// reader (a dialect or a crawler preset) answers, with its date, its
// commit, the readers and the conformance cases whose expectation it
// changed, and why. The reference site publishes it (/changes), the
// suite names its last entry (`smolbots vectors`, /conformance.json),
// and the playground explains with it a shared link whose recorded
// verdicts differ from today's.
//
// The suite's expectations are kept in testdata/expect.golden, which
// names the entry it was last written after. A test builds the suite
// and fails when an expectation differs from the golden file and no
// entry after that one names the case and the reader; only then does
// `go test ./core/changes -update` rewrite it. So a change of reading
// cannot land without its entry.
package changes

import (
	"slices"
	"strings"
)

// Entry is one change of reading.
type Entry struct {
	ID     string // the anchor on /changes: the date and a few words
	Title  string // what changed, in a few words: "gemini-grc reads Gopher's robots.txt"
	Date   string // YYYY-MM-DD, the day it landed
	Commit string // the commit that changed the reading ("" until known)
	// Readers are the dialect and preset IDs whose answers changed.
	Readers []string
	// Cases are the conformance case IDs whose expectation changed
	// under those readers; EveryCase alone for a reader new to the suite,
	// whose every answer is new.
	Cases []string
	Why   string // what changed and why, in a sentence or two
	// Source is what showed it: a crawler's code line, a spec's
	// section, a report.
	Source string
}

// EveryCase, as an entry's only case, says that every case of the suite
// changed under its readers: they are new readers.
const EveryCase = "*"

// Names reports whether the entry names the case id under reader.
func (e Entry) Names(id, reader string) bool {
	return slices.Contains(e.Readers, reader) && (slices.Contains(e.Cases, id) || slices.Equal(e.Cases, []string{EveryCase}))
}

// Log is every entry, oldest first. Add an entry at the end when a
// reader's answers change; the golden test says which cases to name.
var Log = []Entry{
	{
		ID:     "2026-12-07-recorded",
		Title:  "The suite's expectations recorded",
		Date:   "2026-12-07",
		Commit: "0f05b81",
		Why:    "The suite's expectations (suite 2, 645 cases) are recorded as they stand: every later change of a reader's answer is an entry below, naming its cases.",
		Source: "core/changes/testdata/expect.golden",
	},
	{
		ID:      "2026-12-07-gopher2019-lone-cr",
		Title:   "gopher2019 keeps a lone CR inside the line",
		Date:    "2026-12-07",
		Commit:  "6c659ab832d4",
		Readers: []string{"gopher2019"},
		Cases:   []string{"matrix/cr-line-endings", "scenario/lexical_cr:GUS:/b", "scenario/lexical_cr:GUS:/a", "scenario/lexical_cr:Kiwi:/a", "scenario/lexical_cr:Kiwi:/b", "scenario/lexical_mixed_endings:GUS:/b", "scenario/lexical_mixed_endings:GUS:/a", "scenario/lexical_mixed_endings:Kiwi:/a", "scenario/lexical_mixed_endings:Kiwi:/b", "scenario/tlgs_lone_cr:*:/private"},
		Why:     "The 2019 Gopher text ends a line at LF or CRLF only, so a lone CR stays inside it: `User-agent: *\rDisallow: /private\r` is one line that names no field, and refuses nothing. smolbots ended lines at a lone CR too, and refused.",
		Source:  "The 2019 Gopher robots.txt proposal (phlog 000), on the lines of the file; a review of the reference against the texts",
	},
	{
		ID:      "2026-12-07-gemini-grc-gopher",
		Title:   "gemini-grc reads no robots.txt for gopher:// URLs",
		Date:    "2026-12-07",
		Commit:  "5c15680bc5ae",
		Readers: []string{"gemini-grc"},
		Cases:   []string{"scenario/gopher2019_ignores_agents:*:robots.txt", "scenario/gopher2019_slash_000:*:robots.txt", "scenario/gopher2019_slash_000:*:0/robots.txt", "scenario/gopher2019_slash_000:*:", "scenario/gopher2019_slash_000:GUS(indexer):about.txt", "scenario/gopher2019_slash_000:GUS:gopher://hole.example/0/about.txt", "scenario/gopher2019_umn_selectors:*:gopher://hole.example/1/private/x", "scenario/gopherdraft_sample_003:GUS:robots.txt", "scenario/gopherdraft_sample_003:googlebot:robots.txt", "scenario/lexical_empty_selector:*:", "scenario/lexical_empty_selector:*:gopher://hole.example/", "scenario/lexical_empty_selector:*:gopher://hole.example/1", "scenario/rfc9309_robots_txt:*:robots.txt"},
		Why:     "gemini-grc consults robots.txt only for gemini:// URLs; with its Gopher switch on it fetches gopher:// URLs and its matcher answers that they are not blocked, so it ignores the file there instead of obeying it.",
		Source:  "antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:common/worker.go:147-157, robotsMatch/robotsMatch.go:94-97, read",
	},
	{
		ID:      "2026-12-07-trailing-cr",
		Title:   "gemini-grc, Gemplex and Kennedy trim a CR at the end of a line",
		Date:    "2026-12-07",
		Commit:  "5c15680bc5ae",
		Readers: []string{"gemini-grc", "gemplex", "kennedy"},
		Cases:   []string{"scenario/lexical_mixed_endings:GUS:/b", "scenario/lexical_mixed_endings:GUS:/a", "scenario/lexical_mixed_endings:Kiwi:/a", "scenario/lexical_mixed_endings:Kiwi:/b"},
		Why:     "Their line readers trim white space, CR included, so `Disallow: /a\r` (and `\r\r\n`) blocks /a for them; TLGS's regular expression keeps the CR, and it is unchanged.",
		Source:  "antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:robotsMatch/robots.go:33-39 and elektito/gemplex cmd/gemplex/crawl.go:585,603-606, both run; acidus99/Kennedy Data/RobotsTxt/RobotsTxtParser.cs:21,26,40-41 (.NET Trim), read",
	},
	{
		ID:      "2026-12-07-gemini-grc-double-slash",
		Title:   "gemini-grc cleans the path, so //a is /a",
		Date:    "2026-12-07",
		Commit:  "5c15680bc5ae",
		Readers: []string{"gemini-grc"},
		Cases:   []string{"scenario/mozz_dollar_and_double_slash:*:gemini://capsule.example//a", "scenario/tlgs_target:*:gemini://capsule.example//search"},
		Why:     "gemini-grc puts the URL's path through path.Clean before it tests it, so gemini://host//a is tested as /a and a rule for /a refuses it.",
		Source:  "antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:common/url/url.go:146,184, run",
	},
	{
		ID:      "2026-12-07-tlgs-high-bytes",
		Title:   "TLGS never fetches a URL with a byte of 0x80 or more",
		Date:    "2026-12-07",
		Commit:  "5c15680bc5ae",
		Readers: []string{"tlgs"},
		Cases:   []string{"scenario/mozz_target:*:/café", "scenario/norobots_quote:figtree:/ünï"},
		Why:     "TLGS tests each character of a URL against 0x20 as a signed char, so a raw byte of 0x80 or more makes the URL one it never crawls: the verdict is that it never fetches it, not the file's.",
		Source:  "marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgs/crawler/crawler.cpp:249-251, run",
	},
	{
		ID:      "2026-12-07-gopher-mcp",
		Title:   "gopher-mcp joins the readers, on Gemini and on Gopher",
		Date:    "2026-12-07",
		Commit:  "52f41b62e2e1",
		Readers: []string{"gopher-mcp-gemini", "gopher-mcp-gopher"},
		Cases:   []string{"*"},
		Why:     "gopher-mcp, the MCP server that lets language models browse Gemini and Gopher, reads robots.txt by default since 0.7.0 with its own parser and names; both of its readings answer every case for the first time.",
		Source:  "cameronrye/gopher-mcp@43f5afc2bc562c50043ff803334cab827a121ec0:src/gopher_mcp/robots.py, run on the 80 cases of core/crawlers/testdata/gopher-mcp/cases.json",
	},
}

// Last is the newest entry.
func Last() Entry { return Log[len(Log)-1] }

// After are the entries newer than the link or report made at rev on
// date: those after the entry whose commit rev is, or failing that
// those dated on or after date (a change of that day may have come
// after it). An empty date gives none: nothing is known to be newer.
func After(rev, date string) []Entry {
	for i, e := range Log {
		if e.Commit != "" && rev != "" && sameCommit(e.Commit, rev) {
			return Log[i+1:]
		}
	}
	if date == "" {
		return nil
	}
	var out []Entry
	for _, e := range Log {
		if e.Date >= date && len(e.Readers) > 0 {
			out = append(out, e)
		}
	}
	return out
}

// Explaining are the entries of After(rev, date) that name reader.
func Explaining(reader, rev, date string) []Entry {
	var out []Entry
	for _, e := range After(rev, date) {
		for _, r := range e.Readers {
			if r == reader {
				out = append(out, e)
				break
			}
		}
	}
	return out
}

// sameCommit: one names the other, shortened or not (at least 7 hex
// digits).
func sameCommit(a, b string) bool {
	if len(a) < 7 || len(b) < 7 {
		return false
	}
	return strings.HasPrefix(a, b) || strings.HasPrefix(b, a)
}

// Path is /changes, and an entry's anchor on it.
func Path(id string) string {
	if id == "" {
		return "/changes"
	}
	return "/changes#" + id
}
