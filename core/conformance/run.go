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
	return runPerCase(ctx, cases, o)
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
	var stderr capped
	cmd.Stdout = io.Discard
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
		var ee *exec.ExitError
		switch {
		case err == nil:
			a.Allowed = true
		case errors.As(err, &ee) && ee.ExitCode() == 1:
		default:
			a.Error = exitWords(err, stderr.String())
		}
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
	return a, nil
}

// exitWords says how a process ended, with the last line it wrote on
// stderr.
func exitWords(err error, stderr string) string {
	s := err.Error()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() >= 0 {
		s = fmt.Sprintf("exit status %d (0 is allowed, 1 disallowed)", ee.ExitCode())
	}
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" {
		s += ": " + last
	}
	return s
}

// request is one case as the -jsonl protocol sends it.
type request struct {
	ID     string `json:"id"`
	Robots string `json:"robots"`
	Agent  string `json:"agent"`
	URL    string `json:"url"`
}

// reply is one answer as the -jsonl protocol reads it.
type reply struct {
	ID      string `json:"id"`
	Allowed *bool  `json:"allowed"`
	Error   string `json:"error"`
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

// runJSONL writes the cases one at a time and waits for each answer; a
// process that dies or hangs is killed, the case is an error, and a new
// process takes the next case.
func runJSONL(ctx context.Context, cases []Case, o Options) ([]Answer, error) {
	p, err := startJSONL(o)
	if err != nil {
		return nil, err
	}
	defer func() {
		if p != nil {
			p.stop()
		}
	}()
	out := make([]Answer, len(cases))
	for i, c := range cases {
		if ctx.Err() != nil {
			out[i] = Answer{ID: c.ID, Error: "the run was interrupted"}
			continue
		}
		if p == nil {
			if p, err = startJSONL(o); err != nil {
				for j := i; j < len(cases); j++ {
					out[j] = Answer{ID: cases[j].ID, Error: "the process could not be started again: " + err.Error()}
				}
				return out, nil
			}
		}
		a, alive := p.ask(ctx, c, o.Timeout)
		out[i] = a
		if !alive {
			p.stop()
			p = nil
		}
	}
	return out, nil
}

// ask sends one case and reads its answer; alive is false when the
// process must be replaced.
func (p *jsonlProc) ask(ctx context.Context, c Case, timeout time.Duration) (a Answer, alive bool) {
	a = Answer{ID: c.ID}
	line, _ := json.Marshal(request{ID: c.ID, Robots: c.Robots, Agent: c.Agent, URL: c.URL})
	if _, err := p.stdin.Write(append(line, '\n')); err != nil {
		a.Error = "the process stopped reading: " + p.ended()
		return a, false
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case got := <-p.lines:
		var r reply
		switch err := json.Unmarshal(got, &r); {
		case err != nil:
			a.Error = fmt.Sprintf("the answer is not a JSON object: %q", truncate(string(got)))
		case r.ID != c.ID:
			a.Error = fmt.Sprintf("the answer is for %q, not this case", truncate(r.ID))
			return a, false // out of step: every later answer would be misread
		case r.Error != "":
			a.Error = "the implementation says: " + truncate(r.Error)
		case r.Allowed == nil:
			a.Error = `the answer has neither "allowed" nor "error"`
		default:
			a.Allowed = *r.Allowed
		}
		return a, true
	case <-p.done:
		a.Error = "the process ended before answering: " + p.ended()
	case <-timer.C:
		a.Error = fmt.Sprintf("no answer within %v; the process group was killed", timeout)
	case <-ctx.Done():
		a.Error = "the run was interrupted"
	}
	return a, false
}

// ended says how the process ended, once it has.
func (p *jsonlProc) ended() string {
	select {
	case <-p.done:
	case <-time.After(time.Second):
		return "it is still running"
	}
	if st := p.cmd.ProcessState; st != nil {
		return exitWords(&exec.ExitError{ProcessState: st}, p.stderr.String())
	}
	return "it exited"
}

func truncate(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}
