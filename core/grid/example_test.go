package grid_test

import (
	"fmt"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
)

func Example() {
	g := grid.Build(grid.Input{
		Robots:    "User-agent: *\nDisallow: /private\n\nUser-agent: indexer\nDisallow: /\n",
		Selectors: "/public\n/private/x",
		Agents:    "GUS(indexer)",
		Dialects:  []core.Dialect{core.Gemini, core.Conner2020},
	})
	for _, r := range g.Rows {
		fmt.Print(r.Agent, " ", r.Selector)
		for i, c := range r.Cells {
			fmt.Printf("  %s: allowed=%v line=%d", g.Dialects[i].ID, c.Allowed, c.Line)
		}
		fmt.Println("  disagree:", r.Disagree)
	}
	// Output:
	// GUS(indexer) /public  gemini: allowed=false line=5  conner2020: allowed=true line=0  disagree: true
	// GUS(indexer) /private/x  gemini: allowed=false line=5  conner2020: allowed=false line=2  disagree: false
}
