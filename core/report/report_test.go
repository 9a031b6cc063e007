package report

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/custom"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/internal/goldenfile"
	"github.com/smolbots/smolbots/internal/tabletest"
)

var update = flag.Bool("update", false, "rewrite the golden reports in testdata/")

const link = "https://smolbots.example/#v1.YlQMLU4t0k1MT80rsVLQ4nLJLE7Myckvt1LQLyjKLEssSeViEoIx9Su49AtKk3Iyk5n53EODNTLzUlIrUos0ubQAAQAA__8"

type reportCase struct {
	name      string
	robots    string
	selectors string
	agents    string
	dialects  []core.Dialect
	permalink string
	crawlers  []core.Dialect // the Real crawlers shown
}

// capsule is our own file in the style seen on small-web servers: a
// virtual agent record, a blank line inside a record, a rule before any
// User-agent, a mid-pattern glob, the same agent twice.
const capsule = `Disallow: /cgi-bin
# archives and proxies stay out
User-agent: archiver
User-agent: webproxy

Disallow: /

User-agent: indexer
Disallow: /search
Disallow: /*/raw
Allow: /search/help

User-agent: GUS
Disallow: /private
Crawl-delay: 5

User-agent: GUS
Disallow: /drafts

User-agent: *
Disallow: /private
`

func cases() []reportCase {
	many := strings.Repeat("# filler\n", 400) + "User-agent: *\nDisallow: /x\n" + strings.Repeat("# tail\n", 50)
	sixDigits := strings.Repeat("#\n", 150000) + "User-agent: *\nDisallow: /x\nAllow: /x/y\n"
	return []reportCase{
		{name: "clash", robots: "User-agent: *\nDisallow: /private\n\nUser-agent: indexer\nDisallow: /\nAllow: /public\nCrawl-delay: 10\n",
			selectors: "/public\n/private/x\ngemini://capsule.example/public/a", agents: "GUS(indexer)\n*", dialects: core.Dialects(), permalink: link,
			crawlers: grid.DefaultCrawlers()},
		{name: "empty", dialects: core.Dialects(), crawlers: grid.DefaultCrawlers()},
		{name: "no-dialects", robots: "User-agent: *\nDisallow: /\n", selectors: "/", dialects: nil, permalink: "https://smolbots.example/#v1.AQAA__8"},
		{name: "capsule", robots: capsule,
			selectors: "/\n/search?q=x\n/search/help\n/gemlog/raw\n/private/notes\n/drafts/x\n/cgi-bin/env\nprivate/no-slash",
			agents:    "GUS(indexer)\nindexer\nLupa(archiver,researcher)\n*", dialects: core.Dialects(), permalink: link,
			crawlers: crawlers.All()},
		{name: "two-dialects", robots: capsule, selectors: "gemini://capsule.example/search/some/rather/long/path/that/needs/room?with=query\n/private",
			agents: "GUS", dialects: []core.Dialect{core.Gemini, core.Conner2020}, permalink: link + strings.Repeat("x", 200)},
		{name: "nasty", robots: "User-agent:\t*\r\nDisallow: /日本語/パス/" + strings.Repeat("長", 80) + "\rDisallow: /a\x00b\x1b[31m\u202eevil\u200d\n" +
			"Disallow: /" + strings.Repeat("very-long-segment/", 12) + "\n\xff\xfe bad bytes\n\tDisallow:\t/tab\n🤖🤖🤖: emoji field\n",
			selectors: "/" + strings.Repeat("日本", 60) + "\n/\u202etxt.exe\n/" + strings.Repeat("z", 300) + "\n/a\tb\n\x00",
			agents:    "Robot🤖(indexer)\n" + strings.Repeat("VeryLongAgentName", 8) + "\n((\nhttp://bad",
			dialects:  core.Dialects(), permalink: link + "\u202e#\x00", crawlers: crawlers.All()},
		{name: "problems", robots: "User-agent: *\nDisallow: /x\n", selectors: "/x\nhttp://capsule.example/x\ngopher://\n/y", agents: "GUS(\n*\nx)",
			dialects: []core.Dialect{core.RFC9309, core.Norobots}},
		{name: "long-file", robots: many, selectors: "/x/1\n/y", dialects: core.Dialects(), crawlers: grid.DefaultCrawlers()},
		{name: "six-digit-lines", robots: sixDigits, selectors: "/x/y\n/x/z\n/w", agents: "GUS", dialects: core.Dialects(), permalink: link,
			crawlers: grid.DefaultCrawlers()},
		// The page's "Your reader" column, last: on /a it alone allows,
		// on /a/b it alone of the longest-match readers refuses.
		{name: "your-reader", robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n", selectors: "/a/b\n/c\n/a", agents: "*",
			dialects: append(core.Dialects(), ownReader), permalink: link},
	}
}

