package core_test

// Conformance scenarios: one txtar archive per scenario in
// testdata/scenarios. The archive comment holds directives, one per line;
// the archive holds a file robots.txt. Each directive is a subtest.
//
// Options (a line starting with "-"), applied to robots.txt in this order:
//
//	-escapes        read \r \t \xNN \\ escapes in robots.txt (byte-exact cases)
//	-crlf | -cr     turn every "\n" into "\r\n" or a lone "\r"
//	-nofinal        drop the final line terminator
//	-bom            put a UTF-8 BOM in front
//	-pad N          grow the line "#PAD" so that the line after it starts at byte N
//
// Directives (DIALECTS is a comma-separated list of dialect IDs, "all"
// for the six or "crawlers" for the presets, which ignore AGENT and take
// URLs as they are;
// AGENT and SELECTOR are words or Go-quoted strings; a SELECTOR that is a
// gopher:// or gemini:// URL goes through SelectorFrom first):
//
//	check DIALECTS AGENT SELECTOR -> allow|disallow [line N] [rule "R"] [note~"S"] [nonote] [alt allow|disallow] [altline N]
//	group DIALECTS AGENT -> N[,N...]|none [why~"S"] [note~"S"]
//	settings DIALECTS AGENT -> none|FIELD=VALUE[,FIELD=VALUE...]
//
// A check without `alt` asserts that the verdict has no alternative
// reading. Lines starting with "#" are comments.

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/scenario"
)

const scenarioDir = "../testdata/scenarios"

func scenarioDialects(list string) ([]core.Dialect, error) {
	if list == "all" {
		return core.Dialects(), nil
	}
	if list == "crawlers" {
		return crawlers.All(), nil
	}
	var out []core.Dialect
	for _, id := range strings.Split(list, ",") {
		d, ok := crawlers.ReaderByID(id)
		if !ok {
			return nil, fmt.Errorf("unknown dialect %q", id)
		}
		out = append(out, d)
	}
	return out, nil
}

// directive is one check, group or settings line for one dialect.
type directive struct {
	text    string
	kind    string
	dialect core.Dialect
	agent   string
	sel     string
	want    string   // allow|disallow, group list, or settings list
	extra   []string // the words after the expected value
}

func parseDirectives(comment string) (opts []string, ds []directive, err error) {
	for _, line := range strings.Split(comment, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "-") {
			opts = append(opts, strings.Fields(line)...)
			continue
		}
		w, err := scenario.Words(line)
		if err != nil {
			return nil, nil, err
		}
		arrow := -1
		for i, x := range w {
			if x == "->" {
				arrow = i
				break
			}
		}
		if arrow < 0 || arrow+1 >= len(w) {
			return nil, nil, fmt.Errorf("%q: no `-> expected`", line)
		}
		var agent, sel string
		switch {
		case w[0] == "check" && arrow == 4:
			agent, sel = w[2], w[3]
		case (w[0] == "group" || w[0] == "settings") && arrow == 3:
			agent = w[2]
		default:
			return nil, nil, fmt.Errorf("%q: unknown directive or wrong number of words", line)
		}
		dl, err := scenarioDialects(w[1])
		if err != nil {
			return nil, nil, fmt.Errorf("%q: %v", line, err)
		}
		for _, d := range dl {
			ds = append(ds, directive{text: line, kind: w[0], dialect: d, agent: agent, sel: sel, want: w[arrow+1], extra: w[arrow+2:]})
		}
	}
	return opts, ds, nil
}

type loadedScenario struct {
	name       string
	robots     []byte
	directives []directive
}

func loadScenarios(t *testing.T) []loadedScenario {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(scenarioDir, "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scenarios found in %s (%v)", scenarioDir, err)
	}
	var out []loadedScenario
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(p), ".txtar")
		a, err := scenario.ParseTxtar(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		raw, ok := a.Files["robots.txt"]
		if !ok {
			t.Fatalf("%s: the archive has no robots.txt", name)
		}
		opts, ds, err := parseDirectives(a.Comment)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(ds) == 0 {
			t.Fatalf("%s: no directives", name)
		}
		robots, err := scenario.RobotsBytes(opts, raw)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, loadedScenario{name: name, robots: robots, directives: ds})
	}
	return out
}

func TestScenarios(t *testing.T) {
	for _, sc := range loadScenarios(t) {
		t.Run(sc.name, func(t *testing.T) {
			f := core.Parse(sc.robots)
			for i, d := range sc.directives {
				d := d
				t.Run(fmt.Sprintf("%02d_%s_%s", i, d.kind, d.dialect.ID), func(t *testing.T) {
					runDirective(t, f, d)
				})
			}
		})
	}
}

func runDirective(t *testing.T, f *core.File, d directive) {
	t.Helper()
	a, err := core.ParseAgent(d.agent)
	if err != nil {
		t.Fatalf("%s: agent: %v", d.text, err)
	}
	p := d.dialect.Compile(f).Policy(a)
	switch d.kind {
	case "check":
		sel := d.sel
		// A preset builds its own target from a URL.
		if d.dialect.Crawler == nil && (strings.HasPrefix(sel, "gopher://") || strings.HasPrefix(sel, "gemini://")) {
			if sel, err = core.SelectorFrom(sel); err != nil {
				t.Fatalf("%s: %v", d.text, err)
			}
		}
		checkVerdict(t, d, p.Test(sel))
	case "group":
		checkGroups(t, d, p)
	case "settings":
		checkSettings(t, d, p)
	}
}

func verdictWord(allowed bool) string {
	if allowed {
		return "allow"
	}
	return "disallow"
}

