package main

import (
	"crypto/rand"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/smolbots/smolbots/internal/realservers"
)

// checkNotes runs check -json on the binary and returns the exit code,
// stderr and every line's note.
func checkNotes(t *testing.T, stdin string, args ...string) (int, string, []string) {
	t.Helper()
	r := runBin(t, stdin, append([]string{"check", "-json"}, args...)...)
	var notes []string
	for _, l := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		var v struct{ Note string }
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("not JSON: %q (stderr %q)", l, r.stderr)
		}
		notes = append(notes, v.Note)
	}
	return r.code, r.stderr, notes
}

// A rule past the 500 KiB cut, or a binary file: the answer stands, but
// one warning on stderr and every verdict's note say what it rests on.
func TestCheckDamagedInput(t *testing.T) {
	cut := "User-agent: *\n" + strings.Repeat("# padding to push the rule past the cut\n", 14000) + "Disallow: /x\n"
	random := make([]byte, 64<<10)
	rand.Read(random)
	for _, c := range []struct {
		name, data, want string
	}{
		{"cut", cut, "reads only the first 512000 (500 KiB)"},
		{"binary", string(random) + "\nUser-agent: *\nDisallow: /y\n", "looks binary"},
	} {
		code, stderr, notes := checkNotes(t, c.data, "-dialect", "all", "-", "/x")
		if code != 0 || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "smolbots check: warning: ") || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want 0 and one warning line saying %q", c.name, code, stderr, c.want)
		}
		for _, n := range notes {
			if !strings.Contains(n, c.want) {
				t.Errorf("%s: note %q does not say %q", c.name, n, c.want)
			}
		}
		if r := runBin(t, c.data, "check", "-dialect", "all", "-", "/x"); strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stdout, c.want) {
			t.Errorf("%s, text: stderr %q, stdout lacks the note:\n%s", c.name, r.stderr, r.stdout)
		}
	}
	if _, stderr, notes := checkNotes(t, "", "testdata/virtual-agents.robots.txt", "/x"); stderr != "" || notes[0] != "" {
		t.Errorf("a sound file got a warning %q or note %q", stderr, notes[0])
	}
	// By default the crawlers answer too, and those that read past the
	// cut refuse what the dialects cannot see.
	if r := runBin(t, cut, "check", "-", "/x"); r.code != 1 || !strings.Contains(r.stdout, "\nreal crawlers /x: DENIED by tlgs, gemplex, gemini-grc, kennedy, gus, gus-legacy, mozz-archiver, auragem; allowed by veronica2, gopher-mcp-gemini, gopher-mcp-gopher\n") {
		t.Errorf("cut, by default: exit %d\n%s", r.code, r.stdout)
	}
}

// An agent that declares no role is told which groups are for roles and
// how to test one; one that declares a role is not.
func TestCheckRoleNote(t *testing.T) {
	const file = "testdata/virtual-agents.robots.txt"
	_, _, notes := checkNotes(t, "", "-dialect", "gemini", "-agent", "GUS", file, "/pub")
	want := "GUS declares no virtual agent, so the groups for indexer (line 3) do not apply to it in any dialect that reads groups; GUS is an indexer (the gus preset), so to test it in its role, give the agent as GUS(indexer)."
	if len(notes) != 1 || notes[0] != want {
		t.Errorf("notes %q, want %q", notes, want)
	}
	// A known crawler is given its own role, not the file's first one.
	const roles = "User-agent: *\nVirtual-agent: indexer\nDisallow: /i\n\nUser-agent: archiver\nDisallow: /a\n"
	for agent, suggest := range map[string]string{"GUS": "GUS(indexer).", "mozz-archiver": "mozz-archiver(archiver).", "Lupa": "Lupa(indexer)."} {
		if _, _, notes := checkNotes(t, roles, "-dialect", "gemini", "-agent", agent, "-", "/pub"); !strings.HasSuffix(notes[0], "give the agent as "+suggest) {
			t.Errorf("-agent %s: note %q, want it to suggest %s", agent, notes[0], suggest)
		}
	}
	for _, agent := range []string{"GUS(indexer)", "indexer", "*"} {
		if _, _, notes := checkNotes(t, "", "-dialect", "gemini", "-agent", agent, file, "/pub"); strings.Contains(notes[0], "declares no virtual agent") {
			t.Errorf("-agent %s got the role note: %q", agent, notes[0])
		}
	}
	if _, _, notes := checkNotes(t, "User-agent: GUS\nDisallow: /\n", "-dialect", "gemini", "-agent", "GUS", "-", "/pub"); notes[0] != "" {
		t.Errorf("a file without role groups got %q", notes[0])
	}
}

