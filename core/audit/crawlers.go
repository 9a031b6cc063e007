package audit

import "net/netip"

// Published is one address a crawler's operator publishes for it, so a
// client at that address can be named and checked under the crawler's
// preset (crawlers.All) instead of the dialects.
type Published struct {
	Preset string // the preset's ID
	Addr   string // as published
	// Source is where it is published, in words a reader can follow;
	// Date is when that source was read or last updated.
	Source string
	Date   string
}

// PublishedAddresses is every crawler address an operator publishes, as
// far as we have read. Only the operator's own words count: an address
// seen in someone's log is not a publication. Add an entry with its
// source and date, or nothing.
var PublishedAddresses = []Published{
	{
		Preset: "kennedy", Addr: "64.149.155.184",
		Source: "Kennedy's \"Notes on Crawling and Indexing\" (gemini://kennedy.gemi.dev/docs/crawling.gmi, \"Crawler details\"), read through the fn.gkbrk.com proxy's copy fetched 2024-05-17; the same address stands under Kennedy's repository link on michaelnordmeyer.com's \"Meta Information About Gemini Crawlers\" (last update 2026-04-24)",
		Date:   "2024-05-17",
	},
	{
		Preset: "kennedy", Addr: "2600:1700:1731:d0f:35a7:42d4:c71f:a02b",
		Source: "Kennedy's \"Notes on Crawling and Indexing\" (gemini://kennedy.gemi.dev/docs/crawling.gmi, \"Crawler details\"), read through the fn.gkbrk.com proxy's copy fetched 2024-05-17; the same address stands under Kennedy's repository link on michaelnordmeyer.com's \"Meta Information About Gemini Crawlers\" (last update 2026-04-24)",
		Date:   "2024-05-17",
	},
}

// Unpublished says, for each preset with no entry above, why: so the
// absence is a finding, not an oversight.
var Unpublished = map[string]string{
	"gus":               "geminispace.info's indexing documentation (gemini://geminispace.info/documentation/indexing) says requests come from addresses it lists, but every copy read (proxies and archives, 2021-2024) lost the list itself; no address is taken from elsewhere",
	"gus-legacy":        "the 2020 GUS (gus.guru) documentation had the same sentence; the archived copies read (2020-09-24, 2021-02-03) lost the list",
	"tlgs":              "none found: TLGS's about page and repository (marty1885/tlgs) as read for its preset name none",
	"gemplex":           "none found: Gemplex's crawler page names its user-agent, not an address",
	"gemini-grc":        "none found: its README names none",
	"mozz-archiver":     "none found: its README describes crawls made from September to November 2020 and names no address",
	"auragem":           "none found: the repository read for its preset (clseibold/auragem_sis) names none",
	"veronica2":         "none found: Veronica-2's code and crawler notes are not public (its preset is unverified)",
	"gopher-mcp-gemini": "none: gopher-mcp runs wherever its users run it (an MCP server on their own machines), so it has no addresses of its own",
	"gopher-mcp-gopher": "none: gopher-mcp runs wherever its users run it (an MCP server on their own machines), so it has no addresses of its own",
}

// knownByAddr maps each published address, parsed, to its entry.
var knownByAddr = func() map[netip.Addr]*Published {
	m := map[netip.Addr]*Published{}
	for i := range PublishedAddresses {
		p := &PublishedAddresses[i]
		m[netip.MustParseAddr(p.Addr).Unmap()] = p
	}
	return m
}()

// KnownCrawler is the published entry for a client's canonical address,
// or nil.
func KnownCrawler(client string) *Published {
	a, err := netip.ParseAddr(client)
	if err != nil {
		return nil
	}
	return knownByAddr[a.Unmap().WithZone("")]
}
