// Package fetch reads a host's robots.txt over Gopher or Gemini the way
// each dialect says it lives (DIALECTS.md, "where the file lives"), and
// reports what happened as one of the fetch outcomes. It never opens a
// socket itself: the caller gives a dial function, so the same code runs
// natively, under a test double, and inside the relay worker.
package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"
	"time"
	"unicode/utf8"
)

// Hard caps (CONTRACTS.md, Relay).
const (
	MaxBody      = 512 << 10
	Timeout      = 10 * time.Second
	MaxHeader    = 1024 // a Gemini status line, or a request URL
	MaxRedirects = 5
)

// DialFunc opens a plain stream connection, like net.Dialer.DialContext.
type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

// Options tune a fetch. The zero value uses the hard caps and the
// native dialer.
type Options struct {
	Dial DialFunc
	// Vet is asked before every connection, redirect hops included. It
	// returns the host:port to dial (a vetted IP, so that nothing is
	// looked up twice) or an error; a *RefusedError means the
	// destination is not allowed. Nil dials t.HostPort() as is.
	Vet func(ctx context.Context, t Target) (addr string, err error)

	// RobotsOnly refuses to follow a redirect to anything but a
	// .../robots.txt without a query: the relay must not become a proxy
	// for other requests.
	RobotsOnly bool

	Timeout      time.Duration // total time, all attempts and hops
	MaxBody      int
	MaxRedirects int
}

func (o Options) withDefaults() Options {
	if o.Dial == nil {
		o.Dial = (&net.Dialer{}).DialContext
	}
	if o.Timeout <= 0 {
		o.Timeout = Timeout
	}
	if o.MaxBody <= 0 {
		o.MaxBody = MaxBody
	}
	if o.MaxRedirects <= 0 {
		o.MaxRedirects = MaxRedirects
	}
	return o
}

// RefusedError says a destination is not allowed; Reason is plain words.
type RefusedError struct{ Reason string }

func (e *RefusedError) Error() string { return e.Reason }

// Outcome is the raw fetch outcome of DIALECTS.md, "Fetch outcomes".
type Outcome string

const (
	// Found: a file was read (gemini 20 with a text type, or a gopher
	// reply that is not an error).
	Found Outcome = "found"
	// NotFound: gemini 51 or 52, a gopher error menu or error text, an
	// empty gopher reply (from a port that does not answer TLS): there
	// is no robots.txt.
	NotFound Outcome = "not-found"
	// Unreachable: gemini 4x and other failures, connection refused,
	// timeout, TLS or protocol failure, too many redirects, a refused
	// redirect; a gopher reply that is not Gopher (TLS, HTTP, an SSH
	// banner, binary data), or only empty replies from a port that
	// answers TLS: Error says what came back.
	Unreachable Outcome = "unreachable"
	// NotRobots: gemini 1x, 6x or a non-text type: the reply is not a
	// robots.txt.
	NotRobots Outcome = "not-robots"
)

// Failure classifies why a fetch did not get an answer from the server;
// the relay turns it into an HTTP status. It is not part of the JSON.
type Failure uint8

const (
	NoFailure Failure = iota
	FailUpstream
	FailTimeout
	FailRefused
)

// Result is what `smolbots fetch -json` prints and what the relay's
// GET /api/robots answers. Fields:
//
//   - url: the canonical URL of the host asked for (its path ignored).
//   - outcome: "found", "not-found", "unreachable" or "not-robots"
//     (DIALECTS.md, "Fetch outcomes").
//   - body: the chosen robots.txt, as served (for gopher, without a
//     terminating "." line); "" unless the outcome is "found".
//   - body_base64: the same bytes in base64, only when they are not
//     valid UTF-8 (a JSON string cannot carry them exactly).
//   - bytes: the length of body in bytes.
//   - truncated: the server sent more than 512 KiB; body holds the first
//     512 KiB.
//   - mime: the gemini media type of the final reply, "" for gopher.
//   - fingerprint: the SHA-256 fingerprint of the last TLS certificate
//     seen (gemini), upper-case hex pairs joined by ":", as
//     `openssl x509 -fingerprint -sha256` prints it.
//   - redirects: every gemini redirect followed, in order.
//   - attempts: every request made, in order: the URL, exactly what was
//     sent, the status (gemini status line, or the reading of a gopher
//     reply), the error if there was one, the bytes received, and for a
//     Gopher error reply its text (reply).
//   - conclusions: for outcomes other than "found", what each dialect
//     makes of it.
//   - error: plain words, when the server could not be read or the
//     relay refused a redirect.
type Result struct {
	URL         string       `json:"url"`
	Outcome     Outcome      `json:"outcome"`
	Body        string       `json:"body"`
	BodyBase64  []byte       `json:"body_base64,omitempty"`
	Bytes       int          `json:"bytes"`
	Truncated   bool         `json:"truncated"`
	MIME        string       `json:"mime,omitempty"`
	Fingerprint string       `json:"fingerprint,omitempty"`
	Redirects   []Redirect   `json:"redirects,omitempty"`
	Attempts    []Attempt    `json:"attempts"`
	Conclusions []Conclusion `json:"conclusions,omitempty"`
	Error       string       `json:"error,omitempty"`

	Failure Failure `json:"-"`
	// Unread is the body of a gemini 2x reply whose type is not text: no
	// robots.txt, so body stays "", though some crawlers parse it anyway
	// (Kennedy, mozz-archiver: core.Crawler.Conclude). Not in the JSON.
	Unread string `json:"-"`
}