// The text output: a bottom line per agent and selector, then the table;
// the reasons only where the dialects disagree, or with -v.
func TestCheckTextBottomLine(t *testing.T) {
	const file = "testdata/virtual-agents.robots.txt"
	r := runBin(t, "", "check", "-dialect", "all", "-agent", "*", file, "/private/x")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 1 || lines[0] != "agent * /private/x: DENIED by all 6 dialects" || len(lines) != 7 {
		t.Errorf("agreeing row: exit %d\n%s", r.code, r.stdout)
	}
	r = runBin(t, "", "check", "-dialect", "all", "-agent", "*", file, "/private/x", "-v")
	if n := strings.Count(r.stdout, "\n"); n != 13 || !strings.Contains(r.stdout, "\n  gemini: no record names the bot") {
		t.Errorf("-v: %d lines, want the bottom line, 6 rows and 6 reasons:\n%s", n, r.stdout)
	}
	r = runBin(t, "", "check", "-agent", "GUS(indexer)", "-dialect", "gemini,rfc9309", file, "/private/butpublic/a")
	if !strings.HasPrefix(r.stdout, "agent GUS(indexer) /private/butpublic/a: DENIED by gemini; allowed by rfc9309\n") || !strings.Contains(r.stdout, "\n  rfc9309 note: The rfc9309 dialect knows no virtual agents") {
		t.Errorf("disagreeing row without its reasons:\n%s", r.stdout)
	}
	r = runBin(t, "", "check", "-dialect", "tlgs,kennedy", file, "/elsewhere")
	if !strings.HasPrefix(r.stdout, "real crawlers /elsewhere: DENIED by both crawlers\n") {
		t.Errorf("a row of presets counts crawlers:\n%s", r.stdout)
	}
}

// rawControl reports a control character a terminal would act on.
func rawControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' })
}

const hostile = "\x1b]0;X\x07\x1b[2J"

// Bytes from a file or a server never reach the terminal raw (#11).
func TestTextOutputEscapesControls(t *testing.T) {
	file := writeTemp(t, "robots.txt", []byte("User-agent: *\nDisallow: /a"+hostile+"\n"))
	r := runBin(t, "", "check", "-v", file, "/a"+hostile)
	if r.code != 1 || rawControl(r.stdout+r.stderr) || !strings.Contains(r.stdout, `Disallow: /a\x1b]0;X\a\x1b[2J`) {
		t.Errorf("check: exit %d, raw controls or no escaped rule:\n%q", r.code, r.stdout+r.stderr)
	}
	if r := runBin(t, "", "lint", file); rawControl(r.stdout + r.stderr) {
		t.Errorf("lint: %q", r.stdout+r.stderr)
	}
	meta := "gemini://" + realservers.StartCanned(t, []byte("20 text/plain; x="+hostile+"\r\nUser-agent: *\nDisallow: /\n"), true)
	r = runBin(t, "", "fetch", meta)
	if r.code != 0 || rawControl(r.stderr) || !strings.Contains(r.stderr, `x=\x1b]0;X\a\x1b[2J`) {
		t.Errorf("fetch: exit %d stderr %q", r.code, r.stderr)
	}
	for _, reply := range []string{"20 text/html; x=" + hostile + "\r\n<p>hi\n", "42 " + hostile + "\r\n"} {
		url := "gemini://" + realservers.StartCanned(t, []byte(reply), true)
		for _, args := range [][]string{{"check", url, "/x"}, {"lint", url}} {
			r := runBin(t, "", args...)
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || rawControl(r.stderr) || !strings.Contains(r.stderr, `\x1b]0;X\a`) {
				t.Errorf("%s on %q: exit %d stderr %q; want 2 and one line quoting the meta escaped", args[0], reply, r.code, r.stderr)
			}
		}
	}
	// On a terminal the body is escaped line by line; into a file it is
	// kept byte for byte (fetch URL > robots.txt).
	if got := visibleText("a" + hostile + "\r\nb\n"); got != `a\x1b]0;X\a\x1b[2J`+"\r\nb\n" {
		t.Errorf("visibleText = %q", got)
	}
}

