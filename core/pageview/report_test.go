package pageview

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/custom"
	"github.com/smolbots/smolbots/core/grid"
)

// TestReportIsTheCaseShown: the on-demand module's report holds the
// case's file, rows and link, its lints scoped as the page scopes them,
// the columns left out, and the file's CRLF line ends seen by the lints.
func TestReportIsTheCaseShown(t *testing.T) {
	c := ReportCase{
		Robots:    "User-agent: indexer\nDisallow: /private\n\nUser-agent: *\nDisallow: /cgi-bin\nno colon\n",
		Ends:      CRLF,
		Selectors: "/private/x.gmi\n/cgi-bin/a\n",
		Agents:    "GUS(indexer)\n",
		Hidden:    []string{"norobots", "rfc9309"},
		Protocol:  core.ProtocolGopher,
		Link:      "https://example.invalid/#v1.abc",
	}
	text := Report(c)
	for _, want := range []string{"User-agent: indexer", "/private/x.gmi", "GUS(indexer)", "DENY", c.Link, "no-colon"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "lf-line-endings") {
		t.Errorf("the CRLF file got an lf-line-endings lint:\n%s", text)
	}
	all := c
	all.Hidden = nil
	if n, m := strings.Count(text, "rfc9309"), strings.Count(Report(all), "rfc9309"); n >= m {
		t.Errorf("the hidden rfc9309 column is named %d times, %d times when shown", n, m)
	}
	c.Ends = LF
	if lf := Report(c); !strings.Contains(lf, "lf-line-endings") {
		t.Errorf("an LF file served over Gopher gets no lf-line-endings lint:\n%s", lf)
	}
	c.Gemtext = true
	if gem := Report(c); !strings.Contains(gem, "```") || !strings.Contains(gem, "=> "+c.Link) {
		t.Errorf("the Gemtext report has no preformatted block or link line:\n%s", gem)
	}
}

// TestReportHasTheCrawlersShown: the report holds the Real crawlers
// table the page shows: every default preset when nothing was chosen,
// only those chosen otherwise, none when the choice is empty.
func TestReportHasTheCrawlersShown(t *testing.T) {
	c := ReportCase{
		Robots:    "User-agent: *\nDisallow: /tmp*\n",
		Ends:      LF,
		Selectors: "/tmp/x\n",
		Link:      "https://example.invalid/#v1.abc",
	}
	text := Report(c)
	i := strings.Index(text, "\nReal crawlers\n")
	if i < 0 {
		t.Fatalf("the default choice gives no Real crawlers section:\n%s", text)
	}
	for _, d := range CrawlersShown(nil) {
		if !strings.Contains(text[i:], d.Crawler.Name) {
			t.Errorf("the report lacks the default crawler %s:\n%s", d.Crawler.Name, text[i:])
		}
	}
	if !strings.Contains(text, "TLGS: a rule with one trailing * is a plain prefix") {
		t.Errorf("the report lacks TLGS's note:\n%s", text[i:])
	}
	c.Crawlers = []string{"kennedy", "veronica2"}
	text = Report(c)
	// The crawlers' section and its notes, not the lints after them
	// (glob-portability's words name TLGS whatever the columns).
	section, _, _ := strings.Cut(text[max(strings.Index(text, "\nReal crawlers\n"), 0):], "\nLints\n")
	if i = strings.Index(text, "\nReal crawlers\n"); i < 0 || !strings.Contains(section, "Veronica-2") || strings.Contains(section, "TLGS") {
		t.Errorf("the choice of Kennedy and Veronica-2 gives:\n%s", text)
	}
	c.Crawlers = []string{}
	if text = Report(c); strings.Contains(text, "Real crawlers") {
		t.Errorf("no crawler chosen, yet the report has their section:\n%s", text)
	}
	c.Crawlers, c.Gemtext = nil, true
	if gem := Report(c); !strings.Contains(gem, "\n## Real crawlers\n") {
		t.Errorf("the Gemtext report lacks the Real crawlers:\n%s", gem)
	}
}

