package grid

import (
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/lint"
)

// The page's selectors reach the lint: a selector TLGS's off-by-one lets
// through (tlgsutils/robots_txt_parser.cpp:75) raises tlgs-off-by-one,
// whether typed as a path or as a gemini:// URL, and only then.
func TestGridLintsTLGSOffByOne(t *testing.T) {
	robots := "User-agent: *\nDisallow: /dir/\n"
	for _, sel := range []string{"/dir/a", "gemini://capsule.example/dir/a"} {
		g := Build(Input{Robots: robots, Selectors: sel, Dialects: core.Dialects()})
		if !hasCode(g.Findings, "tlgs-off-by-one") {
			t.Errorf("selector %q: findings %v lack tlgs-off-by-one", sel, g.Findings)
		}
	}
	if g := Build(Input{Robots: robots, Selectors: "/dir/ab", Dialects: core.Dialects()}); hasCode(g.Findings, "tlgs-off-by-one") {
		t.Errorf("/dir/ab, which TLGS refuses, raised tlgs-off-by-one")
	}
}

func hasCode(fs []lint.Finding, code string) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}
