package conformance

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Answer is what an implementation said about one case: allowed, or an
// error (a crash, a timeout, an exit status other than 0 and 1, a reply
// that is not an answer). An error is never counted as agreement.
type Answer struct {
	ID      string `json:"id"`
	Allowed bool   `json:"allowed"`
	Error   string `json:"error"`
	// Stderr is the end of what the process wrote on stderr, for an
	// error.
	Stderr string `json:"stderr,omitempty"`
}

// Report is a run: the answers, in the suite's order, and what was said
// once about the whole run (lines that are not JSON, a process that
// never answered).
type Report struct {
	Answers []Answer
	Notes   []string
}

// Options say how to run the implementation.
type Options struct {
	Cmd     []string      // the command and its first arguments
	JSONL   bool          // one long-lived process speaking JSON lines
	Timeout time.Duration // per case; 0 is DefaultTimeout
	Workers int           // per-case mode: cases run at once (at least 1)
}

// DefaultTimeout is how long one case may take unless the caller says
// otherwise. An interpreter's start-up alone took over 2 s on a loaded
// machine in per-case mode; 10 s stays clear of that and still cuts a
// hang (a suite of hundreds of cases is not held up for long by one).
const DefaultTimeout = 10 * time.Second

// StartError is a command that cannot be started at all.
type StartError struct{ Err error }

func (e *StartError) Error() string { return e.Err.Error() }

// Run asks the implementation every case, in the suite's order. It
// fails only with a StartError, when the command cannot be started.
func Run(ctx context.Context, cases []Case, o Options) ([]Answer, error) {
	r, err := RunReport(ctx, cases, o)
	if err != nil {
		return nil, err
	}
	return r.Answers, nil
}

// RunReport is Run with what it noted about the whole run.
func RunReport(ctx context.Context, cases []Case, o Options) (*Report, error) {
	if len(o.Cmd) == 0 {
		return nil, &StartError{errors.New("no command given")}
	}
	if _, err := exec.LookPath(o.Cmd[0]); err != nil {
		return nil, &StartError{err}
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.JSONL {
		return runJSONL(ctx, cases, o)
	}
	a, err := runPerCase(ctx, cases, o)
	if err != nil {
		return nil, err
	}
	return &Report{Answers: a}, nil
}

// maxOutput bounds what is kept of a process's output.
const maxOutput = 64 << 10

// capped keeps the first maxOutput bytes written to it.
type capped struct{ bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if room := maxOutput - c.Len(); room > 0 {
		c.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func runPerCase(ctx context.Context, cases []Case, o Options) ([]Answer, error) {
	dir, err := os.MkdirTemp("", "smolbots-conform-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := make([]Answer, len(cases))
	// The first case runs alone, so a command that cannot start fails
	// once, not once per worker.
	if len(cases) > 0 {
		a, err := runOne(ctx, dir, 0, cases[0], o)
		if err != nil {
			return nil, err
		}
		out[0] = a
	}
	workers := max(o.Workers, 1)
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				a, err := runOne(ctx, dir, i, cases[i], o)
				if err != nil {
					a = Answer{ID: cases[i].ID, Error: err.Error()}
				}
				out[i] = a
			}
		})
	}
	for i := 1; i < len(cases); i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	return out, nil
}