// fetch shows what a server's refusal says and what the dialects make of
// it: gophernicus's error text, molly-brown's 53 for another host name.
func TestFetchExplainsRefusals(t *testing.T) {
	addr := realservers.StartGopher(t, map[string][]byte{"index.txt": []byte("x")})
	r := runBin(t, "", "fetch", "gopher://"+addr)
	if r.code != 0 || strings.Count(r.stderr, "  the server's error: Error: File or directory not found!") != 3 || !strings.Contains(r.stderr, "\nThe dialects read an error reply as no robots.txt.\n") {
		t.Errorf("gopher error: exit %d\n%s", r.code, r.stderr)
	}
	g := realservers.StartGemini(t, map[string][]byte{"robots.txt": []byte("User-agent: *\n")}, realservers.GeminiOptions{})
	r = runBin(t, "", "fetch", strings.Replace(g.URL, "localhost", "127.0.0.1", 1))
	if r.code != 2 || !strings.Contains(r.stderr, "Status 53, proxy request refused: the host name in the request (127.0.0.1) does not match the server's own") {
		t.Errorf("gemini 53: exit %d\n%s", r.code, r.stderr)
	}
	// check and lint on that URL say it too, in their one sentence.
	for _, args := range [][]string{{"check", strings.Replace(g.URL, "localhost", "127.0.0.1", 1), "/x"}, {"lint", strings.Replace(g.URL, "localhost", "127.0.0.1", 1)}} {
		r = runBin(t, "", args...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "could not be read: 53 ") || !strings.Contains(r.stderr, "(the host name in the request (127.0.0.1) does not match the server's own") {
			t.Errorf("%s on a 53: exit %d, stderr %q", args[0], r.code, r.stderr)
		}
	}
}

// Notes are prose: whole sentences, each capitalised and ended.
func isSentences(s string) bool {
	if s == "" {
		return true
	}
	first := []rune(s)[0]
	return (unicode.IsUpper(first) || strings.HasPrefix(s, "`")) && strings.HasSuffix(s, ".")
}

// A selector that starts like a gopher:// or gemini:// URL but whose
// host does not parse is a usage error in one sentence, not a raw
// selector answered as allowed.
func TestCheckMalformedURLSelector(t *testing.T) {
	const file = "testdata/virtual-agents.robots.txt"
	for _, sel := range []string{"gemini://[::1", "gopher://[::1/1/x", "gemini://capsule.example:abc/x"} {
		for _, cmd := range []string{"check", "fix"} {
			r := runBin(t, "", cmd, file, sel)
			line := strings.TrimSuffix(r.stderr, "\n")
			if r.code != 2 || r.stdout != "" || strings.Contains(line, "\n") || !strings.Contains(line, strconv.Quote(sel)+" is not a") {
				t.Errorf("%s %q: exit %d, stdout %.60q, stderr %q; want 2 and one sentence naming the URL", cmd, sel, r.code, r.stdout, r.stderr)
			}
		}
	}
}
