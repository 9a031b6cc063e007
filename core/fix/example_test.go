package fix_test

import (
	"fmt"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/fix"
)

// A Gemini capsule names its indexer group the Gemini way, and GUS is an
// indexer. Under the gemini reading, fix makes Conner's proposal and the
// readings that know no roles agree; RFC 9309's * group stays for
// everyone else.
func ExampleFix() {
	robots := "User-agent: *\nDisallow: /private/\n\nUser-agent: indexer\nDisallow: /search\n"
	res, err := fix.Fix([]byte(robots), fix.Options{
		Protocol: core.ProtocolGemini, // so the reference is gemini
		Agents:   []core.Agent{core.MustAgent("GUS(indexer)"), core.MustAgent("*")},
	})
	if err != nil {
		panic(err)
	}
	fmt.Print(res.Robots)
	for _, c := range res.Changes {
		fmt.Printf("line %d: %s\n", c.Line, c.Code)
	}
	fmt.Printf("%d of %d rows agree (%d before), %d unresolved\n", res.AgreedAfter, res.Rows, res.AgreedBefore, len(res.Unresolved))
	// Output:
	// User-agent: indexer
	// User-agent: GUS
	// Virtual-agent: indexer
	// Disallow: /search
	//
	// User-agent: *
	// Disallow: /private/
	// line 1: star-not-last
	// line 4: role-user-agent
	// line 4: role-user-agent
	// 4 of 4 rows agree (2 before), 0 unresolved
}