// runOne runs CMD ARG... ROBOTS-FILE AGENT URL for one case.
func runOne(ctx context.Context, dir string, i int, c Case, o Options) (Answer, error) {
	if ctx.Err() != nil {
		return Answer{ID: c.ID, Error: "the run was interrupted"}, nil
	}
	file := filepath.Join(dir, fmt.Sprintf("robots-%d.txt", i))
	if err := os.WriteFile(file, []byte(c.Robots), 0o600); err != nil {
		return Answer{}, err
	}
	defer os.Remove(file)
	cmd := exec.Command(o.Cmd[0], append(append([]string{}, o.Cmd[1:]...), file, c.Agent, c.URL)...)
	var stdout, stderr capped
	// The case as -jsonl would send it, on stdin: an adapter that
	// speaks JSON lines, run without -jsonl, answers in JSON and is told
	// so, rather than reading nothing and exiting 0.
	cmd.Stdin = bytes.NewReader(append(requestLine(c), '\n'))
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	ownGroup(cmd)
	cmd.WaitDelay = time.Second // a child that keeps stderr open cannot hold Wait
	if err := cmd.Start(); err != nil {
		return Answer{}, &StartError{err}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timer := time.NewTimer(o.Timeout)
	defer timer.Stop()
	a := Answer{ID: c.ID}
	select {
	case err := <-done:
		a.Allowed, a.Error = PerCaseVerdict(err, stdout.String(), stderr.String())
		killGroup(cmd) // whatever it left running
	case <-timer.C:
		killGroup(cmd)
		<-done
		a.Error = fmt.Sprintf("no answer within %v; the process group was killed", o.Timeout)
	case <-ctx.Done():
		killGroup(cmd)
		<-done
		a.Error = "the run was interrupted"
	}
	if a.Error != "" {
		a.Stderr = tail(stderr.String())
	}
	return a, nil
}

// The words of the per-case protocol, alone on stdout.
const (
	WordAllowed    = "allowed"
	WordDisallowed = "disallowed"
)

// PerCaseVerdict reads one per-case run: how the process ended (nil,
// an *exec.ExitError or another error), its stdout and its stderr. The
// verdict is the word on stdout, allowed or disallowed; the exit status
// (0 allowed, 1 disallowed) counts only when stdout is empty and stderr
// is too, since Python and Node exit 1 on a crash and say so on stderr
// only. errMsg is "" when it answered.
func PerCaseVerdict(err error, stdout, stderr string) (allowed bool, errMsg string) {
	status := 0
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		status = ee.ExitCode()
	default:
		return false, exitWords(err, stderr)
	}
	if status != 0 && status != 1 {
		return false, exitWords(err, stderr)
	}
	word := strings.TrimSpace(stdout)
	crash := ""
	if strings.TrimSpace(stderr) != "" {
		crash = "; stderr: " + lastLine(stderr)
	}
	switch {
	case word == WordAllowed || word == WordDisallowed:
		switch {
		case status == 1 && crash != "":
			return false, fmt.Sprintf("it printed %s, then exited 1 with output on stderr (a crash is not an answer)%s", word, crash)
		case status == 1 && word == WordAllowed:
			return false, "it printed allowed but exited 1, which means disallowed; print the word and exit 0"
		}
		return word == WordAllowed, ""
	case word == "" && crash == "":
		return status == 0, ""
	case word == "":
		return false, fmt.Sprintf("exit status %d with nothing on stdout and output on stderr: a crash, not an answer (print allowed or disallowed on stdout)%s", status, crash)
	case strings.HasPrefix(word, "{"):
		return false, fmt.Sprintf("it answered in JSON (%q): it speaks JSON lines, so run conform with -jsonl", truncate(word))
	}
	return false, fmt.Sprintf("stdout is %q, not one word, allowed or disallowed%s", truncate(word), crash)
}

// lastLine is the line of stderr that says what went wrong: the last
// one naming an error or exception (Python's last line, Node's line
// above its stack, Go's panic), else the last line that is not blank.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if errorLine.MatchString(lines[i]) {
			return truncate(strings.TrimSpace(lines[i]))
		}
	}
	return truncate(strings.TrimSpace(lines[len(lines)-1]))
}

var errorLine = regexp.MustCompile(`^(panic: |([A-Za-z_][\w.]*)?(Error|Exception|Interrupt|Exit)\b(: |$))`)

// tailLines and tailBytes bound what an error keeps of stderr.
const (
	tailLines = 12
	tailBytes = 2 << 10
)

