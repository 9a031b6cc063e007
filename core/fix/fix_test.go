package fix

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/lint"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// Golden cases live in testdata/NAME.robots.txt, with options in
// NAME.args (one per line: reference ID, protocol P, agent A, selector
// S) and the expected account in NAME.golden. A NAME starting with a
// step's name runs that step alone; "all-" cases run the whole fix.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/*.robots.txt")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	covered := map[string]bool{}
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".robots.txt")
		t.Run(name, func(t *testing.T) {
			run := steps
			if !strings.HasPrefix(name, "all-") {
				i := slices.IndexFunc(steps, func(s step) bool { return strings.HasPrefix(name, s.name+"-") })
				if i < 0 {
					t.Fatalf("%s names no step and does not start with all-", name)
				}
				run = steps[i : i+1]
				covered[steps[i].name] = true
			}
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			opt := readArgs(t, strings.TrimSuffix(in, ".robots.txt")+".args")
			res, err := fixWith(data, opt, run)
			if err != nil {
				t.Fatal(err)
			}
			got := render(res)
			golden := strings.TrimSuffix(in, ".robots.txt") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s:\n%s", name, golden, got)
			}
			checkKept(t, data, res, opt)
			checkNoGroupsBlame(t, res)
			for _, c := range res.Changes {
				if !slices.Contains(lint.Codes(), c.Code) {
					t.Errorf("change code %q is not a lint code", c.Code)
				}
			}
		})
	}
	for _, s := range steps {
		if !covered[s.name] {
			t.Errorf("step %s has no golden case of its own", s.name)
		}
	}
}

func readArgs(t *testing.T, path string) Options {
	t.Helper()
	opt := Options{Protocol: core.ProtocolAny}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return opt
	} else if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		key, val, _ := strings.Cut(l, " ")
		switch key {
		case "reference":
			d, ok := crawlers.ReaderByID(val)
			if !ok {
				t.Fatalf("%s: unknown dialect %q", path, val)
			}
			opt.Reference = d
		case "protocol":
			if opt.Protocol, err = core.ParseProtocol(val); err != nil {
				t.Fatal(err)
			}
		case "agent":
			opt.Agents = append(opt.Agents, core.MustAgent(val))
		case "selector":
			opt.Selectors = append(opt.Selectors, val)
		default:
			t.Fatalf("%s: unknown option %q", path, l)
		}
	}
	return opt
}

// render is a result as the golden files show it.
func render(r Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "reference %s, protocol %s; %d rows, %d agreed before, %d after\n", r.Reference, r.Protocol, r.Rows, r.AgreedBefore, r.AgreedAfter)
	b.WriteString("-- robots.txt (\\r shown as ␍) --\n")
	b.WriteString(strings.ReplaceAll(strings.Replace(r.Robots, "\uFEFF", "(BOM)", 1), "\r", "␍"))
	if r.Robots != "" && !strings.HasSuffix(r.Robots, "\n") {
		b.WriteString("⏎ (no final line break)\n")
	}
	b.WriteString("-- changes --\n")
	for _, c := range r.Changes {
		fmt.Fprintf(&b, "line %d [%s] old %d-%d new %d-%d: %s\n", c.Line, c.Code, c.Old.From, c.Old.To, c.New.From, c.New.To, c.Message)
	}
	b.WriteString("-- unresolved --\n")
	for _, u := range r.Unresolved {
		fmt.Fprintf(&b, "%s %s (%s) [%s]: %s\n", u.Agent, u.Selector, strings.Join(u.Dialects, ", "), u.Code, u.Reason)
	}
	if len(r.Opened) > 0 {
		b.WriteString("-- opened --\n")
		for _, s := range OpenedSentences(r.Opened) {
			b.WriteString(s + "\n")
		}
	}
	if len(r.Remaining) > 0 {
		b.WriteString("-- remaining lint --\n")
		for _, f := range r.Remaining {
			fmt.Fprintf(&b, "line %d [%s]\n", f.Line, f.Code)
		}
	}
	b.WriteString("-- diff (old, new, * changed, by changes) --\n")
	for _, row := range r.Diff() {
		mark := " "
		if row.Changed {
			mark = "*"
		}
		fmt.Fprintf(&b, "%s %2d %2d %-36q %-36q %v\n", mark, row.Old, row.New, row.OldText, row.NewText, row.Changes)
	}
	return b.String()
}

// checkKept: the reference's verdicts on the rows, plus every rule path
// with a suffix, are the same before and after.
//
// Under the strict reference: no reader in scope is let into any of
// those paths that it refuses before.
func checkKept(t *testing.T, data []byte, res Result, opt Options) {
	t.Helper()
	before := core.Parse(data)
	var sels []string
	for _, p := range append(filePaths(before), opt.Selectors...) {
		sels = append(sels, p, p+"x", p+"/a.gmi", strings.TrimSuffix(p, "/"))
	}
	after := core.Parse([]byte(res.Robots))
	if opt.Reference.ID == "" {
		if msg := openedFor(opt.Protocol, before, after, probes(before, opt.Agents), sels); msg != "" {
			t.Error(msg)
		}
		return
	}
	if msg := changedVerdict(opt.Reference, before, after, probes(before, opt.Agents), sels); msg != "" {
		t.Error(msg)
	}
}

