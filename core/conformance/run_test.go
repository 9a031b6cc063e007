package conformance_test

import (
	"context"
	"errors"
	"os"
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