// tail is what an error shows of stderr: its first and last lines, as
// a Node crash names the error above its stack and a Python one below.
func tail(stderr string) string {
	s := strings.TrimRight(stderr, " \t\r\n")
	lines := strings.Split(s, "\n")
	if len(lines) > tailLines {
		lines = append(append(lines[:tailLines/2:tailLines/2], "..."), lines[len(lines)-tailLines/2:]...)
	}
	s = strings.Join(lines, "\n")
	if len(s) > tailBytes {
		s = s[:tailBytes/2] + "\n...\n" + s[len(s)-tailBytes/2:]
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// exitWords says how a process ended, with the last line it wrote on
// stderr.
func exitWords(err error, stderr string) string {
	s := err.Error()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() >= 0 {
		s = fmt.Sprintf("exit status %d (0 is allowed, 1 disallowed)", ee.ExitCode())
	}
	if last := lastLine(stderr); last != "" {
		s += ": " + last
	}
	return s
}

// requestLine is one case as the -jsonl protocol sends it.
func requestLine(c Case) []byte {
	line, _ := json.Marshal(request{ID: c.ID, Robots: c.Robots, Agent: c.Agent, URL: c.URL})
	return line
}

// request is one case as the -jsonl protocol sends it.
type request struct {
	ID     string `json:"id"`
	Robots string `json:"robots"`
	Agent  string `json:"agent"`
	URL    string `json:"url"`
}

// jsonlProc is the long-lived process and its answers, a line each.
type jsonlProc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan []byte
	done   chan struct{} // closed when the process has exited
	quit   chan struct{} // closed by stop: no one reads lines any more
	stderr *capped
}

func startJSONL(o Options) (*jsonlProc, error) {
	cmd := exec.Command(o.Cmd[0], o.Cmd[1:]...)
	p := &jsonlProc{cmd: cmd, lines: make(chan []byte), done: make(chan struct{}), quit: make(chan struct{}), stderr: &capped{}}
	cmd.Stderr = p.stderr
	cmd.WaitDelay = time.Second
	ownGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, &StartError{err}
	}
	p.stdin = stdin
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := append([]byte{}, sc.Bytes()...)
			select {
			case p.lines <- line:
			case <-p.quit:
				// stop killed it; drain so Wait can finish
				for sc.Scan() {
				}
			}
		}
		cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

func (p *jsonlProc) stop() {
	close(p.quit)
	p.stdin.Close()
	killGroup(p.cmd)
	<-p.done
}

// giveUp is how many cases in a row a -jsonl process may fail on
// (die, hang, fall out of step) before it has answered any, before the
// run stops asking: a command that cannot speak JSON lines fails every
// case alike, and each failure may cost a timeout.
const giveUp = 3

// runNotes gathers what is said once about a run.
type runNotes struct {
	stray      int
	firstStray string
}

func (n *runNotes) list() []string {
	var out []string
	if n.stray > 0 {
		out = append(out, fmt.Sprintf("the process wrote %d %s that %s not JSON, skipped rather than read as answers; the first: %q.",
			n.stray, plural(n.stray, "line", "lines"), plural(n.stray, "is", "are"), truncate(n.firstStray)))
	}
	return out
}

func plural(n int, one, more string) string {
	if n == 1 {
		return one
	}
	return more
}

// runJSONL writes the cases one at a time and waits for each answer; a
// process that dies or hangs is killed, the case is an error, and a new
// process takes the next case.
func runJSONL(ctx context.Context, cases []Case, o Options) (*Report, error) {
	p, err := startJSONL(o)
	if err != nil {
		return nil, err
	}
	defer func() {
		if p != nil {
			p.stop()
		}
	}()
	notes := &runNotes{}
	rep := &Report{Answers: make([]Answer, len(cases))}
	out := rep.Answers
	answered, failed := false, 0
	for i, c := range cases {
		if ctx.Err() != nil {
			out[i] = Answer{ID: c.ID, Error: "the run was interrupted"}
			continue
		}
		if !answered && failed >= giveUp {
			why := fmt.Sprintf("not asked: the process failed on the first %d cases without answering any", giveUp)
			for j := i; j < len(cases); j++ {
				out[j] = Answer{ID: cases[j].ID, Error: why}
			}
			rep.Notes = append(rep.Notes, why+"; is it a per-case command run with -jsonl?")
			break
		}
		if p == nil {
			if p, err = startJSONL(o); err != nil {
				for j := i; j < len(cases); j++ {
					out[j] = Answer{ID: cases[j].ID, Error: "the process could not be started again: " + err.Error()}
				}
				break
			}
		}
		a, alive := p.ask(ctx, c, o.Timeout, notes)
		out[i] = a
		if a.Error == "" || alive {
			answered = answered || a.Error == ""
			failed = 0
		} else {
			failed++
		}
		if !alive {
			p.stop()
			p = nil
		}
	}
	rep.Notes = append(notes.list(), rep.Notes...)
	return rep, nil
}

