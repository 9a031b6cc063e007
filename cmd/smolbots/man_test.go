package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The committed page is what smolbots man writes today.
func TestManPageCommitted(t *testing.T) {
	got, err := os.ReadFile(filepath.Join("..", "..", "docs", "smolbots.1"))
	if err != nil {
		t.Fatalf("%v; write it with: go run ./cmd/smolbots man > docs/smolbots.1", err)
	}
	if string(got) != manPage() {
		t.Fatal("docs/smolbots.1 differs from what smolbots man writes; regenerate it with: go run ./cmd/smolbots man > docs/smolbots.1")
	}
	r := runCLI(t, "", "man")
	if r.code != 0 || r.stdout != string(got) {
		t.Errorf("smolbots man: exit %d, stderr %q; want the page on stdout", r.code, r.stderr)
	}
	if r := runCLI(t, "", "man", "extra"); r.code != 2 || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("smolbots man extra: exit %d stderr %q; want 2 and one sentence", r.code, r.stderr)
	}
}

// mandoc -Tlint (which implies -W all: style messages too) has nothing
// to say about the page.
func TestManPageLint(t *testing.T) {
	if _, err := exec.LookPath("mandoc"); err != nil {
		t.Fatal("mandoc is not installed; ./build.sh test installs Debian's mandoc")
	}
	cmd := exec.Command("mandoc", "-Tlint", "-W", "all")
	cmd.Stdin = strings.NewReader(manPage())
	out, err := cmd.CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("mandoc -Tlint -W all: %v\n%s", err, out)
	}
}

// Every command and every flag is in the page, with its description.
func TestManPageWhole(t *testing.T) {
	page := manPage()
	flat := strings.Join(strings.Fields(page), " ")
	for _, c := range append(append([]*command{}, commands...), versionCmd, helpCmd) {
		if !strings.Contains(page, "\n.SS "+c.name+"\n") {
			t.Errorf("no section for %s", c.name)
		}
		fs, _ := c.flags()
		fs.VisitAll(func(f *flag.Flag) {
			_, usage := flag.UnquoteUsage(f)
			if !strings.Contains(page, `\fB`+roffEscape("-"+f.Name)+`\fR`) || !strings.Contains(flat, roffEscape(strings.Join(strings.Fields(usage), " "))) {
				t.Errorf("%s -%s is not in the page with its description", c.name, f.Name)
			}
		})
	}
}

// docs/cli.md opens by naming every command the CLI has.
func TestCLIDocNamesCommands(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	intro, _, _ := strings.Cut(string(data), "\n## ")
	for _, c := range commands {
		if !strings.Contains(intro, "`"+c.name+"`") {
			t.Errorf("docs/cli.md's opening does not name the command %s", c.name)
		}
	}
}
