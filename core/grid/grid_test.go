package grid

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
)

// clash is a file the dialects read differently: gemini takes
// `User-agent: indexer` as the role, conner2020 as a bot named "indexer".
const clash = `User-agent: *
Disallow: /private

User-agent: indexer
Disallow: /
Crawl-delay: 10
`

func verdicts(r Row) string {
	var b strings.Builder
	for _, c := range r.Cells {
		if c.Allowed {
			b.WriteString("A")
		} else {
			b.WriteString("D")
		}
	}
	return b.String()
}

func TestBuildRowsAndDisagreement(t *testing.T) {
	g := Build(Input{
		Robots:    clash,
		Selectors: "/public\n\n  \n/private/x\r\ngemini://capsule.example/private/y#frag\n",
		Agents:    "GUS(indexer)\n\n*",
		Dialects:  core.Dialects(),
	})
	if len(g.Problems) != 0 {
		t.Fatalf("problems: %+v", g.Problems)
	}
	if got := strings.Join(g.Agents, ","); got != "GUS(indexer),*" {
		t.Errorf("agents = %q", got)
	}
	// Dialect order: gopher2019 gopherdraft gemini conner2020 rfc9309 norobots.
	want := []struct {
		agent, sel, query, verdicts string
		disagree                    bool
	}{
		{"GUS(indexer)", "/public", "/public", "DADAAA", true},
		{"GUS(indexer)", "/private/x", "/private/x", "DDDDDD", false},
		{"GUS(indexer)", "gemini://capsule.example/private/y#frag", "/private/y", "DDDDDD", false},
		{"*", "/public", "/public", "DAAAAA", true},
		{"*", "/private/x", "/private/x", "DDDDDD", false},
		{"*", "gemini://capsule.example/private/y#frag", "/private/y", "DDDDDD", false},
	}
	if len(g.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(g.Rows), len(want))
	}
	for i, w := range want {
		r := g.Rows[i]
		if r.Agent != w.agent || r.Selector != w.sel || r.Query != w.query || verdicts(r) != w.verdicts || r.Disagree != w.disagree {
			t.Errorf("row %d = %s %q %q %s %v, want %s %q %q %s %v", i, r.Agent, r.Selector, r.Query, verdicts(r), r.Disagree, w.agent, w.sel, w.query, w.verdicts, w.disagree)
		}
		for c, v := range r.Cells {
			if v.Dialect != g.Dialects[c].ID || v.Agent != r.Agent || v.Selector != r.Query {
				t.Errorf("row %d cell %d is %s/%s/%s", i, c, v.Dialect, v.Agent, v.Selector)
			}
		}
	}
	if v := g.Rows[0].Cells[2]; v.Line != 5 || v.Rule != "Disallow: /" {
		t.Errorf("gemini cell for GUS(indexer) /public: line %d %q, want line 5 \"Disallow: /\"", v.Line, v.Rule)
	}
	p := g.Policies[PolicyKey{"gopherdraft", "GUS(indexer)"}]
	if p.Why == "" || len(p.Groups) != 1 || p.Groups[0] != 1 {
		t.Errorf("gopherdraft policy for GUS(indexer) = %+v, want the * record at line 1", p)
	}
	s := g.Policies[PolicyKey{"gemini", "GUS(indexer)"}]
	if len(s.Groups) != 1 || s.Groups[0] != 4 {
		t.Errorf("gemini policy for GUS(indexer) = %+v, want the indexer record at line 4", s)
	}
	if st := g.Policies[PolicyKey{"norobots", "indexer"}]; st.Why != "" {
		t.Errorf("a policy for an agent nobody typed: %+v", st)
	}
}

func TestBuildSettings(t *testing.T) {
	g := Build(Input{Robots: clash, Selectors: "/", Agents: "indexer", Dialects: core.Dialects()})
	got := g.Policies[PolicyKey{"norobots", "indexer"}].Settings
	if len(got) != 1 || got[0].Field != core.CrawlDelay || got[0].Value != "10" || got[0].Line != 6 || !got[0].Valid {
		t.Errorf("norobots settings for indexer = %+v, want Crawl-delay 10 on line 6", got)
	}
	if got := g.Policies[PolicyKey{"rfc9309", "indexer"}].Settings; len(got) != 0 {
		t.Errorf("rfc9309 ignores Crawl-delay, got %+v", got)
	}
}

