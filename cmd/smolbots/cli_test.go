package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// The real binary, built once per test run with a revision passed in as
// build.sh passes it.
var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// bigDir holds the big log of the audit's streaming test, when written.
var bigDir string

const testRevision = "0123456789abcdef0123456789abcdef01234567"

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	if bigDir != "" {
		os.RemoveAll(bigDir)
	}
	os.Exit(code)
}

func binary(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "smolbots-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "smolbots")
		out, err := exec.Command("go", "build", "-ldflags=-X main.revision="+testRevision, "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = errors.New(err.Error() + "\n" + string(out))
		}
	})
	if binErr != nil {
		t.Fatalf("build: %v", binErr)
	}
	return binPath
}

// runBin runs the built binary, as an admin or a CI job does.
func runBin(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, out.String(), errOut.String()}
}

func TestHelpGoesToStdout(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"-help"}, {"--help"}} {
		r := runBin(t, "", args...)
		if r.code != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, "smolbots: ") {
			t.Errorf("%q: exit %d, stderr %q, stdout %.40q; want the usage on stdout and 0", args, r.code, r.stderr, r.stdout)
		}
		for _, c := range commands {
			if !strings.Contains(r.stdout, "  "+c.synopsis()+"\n") {
				t.Errorf("%q: the usage leaves out %s", args, c.synopsis())
			}
		}
	}
	for _, args := range [][]string{nil, {"check", "-frob"}, {"frob"}} {
		r := runBin(t, "", args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "smolbots ") || !strings.Contains(r.stderr, "Usage") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want the short usage on stderr and 2", args, r.code, r.stdout, r.stderr)
		}
	}
}

// Every command's help, however asked for, is the same text on stdout:
// synopsis, every registered flag with its description and default,
// examples and exit codes. A new command is covered by being registered.
func TestCommandHelp(t *testing.T) {
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			want := c.help()
			for _, args := range [][]string{{"help", c.name}, {c.name, "-h"}, {c.name, "--help"}, {c.name, "x", "-help"}} {
				r := runBin(t, "", args...)
				if r.code != 0 || r.stderr != "" || r.stdout != want {
					t.Errorf("%q: exit %d, stderr %q, stdout differs from the help: %q", args, r.code, r.stderr, r.stdout)
				}
			}
			for _, section := range []string{"Usage: " + c.synopsis() + "\n", "\nExamples:\n", "\nExit status:\n  0  ", "\n  2  "} {
				if !strings.Contains(want, section) {
					t.Errorf("help lacks %q:\n%s", section, want)
				}
			}
			_, ex, _ := strings.Cut(want, "\nExamples:\n")
			ex, _, _ = strings.Cut(ex, "\n\n")
			if n := strings.Count(ex, "smolbots "+c.name); n < 2 || n > 3 {
				t.Errorf("%d examples, want two or three", n)
			}
			fs, _ := c.flags()
			fs.VisitAll(func(f *flag.Flag) {
				_, usage := flag.UnquoteUsage(f)
				if !strings.Contains(want, "\n  -"+f.Name) || !strings.Contains(want, usage) || !strings.Contains(c.synopsis(), "[-"+f.Name) {
					t.Errorf("flag -%s is not in the help with its description %q", f.Name, usage)
				}
				if def := f.DefValue; def != "" && def != "false" && def != "[]" && !strings.Contains(want, "(default "+def+")") {
					t.Errorf("flag -%s: the help does not give its default %s", f.Name, def)
				}
			})
		})
	}
	// The usage lists version and help too: help knows them.
	if r := runBin(t, "", "help", "version"); r.code != 0 || !strings.HasPrefix(r.stdout, "Usage: smolbots version\n") || !strings.Contains(r.stdout, "\nExit status:\n  0  ") {
		t.Errorf("help version: exit %d stdout %q stderr %q", r.code, r.stdout, r.stderr)
	}
	for _, arg := range []string{"help", "-h", "--help"} {
		if r := runBin(t, "", "help", arg); r.code != 0 || r.stdout != usage() {
			t.Errorf("help %s: exit %d stderr %q, want the usage on stdout", arg, r.code, r.stderr)
		}
	}
	r := runBin(t, "", "help", "frob")
	if r.code != 2 || !strings.Contains(r.stderr, `unknown command "frob"`) {
		t.Errorf("help frob: exit %d stderr %q", r.code, r.stderr)
	}
}

func TestVersion(t *testing.T) {
	r := runBin(t, "", "version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "smolbots ") || !strings.Contains(r.stdout, "revision "+testRevision) || !strings.Contains(r.stdout, runtime.Version()) {
		t.Errorf("exit %d stdout %q: want the module version, revision %s and %s", r.code, r.stdout, testRevision, runtime.Version())
	}
	// an argument is a usage error, as for man and vectors; -h is help
	if r := runBin(t, "", "version", "extra"); r.code != 2 || r.stdout != "" || r.stderr != "smolbots version: version takes no arguments, not \"extra\"\n" {
		t.Errorf("version extra: exit %d stdout %q stderr %q, want 2 and one sentence", r.code, r.stdout, r.stderr)
	}
	if r := runBin(t, "", "version", "-h"); r.code != 0 || !strings.HasPrefix(r.stdout, "Usage: smolbots version") {
		t.Errorf("version -h: exit %d stdout %.60q", r.code, r.stdout)
	}
}

// Flags may stand after the positional arguments, -- ends them, and a
// flag without its value is named.
func TestFlagsAnywhere(t *testing.T) {
	const file = "testdata/virtual-agents.robots.txt"
	first := runBin(t, "", "check", "-agent", "GUS", "-dialect", "gemini", "-json", file, "/private/x", "/pub")
	if first.code != 1 || strings.Count(first.stdout, "\n") != 2 {
		t.Fatalf("flags first: exit %d\n%s%s", first.code, first.stdout, first.stderr)
	}
	for _, args := range [][]string{
		{"check", file, "/private/x", "/pub", "-agent", "GUS", "-dialect", "gemini", "-json"},
		{"check", file, "-json", "/private/x", "--agent=GUS", "/pub", "-dialect=gemini"},
	} {
		if r := runBin(t, "", args...); r.code != first.code || r.stdout != first.stdout {
			t.Errorf("%q: exit %d\n%s%s\nwant the same as with the flags first", args, r.code, r.stdout, r.stderr)
		}
	}
	if r := runBin(t, "", "lint", file, "-json"); r.code != 1 || !strings.HasPrefix(r.stdout, `{"line":`) {
		t.Errorf("lint FILE -json: exit %d stdout %.60q stderr %q", r.code, r.stdout, r.stderr)
	}
	// After --, "-json" is a selector.
	r := runBin(t, "", "check", "-dialect", "gemini", "-json", "--", file, "-json")
	if r.code != 0 || !strings.Contains(r.stdout, `"selector":"-json"`) {
		t.Errorf("-- did not end the flags: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", file, "/x", "-agent"}, "-agent needs a value"},
		{[]string{"lint", file, "-max"}, "-max needs a value"},
		{[]string{"lint", file, "-max", "lots"}, `-max: "lots" is not a valid N`},
		{[]string{"check", file, "/x", "-json=maybe"}, `-json takes no value, or true or false, not "maybe"`},
	} {
		r := runBin(t, "", c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d stderr %q, want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
}
