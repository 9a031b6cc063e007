package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

type result struct {
	code           int
	stdout, stderr string
}

func runCLI(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return result{code, out.String(), errOut.String()}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("missing golden file (run go test -update): %v", err)
	}
	if kind, _, _ := strings.Cut(name, "-"); strings.HasSuffix(name, "json.golden") {
		checkJSONLines(t, kind, got)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test ./cmd/smolbots -update after checking the diff)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestGolden pins the text people read: check and lint, text and JSON.
func TestGolden(t *testing.T) {
	const twoRecords = "User-agent: GUS\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n"
	cases := []struct {
		name  string
		args  []string
		code  int
		stdin string
	}{
		{"check-virtual-agents.golden", []string{"check", "-agent", "GUS(indexer)", "-agent", "indexer", "-agent", "*", "testdata/virtual-agents.robots.txt", "/private/butpublic/a", "/private/x", "gemini://capsule.example/pub"}, 1, ""},
		{"check-blank-line-glob.golden", []string{"check", "-agent", "Lupa(researcher,archiver)", "testdata/blank-line-glob.robots.txt", "/git/x", "/a/snapshot/b", "/tmp/x", "gopher://capsule.example/0/docs/a.txt"}, 1, ""},
		{"check-one-dialect-allowed.golden", []string{"check", "-dialect", "rfc9309,conner2020", "-agent", "GUS", "testdata/virtual-agents.robots.txt", "/private/butpublic"}, 0, ""},
		{"lint-blank-line-glob.golden", []string{"lint", "testdata/blank-line-glob.robots.txt"}, 1, ""},
		{"lint-virtual-agents-json.golden", []string{"lint", "-json", "-selector", "private/x", "-selector", "gopher://capsule.example/0/private/y", "testdata/virtual-agents.robots.txt"}, 1, ""},
		{"lint-blank-line-glob-json.golden", []string{"lint", "-json", "-severity", "info", "testdata/blank-line-glob.robots.txt"}, 1, ""},
		// every kind of empty value, an alternative reading, the hints
		{"check-shapes-json.golden", []string{"check", "-json", "-dialect", "gemini,rfc9309", "-agent", "GUS", "-agent", "*", "-", "/b", "/a", "gemini://h/./b%41", "gopher://h/1/a"}, 1, twoRecords},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runCLI(t, c.stdin, c.args...)
			if r.code != c.code {
				t.Fatalf("exit %d, want %d; stderr: %s", r.code, c.code, r.stderr)
			}
			if r.stderr != "" {
				t.Errorf("unexpected stderr: %s", r.stderr)
			}
			golden(t, c.name, r.stdout)
		})
	}
}

// The "done when": one JSON line per dialect with the deciding line.
func TestCheckJSONOneLinePerDialect(t *testing.T) {
	r := runCLI(t, "", "check", "-dialect", "all", "-agent", "GUS(indexer)", "-json", "testdata/virtual-agents.robots.txt", "/private/x")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1 (something disallowed); stderr %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("got %d lines, want 6 (one per dialect):\n%s", len(lines), r.stdout)
	}
	seen := map[string]bool{}
	for _, l := range lines {
		var v struct {
			Dialect, Agent, Selector, Rule, Group, Note string
			Allowed                                     *bool
			Line                                        *int
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("not JSON: %q: %v", l, err)
		}
		if v.Allowed == nil || v.Line == nil {
			t.Fatalf("missing allowed or line: %s", l)
		}
		if v.Agent != "GUS(indexer)" || v.Selector != "/private/x" {
			t.Errorf("agent/selector not echoed: %s", l)
		}
		if *v.Allowed || *v.Line != 5 || v.Rule != "Disallow: /private" {
			t.Errorf("%s: want denied by line 5 'Disallow: /private', got %s", v.Dialect, l)
		}
		seen[v.Dialect] = true
	}
	if len(seen) != 6 {
		t.Errorf("dialects seen: %v", seen)
	}
	golden(t, "check-json.golden", r.stdout)
}

