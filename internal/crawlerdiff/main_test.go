package main

import (
	"testing"

	"github.com/smolbots/smolbots/core"
)

// The counts on a file whose readings are worked out by hand: TLGS
// covers /private only segment by segment and applies the rule before
// any User-agent; Kennedy drops the /a/*/b rule; gemini-grc applies the
// googlebot group too (and, as the *-run reading of Gemplex, the rule
// before any User-agent), while Gemplex reads /a/*/b literally.
func TestDiffer(t *testing.T) {
	f := core.Parse([]byte("Disallow: /early\nUser-agent: indexer\nDisallow: /private\nDisallow: /a/*/b\nUser-agent: googlebot\nDisallow: /g\n"))
	if got := rulePaths(f); len(got) != 4 || got[2] != "/a/x/b" {
		t.Fatalf("rule paths %q", got)
	}
	for id, want := range map[string]int{"tlgs": 1, "kennedy": 1, "gemini-grc": 3, "gemplex": 2} {
		d, _ := core.DialectByID(id)
		if n, total := differ(f, d); n != want || total != 4 {
			t.Errorf("%s: %d of %d differ, want %d of 4", id, n, total, want)
		}
	}
}
