package fetch

import (
	"bufio"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/url"
	"strconv"
	"strings"
	"syscall"
)

// geminiRobotsURL is the URL asked for on the first hop.
func geminiRobotsURL(t Target) string { return t.URL() + "/robots.txt" }

func fetchGemini(ctx context.Context, t Target, o Options, r *Result) {
	reqURL := geminiRobotsURL(t)
	for hop := 0; ; hop++ {
		r.Attempts = append(r.Attempts, Attempt{URL: reqURL, Sent: reqURL + "\r\n"})
		a := &r.Attempts[len(r.Attempts)-1]
		status, meta, body, truncated, err := geminiRequest(ctx, t, o, reqURL, a, nil)
		if a.Fingerprint != "" {
			r.Fingerprint = a.Fingerprint
		}
		if err != nil {
			fail(ctx, r, a, err, o)
			return
		}
		a.Bytes = len(body)
		a.Status = strconv.Itoa(status)
		if meta != "" {
			a.Status += " " + meta
		}
		switch status / 10 {
		case 1, 6:
			r.Outcome = NotRobots
			return
		case 2:
			mt := meta
			if mt == "" {
				mt = "text/gemini" // the spec's default for an empty type
			}
			r.MIME = mt
			base, _, err := mime.ParseMediaType(mt)
			if err != nil || !strings.HasPrefix(base, "text/") {
				r.Outcome = NotRobots
				r.Unread = string(body)
				return
			}
			r.Outcome = Found
			r.Body = string(body)
			r.Truncated = truncated
			return
		case 3:
			next, nt, err := redirectTarget(reqURL, meta)
			if err == nil && o.RobotsOnly && !isRobotsURL(next) {
				err = protoErr("the redirect points to %s, which is not a robots.txt; only robots.txt is ever requested", clip(next))
			}
			if err == nil && hop+1 > o.MaxRedirects {
				err = protoErr("more than %d redirects; the last one pointed to %s", o.MaxRedirects, next)
			}
			if err == nil {
				r.Redirects = append(r.Redirects, Redirect{Status: status, From: reqURL, To: next})
			}
			if err != nil {
				fail(ctx, r, a, err, o)
				return
			}
			reqURL, t = next, nt
		case 5:
			if status == 51 || status == 52 {
				r.Outcome = NotFound
				return
			}
			r.Outcome = Unreachable
			return
		case 4:
			r.Outcome = Unreachable
			return
		default:
			fail(ctx, r, a, protoErr("the server answered with status %d, which Gemini does not define", status), o)
			return
		}
	}
}

// redirectTarget resolves a 3x meta against the URL that was asked for.
// Only gemini:// URLs are followed.
func redirectTarget(from, meta string) (string, Target, error) {
	base, err := url.Parse(from)
	if err != nil {
		return "", Target{}, protoErr("cannot read the URL %q", from)
	}
	ref, err := url.Parse(meta)
	if err != nil || meta == "" {
		return "", Target{}, protoErr("the redirect points to %q, which is not a URL", clip(meta))
	}
	u := base.ResolveReference(ref)
	u.Fragment = ""
	if u.Scheme != "gemini" {
		return "", Target{}, protoErr("the redirect points to %q; only gemini:// redirects are followed", clip(u.String()))
	}
	t, err := ParseTarget("gemini://" + u.Host)
	if err != nil {
		return "", Target{}, protoErr("the redirect points to a bad host: %v", err)
	}
	if u.Path == "" {
		u.Path = "/"
	}
	s := "gemini://" + t.authority() + u.EscapedPath()
	if u.RawQuery != "" {
		s += "?" + u.RawQuery
	}
	if len(s) > MaxHeader {
		return "", Target{}, protoErr("the redirect URL is longer than %d bytes", MaxHeader)
	}
	return s, t, nil
}

// isRobotsURL: a path ending in /robots.txt and no query.
func isRobotsURL(u string) bool {
	return !strings.Contains(u, "?") && strings.HasSuffix(u, "/robots.txt")
}

