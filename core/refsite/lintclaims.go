package refsite

import (
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/claims"
	"github.com/smolbots/smolbots/core/crawlers"
)

// Sentences built from the readers' verdicts on a stated example, so
// that they stay true whichever way a reader is changed.

func allReaders() []string {
	ids, _ := claims.Expand([]string{"all"})
	return ids
}

// bomMatters compares every reader's verdicts on the bom page's example
// with and without the mark.
func bomMatters() string {
	plain := crlf("User-agent: *\nDisallow: /private\n")
	sels := []string{"/private"}
	changed := claims.Differ("\uFEFF"+plain, plain, sels, "", allReaders())
	var same, keepSame []string
	for _, id := range allReaders() {
		if !slices.Contains(changed, id) {
			same = append(same, id)
			if d, _ := crawlers.ReaderByID(id); d.BOMInText {
				keepSame = append(keepSame, id)
			}
		}
	}
	var b strings.Builder
	if len(changed) > 0 {
		b.WriteString("On the example the mark changes the verdict on `/private` for " + claims.Names(changed) + ": " + says(changed, "it reads", "they read") + " the mark as part of the first field's name, so `User-agent: *` is a line " + says(changed, "it does", "they do") + " not know and the rule below it has no group. ")
	}
	b.WriteString("The other readers, " + claims.Names(same) + ", give the same verdict with the mark and without it")
	if len(keepSame) > 0 {
		b.WriteString(", although " + claims.Names(keepSame) + " keep the mark in the first line too (their code is cited on their pages): there the rule still counts, or the User-agent line meant nothing to them anyway")
	}
	b.WriteString(".")
	return b.String()
}

// crMatters compares every reader's verdicts on the cr-line-endings
// page's example with those on the same file in CRLF.
func crMatters() string {
	cr, sels := "User-agent: *\rDisallow: /private\r", []string{"/private"}
	changed := claims.Differ(cr, crlf("User-agent: *\nDisallow: /private\n"), sels, "", allReaders())
	var same, unseen []string
	for _, id := range allReaders() {
		if d, _ := crawlers.ReaderByID(id); d.UnseenWhy(core.LinesUnseen) != "" {
			unseen = append(unseen, id) // its answer is a guess: not stated
		} else if !slices.Contains(changed, id) {
			same = append(same, id)
		}
	}
	s := ""
	if len(changed) > 0 {
		s = "On the example " + claims.Names(changed) + " " + says(changed, "lets", "let") + " a robot into `/private`, which " + says(changed, "it refuses", "they refuse") + " when the lines end in CRLF: the file is one line " + says(changed, "it cannot", "they cannot") + " read. "
	}
	s += "For " + claims.Names(same) + " a bare CR ends a line, and the verdict is the one CRLF gives."
	if len(unseen) > 0 {
		s += " How " + claims.Names(unseen) + " " + says(unseen, "splits", "split") + " the file into lines was not seen in " + says(unseen, "its", "their") + " code."
	}
	return s
}

// crEvidence cites the line reading of each crawler preset that ends
// lines at LF only, and robotparser's, which ends them at a bare CR too.
func crEvidence() []evidence {
	var out []evidence
	for _, d := range crawlers.All() {
		if d.LFLines {
			out = append(out, crawlerCode(d.ID, "lines"))
		}
	}
	return append(out, python("70", "the body is split with splitlines(), which ends a line at a bare CR too"))
}

// tooLargeMatters says which readers keep to the rule after the cut of
// the file-too-large example.
func tooLargeMatters() string {
	allow, deny, _ := claims.Split(bigFile(), []string{"/drafts"}, "", allReaders())
	s := "In the example, " + claims.Names(allow) + " " + says(allow, "ignores", "ignore") + " the rule after the cut, although it is in the file"
	if len(deny) > 0 {
		s += "; " + claims.Names(deny) + " " + says(deny, "reads", "read") + " that far and " + says(deny, "keeps", "keep") + " to it"
	}
	return s + "."
}

// delayFacts is what each crawler preset does with delay fields, from
// its Facts.
func delayFacts() string {
	var parts []string
	for _, d := range crawlers.All() {
		parts = append(parts, d.Crawler.Name+": "+d.Facts.Delays)
	}
	return "What the crawler presets do with them, as their pages say: " + strings.Join(parts, "; ") + "."
}

func says(ids []string, one, many string) string {
	if len(ids) == 1 {
		return one
	}
	return many
}

// crlf ends every line of s in CR LF, as the lint examples do.
func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
