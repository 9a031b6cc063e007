package fetch

import (
	"bytes"
	"context"
	"fmt"
	"mime"
	"net/url"
	"strconv"
	"strings"
)

// PageKind says what one page request gave.
type PageKind string

const (
	// KindLinks: a text/gemini page or a Gopher menu; Body holds it.
	KindLinks PageKind = "links"
	// KindOther: a Gemini 2x of another type; its body was not read.
	KindOther PageKind = "other-type"
	// KindStatus: a Gemini reply other than 2x (Status and Meta say which).
	KindStatus PageKind = "status"
	// KindNotMenu: a Gopher item that is not a menu; nothing was sent.
	KindNotMenu PageKind = "not-menu"
	// KindError: a Gopher error reply (Reply holds its text).
	KindError PageKind = "error-reply"
	// KindBinary: a Gopher reply that holds a NUL byte, not a menu.
	KindBinary PageKind = "binary"
	// KindEmpty: an empty Gopher reply.
	KindEmpty PageKind = "empty"
	// KindFailed: no answer: Error says why, Failure how.
	KindFailed PageKind = "failed"
)

// PageResult is one request for a page of a capsule or a Gopher hole:
// what `smolbots site` and the relay's GET /api/links read links from.
// A page is requested once: a Gemini redirect is reported, not followed.
type PageResult struct {
	URL  string   // the URL requested, without its fragment
	Sent string   // exactly what was sent; "" when nothing was
	Kind PageKind // what came back
	// Note is the reply in a few plain words: "20 text/gemini", "51 Not
	// found", "a menu", "an error reply: ...". Server text in it is as
	// sent: escape it before it reaches a terminal.
	Note string
	// Status and Meta are the Gemini status line's; 0 and "" for Gopher.
	Status int
	Meta   string
	// ItemType is the Gopher item type the URL names ('1' for the root);
	// 0 for Gemini.
	ItemType byte
	// Body is the page when Kind is KindLinks (for Gopher, without its
	// "." line), at most MaxBody bytes; nil otherwise.
	Body        []byte
	Truncated   bool   // the server sent more than MaxBody
	Reply       string // a Gopher error reply's text, on one line
	Fingerprint string // Gemini: the certificate's SHA-256
	Error       string
	Failure     Failure
}

