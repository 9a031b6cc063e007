package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/conformance"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/refsite"
)

const adapters = "../../examples/conform"

// conformJSON runs conform -json and returns the case lines and the
// summary, each checked against its schema.
func conformJSON(t *testing.T, args ...string) (int, []conformance.Result, conformance.Summary) {
	t.Helper()
	r := runCLI(t, "", append([]string{"conform", "-json"}, args...)...)
	if r.code == 2 {
		t.Fatalf("conform %v: exit 2: %s", args, r.stderr)
	}
	var results []conformance.Result
	var sum conformance.Summary
	sc := bufio.NewScanner(strings.NewReader(r.stdout))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.Contains(sc.Text(), `"kind":"summary"`) {
			validJSON(t, sc.Text(), "conform")
			json.Unmarshal(sc.Bytes(), &sum)
			continue
		}
		validJSON(t, sc.Text(), "conform-case")
		var res conformance.Result
		json.Unmarshal(sc.Bytes(), &res)
		results = append(results, res)
	}
	if sum.Kind != "summary" || sum.Cases != len(results) {
		t.Fatalf("summary %+v after %d case lines", sum, len(results))
	}
	return r.code, results, sum
}

// validJSON decodes one JSON object and checks it against
// docs/json/SCHEMA.schema.json.
func validJSON(t *testing.T, text, schema string) map[string]any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(text))
	d.UseNumber()
	var v map[string]any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("not a JSON object: %v: %.200q", err, text)
	}
	if msg := validate(loadSchema(t, schema), v, schema); msg != "" {
		t.Error(msg)
	}
	return v
}

