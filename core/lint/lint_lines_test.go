package lint

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// glob-portability's advice to drop a trailing * holds for the dialects
// only: TLGS reads `/txt/` otherwise (its off-by-one leaves /txt/x open),
// and the message names it, as its verdicts show.
func TestTrailingStarNamesTLGS(t *testing.T) {
	fd := findingOf(Lint(core.Parse([]byte("User-agent: *\nDisallow: /txt/*\n")), nil), "glob-portability")
	if fd == nil || !strings.Contains(fd.Message, "The crawler preset TLGS reads `/txt/` otherwise") {
		t.Fatalf("got %+v", fd)
	}
	star := core.Decide(core.Parse([]byte("User-agent: *\nDisallow: /txt/*\n")), crawlers.TLGS, core.Agent{}, "/txt/x")
	bare := core.Decide(core.Parse([]byte("User-agent: *\nDisallow: /txt/\n")), crawlers.TLGS, core.Agent{}, "/txt/x")
	if star.Allowed || !bare.Allowed {
		t.Errorf("TLGS on /txt/x: with * allowed=%v, without allowed=%v; the message's reason no longer holds", star.Allowed, bare.Allowed)
	}
}
