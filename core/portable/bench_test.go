package portable

import (
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/fix"
)

// benchFile is n groups, the * group first, each with an Allow gemini
// lacks: every group is moved or rewritten, so the diff is long.
func benchFile(n int) string {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /private\n\n")
	for i := 0; i < n; i++ {
		s := strconv.Itoa(i)
		b.WriteString("# group " + s + "\nUser-agent: bot" + s + "\nDisallow: /x" + s + "\nAllow: /x" + s + "/pub\n\n")
	}
	return b.String()
}

// BenchmarkRewrite puts the pane's own work (the diff and its HTML)
// beside fix's, in one run: fix alone, then the whole of Rewrite.
func BenchmarkRewrite(b *testing.B) {
	for _, n := range []int{10, 1000} {
		robots := benchFile(n)
		sels := []string{"/x1/pub", "/x1/a", "/private/y"}
		agents := []string{"bot1", "*"}
		b.Run("fix/groups="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				fix.Fix([]byte(robots), fix.Options{Protocol: core.ProtocolGemini, Agents: []core.Agent{core.MustAgent("bot1"), core.MustAgent("*")}, Selectors: sels})
			}
		})
		b.Run("rewrite/groups="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				Rewrite(robots, agents, sels, core.ProtocolGemini, "")
			}
		})
	}
}
