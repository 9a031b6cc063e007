package claims_test

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/claims"
)

// TestClaims runs every claim against every reader in its scope and
// names the sentence and the readers that contradict it.
func TestClaims(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range claims.All() {
		if c.ID == "" || seen[c.ID] {
			t.Errorf("claim %q: IDs must be present and unique", c.ID)
		}
		seen[c.ID] = true
		scope, err := c.Scope()
		if err != nil || len(scope) == 0 {
			t.Errorf("claim %s: no reader in scope (%v)", c.ID, err)
			continue
		}
		if bad := c.Check(); len(bad) > 0 {
			t.Errorf("claim %s (%s) %q is false:\n  %s", c.ID, c.Where, c.Quote, strings.Join(bad, "\n  "))
		}
	}
	t.Logf("%d claims checked", len(seen))
}

// TestClaimFails: a false claim is caught, naming the reader.
func TestClaimFails(t *testing.T) {
	c := claims.Claim{ID: "false", Robots: "User-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Allow: []string{"norobots"}}
	bad := c.Check()
	if len(bad) != 1 || !strings.Contains(bad[0], "norobots denies /private") {
		t.Fatalf("a false claim gave %q", bad)
	}
	c = claims.Claim{ID: "unchanged", Robots: "User-agent: *\nDisallow: /private\n", Selectors: []string{"/private"}, Readers: []string{"gemini"}, Unchanged: true, Alt: "User-agent: *\n"}
	if bad := c.Check(); len(bad) != 1 || !strings.HasPrefix(bad[0], "gemini denies /private on the example") {
		t.Fatalf("an unchanged claim that changes gave %q", bad)
	}
}
