package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/smolbots/smolbots/core/lint"
)

// lintCase raises findings on several lines, one with a column after a
// two-byte character, and one about the whole file (LF line endings).
const lintCase = "User-agent: *\nDisallow: /a*\n\nUser-agent: bot/1.0\nDisallow: /\u00e9*x\n"

// jsonFindings is lint -json on the same file: what SARIF and the
// annotations must carry.
func jsonFindings(t *testing.T, path string) []lint.Finding {
	t.Helper()
	r := runCLI(t, "", "lint", "-json", path)
	var out []lint.Finding
	for l := range strings.SplitSeq(strings.TrimSpace(r.stdout), "\n") {
		var fd lint.Finding
		if err := json.Unmarshal([]byte(l), &fd); err != nil {
			t.Fatalf("lint -json line %q: %v", l, err)
		}
		out = append(out, fd)
	}
	if len(out) < 4 {
		t.Fatalf("the case raises %d findings, want at least 4: %s", len(out), r.stdout)
	}
	return out
}

func TestLintSARIFValidates(t *testing.T) {
	path := writeTemp(t, "robots.txt", []byte(lintCase))
	r := runCLI(t, "", "lint", "-format", "sarif", path)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1 (findings); stderr %s", r.code, r.stderr)
	}

	// The log against the official schema.
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(filepath.Join("..", "..", "testdata", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatalf("compiling the SARIF schema: %v", err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatalf("lint -format sarif is not JSON: %v", err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("lint -format sarif does not validate against SARIF 2.1.0: %v", err)
	}

	// What code scanning reads.
	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct {
						ID                                string
						HelpURI                           string
						ShortDescription, FullDescription struct{ Text string }
						Help                              struct{ Text string }
					}
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Level     string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs; want 2.1.0 and one run", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	var ids []string
	for _, ru := range run.Tool.Driver.Rules {
		ids = append(ids, ru.ID)
		if ru.HelpURI != lint.URL(ru.ID) {
			t.Errorf("rule %s: helpUri %q, want %q", ru.ID, ru.HelpURI, lint.URL(ru.ID))
		}
		if ru.ShortDescription.Text == "" || ru.FullDescription.Text == "" || !strings.HasPrefix(ru.Help.Text, ru.ID+"\n") {
			t.Errorf("rule %s: a description or the help (the explain page) is missing", ru.ID)
		}
	}
	if !slices.Equal(ids, lint.Codes()) {
		t.Errorf("rules %v, want every lint code %v", ids, lint.Codes())
	}
	want := jsonFindings(t, path)
	if len(run.Results) != len(want) {
		t.Fatalf("%d results, want %d (as lint -json)", len(run.Results), len(want))
	}
	levels := map[lint.Severity]string{lint.SevError: "error", lint.SevWarning: "warning", lint.SevInfo: "note"}
	for i, res := range run.Results {
		fd := want[i]
		loc := res.Locations[0].PhysicalLocation
		if res.RuleID != fd.Code || ids[res.RuleIndex] != fd.Code || res.Level != levels[fd.Severity] || !strings.HasPrefix(res.Message.Text, fd.Message) {
			t.Errorf("result %d: %s (rule %d) %s %q, want %s %s %q", i, res.RuleID, res.RuleIndex, res.Level, res.Message.Text, fd.Code, fd.Severity, fd.Message)
		}
		if loc.ArtifactLocation.URI != path || loc.Region.StartLine != max(fd.Line, 1) {
			t.Errorf("result %d (%s): at %s:%d, want %s:%d", i, fd.Code, loc.ArtifactLocation.URI, loc.Region.StartLine, path, max(fd.Line, 1))
		}
		// Line 5's glob is after "é", two bytes and one character.
		if fd.Line == 5 && fd.Code == "glob-portability" && (fd.Col != 14 || loc.Region.StartColumn != 13) {
			t.Errorf("line 5: byte column %d, SARIF column %d; want 14 and 13", fd.Col, loc.Region.StartColumn)
		}
	}
}

func TestLintGitHubAnnotations(t *testing.T) {
	path := writeTemp(t, "robots.txt", []byte(lintCase))
	r := runCLI(t, "", "lint", "-format", "github", path)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1; stderr %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	want := jsonFindings(t, path)
	if len(lines) != len(want) {
		t.Fatalf("%d annotations, want %d:\n%s", len(lines), len(want), r.stdout)
	}
	file := escapeProp(path)
	for i, fd := range want {
		prefix := "::" + string(fd.Severity) + " file=" + file
		if fd.Severity == lint.SevInfo {
			prefix = "::notice file=" + file
		}
		if fd.Line > 0 {
			prefix += ",line=" + strconv.Itoa(fd.Line)
		}
		if !strings.HasPrefix(lines[i], prefix) || !strings.Contains(lines[i], ",title="+fd.Code+"::") {
			t.Errorf("annotation %d: %q, want it to start %q and carry title=%s", i, lines[i], prefix, fd.Code)
		}
	}
	clean := writeTemp(t, "robots.txt", []byte("User-agent: *\r\nDisallow: /private/\r\n"))
	if r := runCLI(t, "", "lint", "-format", "github", clean); r.code != 0 || r.stdout != "" {
		t.Errorf("a clean file: exit %d, output %q; want 0 and nothing", r.code, r.stdout)
	}
}

func escapeProp(s string) string {
	return strings.NewReplacer("%", "%25", ":", "%3A", ",", "%2C").Replace(s)
}

func TestLintFormatUsage(t *testing.T) {
	path := writeTemp(t, "robots.txt", []byte(lintCase))
	for _, args := range [][]string{
		{"lint", "-format", "xml", path},
		{"lint", "-json", "-format", "sarif", path},
		{"lint", "-json", path, path},
		{"lint", "-format", "sarif"},
		{"lint", "-", "-"},
	} {
		r := runCLI(t, "", args...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one sentence", args, r.code, r.stderr)
		}
	}
	// -json and -format json are one output.
	a, b := runCLI(t, "", "lint", "-json", path), runCLI(t, "", "lint", "-format", "json", path)
	if a.stdout != b.stdout || a.code != b.code {
		t.Errorf("-json and -format json differ:\n%s\n%s", a.stdout, b.stdout)
	}
	// Several files in text: each file's lines under its own name.
	clean := writeTemp(t, "robots.txt", []byte("User-agent: *\r\nDisallow: /private/\r\n"))
	r := runCLI(t, "", "lint", clean, path)
	if r.code != 1 || !strings.Contains(r.stdout, clean+": no findings at or above warning\n") || !strings.Contains(r.stdout, path+":5: warning:") {
		t.Errorf("lint CLEAN BAD: exit %d\n%s", r.code, r.stdout)
	}
}

// preCommitHook is the one hook .pre-commit-hooks.yaml declares, read
// with a small parser: a list of maps of plain scalars.
func preCommitHook(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var hooks []map[string]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "- "); ok {
			hooks = append(hooks, map[string]string{})
			line = "  " + rest
		}
		key, value, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok || len(hooks) == 0 || !strings.HasPrefix(line, "  ") {
			t.Fatalf(".pre-commit-hooks.yaml: cannot read %q", line)
		}
		hooks[len(hooks)-1][key] = strings.Trim(strings.TrimSpace(value), `'"`)
	}
	if len(hooks) != 1 {
		t.Fatalf(".pre-commit-hooks.yaml declares %d hooks, want 1", len(hooks))
	}
	return hooks[0]
}

