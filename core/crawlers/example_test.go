package crawlers_test

import (
	"fmt"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// A crawler preset is a Dialect like the others; it tests its own agent
// names, so the agent given does not matter, and its note cites the
// crawler's code for the quirk that decided.
func ExampleAll() {
	f := core.Parse([]byte("User-agent: *\nDisallow: /private\n"))
	for _, id := range []string{"tlgs", "kennedy"} {
		d, _ := crawlers.ReaderByID(id)
		v := d.Compile(f).Policy(core.Agent{}).Test("gemini://capsule.example/private-notes")
		fmt.Printf("%s (%s): allowed=%v target=%s\n", d.Crawler.Name, v.Agent, v.Allowed, v.Target)
		if v.Note != "" {
			fmt.Println("  " + v.Note)
		}
	}
	// Output:
	// TLGS (*,tlgs,indexer): allowed=true target=/private-notes
	//   TLGS compares whole path segments (tlgsutils/robots_txt_parser.cpp:73-76), so line 2 "Disallow: /private" does not cover "/private-notes".
	// Kennedy (*,indexer): allowed=false target=/private-notes
}
