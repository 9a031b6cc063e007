package main

import (
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
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
		d, _ := crawlers.ReaderByID(id)
		if n, total := differ(f, d, rulePaths(f)); n != want || total != 4 {
			t.Errorf("%s: %d of %d differ, want %d of 4", id, n, total, want)
		}
	}
}

// Neighbours show what the rule paths themselves hide: TLGS covers
// /private/x but not /private-x.
func TestDifferNear(t *testing.T) {
	f := core.Parse([]byte("User-agent: *\nDisallow: /private\n"))
	paths := near(rulePaths(f))
	if len(paths) != 2 || paths[0] != "/private-x" || paths[1] != "/private/x" {
		t.Fatalf("neighbours %q", paths)
	}
	if n, _ := differ(f, crawlers.TLGS, paths); n != 1 {
		t.Errorf("tlgs differs on %d neighbours, want 1 (/private-x)", n)
	}
	if n, _ := differ(f, crawlers.Kennedy, paths); n != 0 {
		t.Errorf("kennedy differs on %d neighbours, want 0", n)
	}
}
