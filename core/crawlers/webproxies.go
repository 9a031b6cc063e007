package crawlers

import (
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// WebProxy is a program that shows Gemini or Gopher pages on the web,
// and what it does with the capsule's robots.txt: the programs admins
// write `User-agent: webproxy` for. Only Gemportal reads the file.
type WebProxy struct {
	Name string // as people call it
	Kind string // "Gemini web proxy" or "Gopher web gateway"
	// Reads says how it reads a capsule's robots.txt; "" when it reads
	// none.
	Reads string
	What  string // what it does instead, in our words
	// Evidence is where that is seen: repo@commit:path:line for code, or
	// a named message where no code was read.
	Evidence []string
	Verified bool // the code was read
}

// WebProxies are the proxies and gateways whose handling of robots.txt
// was looked up, Gemportal (the one that reads it) first.
var WebProxies = []WebProxy{
	{
		Name: "Gemportal", Kind: "Gemini web proxy", Verified: true,
		Reads: "only a group whose User-agent is the word webproxy itself (any case), chosen by temoto/robotstxt's longest-token rule; the * group never stops it; a file of 4096 bytes or more, or one its parser rejects, counts as none, and so does any reply but 20; kept 24 hours",
		What:  "reads the file for each host and obeys its webproxy group",
		Evidence: []string{
			"JVMerkle/gemportal@59c234eade8c63c79c7e3d45bca8f48bf0596d19:app/gemportal.go:121-148 (fetch: 20 only, under 4096 bytes)",
			"JVMerkle/gemportal@59c234eade8c63c79c7e3d45bca8f48bf0596d19:app/gemportal.go:154-188 (FindGroup(\"webproxy\") honoured only when its Agent is webproxy; a parse error allows all)",
		},
	},
	{
		Name: "portal.mozz.us", Kind: "Gemini web proxy", Verified: true,
		What: "read robots.txt as webproxy from 2020-10-11 and stopped on 2020-12-28; hosts opt out by e-mail to its operator",
		Evidence: []string{
			"michael-lazar/smolnet-portal@ac926d2ab37b53443795439a7181e36416253909:geminiportal/templates/changes.html:321,354",
			"michael-lazar/smolnet-portal@ac926d2ab37b53443795439a7181e36416253909:geminiportal/templates/about.html:45-57",
		},
	},
	{
		Name: "Kineto", Kind: "Gemini web proxy",
		What: "its maintainer declined to read robots.txt",
		Evidence: []string{
			"https://mailing-list-archive.gemi.dev/www/2020/003506.html (its maintainer's message to the Gemini list, 22 November 2020: a web portal is a user agent and will not read robots.txt)",
		},
	},
	{
		Name: "gopherproxy and its forks", Kind: "Gopher web gateway", Verified: true,
		What: "never fetch the hole's robots.txt: they serve one of their own to web crawlers and only log those that ignore it",
		Evidence: []string{
			"envs-net/gopherproxy@daa0b3736ead2a7230c22e3dc4da344b22a65df4:gopherproxy.go:85-92 (the operator's own file, tested against web user agents, a violation logged)",
			"envs-net/gopherproxy@daa0b3736ead2a7230c22e3dc4da344b22a65df4:gopherproxy.go:160-171 (that file served as the gateway's robots.txt)",
		},
	},
}

// gemportal is Gemportal's reading: temoto/robotstxt (at a68aeca, the
// same reading as v1.1.2 but for Group.Agent) asked for webproxy, with
// nothing put before the file (JVMerkle/gemportal@59c234eade8c63c79c7e3d45bca8f48bf0596d19:app/gemportal.go:170-188).
var Gemportal = func() core.Dialect {
	d := AuraGem
	d.ID, d.Title, d.Preamble = "gemportal", "Gemportal", core.PreambleIgnored
	c := *AuraGem.Crawler
	c.Name, c.Agents, c.Roles = "Gemportal", []string{"webproxy"}, []string{"webproxy"}
	d.Crawler = &c
	return d
}()

// gemportalMax: Gemportal reads no file of this many bytes or more
// (JVMerkle/gemportal@59c234eade8c63c79c7e3d45bca8f48bf0596d19:app/gemportal.go:141-145).
const GemportalMax = 4096

// GemportalReads says whether Gemportal obeys the file's webproxy group,
// and if not, why, in a clause.
func GemportalReads(f *core.File) (bool, string) {
	if f.Size >= GemportalMax {
		return false, "the file is " + strconv.Itoa(f.Size) + " bytes, and Gemportal reads no file of 4096 bytes or more"
	}
	rs := Gemportal.Compile(f)
	if failLine, _ := rs.Failure(); failLine != nil {
		return false, "Gemportal's parser fails on " + core.LineAndRule(failLine) + ", and then it reads no file"
	}
	p := rs.Policy(core.Agent{})
	for _, g := range p.Groups {
		for _, l := range g.Agents {
			if strings.EqualFold(l.Value, "webproxy") {
				return true, ""
			}
		}
	}
	return false, "no group with rules names exactly webproxy, and Gemportal obeys no other"
}
