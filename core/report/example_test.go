package report_test

import (
	"fmt"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/report"
)

func ExampleText() {
	robots := "User-agent: *\r\nDisallow: /private\r\n\r\nUser-agent: indexer\r\nDisallow: /\r\n"
	g := grid.Build(grid.Input{
		Robots:    robots,
		Selectors: "/private/x\n/public",
		Agents:    "GUS(indexer)",
		Dialects:  []core.Dialect{core.Gemini, core.RFC9309},
	})
	out := report.Text(g, robots, "https://capsule.example/#v1.AQAA__8")

	// Print the verdict table: after the legend, up to the next section.
	table := out[strings.Index(out, "the notes).\n\n")+len("the notes).\n\n"):]
	fmt.Print(table[:strings.Index(table, "\n\n")+1])
	// Output:
	//   selector   gemini rfc9309
	// agent GUS(indexer)
	//   /private/x DENY 5 DENY 2
	// ! /public    DENY 5 allow
}

func ExampleCase_Text() {
	robots := "User-agent: *\nDisallow: /tmp*\n"
	g := grid.Build(grid.Input{Robots: robots, Selectors: "/tmp/x\n/index.gmi", Dialects: []core.Dialect{core.RFC9309}})
	presets := grid.DefaultCrawlers()[:3]
	out := report.Case{
		Grid: g, Robots: robots, Crawlers: presets,
		CrawlerRows: grid.Crawlers(core.Parse([]byte(robots)), g.Selectors, presets),
	}.Text()

	// Print the crawlers' table: after their section's legend, up to
	// the next blank line.
	table := out[strings.Index(out, "Real crawlers"):]
	table = table[strings.Index(table, "disagree.\n\n")+len("disagree.\n\n"):]
	fmt.Print(table[:strings.Index(table, "\n\n")+1])
	// Output:
	//   selector   TLGS   Gemplex gemini-grc
	// ! /tmp/x     DENY 2 allow   allow
	//   /index.gmi allow  allow   allow
}