// row is a reader's row of the matrix on the suite asked as agent.
func row(t *testing.T, agent, reader string) map[string]string {
	t.Helper()
	s, err := refsite.Suite(agent, refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	return conformance.Row(s, reader, refsite.Demos())
}

func differing(results []conformance.Result) []string {
	var out []string
	for _, r := range results {
		if r.Differs {
			out = append(out, r.ID)
		}
	}
	return out
}

// knownDiffers holds the cases where a library and the reader it is
// compared with differ, each explained in docs/conformance.md: the test
// fails when one appears or goes, so each change is looked at.
func knownDiffers(t *testing.T, name string, got []string) {
	t.Helper()
	path := filepath.Join("testdata", "conform", name+".txt")
	if *update {
		os.MkdirAll(filepath.Dir(path), 0o755)
		text := strings.Join(got, "\n")
		if text != "" {
			text += "\n"
		}
		os.WriteFile(path, []byte(text), 0o644)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	if text := strings.TrimSuffix(string(data), "\n"); text != "" {
		want = strings.Split(text, "\n")
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: the differing cases changed:\n got %q\nwant %q", name, got, want)
	}
}

// CPython's urllib.robotparser reads like norobots: its row of the
// matrix, from its own answers, is norobots's, and norobots is the
// reader it agrees with most.
func TestConformRobotparser(t *testing.T) {
	code, results, sum := conformJSON(t, "-jsonl", "-dialect", "norobots", "--", "/usr/bin/python3", adapters+"/robotparser.py", "--jsonl")
	t.Logf("robotparser: %d cases, %d errors, agree %v", sum.Cases, sum.Errors, sum.Agree)
	if sum.Errors != 0 || sum.Closest != "norobots" {
		t.Errorf("errors %d, closest %s; want 0 and norobots", sum.Errors, sum.Closest)
	}
	if want := row(t, "", "norobots"); !maps.Equal(sum.Features, want) {
		t.Errorf("robotparser's row %v\nnorobots's %v", sum.Features, want)
	}
	if code != 1 || sum.Differs == 0 {
		t.Errorf("exit %d with %d differing cases", code, sum.Differs)
	}
	knownDiffers(t, "robotparser", differing(results))
	docAgrees(t, "norobots", sum)
}

// Protego 0.2.1, asked as mozz-archiver asks it (archiver-mozz, the
// demonstrations written for an archiver), reads like the mozz-archiver
// preset, which was built from Protego 0.1.16.
func TestConformProtego(t *testing.T) {
	_, results, sum := conformJSON(t, "-jsonl", "-agent", "archiver-mozz(archiver)", "-dialect", "mozz-archiver", "--", "/usr/bin/python3", adapters+"/protego_adapter.py", "--agent", "archiver-mozz", "--jsonl")
	t.Logf("protego: %d cases, %d errors, %d differ from mozz-archiver", sum.Cases, sum.Errors, sum.Differs)
	if sum.Errors != 0 || sum.Closest != "mozz-archiver" {
		t.Errorf("errors %d, closest %s; want 0 and mozz-archiver", sum.Errors, sum.Closest)
	}
	if want := row(t, "archiver-mozz(archiver)", "mozz-archiver"); !maps.Equal(sum.Features, want) {
		t.Errorf("Protego's row %v\nmozz-archiver's %v", sum.Features, want)
	}
	knownDiffers(t, "protego", differing(results))
	docAgrees(t, "mozz-archiver", sum)
}

// temotoRow is temoto/robotstxt v1.1.2 behind AuraGem's prepend, asked
// as indexer, as CRAWLERS.md describes the library: the longest
// matching token picks one group (no union with *), blank lines end
// nothing, the longest rule wins, * and $ work, a line without a colon
// is read, the tested path is percent-decoded but rules are not.
var temotoRow = map[string]string{
	"allow": "yes", "longest-match": "yes", "wildcard": "yes", "end-anchor": "yes", "prefix": "yes",
	"virtual-agents": "yes", "star-also": "no", "blank-line-ends-group": "no", "empty-disallow-clears": "no",
	"inline-comment": "yes", "no-user-agent": "yes", "first-group": "yes", "missing-colon": "yes",
	"percent-encoding": "no", "cr-line-endings": "yes",
}

// temoto, built from its own module, behind AuraGem's one step, gives
// the row AuraGem's preset builds on: the auragem preset's own row once
// it is in crawlers.All, until then the row CRAWLERS.md describes.
func TestConformTemoto(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "temoto")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = adapters + "/temoto"
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the temoto adapter: %v\n%s", err, out)
	}
	_, results, sum := conformJSON(t, "-jsonl", "-agent", "indexer", "--", bin, "-jsonl", "-auragem")
	t.Logf("temoto: %d cases, %d errors, closest %s, agree %v", sum.Cases, sum.Errors, sum.Closest, sum.Agree)
	want, against, closest := temotoRow, "CRAWLERS.md's description", "rfc9309"
	if _, ok := crawlers.ReaderByID("auragem"); ok {
		want, against, closest = row(t, "indexer", "auragem"), "the auragem preset", "auragem"
	}
	if sum.Closest != closest {
		t.Errorf("temoto's closest reader is %s, want %s", sum.Closest, closest)
	}
	if !maps.Equal(sum.Features, want) {
		t.Errorf("temoto's row %v\n%s: %v", sum.Features, against, want)
	}
	var errs []string
	for _, r := range results {
		if r.Error != "" {
			errs = append(errs, r.ID)
		}
	}
	knownDiffers(t, "temoto-errors", errs)
	docAgrees(t, closest, sum)
}

// docAgrees checks the adapters' table in docs/conformance.md gives the
// agreement this run measured with reader.
func docAgrees(t *testing.T, reader string, sum conformance.Summary) {
	t.Helper()
	data, err := os.ReadFile("../../docs/conformance.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("| %s, %d of %d |", reader, sum.Agree[reader], sum.Cases); !strings.Contains(string(data), want) {
		t.Errorf("docs/conformance.md's table of adapters lacks %q, what this run measured", want)
	}
}