func TestBuildDefaultsAndProblems(t *testing.T) {
	g := Build(Input{Robots: clash, Selectors: "/x", Agents: "  \n", Dialects: []core.Dialect{core.RFC9309}})
	if len(g.Rows) != 1 || g.Rows[0].Agent != "*" {
		t.Fatalf("no agents should test *, got %+v", g.Rows)
	}
	g = Build(Input{Robots: clash, Selectors: "/a\nhttp://capsule.example/\n/b", Agents: "GUS(\nGUS\nx)", Dialects: []core.Dialect{core.Gemini, core.Norobots}})
	want := []Problem{{"agents", 1, ""}, {"agents", 3, ""}, {"selectors", 2, ""}}
	if len(g.Problems) != len(want) {
		t.Fatalf("problems = %+v, want %d", g.Problems, len(want))
	}
	for i, w := range want {
		p := g.Problems[i]
		if p.Field != w.Field || p.Line != w.Line || p.Message == "" {
			t.Errorf("problem %d = %+v, want %s line %d with a message", i, p, w.Field, w.Line)
		}
	}
	if len(g.Rows) != 2 || g.Rows[0].Selector != "/a" || g.Rows[1].Selector != "/b" || g.Rows[0].Agent != "GUS" {
		t.Errorf("rows = %+v, want GUS with /a and /b", g.Rows)
	}
	if len(g.Rows[0].Cells) != 2 || g.Rows[0].Cells[1].Dialect != "norobots" {
		t.Errorf("cells should follow the visible dialects: %+v", g.Rows[0].Cells)
	}
	// Every agent line is bad: the grid is empty, not "*".
	g = Build(Input{Robots: clash, Selectors: "/a", Agents: "(", Dialects: core.Dialects()})
	if len(g.Rows) != 0 || len(g.Problems) != 1 {
		t.Errorf("all agents bad: rows %d problems %d, want 0 and 1", len(g.Rows), len(g.Problems))
	}
}

func TestBuildEmpty(t *testing.T) {
	for _, in := range []Input{{}, {Dialects: core.Dialects()}, {Selectors: "/x"}, {Robots: "\x00\xff", Selectors: "\x00", Agents: "*", Dialects: core.Dialects()}} {
		g := Build(in)
		if len(g.Rows) != 0 && len(in.Dialects) > 0 && in.Selectors == "" {
			t.Errorf("rows without selectors: %+v", g.Rows)
		}
		for _, r := range g.Rows {
			if len(r.Cells) != len(in.Dialects) || r.Disagree {
				t.Errorf("row %+v", r)
			}
		}
	}
}

func TestBuildCaps(t *testing.T) {
	var sel, ag strings.Builder
	for i := 0; i < MaxSelectors+5; i++ {
		fmt.Fprintf(&sel, "/s%d\n", i)
	}
	for i := 0; i < MaxAgents+5; i++ {
		fmt.Fprintf(&ag, "bot%d\n", i)
	}
	g := Build(Input{Robots: strings.Repeat("#", core.MaxBytes+1), Selectors: sel.String(), Agents: ag.String(), Dialects: []core.Dialect{core.Gemini}})
	if !g.Truncated {
		t.Error("a file over core.MaxBytes is not marked Truncated")
	}
	if len(g.Agents) != MaxAgents || len(g.Rows) != MaxAgents*MaxSelectors {
		t.Errorf("%d agents, %d rows; want %d and %d", len(g.Agents), len(g.Rows), MaxAgents, MaxAgents*MaxSelectors)
	}
	if len(g.Problems) != 2 || g.Problems[0].Line != MaxAgents+1 || g.Problems[1].Line != MaxSelectors+1 {
		t.Errorf("problems = %+v, want one per capped box at the first line left out", g.Problems)
	}
}

func TestCellKeyFind(t *testing.T) {
	g := Build(Input{Robots: clash, Selectors: "/a\n/b", Agents: "GUS\n*", Dialects: core.Dialects()})
	for ri, r := range g.Rows {
		for ci := range r.Cells {
			k := r.Key(&g, ci)
			gr, gc, ok := g.Find(k)
			if !ok || gr != ri || gc != ci {
				t.Errorf("Find(Key(%d,%d)) = %d,%d,%v", ri, ci, gr, gc, ok)
			}
		}
	}
	for _, k := range []string{"", "gemini", "gemini\nGUS", "nope\nGUS\n/a", "gemini\nGUS\n/zzz", "gemini\nnobody\n/a"} {
		if _, _, ok := g.Find(k); ok {
			t.Errorf("Find(%q) found a cell", k)
		}
	}
	if CellKey("gemini", "GUS", "/a") != "gemini\nGUS\n/a" {
		t.Error("CellKey format changed: it is stored in permalinks")
	}
}

