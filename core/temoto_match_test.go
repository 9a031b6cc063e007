package core

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"
)

// unanchoredMatch and temotoLen stand in for the regular expressions
// temoto builds (parser.go:183-197), so that the page links no regexp:
// held here to regexp itself on random patterns and targets, line
// breaks included.
func TestUnanchoredMatchIsTemotosRegexp(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pick := func(alphabet string, n int) string {
		var b strings.Builder
		for range rng.Intn(n) {
			b.WriteByte(alphabet[rng.Intn(len(alphabet))])
		}
		return b.String()
	}
	for range 20000 {
		pattern := "/" + pick("ab*$.?+/", 6)
		sel := "/" + pick("ab.?+/\n", 8)
		q := strings.ReplaceAll(regexp.QuoteMeta(pattern), `\*`, `.*`)
		re := regexp.MustCompile(strings.ReplaceAll(q, `\$`, `$`))
		if strings.ContainsAny(pattern, "*$") {
			if got, want := unanchoredMatch(pattern, sel), re.MatchString(sel); got != want {
				t.Fatalf("pattern %q on %q: %v, temoto's expression says %v", pattern, sel, got, want)
			}
			if got, want := temotoLen(pattern), len(regexp.QuoteMeta(pattern))-strings.Count(pattern, "$"); got != want {
				t.Fatalf("temotoLen(%q) = %d, want %d", pattern, got, want)
			}
		}
	}
}