// ownReader is a reader of one's own, as the page's column holds it.
var ownReader = func() core.Dialect {
	d, err := custom.Parse("custom:rfc9309,match=first,always-allow=/a")
	if err != nil {
		panic(err)
	}
	return d
}()

func build(c reportCase) grid.Grid {
	return grid.Build(grid.Input{Robots: c.robots, Selectors: c.selectors, Agents: c.agents, Dialects: c.dialects})
}

// report is the case's report, with its real crawlers.
func (c reportCase) report(g grid.Grid) Case {
	r := Case{Grid: g, Robots: c.robots, Permalink: c.permalink, Crawlers: c.crawlers}
	if len(c.crawlers) > 0 {
		r.CrawlerRows = grid.Crawlers(core.Parse([]byte(c.robots)), g.Selectors, c.crawlers)
	}
	return r
}

// fixedFindings stand in for the linter's in the golden files, which pin
// the report's layout: the linter's wording changes on its own schedule
// (TestLineWidths and TestContent still run the real linter).
var fixedFindings = []lint.Finding{
	{Line: 0, Code: "file-level", Severity: lint.SevInfo, Message: "A finding about the whole file.", Dialects: []string{"gopherdraft"}},
	{Line: 2, Code: "some-code", Severity: lint.SevWarning, Dialects: []string{"gopher2019", "gopherdraft", "gemini", "conner2020", "rfc9309", "norobots"},
		Message: "A longer message that needs wrapping: " + strings.Repeat("word ", 20) + "and `Disallow: /x` quoted."},
}

func TestGolden(t *testing.T) {
	for _, c := range cases() {
		g := build(c)
		if len(g.Findings) > 0 {
			g.Findings = fixedFindings
		}
		r := c.report(g)
		for _, form := range []struct {
			ext string
			fn  func() string
		}{{".txt", r.Text}, {".gmi", r.Gemtext}} {
			t.Run(c.name+form.ext, func(t *testing.T) {
				got := form.fn()
				path := filepath.Join("testdata", c.name+form.ext)
				want := goldenfile.Read(t, path, []byte(got), *update)
				if got != want {
					t.Errorf("report differs from %s (run go test -update and review the diff):\n%s", path, firstDiff(want, got))
				}
			})
		}
	}
}

func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, a, b)
		}
	}
	return "(same lines)"
}

// checkLines asserts what every report promises: no line over Width
// columns (nor runes), no control characters, no trailing spaces, valid
// UTF-8. The permalink's line is the one exception to the width: the
// text report's last line, Gemtext's link line.
func checkLines(t *testing.T, name, out string, gemtext bool) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Errorf("%s: invalid UTF-8", name)
	}
	if !strings.HasSuffix(out, "\n") {
		t.Errorf("%s: does not end in a newline", name)
	}
	pre := false
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	link := !gemtext && strings.Contains(out, "\nPermalink\n---------\n")
	for i, l := range lines {
		if gemtext && strings.HasPrefix(l, "```") {
			pre = !pre
		}
		long := gemtext && !pre && strings.HasPrefix(l, "=>") || link && i == len(lines)-1
		if w, n := width(l), utf8.RuneCountInString(l); !long && (w > Width || n > Width) {
			t.Errorf("%s line %d is %d columns, %d runes: %q", name, i+1, w, n, l)
		}
		if strings.TrimRight(l, " \t") != l {
			t.Errorf("%s line %d has trailing white space: %q", name, i+1, l)
		}
		for _, r := range l {
			if needsCleaning(r) {
				t.Errorf("%s line %d holds %U: %q", name, i+1, r, l)
				break
			}
		}
	}
	if gemtext && pre {
		t.Errorf("%s: a preformatted block is not closed", name)
	}
}

func TestLineWidths(t *testing.T) {
	for _, c := range cases() {
		r := c.report(build(c))
		checkLines(t, c.name+".txt", r.Text(), false)
		checkLines(t, c.name+".gmi", r.Gemtext(), true)
	}
}