// An implementation that allows everything fails, in per-case mode; a
// crash and a hang are errors, not passes.
func TestConformFailures(t *testing.T) {
	code, _, sum := conformJSON(t, "--", "/bin/true")
	if code != 1 || sum.Errors != 0 || sum.Agree["rfc9309"] == sum.Cases || sum.Features["wildcard"] != "no" {
		t.Errorf("allow-all: exit %d, %+v", code, sum)
	}
	// crashes on matrix/allow's URL, hangs on matrix/wildcard's (and on
	// any other case with the same URL)
	crash, hang := "gemini://capsule.example/a/b/c", "gemini://capsule.example/bin/x.cgi"
	script := `case "$3" in ` + crash + `) kill -SEGV $$;; ` + hang + `) exec sleep 60;; esac; exit 0`
	// A shell answers in milliseconds when the machine is quiet; 3 s
	// leaves room for a loaded one, where 300 ms timed out a case that
	// only exits 0.
	code, results, sum := conformJSON(t, "-timeout", "3s", "--", "/bin/sh", "-c", script, "sh")
	s, err := refsite.Suite("", refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, c := range s.Cases {
		switch c.URL {
		case crash:
			want[c.ID] = "signal"
		case hang:
			want[c.ID] = "no answer within 3s"
		}
	}
	if code != 1 || sum.Errors != len(want) || want["matrix/allow"] == "" || want["matrix/wildcard"] == "" {
		var errs []string
		for _, r := range results {
			if r.Error != "" && want[r.ID] == "" {
				errs = append(errs, r.ID+": "+r.Error)
			}
		}
		t.Errorf("exit %d, %d errors; want 1 and %d; unexpected: %q", code, sum.Errors, len(want), errs)
	}
	for _, r := range results {
		if w := want[r.ID]; w != "" && (!strings.Contains(r.Error, w) || len(r.Agrees) != 0 || !r.Differs || r.Permalink == "") {
			t.Errorf("%s: %+v; want an error saying %q, agreeing with no one", r.ID, r, w)
		}
	}
	if sum.Features["allow"] != "error" || sum.Features["wildcard"] != "error" {
		t.Errorf("the row counts errors as answers: %v", sum.Features)
	}
}

func TestConformUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"conform"}, "needs the command to run"},
		{[]string{"conform", "-timeout", "0s", "--", "/bin/true"}, "-timeout must be more than 0"},
		{[]string{"conform", "-dialect", "nope", "--", "/bin/true"}, `unknown dialect "nope"`},
		{[]string{"conform", "-agent", "Mozilla/5.0 (compatible; x)", "--", "/bin/true"}, "-agent:"},
		{[]string{"conform", "--", "/nonexistent/impl"}, "cannot start /nonexistent/impl"},
		{[]string{"vectors", "extra"}, "takes no arguments"},
	} {
		r := runCLI(t, "", c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

// conform's -timeout defaults to the suite runner's default, which a
// slow interpreter start on a loaded machine (past 2 s) stays under.
func TestConformDefaultTimeout(t *testing.T) {
	r := runCLI(t, "", "help", "conform")
	if !strings.Contains(r.stdout, "(default 10s)") {
		t.Errorf("help conform does not give -timeout's default as 10s:\n%s", r.stdout)
	}
}

// vectors prints the suite as one object that follows its schema; two
// runs print the same IDs; -dialect keeps only those readers.
func TestVectors(t *testing.T) {
	var ids [2][]string
	for i := range ids {
		r := runCLI(t, "", "vectors")
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		v := validJSON(t, r.stdout, "conformance")
		for _, c := range v["cases"].([]any) {
			ids[i] = append(ids[i], c.(map[string]any)["id"].(string))
		}
	}
	// the site publishes the same bytes, with no raw DEL or C1 control
	files, err := refsite.Pages()
	if err != nil {
		t.Fatal(err)
	}
	out := runCLI(t, "", "vectors").stdout
	if out != string(files["conformance.json"]) {
		t.Error("vectors and the site's conformance.json differ")
	}
	if strings.ContainsAny(out, "\x7f\u0080\u0085\u009f") {
		t.Error("vectors prints a raw DEL or C1 control")
	}
	if len(ids[0]) < 300 || !slices.Equal(ids[0], ids[1]) {
		t.Errorf("%d and %d IDs, equal %v", len(ids[0]), len(ids[1]), slices.Equal(ids[0], ids[1]))
	}
	r := runCLI(t, "", "vectors", "-dialect", "gemini,gus")
	var s conformance.Suite
	if err := json.Unmarshal([]byte(r.stdout), &s); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Readers, []string{"gemini", "gus"}) || len(s.Cases[0].Expect) != 2 {
		t.Errorf("-dialect gemini,gus: readers %v, first case %v", s.Readers, s.Cases[0].Expect)
	}
}

// vectors -tier T keeps the cases of that tier, all of them, and says
// which tier it kept; the tiers of the whole suite add up to it.
func TestVectorsTier(t *testing.T) {
	var all conformance.Suite
	if err := json.Unmarshal([]byte(runCLI(t, "", "vectors").stdout), &all); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, tier := range conformance.Tiers {
		r := runCLI(t, "", "vectors", "-tier", tier)
		validJSON(t, r.stdout, "conformance")
		var s conformance.Suite
		if err := json.Unmarshal([]byte(r.stdout), &s); err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, c := range all.Cases {
			if c.Tier == tier {
				want++
			}
		}
		if s.Tier != tier || len(s.Cases) != want || want == 0 {
			t.Errorf("-tier %s: tier %q, %d cases; want %d", tier, s.Tier, len(s.Cases), want)
		}
		for _, c := range s.Cases {
			if c.Tier != tier {
				t.Errorf("-tier %s printed %s of tier %s", tier, c.ID, c.Tier)
			}
		}
		total += len(s.Cases)
	}
	if total != len(all.Cases) {
		t.Errorf("the tiers hold %d cases, the suite %d", total, len(all.Cases))
	}
	for _, args := range [][]string{{"vectors", "-tier", "web"}, {"conform", "-tier", "web", "--", "/bin/true"}} {
		if r := runCLI(t, "", args...); r.code != 2 || !strings.Contains(r.stderr, `unknown tier "web"; use one of rfc9309, gemini-companion`) {
			t.Errorf("%v: exit %d, %q", args, r.code, r.stderr)
		}
	}
}

// conform -tier runs only that tier's cases: the summary and every
// case line name it, and the matrix row has only the demonstrations
// the tier holds.
func TestConformTier(t *testing.T) {
	_, results, sum := conformJSON(t, "-jsonl", "-tier", "rfc9309", "-dialect", "norobots", "--", "/usr/bin/python3", adapters+"/robotparser.py", "--jsonl")
	s, err := refsite.Suite("", refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	s.OnlyTier("rfc9309")
	if sum.Tier != "rfc9309" || len(results) != len(s.Cases) || sum.Errors != 0 {
		t.Errorf("summary %+v after %d lines; want tier rfc9309 and %d cases", sum, len(results), len(s.Cases))
	}
	for _, r := range results {
		if r.Tier != "rfc9309" {
			t.Errorf("%s: tier %s", r.ID, r.Tier)
		}
	}
	demos := conformance.AskedDemos(s, refsite.Demos())
	if len(sum.Features) != len(demos) || len(demos) == 0 || len(demos) == len(refsite.Demos()) {
		t.Errorf("features %v for %d of the tier's demonstrations", sum.Features, len(demos))
	}
}

// check -dialect takes a custom reader: its verdicts are its own, its
// line carries its canonical spelling and follows check's schema, and a
// bad knob is a usage error.
func TestCheckCustom(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /a\nAllow: /a/b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "", "check", "-json", "-dialect", "norobots,custom:NOROBOTS,match=longest", robots, "/a/b/c")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 1 || len(lines) != 2 {
		t.Fatalf("exit %d, %d lines: %s%s", r.code, len(lines), r.stdout, r.stderr)
	}
	for i, want := range []struct {
		dialect string
		allowed bool
	}{{"norobots", false}, {"custom:norobots,match=longest", true}} {
		v := validJSON(t, lines[i], "check")
		if v["dialect"] != want.dialect || v["allowed"] != want.allowed {
			t.Errorf("line %d: %s %v, want %s %v", i, v["dialect"], v["allowed"], want.dialect, want.allowed)
		}
	}
	r = runCLI(t, "", "check", "-dialect", "custom:norobots,match=best", robots, "/a")
	if r.code != 2 || !strings.Contains(r.stderr, "match takes any-disallow, allow-exception, first, longest") {
		t.Errorf("exit %d: %s", r.code, r.stderr)
	}
}

// conform -dialect takes a custom reader: it is compared on every case,
// and robotparser differs from norobots with longest match where the
// two readings part.
func TestConformCustom(t *testing.T) {
	const spec = "custom:norobots,match=longest"
	code, results, sum := conformJSON(t, "-jsonl", "-dialect", spec, "--", "/usr/bin/python3", adapters+"/robotparser.py", "--jsonl")
	if code != 1 || sum.Dialect != spec || sum.Agree[spec] == 0 || sum.Agree[spec] >= sum.Agree["norobots"] {
		t.Errorf("exit %d, %+v", code, sum)
	}
	for _, r := range results {
		if r.ID == "matrix/longest-match" && (!r.Differs || r.Permalink == "") {
			t.Errorf("matrix/longest-match: %+v", r)
		}
	}
}

// docs/conformance.md gives the suite's size and where its cases come
// from; those figures must be the suite's own, or a reader comparing
// conform's output with the page is misled.
func TestConformanceDocCounts(t *testing.T) {
	s, err := refsite.Suite("", refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]int{}
	for _, c := range s.Cases {
		src, _, _ := strings.Cut(c.ID, "/")
		by[src]++
	}
	data, err := os.ReadFile("../../docs/conformance.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, want := range []string{
		fmt.Sprintf("Version %s has %d cases", s.Version, len(s.Cases)),
		fmt.Sprintf("What they gave on suite %s (%d cases;", s.Version, len(s.Cases)),
		fmt.Sprintf("one per feature (`/compat#FEATURE`) | %d |", by["matrix"]),
		fmt.Sprintf("one case per agent and selector | %d |", by["scenario"]),
		fmt.Sprintf("for `examplebot(indexer)` and up to two agents the file names | %d |", by["real"]),
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("docs/conformance.md lacks %q", want)
		}
	}
	// every "N of M" in the adapters' table is out of the suite's size
	for _, m := range regexp.MustCompile(`, \d+ of (\d+) \|`).FindAllStringSubmatch(doc, -1) {
		if m[1] != strconv.Itoa(len(s.Cases)) {
			t.Errorf("docs/conformance.md: %q counts out of %s cases, the suite has %d", m[0], m[1], len(s.Cases))
		}
	}
}