// PageRequest is what a page request sends: the target to dial, the
// request line without its CRLF, and for Gopher the item type. It
// refuses a URL whose request would hold a CR, LF or TAB (a second
// request, or Gopher+ and search data), or a control byte.
func PageRequest(rawURL string) (t Target, request string, itemType byte, err error) {
	t, err = ParseTarget(rawURL)
	if err != nil {
		return Target{}, "", 0, err
	}
	_, _, rest, _ := SplitURL(rawURL)
	if t.Scheme == "gemini" {
		u, err := url.Parse(rest)
		if err != nil {
			return Target{}, "", 0, fmt.Errorf("%q is not a URL the page can be asked by: %v", clip(rawURL), unwrapURLError(err))
		}
		p := u.EscapedPath()
		if p == "" {
			p = "/"
		}
		request = t.URL() + p
		if u.RawQuery != "" {
			request += "?" + u.RawQuery
		}
		if len(request) > MaxHeader {
			return Target{}, "", 0, fmt.Errorf("the request URL is longer than %d bytes", MaxHeader)
		}
	} else {
		itemType = '1'
		path := strings.TrimPrefix(rest, "/")
		if path != "" {
			itemType, path = path[0], path[1:]
			if itemType == '%' && len(path) >= 2 && isHex(path[0]) && isHex(path[1]) {
				// An escaped item type, as GopherURL writes one that a
				// URL cannot carry as it is.
				b, _ := strconv.ParseUint(path[:2], 16, 8)
				itemType, path = byte(b), path[2:]
			}
			if i := strings.Index(path, "%09"); i >= 0 {
				path = path[:i] // search or Gopher+ data: not sent
			}
			request, err = url.PathUnescape(path)
			if err != nil {
				return Target{}, "", 0, fmt.Errorf("%q has a bad percent escape in its selector", clip(rawURL))
			}
		}
		if len(request) > MaxHeader {
			return Target{}, "", 0, fmt.Errorf("the selector is longer than %d bytes", MaxHeader)
		}
	}
	for i := 0; i < len(request); i++ {
		switch c := request[i]; {
		case c == '\r' || c == '\n' || c == '\t':
			return Target{}, "", 0, fmt.Errorf("the request would hold a %s, which no page request may carry", controlName(c))
		case c < 0x20 || c == 0x7f:
			return Target{}, "", 0, fmt.Errorf("the request would hold the control byte 0x%02X", c)
		}
	}
	return t, request, itemType, nil
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func controlName(c byte) string {
	switch c {
	case '\r':
		return "carriage return (CR)"
	case '\n':
		return "line feed (LF)"
	}
	return "tab"
}

func unwrapURLError(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

// IsGemtext reports whether a Gemini 2x meta is text/gemini (an empty
// meta is, as the specification says).
func IsGemtext(meta string) bool {
	if strings.TrimSpace(meta) == "" {
		return true
	}
	base, _, err := mime.ParseMediaType(meta)
	return err == nil && base == "text/gemini"
}

// Page makes one request for the page rawURL names (gemini:// or
// gopher://), under the same caps as Fetch: at most o.MaxBody bytes
// read, o.Timeout in all, every connection vetted. Only pages links can
// be read from are read: a Gemini body only when it is text/gemini, a
// Gopher item only when it is a menu (another type is not requested at
// all). It returns an error only for a URL it will not request; every
// network outcome is in the result.
func Page(ctx context.Context, rawURL string, o Options) (*PageResult, error) {
	t, req, itemType, err := PageRequest(rawURL)
	if err != nil {
		return nil, err
	}
	o = o.withDefaults()
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	r := &PageResult{URL: req, ItemType: itemType}
	if t.Scheme == "gopher" {
		r.URL = GopherURL(t, itemType, req)
		if itemType != '1' {
			r.Kind = KindNotMenu
			r.Note = fmt.Sprintf("item type %s is not a menu, so it was not requested", strconv.QuoteRune(rune(itemType)))
			return r, nil
		}
		pageGopher(ctx, t, o, req, r)
		return r, nil
	}
	pageGemini(ctx, t, o, req, r)
	return r, nil
}

func pageGemini(ctx context.Context, t Target, o Options, req string, r *PageResult) {
	r.Sent = req + "\r\n"
	var a Attempt
	status, meta, body, truncated, err := geminiRequest(ctx, t, o, req, &a, IsGemtext)
	r.Fingerprint = a.Fingerprint
	if err != nil {
		pageFail(ctx, r, err, o)
		return
	}
	r.Status, r.Meta = status, meta
	r.Note = strconv.Itoa(status)
	if meta != "" {
		r.Note += " " + meta
	}
	switch {
	case status/10 != 2:
		r.Kind = KindStatus
	case IsGemtext(meta):
		r.Kind, r.Body, r.Truncated = KindLinks, body, truncated
		if meta == "" {
			r.Note += " (text/gemini)"
		}
	default:
		r.Kind = KindOther
		r.Note += ": not text/gemini, so its body was not read"
	}
}

func pageGopher(ctx context.Context, t Target, o Options, sel string, r *PageResult) {
	r.Sent = sel + "\r\n"
	body, truncated, err := gopherRequest(ctx, t, o, sel)
	if err != nil {
		pageFail(ctx, r, err, o)
		return
	}
	body = stripDotLine(body)
	head := body
	if len(head) > 8192 {
		head = head[:8192]
	}
	first := firstLine(body)
	switch {
	case len(bytes.TrimSpace(body)) == 0:
		r.Kind, r.Note = KindEmpty, "an empty reply"
	case bytes.IndexByte(head, 0) >= 0:
		r.Kind, r.Note = KindBinary, "binary data, not a menu"
	case len(first) > 0 && first[0] == '3' && bytes.IndexByte(first, '\t') >= 0,
		!isMenuLine(first) && bytes.HasPrefix(bytes.ToLower(first), []byte("error")):
		r.Kind, r.Reply = KindError, errorReply(body)
		r.Note = "an error reply: " + r.Reply
	default:
		r.Kind, r.Note, r.Body, r.Truncated = KindLinks, "a menu", body, truncated
	}
}

// firstLine is the first line of b that is not blank, without its end.
func firstLine(b []byte) []byte {
	for len(b) > 0 {
		var line []byte
		line, b, _ = bytes.Cut(b, []byte("\n"))
		if line = bytes.TrimRight(line, "\r"); len(bytes.TrimSpace(line)) > 0 {
			return line
		}
	}
	return nil
}

func pageFail(ctx context.Context, r *PageResult, err error, o Options) {
	var res Result
	fail(ctx, &res, nil, err, o)
	r.Kind, r.Error, r.Failure, r.Note = KindFailed, res.Error, res.Failure, res.Error
}

// GopherURL is the RFC 4266 URL of a selector on the target, with the
// item type given; bytes a URL cannot carry as they are (and "%", "?",
// "#") are percent-encoded, so that the selector reads back exactly.
func GopherURL(t Target, itemType byte, selector string) string {
	var b strings.Builder
	b.WriteString(t.URL())
	b.WriteByte('/')
	if itemType == '1' && selector == "" {
		return b.String()
	}
	b.WriteString(escapeSelector(string([]byte{itemType})))
	b.WriteString(escapeSelector(selector))
	return b.String()
}

func escapeSelector(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~!$&'()*+,;=:@/", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
