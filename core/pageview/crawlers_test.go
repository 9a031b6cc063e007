package pageview

import (
	"regexp"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/grid"
)

func TestCrawlerChoice(t *testing.T) {
	ids := func(ds []core.Dialect) string {
		var out []string
		for _, d := range ds {
			out = append(out, d.ID)
		}
		return strings.Join(out, ",")
	}
	if got := ids(CrawlersShown(nil)); got != "tlgs,gemplex,gemini-grc,kennedy,gus,gus-legacy,mozz-archiver,auragem,gopher-mcp-gemini,gopher-mcp-gopher" {
		t.Errorf("the default shows %s, want every verified preset", got)
	}
	if got := ids(CrawlersShown([]string{"veronica2", "bogus", "tlgs", "tlgs"})); got != "tlgs,veronica2" {
		t.Errorf("a hand-edited choice shows %s, want tlgs,veronica2 in display order", got)
	}
	for _, c := range []struct {
		in   []string
		want string // "nil" for the default
	}{
		{nil, "nil"},
		{[]string{}, ""},
		{[]string{"gus", "x", "tlgs"}, "tlgs,gus"},
		{strings.Split("mozz-archiver,tlgs,gemplex,gemini-grc,kennedy,gus,gus-legacy,auragem,gopher-mcp-gopher,gopher-mcp-gemini", ","), "nil"},
	} {
		got := CleanCrawlers(c.in)
		s := strings.Join(got, ",")
		if got == nil {
			s = "nil"
		}
		if s != c.want {
			t.Errorf("CleanCrawlers(%q) = %s, want %s", c.in, s, c.want)
		}
	}
	chooser := CrawlerChooserHTML(CrawlersShown([]string{"gus", "veronica2"}))
	if n, ticked := strings.Count(chooser, `data-crawler-toggle=`), strings.Count(chooser, ` checked>`); n != len(crawlers.All()) || ticked != 2 {
		t.Errorf("the chooser has %d boxes, %d ticked; want one per preset and 2:\n%s", n, ticked, chooser)
	}
	if !regexp.MustCompile(`data-crawler-toggle="veronica2" checked> Veronica-2 <span class="unverified">unverified`).MatchString(chooser) {
		t.Errorf("Veronica-2 is not marked unverified in the chooser:\n%s", chooser)
	}
}

var crawlerCellRe = regexp.MustCompile(`<button type="button" class="cell ([a-z]+)[^"]*" aria-pressed="(true|false)" data-crawler="([^"]*)" data-selector="([^"]*)" data-verdict="([^"]*)" data-line="([0-9]+)"`)

// TestCrawlerTableHTML: one row per selector, one cell per crawler, each
// with the contract's attributes; the chosen cell is pressed; typed text
// is escaped; an unverified crawler's column says so.
func TestCrawlerTableHTML(t *testing.T) {
	robots := "User-agent: *\nDisallow: /private\n"
	sels := []string{"/private-notes", "/private/<x>"}
	presets := CrawlersShown([]string{"tlgs", "kennedy", "veronica2"})
	rows := grid.Crawlers(core.Parse([]byte(robots)), sels, presets)
	out := CrawlerTableHTML(rows, presets, sels, grid.CrawlerKey("tlgs", "/private-notes"))
	cells := crawlerCellRe.FindAllStringSubmatch(out, -1)
	if len(cells) != 2*3 {
		t.Fatalf("%d crawler cells with the attributes, want 6:\n%s", len(cells), out)
	}
	want := [][]string{
		{"allow", "true", "tlgs", "/private-notes", "allow", "0"}, // whole segments: not covered
		{"disallow", "false", "kennedy", "/private-notes", "disallow", "2"},
		{"disallow", "false", "veronica2", "/private-notes", "disallow", "2"},
		{"disallow", "false", "tlgs", "/private/&lt;x&gt;", "disallow", "2"},
	}
	for i, w := range want {
		if got := cells[i][1:]; strings.Join(got, "|") != strings.Join(w, "|") {
			t.Errorf("cell %d = %q, want %q", i, got, w)
		}
	}
	if strings.Contains(out, "/private/<x>") {
		t.Error("a selector is not escaped")
	}
	if !strings.Contains(out, `</span></a> <span class="unverified">unverified</span></th>`) {
		t.Errorf("the unverified column is not labelled:\n%s", out)
	}
	if out := CrawlerTableHTML(nil, nil, sels, ""); !strings.Contains(out, "No crawler is chosen") {
		t.Errorf("with no crawler chosen: %s", out)
	}
	if out := CrawlerTableHTML(nil, presets, nil, ""); !strings.Contains(out, "No rows yet") {
		t.Errorf("with no selector: %s", out)
	}
}

