package main

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/internal/realservers"
)

// A plain Gemini file (one * group, LF line endings, a Crawl-delay) is
// clean for the gemini scope; only the gopher scope cares about CRLF.
const plainGemini = "User-agent: *\nDisallow: /raw\nDisallow: /do/search\nCrawl-delay: 10\n"

func TestLintProtocol(t *testing.T) {
	r := runCLI(t, plainGemini, "lint", "-protocol", "gemini", "-")
	if r.code != 0 || strings.Contains(r.stdout, "lf-line-endings") || strings.Contains(r.stdout, "(gopher") {
		t.Errorf("lint -protocol gemini: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runCLI(t, plainGemini, "lint", "-protocol", "gopher", "-")
	if r.code != 1 || !strings.Contains(r.stdout, "[lf-line-endings] (gopherdraft)") {
		t.Errorf("lint -protocol gopher: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	// Without a protocol, CRLF is a concern only if the file turns out to
	// be served over Gopher: information, below the default severity.
	r = runCLI(t, plainGemini, "lint", "-")
	if r.code != 0 || strings.Contains(r.stdout, "lf-line-endings") {
		t.Errorf("lint without -protocol: exit %d, stdout %q", r.code, r.stdout)
	}
	r = runCLI(t, plainGemini, "lint", "-severity", "info", "-")
	if r.code != 1 || !strings.Contains(r.stdout, "-:file: info: ") || !strings.Contains(r.stdout, "[lf-line-endings] (gopherdraft)") {
		t.Errorf("lint -severity info without -protocol: exit %d, stdout %q", r.code, r.stdout)
	}
	r = runCLI(t, plainGemini, "lint", "-protocol", "gopher", "-json", "-")
	if !strings.Contains(r.stdout, `"code":"lf-line-endings","severity":"warning"`) {
		t.Errorf("lint -protocol gopher -json: stdout %q", r.stdout)
	}
}

func TestCheckProtocol(t *testing.T) {
	r := runCLI(t, plainGemini, "check", "-protocol", "gopher", "-json", "-", "/raw")
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		got = append(got, line[strings.Index(line, `"dialect":"`)+11:][:6])
	}
	if r.code != 1 || strings.Join(got, " ") != "gopher gopher conner rfc930 norobo veroni gopher" { // the dialects, then the crawlers (Veronica-2, gopher-mcp on Gopher)
		t.Errorf("check -protocol gopher: exit %d, dialects %v, stderr %q", r.code, got, r.stderr)
	}
	// An explicit -dialect still picks any dialect.
	r = runCLI(t, plainGemini, "check", "-protocol", "gopher", "-dialect", "gemini", "-json", "-", "/raw")
	if n := strings.Count(r.stdout, "\n"); n != 1 || !strings.Contains(r.stdout, `"dialect":"gemini"`) {
		t.Errorf("check -protocol gopher -dialect gemini: %q", r.stdout)
	}
}

func TestProtocolUsageErrors(t *testing.T) {
	for _, cmd := range []string{"check", "lint"} {
		args := []string{cmd, "-protocol", "http", "-"}
		if cmd != "lint" {
			args = append(args, "/raw")
		}
		r := runCLI(t, plainGemini, args...)
		if r.code != 2 || r.stderr != "smolbots "+cmd+": unknown protocol \"http\"; use gemini, gopher or any\n" {
			t.Errorf("%s -protocol http: exit %d, stderr %q", cmd, r.code, r.stderr)
		}
	}
}

// A gemini:// ROBOTS URL implies the gemini scope: the plain Gemini file
// a real server sends lints clean and needs no fix, though its LF line
// endings would fail the gopher scope.
func TestGeminiURLImpliesScope(t *testing.T) {
	g := realservers.StartGemini(t, map[string][]byte{"robots.txt": []byte(plainGemini)}, realservers.GeminiOptions{})
	r := runCLI(t, "", "lint", g.URL)
	if r.code != 0 || strings.Contains(r.stdout, "lf-line-endings") {
		t.Errorf("lint %s: exit %d, stdout %q, stderr %q", g.URL, r.code, r.stdout, r.stderr)
	}
	r = runCLI(t, "", "fix", g.URL)
	if r.code != 0 || r.stdout != plainGemini || !strings.Contains(r.stderr, "agree with strict in every reader of the gemini scope") {
		t.Errorf("fix %s: exit %d, stdout %q, stderr %q", g.URL, r.code, r.stdout, r.stderr)
	}
	r = runCLI(t, "", "lint", "-protocol", "gopher", g.URL)
	if r.code != 1 || !strings.Contains(r.stdout, "lf-line-endings") {
		t.Errorf("lint -protocol gopher %s: exit %d, stdout %q", g.URL, r.code, r.stdout)
	}
}

// Findings lint adds itself, such as the binary-file error, list only
// the dialects in scope as well.
func TestLintProtocolBinary(t *testing.T) {
	r := runCLI(t, "User-agent: *\x00\nDisallow: /\n", "lint", "-json", "-protocol", "gemini", "-")
	first, _, _ := strings.Cut(r.stdout, "\n")
	if r.code != 1 || !strings.Contains(first, `"code":"binary-file"`) || !strings.Contains(first, `"dialects":["gemini","conner2020","rfc9309","norobots"]`) {
		t.Errorf("exit %d, first finding %s", r.code, first)
	}
}
