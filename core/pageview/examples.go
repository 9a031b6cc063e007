package pageview

import "strings"

// Example is a case the example menu loads into the three inputs.
type Example struct {
	ID        string
	Title     string
	Source    string // where the file comes from, shown next to the menu
	Robots    string
	Selectors string
	Agents    string
}

// Examples are the sample files of the proposals plus small files of our
// own, each showing a place where the dialects part ways.
var Examples = []Example{
	{
		ID:     "conner2020-sample",
		Title:  "Virtual agents (sample from Conner's 2020 proposal)",
		Source: "the sample file in Sean Conner's 2020 Virtual-agent proposal on the Gemini list",
		Robots: `# GUS by name, and any bot declaring the indexer role: one path opens
# inside the private area, and requests come at most one per 10
# seconds.
User-agent: GUS
Virtual-agent: indexer
Allow: /private/butpublic
Disallow: /private
Crawl-delay: 10

# Feed readers: re-check at most every 6 hours. Bots skip fields they
# do not know, so a new field such as Check is safe to add.
Virtual-agent: feed
Disallow: /private
Check: 21600

# Everyone else: kept out of the private area, and asked to wait 20
# seconds between requests.
User-agent: *
Disallow: /private
Crawl-delay: 20
`,
		Selectors: "/private/butpublic\n/private/diary.gmi\n/index.gmi\n",
		Agents:    "GUS\nindexer\nFeedBot(feed)\nLupa(archiver)\n",
	},
	{
		ID:     "gopherdraft-sample",
		Title:  "Search engines only (sample from the modern Gopher draft)",
		Source: "the well-built policy file in the modern Gopher draft's Robot Access Restrictions Policy",
		Robots: `# Robots policy of an example Gopher server.
# Crawlers not listed below may ask the
# administrator for an exemption; the terms
# of service are at gopher://gopher.scdp.com/0/tos.txt.

User-agent: baiduspider
User-agent: googlebot
User-agent: msnbot
User-agent: bingbot
User-agent: naverbot
User-agent: seznambot
User-agent: slurp
User-agent: teoma
User-agent: yandex
Disallow: /cgi-bin/	# scripts, generated on request
Disallow: /images/	# costly in bandwidth
Disallow: /tmp/		# short-lived files
Disallow: /private/	# not for crawlers
Allow: /images/logo.jpg	# the logo may be copied
Crawl-delay: 10

User-agent: *
Disallow: /

# Crawlers that were given permission
# but are still refused should write to
# the administrator.
# (Comments reworded from the draft.)
`,
		Selectors: "/images/logo.jpg\n/images/office.png\n/about.txt\ngopher://gopher.scdp.com/0/tos.txt\n",
		Agents:    "googlebot\nVeronica\n",
	},
	{
		ID:     "indexer-clash",
		Title:  "User-agent: indexer (Gemini role or a bot's name?)",
		Source: "ours: the companion spec names roles with User-agent, Conner's proposal keeps them apart",
		Robots: `User-agent: indexer
Disallow: /

User-agent: *
Disallow: /private
`,
		Selectors: "/index.gmi\n/private/notes.gmi\n",
		Agents:    "GUS(indexer)\nindexer\nElpher\n",
	},
	{
		ID:     "glob",
		Title:  "A glob and an end anchor",
		Source: "ours: * and $ mean different things, or nothing, per dialect",
		Robots: `User-agent: *
Disallow: /*.cgi$
Disallow: /tmp*
`,
		Selectors: "/bin/search.cgi\n/bin/search.cgi?q=gopher\n/tmp/x\n/tmpfiles\n",
		Agents:    "*\n",
	},
	{
		ID:     "empty-disallow",
		Title:  "An empty Disallow before a real one",
		Source: "ours: Python's robotparser lets the empty rule win",
		Robots: `User-agent: *
Disallow:
Disallow: /private
`,
		Selectors: "/private/x\n/public\n",
		Agents:    "*\n",
	},
	{
		ID:     "blank-line",
		Title:  "A blank line inside a record",
		Source: "ours: blank lines end records in some dialects and mean nothing in others",
		Robots: `User-agent: GUS

Disallow: /private

User-agent: *
Disallow: /
`,
		Selectors: "/private/x\n/index.gmi\n",
		Agents:    "GUS\nOtherBot\n",
	},
}

// ExampleByID finds an example.
func ExampleByID(id string) (Example, bool) {
	for _, e := range Examples {
		if e.ID == id {
			return e, true
		}
	}
	return Example{}, false
}

// ExampleOptions is the example menu's options, a prompt first.
func ExampleOptions() string {
	var b strings.Builder
	b.WriteString(`<option value="">Examples…</option>`)
	for _, ex := range Examples {
		b.WriteString(`<option value="` + esc(ex.ID) + `">` + esc(ex.Title) + `</option>`)
	}
	return b.String()
}
