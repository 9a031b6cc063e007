// Package claims holds what smolbots's words say about the readers as
// data a test can run. A Claim is an example robots.txt, the selectors
// asked, the readers it speaks of and the verdicts it expects of them;
// each sentence of the lint messages, reference pages and notes that
// states what a reader does either quotes a Claim (Quote) or is built
// from Verdicts on its own example. TestClaims runs every Claim against
// every reader in scope, the crawler presets included.
package claims

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/lint"
)

// A Claim is one statement about readers, with the example that shows it.
type Claim struct {
	ID string
	// Quote is the words the claim backs, as they stand in one string
	// of the source (a lint message, a page's prose). The scan test ties
	// every claim-word of the prose to a Quote that covers it.
	Quote string
	// Where says which text holds the quote, for the failure message.
	Where string

	Robots    string
	Selectors []string // paths or selectors; a Gemini crawler is given gemini://example.org + path
	Agent     string   // what the dialects are asked as; DefaultAgent when empty

	// Readers in scope: reader IDs, or "all", "dialects", "crawlers",
	// "on-gemini", "on-gopher" (the readers of files served over it),
	// "python"; nil means every reader. Except takes some out.
	Readers []string
	Except  []string

	// What is expected, for every selector; a claim may combine them.
	Allow []string // these readers allow (same names as Readers)
	Deny  []string // these readers deny
	Agree bool     // every reader in scope gives one verdict, whatever it is
	// Unchanged: every reader in scope gives the same verdicts on Alt.
	// Changed: every reader in scope gives a different verdict on Alt for
	// at least one selector.
	Unchanged, Changed bool
	Alt                string
	// Field, when set, is a field the claim says some readers read:
	// Reads find it among the settings of the example's policy, NotRead
	// do not (same names as Readers). For what no verdict shows: which
	// readers honour a delay.
	Field          core.Field
	Reads, NotRead []string
}

// DefaultAgent is what the dialects are asked as, as on the reference site.
const DefaultAgent = "examplebot(indexer)"

// Host is what a Gemini crawler's path is put behind.
const Host = "gemini://example.org"

// Readers are every reader: the six dialects, then the crawler presets.
func Readers() []core.Dialect {
	return append(core.Dialects(), crawlers.All()...)
}

// pythonReaders are the readers built on Python's urllib.robotparser.
func pythonReaders() []string {
	var out []string
	for _, d := range Readers() {
		if d.Grouping == core.PythonRecords {
			out = append(out, d.ID)
		}
	}
	return out
}

// Expand turns reader names and group names into reader IDs, in the
// order of Readers.
func Expand(names []string) ([]string, error) {
	want := map[string]bool{}
	for _, n := range names {
		switch n {
		case "all":
			for _, d := range Readers() {
				want[d.ID] = true
			}
		case "dialects":
			for _, d := range core.Dialects() {
				want[d.ID] = true
			}
		case "crawlers":
			for _, d := range crawlers.All() {
				want[d.ID] = true
			}
		case "on-gemini", "on-gopher":
			p := strings.TrimPrefix(n, "on-")
			for _, d := range Readers() {
				if d.Crawler != nil && d.Crawler.Protocol == p || d.Crawler == nil && crawlers.InScope(core.Protocol(p), d.ID) {
					want[d.ID] = true
				}
			}
		case "python":
			for _, id := range pythonReaders() {
				want[id] = true
			}
		default:
			if _, ok := crawlers.ReaderByID(n); !ok {
				return nil, fmt.Errorf("no reader or group %q", n)
			}
			want[n] = true
		}
	}
	var out []string
	for _, d := range Readers() {
		if want[d.ID] {
			out = append(out, d.ID)
		}
	}
	return out, nil
}

// Verdicts are each reader's verdicts on a file, one per selector, by
// reader ID: the dialects asked as agent, the presets as themselves.
func Verdicts(robots string, selectors []string, agent string, ids []string) map[string][]core.Verdict {
	if agent == "" {
		agent = DefaultAgent
	}
	f := core.Parse([]byte(robots))
	out := map[string][]core.Verdict{}
	for _, id := range ids {
		d, _ := crawlers.ReaderByID(id)
		a := core.Agent{}
		if d.Crawler == nil {
			a = core.MustAgent(agent)
		}
		p := d.Compile(f).Policy(a)
		for _, sel := range selectors {
			out[id] = append(out[id], p.Test(Target(d, sel)))
		}
	}
	return out
}

// Target is what a reader is given for a selector: a Gemini crawler
// builds its target from a URL, so a path goes behind Host.
func Target(d core.Dialect, sel string) string {
	if d.Crawler != nil && d.Crawler.Protocol == "gemini" && strings.HasPrefix(sel, "/") {
		return Host + sel
	}
	return sel
}

// expandPair expands two lists of reader names; an error in either is
// the error.
func expandPair(a, b []string) ([]string, []string, error) {
	x, err := Expand(a)
	if err != nil {
		return nil, nil, err
	}
	y, err := Expand(b)
	return x, y, err
}

// Scope is the claim's readers in scope.
func (c Claim) Scope() ([]string, error) {
	names := c.Readers
	if names == nil {
		names = []string{"all"}
	}
	in, out, err := expandPair(names, c.Except)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(in, func(id string) bool { return slices.Contains(out, id) }), nil
}

