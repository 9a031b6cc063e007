package refsite

import (
	"strconv"

	"github.com/smolbots/smolbots/core"
)

// What the crawler presets' code does not say: what each crawler is,
// the names it answered to before, what the preset leaves out, and how
// to tell it in a server log. In our words, from the research behind
// core/crawlers/presets.go (docs/crawlers.md has the longer account).
type crawlerDoc struct {
	What string // one line
	// Former are names or readings the code's history shows.
	Former []string
	// NotModelled are behaviours the preset leaves out, each with why.
	NotModelled []string
	// Logs says how to tell it in a server log: Gemini sends no
	// User-agent, so only what it requests and where it comes from.
	Logs string
	// Status is whether it still runs and what it reads beyond the code
	// read, each with how sure that is.
	Status []string
}

var crawlerDocs = map[string]crawlerDoc{
	"tlgs": {
		What:   "a Gemini search engine, written in C++ (Martin Chang)",
		Former: []string{"Until its parser's last change (commit 04184df812deadf90aae8406f7985e4222ef8afa, \"default robot.txt user-agent to all\"), rules before any User-agent line did not apply; since then they apply to every crawler."},
		NotModelled: []string{
			"A host that timed out more than three times is skipped altogether (tlgs/crawler/crawler.cpp:165-167): that is state across fetches, not a reading of one file.",
		},
		Logs: "It asks for `/robots.txt` with nothing after it. Its operator publishes no addresses that we have found.",
	},
	"gemplex": {
		What:   "a Gemini search engine, written in Go (elektito)",
		Former: []string{"The code read is the GitHub mirror, which stops on 2023-04-26 when the project moved to sr.ht; later versions were not read."},
		NotModelled: []string{
			"Its in-memory cache test is inverted (cmd/gemplex/crawl.go:748), and the one-day expiry it writes is never compared: freshness only, what a file means is unchanged.",
		},
		Logs: "It asks for `/robots.txt` with nothing after it. Its operator publishes no addresses that we have found.",
	},
	"gemini-grc": {
		What: "a Gemini and Gopher archiving crawler, written in Go (antanst)",
		NotModelled: []string{
			"With Gopher crawling switched on (-gopher, off by default), it runs no robots.txt check at all, Gemini URLs included (robotsMatch/robotsMatch.go:94-97): that depends on the operator's configuration, so its Gemini verdicts are for a run without it, and a denial says so. Its gopher:// URLs are modelled: they never reach the check (common/worker.go:147-157), and its verdict on them is that it ignores the file.",
		},
		Logs: "It asks for `/robots.txt` with nothing after it. Its operator publishes no addresses that we have found.",
	},
	"kennedy": {
		What: "a Gemini search engine, written in C# (Acidus)",
		Former: []string{
			"From 2025-01-02 to 2025-07-25 it read only the `indexer` rules: `User-agent: *` with `Disallow: /` did not stop it (fixed in 19f5e35d4baa6ef044484e78268edb809ded861a, \"bug: not processing global rules\").",
			"Before 2025-01-02 it had another parser: the last matching rule won, an empty Disallow allowed again, a Disallow before any User-agent stopped the parsing, and agent names kept their case.",
		},
		NotModelled: []string{
			"Its prefix test is .NET's culture-sensitive StartsWith; the preset compares ordinally (no .NET runtime was at hand to measure the difference).",
			"Only the commit named is modelled, not the two earlier readings above.",
		},
		Logs: "It asks for `/robots.txt?kennedy-crawler`: the query names it, so its robots.txt requests stand out in any log that keeps the query. A third-party page (\"Meta Information About Gemini Crawlers\", michaelnordmeyer.com) lists 64.149.155.184 and 2600:1700:1731:d0f:35a7:42d4:c71f:a02b for it; the copy read had lost the entry's name, so treat those as unconfirmed. Its operator publishes none that we have found.",
	},
	"gus": {
		What: "geminispace.info, a Gemini search engine in Python (René Wagner, after Natalie Pendragon's GUS)",
		Former: []string{
			"Until commit 108bfe850a8439871666b06b7acdbe984aa74e9f (early 2021) it asked for `*`, `indexer` and `gus` in turn, each answer overwriting the last, so only `gus` (falling back to `*`) counted: that is the gus-legacy preset.",
			"A later capture of its documentation lists its agents \"in descending priority\"; no code for such an order was seen.",
		},
		NotModelled: []string{
			"How the 2021 code fetches the file was not in the history read: only a 20 text/plain reply is taken as read, and any other reply gives no verdict.",
			"The line that combines the `indexer` and `gus` answers is inferred from the commit's diff (its comment and hunk sizes), not read.",
			"Per-user files: its news of 2023-07-30 says it also reads `/~user/robots.txt` for a user's pages; that code was not seen, so the preset reads only the host's file.",
		},
		Status: []string{
			"It may have stopped in May 2024: a capsule post of 2024-05-08 is titled \"farewell to geminispace.info\". Whether the crawler stopped then is unconfirmed; the preset stays for the logs and files it left.",
			"Since 2023 (its news of 2023-07-30) it says it reads per-user `/~user/robots.txt` files as well as the host's; code not seen.",
		},
		Logs: "It asks for `/robots.txt` with nothing after it. Its documentation says it crawls from fixed addresses it publishes; the list was not in the copies read.",
	},
	"gus-legacy": {
		What:   "GUS as Natalie Pendragon ran it in 2020, before the robots.txt fix of early 2021",
		Former: []string{"Its July 2020 announcement said it obeyed `*`, `indexer` and `gus` \"in order of increasing importance\"; the code asked for each in turn and kept only the last answer, so `indexer` never counted."},
		NotModelled: []string{
			"How it fetched the file is not in the code seen: only a 20 text/plain reply is taken as read.",
		},
		Logs: "It asked for `/robots.txt` with nothing after it. No addresses were published that we have found.",
	},
	"mozz-archiver": {
		What: "the archiver of the November 2020 Geminispace crawl, in Python on Scrapy and Protego (Michael Lazar)",
		Former: []string{
			"It sent `mozz-archiver` until commit d1b4094113401fe4e68b68744b1605de24c36ea2 (2020-10-19), and `archiver-mozz` since, before the November 2020 crawl; its README still asks admins for `mozz-archiver`, which no longer matches (see the lint mozz-archiver-agent).",
		},
		NotModelled: []string{},
		Logs:        "It asks for `/robots.txt` with nothing after it. No addresses were published that we have found.",
	},
	"veronica2": {
		What: "the Gopher search engine at Floodgap (Cameron Kaiser)",
		NotModelled: []string{
			"Everything is a model of its own words: no code is public, so no behaviour was checked against code.",
			"Its help page (gopher://gopher.floodgap.com/0/v2/help/indexer) says it obeys the User-agent names `veronica` and `*`, but not how the two groups combine: the preset reads both together, the reading that refuses more. Its maintainer's 2019 description (every Disallow line, whatever its group) is shown as the other reading where it differs.",
		},
		Logs: "It asks for the selector `robots.txt` (no leading slash), then `0/robots.txt`. Its operator publishes no addresses that we have found.",
	},
	"gopher-mcp-gemini": {
		What: "an MCP server through which LLM clients browse Gopher and Gemini, written in Python (Cameron Rye), here as it reads robots.txt on Gemini: before each fetch, by default since 0.7.0 (2026-09-01)",
		Former: []string{
			"0.6.0 (2026-09-01) brought the robots.txt reader switched off; 0.7.0, the same day, switched it on for both protocols, and the AI crawlers' tokens with it. The code read is after 0.7.0, released as 0.8.0 by its changelog; the version string at that commit was not seen.",
		},
		NotModelled: []string{
			"Before it parses a Gemini file it deletes every unprintable character but LF, CR and tab (a BOM, NEL, LS, PS, VT, FF, NBSP); the preset reads the lines as the Gemini text does, so a rule ending in an NBSP or split by LS reads differently here.",
			"A file cut at 512,000 bytes loses its broken last line; the preset keeps the bytes up to the cut.",
			"A URL it never fetches (control characters, over 1024 bytes, a raw space, user information, a fragment) gets a verdict here all the same.",
			"Its user can switch the reader off (`GEMINI_RESPECT_ROBOTS_TXT=false`) or switch the AI tokens off (`GEMINI_ROBOTS_HONOR_AI_TOKENS=false`); the preset is the default configuration.",
		},
		Logs: "It asks for `/robots.txt` with nothing after it, once a day per host and port, and again after a failure no sooner than 60 seconds. Gemini sends no User-agent, and it runs wherever its users run it: it has no addresses of its own.",
	},
	"gopher-mcp-gopher": {
		What: "an MCP server through which LLM clients browse Gopher and Gemini, written in Python (Cameron Rye), here as it reads robots.txt on Gopher, with Gopher's own names and spellings: before each fetch, by default since 0.7.0 (2026-09-01)",
		Former: []string{
			"0.6.0 (2026-09-01) brought the robots.txt reader switched off; 0.7.0, the same day, switched it on. The code read is after 0.7.0.",
		},
		NotModelled: []string{
			"It never fetches items of the interactive types 2, 8 and T, so their robots.txt verdict never matters (gopher_client.py:298-304); the preset answers for them all the same.",
			"For a bare selector the item type is unknown, so only the typed spellings are left out (a note says so); give a gopher://host/T... URL.",
			"A file cut at 512,000 bytes loses its broken last line; the preset keeps the bytes up to the cut.",
			"Its user can switch the reader off (`GOPHER_RESPECT_ROBOTS_TXT=false`) or switch the AI tokens off; the preset is the default configuration.",
		},
		Logs: "It asks for the selector `/robots.txt` only (never `robots.txt` or `0/robots.txt`), once a day per host and port. It runs wherever its users run it: it has no addresses of its own.",
	},
	"auragem": {
		What: "AuraGem Search, a search engine for Gemini, Spartan, Nex and Scroll, written in Go (Christian Lee Seibold); it crawls everything monthly and its feeds twice a day (crawler/new_crawler_local.go:47,97)",
		NotModelled: []string{
			"It reads robots.txt over Spartan, Nex and Scroll too (crawler/context.go:414-491), with the same prepend and parser; the preset is filed under Gemini, as its fetch facts are.",
			"A 44 reply puts the URL back in the queue and the host's file is asked for again later (crawler/context.go:539-544); the fetch table calls that skipping the host for now.",
			"It reads the whole body whatever its size (crawler/context.go:401); smolbots reads up to " + strconv.Itoa(core.HoldBytes>>20) + " MiB of it, all it keeps of any file.",
			"A rule whose value is empty takes the line break as its value (`/` plus a line break), which only a path holding an escaped line break could start with; the preset treats it so.",
			"A line holding two field-and-value pairs (`Disallow /a Allow /b`) is read as two lines by its parser; the preset reads the first pair only.",
		},
		Logs: "It asks for `/robots.txt` with nothing after it, over each protocol it crawls. Its operator publishes no addresses that we have found.",
	},
}
