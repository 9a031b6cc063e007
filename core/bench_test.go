package core_test

// Per-dialect costs inside core. The comparison with other libraries is
// in ../bench (a module of its own); these cover all six dialects.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// benchFile is a capsule robots.txt that every dialect has something to
// do with: named, role and star groups, Virtual-agent lines, Allow lines,
// wildcards and percent escapes.
const benchFile = `User-agent: *
Disallow: /cgi-bin/
Disallow: /private/
Allow: /private/public/

User-agent: indexer
Disallow: /gemlog/drafts/
Disallow: /search

Virtual-agent: archiver
Disallow: /mirror/

User-agent: GUS
Allow: /search/about
Disallow: /search
Disallow: /*.tmp$
Disallow: /%7Euser/private
`

var benchSelectors = []string{
	"/", "/gemlog/2024-05-01.gmi", "/gemlog/drafts/next.gmi", "/search/about",
	"/search?q=x", "/private/public/a", "/private/b", "/backup.tmp",
	"/~user/private/x", "/mirror/site/index.gmi", "/cgi-bin/cal", "/music/a-long-file-name.ogg",
}

var sink bool

// BenchmarkDialects: one query on a parsed file and a chosen policy, per
// dialect and crawler preset, through Test (full verdict, with the
// preset's notes) and Allowed (boolean only).
func BenchmarkDialects(b *testing.B) {
	f := core.Parse([]byte(benchFile))
	agent := core.MustAgent("GUS(indexer,archiver)")
	for _, d := range append(core.Dialects(), crawlers.All()...) {
		p := d.Compile(f).Policy(agent)
		n := len(benchSelectors)
		b.Run(d.ID+"/Test", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				sink = p.Test(benchSelectors[i%n]).Allowed
			}
		})
		b.Run(d.ID+"/Allowed", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				sink = p.Allowed(benchSelectors[i%n])
			}
		})
	}
}

// letters names group g with letters only: RFC 9309 product tokens stop
// at a digit, so bot1 and bot2 would be one name there.
func letters(g int) string {
	s := ""
	for ; g > 0 || s == ""; g /= 26 {
		s = string(rune('a'+g%26)) + s
	}
	return s
}

// bigFile is about 500 KiB of groups of rules.
func bigFile() []byte {
	var s strings.Builder
	for g := 0; s.Len() < core.MaxBytes-4096; g++ {
		fmt.Fprintf(&s, "User-agent: bot%s\nVirtual-agent: indexer\n", letters(g))
		for r := 0; r < 12; r++ {
			fmt.Fprintf(&s, "Disallow: /g%d/r%d/\nAllow: /g%d/*/ok%d$\n", g, r, g, r)
		}
		s.WriteString("Crawl-delay: 5\n\n")
	}
	return []byte(s.String())
}

// BenchmarkParseCompile: parsing about 500 KiB, then grouping it and
// choosing a policy for each dialect.
func BenchmarkParseCompile(b *testing.B) {
	data := bigFile()
	b.Run("Parse", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sink = core.Parse(data).Truncated
		}
	})
	f := core.Parse(data)
	agent := core.MustAgent("bot" + letters(77) + "(indexer)")
	for _, d := range core.Dialects() {
		b.Run(d.ID+"/Compile+Policy", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				sink = d.Compile(f).Policy(agent).Allowed("/g77/r3/x")
			}
		})
	}
}
