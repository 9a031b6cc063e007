package refsite

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/matrix"
	"github.com/smolbots/smolbots/core/state"
)

// The compatibility matrix: rows are features, columns are the six
// dialects and the crawler presets. No cell is written by hand:
// each is the verdict the reader gives on the row's demonstration, as
// `smolbots check -json` gives it (a test holds every cell to the CLI).

// Feature is one row (matrix.Feature) and keys, the crawler Source keys
// that say where the feature lives in a crawler's code, in order of
// preference, for a cell whose verdict cites no line of its own.
type Feature struct {
	matrix.Feature
	keys []string
}

// Features are the matrix's rows. Their IDs are citations: keep them.
var Features = withKeys(map[string][]string{
	"allow":                 []string{"decision", "lines"},
	"longest-match":         []string{"decision", "lines"},
	"wildcard":              []string{"match", "stars", "decision"},
	"end-anchor":            []string{"match", "decision"},
	"prefix":                []string{"segments", "decision"},
	"virtual-agents":        []string{"names", "each", "agents"},
	"star-also":             []string{"union", "each", "selection", "agents"},
	"blank-line-ends-group": []string{"grouping", "lines"},
	"empty-disallow-clears": []string{"empty", "decision"},
	"inline-comment":        []string{"comments", "lines"},
	"no-user-agent":         []string{"preamble", "grouping", "agents"},
	"first-group":           []string{"preamble", "agents", "selection"},
	"missing-colon":         []string{"second-chance", "lines"},
	"percent-encoding":      []string{"target"},
	"cr-line-endings":       []string{"lines"},
})

func withKeys(keys map[string][]string) []Feature {
	var out []Feature
	for _, f := range matrix.Features {
		out = append(out, Feature{f, keys[f.ID]})
	}
	return out
}

// Reader is one column.
type Reader struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Kind     string `json:"kind"` // "dialect" or "crawler"
	Verified bool   `json:"verified"`
	Protocol string `json:"protocol"` // gemini, gopher, or both for a dialect read on both
	// Agent is what the reader is asked as: the agent the dialects test,
	// or the names a crawler tests itself ("any" when it ignores them).
	Agent string `json:"agent"`
	Role  string `json:"role"` // what ROLE stands for in its demonstrations
	URL   string `json:"url"`  // its page
}

// Cell is one reader's answer on one row's demonstration.
type Cell struct {
	Support string `json:"support"` // yes, no or unknown
	Allowed bool   `json:"allowed"`
	// SkipHost: the reader fetches nothing from the host (AuraGem when
	// its parser fails on the file); Allowed is false.
	SkipHost bool `json:"skip_host,omitempty"`
	// Unread: the crawler's code decides the URL before any robots.txt
	// is read ("ignores-file", "never-fetched"), as core.Verdict.Unread.
	Unread string `json:"unread,omitempty"`
	Line   int    `json:"line"`
	Note   string `json:"note"` // the verdict's note, as check -json gives it
	// Caveat says why a cell is unknown: its reader is unverified and
	// what it is built from says nothing about this feature, or the
	// crawler's code on this point was not seen (unseen).
	Caveat    string `json:"caveat"`
	Cite      string `json:"cite"`     // for a crawler: repo@commit:path:line of the code that decides
	CiteURL   string `json:"cite_url"` // that line on GitHub, "" when the code is not there
	Permalink string `json:"permalink"`

	state   state.State
	citeRef string // the crawler's reference that Cite writes in full
}

// Readers are the matrix's columns, in order.
func Readers() []Reader {
	var out []Reader
	for _, d := range core.Dialects() {
		proto := "both"
		if crawlers.InScope(core.ProtocolGemini, d.ID) != crawlers.InScope(core.ProtocolGopher, d.ID) {
			proto = "gemini"
			if crawlers.InScope(core.ProtocolGopher, d.ID) {
				proto = "gopher"
			}
		}
		out = append(out, Reader{ID: d.ID, Name: d.Title, Kind: "dialect", Verified: true, Protocol: proto, Agent: defaultAgent, Role: "indexer", URL: core.Site() + "/dialects/" + d.ID})
	}
	for _, d := range crawlers.All() {
		c := d.Crawler
		role := "indexer"
		if d.ID == "mozz-archiver" || d.ID == "gemini-grc" {
			role = "archiver"
		}
		out = append(out, Reader{ID: d.ID, Name: c.Name, Kind: "crawler", Verified: c.Verified, Protocol: c.Protocol, Agent: c.Identity(), Role: role, URL: core.Site() + "/crawlers/" + d.ID})
	}
	return out
}

