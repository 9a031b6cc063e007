package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/state"
	"github.com/smolbots/smolbots/internal/realservers"
)

// crawlerCell is a Real crawlers cell as its data attributes show it.
type crawlerCell struct {
	Crawler  string `json:"crawler"`
	Selector string `json:"selector"`
	Verdict  string `json:"verdict"`
	Line     string `json:"line"`
}

func (b *browser) crawlerCells(t testing.TB) []crawlerCell {
	t.Helper()
	return eval[[]crawlerCell](t, b, `[...document.querySelectorAll("#crawlers [data-crawler]")].map(e => ({crawler: e.dataset.crawler, selector: e.dataset.selector, verdict: e.dataset.verdict, line: e.dataset.line}))`)
}

func findCrawler(cells []crawlerCell, crawler, selector string) crawlerCell {
	for _, c := range cells {
		if c.Crawler == crawler && c.Selector == selector {
			return c
		}
	}
	return crawlerCell{}
}

// crawlerHeads lists the crawler table's column heads as they read on
// screen: the crawler's name, and "unverified" after it where it is.
const crawlerHeads = `[...document.querySelectorAll("#crawlers thead th")].map(th => (a => a ? a.firstChild.textContent : th.textContent)(th.querySelector("a.colref")) + (th.querySelector(".unverified") ? " unverified" : ""))`

// crawlerCSS selects one crawler cell.
func crawlerCSS(crawler, selector string) string {
	return `#crawlers button.cell[data-crawler="` + crawler + `"][data-selector="` + selector + `"]`
}

func (b *browser) text(t testing.TB, id string) string {
	t.Helper()
	return eval[string](t, b, `document.getElementById("`+id+`").textContent`)
}