func checkVerdict(t *testing.T, d directive, v core.Verdict) {
	t.Helper()
	if d.want != "allow" && d.want != "disallow" {
		t.Fatalf("%s: expected allow or disallow, got %q", d.text, d.want)
	}
	ctx := fmt.Sprintf("[%s] %s\n  verdict: %+v", d.dialect.ID, d.text, v)
	if got := verdictWord(v.Allowed); got != d.want {
		t.Errorf("%s\n  got %s, want %s", ctx, got, d.want)
	}
	if v.Dialect != d.dialect.ID {
		t.Errorf("%s\n  verdict names dialect %q", ctx, v.Dialect)
	}
	wantAlt := ""
	for i := 0; i < len(d.extra); i++ {
		x := d.extra[i]
		next := func() string {
			if i+1 >= len(d.extra) {
				t.Fatalf("%s: %q needs a value", d.text, x)
			}
			i++
			return d.extra[i]
		}
		switch {
		case x == "line":
			n, err := strconv.Atoi(next())
			if err != nil {
				t.Fatalf("%s: %v", d.text, err)
			}
			if v.Line != n {
				t.Errorf("%s\n  deciding line %d, want %d", ctx, v.Line, n)
			}
		case x == "rule":
			if r := next(); v.Rule != r {
				t.Errorf("%s\n  rule %q, want %q", ctx, v.Rule, r)
			}
		case strings.HasPrefix(x, "note~"):
			if s := strings.TrimPrefix(x, "note~"); !strings.Contains(v.Note, s) {
				t.Errorf("%s\n  note %q lacks %q", ctx, v.Note, s)
			}
		case x == "nonote":
			if v.Note != "" {
				t.Errorf("%s\n  unexpected note %q", ctx, v.Note)
			}
		case x == "alt":
			wantAlt = next()
		case x == "altline":
			n, err := strconv.Atoi(next())
			if err != nil {
				t.Fatalf("%s: %v", d.text, err)
			}
			if v.Alternative == nil || v.Alternative.Line != n {
				t.Errorf("%s\n  alternative %+v, want its line %d", ctx, v.Alternative, n)
			}
		default:
			t.Fatalf("%s: unknown word %q", d.text, x)
		}
	}
	switch {
	case wantAlt == "" && v.Alternative != nil:
		t.Errorf("%s\n  unexpected alternative %+v", ctx, *v.Alternative)
	case wantAlt != "" && v.Alternative == nil:
		t.Errorf("%s\n  no alternative, want %s", ctx, wantAlt)
	case wantAlt != "" && verdictWord(v.Alternative.Allowed) != wantAlt:
		t.Errorf("%s\n  alternative %s, want %s", ctx, verdictWord(v.Alternative.Allowed), wantAlt)
	}
	if wantAlt != "" && v.Note == "" {
		t.Errorf("%s\n  an alternative reading must come with a note", ctx)
	}
}

func checkGroups(t *testing.T, d directive, p *core.Policy) {
	t.Helper()
	var got []string
	for _, g := range p.Groups {
		got = append(got, strconv.Itoa(g.FirstLine()))
	}
	gs := strings.Join(got, ",")
	if gs == "" {
		gs = "none"
	}
	ctx := fmt.Sprintf("[%s] %s\n  why: %s\n  notes: %q", d.dialect.ID, d.text, p.Why, p.Notes)
	if gs != d.want {
		t.Errorf("%s\n  groups starting at lines %s, want %s", ctx, gs, d.want)
	}
	for _, x := range d.extra {
		switch {
		case strings.HasPrefix(x, "why~"):
			if s := strings.TrimPrefix(x, "why~"); !strings.Contains(p.Why, s) {
				t.Errorf("%s\n  why lacks %q", ctx, s)
			}
		case strings.HasPrefix(x, "note~"):
			if s := strings.TrimPrefix(x, "note~"); !strings.Contains(strings.Join(p.Notes, ". "), s) {
				t.Errorf("%s\n  notes lack %q", ctx, s)
			}
		default:
			t.Fatalf("%s: unknown word %q", d.text, x)
		}
	}
}

func checkSettings(t *testing.T, d directive, p *core.Policy) {
	t.Helper()
	var got []string
	for _, s := range p.Settings() {
		got = append(got, string(s.Field)+"="+s.Value)
	}
	gs := strings.Join(got, ",")
	if gs == "" {
		gs = "none"
	}
	if gs != d.want {
		t.Errorf("[%s] %s\n  settings %s, want %s", d.dialect.ID, d.text, gs, d.want)
	}
	if len(d.extra) > 0 {
		t.Fatalf("%s: unexpected words %q", d.text, d.extra)
	}
}

// TestScenarioCoverage counts the directives per dialect and asks for at
// least ten scenarios exercising each dialect.
func TestScenarioCoverage(t *testing.T) {
	directives := map[string]int{}
	scenarios := map[string]int{}
	for _, sc := range loadScenarios(t) {
		seen := map[string]bool{}
		for _, d := range sc.directives {
			directives[d.dialect.ID]++
			if !seen[d.dialect.ID] {
				seen[d.dialect.ID] = true
				scenarios[d.dialect.ID]++
			}
		}
	}
	var ids []string
	for _, d := range core.Dialects() {
		ids = append(ids, d.ID)
	}
	sort.Strings(ids)
	for _, id := range ids {
		t.Logf("%-12s %3d scenarios %4d directives", id, scenarios[id], directives[id])
		if scenarios[id] < 10 {
			t.Errorf("dialect %s is exercised by only %d scenarios; want at least 10", id, scenarios[id])
		}
	}
}
