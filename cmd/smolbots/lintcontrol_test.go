package main

import (
	"crypto/rand"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/lint"
)

func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// lintCodes runs lint -json on the binary and returns the exit code and
// each finding's "line:code".
func lintCodes(t *testing.T, args ...string) (int, []string) {
	t.Helper()
	r := runBin(t, "", append([]string{"lint", "-json"}, args...)...)
	var got []string
	for _, l := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		if l == "" {
			continue
		}
		var fd struct {
			Line int
			Code string
		}
		if err := json.Unmarshal([]byte(l), &fd); err != nil {
			t.Fatalf("not JSON: %q", l)
		}
		got = append(got, strings.Join([]string{itoa(fd.Line), fd.Code}, ":"))
	}
	return r.code, got
}

func itoa(n int) string { b := appendInt(nil, n); return string(b) }

func TestLintIgnoreAndSeverity(t *testing.T) {
	const file = "testdata/blank-line-glob.robots.txt"
	code, all := lintCodes(t, file)
	want := []string{"2:blank-line-in-group", "4:glob-portability", "5:allow-portability", "6:field-typo"}
	if code != 1 || !slices.Equal(all, want) {
		t.Fatalf("default: exit %d, %v; want 1, %v", code, all, want)
	}
	if code, got := lintCodes(t, file, "-ignore", "glob-portability,allow-portability", "-ignore", "field-typo"); code != 1 || !slices.Equal(got, want[:1]) {
		t.Errorf("-ignore: exit %d, %v; want 1, %v", code, got, want[:1])
	}
	if code, got := lintCodes(t, file, "-ignore", "blank-line-in-group,field-typo", "-severity", "error"); code != 0 || len(got) != 0 {
		t.Errorf("-severity error with the errors ignored: exit %d, %v; want 0 and nothing", code, got)
	}
	if code, got := lintCodes(t, "testdata/virtual-agents.robots.txt", "-severity", "info"); code != 1 || !slices.Contains(got, "6:delay-portability") {
		t.Errorf("-severity info: exit %d, %v; want the info finding on line 6", code, got)
	}
	// A typo in -ignore is an error finding, and the code it meant stays.
	if code, got := lintCodes(t, file, "-ignore", "glob-portabilty", "-severity", "error"); code != 1 || !slices.Contains(got, "0:unknown-code") {
		t.Errorf("unknown -ignore code: exit %d, %v", code, got)
	}
	for _, args := range [][]string{{"-severity", "fatal"}, {"-max", "-1"}} {
		r := runBin(t, "", append([]string{"lint", file}, args...)...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%q: exit %d stderr %q, want 2 and one sentence", args, r.code, r.stderr)
		}
	}
}

func TestLintDirectives(t *testing.T) {
	file := writeTemp(t, "robots.txt", []byte("# smolbots: ignore=allow-portability\r\n"+ // 1: the whole file
		"User-agent: *\r\n"+ // 2
		"Allow: /a/b\r\n"+ // 3: allow-portability, silenced
		"Disallow: /a\r\n"+ // 4
		"# smolbots: ignore=field-typo\r\n"+ // 5: line 7 only
		"# the next rule is spelled the old way on purpose\r\n"+ // 6
		"Dissallow: /c\r\n"+ // 7: silenced
		"Dissallow: /d\r\n"+ // 8: kept
		"# smolbots: ignore=feild-typo\r\n"+ // 9: a typo is a finding
		"Disallow: /e # smolbots: ignore=glob-portability\r\n")) // 10: not a directive
	code, got := lintCodes(t, file)
	// Line 10's comment is no directive, and TLGS, Gemplex and gemini-grc
	// read it as part of the rule.
	want := []string{"8:field-typo", "9:unknown-code", "10:crawler-comment-in-value"}
	if code != 1 || !slices.Equal(got, want) {
		t.Errorf("exit %d, %v; want 1, %v", code, got, want)
	}
}

// A megabyte of random bytes: one leading error that says the file is
// binary, at most -max findings in the text and all of them in JSON.
func TestLintBinaryFileAndMax(t *testing.T) {
	data := make([]byte, 1<<20)
	rand.Read(data)
	file := writeTemp(t, "random.bin", data)
	code, all := lintCodes(t, file)
	if code != 1 || len(all) <= 100 || all[0] != "0:binary-file" || strings.Count(strings.Join(all, " "), "binary-file") != 1 {
		t.Fatalf("exit %d, %d findings, first %v; want 1 and one leading binary-file error", code, len(all), all[:min(2, len(all))])
	}
	r := runBin(t, "", "lint", file)
	lines := strings.Split(strings.TrimSuffix(findingText(t, r.stdout), "\n"), "\n")
	if r.code != 1 || len(lines) != 101 || !strings.Contains(lines[0], "looks binary") {
		t.Fatalf("text: exit %d, %d lines, first %.80q", r.code, len(lines), lines[0])
	}
	more := itoa(len(all)-100) + " more findings not shown; run with -max 0 to see them all"
	if !strings.Contains(lines[100], more) {
		t.Errorf("last line %q does not say %q", lines[100], more)
	}
	for _, args := range [][]string{{"-max", "0"}, {"-max", itoa(len(all))}} {
		r := runBin(t, "", append([]string{"lint", file}, args...)...)
		if n := strings.Count(findingText(t, r.stdout), "\n"); n != len(all) {
			t.Errorf("%q: %d lines, want all %d findings", args, n, len(all))
		}
	}
	if r := runBin(t, "", "lint", "-max", "3", file); strings.Count(findingText(t, r.stdout), "\n") != 4 {
		t.Errorf("-max 3: %d lines, want 3 findings and the line saying how many more", strings.Count(findingText(t, r.stdout), "\n"))
	}
}

// findingText is lint's text output without its closing "For more
// information:" list, which must be there, naming each code printed once.
func findingText(t *testing.T, out string) string {
	t.Helper()
	findings, more, ok := strings.Cut(out, "\nFor more information:\n")
	if !ok {
		t.Fatalf("no For more information list in:\n%.300s", out)
	}
	seen := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSuffix(more, "\n"), "\n") {
		url, _, ok := strings.Cut(strings.TrimSpace(l), " -- ")
		code := url[strings.LastIndexByte(url, '/')+1:]
		if !ok || seen[code] || url != lint.URL(code) || !strings.Contains(findings, "["+code+"]") {
			t.Errorf("For more information: line %q", l)
		}
		seen[code] = true
	}
	return findings
}