// Check runs the claim and says, one line each, which readers contradict
// it; nil when it holds.
func (c Claim) Check() []string {
	scope, err := c.Scope()
	if err != nil {
		return []string{err.Error()}
	}
	allow, deny, err := expandPair(c.Allow, c.Deny)
	if err != nil {
		return []string{err.Error()}
	}
	if len(c.Selectors) == 0 {
		return []string{"the claim asks no selector"}
	}
	all := append(append(slices.Clone(scope), allow...), deny...)
	slices.Sort(all)
	all = slices.Compact(all)
	got := Verdicts(c.Robots, c.Selectors, c.Agent, all)
	var bad []string
	word := map[bool]string{true: "allows", false: "denies"}
	for i, sel := range c.Selectors {
		for _, id := range allow {
			if !got[id][i].Allowed {
				bad = append(bad, fmt.Sprintf("%s denies %s", id, sel))
			}
		}
		for _, id := range deny {
			if got[id][i].Allowed {
				bad = append(bad, fmt.Sprintf("%s allows %s", id, sel))
			}
		}
		if c.Agree && len(scope) > 0 {
			first := got[scope[0]][i].Allowed
			for _, id := range scope[1:] {
				if got[id][i].Allowed != first {
					bad = append(bad, fmt.Sprintf("%s %s %s while %s %s it", id, word[got[id][i].Allowed], sel, scope[0], word[first]))
				}
			}
		}
	}
	bad = append(bad, c.checkField()...)
	if c.Unchanged || c.Changed {
		alt := Verdicts(c.Alt, c.Selectors, c.Agent, scope)
		for _, id := range scope {
			changed := ""
			for i, sel := range c.Selectors {
				if got[id][i].Allowed != alt[id][i].Allowed {
					changed = fmt.Sprintf("%s %s on the example and %s it on the other file", word[got[id][i].Allowed], sel, word[alt[id][i].Allowed])
					break
				}
			}
			if c.Unchanged && changed != "" {
				bad = append(bad, id+" "+changed)
			}
			if c.Changed && changed == "" {
				bad = append(bad, id+" gives the same verdicts on both files")
			}
		}
	}
	return bad
}

// checkField says which of Reads do not read Field and which of NotRead
// do, on the example.
func (c Claim) checkField() []string {
	if c.Field == "" {
		return nil
	}
	reads, not, err := expandPair(c.Reads, c.NotRead)
	if err != nil {
		return []string{err.Error()}
	}
	f := core.Parse([]byte(c.Robots))
	readsField := func(id string) bool {
		d, _ := crawlers.ReaderByID(id)
		a := core.Agent{}
		if d.Crawler == nil {
			a = core.MustAgent(cmp.Or(c.Agent, DefaultAgent))
		}
		return slices.ContainsFunc(d.Compile(f).Policy(a).Settings(), func(s core.Setting) bool { return s.Field == c.Field })
	}
	var bad []string
	for _, id := range reads {
		if !readsField(id) {
			bad = append(bad, id+" does not read "+string(c.Field))
		}
	}
	for _, id := range not {
		if readsField(id) {
			bad = append(bad, id+" reads "+string(c.Field))
		}
	}
	return bad
}

// Split are the readers in ids that allow and that deny every selector of
// a file, and those that allow some and deny others: for sentences built
// from the readers' verdicts.
func Split(robots string, selectors []string, agent string, ids []string) (allow, deny, mixed []string) {
	got := Verdicts(robots, selectors, agent, ids)
	for _, id := range ids {
		a, d := 0, 0
		for _, v := range got[id] {
			if v.Allowed {
				a++
			} else {
				d++
			}
		}
		switch {
		case d == 0:
			allow = append(allow, id)
		case a == 0:
			deny = append(deny, id)
		default:
			mixed = append(mixed, id)
		}
	}
	return allow, deny, mixed
}

// Differ are the readers in ids whose verdicts on b differ from those on a.
func Differ(a, b string, selectors []string, agent string, ids []string) []string {
	va, vb := Verdicts(a, selectors, agent, ids), Verdicts(b, selectors, agent, ids)
	var out []string
	for _, id := range ids {
		for i := range selectors {
			if va[id][i].Allowed != vb[id][i].Allowed {
				out = append(out, id)
				break
			}
		}
	}
	return out
}

// Name is how prose names a reader: a dialect by its ID, a crawler by
// its name.
func Name(id string) string {
	d, ok := crawlers.ReaderByID(id)
	if ok && d.Crawler != nil {
		return d.Crawler.Name
	}
	return id
}

// Names joins the readers' names for a sentence: "a", "a and b",
// "a, b and c"; "no reader" for none.
func Names(ids []string) string {
	var n []string
	for _, id := range ids {
		n = append(n, Name(id))
	}
	if len(n) == 0 {
		return "no reader"
	}
	return lint.JoinWords(n)
}

// BigFile is a robots.txt past the 500 KiB the dialects read: a rule,
// then comment lines, then a rule at about 520 KiB (lint.BigFile, the
// file-too-large rule's example).
func BigFile() string { return lint.BigFile() }

// WithKnob are the readers whose dialect has the knob, by ID.
func WithKnob(has func(core.Dialect) bool) []string {
	var out []string
	for _, d := range Readers() {
		if has(d) {
			out = append(out, d.ID)
		}
	}
	return out
}

// hasSource: d is a preset that cites its code for the behaviour key.
func hasSource(d core.Dialect, key string) bool {
	return d.Crawler != nil && slices.ContainsFunc(d.Crawler.Sources, func(s core.Source) bool { return s.Key == key })
}
