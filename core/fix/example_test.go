package fix_test

import (
	"fmt"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/fix"
)

// A Gemini capsule names its indexer group the Gemini way, and GUS is an
// indexer. With the default, strict reference, no reader in the gemini
// scope is let into a path it refuses today: the indexer group repeats
// the * group's Disallow (the Gemini text says robots should still
// respect the * group), names the role for Conner's proposal and GUS by
// name for the readings that know no roles.
func ExampleFix() {
	robots := "User-agent: *\nDisallow: /private/\n\nUser-agent: indexer\nDisallow: /search\n"
	res, err := fix.Fix([]byte(robots), fix.Options{
		Protocol: core.ProtocolGemini,
		Agents:   []core.Agent{core.MustAgent("GUS(indexer)"), core.MustAgent("*")},
	})
	if err != nil {
		panic(err)
	}
	fmt.Print(res.Robots)
	for _, c := range res.Changes {
		fmt.Printf("line %d: %s\n", c.Line, c.Code)
	}
	fmt.Printf("%d of %d rows agree (%d before), %d unresolved, %d opened\n", res.AgreedAfter, res.Rows, res.AgreedBefore, len(res.Unresolved), len(res.Opened))
	// Output:
	// User-agent: *
	// Disallow: /private/
	//
	// User-agent: indexer
	// User-agent: GUS
	// Virtual-agent: indexer
	// Disallow: /search
	// Disallow: /private/
	// line 5: star-rules-not-repeated
	// line 4: role-user-agent
	// line 4: role-user-agent
	// 5 of 6 rows agree (1 before), 1 unresolved, 0 opened
}
