package table_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/conformance"
	"github.com/smolbots/smolbots/core/conformance/table"
	"github.com/smolbots/smolbots/core/refsite"
)

var update = flag.Bool("update", false, "rewrite answers/ from what every adapter answers now")

// root is the repository's root.
func root(t *testing.T) string {
	t.Helper()
	r, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Measure runs one library's adapter on the suite asked as its agent and
// returns its answers and its version as installed. A library that is not
// installed, an adapter that does not build or start, fails the test.
func measure(t *testing.T, root string, l table.Library) table.Answers {
	t.Helper()
	bin := ""
	if l.Module != "" {
		bin = filepath.Join(t.TempDir(), l.ID)
		build := exec.Command("go", "build", "-o", bin, ".")
		build.Dir = filepath.Join(root, filepath.FromSlash(l.Module))
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building the %s adapter: %v\n%s", l.ID, err, out)
		}
	}
	vc := exec.Command(l.VersionCmd[0], l.VersionCmd[1:]...)
	vc.Dir = filepath.Join(root, filepath.FromSlash(l.VersionDir))
	var stderr bytes.Buffer
	vc.Stderr = &stderr
	out, err := vc.Output()
	version := strings.TrimSpace(string(out))
	if err != nil || version == "" {
		t.Fatalf("%s is not installed (%v: %v %s); ./build.sh deps installs it", l.Name, l.VersionCmd, err, stderr.String())
	}
	if l.VersionCmd[0] == "dpkg-query" { // the upstream version, without Debian's revision or repack mark
		if i := strings.LastIndexByte(version, '-'); i > 0 {
			version = version[:i]
		}
		version, _, _ = strings.Cut(version, "+")
	}
	s, err := refsite.Suite(l.Agent, refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	answers, err := conformance.Run(context.Background(), s.Cases, conformance.Options{Cmd: l.Command(root, bin), JSONL: true})
	if err != nil {
		t.Fatalf("%s: %v", l.ID, err)
	}
	a := table.Answers{Library: l.ID, Version: version, Suite: s.Version, Agent: s.Agent, Answers: map[string]string{}}
	for _, ans := range answers {
		switch {
		case ans.Error != "":
			a.Answers[ans.ID] = "error: " + ans.Error
		case ans.Allowed:
			a.Answers[ans.ID] = "allowed"
		default:
			a.Answers[ans.ID] = "disallowed"
		}
	}
	return a
}

// Every library's adapter, run now, answers as its kept file says: the
// table the site publishes is this run's. With -update the files are
// written instead.
func TestAnswers(t *testing.T) {
	r := root(t)
	for _, l := range table.Libraries {
		t.Run(l.ID, func(t *testing.T) {
			got := measure(t, r, l)
			path := filepath.Join("answers", l.ID+".json")
			data, err := table.Encode(got)
			if err != nil {
				t.Fatal(err)
			}
			if *update {
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if *update {
				return // the embedded copy is the one before the write
			}
			want, err := table.LoadOne(l.ID)
			if err != nil {
				t.Fatal(err)
			}
			if diff := differences(want, got); diff != "" {
				t.Errorf("%s answers otherwise than answers/%s.json (go test ./core/conformance/table -run TestAnswers -update rewrites it):\n%s", l.Name, l.ID, diff)
			}
			errs := 0
			for _, v := range got.Answers {
				if strings.HasPrefix(v, "error") {
					errs++
				}
			}
			t.Logf("%s %s: %d cases, %d errors", l.Name, got.Version, len(got.Answers), errs)
		})
	}
}

// differences says how two runs differ, at most 20 lines of it.
func differences(want, got table.Answers) string {
	var out []string
	if want.Version != got.Version || want.Suite != got.Suite || want.Agent != got.Agent {
		out = append(out, fmt.Sprintf("kept: version %q suite %q agent %q; now: %q %q %q", want.Version, want.Suite, want.Agent, got.Version, got.Suite, got.Agent))
	}
	ids := map[string]bool{}
	for id := range want.Answers {
		ids[id] = true
	}
	for id := range got.Answers {
		ids[id] = true
	}
	var sorted []string
	for id := range ids {
		sorted = append(sorted, id)
	}
	sort.Strings(sorted)
	for _, id := range sorted {
		if w, g := want.Answers[id], got.Answers[id]; w != g {
			out = append(out, fmt.Sprintf("  %s: kept %q, now %q", id, w, g))
		}
	}
	if len(out) > 20 {
		out = append(out[:20], fmt.Sprintf("  ... and %d more", len(out)-20))
	}
	return strings.Join(out, "\n")
}

// The kept answers score: every library has a closest reader, and its
// differences are the cases it answers otherwise, each with a link.
func TestScore(t *testing.T) {
	for _, l := range table.Libraries {
		r := scored(t, l)
		agreed := 0
		for _, tc := range r.Tiers {
			agreed += tc.Agreed
		}
		if r.Closest == "" || agreed != r.Agree || r.Agree+len(r.Differs) != r.Cases {
			t.Errorf("%s: closest %q agreeing on %d, tiers sum to %d, %d differ of %d", l.ID, r.Closest, r.Agree, agreed, len(r.Differs), r.Cases)
		}
		for _, d := range r.Differs {
			if d.Permalink == "" || d.Answer == d.Closest {
				t.Errorf("%s: %+v", l.ID, d)
			}
		}
		t.Logf("%-14s %-8s closest %-14s %d/%d, %d errors", l.ID, r.Version, r.Closest, r.Agree, r.Cases, r.Errors)
	}
}

// temoto behind AuraGem's prepend, asked always as indexer (as AuraGem
// asks it), answers every case as the auragem preset does: the preset
// is the library as AuraGem uses it (docs/conformance.md says so).
func TestTemotoIsAuraGem(t *testing.T) {
	l, _ := table.ByID("temoto")
	r := scored(t, l)
	if r.Closest != "auragem" || len(r.Differs) != 0 {
		var ids []string
		for _, d := range r.Differs {
			ids = append(ids, d.Case.ID)
		}
		t.Errorf("temoto reads like %s, differing on %q; want auragem on every case", r.Closest, ids)
	}
}

// Why the Perl and Ruby adapters make the URL http (docs/conformance.md):
// WWW::RobotRules allows every URL that is not http or https, even under
// Disallow: /, and webrobots refuses such a URL.
func TestHTTPOnlyLibraries(t *testing.T) {
	perl := `use WWW::RobotRules; my $r = WWW::RobotRules->new("examplebot");
$r->parse("http://capsule.example/robots.txt", "User-agent: *\nDisallow: /\n");
print(($r->allowed("gemini://capsule.example/x") ? "allowed" : "disallowed"), " ", ($r->allowed("http://capsule.example/x") ? "allowed" : "disallowed"), "\n");`
	out, err := exec.Command("/usr/bin/perl", "-e", perl).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "allowed disallowed" {
		t.Errorf("WWW::RobotRules on gemini:// and http:// under Disallow: /: %q (%v), want allowed disallowed", out, err)
	}
	ruby := `require "webrobots"
r = WebRobots.new("examplebot", http_get: ->(_u) { "User-agent: *\nDisallow: /\n" }, crawl_delay: :ignore)
begin; r.allowed?("gemini://capsule.example/x"); puts "answered"; rescue ArgumentError => e; puts "ArgumentError"; end
puts r.allowed?("http://capsule.example/x")`
	out, err = exec.Command("/usr/bin/ruby", "-e", ruby).CombinedOutput()
	if err != nil || strings.Join(strings.Fields(string(out)), " ") != "ArgumentError false" {
		t.Errorf("webrobots on gemini:// and http:// under Disallow: /: %q (%v), want ArgumentError then false", out, err)
	}
}

// scored is a library's row from its kept answers.
func scored(t *testing.T, l table.Library) table.Row {
	t.Helper()
	a, err := table.LoadOne(l.ID)
	if err != nil {
		t.Fatal(err)
	}
	s, err := refsite.Suite(l.Agent, refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	r, err := table.Score(l, a, s, refsite.Demos())
	if err != nil {
		t.Fatal(err)
	}
	return r
}
