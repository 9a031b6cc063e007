package core_test

import (
	"os"
	"regexp"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/lint"
)

// The site's address is set in netlify.toml; the default compiled into
// core must be the same, so a binary built without build.sh's -ldflags
// links to the same pages.
func TestSiteMatchesNetlify(t *testing.T) {
	toml, err := os.ReadFile("../netlify.toml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*SMOLBOTS_SITE\s*=\s*"([^"]+)"`).FindSubmatch(toml)
	if m == nil {
		t.Fatal("netlify.toml sets no SMOLBOTS_SITE")
	}
	if got := core.Site(); got != string(m[1]) {
		t.Errorf("core.Site() = %q, netlify.toml says %q", got, m[1])
	}
	if got, want := lint.URL("bom"), string(m[1])+"/lint/bom"; got != want {
		t.Errorf("LintURL(bom) = %q, want %q", got, want)
	}
}
