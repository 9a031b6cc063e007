// Package bench compares smolbots' rfc9309 dialect with two other Go
// robots.txt libraries on the same inputs. It is a separate module so the
// main module does not depend on them; run it with `./build.sh bench`.
package bench

import (
	"fmt"
	"strings"
)

// Agent is the crawler every benchmark asks about. Its group exists once
// in each input, and no other agent in them is a prefix of it, so all
// three libraries choose the same group.
const Agent = "SmolBench"

// LargeSize is the size the generated file aims at: just under the 500 KiB
// every reader here honours, so none of them truncates it.
const LargeSize = 500*1024 - 2048

// Large generates a deterministic robots.txt of about LargeSize bytes:
// many groups of plain, wildcard and end-anchored rules, with comments and
// blank lines, and the benchmark agent's group in the middle.
func Large() []byte {
	var b strings.Builder
	b.Grow(LargeSize + 4096)
	b.WriteString("# generated benchmark input: many groups and rules\n")
	x := uint32(2463534242) // xorshift state: same file on every run
	rnd := func(n int) int {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		return int(x % uint32(n))
	}
	ours := false
	for g := 0; b.Len() < LargeSize-4096; g++ {
		if !ours && b.Len() > LargeSize/2 {
			ours = true
			writeOurGroup(&b)
		}
		if g%7 == 0 {
			fmt.Fprintf(&b, "\n# section %d\n", g)
		}
		for a := 0; a <= rnd(3); a++ {
			fmt.Fprintf(&b, "User-agent: bot%05d\n", g*4+a)
		}
		for r := 0; r < 8+rnd(24); r++ {
			field := "Disallow"
			if rnd(4) == 0 {
				field = "Allow"
			}
			switch rnd(6) {
			case 0:
				fmt.Fprintf(&b, "%s: /area%d/*/item%d\n", field, rnd(500), rnd(1000))
			case 1:
				fmt.Fprintf(&b, "%s: /*.ext%d$\n", field, rnd(100))
			default:
				fmt.Fprintf(&b, "%s: /area%d/page%d/\n", field, rnd(500), rnd(1000))
			}
		}
		if rnd(5) == 0 {
			fmt.Fprintf(&b, "Crawl-delay: %d\n", 1+rnd(30))
		}
		b.WriteString("\n")
	}
	// The catch-all group, last, with as many rules as ours.
	b.WriteString("User-agent: *\n")
	for r := 0; r < 40; r++ {
		fmt.Fprintf(&b, "Disallow: /star%d/\n", r)
	}
	return []byte(b.String())
}

// writeOurGroup writes the benchmark agent's group: 48 rules, a quarter of
// them wildcards, so a query walks a realistic number of patterns.
func writeOurGroup(b *strings.Builder) {
	b.WriteString("\n# the group the benchmarks query\nUser-agent: " + Agent + "\n")
	for i := 0; i < 12; i++ {
		fmt.Fprintf(b, "Disallow: /docs%d/private/\n", i)
		fmt.Fprintf(b, "Allow: /docs%d/private/public/\n", i)
		fmt.Fprintf(b, "Disallow: /docs%d/*/draft\n", i)
		fmt.Fprintf(b, "Disallow: /docs%d/plain/page\n", i)
	}
	b.WriteString("\n")
}

// Small is the small realistic file's path, relative to this package.
const Small = "testdata/small.txt"

// SmallSelectors are queries for the small file: allowed and disallowed,
// decided by a prefix, a wildcard, an end anchor, an Allow exception, or
// by nothing at all.
var SmallSelectors = []string{
	"/",
	"/gemlog/2024-05-01-hello.gmi",
	"/gemlog/drafts/next.gmi",
	"/search",
	"/search/about",
	"/search?q=gopher",
	"/index.gmi?q=x",
	"/mirror/site/raw",
	"/mirror/site/raw/file.txt",
	"/mirror/site/index.gmi",
	"/cgi-bin/counter",
	"/private/notes.gmi",
	"/photos/2023/summer/beach.jpg",
	"/music/tracks/a-rather-long-file-name-for-a-selector.ogg",
	"/backup.tmp",
	"/users/~ana/phlog/",
}

// LargeSelectors are queries for the generated file, hitting the agent's
// group in the same ways.
var LargeSelectors = []string{
	"/",
	"/docs3/private/secret.gmi",
	"/docs3/private/public/readme.gmi",
	"/docs7/2024/draft",
	"/docs7/2024/final",
	"/docs11/plain/page",
	"/docs11/plain/pages/x",
	"/area12/page34/",
	"/star4/x",
	"/docs0/private/public/deeper/still/more.gmi",
	"/photos/2023/summer/beach.jpg",
	"/docs5/a/b/c/d/e/f/draft/and/more",
	"/docs9/private",
	"/music/tracks/a-rather-long-file-name-for-a-selector.ogg",
	"/docs2/plain/page/",
	"/users/~ana/phlog/",
}
