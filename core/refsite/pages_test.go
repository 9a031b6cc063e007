package refsite

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/core/state"
)

func allPages(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := Pages()
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// The site has a page per lint code, dialect and crawler preset, the
// matrix and the index, each in both editions.
func TestPageCounts(t *testing.T) {
	files := allPages(t)
	count := func(prefix, ext string) int {
		n := 0
		for name := range files {
			if strings.HasPrefix(name, prefix) && strings.HasSuffix(name, ext) {
				n++
			}
		}
		return n
	}
	for _, c := range []struct {
		prefix string
		want   int
	}{{"lint/", len(lint.Codes())}, {"dialects/", 6}, {"crawlers/", len(crawlers.All())}} {
		if got := count(c.prefix, ".html"); got != c.want {
			t.Errorf("%s*.html: %d pages, want %d", c.prefix, got, c.want)
		}
		if got := count("gemini/"+c.prefix, ".gmi"); got != c.want {
			t.Errorf("gemini/%s*.gmi: %d pages, want %d", c.prefix, got, c.want)
		}
	}
	for _, name := range []string{"reference.html", "compat.html", "compat.json", "gemini/index.gmi", "gemini/compat.gmi"} {
		if _, ok := files[name]; !ok {
			t.Errorf("%s is missing", name)
		}
	}
}

var (
	hrefRE   = regexp.MustCompile(`href="([^"]*)"`)
	idRE     = regexp.MustCompile(`id="([^"]*)"`)
	gemLinkR = regexp.MustCompile(`(?m)^=> (\S+)`)
)

// A crawl of the site: every internal link of the web edition names a
// page or file that exists, and an anchor on it; every link of the
// Gemini edition between its pages names a .gmi that exists. Links to
// the playground ("/", "/#v1...") and its assets are the playground's.
func TestLinksResolve(t *testing.T) {
	files := allPages(t)
	ids := map[string]map[string]bool{}
	for name, body := range files {
		if strings.HasSuffix(name, ".html") {
			ids[name] = map[string]bool{}
			for _, m := range idRE.FindAllSubmatch(body, -1) {
				id := html.UnescapeString(string(m[1]))
				if ids[name][id] {
					t.Errorf("%s: id %q twice", name, id)
				}
				ids[name][id] = true
			}
		}
	}
	playground := map[string]bool{"/": true, "/style.css": true, "/favicon.svg": true}
	links := 0
	for name, body := range files {
		switch {
		case strings.HasSuffix(name, ".html"):
			for _, m := range hrefRE.FindAllSubmatch(body, -1) {
				href := html.UnescapeString(string(m[1]))
				if !strings.HasPrefix(href, "/") && !strings.HasPrefix(href, "#") {
					continue // another site
				}
				links++
				path, anchor, _ := strings.Cut(href, "#")
				if path == "" {
					path = "/" + strings.TrimSuffix(name, ".html")
				}
				if playground[path] {
					continue
				}
				target := strings.TrimPrefix(path, "/")
				if _, ok := files[target]; !ok {
					target += ".html"
				}
				if _, ok := files[target]; !ok {
					t.Errorf("%s links %s, which is not in the site", name, href)
					continue
				}
				if anchor != "" && !ids[target][anchor] {
					t.Errorf("%s links %s, but %s has no id %q", name, href, target, anchor)
				}
			}
		case strings.HasSuffix(name, ".gmi"):
			for _, m := range gemLinkR.FindAllSubmatch(body, -1) {
				href := string(m[1])
				if !strings.HasPrefix(href, "/") {
					continue
				}
				links++
				if _, ok := files["gemini"+href]; !ok {
					t.Errorf("%s links %s, which is not in the Gemini edition", name, href)
				}
			}
		}
	}
	if links < 1000 {
		t.Errorf("only %d internal links checked", links)
	}
}

// Every section heading and every table row carries an anchor.
func TestAnchors(t *testing.T) {
	for name, body := range allPages(t) {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		for _, tag := range []string{"<h2>", "<h3>", "<tr>"} {
			// A table's head row is not a row to cite.
			if n := strings.Count(string(body), tag) - strings.Count(string(body), "<thead>"+tag); n > 0 {
				t.Errorf("%s: %d %s without an id", name, n, tag)
			}
		}
		if strings.Contains(string(body), "<script") || strings.Contains(string(body), " style=") {
			t.Errorf("%s: has a script or an inline style (the site works without them, under the CSP)", name)
		}
	}
}

// Every permalink in the site decodes to a case its page says it
// describes, and each such case is what the page says: a lint example
// raises its code, a Use instead raises nothing at warning or above,
// a matrix cell is the reader's verdict on its demonstration.
func TestPermalinksDecode(t *testing.T) {
	pages, err := build()
	if err != nil {
		t.Fatal(err)
	}
	cells := compatCells()
	fragRE := regexp.MustCompile(`#(v1\.[A-Za-z0-9_-]+)`)
	checked := 0
	for _, p := range pages {
		described := func(st state.State) *linkedCase {
			for i := range p.Cases {
				if statesEqual(p.Cases[i].State, st) {
					return &p.Cases[i]
				}
			}
			return nil
		}
		for _, body := range [][]byte{p.html(), p.gemtext(), []byte(p.text())} {
			for _, m := range fragRE.FindAllSubmatch(body, -1) {
				st, err := state.Decode(string(m[1]))
				if err != nil {
					t.Errorf("%s: a permalink does not decode: %v", p.Path, err)
					continue
				}
				if described(st) == nil {
					t.Errorf("%s: a permalink opens a case the page does not describe: %+v", p.Path, st)
				}
				checked++
			}
		}
		for _, c := range p.Cases {
			what, st := c.What, c.State
			switch {
			case strings.HasPrefix(what, "lint example of "):
				code := strings.TrimPrefix(what, "lint example of ")
				fs := lintFindings(caseOf(st), lint.SevInfo)
				if !slices.ContainsFunc(fs, func(f lint.Finding) bool { return f.Code == code }) {
					t.Errorf("%s: the example's link opens a case that does not raise %s", p.Path, code)
				}
			case strings.HasPrefix(what, "use instead of "):
				if fs := lintFindings(caseOf(st), lint.SevWarning); len(fs) > 0 {
					t.Errorf("%s: the Use instead link opens a case that raises %s", p.Path, fs[0].Code)
				}
			case strings.HasPrefix(what, "compat cell "):
				feature, reader, _ := strings.Cut(strings.TrimPrefix(what, "compat cell "), ".")
				want := cells[feature][reader]
				v, ok := openCell(st)
				if !ok {
					t.Errorf("%s: the link of cell %s/%s selects no cell", p.Path, feature, reader)
				} else if v.Allowed != want.Allowed || v.Line != want.Line {
					t.Errorf("%s: cell %s/%s: the link shows allowed %v line %d, the matrix %v line %d", p.Path, feature, reader, v.Allowed, v.Line, want.Allowed, want.Line)
				}
			case strings.HasPrefix(what, "conformance case "):
				// "conformance case ID for READER": the cell chosen is
				// READER's, with its verdict in the suite
				id, reader, _ := strings.Cut(strings.TrimPrefix(what, "conformance case "), " for ")
				found := false
				for _, s := range resultsSuites {
					for _, c := range s.Cases {
						if c.ID != id || c.Robots != st.Robots || (st.Agents != "" && c.Agent != st.Agents) {
							continue
						}
						found = true
						if v, ok := openCell(st); !ok || v.Allowed != c.Expect[reader] {
							t.Errorf("%s: the link of %s opens %v (cell found: %v), %s's verdict is %v", p.Path, id, v.Allowed, ok, reader, c.Expect[reader])
						}
					}
				}
				if !found {
					t.Errorf("%s: the link of %s opens a case not in the suite", p.Path, id)
				}
			default:
				t.Errorf("%s: a case described as %q", p.Path, what)
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d permalinks checked", checked)
	}
}

func statesEqual(a, b state.State) bool {
	return a.Robots == b.Robots && a.Selectors == b.Selectors && a.Agents == b.Agents && a.Cell == b.Cell &&
		a.Protocol == b.Protocol && slices.Equal(a.Hidden, b.Hidden) && slices.Equal(a.Crawlers, b.Crawlers) && (a.Crawlers == nil) == (b.Crawlers == nil)
}

// caseOf is the case a playground state holds.
func caseOf(st state.State) Case {
	c := Case{Robots: st.Robots, Agent: st.Agents, Protocol: core.Protocol(st.Protocol)}
	if st.Selectors != "" {
		c.Selectors = strings.Split(st.Selectors, "\n")
	}
	return c
}

// openCell is the verdict of the cell a state selects, as the playground
// finds it: in the grid of dialects, or in the Real crawlers table.
func openCell(st state.State) (core.Verdict, bool) {
	g := grid.Build(grid.Input{Robots: st.Robots, Selectors: st.Selectors, Agents: st.Agents, Dialects: core.Dialects()})
	if row, col, ok := g.Find(st.Cell); ok {
		return g.Rows[row].Cells[col], true
	}
	var presets []core.Dialect
	for _, id := range st.Crawlers {
		d, _ := crawlers.ReaderByID(id)
		presets = append(presets, d)
	}
	rows := grid.Crawlers(core.Parse([]byte(st.Robots)), g.Selectors, presets)
	if row, col, ok := grid.FindCrawler(rows, st.Cell); ok {
		return rows[row][col].Verdict, true
	}
	return core.Verdict{}, false
}

// The matrix has the rows, each cell's support agrees with its
// verdict, and only the unverified reader has unknown cells.
func TestCompatCells(t *testing.T) {
	want := []string{"allow", "longest-match", "wildcard", "end-anchor", "prefix", "virtual-agents", "star-also", "blank-line-ends-group", "empty-disallow-clears", "inline-comment", "no-user-agent", "first-group", "missing-colon", "percent-encoding", "cr-line-endings"}
	var got []string
	for _, f := range Features {
		got = append(got, f.ID)
	}
	for _, id := range want {
		if !slices.Contains(got, id) {
			t.Errorf("no row %s", id)
		}
	}
	for _, f := range Features {
		for _, r := range Readers() {
			c := compatCells()[f.ID][r.ID]
			yes := c.Allowed == (f.Yes == "allowed")
			switch {
			case c.Support == "unknown" && r.Verified && unseenWhy(r.ID, f.ID) == "":
				t.Errorf("%s/%s: unknown for a verified reader, with no unseen code named", f.ID, r.ID)
			case c.Support == "unknown" && c.Caveat == "":
				t.Errorf("%s/%s: unknown with no caveat saying why", f.ID, r.ID)
			case c.Support == "yes" && !yes, c.Support == "no" && yes:
				t.Errorf("%s/%s: %s, but allowed is %v and yes is %s", f.ID, r.ID, c.Support, c.Allowed, f.Yes)
			}
			if r.Kind == "crawler" && c.Cite == "" {
				t.Errorf("%s/%s: a crawler cell cites no code", f.ID, r.ID)
			}
		}
	}
}

// Every knob value of every reader has words, every preset a crawler
// page's prose, and explain knows every code and nothing else.
func TestWordsForEverything(t *testing.T) {
	for _, d := range append(core.Dialects(), crawlers.All()...) {
		if err := checkKnobs(d); err != nil {
			t.Error(err)
		}
		if d.Crawler != nil && crawlerDocs[d.ID].What == "" {
			t.Errorf("%s has no entry in crawlerDocs", d.ID)
		}
	}
	for _, code := range lint.Codes() {
		if text, ok := Explain(code); !ok || !strings.Contains(text, "What it flags") {
			t.Errorf("Explain(%s) = %v", code, ok)
		}
		if Summary(code) == "" {
			t.Errorf("%s has no summary", code)
		}
	}
	if _, ok := Explain("no-such-code"); ok {
		t.Error("Explain knows no-such-code")
	}
}

// Veronica-2's page says plainly that it is built from its maintainer's
// words, with no code read.
func TestVeronicaSaysUnverified(t *testing.T) {
	body := string(allPages(t)["crawlers/veronica2.html"])
	if !strings.Contains(body, "Built from its maintainer&#39;s words, with no code read") {
		t.Error("the Veronica-2 page does not say it is built from its maintainer's words")
	}
}

// unseenWhy is the reader's Unseen entry for the feature, "" if none.
func unseenWhy(reader, feature string) string {
	d, ok := crawlers.ReaderByID(reader)
	if !ok {
		return ""
	}
	return d.UnseenWhy(feature)
}
