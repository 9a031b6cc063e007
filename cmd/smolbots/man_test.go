package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/smolbots/smolbots/core/lint"
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

// Rendered at 80 columns, by mandoc and by man (groff), the page keeps
// within them, and every lint code stays whole: never hyphenated, never
// broken at one of its own hyphens.
func TestManPageFitsAndKeepsCodesWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "smolbots.1")
	if err := os.WriteFile(path, []byte(manPage()), 0o644); err != nil {
		t.Fatal(err)
	}
	// What the page says, as text: the source without its escapes.
	source := strings.NewReplacer(`\%`, "", `\-`, "-", `\fB`, "", `\fR`, "", `\fI`, "", `\e`, `\`, `\&`, "").Replace(manPage())
	overstrike := regexp.MustCompile(".\x08")
	for _, r := range []struct {
		name string
		cmd  *exec.Cmd
	}{
		{"mandoc -Tutf8 -O width=80", exec.Command("mandoc", "-Tutf8", "-O", "width=80", path)},
		{"man -l at MANWIDTH=80", exec.Command("man", "-l", path)},
	} {
		r.cmd.Env = append(os.Environ(), "MANWIDTH=80", "LANG=C.UTF-8", "MANPAGER=cat", "PAGER=cat")
		out, err := r.cmd.Output()
		if err != nil || len(out) < 1000 {
			t.Fatalf("%s: %v (%d bytes); ./build.sh test installs mandoc, man-db and groff-base", r.name, err, len(out))
		}
		text := overstrike.ReplaceAllString(string(out), "")
		text = strings.NewReplacer("\u2212", "-", "\u2010", "-").Replace(text)
		for i, l := range strings.Split(text, "\n") {
			if n := utf8.RuneCountInString(l); n > 80 {
				t.Errorf("%s: line %d is %d columns: %q", r.name, i+1, n, l)
			}
		}
		for _, code := range lint.Codes() {
			if want, got := strings.Count(source, code), strings.Count(text, code); got != want {
				t.Errorf("%s: %s shows %d times whole, the page says it %d times: split or hyphenated", r.name, code, got, want)
			}
		}
	}
}

// Every command and every flag is in the page, with its description.
func TestManPageWhole(t *testing.T) {
	page := manPage()
	flat := strings.ReplaceAll(strings.Join(strings.Fields(page), " "), `\%`, "") // \% only keeps a word from hyphenation
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