func TestContent(t *testing.T) {
	c := cases()[0]
	g := build(c)
	txt := Text(g, c.robots, c.permalink)
	gmi := Gemtext(g, c.robots, c.permalink)
	for _, want := range []string{
		"  5  Disallow: /", // numbered listing
		"agent GUS(indexer)",
		"star-not-last",
		"\n\n" + link + "\n", // the permalink, whole on a line of its own
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("text report lacks %q", want)
		}
	}
	if !regexp.MustCompile(`(?m)^! /public +DENY 5 allow  DENY 5 allow  allow  allow$`).MatchString(txt) {
		t.Error("text report lacks the disagreement row with its deciding lines")
	}
	if strings.Contains(txt, "```") || strings.Contains(txt, "=>") {
		t.Error("text report has Gemtext markup")
	}
	if !strings.Contains(gmi, "\n=> "+link+" ") || !strings.HasPrefix(gmi, "# ") || !strings.Contains(gmi, "\n## Verdicts\n") {
		t.Errorf("gemtext lacks its heading, section or link line:\n%s", gmi)
	}
	// The six-digit file does not fit columns: each row becomes a block.
	c = cases()[8]
	txt = Text(build(c), c.robots, "")
	if !strings.Contains(txt, "    gopher2019   DENY 150002") || !strings.Contains(txt, "(149995 lines left out)") {
		t.Errorf("six-digit case: no block layout or no elision:\n%s", txt)
	}
	if strings.Contains(txt, "Permalink") {
		t.Error("an empty permalink still gets a section")
	}
}

// TestPermalinkOnOneLine: however long, the permalink stands whole on
// a line of its own (the text report's last, after a blank line), so a
// mail client links it; a space in it is escaped, and nothing else of
// the report passes Width.
func TestPermalinkOnOneLine(t *testing.T) {
	c := cases()[4] // two-dialects: a link of 300 bytes
	long := c.permalink + " and more"
	g := build(c)
	want := strings.ReplaceAll(long, " ", "%20")
	txt := Text(g, c.robots, long)
	if !strings.HasSuffix(txt, "\n\n"+want+"\n") {
		t.Errorf("the text report does not end with the whole link on a line of its own:\n%s", txt[max(0, len(txt)-600):])
	}
	checkLines(t, "text", txt, false)
	if gmi := Gemtext(g, c.robots, long); !strings.Contains(gmi, "\n=> "+want+" Open this case in the playground\n") {
		t.Errorf("the Gemtext report lacks the link line:\n%s", gmi)
	}
}

// TestNotesInColumnOrder: the notes follow the table's columns, left to
// right, not the rows (the capsule case has notes in four columns over
// several agents).
func TestNotesInColumnOrder(t *testing.T) {
	c := cases()[3]
	g := build(c)
	col := map[string]int{}
	for i, d := range g.Dialects {
		col[d.ID] = i
	}
	txt := Text(g, c.robots, "")
	notes := txt[strings.Index(txt, "\nNotes\n"):strings.Index(txt, "\nLints\n")]
	var seen []string
	last := -1
	for _, m := range regexp.MustCompile(`(?m)^(\S+), for `).FindAllStringSubmatch(notes, -1) {
		seen = append(seen, m[1])
		if col[m[1]] < last {
			t.Errorf("notes out of column order: %v", seen)
			break
		}
		last = col[m[1]]
	}
	if len(slices.Compact(slices.Clone(seen))) < 3 {
		t.Errorf("the capsule case has notes in only %v; the test needs three columns or more", seen)
	}
}