// openedFor names the first reader in scope (a dialect, its other
// reading, or a crawler preset), agent and selector refused in before
// and allowed in after, "" when there is none. It asks core directly,
// not the rewrite's own bookkeeping.
func openedFor(scope core.Protocol, before, after *core.File, agents []core.Agent, sels []string) string {
	for _, d := range append(scope.Dialects(), fixPresets(scope)...) {
		b, a := d.Compile(before), d.Compile(after)
		for _, ag := range agents {
			pb, pa := b.Policy(ag), a.Policy(ag)
			for _, s := range sels {
				if !pb.Allowed(s) && pa.Allowed(s) {
					return fmt.Sprintf("the rewrite lets %s (as %s) into %q, which it refused", d.ID, ag, s)
				}
				if alt, altA := pb.Alternative(), pa.Alternative(); alt != nil && !alt.Allowed(s) {
					if altA == nil {
						altA = pa
					}
					if altA.Allowed(s) {
						return fmt.Sprintf("the rewrite lets %s's other reading (as %s) into %q, which it refused", d.ID, ag, s)
					}
				}
			}
		}
	}
	return ""
}

// changedVerdict names the first (agent, selector) whose verdict under
// ref differs between two files, "" when none does.
func changedVerdict(ref core.Dialect, before, after *core.File, agents []core.Agent, sels []string) string {
	for _, a := range agents {
		pb, pa := ref.Compile(before).Policy(a), ref.Compile(after).Policy(a)
		for _, s := range sels {
			if pb.Allowed(s) != pa.Allowed(s) {
				return fmt.Sprintf("%s changed its verdict for %s on %q: allowed=%v before, %v after", ref.ID, a, s, pb.Allowed(s), pa.Allowed(s))
			}
		}
	}
	return ""
}

// The reference is one of the six readings: a crawler preset decides
// with knobs Meaning cannot prove kept.
func TestFixRefusesPresetReference(t *testing.T) {
	for _, d := range crawlers.All() {
		if _, err := Fix([]byte("User-agent: *\nDisallow: /a\n"), Options{Reference: d}); err == nil || !strings.Contains(err.Error(), "the reference must be one of the six dialects") {
			t.Errorf("%s as the reference: %v", d.ID, err)
		}
	}
}

// A file just under the cut stays under it: commenting out a line or
// adding CR would push its tail past MaxBytes, where every dialect stops
// reading, and fixing the result again would drop that tail.
func TestResultStaysUnderTheCut(t *testing.T) {
	tail := "User-agent: *\nDisallow: /x\n\nUser-agent: lonely\n"
	body := "# " + strings.Repeat("p", core.MaxBytes-1-len(tail)-3) + "\n" + tail
	for _, p := range []core.Protocol{core.ProtocolGemini, core.ProtocolGopher} {
		res, err := Fix([]byte(body), Options{Protocol: p})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Robots) > core.MaxBytes {
			t.Errorf("%s: the result is %d bytes, past the %d every dialect reads", p, len(res.Robots), core.MaxBytes)
		}
		if again, _ := Fix([]byte(res.Robots), Options{Protocol: p}); len(again.Changes) > 0 {
			t.Errorf("%s: fixing the result again changes it: %+v", p, again.Changes)
		}
	}
}

// With no selectors given, a glob rule's row is a path it matches as a
// pattern as well as its literal text, which matches itself in every
// dialect: `/*.cgi` alone once reported "1 of 1 rows agree".
func TestDefaultRowsTryGlobsAsPatterns(t *testing.T) {
	res, err := Fix([]byte("User-agent: *\nDisallow: /*.cgi\nDisallow: /end$\n"), Options{Reference: core.RFC9309, Protocol: core.ProtocolGemini})
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, u := range res.Unresolved {
		if u.Code == "glob" {
			rows = append(rows, u.Selector)
		}
	}
	if res.Rows != 4 || !slices.Equal(rows, []string{"/x.cgi", "/end$", "/end"}) {
		t.Errorf("%d rows, glob rows unresolved %v; want 4 rows and [/x.cgi /end$ /end]: %+v", res.Rows, rows, res.Unresolved)
	}
}

