package main

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/lint"
)

// What the CLI prints of its own (usage, every command's help and
// examples, every lint code's page) names no host in the .org example
// domain: its examples use the reserved .example names (RFC 2606), and
// its links the site's real address.
func TestOutputsNameNoExampleOrg(t *testing.T) {
	const banned = "example" + ".org" // spelt so that a grep of the repository finds nothing
	runs := [][]string{{"help"}, {"version"}}
	for _, c := range commands {
		runs = append(runs, []string{c.name, "-h"})
	}
	for _, code := range lint.Codes() {
		runs = append(runs, []string{"explain", code})
	}
	for _, args := range runs {
		r := runBin(t, "", args...)
		if r.code != 0 || r.stdout == "" {
			t.Errorf("%q: exit %d, stdout %.60q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
		if out := strings.ToLower(r.stdout + r.stderr); strings.Contains(out, banned) || strings.Contains(out, "smolbots.example") {
			t.Errorf("%q names %s or smolbots.example", args, banned)
		}
	}
	if len(runs) < 30 {
		t.Fatalf("only %d runs", len(runs))
	}
}
