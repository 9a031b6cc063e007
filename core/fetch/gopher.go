package fetch

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"
)

// GopherSelectors are tried in order: the 2019 proposal's `robots.txt`,
// its UMN-style `0/robots.txt`, then the draft's `/robots.txt`.
var GopherSelectors = []string{"robots.txt", "0/robots.txt", "/robots.txt"}

func fetchGopher(ctx context.Context, t Target, o Options, r *Result) {
	for _, sel := range GopherSelectors {
		r.Attempts = append(r.Attempts, Attempt{URL: gopherURL(t, sel), Sent: sel + "\r\n"})
		a := &r.Attempts[len(r.Attempts)-1]
		body, truncated, err := gopherRequest(ctx, t, o, sel)
		a.Bytes = len(body)
		if err != nil {
			fail(ctx, r, a, err, o)
			return
		}
		if what := notGopher(body); what != "" {
			fail(ctx, r, a, protoErr("%s", what), o)
			return
		}
		body = stripDotLine(body)
		if why := gopherMissing(body); why != "" {
			a.Status = "not found: " + why
			if strings.HasPrefix(why, "error") {
				a.Reply = errorReply(body)
			}
			continue
		}
		a.Status = "found"
		r.Outcome = Found
		r.Body = string(body)
		r.Truncated = truncated
		return
	}
	// A TLS server (a Gemini port) closes on a request that is not TLS,
	// which reads as an empty reply: when every reply was empty, ask
	// once whether the port answers TLS before concluding "no
	// robots.txt".
	if allEmpty(r.Attempts) && speaksTLS(ctx, t, o) {
		fail(ctx, r, &r.Attempts[len(r.Attempts)-1], protoErr("the server closed the connection without a Gopher reply, and it answers TLS, as a Gemini server does; is the port right?"), o)
		return
	}
	r.Outcome = NotFound
}

// allEmpty: every attempt got an empty reply.
func allEmpty(as []Attempt) bool {
	for _, a := range as {
		if a.Status != "not found: empty reply" {
			return false
		}
	}
	return len(as) > 0
}

// gopherURL is the RFC 4266 URL of a type-0 selector on the target.
func gopherURL(t Target, sel string) string {
	return t.URL() + "/0" + sel
}

// gopherRequest sends one selector and reads the reply to its end, at
// most o.MaxBody bytes. A reply cut off by the server (a reset after some
// bytes) is kept: Gopher has no length to check it against.
func gopherRequest(ctx context.Context, t Target, o Options, sel string) ([]byte, bool, error) {
	conn, err := connect(ctx, t, o)
	if err != nil {
		return nil, false, err
	}
	defer conn.Close()
	defer watch(ctx, conn)()
	if _, err := conn.Write([]byte(sel + "\r\n")); err != nil {
		return nil, false, err
	}
	body, err := io.ReadAll(io.LimitReader(conn, int64(o.MaxBody)+1))
	if err != nil && (len(body) == 0 || isTimeout(ctx, err)) {
		return body, false, err
	}
	if len(body) > o.MaxBody {
		return body[:o.MaxBody], true, nil
	}
	return body, false, nil
}

// stripDotLine drops the "." line that ends a Gopher text reply.
func stripDotLine(b []byte) []byte {
	for _, end := range []struct {
		suffix string
		drop   int // the "." line, keeping the line break before it
	}{{"\r\n.\r\n", 3}, {"\n.\n", 2}, {"\r\n.", 1}, {"\n.", 1}} {
		if bytes.HasSuffix(b, []byte(end.suffix)) {
			return b[:len(b)-end.drop]
		}
	}
	switch {
	case bytes.Equal(b, []byte(".\r\n")), bytes.Equal(b, []byte(".\n")), bytes.Equal(b, []byte(".")):
		return nil
	}
	return b
}

// gopherMissing says why a reply is not a robots.txt ("" when it is one):
// an empty reply, a type-3 error menu, a plain-text error such as
// gophernicus sends, or a menu.
func gopherMissing(b []byte) string {
	if len(bytes.TrimSpace(b)) == 0 {
		return "empty reply"
	}
	first, _, _ := bytes.Cut(b, []byte("\n"))
	first = bytes.TrimRight(first, "\r")
	if first[0] == '3' && bytes.Count(first, []byte("\t")) >= 1 {
		return "error menu"
	}
	if hasRobotsField(b) {
		return ""
	}
	if len(first) > 200 {
		first = first[:200] // an error message is short
	}
	lower := strings.ToLower(string(first))
	switch {
	case strings.HasPrefix(lower, "error") || strings.HasPrefix(lower, "3"):
		return "error text"
	case isMenuLine(first):
		return "a menu, not a file"
	}
	for _, phrase := range []string{"not found", "does not exist", "doesn't exist", "no such file"} {
		if strings.Contains(lower, phrase) {
			return "error text"
		}
	}
	return ""
}

