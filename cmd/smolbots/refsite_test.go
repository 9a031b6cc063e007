package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/core/refsite"
)

// Every cell of the compatibility matrix is what `smolbots check -json`
// says on the row's demonstration: the dialects asked as the matrix's
// agent with the plain selector, each crawler preset as itself with the
// selector it is given (a gemini:// URL for the Gemini crawlers).
func TestCompatMatchesCheck(t *testing.T) {
	data := refsite.CompatData()
	dir := t.TempDir()
	n := 0
	for _, f := range data.Features {
		for _, r := range data.Readers {
			robots, sel := f.Demonstration(r)
			file := filepath.Join(dir, f.ID+"."+r.ID+".txt")
			if err := os.WriteFile(file, []byte(robots), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"check", "-json", "-dialect", r.ID}
			if r.Kind == "dialect" {
				args = append(args, "-agent", r.Agent)
			}
			res := runCLI(t, "", append(args, file, sel)...)
			if res.code == 2 {
				t.Fatalf("%s/%s: exit 2: %s", f.ID, r.ID, res.stderr)
			}
			lines := strings.Split(strings.TrimSuffix(res.stdout, "\n"), "\n")
			if len(lines) != 1 {
				t.Fatalf("%s/%s: %d lines of JSON", f.ID, r.ID, len(lines))
			}
			var v struct {
				Dialect string `json:"dialect"`
				Allowed bool   `json:"allowed"`
				Line    int    `json:"line"`
				Note    string `json:"note"`
			}
			if err := json.Unmarshal([]byte(lines[0]), &v); err != nil {
				t.Fatal(err)
			}
			c := data.Cells[f.ID][r.ID]
			if v.Dialect != r.ID || v.Allowed != c.Allowed || v.Line != c.Line || v.Note != c.Note {
				t.Errorf("%s/%s: check says allowed %v line %d note %q; the matrix %v line %d note %q",
					f.ID, r.ID, v.Allowed, v.Line, v.Note, c.Allowed, c.Line, c.Note)
			}
			yes := v.Allowed == (f.Yes == "allowed")
			if want := map[bool]string{true: "yes", false: "no"}[yes]; c.Support != want && !(c.Support == "unknown" && c.Caveat != "") {
				t.Errorf("%s/%s: support %s, but the verdict says %s", f.ID, r.ID, c.Support, want)
			}
			n++
		}
	}
	if n != 15*17 {
		t.Errorf("%d cells, want the issue's 15 rows by 17 readers", n)
	}
}

// compat.json follows docs/json/compat.schema.json.
func TestCompatSchema(t *testing.T) {
	v := validPage(t, "compat.json", "compat")
	// The validator sees a wrong cell.
	cells := v.(map[string]any)["cells"].(map[string]any)
	cells["allow"].(map[string]any)["tlgs"].(map[string]any)["support"] = "maybe"
	if validate(loadSchema(t, "compat"), v, "compat") == "" {
		t.Error("the schema accepts support maybe")
	}
}

// validPage is the reference site's JSON file name, decoded (numbers as
// json.Number); it fails the test unless the file follows
// docs/json/SCHEMA.schema.json.
func validPage(t *testing.T, name, schema string) any {
	t.Helper()
	files, err := refsite.Pages()
	if err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(files[name]))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	if msg := validate(loadSchema(t, schema), v, schema); msg != "" {
		t.Error(msg)
	}
	return v
}

// Each lint page shows what `smolbots lint` prints for its example, with
// the flags it names: the page's words are the CLI's.
func TestLintPagesShowTheCLI(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, ex := range refsite.LintExamples() {
		if err := os.WriteFile("robots.txt", []byte(ex.Robots), 0o644); err != nil {
			t.Fatal(err)
		}
		res := runCLI(t, "", append(append([]string{"lint"}, ex.Args...), "robots.txt")...)
		if res.code != 1 && res.code != 0 {
			t.Errorf("%s: exit %d: %s", ex.Code, res.code, res.stderr)
		}
		if res.stdout != ex.Output {
			t.Errorf("%s: the page shows\n%s\nlint %v prints\n%s", ex.Code, ex.Output, ex.Args, res.stdout)
		}
	}
}

// explain prints every code's page, and refuses anything else.
func TestExplain(t *testing.T) {
	for _, code := range lint.Codes() {
		res := runCLI(t, "", "explain", code)
		if res.code != 0 || !strings.HasPrefix(res.stdout, code+"\n") || !strings.Contains(res.stdout, "\nWhat it flags\n") || !strings.HasSuffix(res.stdout, lint.URL(code)+"\n") {
			t.Errorf("explain %s: exit %d, stdout %.200q, stderr %q", code, res.code, res.stdout, res.stderr)
		}
	}
	for _, args := range [][]string{{"explain"}, {"explain", "no-such-code"}, {"explain", "bom", "nul-byte"}} {
		if res := runCLI(t, "", args...); res.code != 2 || res.stdout != "" || strings.Count(res.stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one sentence", args, res.code, res.stdout, res.stderr)
		}
	}
}
