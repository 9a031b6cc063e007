package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"

	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/fetch"
)

// fetchTimeout is the total time a fetch may take; tests shorten it.
var fetchTimeout = fetch.Timeout

var fetchCmd = &command{
	name: "fetch",
	args: "gopher://host[:port] | gemini://host[:port]",
	summary: `Fetches a host's robots.txt directly, from this machine (no relay, any
host): the file goes to stdout and what happened to stderr, so that
"smolbots fetch URL > robots.txt" saves it. Gopher tries robots.txt,
0/robots.txt and /robots.txt in turn; Gemini follows up to 5 redirects.
-json prints the whole result as one object instead (docs/json.md).`,
	examples: []string{
		"smolbots fetch gemini://capsule.example > robots.txt",
		"smolbots fetch -json gopher://capsule.example:70 | jq .outcome",
	},
	exits: []string{
		"0  the server answered (found, not found, or not a robots.txt)",
		"2  it could not be read (unreachable), or usage error",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		asJSON := fs.Bool("json", false, "print the whole result as one JSON object")
		return func(c *call) error { return runFetch(c, *asJSON) }
	},
}

// runFetch fetches a host's robots.txt. Exit 0 when the server answered
// (found, not-found, not-robots), 2 when it could not be read
// (unreachable) or on bad usage.
func runFetch(c *call, asJSON bool) error {
	if len(c.args) != 1 {
		return usageErr("give one URL: smolbots fetch [-json] gopher://host[:port] | gemini://host[:port]")
	}
	r, err := fetch.Fetch(context.Background(), c.args[0], fetch.Options{Timeout: fetchTimeout})
	if err != nil {
		return usageErr("%s", visible(err.Error()))
	}
	if note := pathIgnored(c.args[0], r); note != "" {
		fmt.Fprintf(c.stderr, "smolbots fetch: %s\n", note)
	}
	conclusions := concludeCrawlers(r)
	if asJSON {
		enc := json.NewEncoder(c.stdout)
		enc.SetEscapeHTML(false)
		out := struct {
			*fetch.Result
			Crawlers []crawlers.CrawlerConclusion `json:"crawlers"`
		}{r, conclusions}
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		report(c.stderr, r)
		reportCrawlers(c.stderr, conclusions)
		body := r.Body
		if isTerminal(c.stdout) {
			body = visibleText(body) // for a file, the bytes as they are
		}
		io.WriteString(c.stdout, body)
	}
	if r.Outcome == fetch.Unreachable {
		return &exitError{code: 2}
	}
	return nil
}

// pathIgnored says, for a URL with a path, that fetch asks for the
// host's robots.txt and not that page ("" for a bare host or a URL of
// robots.txt itself).
func pathIgnored(raw string, r *fetch.Result) string {
	scheme, _, rest, err := fetch.SplitURL(raw)
	if err != nil {
		return ""
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	switch strings.TrimPrefix(rest, "/") {
	case "", "robots.txt", "0/robots.txt", "0robots.txt":
		return ""
	}
	asked := r.URL + "/robots.txt"
	if scheme == "gopher" {
		asked = "the selectors " + strings.Join(fetch.GopherSelectors, ", ") + " on " + r.URL
	}
	return fmt.Sprintf("fetch reads the host's robots.txt, not the page %s: it asks for %s.", visible(raw), visible(asked))
}

// report writes the attempts and the outcome in plain words.
func report(w io.Writer, r *fetch.Result) {
	replied := false
	for _, a := range r.Attempts {
		what := a.Status
		if a.Error != "" {
			what = a.Error
		}
		fmt.Fprintf(w, "%s: sent %q: %s (%d bytes)\n", visible(a.URL), a.Sent, visible(what), a.Bytes)
		if a.Reply != "" {
			fmt.Fprintf(w, "  the server's error: %s\n", visible(a.Reply))
			replied = true
		}
		if strings.HasPrefix(a.Status, "53") {
			fmt.Fprintf(w, "  Status 53, proxy request refused: %s.\n", proxyRefused(a.URL))
		}
	}
	if replied {
		fmt.Fprintln(w, "The dialects read an error reply as no robots.txt.")
	}
	for _, h := range r.Redirects {
		fmt.Fprintf(w, "redirect %d: %s -> %s\n", h.Status, visible(h.From), visible(h.To))
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
		fmt.Fprintf(w, "error: %s\n", visible(r.Error))
	}
	for _, c := range r.Conclusions {
		fmt.Fprintf(w, "  %s: %s\n", c.Dialect, c.Note)
	}
}

// fetchRobots is readRobots for a gopher:// or gemini:// URL: the file
// if the server has one, otherwise an input error in one sentence.
func fetchRobots(u string) ([]byte, error) {
	data, _, err := fetchRobotsResult(u)
	return data, err
}

// fetchRobotsResult is fetchRobots that also gives the fetch's result
// (nil only for a URL it cannot read), for what crawlers make of it.
func fetchRobotsResult(u string) ([]byte, *fetch.Result, error) {
	r, err := fetch.Fetch(context.Background(), u, fetch.Options{Timeout: fetchTimeout})
	if err != nil {
		return nil, nil, usageErr("%s", visible(err.Error()))
	}
	switch r.Outcome {
	case fetch.Found:
		return []byte(r.Body), r, nil
	case fetch.NotFound:
		return nil, r, &noRobotsError{usageErr("%s has no robots.txt, so every dialect allows everything", visible(r.URL)).(*exitError), r.URL}
	case fetch.NotRobots:
		return nil, r, &notRobotsError{usageErr("%s answered %s, which is not a robots.txt", visible(r.URL), visible(last(r).Status)).(*exitError), r.Unread}
	}
	why := visible(last(r).Status)
	if r.Error != "" {
		why = visible(r.Error)
	} else if strings.HasPrefix(last(r).Status, "53") {
		why += " (" + proxyRefused(last(r).URL) + ")"
	}
	return nil, r, usageErr("the robots.txt of %s could not be read: %s", visible(r.URL), why)
}

// proxyRefused says what a Gemini 53 means, for the host asked.
func proxyRefused(u string) string {
	return fmt.Sprintf("the host name in the request (%s) does not match the server's own, so the server took it for a request to proxy another host", visible(hostOf(u)))
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
	return visible(e.url) + " has no robots.txt, so everything is allowed."
}

// notRobotsError: the host's reply is not a robots.txt (a gemini 1x, 6x
// or a type that is not text). The dialects have nothing to read; check
// lets the crawler presets that read it anyway answer.
type notRobotsError struct {
	*exitError
	body string // the reply's body, for a 2x
}

func (e *notRobotsError) Unwrap() error { return e.exitError }

func last(r *fetch.Result) fetch.Attempt {
	if len(r.Attempts) == 0 {
		return fetch.Attempt{}
	}
	return r.Attempts[len(r.Attempts)-1]
}

func hostOf(u string) string {
	if p, err := url.Parse(u); err == nil && p.Host != "" {
		return p.Hostname()
	}
	return u
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// visibleText is core.Visible line by line: the line breaks stay.
func visibleText(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		body := strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r")
		lines[i] = visible(body) + l[len(body):]
	}
	return strings.Join(lines, "")
}