// errorReply is the text of an error reply: a type-3 item's display
// string, or else the first non-blank line, cut to 200 bytes.
func errorReply(b []byte) string {
	var first []byte
	for len(first) == 0 && len(b) > 0 {
		first, b, _ = bytes.Cut(b, []byte("\n"))
		first = bytes.TrimSpace(first)
	}
	if len(first) > 0 && first[0] == '3' && bytes.IndexByte(first, '\t') > 0 {
		first, _, _ = bytes.Cut(first[1:], []byte("\t"))
		first = bytes.TrimSpace(first)
	}
	if len(first) > 200 {
		first = first[:200]
	}
	return strings.ToValidUTF8(string(first), "\uFFFD")
}

// hasRobotsField reports whether some line is a robots.txt field.
func hasRobotsField(b []byte) bool {
	for len(b) > 0 {
		var line []byte
		line, b, _ = bytes.Cut(b, []byte("\n"))
		field, _, ok := bytes.Cut(line, []byte(":"))
		if !ok || len(field) > 20 {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(string(field))) {
		case "user-agent", "disallow", "allow", "virtual-agent", "crawl-delay", "sitemap", "check", "request-rate":
			return true
		}
	}
	return false
}

// isMenuLine: an item type, then display, selector, host and port
// separated by tabs.
func isMenuLine(line []byte) bool {
	return len(line) > 0 && bytes.Count(line, []byte("\t")) >= 3
}

// notGopher says in a sentence what came back when a reply is no Gopher
// reply at all ("" when it may be one): a TLS record, an HTTP answer, an
// SSH banner, or binary data with no robots.txt field. Such a reply is
// never "no robots.txt": the port is most likely wrong.
func notGopher(b []byte) string {
	switch {
	case len(b) >= 3 && b[0] >= 0x14 && b[0] <= 0x17 && b[1] == 3 && b[2] <= 4:
		return "the server answered with TLS, as a Gemini server does, not with Gopher; is the port right?"
	case bytes.HasPrefix(b, []byte("HTTP/")):
		first, _, _ := bytes.Cut(b, []byte("\n"))
		return fmt.Sprintf("the server answered with HTTP (%s), as a web server does, not with Gopher; is the port right?", clip(strings.TrimSpace(strings.ToValidUTF8(string(first), "\uFFFD"))))
	case bytes.HasPrefix(b, []byte("SSH-")):
		return "the server answered with an SSH banner, not with Gopher; is the port right?"
	case looksBinary(b) && !hasRobotsField(b):
		return fmt.Sprintf("the server answered with %d bytes of binary data (starting % x), not Gopher text; is the port right?", len(b), b[:min(len(b), 8)])
	}
	return ""
}

// looksBinary: a NUL byte, or more than a quarter of the first 8 KiB
// not UTF-8 text.
func looksBinary(b []byte) bool {
	b = b[:min(len(b), 8<<10)]
	if bytes.IndexByte(b, 0) >= 0 {
		return true
	}
	n, bad := len(b), 0
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			bad++
		}
		b = b[n:]
	}
	return bad*4 > n
}

// tlsProbeTime bounds the TLS probe: a Gopher server that waits for a
// line end would otherwise hold it to the fetch's whole time.
const tlsProbeTime = 3 * time.Second

// speaksTLS reports whether the target completes a TLS handshake, or
// answers one with a TLS alert.
func speaksTLS(ctx context.Context, t Target, o Options) bool {
	ctx, cancel := context.WithTimeout(ctx, tlsProbeTime)
	defer cancel()
	raw, err := connect(ctx, t, o)
	if err != nil {
		return false
	}
	defer raw.Close()
	defer watch(ctx, raw)()
	cfg := &tls.Config{InsecureSkipVerify: true}
	if !t.IsIP() {
		cfg.ServerName = t.Host
	}
	err = tls.Client(raw, cfg).HandshakeContext(ctx)
	var alert tls.AlertError
	return err == nil || errors.As(err, &alert)
}
