package lint

import "github.com/smolbots/smolbots/core"

// LintURL is the absolute address of a lint code's page, /lint/<code>:
// the `url` of every lint -json finding and fix -json change.
func URL(code string) string { return core.Site() + "/lint/" + code }