// Steps that each keep the reference can together part the other
// dialects on more rows than they join: here removing the blank lines
// joins each User-agent to its rules, which gopherdraft and norobots
// then match by substring (bot1 for bot10). fix then keeps only the
// steps after which no fewer rows agree.
func TestFixNeverLowersAgreement(t *testing.T) {
	var b strings.Builder
	for i := 0; i <= 10; i++ {
		fmt.Fprintf(&b, "User-agent: bot%d\n\nDisallow: /a%d/*\nAllow: /a%d/b\n# c\n", i, i, i)
	}
	res, err := Fix([]byte(b.String()), Options{Protocol: core.ProtocolAny})
	if err != nil {
		t.Fatal(err)
	}
	if res.AgreedAfter < res.AgreedBefore {
		t.Errorf("%d of %d rows agreed before the rewrite and %d after", res.AgreedBefore, res.Rows, res.AgreedAfter)
	}
}

// A file cut at 500 KiB in the middle of a line keeps, once fixed, that
// line whole and every byte after it: crawlers read past the cut, and
// dropping the piece or the tail would let them into what they refuse.
func TestCutLineKeptWhole(t *testing.T) {
	const line = "Disallow: /archive/old\n"
	// cutAfter is a file whose cut at MaxBytes leaves the first r bytes
	// of a rule line: whole lines, a comment to pad, then rules.
	cutAfter := func(r int) string {
		var b strings.Builder
		b.WriteString("User-agent: *\n\n")
		for b.Len()+len(line) <= core.MaxBytes-r-64 {
			b.WriteString(line)
		}
		pad := core.MaxBytes - r - b.Len() - 3 // "# " and its line end
		b.WriteString("# " + strings.Repeat("x", pad) + "\n")
		for range 100 {
			b.WriteString(line)
		}
		return b.String()
	}
	for _, piece := range []string{"Disall", "Disallow: /archive/o"} {
		data := cutAfter(len(piece))
		f := core.Parse([]byte(data))
		if got := f.Lines[len(f.Lines)-1].Text; !f.Truncated || got != piece {
			t.Fatalf("the cut leaves %q (truncated %v), want %q", got, f.Truncated, piece)
		}
		res, err := Fix([]byte(data), Options{Protocol: core.ProtocolGemini})
		if err != nil {
			t.Fatal(err)
		}
		tail := data[strings.LastIndex(data[:core.MaxBytes], "\n")+1:]
		if !strings.HasSuffix(res.Robots, tail) {
			t.Errorf("cut after %q: %d changes; the result ends with %.60q, want the input's last %d bytes", piece, len(res.Changes), res.Robots[len(res.Robots)-60:], len(tail))
		}
	}
}

// Kennedy drops a rule with a * before its end: an unresolved row it
// decides otherwise is blamed on that, never on Kennedy reading the *
// as an operator.
func TestKennedyInnerStarReason(t *testing.T) {
	res, err := Fix([]byte("User-agent: *\nDisallow: /*/snapshot/*\n"), Options{Protocol: core.ProtocolGemini})
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, u := range res.Unresolved {
		if !slices.Contains(u.Dialects, "kennedy") {
			continue
		}
		seen++
		if u.Code != "crawler" || !strings.Contains(u.Reason, "Kennedy drops line 2") || strings.Contains(u.Reason, "kennedy reads * as an operator") {
			t.Errorf("%s %s: [%s] %s; want Kennedy's own note that it drops line 2", u.Agent, u.Selector, u.Code, u.Reason)
		}
	}
	if seen == 0 {
		t.Errorf("no unresolved row names kennedy: %+v", res.Unresolved)
	}
}

// checkNoGroupsBlame: a no-groups reason blames a reader's groups for
// leaving a line out; each reader it names that has groups must indeed
// leave that line out of the groups it applies for the row's agent (a
// reader that reads the line and drops it, as Kennedy drops a rule with
// an inner *, is not to be blamed on groups).
func checkNoGroupsBlame(t *testing.T, res Result) {
	t.Helper()
	f := core.Parse([]byte(res.Robots))
	for _, u := range res.Unresolved {
		if u.Code != "no-groups" {
			continue
		}
		var n int
		if _, err := fmt.Sscanf(u.Reason[strings.Index(u.Reason, ": line ")+2:], "line %d", &n); err != nil || n < 1 || n > len(f.Lines) {
			t.Errorf("no-groups reason names no line of the result: %q", u.Reason)
			continue
		}
		for _, id := range u.Dialects {
			d, ok := crawlers.ReaderByID(id)
			if !ok {
				t.Fatalf("unknown reader %q", id)
			}
			if d.Grouping == core.NoGroups {
				continue
			}
			held := false
			for _, g := range d.Compile(f).Policy(core.MustAgent(u.Agent)).Groups {
				held = held || slices.ContainsFunc(g.Rules, func(l *core.Line) bool { return l.Pos.Line == n })
			}
			if held {
				t.Errorf("%s %s: %s reads line %d in its groups, yet the reason blames groups: %q", u.Agent, u.Selector, id, n, u.Reason)
			}
		}
	}
}