// A Builder gives the same grid as Build through any series of edits.
func TestBuilderMatchesBuild(t *testing.T) {
	custom := core.Gemini
	custom.Selection = core.FirstInFileOrder // same ID, other knobs: must not reuse the cached gemini
	steps := []Input{
		{Robots: clash, Selectors: "/public", Agents: "GUS(indexer)", Dialects: core.Dialects()},
		{Robots: clash, Selectors: "/public\n/private", Agents: "GUS(indexer)", Dialects: core.Dialects()},
		{Robots: clash, Selectors: "/public\n/private", Agents: "GUS(indexer)\nindexer", Dialects: core.Dialects()},
		{Robots: clash, Selectors: "/public\n/private", Agents: "GUS(indexer)\nindexer", Dialects: []core.Dialect{core.Norobots, core.Gemini}},
		{Robots: clash, Selectors: "/public\n/private", Agents: "GUS(indexer)\nindexer", Dialects: []core.Dialect{custom}},
		{Robots: clash, Selectors: "/public\n/private", Agents: "GUS(indexer)\nindexer", Dialects: core.Dialects()},
		{Robots: clash + "Disallow: /public\n", Selectors: "/public\n/private", Agents: "GUS(indexer)\nindexer", Dialects: core.Dialects()},
		{Robots: "", Selectors: "", Agents: "", Dialects: core.Dialects()},
		{Robots: clash, Selectors: "/public\n/private", Agents: "GUS(indexer)\nindexer", Dialects: core.Dialects()},
	}
	var b Builder
	for i, in := range steps {
		got, want := b.Build(in), Build(in)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("step %d: Builder.Build differs from Build", i)
		}
	}
	// The custom dialect really answers differently, so reusing the
	// cached gemini ruleset would have been caught above.
	if Build(steps[4]).Rows[0].Cells[0].Allowed == Build(steps[3]).Rows[0].Cells[1].Allowed {
		t.Error("the custom dialect does not change the verdict; the cache check proves nothing")
	}
	// Many agents typed one keystroke at a time keep the cache bounded.
	for i := 0; i < 3*maxCachedPolicies; i++ {
		b.Build(Input{Robots: clash, Selectors: "/x", Agents: fmt.Sprintf("bot%d", i), Dialects: core.Dialects()})
	}
	if len(b.policies) > maxCachedPolicies+6 {
		t.Errorf("policy cache holds %d entries", len(b.policies))
	}
}

// FuzzBuild: any input gives a consistent grid and never panics.
func FuzzBuild(f *testing.F) {
	f.Add(clash, "/public\n/private/x", "GUS(indexer)\n*")                 // the role clash
	f.Add("", "", "")                                                      // nothing typed
	f.Add("\xef\xbb\xbfDisallow: /*$\r", "gopher://h/1/x%09y\n\x00", "((") // BOM, URL, bad agent
	f.Fuzz(func(t *testing.T, robots, selectors, agents string) {
		g := Build(Input{Robots: robots, Selectors: selectors, Agents: agents, Dialects: core.Dialects()})
		for _, r := range g.Rows {
			if len(r.Cells) != len(g.Dialects) {
				t.Fatalf("%d cells for %d dialects", len(r.Cells), len(g.Dialects))
			}
			disagree := false
			for _, c := range r.Cells {
				disagree = disagree || c.Allowed != r.Cells[0].Allowed
			}
			if disagree != r.Disagree {
				t.Fatalf("Disagree = %v for cells %s", r.Disagree, verdicts(r))
			}
			if row, col, ok := g.Find(r.Key(&g, 0)); !ok || col != 0 || g.Rows[row].Agent != r.Agent || g.Rows[row].Selector != r.Selector {
				t.Fatalf("Find(Key) lost the row")
			}
		}
		if len(g.Rows) != len(g.Agents)*(len(g.Rows)/max(1, len(g.Agents))) {
			t.Fatalf("%d rows is not a multiple of %d agents", len(g.Rows), len(g.Agents))
		}
	})
}

func TestLintLater(t *testing.T) {
	in := Input{Robots: clash, Selectors: "/public", Agents: "GUS", Dialects: core.Dialects(), LintLater: true}
	var b Builder
	g := b.Build(in)
	if !g.LintPending || g.Findings != nil || len(g.Rows) != 1 {
		t.Fatalf("first build with LintLater: pending %v, %d findings, %d rows; want pending, none, 1", g.LintPending, len(g.Findings), len(g.Rows))
	}
	in.LintLater = false
	full := b.Build(in)
	if full.LintPending || len(full.Findings) == 0 {
		t.Fatalf("build without LintLater: pending %v, %d findings", full.LintPending, len(full.Findings))
	}
	// Known findings are given even with LintLater: only the agents changed.
	in.LintLater, in.Agents = true, "GUS\n*"
	if g := b.Build(in); g.LintPending || !reflect.DeepEqual(g.Findings, full.Findings) {
		t.Errorf("agents edit with LintLater: pending %v; want the cached findings", g.LintPending)
	}
	// A changed file makes them unknown again.
	in.Robots += "Disallow: /x\n"
	if g := b.Build(in); !g.LintPending || g.Findings != nil {
		t.Errorf("file edit with LintLater: pending %v, %d findings", g.LintPending, len(g.Findings))
	}
}