// TestCrawlerTable: the default case shows every verified crawler; a new
// selector and an edited file redraw the table; a chosen cell is
// explained with links to the crawler's code at the commit read and its
// deciding line highlighted in the editor.
func TestCrawlerTable(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	cells := b.crawlerCells(t)
	if len(cells) != 3*10 {
		t.Fatalf("%d crawler cells in the default case, want 3 selectors x 10 crawlers", len(cells))
	}
	// GUS before 2021 asks as "gus" only, and the GUS group allows this path.
	if c := findCrawler(cells, "gus-legacy", "/private/butpublic"); c.Verdict != "allow" || c.Line != "6" {
		t.Errorf("gus-legacy /private/butpublic = %+v, want allow by line 6", c)
	}
	if c := findCrawler(cells, "tlgs", "/private/butpublic"); c.Verdict != "disallow" || c.Line != "19" {
		t.Errorf("tlgs /private/butpublic = %+v, want disallow by line 19", c)
	}
	if th := eval[string](t, b, `document.querySelector("#crawlers thead").textContent`); strings.Contains(th, "Veronica") {
		t.Errorf("the unverified Veronica-2 is shown by default: %s", th)
	}

	b.typeCase(t, "User-agent: *\nDisallow: /private\n", "gemini://capsule.example/private-notes?q=1\n/private/x\n", "*\n")
	cells = b.crawlerCells(t)
	if len(cells) != 2*10 {
		t.Fatalf("%d crawler cells for 2 selectors, want 20", len(cells))
	}
	sel := "gemini://capsule.example/private-notes?q=1"
	// TLGS compares whole path segments; Kennedy a plain prefix.
	if c := findCrawler(cells, "tlgs", sel); c.Verdict != "allow" || c.Line != "0" {
		t.Errorf("tlgs %s = %+v, want allow, no line", sel, c)
	}
	if c := findCrawler(cells, "kennedy", sel); c.Verdict != "disallow" || c.Line != "2" {
		t.Errorf("kennedy %s = %+v, want disallow by line 2", sel, c)
	}

	b.do(t, chromedp.Click(chromedp.CSS(crawlerCSS("tlgs", sel))))
	explain := b.text(t, "explain")
	for _, want := range []string{"TLGS may fetch", "It compares/private-notes", "Names it tests*, tlgs, indexer", "whole path segments", "Other crawlers"} {
		if !strings.Contains(explain, want) {
			t.Errorf("the TLGS explanation lacks %q: %s", want, explain)
		}
	}
	links := eval[[]string](t, b, `[...document.querySelectorAll("#explain a")].map(a => a.href)`)
	want := "https://github.com/marty1885/tlgs/blob/3f00f7d6d5727f15cde918ced87be4c150eecc28/tlgsutils/robots_txt_parser.cpp#L73-L76"
	if !slices.Contains(links, want) || !slices.Contains(links, "https://github.com/marty1885/tlgs/tree/3f00f7d6d5727f15cde918ced87be4c150eecc28") {
		t.Errorf("the explanation links %v, want the segment rule's code %s and the repository at the commit", links, want)
	}
	if p := eval[string](t, b, `document.querySelector('`+crawlerCSS("tlgs", sel)+`').getAttribute("aria-pressed")`); p != "true" {
		t.Errorf("the chosen crawler cell has aria-pressed=%s", p)
	}
	if !eval[bool](t, b, `document.getElementById("tab-why").checked`) {
		t.Error("choosing a crawler cell did not show the Why tab")
	}

	b.do(t, chromedp.Click(chromedp.CSS(crawlerCSS("kennedy", sel))))
	if hl := eval[[]int](t, b, `[...document.querySelectorAll("#robots-hl .line")].map((l, i) => l.classList.contains("hl") ? i + 1 : 0).filter(n => n)`); len(hl) != 1 || hl[0] != 2 {
		t.Errorf("highlighted editor lines %v for Kennedy's deciding line, want [2]", hl)
	}
	if n := eval[int](t, b, `document.querySelectorAll("#crawlers button.cell.chosen").length`); n != 1 {
		t.Errorf("%d crawler cells marked chosen, want 1", n)
	}

	// An edit to the file patches the cells in place, and the chosen
	// cell stays chosen and explained with its new verdict.
	b.setInput(t, "robots", "User-agent: *\nDisallow: /private-\n")
	if c := findCrawler(b.crawlerCells(t), "kennedy", sel); c.Verdict != "disallow" || c.Line != "2" {
		t.Errorf("kennedy after the edit = %+v, want disallow by line 2 (prefix /private-)", c)
	}
	if c := findCrawler(b.crawlerCells(t), "kennedy", "/private/x"); c.Verdict != "allow" {
		t.Errorf("kennedy /private/x after the edit = %+v, want allow", c)
	}
	if e := b.text(t, "explain"); !strings.Contains(e, "Disallow: /private-") {
		t.Errorf("the explanation did not follow the edit: %s", e)
	}

	// Choosing a grid cell moves the choice there.
	b.do(t, chromedp.Click(chromedp.CSS(`#grid button.cell[data-dialect="gemini"]`)))
	if n := eval[int](t, b, `document.querySelectorAll("#crawlers button.cell.chosen, #crawlers button.cell[aria-pressed=true]").length`); n != 0 {
		t.Errorf("%d crawler cells still marked after choosing a grid cell", n)
	}
	if e := b.text(t, "explain"); !strings.HasPrefix(strings.TrimSpace(e), "✗ Under gemini") && !strings.HasPrefix(strings.TrimSpace(e), "✓ Under gemini") {
		t.Errorf("the grid cell is not explained: %s", e)
	}
	b.noErrors(t)
}

