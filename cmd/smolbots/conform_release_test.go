package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/conformance"
)

// conform -release runs a kept release as it was cut (its cases, its
// verdicts, its name in the summary), and -badge writes a badge naming
// the release and the closest reader with its count.
func TestConformRelease(t *testing.T) {
	kept, err := conformance.LoadRelease(conformance.Release)
	if err != nil {
		t.Fatal(err)
	}
	badge := filepath.Join(t.TempDir(), "badge.svg")
	_, results, sum := conformJSON(t, "-release", conformance.Release, "-jsonl", "-dialect", "norobots", "-badge", badge, "--", "/usr/bin/python3", adapters+"/robotparser.py", "--jsonl")
	if sum.Release != conformance.Release || sum.Suite != kept.Version+" ("+kept.Date+")" || sum.Cases != len(kept.Cases) || len(results) != len(kept.Cases) {
		t.Errorf("summary %+v; want release %s, suite %s (%s), %d cases", sum, conformance.Release, kept.Version, kept.Date, len(kept.Cases))
	}
	for i, r := range results {
		if r.ID != kept.Cases[i].ID {
			t.Fatalf("case %d is %s, the release's is %s", i, r.ID, kept.Cases[i].ID)
		}
	}
	data, err := os.ReadFile(badge)
	if err != nil {
		t.Fatal(err)
	}
	svg := string(data)
	wantAll(t, "the badge", svg, "<svg", "robots.txt "+conformance.Release, "reads like "+sum.Closest, fmt.Sprintf("%d/%d", sum.Agree[sum.Closest], sum.Cases))
}

func TestConformReleaseUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"conform", "-release", "1999.01", "--", "/bin/true"}, "no kept release 1999.01; kept releases: " + conformance.Release},
		{[]string{"conform", "-release", "../suite", "--", "/bin/true"}, "is not a release name"},
		{[]string{"conform", "-release", conformance.Release, "-agent", "indexer", "--", "/bin/true"}, "-agent cannot change a kept release"},
		{[]string{"conform", "-release", conformance.Release, "-dialect", "custom:rfc9309,match=first", "--", "/bin/true"}, "is not among them"},
	} {
		r := runCLI(t, "", c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

// /conformance/results.json follows docs/json/results.schema.json, and
// the validator sees a wrong answer.
func TestResultsSchema(t *testing.T) {
	v := validPage(t, "conformance/results.json", "results")
	libs := v.(map[string]any)["libraries"].([]any)
	if len(libs) < 7 {
		t.Fatalf("%d libraries", len(libs))
	}
	libs[0].(map[string]any)["closest"] = "Not An ID"
	if validate(loadSchema(t, "results"), v, "results") == "" {
		t.Error("the schema accepts a closest reader that is no ID")
	}
}
