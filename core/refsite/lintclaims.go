package refsite

import (
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/claims"
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
			if d, _ := core.DialectByID(id); d.BOMInText {
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
	for _, d := range core.Presets() {
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