// TestCrawlerChooserAndPermalink: the chooser shows and hides columns,
// marks the unverified crawler, and the permalink keeps the choice and
// the chosen crawler cell; a link made before the table existed opens
// with the default choice.
func TestCrawlerChooserAndPermalink(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, "User-agent: *\nDisallow: /private\n", "/private/x\n", "*\n")
	b.waitHash(t, "")
	b.do(t, chromedp.Click(chromedp.ID("crawlers-choose")))
	if !eval[bool](t, b, `document.getElementById("crawler-chooser").matches(":popover-open")`) {
		t.Fatal("the chooser did not open")
	}
	if l := eval[string](t, b, `document.querySelector("label:has(#show-crawler-veronica2)").textContent`); !strings.Contains(l, "unverified") {
		t.Errorf("the chooser does not mark Veronica-2 unverified: %q", l)
	}
	n := b.updates(t)
	b.do(t, chromedp.Click(chromedp.ID("show-crawler-veronica2")))
	b.waitUpdates(t, n+1)
	n = b.updates(t)
	b.do(t, chromedp.Click(chromedp.ID("show-crawler-tlgs")))
	b.waitUpdates(t, n+1)
	b.do(t, chromedp.Click(chromedp.CSS(`#crawler-chooser button[popovertargetaction=hide]`)))
	heads := eval[[]string](t, b, crawlerHeads)
	if len(heads) != 11 || slices.Contains(heads, "TLGS") || heads[8] != "Veronica-2 unverified" {
		t.Errorf("columns %q, want Selector, the verified crawlers but TLGS, and Veronica-2 labelled unverified", heads)
	}
	if l := b.text(t, "crawlers-choose"); l != "Choose (10 of 11)" {
		t.Errorf("the chooser button says %q", l)
	}
	b.do(t, chromedp.Click(chromedp.CSS(crawlerCSS("veronica2", "/private/x"))))
	if e := b.text(t, "explain"); !strings.Contains(e, "Veronica-2 may not fetch") || !strings.Contains(e, "unverified") {
		t.Errorf("the Veronica-2 explanation: %s", e)
	}
	// The link is written a moment after the last change: wait for the
	// one that holds the chosen cell.
	link := b.waitLink(t, func(s state.State) bool { return s.Cell == "veronica2\n\n/private/x" })
	st, err := state.Decode(link[strings.Index(link, "#"):])
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(st.Crawlers, ","); got != "gemplex,gemini-grc,kennedy,gus,gus-legacy,mozz-archiver,auragem,veronica2,gopher-mcp-gemini,gopher-mcp-gopher" || st.Cell != "veronica2\n\n/private/x" {
		t.Errorf("the link keeps crawlers %q and cell %q", got, st.Cell)
	}

	c := newBrowser(t)
	c.open(t, link[strings.Index(link, "#"):])
	if got := eval[[]string](t, c, crawlerHeads); strings.Join(got, "|") != strings.Join(heads, "|") {
		t.Errorf("the link opened columns %q, want %q", got, heads)
	}
	if got := eval[[]string](t, c, `[...document.querySelectorAll("[data-crawler-toggle]")].filter(c => c.checked).map(c => c.dataset.crawlerToggle)`); strings.Join(got, ",") != strings.Join(st.Crawlers, ",") {
		t.Errorf("the link ticked %q", got)
	}
	if e := c.text(t, "explain"); !strings.Contains(e, "Veronica-2 may not fetch") {
		t.Errorf("the link did not bring back the chosen crawler cell: %s", e)
	}

	// A link from before the table (hand-pinned in core/state) shows the
	// default crawlers.
	old := "#v1.YlQMLU4t0k1MT80rsVLQ4nLJLE7Myckvt1LQLyjKLEssSeUCBAAA__8"
	c.open(t, old)
	if n := len(c.crawlerCells(t)); n != 0 {
		t.Errorf("%d crawler cells for a link without selectors, want 0", n)
	}
	if got := eval[int](t, c, `document.querySelectorAll("[data-crawler-toggle]:checked").length`); got != 10 {
		t.Errorf("an old link ticks %d crawlers, want the 10 verified", got)
	}
	b.noErrors(t)
	c.noErrors(t)
}

// TestCrawlersInViewAndWithoutJavaScript: at 1280x800 the crawler table's
// first cell is in view beside the grid's while typing; without
// JavaScript the default case's crawler table is there.
func TestCrawlersInViewAndWithoutJavaScript(t *testing.T) {
	t.Parallel()
	b := openBrowser(t, chromedp.EmulateViewport(1280, 800))
	b.typeInEditor(t, "x")
	for _, sel := range []string{`#grid tbody tr:first-child button.cell[data-col="0"]`, `#crawlers tbody tr:first-child button.cell[data-col="0"]`, "#crawlers-choose"} {
		if !b.visible(t, sel) {
			t.Errorf("%s is not in view: %+v", sel, b.box(t, sel))
		}
	}

	n := newBrowser(t)
	n.do(t, scriptsOff(), chromedp.Navigate(server.URL+"/"))
	if got := len(n.crawlerCells(t)); got != 3*10 {
		t.Errorf("%d crawler cells without JavaScript, want 30", got)
	}
}

