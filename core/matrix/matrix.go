// Package matrix holds the compatibility matrix's rows: a question
// about reading robots.txt, and a file and a selector whose verdict
// answers it. It is data only, so that the page's on-demand module can
// run a reader of one's own on the demonstrations without the reference
// site's code (core/refsite draws the matrix, core/conformance asks the
// rows as cases).
package matrix

// Feature is one row: a question, a file and a selector that answer it,
// and which verdict means "yes".
type Feature struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	// Robots is the demonstration. ROLE stands for the reader's role:
	// indexer, or archiver for mozz-archiver and gemini-grc.
	Robots   string `json:"robots"`
	Selector string `json:"selector"`
	Yes      string `json:"yes"` // "allowed" or "denied": the verdict that means the reader has the feature
}

// Features are the matrix's rows. Their IDs are citations: keep them.
var Features = []Feature{
	{ID: "allow", Question: "reads Allow lines", Robots: "User-agent: *\nAllow: /a/b\nDisallow: /a\n", Selector: "/a/b/c", Yes: "allowed"},
	{ID: "longest-match", Question: "the longer rule wins whatever the order", Robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n", Selector: "/a/b/c", Yes: "allowed"},
	{ID: "wildcard", Question: "* inside a rule matches any characters", Robots: "User-agent: *\nDisallow: /*.cgi\n", Selector: "/bin/x.cgi", Yes: "denied"},
	{ID: "end-anchor", Question: "$ ends a rule", Robots: "User-agent: *\nDisallow: /a$\n", Selector: "/a", Yes: "denied"},
	{ID: "prefix", Question: "a rule covers every path that starts with it", Robots: "User-agent: *\nDisallow: /a\n", Selector: "/ab", Yes: "denied"},
	{ID: "virtual-agents", Question: "a group for the reader's role applies to it", Robots: "User-agent: ROLE\nDisallow: /x\n", Selector: "/x/y", Yes: "denied"},
	{ID: "star-also", Question: "the * group still applies when another group names the reader", Robots: "User-agent: *\nDisallow: /a\n\nUser-agent: ROLE\nDisallow: /b\n", Selector: "/a", Yes: "denied"},
	{ID: "blank-line-ends-group", Question: "a blank line ends a group", Robots: "User-agent: *\n\nDisallow: /a\n", Selector: "/a", Yes: "allowed"},
	{ID: "empty-disallow-clears", Question: "an empty Disallow: cancels the rules above it", Robots: "User-agent: *\nDisallow: /a\nDisallow:\n", Selector: "/a", Yes: "allowed"},
	{ID: "inline-comment", Question: "a # comment after a value is dropped", Robots: "User-agent: *\nDisallow: /a # old\n", Selector: "/a/x", Yes: "denied"},
	{ID: "no-user-agent", Question: "rules before any User-agent apply", Robots: "Disallow: /a\n", Selector: "/a", Yes: "denied"},
	{ID: "first-group", Question: "the first group applies whatever it names", Robots: "User-agent: googlebot\nDisallow: /a\n", Selector: "/a", Yes: "denied"},
	{ID: "missing-colon", Question: "a line without a colon is read", Robots: "User-agent: *\ndisallow /a\n", Selector: "/a", Yes: "denied"},
	{ID: "percent-encoding", Question: "%7E and ~ are the same", Robots: "User-agent: *\nDisallow: /%7Ea\n", Selector: "/~a", Yes: "denied"},
	{ID: "cr-line-endings", Question: "lines ending in a bare CR are read", Robots: "User-agent: *\rDisallow: /a\r", Selector: "/a", Yes: "denied"},
}
