package core

import "strings"

// site is the reference site's address, without a trailing slash. It is
// set in one place, netlify.toml (SMOLBOTS_SITE, beside the relay's
// address), and build.sh passes that value in with
// -ldflags "-X github.com/smolbots/smolbots/core.site=..."; this default
// is the same value, so `go run` and the tests link to the same pages
// (TestSiteMatchesNetlify holds the two equal).
var site = "https://smolbots.netlify.app"

// version and built say what a generated page was made from: the
// commit (git rev-parse HEAD) and the UTC date of the build, passed in
// like site by build.sh and web/build-site.sh, so that a cited page
// names the code it came from. Without them a page says "unreleased".
var (
	version = ""
	built   = ""
)

// Site is the reference site's address: the playground at its root, and
// under it /lint/<code>, /dialects/<id>, /crawlers/<id> and /compat.
func Site() string { return strings.TrimRight(site, "/") }

// Version is the commit the build came from, "unreleased" when none was
// passed in.
func Version() string {
	if v := strings.TrimSpace(version); v != "" {
		return v
	}
	return "unreleased"
}

// BuildDate is the build's UTC date (YYYY-MM-DD), "undated" when none was
// passed in.
func BuildDate() string {
	if d := strings.TrimSpace(built); d != "" {
		return d
	}
	return "undated"
}