// TestCrawlers: the real crawlers' verdicts come after the dialects',
// in the same compact rows (a "!" where they disagree), each crawler's
// notes with the selectors they were given on, in column order; a
// report without crawlers has no such section.
func TestCrawlers(t *testing.T) {
	c := cases()[0]
	r := c.report(build(c))
	txt, gmi := r.Text(), r.Gemtext()
	// Nine crawlers are too wide for one row: each selector lists them.
	if !regexp.MustCompile(`(?m)^! selector /public\n +TLGS +DENY 5\n +Gemplex +DENY 5\n +gemini-grc +DENY 5\n +Kennedy +DENY 5\n +GUS +DENY 5\n +GUS \(2020\) +allow\n +mozz-archiver +allow\n +AuraGem +allow 6\n`).MatchString(txt) {
		t.Errorf("no crawler row for /public:\n%s", txt)
	}
	i, j := strings.Index(txt, "\nReal crawlers\n"), strings.Index(txt, "\nCrawler notes\n")
	if i < strings.Index(txt, "\nVerdicts\n") || j < i || strings.Index(txt, "\nLints\n") < j {
		t.Fatalf("sections out of order or missing:\n%s", txt)
	}
	col := map[string]int{}
	for k, d := range c.crawlers {
		col[d.Crawler.Name] = k
	}
	last := -1
	for _, m := range regexp.MustCompile(`(?m)^(.+), on (.+)$`).FindAllStringSubmatch(txt[j:], -1) {
		k, ok := col[m[1]]
		if !ok || k < last {
			t.Errorf("crawler note %q unknown or out of column order", m[0])
		}
		last = k
	}
	if !strings.Contains(txt, "TLGS, on /public, gemini://capsule.example/public/a\n    TLGS reads no Allow lines") {
		t.Errorf("TLGS's note on its two selectors is missing:\n%s", txt[j:])
	}
	if !strings.Contains(gmi, "\n## Real crawlers\n") || !strings.Contains(gmi, "\n```real crawlers\n") || !strings.Contains(gmi, "\n## Crawler notes\n") {
		t.Errorf("the Gemtext report lacks the crawlers' sections:\n%s", gmi)
	}
	if plain := Text(r.Grid, c.robots, ""); strings.Contains(plain, "Real crawlers") || strings.Contains(plain, "Crawler notes") {
		t.Error("a report without crawlers has their sections")
	}
}

func TestLintPending(t *testing.T) {
	c := cases()[0]
	g := grid.Build(grid.Input{Robots: c.robots, Selectors: c.selectors, Dialects: c.dialects, LintLater: true})
	if out := Text(g, c.robots, ""); !strings.Contains(out, "was not linted") || strings.Contains(out, "No lint findings") {
		t.Errorf("a grid without lints is reported as lint-free:\n%s", out)
	}
}

func TestClean(t *testing.T) {
	tabletest.Strings(t, "clean", clean, map[string]string{
		"plain":        "plain",
		"a\tb":         "a\u2409b",
		"nul\x00":      "nul\u2400",
		"del\x7f":      "del\u2421",
		"\xff":         "\ufffd",
		"\u202eevil":   "<U+202E>evil",
		"c1\u0085":     "c1<U+0085>",
		"ls\u2028":     "ls<U+2028>",
		"日本":           "日本",
		"\ufffd as is": "\ufffd as is",
	})
}

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		what  string
		wrap  func(string, int) []string
		in    string
		width int
		want  string
	}{
		{"hardWrap by columns", hardWrap, "日本語abc", 4, "日本|語ab|c"},
		{"pathWrap", pathWrap, "/private/diary.gmi", 12, "/private/|diary.gmi"},
		{"pathWrap without a slash in the second half", pathWrap, "/a/bcdefghijklmnop", 8, "/a/bcdef|ghijklmn|op"},
		{"pathWrap taking a line more than hardWrap", pathWrap, "gemini://capsule.example/public/a", 17, "gemini://capsule.|example/public/a"},
		{"wordWrap", wordWrap, "one two three", 7, "one two|three"},
		{"wordWrap of a long word", wordWrap, "abcdefghij k", 4, "abcd|efgh|ij k"},
	} {
		if got := c.wrap(c.in, c.width); strings.Join(got, "|") != c.want {
			t.Errorf("%s = %q", c.what, got)
		}
	}
}

func FuzzReport(f *testing.F) {
	for _, c := range cases()[:7] {
		f.Add(c.robots, c.selectors, c.agents, c.permalink)
	}
	f.Fuzz(func(t *testing.T, robots, selectors, agents, permalink string) {
		c := reportCase{robots: robots, selectors: selectors, agents: agents, dialects: core.Dialects(), permalink: permalink, crawlers: crawlers.All()}
		r := c.report(build(c))
		checkLines(t, "text", r.Text(), false)
		checkLines(t, "gemtext", r.Gemtext(), true)
	})
}