// ask sends one case and reads its answer; alive is false when the
// process must be replaced. A line that does not start with { is not
// an answer: it is counted in notes and skipped.
func (p *jsonlProc) ask(ctx context.Context, c Case, timeout time.Duration, notes *runNotes) (a Answer, alive bool) {
	a = Answer{ID: c.ID}
	if _, err := p.stdin.Write(append(requestLine(c), '\n')); err != nil {
		a.Error = "the process stopped reading: " + p.ended()
		a.Stderr = tail(p.stderr.String())
		return a, false
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case got := <-p.lines:
			text := strings.TrimSpace(string(got))
			if !strings.HasPrefix(text, "{") {
				if notes.stray == 0 {
					notes.firstStray = text
				}
				notes.stray++
				continue
			}
			allowed, msg, inStep := ReadReply(got, c.ID)
			a.Allowed, a.Error = allowed, msg
			return a, inStep
		case <-p.done:
			a.Error = "the process ended before answering: " + p.ended()
			a.Stderr = tail(p.stderr.String())
		case <-timer.C:
			a.Error = fmt.Sprintf("no answer within %v; the process group was killed", timeout)
			a.Stderr = tail(p.stderr.String())
		case <-ctx.Done():
			a.Error = "the run was interrupted"
		}
		return a, false
	}
}

// ReadReply reads one -jsonl answer to the case id: {"id","allowed":
// true|false} or {"id","error":"..."}. errMsg names the field at fault
// and what it must be; inStep is false when the answer is for another
// case (every later answer would be misread).
func ReadReply(line []byte, id string) (allowed bool, errMsg string, inStep bool) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		return false, fmt.Sprintf("the answer is not a JSON object: %q", truncate(string(line))), true
	}
	var got string
	if raw, ok := m["id"]; !ok || json.Unmarshal(raw, &got) != nil {
		return false, fmt.Sprintf(`the answer has no "id" string: %q`, truncate(string(line))), false
	}
	if got != id {
		return false, fmt.Sprintf("the answer is for %q, not this case", truncate(got)), false
	}
	if raw, ok := m["error"]; ok && string(raw) != "null" {
		var e string
		if json.Unmarshal(raw, &e) != nil {
			return false, fmt.Sprintf(`"error" is %s; it must be a string`, truncate(string(raw))), true
		}
		if e != "" {
			return false, "the implementation says: " + truncate(e), true
		}
	}
	raw, ok := m["allowed"]
	if !ok {
		return false, `the answer has neither "allowed" nor "error"`, true
	}
	switch string(raw) {
	case "true":
		return true, "", true
	case "false":
		return false, "", true
	}
	return false, fmt.Sprintf(`"allowed" is %s; it must be true or false (a JSON boolean, not a string or a number)`, truncate(string(raw))), true
}

// ended says how the process ended, once it has.
func (p *jsonlProc) ended() string {
	select {
	case <-p.done:
	case <-time.After(time.Second):
		return "it is still running"
	}
	if st := p.cmd.ProcessState; st != nil {
		s := st.String()
		if last := lastLine(p.stderr.String()); last != "" {
			s += ": " + last
		}
		return s
	}
	return "it exited"
}

func truncate(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}
