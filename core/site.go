package core

import "strings"

// site is the reference site's address, without a trailing slash. It is
// set in one place, netlify.toml (SMOLBOTS_SITE, beside the relay's
// address), and build.sh passes that value in with
// -ldflags "-X github.com/smolbots/smolbots/core.site=..."; this default
// is the same value, so `go run` and the tests link to the same pages
// (TestSiteMatchesNetlify holds the two equal).
var site = "https://smolbots.example.org"

// Site is the reference site's address: the playground at its root, and
// under it /lint/<code>, /dialects/<id>, /crawlers/<id> and /compat.
func Site() string { return strings.TrimRight(site, "/") }

// LintURL is the absolute address of a lint code's page, /lint/<code>:
// the `url` of every lint -json finding and fix -json change.
func LintURL(code string) string { return Site() + "/lint/" + code }
