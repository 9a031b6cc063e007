package conformance_test

import (
	"encoding/json"
	"flag"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/conformance"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/refsite"
	"github.com/smolbots/smolbots/core/scenario"
	"github.com/smolbots/smolbots/internal/goldenfile"
)

var update = flag.Bool("update", false, "rewrite testdata/ids.txt from the suite")

func suite(t *testing.T, agent string) *conformance.Suite {
	t.Helper()
	s, err := refsite.Suite(agent, refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The IDs are citations: testdata/ids.txt lists every ID with its
// feature and a digest of its robots.txt, agent and URL, and the suite
// must match it line for line. An ID that vanishes or changes meaning
// fails here; adding cases means regenerating the list (go test
// ./core/conformance -run TestGoldenIDs -update) and bumping Version.
func TestGoldenIDs(t *testing.T) {
	got := suite(t, "").IDList()
	want := goldenfile.Read(t, "testdata/ids.txt", []byte(got), *update)
	if got == want {
		return
	}
	gotLines, wantLines := strings.Split(got, "\n"), strings.Split(want, "\n")
	for _, l := range wantLines {
		if !slices.Contains(gotLines, l) {
			t.Errorf("the golden line %q is gone or changed", l)
		}
	}
	for _, l := range gotLines {
		if !slices.Contains(wantLines, l) {
			t.Errorf("the suite has %q, which the golden list lacks (add it with -update and bump the suite's version)", l)
		}
	}
}

// Two builds give the same document, and the suite is a few hundred
// cases from all three sources.
func TestSuiteIsStable(t *testing.T) {
	a, b := suite(t, ""), suite(t, "")
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatal("two builds of the suite differ")
	}
	n := map[string]int{}
	for _, c := range a.Cases {
		kind, _, _ := strings.Cut(c.ID, "/")
		n[kind]++
		if !strings.HasPrefix(c.URL, "gemini://capsule.example") && !strings.HasPrefix(c.URL, "gopher://hole.example") {
			t.Errorf("%s: URL %q is not under a .example host", c.ID, c.URL)
		}
		for _, s := range []string{c.ID, c.Robots, c.Agent, c.URL} {
			if strings.Contains(strings.ToLower(s), "example.org") {
				t.Errorf("%s: names example.org", c.ID)
			}
		}
		if len(c.Expect) != len(a.Readers) {
			t.Errorf("%s: %d verdicts for %d readers", c.ID, len(c.Expect), len(a.Readers))
		}
	}
	t.Logf("%d cases: %v", len(a.Cases), n)
	if len(a.Cases) < 300 || n["matrix"] != len(refsite.Features) || n["scenario"] < 200 || n["real"] < 50 {
		t.Errorf("%d cases (%v); want at least 300, one per matrix feature, 200 from scenarios and 50 from real files", len(a.Cases), n)
	}
}

// A case taken from a scenario keeps the scenario's claims: for every
// dialect a check directive names, the case's expected verdict is the
// one the directive asserts. So turning a selector into a URL changed
// no answer.
func TestScenarioClaims(t *testing.T) {
	s := suite(t, "")
	byID := map[string]conformance.Case{}
	for _, c := range s.Cases {
		byID[c.ID] = c
	}
	entries, err := os.ReadDir("../../testdata/scenarios")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".txtar")
		if !ok {
			continue
		}
		data, err := os.ReadFile("../../testdata/scenarios/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		a, err := scenario.ParseTxtar(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(a.Comment, "\n") {
			if !strings.HasPrefix(line, "check ") {
				continue
			}
			w, err := scenario.Words(line)
			if err != nil {
				t.Fatal(err)
			}
			c, ok := byID[conformance.ScenarioID(name, w[2], w[3])]
			if !ok {
				continue
			}
			var ids []string
			switch w[1] {
			case "all":
				for _, d := range core.Dialects() {
					ids = append(ids, d.ID)
				}
			case "crawlers":
				for _, d := range crawlers.All() {
					ids = append(ids, d.ID)
				}
			default:
				ids = strings.Split(w[1], ",")
			}
			for _, id := range ids {
				checked++
				if got := c.Expect[id]; got != (w[5] == "allow") {
					t.Errorf("%s: %s says %s for %s, the case expects allowed=%v", c.ID, line, w[5], id, got)
				}
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d claims checked", checked)
	}
}

// A reader's row computed from the suite's demonstration cases is its
// column of the compatibility matrix: the dialects asked as the default
// agent, the archiver presets with the demonstrations for an archiver.
func TestDemoRowsAreTheMatrix(t *testing.T) {
	demos := refsite.Demos()
	cells := refsite.CompatData().Cells
	byRole := map[string]*conformance.Suite{"indexer": suite(t, ""), "archiver": suite(t, "examplebot(archiver)")}
	for _, r := range refsite.Readers() {
		row := conformance.Row(byRole[r.Role], r.ID, demos)
		for _, d := range demos {
			want := cells[d.ID][r.ID].Support
			if want == "unknown" {
				continue
			}
			if row[d.ID] != want {
				t.Errorf("%s on %s: the suite's case gives %s, the matrix %s", r.ID, d.ID, row[d.ID], want)
			}
		}
	}
	if !strings.Contains(byRole["archiver"].Cases[5].Robots, "User-agent: archiver") {
		t.Errorf("the archiver run's demonstration does not name archiver: %q", byRole["archiver"].Cases[5].Robots)
	}
}

// Every case has one of the tiers, each tier holds cases, and a case's
// tier follows the rule from its verdicts, whatever readers the suite
// carries: a suite of two readers gives the same tiers.
func TestTiers(t *testing.T) {
	s := suite(t, "")
	n := map[string]int{}
	for _, c := range s.Cases {
		if !conformance.KnownTier(c.Tier) {
			t.Errorf("%s: tier %q", c.ID, c.Tier)
		}
		n[c.Tier]++
	}
	t.Logf("tiers: %v", n)
	for _, tier := range conformance.Tiers {
		if n[tier] == 0 {
			t.Errorf("no case has the tier %s", tier)
		}
	}
	few, err := refsite.Suite("", []core.Dialect{core.Dialects()[0]})
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range few.Cases {
		if c.Tier != s.Cases[i].Tier {
			t.Errorf("%s: tier %s with one reader, %s with all", c.ID, c.Tier, s.Cases[i].Tier)
		}
	}
}

// docs/conformance.md's sample names the suite's current version and
// date, its count of cases is the suite's, and its table of tiers gives
// each tier's count as the suite has it.
func TestDocsSample(t *testing.T) {
	data, err := os.ReadFile("../../docs/conformance.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	s := suite(t, "")
	n := map[string]int{}
	for _, c := range s.Cases {
		n[c.Tier]++
	}
	wants := []string{
		`{"version":"` + conformance.Version + `","date":"` + conformance.Date + `",`,
		"Version " + conformance.Version + " has " + strconv.Itoa(len(s.Cases)) + " cases",
		"| tier | the answer is decided by | cases in version " + conformance.Version + " |",
	}
	for _, tier := range conformance.Tiers {
		wants = append(wants, "| `"+tier+"` | ")
	}
	for _, w := range wants {
		if !strings.Contains(doc, w) {
			t.Errorf("docs/conformance.md lacks %q", w)
		}
	}
	for _, line := range strings.Split(doc, "\n") {
		for _, tier := range conformance.Tiers {
			if strings.HasPrefix(line, "| `"+tier+"` | ") && !strings.HasSuffix(line, " | "+strconv.Itoa(n[tier])+" |") {
				t.Errorf("docs/conformance.md: %q; the suite has %d cases of that tier", line, n[tier])
			}
		}
	}
}

// Each step of the tier rule on a small file: what docs/conformance.md
// says decides each tier.
func TestTierRule(t *testing.T) {
	demo := map[string]conformance.Case{}
	for _, c := range suite(t, "").Cases {
		demo[c.ID] = c
	}
	for _, c := range []struct{ robots, agent, url, want string }{
		// every text and reader refuses
		{"User-agent: *\nDisallow: /p\n", "examplebot", "gemini://capsule.example/p/x", "rfc9309"},
		// $ and * are RFC 9309's alone among the texts
		{"User-agent: *\nDisallow: /*.gmi$\n", "examplebot", "gemini://capsule.example/a.gmi", "rfc9309"},
		// the companion spec has no Allow, RFC 9309 does
		{"User-agent: *\nAllow: /a/b\nDisallow: /a\n", "examplebot", "gemini://capsule.example/a/b/c", "gemini-companion"},
		// gopher2019 applies every Disallow to every robot
		{"User-agent: otherbot\nDisallow: /p\n", "examplebot", "gemini://capsule.example/p", "gopher"},
		{demo["matrix/prefix"].Robots, demo["matrix/prefix"].Agent, demo["matrix/prefix"].URL, "reader"},
		{demo["matrix/star-also"].Robots, demo["matrix/star-also"].Agent, demo["matrix/star-also"].URL, "implementation-defined"},
	} {
		if got := conformance.TierOf(c.robots, c.agent, c.url); got != c.want {
			t.Errorf("%q as %s on %s: tier %s, want %s", c.robots, c.agent, c.url, got, c.want)
		}
	}
}