// Attempt is one request: one gopher selector or one gemini hop.
type Attempt struct {
	URL         string `json:"url"`
	Sent        string `json:"sent"`
	Status      string `json:"status,omitempty"`
	Error       string `json:"error,omitempty"`
	Bytes       int    `json:"bytes"`
	Fingerprint string `json:"fingerprint,omitempty"`
	// Reply is the text of a Gopher error reply (an error item's display
	// string, or the first line of an error text), on one line and cut
	// to 200 bytes; "" otherwise.
	Reply string `json:"reply,omitempty"`
}

// Redirect is one gemini 3x hop: the status line's code, where it came
// from, where it pointed.
type Redirect struct {
	Status int    `json:"status"`
	From   string `json:"from"`
	To     string `json:"to"`
}

// Fetch reads the robots.txt of the host named by rawURL
// (gopher://host[:port] or gemini://host[:port]). It returns an error
// only for a URL it cannot read; every network outcome is in the Result.
func Fetch(ctx context.Context, rawURL string, o Options) (*Result, error) {
	t, err := ParseTarget(rawURL)
	if err != nil {
		return nil, err
	}
	return FetchTarget(ctx, t, o), nil
}

// FetchTarget is Fetch for a parsed target.
func FetchTarget(ctx context.Context, t Target, o Options) *Result {
	o = o.withDefaults()
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	r := &Result{URL: t.URL(), Attempts: []Attempt{}}
	if t.Scheme == "gemini" {
		fetchGemini(ctx, t, o, r)
	} else {
		fetchGopher(ctx, t, o, r)
	}
	r.Bytes = len(r.Body)
	if !utf8.ValidString(r.Body) {
		r.BodyBase64 = []byte(r.Body)
	}
	if r.Outcome != Found {
		r.Conclusions = conclude(r.Outcome)
	}
	return r
}

// connect vets and dials one destination, with the whole fetch's deadline
// set on the connection (never a zero deadline: on the worker's sockets
// that means "already expired").
func connect(ctx context.Context, t Target, o Options) (net.Conn, error) {
	addr := t.HostPort()
	if o.Vet != nil {
		a, err := o.Vet(ctx, t)
		if err != nil {
			return nil, err
		}
		addr = a
	}
	conn, err := o.Dial(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	if d, ok := ctx.Deadline(); ok {
		conn.SetDeadline(d)
	}
	return conn, nil
}

// watch closes conn when ctx ends, so that a blocked read returns.
func watch(ctx context.Context, conn net.Conn) (stop func()) {
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			conn.Close()
		case <-done:
		}
	}()
	return func() { close(done) }
}

// fail records a failure on the result and the attempt.
func fail(ctx context.Context, r *Result, a *Attempt, err error, o Options) {
	var ref *RefusedError
	switch {
	case errors.As(err, &ref):
		r.Failure = FailRefused
		r.Error = "refused: " + ref.Reason
	case isTimeout(ctx, err):
		r.Failure = FailTimeout
		r.Error = fmt.Sprintf("the server did not finish answering within %s", o.Timeout)
	default:
		r.Failure = FailUpstream
		r.Error = describe(err)
	}
	r.Outcome = Unreachable
	if a != nil {
		a.Error = r.Error
	}
}

func isTimeout(ctx context.Context, err error) bool {
	if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// describe turns network errors into short plain words: Go's own
// messages name local addresses and ports, which mean nothing to a
// reader and tell a stranger about the relay's network.
func describe(err error) string {
	var pe *protocolError
	if errors.As(err, &pe) {
		return pe.msg
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return "could not find the host " + dns.Name
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Op == "dial" {
		return "could not connect: " + socketWords(err)
	}
	return socketWords(err)
}

// socketWords names what happened to a connection, without addresses.
func socketWords(err error) string {
	switch {
	case errors.Is(err, syscall.ECONNRESET):
		return "the server reset the connection"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "the server refused the connection"
	case errors.Is(err, syscall.EPIPE):
		return "the server closed the connection while the request was being sent"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the server closed the connection early"
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno.Error()
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		return oe.Err.Error() // the operation's own error, without the addresses
	}
	return err.Error()
}

// protocolError is a reply that breaks the protocol, in plain words.
type protocolError struct{ msg string }

func (e *protocolError) Error() string { return e.msg }

func protoErr(format string, args ...any) error {
	return &protocolError{msg: fmt.Sprintf(format, args...)}
}