func TestPreCommitHook(t *testing.T) {
	h := preCommitHook(t)
	if h["id"] != "smolbots-lint" || h["language"] != "golang" {
		t.Fatalf("hook %q in %q, want smolbots-lint in golang", h["id"], h["language"])
	}
	files := regexp.MustCompile(h["files"])
	for name, want := range map[string]bool{"robots.txt": true, "capsule/robots.txt": true, "myrobots.txt": false, "robots.txt.orig": false, "robots-txt": false} {
		if files.MatchString(name) != want {
			t.Errorf("files %q on %q: %v, want %v", h["files"], name, !want, want)
		}
	}
	entry := strings.Fields(h["entry"])
	if len(entry) < 2 || entry[0] != "smolbots" {
		t.Fatalf("entry %q does not run smolbots", h["entry"])
	}
	// pre-commit runs the entry with the staged files' names appended.
	runHook := func(body string, args ...string) (int, string) {
		dir := t.TempDir()
		sub := filepath.Join(dir, "capsule")
		os.Mkdir(sub, 0o755)
		for _, p := range []string{filepath.Join(dir, "robots.txt"), filepath.Join(sub, "robots.txt")} {
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		argv := append(append(slices.Clone(entry[1:]), args...), "robots.txt", "capsule/robots.txt")
		cmd := exec.Command(binary(t), argv...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), string(out)
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, string(out)
	}
	if code, out := runHook("User-agent: *\r\nDisallow: /private/\r\n"); code != 0 {
		t.Errorf("the hook on clean files: exit %d, want 0:\n%s", code, out)
	}
	if code, out := runHook(lintCase); code != 1 || !strings.Contains(out, "capsule/robots.txt:2: warning:") {
		t.Errorf("the hook on files with warnings: exit %d, want 1 naming each file:\n%s", code, out)
	}
	// docs/cli.md: a capsule's file with LF line ends passes the hook as
	// it stands and with -protocol gemini; with the hook's args set to
	// -protocol gopher it fails, as the Gopher draft wants CRLF.
	lf := "User-agent: *\nDisallow: /private/\n"
	if code, out := runHook(lf); code != 0 {
		t.Errorf("the hook on LF files: exit %d, want 0:\n%s", code, out)
	}
	if code, out := runHook(lf, "-protocol", "gemini"); code != 0 {
		t.Errorf("the hook with args -protocol gemini on LF files: exit %d, want 0:\n%s", code, out)
	}
	if code, out := runHook(lf, "-protocol", "gopher"); code != 1 || !strings.Contains(out, "[lf-line-endings]") {
		t.Errorf("the hook with args -protocol gopher on LF files: exit %d, want 1 for lf-line-endings:\n%s", code, out)
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "        args: [-protocol, gemini]\n") {
		t.Error("docs/cli.md does not show the hook's args for a capsule")
	}
}