// geminiRequest makes one request over TLS (done here, not by the
// runtime: capsules use self-signed certificates, accepted and reported
// by fingerprint) and reads the status line and, for 2x, the body;
// when wantBody is given, only if it accepts the reply's meta (the body
// of an image is never read).
func geminiRequest(ctx context.Context, t Target, o Options, reqURL string, a *Attempt, wantBody func(meta string) bool) (status int, meta string, body []byte, truncated bool, err error) {
	raw, err := connect(ctx, t, o)
	if err != nil {
		return 0, "", nil, false, err
	}
	defer raw.Close()
	defer watch(ctx, raw)()
	cfg := &tls.Config{InsecureSkipVerify: true, MinVersion: tls.VersionTLS12}
	if !t.IsIP() {
		cfg.ServerName = t.Host
	}
	conn := tls.Client(raw, cfg)
	if err := conn.HandshakeContext(ctx); err != nil {
		var oe *net.OpError
		if isTimeout(ctx, err) || errors.As(err, &oe) && oe.Op == "dial" {
			return 0, "", nil, false, err // described as such
		}
		// A server that closes before TLS may show as a reset or as an
		// end of file, depending on timing: both are a failed handshake.
		why := strings.TrimPrefix(err.Error(), "tls: ")
		var errno syscall.Errno
		if errors.As(err, &errno) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			why = socketWords(err)
		}
		return 0, "", nil, false, protoErr("TLS failed: %s", why)
	}
	if certs := conn.ConnectionState().PeerCertificates; len(certs) > 0 {
		a.Fingerprint = Fingerprint(certs[0].Raw)
	}
	if _, err := conn.Write([]byte(reqURL + "\r\n")); err != nil {
		return 0, "", nil, false, err
	}
	br := bufio.NewReaderSize(conn, 4096)
	line, err := readLine(br, MaxHeader+5)
	if err != nil {
		return 0, "", nil, false, err
	}
	status, meta, err = parseStatus(line)
	if err != nil {
		return 0, "", nil, false, err
	}
	if status/10 != 2 || wantBody != nil && !wantBody(meta) {
		return status, meta, nil, false, nil
	}
	body, err = io.ReadAll(io.LimitReader(br, int64(o.MaxBody)+1))
	if err != nil && isTimeout(ctx, err) {
		return 0, "", nil, false, err
	}
	// Any other error ends the body: many servers close without a TLS
	// close_notify.
	if len(body) > o.MaxBody {
		body, truncated = body[:o.MaxBody], true
	}
	return status, meta, body, truncated, nil
}

// readLine reads up to and including "\n", refusing lines over max bytes.
func readLine(br *bufio.Reader, max int) (string, error) {
	var b []byte
	for {
		c, err := br.ReadByte()
		if err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				if len(b) == 0 {
					return "", protoErr("the server closed the connection without a status line")
				}
				return "", protoErr("the server closed the connection in the middle of the status line")
			}
			return "", err
		}
		b = append(b, c)
		if c == '\n' {
			return string(b), nil
		}
		if len(b) >= max {
			return "", protoErr("the status line is longer than %d bytes", MaxHeader)
		}
	}
}

// parseStatus reads "<2 digits>[ <meta>]\r\n"; a bare "\n" is accepted.
func parseStatus(line string) (int, string, error) {
	s := strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	bad := func() (int, string, error) {
		return 0, "", protoErr("the status line %q is not two digits and a space", clip(s))
	}
	if len(s) < 2 || s[0] < '1' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return bad()
	}
	if len(s) > 2 && s[2] != ' ' {
		return bad()
	}
	meta := ""
	if len(s) > 3 {
		meta = strings.TrimSpace(s[3:])
	}
	if len(meta) > MaxHeader {
		return 0, "", protoErr("the status line's meta is longer than %d bytes", MaxHeader)
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), meta, nil
}

// Fingerprint is the SHA-256 of a DER certificate, as openssl prints it.
func Fingerprint(der []byte) string {
	sum := sha256.Sum256(der)
	var sb strings.Builder
	for i, c := range sum {
		if i > 0 {
			sb.WriteByte(':')
		}
		fmt.Fprintf(&sb, "%02X", c)
	}
	return sb.String()
}