// TestFetchCrawlers: the fetch details say what each real crawler makes
// of the reply: molly-brown's robots.txt is read by every Gemini
// crawler, its 51 for a missing one means allow-all for TLGS, and an
// image in place of the file makes Gemplex skip the host.
func TestFetchCrawlers(t *testing.T) {
	t.Parallel()
	with := realservers.StartGemini(t, map[string][]byte{"robots.txt": []byte(served)}, realservers.GeminiOptions{})
	without := realservers.StartGemini(t, map[string][]byte{"index.gmi": []byte("# hi\n")}, realservers.GeminiOptions{})
	image := realservers.StartCanned(t, []byte("20 image/png\r\n\x89PNG"), true)
	b := openBrowser(t)
	readings := func() map[string]string {
		m := map[string]string{}
		for _, r := range eval[[][2]string](t, b, `[...document.querySelectorAll("#fetch-result tr[data-crawler]")].map(r => [r.dataset.crawler, r.dataset.reading])`) {
			m[r[0]] = r[1]
		}
		return m
	}
	b.fetchURL(t, with.URL)
	if r := readings(); len(r) != 9 || r["tlgs"] != "read" || r["gemplex"] != "read" || r["auragem"] != "read" || r["gopher-mcp-gemini"] != "read" || r["veronica2"] != "" || r["gopher-mcp-gopher"] != "" {
		t.Errorf("a served robots.txt: readings %v, want the 9 Gemini crawlers reading it", r)
	}
	_, details := b.fetchURL(t, without.URL)
	if r := readings(); r["tlgs"] != "allow-all" || !strings.Contains(details, "What each real crawler makes of the first reply") {
		t.Errorf("a 51: readings %v, details %q", r, details)
	}
	if href := eval[string](t, b, `(a => a ? a.href : "")(document.querySelector('#fetch-result tr[data-crawler="tlgs"] a'))`); !strings.HasPrefix(href, "https://github.com/marty1885/tlgs/blob/3f00f7d6d5727f15cde918ced87be4c150eecc28/tlgs/crawler/crawler.cpp#L") {
		t.Errorf("TLGS's fetch code is linked to %q", href)
	}
	b.fetchURL(t, "gemini://"+image)
	if r := readings(); r["gemplex"] != "skip-host" || r["tlgs"] != "allow-all" {
		t.Errorf("an image for robots.txt: readings %v, want gemplex skip-host, tlgs allow-all", r)
	}
	b.noErrors(t)
}

// TestCrawlersBigFile: an edit to a file over 32 KiB leaves the crawler
// table as it was, marked busy, until typing pauses, then draws the new
// verdicts (compiling every preset on each key would double its cost).
func TestCrawlersBigFile(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	pad := strings.Repeat("# padding to pass 32 KiB\n", 1500)
	b.typeCase(t, "User-agent: *\nDisallow: /a\n"+pad, "/b\n", "*\n")
	// Settled: the crawler table drawn and the lint done, no update
	// still due from the typing (on a busy machine the pause's update
	// can come after the table looks done).
	const settled = `document.getElementById("crawlers").getAttribute("aria-busy") === "false" && !document.getElementById("lints").classList.contains("stale")`
	const seen = `document.getElementById("crawlers").getAttribute("aria-busy") + ", lints " + document.getElementById("lints").className + ", busy went " + JSON.stringify(window.busy)`
	b.waitFor(t, "the crawler table and the lint to be drawn", settled, seen)
	if c := findCrawler(b.crawlerCells(t), "tlgs", "/b"); c.Verdict != "allow" {
		t.Fatalf("tlgs /b = %+v before the edit, want allow", c)
	}
	eval[bool](t, b, `(() => {
		window.busy = [];
		new MutationObserver(() => window.busy.push(document.getElementById("crawlers").getAttribute("aria-busy"))).observe(document.getElementById("crawlers"), {attributes: true, attributeFilter: ["aria-busy"]});
		return true;
	})()`)
	b.setInput(t, "robots", "User-agent: *\nDisallow: /b\n"+pad)
	// The key marks the table busy, the pause's update draws it.
	b.waitFor(t, "the crawler table to be busy, then drawn after the pause", "window.busy.length >= 2 && "+settled, seen)
	if c := findCrawler(b.crawlerCells(t), "tlgs", "/b"); c.Verdict != "disallow" || c.Line != "2" {
		t.Errorf("tlgs /b = %+v after the pause, want disallow by line 2", c)
	}
	if got := eval[[]string](t, b, `window.busy`); strings.Join(got, ",") != "true,false" {
		t.Errorf("aria-busy went %v, want true then false", got)
	}
	b.noErrors(t)
}