func TestCheckStdinAndURLSelectors(t *testing.T) {
	r := runCLI(t, "User-agent: *\nDisallow: /docs\n", "check", "-dialect", "gemini", "-json", "-", "gopher://h/0/docs/a.txt", "gemini://h:1965/docs?q#frag", "gemini://h")
	if r.code != 1 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var got []bool
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var v struct{ Allowed bool }
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatal(err)
		}
		got = append(got, v.Allowed)
	}
	// gopher selector "/docs/a.txt" and gemini path "/docs?q" are denied; gemini://h is "/".
	want := []bool{false, false, true}
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("allowed = %v, want %v", got, want)
	}
}

func TestExitCodesAndMessages(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	if err := os.WriteFile(notDir, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		args    []string
		code    int
		message string
	}{
		{"no args", nil, 2, "Usage"},
		{"unknown command", []string{"frobnicate"}, 2, "unknown command"},
		{"missing file", []string{"check", filepath.Join(dir, "nope.txt"), "/x"}, 2, "does not exist"},
		{"directory", []string{"check", dir, "/x"}, 2, "is a directory"},
		{"path through a file", []string{"lint", filepath.Join(notDir, "robots.txt")}, 2, "cannot be read"},
		{"no selector", []string{"check", "testdata/virtual-agents.robots.txt"}, 2, "at least one selector"},
		{"bad dialect", []string{"check", "-dialect", "web", "testdata/virtual-agents.robots.txt", "/x"}, 2, "unknown dialect"},
		{"bad agent", []string{"check", "-agent", "GUS(indexer", "testdata/virtual-agents.robots.txt", "/x"}, 2, "parenthesis"},
		{"bad flag", []string{"check", "-frob", "testdata/virtual-agents.robots.txt", "/x"}, 2, "-frob is not a flag of check"},
		{"http selector", []string{"check", "testdata/virtual-agents.robots.txt", "https://capsule.example/x"}, 2, "only gopher:// and gemini://"},
		{"lint two files", []string{"lint", "a", "b"}, 2, "exactly one"},
		{"all allowed", []string{"check", "-dialect", "rfc9309", "testdata/virtual-agents.robots.txt", "/public"}, 0, ""},
		{"denied", []string{"check", "testdata/virtual-agents.robots.txt", "/private"}, 1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runCLI(t, "", c.args...)
			if r.code != c.code {
				t.Fatalf("exit %d, want %d; stderr %q", r.code, c.code, r.stderr)
			}
			if !strings.Contains(r.stderr, c.message) {
				t.Errorf("stderr %q does not say %q", r.stderr, c.message)
			}
			if c.code == 2 && strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 && c.name != "no args" && c.name != "unknown command" && c.name != "bad flag" {
				t.Errorf("want one plain sentence, got %q", r.stderr)
			}
		})
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("input/output error") }

func TestUnreadableStdin(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"lint", "-"}, failingReader{}, &out, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "reading standard input failed") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
}

// lint -json finds the codes the file was written to show.
func TestLintJSONCodes(t *testing.T) {
	r := runCLI(t, "", "lint", "-json", "testdata/blank-line-glob.robots.txt")
	codes := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var fd struct {
			Line     int
			Code     string
			Severity string
			Message  string
			Dialects []string
		}
		if err := json.Unmarshal([]byte(l), &fd); err != nil {
			t.Fatalf("not JSON: %q", l)
		}
		if fd.Message == "" || fd.Severity == "" || len(fd.Dialects) == 0 {
			t.Errorf("incomplete finding: %s", l)
		}
		codes[fd.Code] = true
	}
	for _, want := range []string{"blank-line-in-group", "glob-portability", "allow-portability", "field-typo"} {
		if !codes[want] {
			t.Errorf("lint -json did not report %s; got %v", want, codes)
		}
	}
}

func TestLintClean(t *testing.T) {
	r := runCLI(t, "User-agent: *\r\nDisallow: /private/\r\n", "lint", "-")
	if r.code != 0 {
		t.Fatalf("exit %d for a clean file; stdout %s stderr %s", r.code, r.stdout, r.stderr)
	}
}
