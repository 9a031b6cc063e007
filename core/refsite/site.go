// Package refsite generates the reference site from the code's own data:
// a page per lint code (/lint/<code>), per dialect (/dialects/<id>) and
// per crawler preset (/crawlers/<id>), the compatibility matrix
// (/compat, and /compat.json for other tools) and an index
// (/reference). Nothing a page says about a verdict is written by hand:
// every verdict, every cell of the matrix and every finding shown is the
// answer of the reader or the linter itself, run when the site is built.
// What is written by hand is prose (lintdocs.go, one entry per code, and
// a few words per knob and per crawler), and the tests hold it to the
// code: each lint example raises its code, each "Use instead" raises
// nothing at the default severity.
//
// Pages returns every file of both editions, the web one (HTML, served
// without .html: /lint/bom is lint/bom.html) and the Gemini one (under
// gemini/, Gemtext with the same paths). Explain gives one lint page as
// text for `smolbots explain`. The package is pure Go and has no part in
// the page's WebAssembly.
package refsite

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/conformance"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/state"
)

// indexPath is the index's path: /reference on the web, index.gmi (the
// capsule's root) in Gemtext.
const indexPath = "reference"

// Case is a robots.txt as a page shows it, with what it is tested on.
type Case struct {
	Robots    string
	Selectors []string      // as typed on the playground: raw selectors or URLs
	Agent     string        // the agent the six dialects test; "" is defaultAgent
	Protocol  core.Protocol // what the file is served over; "" is any
	// Shown replaces the file in what a page prints, for a file too
	// large to print; the permalink still holds the whole file.
	Shown string
}

// defaultAgent is the crawler the dialects test: a named bot with the
// indexer role, so that every dialect has a name and a role to match.
const defaultAgent = "examplebot(indexer)"

func (c Case) agent() string {
	if c.Agent == "" {
		return defaultAgent
	}
	return c.Agent
}

func (c Case) protocol() core.Protocol {
	if c.Protocol == "" {
		return core.ProtocolAny
	}
	return c.Protocol
}

// state is the playground's state for the case.
func (c Case) state() state.State {
	st := state.State{Robots: c.Robots, Selectors: strings.Join(c.Selectors, "\n"), Agents: c.agent()}
	if p := c.protocol(); p != core.ProtocolAny {
		st.Protocol = string(p)
	}
	return st
}

// linkedCase is a permalink a page links, with the state it must decode
// to and what the page claims about it.
type linkedCase struct {
	State state.State
	What  string // e.g. "lint example of bom", "compat cell allow/tlgs"
}

// permalink links a state from a page, and records it for the tests.
func (p *page) permalink(st state.State, what string) string {
	p.Cases = append(p.Cases, linkedCase{State: st, What: what})
	return "/#" + state.Encode(st)
}

// stamp is the line every page ends with, so that a citation of a page
// names the code it was generated from: the commit and the build date.
func stamp() string {
	return "Built from smolbots " + core.Version() + " on " + core.BuildDate() + "."
}

// Pages builds every page, and returns every file of both editions by
// its path in the built site: "reference.html", "lint/bom.html", ...,
// "compat.json", and under "gemini/" the Gemtext edition: "gemini/index.gmi",
// "gemini/lint/bom.gmi", ...
func Pages() (map[string][]byte, error) {
	pages, err := build()
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, p := range pages {
		out[p.Path+".html"] = p.html()
		out["gemini/"+geminiPath(p.Path)] = p.gemtext()
	}
	data, err := compatJSON()
	if err != nil {
		return nil, err
	}
	out["compat.json"] = data
	if out["conformance.json"], err = conformanceJSON(); err != nil {
		return nil, err
	}
	if out["conformance/results.json"], err = resultsJSON(); err != nil {
		return nil, err
	}
	bs, err := badges()
	if err != nil {
		return nil, err
	}
	for name, b := range bs {
		out[name] = b
	}
	// every kept release, byte for byte as it was cut
	for _, name := range conformance.Releases() {
		if out["conformance/"+name+".json"], err = conformance.KeptRelease(name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// build makes every page, in a fixed order.
func build() ([]*page, error) {
	var pages []*page
	for _, e := range lintEntries() {
		p, err := lintPage(e)
		if err != nil {
			return nil, err
		}
		pages = append(pages, p)
	}
	for _, d := range core.Dialects() {
		pages = append(pages, dialectPage(d))
	}
	for _, d := range crawlers.All() {
		pages = append(pages, crawlerPage(d))
	}
	cp, err := conformancePage()
	if err != nil {
		return nil, err
	}
	rp, err := resultsPages()
	if err != nil {
		return nil, err
	}
	pages = append(pages, compatPage(), cp, changesPage())
	pages = append(pages, rp...)
	pages = append(pages, indexPage())
	seen := map[string]bool{}
	for _, p := range pages {
		if seen[p.Path] {
			return nil, fmt.Errorf("two pages at %s", p.Path)
		}
		seen[p.Path] = true
	}
	return pages, nil
}

// Explain is a lint code's page as text, for `smolbots explain CODE`;
// false for a code that is not one.
func Explain(code string) (string, bool) {
	for _, e := range lintEntries() {
		if e.Code == code {
			p, err := lintPage(e)
			if err != nil {
				return "", false
			}
			return p.text(), true
		}
	}
	return "", false
}

// Summary is a lint code's one-line summary, "" for an unknown code.
func Summary(code string) string {
	if e := entry(code); e != nil {
		return e.Summary
	}
	return ""
}

// Flags is what a lint code flags, its page's first section, "" for an
// unknown code.
func Flags(code string) string {
	if e := entry(code); e != nil {
		return e.Flags
	}
	return ""
}

// entry is a lint code's page entry, nil for an unknown code.
func entry(code string) *lintEntry {
	es := lintEntries()
	for i := range es {
		if es[i].Code == code {
			return &es[i]
		}
	}
	return nil
}

// Counts says how many pages of each kind the site has.
func Counts() map[string]int {
	pages, err := build()
	if err != nil {
		return nil
	}
	n := map[string]int{}
	for _, p := range pages {
		kind, _, found := strings.Cut(p.Path, "/")
		if !found {
			kind = p.Path
		}
		n[kind]++
	}
	return n
}

// shown is a robots.txt as a page prints it: control bytes and bytes
// that are not UTF-8 as escapes (core.Visible), a byte order mark as
// \ufeff, each line on a line of its own. A CR that ends a line is
// marked \r, unless every line ends in CR LF: then the page says so in
// words (allCRLF) instead of marking every line.
func shown(robots string) string {
	if robots == "" {
		return ""
	}
	f := core.Parse([]byte(robots))
	crlfOnly := allCRLF(robots)
	var b strings.Builder
	if f.BOM {
		b.WriteString(`\ufeff`)
	}
	for _, l := range f.Lines {
		b.WriteString(core.Visible(l.Text))
		switch l.Terminator {
		case "\r\n":
			if !crlfOnly {
				b.WriteString(`\r`)
			}
		case "\r":
			b.WriteString(`\r`)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// allCRLF says every line of robots ends in CR LF (the last may end in
// nothing).
func allCRLF(robots string) bool {
	f := core.Parse([]byte(robots))
	n := 0
	for _, l := range f.Lines {
		switch l.Terminator {
		case "\r\n":
			n++
		case "":
		default:
			return false
		}
	}
	return n > 0
}

// sortedKeys are a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