// TestExplainCrawlerHTML: the explanation cites the crawler's code as
// links at the commit read, names what it compares and its names, and
// says when a crawler is unverified.
func TestExplainCrawlerHTML(t *testing.T) {
	robots := "User-agent: *\nDisallow: /private\n"
	sels := []string{"gemini://capsule.example/private-notes?q=1"}
	presets := CrawlersShown([]string{"tlgs", "gemini-grc", "veronica2"})
	rows := grid.Crawlers(core.Parse([]byte(robots)), sels, presets)
	tlgs := ExplainCrawlerHTML(rows, presets, 0, 0)
	const commit = "3f00f7d6d5727f15cde918ced87be4c150eecc28"
	for _, want := range []string{
		`<p class="sentence"><span class="icon" aria-hidden="true">✓</span> TLGS may fetch gemini://capsule.example/private-notes?q=1: the selector is compared as <code>/private-notes</code>`,
		`<a href="https://github.com/marty1885/tlgs/tree/` + commit + `">marty1885/tlgs at 3f00f7d6d5</a>`,
		`<a href="https://github.com/marty1885/tlgs/blob/` + commit + `/tlgsutils/robots_txt_parser.cpp#L73-L76"><code>tlgsutils/robots_txt_parser.cpp:73-76</code></a>`,
		`<a href="https://github.com/marty1885/tlgs/blob/` + commit + `/tlgs/crawler/crawler.cpp#L234"><code>tlgs/crawler/crawler.cpp:234</code></a>`,
		`<dt>It compares</dt><dd><code>/private-notes</code></dd>`,
		`<dt>Names it tests</dt><dd><code>*</code>, <code>tlgs</code>, <code>indexer</code></dd>`,
		`<dt>Deciding line</dt><dd>none: no rule matched`,
		`robots_txt_parser.cpp#L124-L131"><code>tlgsutils/robots_txt_parser.cpp:124-131</code></a>`, // how it decides
		`<dt>Other crawlers</dt><dd>gemini-grc deny (line 2); Veronica-2 deny (line 2)</dd>`,
	} {
		if !strings.Contains(tlgs, want) {
			t.Errorf("the TLGS explanation lacks %s:\n%s", want, tlgs)
		}
	}
	if grc := ExplainCrawlerHTML(rows, presets, 0, 1); !strings.Contains(grc, "none: it ignores User-agent") || !strings.Contains(grc, `<button type="button" class="goto" data-line="2">line 2</button>`) {
		t.Errorf("the gemini-grc explanation:\n%s", grc)
	}
	if v := ExplainCrawlerHTML(rows, presets, 0, 2); !strings.Contains(v, `<span class="unverified">unverified</span>`) || strings.Contains(v, "<a href") {
		t.Errorf("Veronica-2 is not shown as unverified, without links to code:\n%s", v)
	}
	for _, rc := range [][2]int{{-1, 0}, {1, 0}, {0, 3}} {
		if got := ExplainCrawlerHTML(rows, presets, rc[0], rc[1]); got != NoChoice {
			t.Errorf("cell %v out of range: %s", rc, got)
		}
	}
}

func TestLinkRefs(t *testing.T) {
	cites := []grid.Cite{{Ref: "a.go:1", URL: "https://x/a#L1"}, {Ref: "b.py:2-3"}, {Ref: "a.go:1", URL: "https://x/a#L1"}}
	why := linkRefs("see a.go:1 & b.py:2-3", &cites)
	note := linkRefs("<again> a.go:1", &cites)
	if want := `see <a href="https://x/a#L1"><code>a.go:1</code></a> &amp; <code>b.py:2-3</code>`; why != want {
		t.Errorf("why = %s, want %s", why, want)
	}
	if want := `&lt;again&gt; <a href="https://x/a#L1"><code>a.go:1</code></a>`; note != want {
		t.Errorf("note = %s, want %s", note, want)
	}
}

// TestCrawlerFetchHTML: the fetch details say what each crawler of the
// protocol makes of the first reply, with its code linked.
func TestCrawlerFetchHTML(t *testing.T) {
	reading := func(html, crawler string) string {
		m := regexp.MustCompile(`data-crawler="` + crawler + `" data-reading="([a-z-]+)"`).FindStringSubmatch(html)
		if m == nil {
			return ""
		}
		return m[1]
	}
	notFound := FetchViewOf("gemini://h", 200, &FetchResult{URL: "gemini://h", Outcome: "not-found", Attempts: []FetchAttempt{{URL: "gemini://h/robots.txt", Status: "51 Not found"}}}, false).HTML
	if got := reading(notFound, "tlgs"); got != "allow-all" {
		t.Errorf("TLGS on a 51 reads %q, want allow-all:\n%s", got, notFound)
	}
	if !strings.Contains(notFound, `<a href="https://github.com/marty1885/tlgs/blob/3f00f7d6d5727f15cde918ced87be4c150eecc28/tlgs/crawler/crawler.cpp#L187-L220">`) {
		t.Errorf("TLGS's fetch code is not linked:\n%s", notFound)
	}
	if reading(notFound, "veronica2") != "" {
		t.Error("a Gopher crawler is listed for a Gemini fetch")
	}
	image := FetchViewOf("gemini://h", 200, &FetchResult{URL: "gemini://h", Outcome: "not-robots", Attempts: []FetchAttempt{{URL: "gemini://h/robots.txt", Status: "20 image/png"}}}, false).HTML
	if got := reading(image, "gemplex"); got != "skip-host" || !strings.Contains(image, "skips the whole host for now") {
		t.Errorf("Gemplex on an image reads %q, want skip-host:\n%s", got, image)
	}
	gopher := FetchViewOf("gopher://h", 200, &FetchResult{URL: "gopher://h", Outcome: "found", Attempts: []FetchAttempt{{URL: "gopher://h/0robots.txt", Status: "found"}}}, false).HTML
	if got := reading(gopher, "veronica2"); got != "read" || !strings.Contains(gopher, `Veronica-2 <span class="unverified">unverified</span>`) {
		t.Errorf("Veronica-2 on a found gopher file reads %q:\n%s", got, gopher)
	}
	if out := CrawlerFetchHTML(&FetchResult{URL: "finger://h", Outcome: "found"}); out != "" {
		t.Errorf("a protocol no crawler uses: %s", out)
	}
}