// TestYourReader: the page's "Your reader" column is named as the page
// heads it, its section gives the spelling, its base as the page's
// select names it, and each changed knob in the page's words with the
// base's value; a reader with no knob changed says so; a long spelling
// with user text in a knob stays within the report's lines.
func TestYourReader(t *testing.T) {
	c := cases()[len(cases())-1]
	txt := c.report(build(c)).Text()
	for _, want := range []string{
		"under 6 dialects and your reader: 2 rows\nwhere the columns disagree.",
		"\nyour reader  custom reader from rfc9309\n",
		"\nYour reader\n-----------\n",
		"\nspelling     custom:rfc9309,match=first,always-allow=/a\nstarts from  rfc9309: RFC 9309\n",
		"\nWhich rule decides\n    the first rule that matches\n    (as rfc9309: the longest rule that matches)\n",
		"\nA selector always allowed\n    /a\n    (as rfc9309: /robots.txt)\n",
		"\n! /a       DENY 2 DENY 2  DENY 2 DENY 2 DENY 2  DENY 2 allow\n",
		"\nyour reader, for *\n",
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("the report lacks %q:\n%s", want, txt)
		}
	}
	if i, j := strings.Index(txt, "\nYour reader\n"), strings.Index(txt, "\nrobots.txt ("); i < 0 || j < i {
		t.Errorf("the reader's section is not before the file's listing:\n%s", txt)
	}
	if gmi := c.report(build(c)).Gemtext(); !strings.Contains(gmi, "\n## Your reader\n") ||
		!strings.Contains(gmi, "\n```your reader\nspelling     custom:rfc9309,match=first,always-allow=/a\n") {
		t.Errorf("the Gemtext report lacks the reader's section:\n%s", gmi)
	}

	// docs/reports.md shows this section as the report writes it.
	doc, err := os.ReadFile("../../docs/reports.md")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(txt, "Your reader\n")
	section := txt[i : i+strings.Index(txt[i:], "\n\nrobots.txt (")+1]
	if !strings.Contains(string(doc), "\n```\n"+section+"```\n") {
		t.Errorf("docs/reports.md does not show the section as the report writes it:\n%s", section)
	}

	gus, err := custom.Parse("custom:gus")
	if err != nil {
		t.Fatal(err)
	}
	c.dialects = []core.Dialect{core.Gemini, gus}
	txt = c.report(build(c)).Text()
	for _, want := range []string{"under 1 dialect and your reader", "\nstarts from  GUS\n\nIt changes no knob: it reads as gus.\n"} {
		if !strings.Contains(txt, want) {
			t.Errorf("custom:gus: the report lacks %q:\n%s", want, txt)
		}
	}
	c.dialects = []core.Dialect{gus}
	if txt = c.report(build(c)).Text(); !strings.Contains(txt, "under your reader: 0 rows where the\ncolumns disagree.") {
		t.Errorf("the reader alone:\n%s", txt)
	}

	long, err := custom.Parse("custom:rfc9309,groups=none,agents=substring,apply=all-rules,match=first,patterns=prefix,encoding=raw,lf-only=yes,always-allow=/" +
		strings.Repeat("long/", 30) + "\u202e\x01")
	if err != nil {
		t.Fatal(err)
	}
	c.dialects = append(core.Dialects(), long)
	r := c.report(build(c))
	checkLines(t, "long reader.txt", r.Text(), false)
	checkLines(t, "long reader.gmi", r.Gemtext(), true)
	if txt := r.Text(); !strings.Contains(txt, "<U+202E>␁") || !strings.Contains(txt, "\nEncoding: what is done to %-escapes and the URL\n    nothing: bytes as written\n") {
		t.Errorf("the long reader's section:\n%s", txt)
	}
}

// A report names the build that made it on its last line, and a shared
// link's record check under the answer, in both forms.
func TestReportNamesVersionAndRecord(t *testing.T) {
	g := grid.Build(grid.Input{Robots: "User-agent: *\nDisallow: /a\n", Selectors: "/a", Dialects: core.Dialects()[:1]})
	c := Case{Grid: g, Robots: "User-agent: *\nDisallow: /a\n", Permalink: link, Answer: "A robot may not fetch /a.",
		Shared: "Checked with this version: every verdict is as shared on 2026-12-01 (smolbots 0f05b81).", Rev: "0f05b81abc", Date: "2026-12-07"}
	for name, out := range map[string]string{"text": c.Text(), "gemtext": c.Gemtext()} {
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if last := lines[len(lines)-1]; last != "Made with smolbots 0f05b81abc on 2026-12-07." {
			t.Errorf("%s: last line %q", name, last)
		}
		a, s := strings.Index(out, "A robot may not"), strings.Index(out, "Checked with this version")
		if a < 0 || s < a {
			t.Errorf("%s: the record's words are not under the answer:\n%s", name, out)
		}
	}
	c.Rev, c.Shared = "", ""
	if strings.Contains(c.Text(), "Made with") || strings.Contains(c.Gemtext(), "Checked with") {
		t.Error("a report without a build or a record names one")
	}
}
