package main

import (
	"flag"
	"io"
	"strings"

	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/core/refsite"
)

var explainCmd = &command{
	name: "explain",
	args: "CODE",
	summary: `Prints a lint code's reference page as text: what it flags, why it
matters (each dialect's and crawler's verdict on an example), the example
with what lint says about it, what to write instead, when to leave it, and
the evidence. The same page is on the web at the address every lint -json
finding carries as url.`,
	examples: []string{
		"smolbots explain blank-line-in-group",
		"smolbots lint -json robots.txt | jq -r .code | sort -u | xargs -n1 smolbots explain",
	},
	exits: []string{
		"0  the page was printed",
		"2  not exactly one argument, or not a lint code, with one sentence on stderr",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		return func(c *call) error { return runExplain(c) }
	},
}

func runExplain(c *call) error {
	if len(c.args) != 1 {
		return usageErr("give exactly one lint code; got %d arguments", len(c.args))
	}
	code := strings.TrimSpace(c.args[0])
	text, ok := refsite.Explain(code)
	if !ok {
		return usageErr("%q is not a lint code; smolbots help lint lists them (%s)", visible(code), strings.Join(lint.Codes()[:3], ", ")+", ...")
	}
	_, err := io.WriteString(c.stdout, text)
	return err
}
