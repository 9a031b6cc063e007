package lint_test

import (
	"fmt"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/lint"
)

// Lint reports what reads differently across dialects, by line, with a
// stable code.
func ExampleLint_portability() {
	f := core.Parse([]byte("User-agent: *\nDissallow: /private\nDisallow: /*.tmp$\n"))
	for _, fd := range lint.Lint(f, []string{"/private/x"}) {
		fmt.Println(fd.Line, fd.Code, fd.Severity, fd.Dialects)
	}
	// Output:
	// 0 lf-line-endings info [gopherdraft]
	// 2 field-typo error [gopher2019 gopherdraft gemini conner2020 norobots]
	// 3 dollar-portability warning [gopher2019 gopherdraft gemini conner2020 norobots]
	// 3 glob-portability warning [gopherdraft gemini conner2020 norobots]
}

// The presets and the lints as docs/library.md shows them: a preset is a
// core.Dialect that tests its own names; the lints read the same File.
func Example_library() {
	f := core.Parse([]byte("User-agent: *\nDisallow: /private\nDissallow: /drafts\n"))
	tlgs := crawlers.TLGS.Compile(f).Policy(core.Agent{}) // a preset tests its own names
	fmt.Println(tlgs.Test("/private/x").Allowed)
	for _, fd := range lint.Lint(f, nil) {
		fmt.Println(fd.Line, fd.Code, fd.Severity)
	}
	// Output:
	// false
	// 0 lf-line-endings info
	// 3 field-typo error
}
