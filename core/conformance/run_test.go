package conformance_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core/conformance"
)

func someCases(n int) []conformance.Case {
	var out []conformance.Case
	for i := range n {
		out = append(out, conformance.Case{ID: "t/" + strconv.Itoa(i), Robots: "User-agent: *\nDisallow: /p\n", Agent: "examplebot", URL: "gemini://capsule.example/" + strconv.Itoa(i)})
	}
	return out
}

func run(t *testing.T, cases []conformance.Case, o conformance.Options) []conformance.Answer {
	t.Helper()
	if o.Timeout == 0 {
		o.Timeout = 5 * time.Second
	}
	ans, err := conformance.Run(context.Background(), cases, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(ans) != len(cases) {
		t.Fatalf("%d answers for %d cases", len(ans), len(cases))
	}
	return ans
}

// Per case: exit 0 is allowed, 1 disallowed, and the command gets the
// robots.txt file, the agent and the URL as its last three arguments.
func TestPerCaseExitStatus(t *testing.T) {
	cases := someCases(4)
	// allowed when the URL ends in an even digit, after checking the file
	script := `grep -q "Disallow: /p" "$1" || exit 5; [ "$2" = examplebot ] || exit 6; case "$3" in *[02468]) exit 0;; *) exit 1;; esac`
	ans := run(t, cases, conformance.Options{Cmd: []string{"/bin/sh", "-c", script, "sh"}, Workers: 2})
	for i, a := range ans {
		if a.Error != "" || a.Allowed != (i%2 == 0) || a.ID != cases[i].ID {
			t.Errorf("case %d: %+v", i, a)
		}
	}
}

// A crash, an exit status other than 0 and 1, and a hang are errors,
// never answers; the hang is cut at the timeout and its process group,
// a child included, is killed.
func TestPerCaseErrors(t *testing.T) {
	cases := someCases(1)
	for _, c := range []struct{ name, script, want string }{
		{"crash", `kill -SEGV $$`, "signal"},
		{"status", `echo broken >&2; exit 3`, "exit status 3 (0 is allowed, 1 disallowed): broken"},
	} {
		a := run(t, cases, conformance.Options{Cmd: []string{"/bin/sh", "-c", c.script, "sh"}})[0]
		if !strings.Contains(a.Error, c.want) {
			t.Errorf("%s: error %q, want it to say %q", c.name, a.Error, c.want)
		}
	}
	pidFile := filepath.Join(t.TempDir(), "child")
	start := time.Now()
	a := run(t, cases, conformance.Options{Cmd: []string{"/bin/sh", "-c", `sleep 60 & echo $! > ` + pidFile + `; wait`, "sh"}, Timeout: 300 * time.Millisecond})[0]
	if !strings.Contains(a.Error, "no answer within 300ms") {
		t.Errorf("hang: error %q", a.Error)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("the hang took %v to be cut", d)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(data)))
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("the hanging command's child %d still runs", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A command that does not exist cannot start: a StartError, no answers.
func TestStartError(t *testing.T) {
	for _, jsonl := range []bool{false, true} {
		_, err := conformance.Run(context.Background(), someCases(2), conformance.Options{Cmd: []string{"/nonexistent/impl"}, JSONL: jsonl})
		var se *conformance.StartError
		if !errors.As(err, &se) {
			t.Errorf("jsonl %v: %v, want a StartError", jsonl, err)
		}
	}
}

// JSON lines: one process answers every case; one that dies or hangs
// on a case gets an error for that case and is replaced for the next;
// an answer for another case, or neither allowed nor error, is an error.
func TestJSONL(t *testing.T) {
	py := func(body string) []string {
		return []string{"/usr/bin/python3", "-c", "import json,sys\nfor line in sys.stdin:\n c=json.loads(line)\n" + body}
	}
	cases := someCases(4)
	ans := run(t, cases, conformance.Options{JSONL: true, Cmd: py(` print(json.dumps({"id":c["id"],"allowed":c["url"][-1] in "02468" and c["agent"]=="examplebot" and "Disallow" in c["robots"]}),flush=True)`)})
	for i, a := range ans {
		if a.Error != "" || a.Allowed != (i%2 == 0) {
			t.Errorf("case %d: %+v", i, a)
		}
	}
	// dies on case 1, hangs on case 2
	ans = run(t, cases, conformance.Options{JSONL: true, Timeout: 500 * time.Millisecond, Cmd: py(` if c["id"]=="t/1": sys.exit(4)
 if c["id"]=="t/2":
  import time; time.sleep(60)
 print(json.dumps({"id":c["id"],"allowed":True}),flush=True)`)})
	if ans[0].Error != "" || !ans[0].Allowed || ans[3].Error != "" || !ans[3].Allowed {
		t.Errorf("the cases around the failures: %+v %+v", ans[0], ans[3])
	}
	if !strings.Contains(ans[1].Error, "ended before answering: exit status 4") {
		t.Errorf("crash: %q", ans[1].Error)
	}
	if !strings.Contains(ans[2].Error, "no answer within 500ms") {
		t.Errorf("hang: %q", ans[2].Error)
	}
	ans = run(t, cases[:2], conformance.Options{JSONL: true, Cmd: py(` print(json.dumps({"id":"other"}) if c["id"]=="t/0" else json.dumps({"id":c["id"]}),flush=True)`)})
	if !strings.Contains(ans[0].Error, `for "other", not this case`) || !strings.Contains(ans[1].Error, `neither "allowed" nor "error"`) {
		t.Errorf("bad answers: %+v", ans)
	}
}

// Without a timeout given, a case may take longer than the 2 s an
// interpreter's start-up took on a loaded machine: it is an answer, not
// an error.
func TestDefaultTimeoutOutlastsSlowStart(t *testing.T) {
	if conformance.DefaultTimeout < 5*time.Second {
		t.Fatalf("DefaultTimeout is %v; per-case runs on a loaded machine took past 2 s", conformance.DefaultTimeout)
	}
	ans, err := conformance.Run(context.Background(), someCases(1), conformance.Options{Cmd: []string{"/bin/sh", "-c", "sleep 2.5; exit 1", "sh"}})
	if err != nil {
		t.Fatal(err)
	}
	if a := ans[0]; a.Error != "" || a.Allowed {
		t.Errorf("a case answered in 2.5 s: %+v, want disallowed with no error", a)
	}
}

// The per-case protocol's verdict: the word on stdout; the exit status
// only when stdout and stderr are both empty; a crash never.
func TestPerCaseVerdict(t *testing.T) {
	exit := func(code int) error {
		err := exec.Command("/bin/sh", "-c", "exit "+strconv.Itoa(code)).Run()
		if code != 0 && err == nil {
			t.Fatal("sh exited 0")
		}
		return err
	}
	for _, c := range []struct {
		code           int
		stdout, stderr string
		allowed        bool
		err            string
	}{
		{0, "allowed\n", "", true, ""},
		{0, "disallowed\n", "", false, ""},
		{1, "disallowed\n", "", false, ""},
		{0, "  allowed  ", "a warning\n", true, ""},
		{0, "", "", true, ""},
		{1, "", "", false, ""},
		{1, "", "Traceback (most recent call last):\n  File \"a.py\", line 3\nValueError: boom\n", false, "a crash, not an answer"},
		{1, "", "Error: boom\n    at Object.<anonymous> (/tmp/a.js:1:7)\n", false, "stderr: Error: boom"},
		{0, "", "something\n", false, "exit status 0 with nothing on stdout and output on stderr"},
		{1, "allowed\n", "", false, "printed allowed but exited 1"},
		{1, "disallowed\n", "Traceback\nKeyError: 'x'\n", false, "printed disallowed, then exited 1 with output on stderr"},
		{3, "allowed\n", "broken\n", false, "exit status 3 (0 is allowed, 1 disallowed): broken"},
		{0, "yes\n", "", false, `stdout is "yes", not one word, allowed or disallowed`},
		{0, "allowed\ndisallowed\n", "", false, "not one word"},
		{0, `{"id":"t/0","allowed":true}`, "", false, "it speaks JSON lines, so run conform with -jsonl"},
	} {
		allowed, msg := conformance.PerCaseVerdict(exit(c.code), c.stdout, c.stderr)
		if allowed != c.allowed || (c.err == "") != (msg == "") || !strings.Contains(msg, c.err) {
			t.Errorf("exit %d, stdout %q, stderr %q: allowed %v, error %q; want %v and %q", c.code, c.stdout, c.stderr, allowed, msg, c.allowed, c.err)
		}
	}
}

// adapter writes an adapter's source into a temporary directory.
func adapter(t *testing.T, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Adapters in Python and in Node that crash on every case, run one
// process a case and as JSON lines: every case is an error that shows
// the crash, none an answer; as JSON lines the run stops asking after
// the first few cases, as the process never answered.
func TestCrashingAdapters(t *testing.T) {
	py := adapter(t, "crash.py", "import json, sys\nif sys.argv[1:2] == ['--jsonl']:\n    for line in sys.stdin:\n        json.loads(line)['missing']\nelse:\n    open(sys.argv[1]).read()\n    raise ValueError('the parser broke')\n")
	js := adapter(t, "crash.js", "const rl = require('readline');\nif (process.argv[2] === '--jsonl') {\n  rl.createInterface({input: process.stdin}).on('line', l => { JSON.parse(l).missing.x; });\n} else {\n  throw new Error('the parser broke');\n}\n")
	cases := someCases(5)
	for _, c := range []struct {
		name  string
		cmd   []string
		crash string // in the error or the stderr shown
	}{
		{"python", []string{"/usr/bin/python3", py}, "ValueError: the parser broke"},
		{"node", []string{"/usr/bin/node", js}, "Error: the parser broke"},
		{"python -jsonl", []string{"/usr/bin/python3", py, "--jsonl"}, "KeyError: 'missing'"},
		{"node -jsonl", []string{"/usr/bin/node", js, "--jsonl"}, "TypeError: Cannot read properties of undefined"},
	} {
		jsonl := strings.HasSuffix(c.name, "-jsonl")
		rep, err := conformance.RunReport(context.Background(), cases, conformance.Options{Cmd: c.cmd, JSONL: jsonl, Timeout: 20 * time.Second, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range rep.Answers {
			if a.Error == "" {
				t.Errorf("%s: case %d counted as an answer (allowed %v)", c.name, i, a.Allowed)
				continue
			}
			if i < 3 && !strings.Contains(a.Error+"\n"+a.Stderr, c.crash) {
				t.Errorf("%s: case %d: error %q, stderr %q; want %q shown", c.name, i, a.Error, a.Stderr, c.crash)
			}
		}
		if jsonl && (!strings.Contains(rep.Answers[4].Error, "not asked: the process failed on the first 3 cases") || len(rep.Notes) != 1) {
			t.Errorf("%s: the last case %q, notes %q", c.name, rep.Answers[4].Error, rep.Notes)
		}
	}
}

// An adapter that expects -jsonl, run one process a case: one that
// reads JSON lines on stdin whenever --jsonl is among its arguments (as
// temoto's flag does) is told to use -jsonl; one that takes the flag
// only alone (as robotparser.py does) crashes on the file name
// "--jsonl", an error.
func TestForgottenJSONL(t *testing.T) {
	js := adapter(t, "lines.js", "const rl = require('readline');\nif (process.argv.includes('--jsonl')) {\n  rl.createInterface({input: process.stdin}).on('line', l => { const c = JSON.parse(l); console.log(JSON.stringify({id: c.id, allowed: true})); });\n} else { console.log('allowed'); }\n")
	py := adapter(t, "strict.py", "import json, sys\nif sys.argv[1:] == ['--jsonl']:\n    for line in sys.stdin:\n        print(json.dumps({'id': json.loads(line)['id'], 'allowed': True}), flush=True)\nelse:\n    open(sys.argv[1]).read()\n    print('allowed')\n")
	for _, c := range []struct {
		cmd  []string
		want string
	}{
		{[]string{"/usr/bin/node", js, "--jsonl"}, "it speaks JSON lines, so run conform with -jsonl"},
		{[]string{"/usr/bin/python3", py, "--jsonl"}, "FileNotFoundError"},
	} {
		for i, a := range run(t, someCases(3), conformance.Options{Cmd: c.cmd, Workers: 2, Timeout: 20 * time.Second}) {
			if !strings.Contains(a.Error, c.want) {
				t.Errorf("%v, case %d: %+v; want an error saying %q", c.cmd, i, a, c.want)
			}
		}
	}
}

// Under -jsonl a reply whose "allowed" is not a JSON boolean names the
// field and what it must be; a banner line that is not JSON is skipped
// and reported once, and the answers after it are read in step.
func TestJSONLReplies(t *testing.T) {
	py := func(body string) []string {
		return []string{"/usr/bin/python3", "-c", "import json,sys\nprint('myparser 1.0 ready', flush=True)\nfor line in sys.stdin:\n c=json.loads(line)\n" + body}
	}
	cases := someCases(4)
	rep, err := conformance.RunReport(context.Background(), cases, conformance.Options{JSONL: true, Timeout: 20 * time.Second, Cmd: py(` print(json.dumps({"id":c["id"],"allowed":"yes"}) if c["id"]=="t/1" else json.dumps({"id":c["id"],"allowed":c["url"][-1] in "02468"}),flush=True)`)})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range rep.Answers {
		switch {
		case i == 1:
			if a.Error != `"allowed" is "yes"; it must be true or false (a JSON boolean, not a string or a number)` {
				t.Errorf("case 1: %q", a.Error)
			}
		case a.Error != "" || a.Allowed != (i%2 == 0):
			t.Errorf("case %d: %+v", i, a)
		}
	}
	if len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], `wrote 1 line that is not JSON`) || !strings.Contains(rep.Notes[0], `"myparser 1.0 ready"`) {
		t.Errorf("notes %q; want the banner reported once", rep.Notes)
	}
	for _, c := range []struct{ line, want string }{
		{`{"id":"t/0","allowed":1}`, `"allowed" is 1; it must be true or false`},
		{`{"id":"t/0","error":false}`, `"error" is false; it must be a string`},
		{`{"id":"t/0","allowed":true,"error":null}`, ``},
		{`{"allowed":true}`, `the answer has no "id" string`},
	} {
		_, msg, _ := conformance.ReadReply([]byte(c.line), "t/0")
		if (c.want == "") != (msg == "") || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %q; want %q", c.line, msg, c.want)
		}
	}
}