// Demonstration is the row's file and selector as one reader is given
// them: ROLE replaced by its role; for a Gemini crawler the selector as
// a gemini://capsule.example URL, which it builds its target from.
func (f Feature) Demonstration(r Reader) (robots, selector string) {
	robots = strings.ReplaceAll(f.Robots, "ROLE", r.Role)
	selector = f.Selector
	if r.Kind == "crawler" && r.Protocol == "gemini" {
		selector = "gemini://capsule.example" + selector
	}
	return robots, selector
}

// veronicaSays is what Veronica-2's own words cover, by row: its other
// cells are unknown, whatever the preset answers.
var veronicaSays = map[string]bool{
	"allow": true, "longest-match": true, // "the robot just looks at Disallow:"
	"wildcard": true, // "no regexes, just globs"
	// Its help page: it obeys the names veronica and *, and no other.
	"virtual-agents": true, "star-also": true, "first-group": true,
	// Grouped or not (its 2019 words), a blank line cuts nothing off.
	"blank-line-ends-group": true,
}

const veronicaCaveat = "Veronica-2's maintainer's description says nothing about this, and there is no code to read: the preset's answer is a guess."

var (
	cellsOnce sync.Once
	cells     map[string]map[string]Cell
)

// compatCells computes every cell, once.
func compatCells() map[string]map[string]Cell {
	cellsOnce.Do(func() { cells = computeCells() })
	return cells
}

func computeCells() map[string]map[string]Cell {
	out := map[string]map[string]Cell{}
	for _, f := range Features {
		out[f.ID] = map[string]Cell{}
		for _, r := range Readers() {
			out[f.ID][r.ID] = computeCell(f, r)
		}
	}
	return out
}

func computeCell(f Feature, r Reader) Cell {
	d, _ := crawlers.ReaderByID(r.ID)
	robots, sel := f.Demonstration(r)
	file := core.Parse([]byte(robots))
	var v core.Verdict
	st := state.State{Robots: robots, Selectors: sel}
	if r.Kind == "dialect" {
		v = d.Compile(file).Policy(core.MustAgent(r.Agent)).Test(sel)
		st.Agents = r.Agent
		st.Cell = grid.CellKey(d.ID, r.Agent, sel)
	} else {
		v = d.Compile(file).Policy(core.Agent{}).Test(sel)
		st.Crawlers = []string{d.ID}
		st.Cell = grid.CrawlerKey(d.ID, sel)
	}
	c := Cell{Allowed: v.Allowed, SkipHost: v.SkipHost, Unread: v.Unread, Line: v.Line, Note: v.Note, state: st}
	c.Permalink = core.Site() + "/#" + state.Encode(st)
	c.Support = "no"
	if v.Allowed == (f.Yes == "allowed") {
		c.Support = "yes"
	}
	if !r.Verified && !veronicaSays[f.ID] {
		c.Support, c.Caveat = "unknown", veronicaCaveat
	}
	if why := d.UnseenWhy(f.ID); why != "" {
		c.Support, c.Caveat = "unknown", why
	}
	if cr := d.Crawler; cr != nil {
		ref := ""
		if cites := grid.CitesIn(cr, v.Note); len(cites) > 0 {
			ref = cites[0].Ref
		}
		for _, k := range f.keys {
			if ref != "" {
				break
			}
			for _, s := range cr.Sources {
				if s.Key == k {
					ref = s.Ref
					break
				}
			}
		}
		if ref == "" {
			if cites := grid.CitesIn(cr, v.Why); len(cites) > 0 {
				ref = cites[0].Ref
			}
		}
		if ref == "" && len(cr.Sources) > 0 {
			ref = cr.Sources[0].Ref
		}
		c.Cite, c.CiteURL, c.citeRef = fullRef(cr, ref), refURL(cr, ref), ref
	}
	return c
}

// Compat is the matrix as compat.json publishes it.
type Compat struct {
	Site string `json:"site"`
	// Version and Built are the commit and the UTC date the matrix was
	// computed from, as every page names them.
	Version  string                     `json:"version"`
	Built    string                     `json:"built"`
	Features []Feature                  `json:"features"`
	Readers  []Reader                   `json:"readers"`
	Cells    map[string]map[string]Cell `json:"cells"`
	// Fetch is the second table: what each crawler makes of each fetch
	// outcome, from its fetch facts.
	Fetch map[string]map[string]FetchCell `json:"fetch"`
}

