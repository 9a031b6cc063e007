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
		if near := nearCode(code); near != "" {
			return usageErr("%q is not a lint code; did you mean %s? (smolbots help lint lists them all)", visible(code), near)
		}
		return usageErr("%q is not a lint code; smolbots help lint lists them (%s)", visible(code), strings.Join(lint.Codes()[:3], ", ")+", ...")
	}
	_, err := io.WriteString(c.stdout, text)
	return err
}

// nearCode is the lint code closest to s, when one is a slip away (at
// most 3 edits, and fewer than half of s): "" otherwise.
func nearCode(s string) string {
	s = strings.ToLower(s)
	best, bestD := "", 4
	for _, c := range lint.Codes() {
		if d := distance(s, c); d < bestD && 2*d < len(s) {
			best, bestD = c, d
		}
	}
	return best
}

// distance counts the insertions, deletions and substitutions that
// turn a into b (Levenshtein).
func distance(a, b string) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			up := row[j]
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			row[j] = min(row[j]+1, row[j-1]+1, diag+cost)
			diag = up
		}
	}
	return row[len(b)]
}
