package grid

import (
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// CrawlerCell is one crawler preset's verdict on one selector: what the
// page's "Real crawlers" table shows, with the crawler's code cited.
type CrawlerCell struct {
	Crawler  string // preset ID, e.g. "tlgs"
	Name     string // e.g. "TLGS"
	Verified bool   // false: built from a description, no code read
	Selector string // as typed
	Verdict  core.Verdict
	// Cites are the code references in the verdict's why and note, in
	// order, each with a link to the crawler's repository at its commit
	// ("" when the code is not on GitHub).
	Cites []Cite
}

// Cite is one code reference.
type Cite struct {
	Ref string // "path:line" as written in the text
	URL string
}

// DefaultCrawlers are the presets the page shows first: every verified one.
func DefaultCrawlers() []core.Dialect {
	var out []core.Dialect
	for _, d := range crawlers.All() {
		if d.Crawler.Verified {
			out = append(out, d)
		}
	}
	return out
}

// refs finds code references in a text: "path/file.ext:12", ":12-34"
// or ":17,44", maybe behind "owner/name@commit:". No regexp: the page's
// WebAssembly stays smaller without the package.
func refs(text string) []string {
	var out []string
	for _, tok := range strings.FieldsFunc(text, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./@:,-", r))
	}) {
		tok = strings.TrimRight(tok, ".,:-")
		if isRef(tok) {
			out = append(out, tok)
		}
	}
	return out
}

// isRef: a path with a dot in its last element, a colon, then line
// numbers separated by "-" and ",".
func isRef(tok string) bool {
	i := strings.LastIndexByte(tok, ':')
	if i <= 0 || i == len(tok)-1 {
		return false
	}
	for _, c := range tok[i+1:] {
		if !(c >= '0' && c <= '9' || c == '-' || c == ',') {
			return false
		}
	}
	path := tok[:i]
	if j := strings.LastIndexByte(path, ':'); j >= 0 {
		path = path[j+1:] // after "owner/name@commit:"
	}
	return strings.Contains(path[strings.LastIndexByte(path, '/')+1:], ".")
}

// Crawlers gives, for each selector, each preset's verdict with its code
// references: the pure logic behind the page's "Real crawlers" table.
// Rows follow selectors, columns follow presets.
func Crawlers(f *core.File, selectors []string, presets []core.Dialect) [][]CrawlerCell {
	var t CrawlerTable
	return t.Build(f, selectors, presets)
}

// CrawlerTable is Crawlers with memory, for the page: while the file is
// the same parse, each preset keeps its policy, so a keystroke in the
// selector box costs only the tests. The zero CrawlerTable is ready;
// cells it gives share their Cites slices: treat them as read-only.
type CrawlerTable struct {
	file     *core.File
	policies map[string]*core.Policy // by preset ID
	// cites by preset and text: a preset's why is the same for every
	// selector, and its notes repeat, so each is searched once per file.
	cites map[citeKey][]Cite
}

type citeKey struct{ preset, why, note string }

// Build is Crawlers, reusing the policies of the last call's file.
func (t *CrawlerTable) Build(f *core.File, selectors []string, presets []core.Dialect) [][]CrawlerCell {
	if f != t.file || t.policies == nil {
		t.file, t.policies, t.cites = f, map[string]*core.Policy{}, map[citeKey][]Cite{}
	}
	policies := make([]*core.Policy, len(presets))
	for i, d := range presets {
		p := t.policies[d.ID]
		if p == nil {
			p = d.Compile(f).Policy(core.Agent{})
			t.policies[d.ID] = p
		}
		policies[i] = p
	}
	rows := make([][]CrawlerCell, len(selectors))
	for si, sel := range selectors {
		rows[si] = make([]CrawlerCell, len(presets))
		target := crawlerSelector(sel)
		for di, d := range presets {
			v := policies[di].Test(target)
			v.Selector = sel
			c := CrawlerCell{Crawler: d.ID, Selector: sel, Verdict: v}
			if d.Crawler != nil {
				c.Name, c.Verified = d.Crawler.Name, d.Crawler.Verified
				k := citeKey{d.ID, v.Why, v.Note}
				cites, ok := t.cites[k]
				if !ok {
					cites = CitesIn(d.Crawler, v.Why+" "+v.Note)
					t.cites[k] = cites
				}
				c.Cites = cites
			}
			rows[si][di] = c
		}
	}
	return rows
}

// CitesIn finds the code references in a text about crawler c, in
// order, each linked to c's repository at the commit read.
func CitesIn(c *core.Crawler, text string) []Cite {
	var out []Cite
	for _, ref := range refs(text) {
		out = append(out, Cite{Ref: ref, URL: c.URL(ref)})
	}
	return out
}

// crawlerSelector is what a preset is given for a selector as typed. A
// preset builds its own target from a gemini:// URL, as its crawler
// does, and takes anything else as the path; a gopher:// URL is first
// read as the selector it asks for (RFC 4266), which is what a Gopher
// crawler compares.
func crawlerSelector(typed string) string {
	if scheme, _, ok := strings.Cut(typed, "://"); ok && strings.EqualFold(scheme, "gopher") {
		if sel, err := core.SelectorFrom(typed); err == nil {
			return sel
		}
	}
	return typed
}

// CrawlerKey names a crawler cell for the permalink, in the shape of
// CellKey with no agent: a preset tests its own names.
func CrawlerKey(preset, selector string) string {
	return CellKey(preset, "", selector)
}

// FindCrawler locates a crawler cell by its key in rows Build gave.
func FindCrawler(rows [][]CrawlerCell, key string) (row, col int, ok bool) {
	preset, selector, ok := strings.Cut(key, "\n\n")
	if !ok || strings.Contains(preset, "\n") {
		return 0, 0, false
	}
	for i, r := range rows {
		if len(r) == 0 || r[0].Selector != selector {
			continue
		}
		for j, c := range r {
			if c.Crawler == preset {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}
