package core_test

import (
	"fmt"

	"github.com/smolbots/smolbots/core"
)

// A crawler preset is a new Dialect value made by changing knobs of an
// existing one; the evaluator needs no change. This one reads files the
// Gemini way but also honours Allow with first-match precedence, as some
// Gemini crawlers built on Python's robotparser do.
func ExampleDialect_variant() {
	preset := core.Gemini
	preset.ID, preset.Title = "gemini-allow", "Gemini with Allow, first match"
	preset.AllowField = true
	preset.Decision = core.FirstMatch

	f := core.Parse([]byte("User-agent: indexer\nAllow: /pub/open\nDisallow: /pub\n"))
	bot := core.MustAgent("GUS(indexer)")
	for _, d := range []core.Dialect{core.Gemini, preset} {
		v := d.Compile(f).Policy(bot).Test("/pub/open/a")
		fmt.Printf("%s: allowed=%v line %d\n", d.ID, v.Allowed, v.Line)
	}
	// Output:
	// gemini: allowed=false line 3
	// gemini-allow: allowed=true line 2
}
