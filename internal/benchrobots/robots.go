// Package benchrobots writes the synthetic robots.txt that the core and
// grid benchmarks share, so their figures describe the same file.
package benchrobots

import (
	"fmt"
	"strings"
)

var agents = []string{"*", "indexer", "GUS", "archiver", "Lupa", "researcher"}

// Record is record i: a robot or role (a Virtual-agent line every third
// record), Disallow and Allow lines, a glob with `$`, and a Crawl-delay,
// mixing what the dialects disagree on. It is 10 lines long, 11 with the
// Virtual-agent line.
func Record(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# record %d\nUser-agent: %s\n", i, agents[i%len(agents)])
	if i%3 == 0 {
		fmt.Fprintf(&b, "Virtual-agent: %s\n", agents[(i+1)%len(agents)])
	}
	for j := 0; j < 6; j++ {
		switch j % 3 {
		case 0:
			fmt.Fprintf(&b, "Disallow: /area%d/sub%d\n", i, j)
		case 1:
			fmt.Fprintf(&b, "Allow: /area%d/sub%d/open\n", i, j)
		default:
			fmt.Fprintf(&b, "Disallow: /*.cgi$%d\n", j)
		}
	}
	b.WriteString("Crawl-delay: 5\n\n")
	return b.String()
}

// Robots joins records until the file has at least lines lines or size
// bytes, whichever comes first.
func Robots(lines, size int) string {
	var b strings.Builder
	for i, n := 0, 0; n < lines && b.Len() < size; i++ {
		r := Record(i)
		b.WriteString(r)
		n += strings.Count(r, "\n")
	}
	return b.String()
}