// TestReportNamesOnlyTheDialectsShown: with the Gopher columns hidden,
// by hand or by serving the file over Gemini, no word of the default
// example's report names a Gopher dialect: not the lints' dialect lists,
// not their messages (which name every dialect on the page), and a
// finding about a hidden column alone is left out.
func TestReportNamesOnlyTheDialectsShown(t *testing.T) {
	// The crawlers chosen are those whose names hold no "gopher":
	// gopher-mcp is a crawler, not a Gopher dialect.
	var chosen []string
	for _, d := range grid.DefaultCrawlers() {
		if !strings.HasPrefix(d.ID, "gopher-mcp") {
			chosen = append(chosen, d.ID)
		}
	}
	e := Examples[0]
	for _, c := range []ReportCase{
		{Hidden: []string{"gopher2019", "gopherdraft"}},
		{Hidden: HiddenFor(core.ProtocolGemini), Protocol: core.ProtocolGemini},
	} {
		c.Robots, c.Ends, c.Selectors, c.Agents, c.Crawlers = e.Robots, LF, e.Selectors, e.Agents, chosen
		for _, gem := range []bool{false, true} {
			c.Gemtext = gem
			text := Report(c)
			if i := strings.Index(strings.ToLower(text), "gopher"); i >= 0 {
				t.Errorf("hidden %v, protocol %q: the report names a Gopher dialect: …%s…", c.Hidden, c.Protocol, text[max(0, i-300):min(len(text), i+100)])
			}
			if !strings.Contains(text, "allow-portability") || !strings.Contains(text, "virtual-agent-field-portability") {
				t.Errorf("hidden %v: the report lost lints that concern the dialects shown:\n%s", c.Hidden, text)
			}
		}
	}
}

// TestReportHasYourReader: with the page's "Your reader" column, both
// reports hold it, last, with the verdicts of the grid the page builds
// (update's WithReader), its knobs in the page's words, and, for a
// chosen cell of the column, the page's own answer sentence first,
// naming the reader by its spelling as the answer and the Why pane do.
// Without a column, or with a spelling the page refuses (it shows none
// then), the reports have none.
func TestReportHasYourReader(t *testing.T) {
	const spelling = "custom:rfc9309,match=first,always-allow=/a"
	c := ReportCase{Robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n", Ends: LF, Selectors: "/a/b\n/c\n/a\n",
		Custom: spelling, Link: "https://example.invalid/#v2.abc", Cell: grid.CellKey(spelling, "*", "/a/b")}
	d, ok, err := ReaderDialect(c.Custom)
	if !ok || err != nil {
		t.Fatal(err)
	}
	g := grid.Build(grid.Input{Robots: c.Robots, Selectors: c.Selectors, Dialects: WithReader(DialectsShown(nil), d, ok)})
	row, col, found := g.Find(c.Cell)
	if !found || col != len(g.Dialects)-1 {
		t.Fatalf("the page's grid has no cell %q in its last column", c.Cell)
	}
	answer := AnswerFor(&g, nil, nil, c.Cell)
	named := "Under <strong>" + spelling + "</strong>, a robot"
	if !strings.Contains(answer.HTML, named) || !strings.Contains(ExplainHTML(&g, row, col), named) {
		t.Fatalf("the page's answer and Why pane do not open %q:\n%s", named, answer.HTML)
	}

	text := Report(c)
	opening, _, _ := strings.Cut(strings.TrimPrefix(text, "smolbots report\n===============\n\n"), "\n\n")
	if got := strings.ReplaceAll(opening, "\n", " "); got != answer.Sentence || !strings.HasPrefix(got, "Under "+spelling+", a robot") {
		t.Errorf("the report opens %q; the page's answer is %q", got, answer.Sentence)
	}
	// Each row of the table ends with the page's column's cell.
	for _, r := range g.Rows {
		v := r.Cells[col]
		cell := "allow"
		if !v.Allowed {
			cell = "DENY"
		}
		if v.Line > 0 {
			cell += " " + strconv.Itoa(v.Line)
		}
		if !regexp.MustCompile(`(?m)^[! ] ` + regexp.QuoteMeta(r.Selector) + ` .* ` + cell + `$`).MatchString(text) {
			t.Errorf("the report's row for %s does not end with the page's %q:\n%s", r.Selector, cell, text)
		}
	}
	_, changed, _ := custom.Changes(d)
	if len(changed) != 2 {
		t.Fatalf("%s changes %d knobs, want 2", spelling, len(changed))
	}
	for _, gem := range []bool{false, true} {
		c.Gemtext = gem
		text := Report(c)
		for _, want := range []string{"your reader", spelling, "\nWhich rule decides\n    the first rule that matches\n    (as rfc9309: the longest rule that matches)\n",
			"\nA selector always allowed\n    /a\n    (as rfc9309: /robots.txt)\n"} {
			if !strings.Contains(text, want) {
				t.Errorf("gemtext %v: the report lacks %q:\n%s", gem, want, text)
			}
		}
	}

	c.Gemtext = false
	for _, none := range []string{"", "custom:nosuch,match=first"} {
		c.Custom = none
		if text := Report(c); strings.Contains(text, "your reader") || strings.Contains(text, "custom:") || strings.Contains(text, "Under ") {
			t.Errorf("reader %q: the report has a reader column or its answer:\n%s", none, text)
		}
	}
}
