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

import "strings"

// Entry is one change of reading.
type Entry struct {
	ID     string // the anchor on /changes: the date and a few words
	Title  string // what changed, in a few words: "gemini-grc reads Gopher's robots.txt"
	Date   string // YYYY-MM-DD, the day it landed
	Commit string // the commit that changed the reading ("" until known)
	// Readers are the dialect and preset IDs whose answers changed.
	Readers []string
	// Cases are the conformance case IDs whose expectation changed
	// under those readers.
	Cases []string
	Why   string // what changed and why, in a sentence or two
	// Source is what showed it: a crawler's code line, a spec's
	// section, a report.
	Source string
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