// FetchCell is one crawler's reading of one fetch outcome.
type FetchCell struct {
	Reading string `json:"reading"` // read, allow-all, skip-host or unknown
	Note    string `json:"note"`
}

// CompatData is the matrix, computed.
func CompatData() Compat {
	return Compat{Site: core.Site(), Version: core.Version(), Built: core.BuildDate(), Features: Features, Readers: Readers(), Cells: compatCells(), Fetch: fetchCells()}
}

func compatJSON() ([]byte, error) {
	b, err := json.MarshalIndent(CompatData(), "", " ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// cellID is a cell's anchor on /compat.
func cellID(feature, reader string) string { return feature + "." + reader }

// fetchOutcomes are the rows of the fetch table: a reply a Gemini
// crawler may get, and the key of CrawlerFetch.Outcomes it falls under.
var fetchOutcomes = []struct {
	ID, What string
	Reply    core.Reply
}{
	{"found", "a 20 text/plain reply", core.Reply{Status: 20, Meta: "text/plain", Found: true}},
	{"not-found", "not found (Gemini 51, or no Gopher file)", core.Reply{Status: 51}},
	{"redirect", "a redirect (Gemini 31)", core.Reply{Status: 31}},
	{"slow-down", "slow down (Gemini 44)", core.Reply{Status: 44}},
	{"temporary-failure", "a temporary failure (Gemini 41)", core.Reply{Status: 41}},
	{"text-gemini", "a 20 text/gemini reply", core.Reply{Status: 20, Meta: "text/gemini"}},
	{"not-text", "a 20 reply that is not text (application/octet-stream)", core.Reply{Status: 20, Meta: "application/octet-stream"}},
	{"no-answer", "no answer (DNS, connection, TLS or timeout)", core.Reply{Failed: true}},
}

func fetchCells() map[string]map[string]FetchCell {
	out := map[string]map[string]FetchCell{}
	for _, o := range fetchOutcomes {
		out[o.ID] = map[string]FetchCell{}
		for _, d := range crawlers.All() {
			c := d.Crawler
			if c.Protocol == "gopher" && o.Reply.Status != 20 && o.Reply.Status != 51 && !o.Reply.Failed {
				out[o.ID][d.ID] = FetchCell{Reading: "unknown", Note: "Gopher has no such reply."}
				continue
			}
			reading, note := c.Conclude(o.Reply)
			out[o.ID][d.ID] = FetchCell{Reading: reading, Note: note}
		}
	}
	return out
}

func readingWord(r string) string {
	switch r {
	case "read":
		return "reads it"
	case "allow-all":
		return "allows all"
	case "skip-host":
		return "skips the host"
	case "deny-all":
		return "refuses all"
	}
	return "unknown"
}

// shortNames label the columns of the Gemtext matrix.
var shortNames = map[string]string{
	"gopher2019": "g19", "gopherdraft": "gdr", "gemini": "gem", "conner2020": "c20", "rfc9309": "rfc", "norobots": "nor",
	"tlgs": "tlg", "gemplex": "gpx", "gemini-grc": "grc", "kennedy": "ken", "gus": "gus", "gus-legacy": "g20", "mozz-archiver": "moz", "auragem": "aur", "veronica2": "v2",
}

// compatPage is /compat.
func compatPage() *page {
	p := &page{Path: "compat", Title: "Compatibility matrix", Lead: "Which reader does what: each cell is the answer the reader gives on the row's demonstration, computed when the site was built."}
	readers := Readers()
	cells := compatCells()
	p.Body = append(p.Body, paras(`Columns are the six dialects and the `+fmt.Sprint(len(crawlers.All()))+` crawler presets. The dialects are asked as `+"`"+defaultAgent+"`"+`; each crawler preset as itself, with its own names, and given the selector as a `+"`gemini://capsule.example`"+` URL (Veronica-2, a Gopher crawler, the plain selector). ROLE in a demonstration is `+"`indexer`"+`, or `+"`archiver`"+` for mozz-archiver and gemini-grc.

A cell says yes when the reader's verdict is the one in the row's "yes when", no when it is not, and unknown when nothing the reader is built from says (Veronica-2, whose preset follows its maintainer's words, without code; and GUS's line ends, whose code on that point was not seen). The same data, for other tools: `)...)
	last := p.Body[len(p.Body)-1].(para)
	last.Spans = append(last.Spans, t(" "), link("compat.json", "/compat.json"), t(" (its JSON Schema is docs/json/compat.schema.json in the repository)."))
	p.Body[len(p.Body)-1] = last
	// How to use the table's links: the web edition's only.
	p.Body = append(p.Body, webOnly{[]block{para{[]span{
		t("Each cell opens its demonstration in the playground; a number leads to the note the reader gives with its verdict. The "), code("#"),
		t(" after each cell is the cell's own address, to cite one answer: "), codeLink("/compat#"+cellID("allow", "tlgs"), "/compat#"+cellID("allow", "tlgs")),
		t(" is TLGS's answer on the allow row, and every cell is "), code("/compat#FEATURE.READER"), t(" with the row's and the column's IDs."),
	}}}})

	// Footnotes: one number per distinct note.
	noteNo := map[string]int{}
	var notes []string
	for _, f := range Features {
		for _, r := range readers {
			c := cells[f.ID][r.ID]
			for _, n := range []string{c.Note, c.Caveat} {
				if n != "" && noteNo[n] == 0 {
					notes = append(notes, n)
					noteNo[n] = len(notes)
				}
			}
		}
	}

	p.Body = append(p.Body, heading{2, "matrix", "The matrix"})
	tb := table{ID: "compat", Caption: "Features by reader: yes, no or unknown; each links to its demonstration", Class: "matrix", Pre: true}
	tb.Head = []string{"Feature"}
	for _, r := range readers {
		name := r.ID
		if !r.Verified {
			name += " (unverified)"
		}
		tb.Head = append(tb.Head, name)
	}
	var pt strings.Builder
	pt.WriteString(fmt.Sprintf("%-22s", "feature"))
	for _, r := range readers {
		pt.WriteString(fmt.Sprintf(" %-3s", shortNames[r.ID]))
	}
	pt.WriteString("\n")
	for _, f := range Features {
		tr := row{ID: f.ID, Cells: []cell{{Spans: []span{link(f.ID, "/compat#"+f.ID), t(": " + f.Question)}, Header: true}}}
		pt.WriteString(fmt.Sprintf("%-22s", f.ID))
		for _, r := range readers {
			c := cells[f.ID][r.ID]
			sp := []span{link(c.Support, "/#"+state.Encode(c.state))}
			p.Cases = append(p.Cases, linkedCase{State: c.state, What: "compat cell " + cellID(f.ID, r.ID)})
			for _, n := range []string{c.Note, c.Caveat} {
				if n != "" {
					sp = append(sp, t(" "), span{Text: fmt.Sprint(noteNo[n]), Href: fmt.Sprintf("#note-%d", noteNo[n]), Sup: true})
				}
			}
			// A visible link to the cell itself, to copy and cite.
			sp = append(sp, t(" "), span{Text: "#", Href: "/compat#" + cellID(f.ID, r.ID), Web: true, Label: "This cell's address: " + f.ID + ", " + r.Name})
			tr.Cells = append(tr.Cells, cell{Spans: sp, Class: c.Support, ID: cellID(f.ID, r.ID)})
			mark := map[string]string{"yes": "Y", "no": "-", "unknown": "?"}[c.Support]
			pt.WriteString(fmt.Sprintf(" %-3s", mark))
		}
		pt.WriteString("\n")
		tb.Rows = append(tb.Rows, tr)
	}
	var legend []string
	for _, r := range readers {
		legend = append(legend, shortNames[r.ID]+" "+r.ID)
	}
	pt.WriteString("\n" + wrap("Y yes, - no, ? unknown. Columns: "+strings.Join(legend, ", ")+".", 72, "") + "\n")
	tb.PreText = pt.String()
	p.Body = append(p.Body, tb)

	p.Body = append(p.Body, heading{2, "notes", "Notes"})
	nl := list{ID: "note-list"}
	for i, n := range notes {
		nl.Items = append(nl.Items, item{ID: fmt.Sprintf("note-%d", i+1), Spans: []span{t(fmt.Sprintf("%d. ", i+1)), t(n)}})
	}
	p.Body = append(p.Body, nl)

	p.Body = append(p.Body, heading{2, "demonstrations", "The demonstrations"})
	for _, f := range Features {
		p.Body = append(p.Body, heading{3, "demo-" + f.ID, f.ID + ": " + f.Question})
		p.Body = append(p.Body, pre{Alt: "the demonstration of " + f.ID, Text: shown(f.Robots)})
		p.Body = append(p.Body, para{[]span{t("Selector "), code(f.Selector), t("; yes when it is " + f.Yes + ".")}})
	}

	p.Body = append(p.Body, heading{2, "by-reader", "By reader"})
	p.Body = append(p.Body, para{words("Each reader's column, cell by cell: the verdict, the line that decided it, its note, and for a crawler the line of its code that decides.")})
	for _, r := range readers {
		p.Body = append(p.Body, heading{3, "reader-" + r.ID, r.Name})
		p.Body = append(p.Body, columnList(p, r, "/compat"))
	}

	p.Body = append(p.Body, heading{2, "fetch", "Fetching robots.txt"})
	p.Body = append(p.Body, para{words("What each crawler does with the reply to its robots.txt request, from its fetch facts. The dialects' texts say little about this; RFC 9309 section 2.3.1 says to refuse everything while the file cannot be reached.")})
	p.Body = append(p.Body, fetchTable(crawlers.All()))
	p.Body = append(p.Body, proxySection()...)
	return p
}

// columnList is one reader's column as a list, each item anchored.
func columnList(p *page, r Reader, anchorPage string) list {
	cells := compatCells()
	l := list{ID: "column-" + r.ID}
	for _, f := range Features {
		c := cells[f.ID][r.ID]
		robots, sel := f.Demonstration(r)
		v := "allowed"
		switch {
		case c.SkipHost:
			v = "denied with the whole host: the reader's parser fails on the file"
		case c.Unread == core.IgnoresFile:
			v = "allowed: the crawler reads no robots.txt for it"
		case c.Unread == core.NeverFetched:
			v = "never fetched, whatever the file says"
		case !c.Allowed:
			v = "denied"
		}
		// Gemtext gives an item one link: the code that decides where
		// there is one, else the playground; the row's page is linked
		// at the foot of every page.
		sp := []span{{Text: f.ID, Href: "/compat#" + f.ID, Web: true}, t(" (" + f.Question + "): "), t(c.Support + ". "), code(sel), t(" is " + v)}
		if c.Line > 0 {
			line := strings.Split(strings.ReplaceAll(robots, "\r", "\n"), "\n")[c.Line-1]
			sp = append(sp, t(" by line "+fmt.Sprint(c.Line)+", "), code(line))
		}
		sp = append(sp, t(". "))
		if c.Note != "" {
			sp = append(sp, t(c.Note+" "))
		}
		if c.Caveat != "" {
			sp = append(sp, t(c.Caveat+" "))
		}
		if c.Cite != "" {
			d, _ := crawlers.ReaderByID(r.ID)
			sp = append(sp, t(sourceWord(d.Crawler)+": "))
			sp = append(sp, refSpans(d.Crawler, c.citeRef)...)
			sp = append(sp, t(". "))
		}
		sp = append(sp, span{Text: "Open in the playground", Href: p.permalink(c.state, "compat cell "+cellID(f.ID, r.ID)), Web: c.CiteURL != ""})
		id := cellID(f.ID, r.ID)
		if anchorPage == "/compat" {
			id = "col-" + id
		}
		l.Items = append(l.Items, item{ID: id, Spans: sp})
	}
	return l
}

// fetchTable is the fetch outcomes by crawler.
func fetchTable(presets []core.Dialect) table {
	fc := fetchCells()
	tb := table{ID: "fetch-table", Caption: "What each crawler makes of each reply to its robots.txt request", Class: "fetch"}
	tb.Head = []string{"Reply"}
	for _, d := range presets {
		tb.Head = append(tb.Head, d.Crawler.Name)
	}
	for _, o := range fetchOutcomes {
		tr := row{ID: "fetch-" + o.ID, Cells: []cell{{Spans: []span{t(o.What)}, Header: true}}}
		for _, d := range presets {
			c := fc[o.ID][d.ID]
			tr.Cells = append(tr.Cells, cell{Spans: []span{t(readingWord(c.Reading))}, Class: c.Reading})
		}
		tb.Rows = append(tb.Rows, tr)
	}
	cache := row{ID: "fetch-cache", Cells: []cell{{Spans: []span{t("how long it keeps the file")}, Header: true}}}
	where := row{ID: "fetch-location", Cells: []cell{{Spans: []span{t("what it requests")}, Header: true}}}
	for _, d := range presets {
		cache.Cells = append(cache.Cells, cell{Spans: []span{t(d.Crawler.Fetch.Caching)}})
		where.Cells = append(where.Cells, cell{Spans: []span{t(d.Crawler.Fetch.Location)}})
	}
	tb.Rows = append(tb.Rows, cache, where)
	return tb
}
