package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestFixGolden pins what fix writes: the file on stdout, the account on
// stderr, for the gemini reading and for RFC 9309 over both protocols.
func TestFixGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"fix-wiki-gemini.golden", []string{"fix", "-protocol", "gemini", "-agent", "GUS(indexer)", "-agent", "*", "testdata/fix-wiki.robots.txt"}, 1},
		{"fix-wiki-any.golden", []string{"fix", "-reference", "rfc9309", "testdata/fix-wiki.robots.txt", "/raw/page", "gemini://capsule.example/history/x"}, 1},
	}
	for _, c := range cases {
		r := runCLI(t, "", c.args...)
		if r.code != c.code {
			t.Errorf("%s: exit %d, want %d; stderr %q", c.name, r.code, c.code, r.stderr)
		}
		golden(t, c.name, "-- stdout --\n"+r.stdout+"-- stderr --\n"+r.stderr)
	}
}

// The -json object carries the keys CONTRACTS.md names.
func TestFixJSON(t *testing.T) {
	r := runCLI(t, "User-agent: *\nDisallow: /*.cgi\n", "fix", "-json", "-protocol", "gemini", "-reference", "rfc9309", "-", "/bin/a.cgi")
	if r.code != 1 || strings.Count(r.stdout, "\n") != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	var got struct {
		Robots  *string `json:"robots"`
		Changes []struct {
			Line    *int    `json:"line"`
			Code    *string `json:"code"`
			Message *string `json:"message"`
		} `json:"changes"`
		Unresolved []struct {
			Agent    string   `json:"agent"`
			Selector string   `json:"selector"`
			Dialects []string `json:"dialects"`
			Reason   string   `json:"reason"`
		} `json:"unresolved"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Robots == nil || *got.Robots != "User-agent: *\nDisallow: /*.cgi\n" || got.Changes == nil {
		t.Errorf("robots %v, changes %v in %s", got.Robots, got.Changes, r.stdout)
	}
	u := got.Unresolved
	if len(u) != 1 || u[0].Agent != "*" || u[0].Selector != "/bin/a.cgi" || strings.Join(u[0].Dialects, ",") != "gemini,conner2020,norobots" || !strings.Contains(u[0].Reason, `line 2 "Disallow: /*.cgi"`) {
		t.Errorf("unresolved: %+v", u)
	}
	checkJSONLines(t, "fix", r.stdout)
}

// fix -json follows docs/json/fix.schema.json with changes of every
// kind, and writes the file's DEL and C1 bytes as escapes, as the line
// formats do, so that the JSON carries no raw control byte.
func TestFixJSONSchema(t *testing.T) {
	messy := "\xef\xbb\xbfDisallow: /stray\x7f\nUser-agent: *\n\nDisallow: /a\u0085\nAllow: /a/b\n\nUser-agent: indexer\nDisallow: /s\n\nUser-agent: indexer\nDissallow: /t\n"
	for _, args := range [][]string{
		{"fix", "-json", "-"},
		{"fix", "-json", "-protocol", "gemini", "-agent", "GUS(indexer)", "-"},
		{"fix", "-json", "-protocol", "gopher", "-reference", "norobots", "-", "/a/b/c"},
	} {
		r := runCLI(t, messy, args...)
		if r.code > 1 || strings.ContainsAny(r.stdout, "\x7f\u0085") || !strings.Contains(r.stdout, `\u007f`) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
		var got struct{ Robots string }
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || !strings.Contains(got.Robots, "/stray\x7f") || !strings.Contains(got.Robots, "/a\u0085") {
			t.Errorf("%v: the robots text does not decode back: %v %q", args, err, got.Robots)
		}
		checkJSONLines(t, "fix", r.stdout)
	}
}

// Bad input gets one plain sentence and exit 2; an empty file has
// nothing to fix; a file past 500 KiB loses only what no dialect reads.
func TestFixBadInput(t *testing.T) {
	for _, c := range []struct {
		stdin  string
		args   []string
		code   int
		stderr string
	}{
		{"", []string{"fix", "-reference", "google", "-"}, 2, "smolbots fix: unknown reference \"google\"; use strict or one of gopher2019, gopherdraft, gemini, conner2020, rfc9309, norobots\n"},
		{"", []string{"fix", "-reference", "tlgs", "-"}, 2, "smolbots fix: tlgs is a crawler preset, not a reading fix can keep; use strict (every reader's refusals, the presets' too) or one of gopher2019, gopherdraft, gemini, conner2020, rfc9309, norobots\n"},
		{"", []string{"fix", "-protocol", "http", "-"}, 2, "smolbots fix: unknown protocol \"http\"; use gemini, gopher or any\n"},
		{"", []string{"fix"}, 2, "smolbots fix: give a robots.txt (file, - or URL), then any selectors to check\n"},
		{"User-agent: *\x00\nDisallow: /\n", []string{"fix", "-"}, 2, "smolbots fix: -: this looks binary (a NUL byte on line 1), not a text robots.txt, so there is nothing to rewrite\n"},
		{"\xff\xfe\x93\x88robots\xc0\xc1\xf5\xfa", []string{"fix", "-"}, 2, "smolbots fix: -: this looks binary (mostly bytes that are not UTF-8), not a text robots.txt, so there is nothing to rewrite\n"},
		{"", []string{"fix", "-"}, 0, "-: nothing to fix: an empty robots.txt allows everything in every dialect\n"},
	} {
		r := runCLI(t, c.stdin, c.args...)
		if r.code != c.code || r.stderr != c.stderr || c.code == 2 && r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, r.code, r.stdout, r.stderr)
		}
	}
	// Past the cut, crawlers still read: every byte stays.
	big := "User-agent: *\n" + strings.Repeat("Disallow: /archive/old\n", 600*1024/23)
	r := runCLI(t, big, "fix", "-protocol", "gemini", "-")
	if r.code != 0 || r.stdout != big || !strings.Contains(r.stderr, "still file-too-large: ") {
		t.Errorf("600 KiB file: exit %d, %d bytes out of %d, stderr %q", r.code, len(r.stdout), len(big), r.stderr)
	}
	// What fix cannot rewrite safely it refuses in a sentence, exit 2:
	// the file, 60,000 rules and then one that only the crawlers
	// that read past the cut read.
	var many strings.Builder
	many.WriteString("User-agent: *\n")
	for i := range 60000 {
		fmt.Fprintf(&many, "Disallow: /p%05d/\n", i)
	}
	many.WriteString("Disallow: /tail-secret/\n")
	r = runCLI(t, many.String(), "fix", "-protocol", "gemini", "-")
	if want := "smolbots fix: -: this file is 1,140,038 bytes, and past the first 500 KiB, which the dialects read, it has 33,055 rule paths that TLGS, Gemplex, Kennedy, GUS, GUS (2020), mozz-archiver and AuraGem read; fix holds each reader to its verdicts on at most 1,000 of them, so it cannot prove that a rewrite keeps every reader out of the paths it refuses today; nothing is rewritten\n"; r.code != 2 || r.stdout != "" || r.stderr != want {
		t.Errorf("60,001 rules: exit %d, %d bytes out, stderr %q", r.code, len(r.stdout), r.stderr)
	}
}

// A gemini:// or gopher:// ROBOTS URL implies the scope unless -protocol
// says otherwise.
func TestScopeOfURL(t *testing.T) {
	for _, c := range []struct{ flag, robots, want string }{
		{"", "gemini://capsule.example", "gemini"},
		{"", "gopher://capsule.example/0/robots.txt", "gopher"},
		{"any", "gemini://capsule.example", "any"},
		{"", "robots.txt", "any"},
	} {
		got, err := scopeOf(c.flag, c.robots)
		if err != nil || string(got) != c.want {
			t.Errorf("scopeOf(%q, %q) = %q, %v; want %q", c.flag, c.robots, got, err, c.want)
		}
	}
}

// With a dialect as the reference, a rewrite that lets a reader into a
// path it refuses today says so first, naming reader and path, and exits
// 1; the default strict rewrite of the same file lets nobody in.
func TestFixSaysWhatItOpens(t *testing.T) {
	file := "User-agent: indexer\nDisallow: /private/\n\nUser-agent: *\nDisallow: /cgi-bin/\n"
	r := runCLI(t, file, "fix", "-protocol", "gemini", "-reference", "gemini", "-agent", "GUS(indexer)", "-", "/cgi-bin/search")
	first, _, _ := strings.Cut(r.stderr, "\n")
	if r.code != 1 || !strings.HasPrefix(first, "-: WARNING: This rewrite lets ") || !strings.Contains(first, "GUS and GUS (2020) into /cgi-bin/search") ||
		!strings.Contains(r.stderr, "but the rewrite lets readers into paths they refuse today") {
		t.Errorf("-reference gemini: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runCLI(t, file, "fix", "-protocol", "gemini", "-agent", "GUS(indexer)", "-", "/cgi-bin/search")
	if strings.Contains(r.stderr, "WARNING") || !strings.Contains(r.stderr, "agree with strict in every reader") {
		t.Errorf("strict: exit %d, stderr %q", r.code, r.stderr)
	}
	var res struct {
		Opened []struct{ Reader, Selector string }
	}
	r = runCLI(t, file, "fix", "-json", "-protocol", "gemini", "-reference", "gemini", "-agent", "GUS(indexer)", "-", "/cgi-bin/search")
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || len(res.Opened) == 0 || res.Opened[0].Selector == "" {
		t.Errorf("-json: opened %+v, %v", res.Opened, err)
	}
}

// Text mode shows at most -max unresolved rows and counts the rest;
// -json shows them all.
func TestFixCapsUnresolvedRows(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "User-agent: bot%d\nDisallow: /*.cgi%d\n\n", i, i)
	}
	r := runCLI(t, b.String(), "fix", "-protocol", "any", "-max", "5", "-")
	if n := strings.Count(r.stderr, ": unresolved: "); r.code != 1 || n != 5 || !strings.Contains(r.stderr, "more unresolved rows not shown; run with -max 0") {
		t.Errorf("-max 5: exit %d, %d rows shown, stderr %q", r.code, n, r.stderr)
	}
	r = runCLI(t, b.String(), "fix", "-protocol", "any", "-json", "-")
	if n := strings.Count(r.stdout, `"code":"glob"`); n <= 5 {
		t.Errorf("-json: %d unresolved rows, want them all", n)
	}
}

// docs/fix.md: a change's line is the given file's, a still finding's
// and an unresolved reason's are the rewritten file's. On this file the
// blank line 2 goes, so the given file's line 3 is the result's line 2.
func TestFixLineNumbering(t *testing.T) {
	const file = "../../testdata/realworld/fe1inae_grimoire_3.txt"
	in, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "", "fix", "-protocol", "gemini", file)
	inLines, outLines := strings.Split(string(in), "\n"), strings.Split(r.stdout, "\n")
	if len(inLines) < 5 || len(outLines) < 4 || inLines[1] != "" || inLines[4] != "Allow: /" || outLines[1] != "Disallow: /*/snapshot/*" {
		t.Fatalf("the file or its rewrite changed: given %q, result %q", inLines, outLines)
	}
	wantAll(t, "stderr", r.stderr,
		file+":2: blank-line-in-group:",
		file+":5: allow-portability:",
		file+":2: still glob-portability:",
		`line 2 "Disallow: /*/snapshot/*"`,
	)
	doc, err := os.ReadFile("../../docs/fix.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "A change's LINE counts lines of the file given") {
		t.Error("docs/fix.md no longer says which file a line number counts")
	}
}
