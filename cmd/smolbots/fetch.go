package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/smolbots/smolbots/core/fetch"
)

// fetchTimeout is the total time a fetch may take; tests shorten it.
var fetchTimeout = fetch.Timeout

// runFetch fetches a host's robots.txt directly (no relay, any host).
// The file goes to stdout and what happened to stderr, so that
// `smolbots fetch URL > robots.txt` saves it. -json prints the result
// object instead. Exit 0 when the server answered (found, not-found,
// not-robots), 2 when it could not be read (unreachable) or on bad usage.
func runFetch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("fetch")
	asJSON := fs.Bool("json", false, "print the whole result as one JSON object")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageErr("give one URL: smolbots fetch [-json] gopher://host[:port] | gemini://host[:port]")
	}
	r, err := fetch.Fetch(context.Background(), fs.Arg(0), fetch.Options{Timeout: fetchTimeout})
	if err != nil {
		return usageErr("%v", err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			return err
		}
	} else {
		report(stderr, r)
		io.WriteString(stdout, r.Body)
	}
	if r.Outcome == fetch.Unreachable {
		return &exitError{code: 2}
	}
	return nil
}

// report writes the attempts and the outcome in plain words.
func report(w io.Writer, r *fetch.Result) {
	for _, a := range r.Attempts {
		what := a.Status
		if a.Error != "" {
			what = a.Error
		}
		fmt.Fprintf(w, "%s: sent %q: %s (%d bytes)\n", a.URL, a.Sent, what, a.Bytes)
	}
	for _, h := range r.Redirects {
		fmt.Fprintf(w, "redirect %d: %s -> %s\n", h.Status, h.From, h.To)
	}
	if r.Fingerprint != "" {
		fmt.Fprintf(w, "certificate SHA-256 fingerprint: %s\n", r.Fingerprint)
	}
	fmt.Fprintf(w, "outcome: %s", r.Outcome)
	if r.Outcome == fetch.Found {
		fmt.Fprintf(w, " (%d bytes", r.Bytes)
		if r.Truncated {
			fmt.Fprintf(w, ", cut at %d KiB", fetch.MaxBody>>10)
		}
		fmt.Fprint(w, ")")
	}
	fmt.Fprintln(w)
	if r.Error != "" {
		fmt.Fprintf(w, "error: %s\n", r.Error)
	}
	for _, c := range r.Conclusions {
		fmt.Fprintf(w, "  %s: %s\n", c.Dialect, c.Note)
	}
}

// fetchRobots is readRobots for a gopher:// or gemini:// URL: the file
// if the server has one, otherwise an input error in one sentence.
func fetchRobots(u string) ([]byte, error) {
	r, err := fetch.Fetch(context.Background(), u, fetch.Options{Timeout: fetchTimeout})
	if err != nil {
		return nil, usageErr("%v", err)
	}
	switch r.Outcome {
	case fetch.Found:
		return []byte(r.Body), nil
	case fetch.NotFound:
		return nil, &noRobotsError{usageErr("%s has no robots.txt, so every dialect allows everything", r.URL).(*exitError), r.URL}
	case fetch.NotRobots:
		return nil, usageErr("%s answered %s, which is not a robots.txt", r.URL, last(r).Status)
	}
	why := last(r).Status
	if r.Error != "" {
		why = r.Error
	}
	return nil, usageErr("the robots.txt of %s could not be read: %s", r.URL, why)
}

// noRobotsError: the host answered that it has no robots.txt. check
// reads that as a file without rules and says so on each verdict; lint
// has nothing to lint.
type noRobotsError struct {
	*exitError
	url string
}

func (e *noRobotsError) Unwrap() error { return e.exitError }

// note is what check adds to each verdict (every dialect reads a missing
// file as allowing everything: DIALECTS.md, "Fetch outcomes").
func (e *noRobotsError) note() string {
	return e.url + " has no robots.txt, so everything is allowed"
}

func last(r *fetch.Result) fetch.Attempt {
	if len(r.Attempts) == 0 {
		return fetch.Attempt{}
	}
	return r.Attempts[len(r.Attempts)-1]
}