// The text report opens with a sentence saying what the cases were
// asked as.
func TestConformTextHead(t *testing.T) {
	s, err := refsite.Suite("", refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "", "conform", "--", "/bin/true")
	first, _, _ := strings.Cut(r.stdout, "\n")
	want := fmt.Sprintf("Suite %s (%s): %d cases, the matrix's demonstrations asked as %s. Errors: 0.", s.Version, s.Date, len(s.Cases), conformance.DefaultAgent)
	if r.code != 1 || first != want {
		t.Errorf("exit %d, first line\n%q\nwant\n%q", r.code, first, want)
	}
}

// An adapter that crashes on every case, in Python and in Node, one
// process a case and as JSON lines, and robotparser.py given --jsonl
// when conform was not: every case is an error, conform names no
// closest reader and no row of the matrix, exits 1, and its report
// shows the crash from stderr.
func TestConformCrash(t *testing.T) {
	py := writeTemp(t, "crash.py", []byte("import json, sys\nif sys.argv[1:2] == ['--jsonl']:\n    for line in sys.stdin:\n        json.loads(line)['missing']\nelse:\n    raise ValueError('the parser broke')\n"))
	js := writeTemp(t, "crash.js", []byte("const rl = require('readline');\nif (process.argv[2] === '--jsonl') {\n  rl.createInterface({input: process.stdin}).on('line', l => { JSON.parse(l).missing.x; });\n} else {\n  throw new Error('the parser broke');\n}\n"))
	// per case on the smallest tier, so a process a case stays quick
	small := []string{"-tier", "implementation-defined", "-timeout", "20s"}
	for _, c := range []struct {
		name  string
		args  []string
		crash string
	}{
		{"python", append(small, "--", "/usr/bin/python3", py), "ValueError: the parser broke"},
		{"node", append(small, "--", "/usr/bin/node", js), "Error: the parser broke"},
		{"python -jsonl", []string{"-jsonl", "--", "/usr/bin/python3", py, "--jsonl"}, "KeyError: 'missing'"},
		{"node -jsonl", []string{"-jsonl", "--", "/usr/bin/node", js, "--jsonl"}, "TypeError: Cannot read properties of undefined"},
		{"robotparser.py --jsonl without -jsonl", append(small, "--", "/usr/bin/python3", adapters+"/robotparser.py", "--jsonl"), "FileNotFoundError"},
	} {
		code, results, sum := conformJSON(t, c.args...)
		if code != 1 || sum.Errors != sum.Cases || sum.Closest != "" || len(sum.Features) != 0 || !strings.Contains(sum.Withheld, fmt.Sprintf("%d of %d cases are errors", sum.Cases, sum.Cases)) {
			t.Errorf("%s: exit %d, summary %+v; want every case an error, no closest reader, no row", c.name, code, sum)
		}
		for _, r := range sum.Agree {
			if r != 0 {
				t.Errorf("%s: a crash agreed with a reader: %v", c.name, sum.Agree)
				break
			}
		}
		if !strings.Contains(results[0].Error+results[0].Stderr, c.crash) {
			t.Errorf("%s: the first case %+v does not show %q", c.name, results[0], c.crash)
		}
		if c.name == "node" || strings.HasPrefix(c.name, "robotparser") {
			continue // the text report is read on the others: one process a case is slow
		}
		text := runCLI(t, "", append([]string{"conform"}, c.args...)...)
		for _, want := range []string{"No closest reader and no row of the matrix: ", "The first errors, with what the implementation wrote on stderr:", c.crash} {
			if !strings.Contains(text.stdout, want) {
				t.Errorf("%s: the report lacks %q:\n%.3000s", c.name, want, text.stdout)
			}
		}
		if strings.Contains(text.stdout, "<- closest") || strings.Contains(text.stdout, "Its row of the matrix") {
			t.Errorf("%s: the report names a closest reader or a row:\n%.3000s", c.name, text.stdout)
		}
	}
}

// A few errors (no more than 1% of the cases) leave the closest reader
// and the row; one more withholds them.
func TestConformErrorShare(t *testing.T) {
	s, err := refsite.Suite("", refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	max := conformance.MaxErrors(len(s.Cases))
	if max != len(s.Cases)/100 || max == 0 {
		t.Fatalf("MaxErrors(%d) = %d", len(s.Cases), max)
	}
	for _, n := range []int{max, max + 1} {
		answers := make([]conformance.Answer, len(s.Cases))
		for i, c := range s.Cases {
			answers[i] = conformance.Answer{ID: c.ID, Allowed: c.Expect["gemini"]}
			if i >= len(s.Cases)-n {
				answers[i].Error = "it broke"
			}
		}
		_, sum := conformance.Score(s, answers, "gemini", refsite.Demos())
		if withheld := sum.Closest == ""; withheld != (n > max) || (sum.Withheld != "") != withheld || (len(sum.Features) == 0) != withheld {
			t.Errorf("%d errors of %d: closest %q, withheld %q, %d features", n, len(s.Cases), sum.Closest, sum.Withheld, len(sum.Features))
		}
	}
}
