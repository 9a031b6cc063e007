package audit

import (
	"bytes"
	"slices"
	"unicode/utf8"
)

// Syslog framing. Several servers log through syslog (gophernicus,
// gmid's default, PyGopherd's default, Motsognir always), and every
// server's lines reach the journal when it runs as a unit (standard
// output and error, under the unit's SyslogIdentifier), so their lines
// arrive behind a prefix, in one of the forms syslog daemons and
// journalctl write:
//
//	Mar  1 12:34:56 HOST IDENT[PID]: MESSAGE          traditional (rsyslog, journalctl -o short), local time, no year
//	Mar  1 12:34:56.123456 HOST IDENT[PID]: MESSAGE   journalctl -o short-precise
//	2024-03-01T12:34:56.123+01:00 HOST IDENT[PID]: M  rsyslog's RFC 3339 file format, journalctl -o short-iso(-precise)
//	<30>1 2024-03-01T12:34:56Z HOST APP PROCID MSGID SD MESSAGE   RFC 5424
//	IDENT[PID]: MESSAGE                               no header: LOG_PERROR's copy on standard error
//
// A "<PRI>" may stand before the first three as well. The message is
// recognised by its own shape, whatever the tag: a unit may name its
// server anything (agate's ships as "gemini"). The ident only says which
// server's formats to try first, and whose a line about something else
// is. Lines of other programs are Other, so a whole /var/log/syslog can be
// audited.
func (r *LineReader) readSyslog(b []byte, e *Entry) Kind {
	t, hasTime, tag, msg, headerless, ok := r.syslogFrame(b)
	if !ok {
		return NoMatch
	}
	r.sysTag = tag
	fs := r.byIdent[string(identOf(tag))]
	k := r.readMessage(fs, msg, e)
	if k == NoMatch {
		e.reset()
		switch {
		case fs != nil:
			e.Format = fs[0]
			return Other // the server's own line about something else
		case headerless:
			return NoMatch // without a header, "name[1]: text" is no proof of syslog
		}
		return Other // another program's line
	}
	if !e.HasTime {
		e.Time, e.HasTime = t, hasTime
	}
	return k
}

// readMessage reads a syslog message: first by the formats of its ident
// (fs), then by any other format whose shape it has. A request is taken
// at once; a line that the ident's formats call their own but record no
// request is so only if no other format reads a request in it (a
// server's ident can carry another of its outputs: gophernicus's file
// lines under its own tag). A format met under another tag counts only
// by what its reader recognises for certain: a syslog-only format (which
// takes any message of its ident as its own) only by a request.
func (r *LineReader) readMessage(fs []*Format, msg []byte, e *Entry) Kind {
	var own *Format
	for _, f := range fs {
		e.reset()
		switch blankClient(f.read(r, msg, e), e) {
		case Request:
			e.Format = f
			return Request
		case Other:
			if own == nil {
				own = f
			}
		}
	}
	// A request wins over another format's "other line" whatever the
	// order the formats are tried in (the last one met is tried first),
	// and a line about something else under a known server's ident is
	// that server's.
	var other *Format
	try := func(f *Format) Kind {
		k := r.readForeign(f, msg, e)
		if k == Other {
			if other == nil && len(fs) == 0 {
				other = f
			}
			return NoMatch
		}
		return k
	}
	if f := r.lastSys; f != nil && !slices.Contains(fs, f) {
		if k := try(f); k != NoMatch {
			return k
		}
	}
	for _, f := range r.all {
		if f == r.lastSys || slices.Contains(fs, f) {
			continue
		}
		if k := try(f); k != NoMatch {
			r.lastSys = f
			return k
		}
	}
	if other != nil {
		e.reset()
		e.Format = other
		r.lastSys = other
		return Other
	}
	e.reset()
	if own != nil {
		e.Format = own
		return Other
	}
	return NoMatch
}

func (r *LineReader) readForeign(f *Format, msg []byte, e *Entry) Kind {
	e.reset()
	k := blankClient(f.read(r, msg, e), e)
	if k == NoMatch || f.syslogOnly && k != Request {
		return NoMatch
	}
	e.Format = f
	return k
}

// syslogFrame splits a syslog line into its time, tag and message.
func (r *LineReader) syslogFrame(b []byte) (t int64, hasTime bool, tag, msg []byte, headerless, ok bool) {
	if len(b) > 2 && b[0] == '<' {
		end := bytes.IndexByte(b[:min(len(b), 5)], '>')
		if end < 2 || !allDigits(b[1:end]) {
			return 0, false, nil, nil, false, false
		}
		b = b[end+1:]
		if len(b) > 2 && b[0] == '1' && b[1] == ' ' {
			t, hasTime, tag, msg, ok = rfc5424(b[2:])
			return t, hasTime, tag, msg, false, ok
		}
	}
	var rest []byte
	switch {
	case month(b, 0) != 0:
		t, hasTime = syslogStamp(b, r.now, r.loc)
		if !hasTime || len(b) < 16 {
			return 0, false, nil, nil, false, false
		}
		n := 15
		if b[n] == '.' { // short-precise's microseconds
			n++
			for n < len(b) && b[n] >= '0' && b[n] <= '9' {
				n++
			}
		}
		if n >= len(b) || b[n] != ' ' {
			return 0, false, nil, nil, false, false
		}
		rest = b[n+1:]
	case len(b) > 0 && b[0] >= '0' && b[0] <= '9':
		var n int
		t, n, hasTime = rfc3339(b)
		if !hasTime || n >= len(b) || b[n] != ' ' {
			return 0, false, nil, nil, false, false
		}
		rest = b[n+1:]
	default:
		tag, msg, ok = headerlessTag(b)
		return 0, false, tag, msg, true, ok
	}
	host, rest, ok := token(rest)
	if !ok || len(host) > 255 {
		return 0, false, nil, nil, false, false
	}
	// The tag is a program's name and its bracketed parts (see isTag): a
	// line whose "tag" has other words is some program's own format, such
	// as gmid's condensed file lines, not syslog.
	colon := bytes.Index(rest, []byte(": "))
	if colon <= 0 || colon > 128 || !isTag(rest[:colon]) {
		if bytes.HasSuffix(rest, []byte{':'}) && len(rest) > 1 && isTag(rest[:len(rest)-1]) {
			return t, hasTime, rest[:len(rest)-1], nil, false, true // an empty message
		}
		return 0, false, nil, nil, false, false
	}
	return t, hasTime, rest[:colon], rest[colon+2:], false, true
}

// headerlessTag reads "IDENT[PID]: MESSAGE", the form glibc's LOG_PERROR
// copies to standard error (and "motsognir [ADDR][PID]: "): the tag must
// end in a bracketed PID, so that a line of a server's own format (such
// as PyGopherd's "ADDR [Protocol/Handler]: ") is not taken for one.
func headerlessTag(b []byte) (tag, msg []byte, ok bool) {
	colon := bytes.Index(b[:min(len(b), 130)], []byte("]:"))
	if colon <= 0 {
		return nil, nil, false
	}
	tag = b[:colon+1]
	open := bytes.LastIndexByte(tag, '[')
	if open <= 0 || !allDigits(tag[open+1:colon]) || !isTag(tag) || !isName(identOf(tag)) {
		return nil, nil, false
	}
	msg = b[colon+2:]
	if len(msg) > 0 {
		if msg[0] != ' ' {
			return nil, nil, false
		}
		msg = msg[1:]
	}
	return tag, msg, true
}

// isName: a program's name, as an ident is.
func isName(b []byte) bool {
	for _, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-' || c == '/') {
			return false
		}
	}
	return len(b) > 0
}

// isTag: a syslog tag is one word, the program's name (RFC 3164's TAG),
// followed by bracketed parts, [PID] and for motsognir [ADDR][PID], the
// first of which may follow a blank ("motsognir [192.0.2.1][600]").
func isTag(b []byte) bool {
	i := bytes.IndexAny(b, " \t[")
	if i == 0 {
		return false
	}
	if i < 0 {
		return true
	}
	rest := b[i:]
	if rest[0] == ' ' {
		rest = rest[1:]
	}
	if len(rest) == 0 {
		return false // a blank after the name, and nothing bracketed
	}
	for len(rest) > 0 {
		if rest[0] != '[' {
			return false
		}
		end := bytes.IndexByte(rest, ']')
		if end < 0 || bytes.ContainsAny(rest[:end], " \t") {
			return false
		}
		rest = rest[end+1:]
	}
	return true
}

// rfc5424 reads what follows "<PRI>1 ": TIMESTAMP HOST APP PROCID MSGID
// STRUCTURED-DATA [MSG]. The tag is made "APP[PROCID]" as the other forms
// write it.
func rfc5424(b []byte) (t int64, hasTime bool, tag, msg []byte, ok bool) {
	ts, rest, ok := token(b)
	if !ok {
		return 0, false, nil, nil, false
	}
	if !bytes.Equal(ts, []byte("-")) {
		var n int
		t, n, hasTime = rfc3339(ts)
		if !hasTime || n != len(ts) {
			return 0, false, nil, nil, false
		}
	}
	var app, procid []byte
	if _, rest, ok = token(rest); !ok { // HOST
		return 0, false, nil, nil, false
	}
	if app, rest, ok = token(rest); !ok {
		return 0, false, nil, nil, false
	}
	if procid, rest, ok = token(rest); !ok {
		return 0, false, nil, nil, false
	}
	if _, rest, ok = token(rest); !ok { // MSGID
		return 0, false, nil, nil, false
	}
	// STRUCTURED-DATA: "-" or one or more [elements], "\]" escaped inside.
	switch {
	case len(rest) > 0 && rest[0] == '-':
		rest = rest[1:]
	case len(rest) > 0 && rest[0] == '[':
		for len(rest) > 0 && rest[0] == '[' {
			i := 1
			for i < len(rest) && rest[i] != ']' {
				if rest[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(rest) {
				return 0, false, nil, nil, false
			}
			rest = rest[i+1:]
		}
	default:
		return 0, false, nil, nil, false
	}
	if len(rest) > 0 {
		if rest[0] != ' ' {
			return 0, false, nil, nil, false
		}
		rest = rest[1:]
	}
	rest = bytes.TrimPrefix(rest, []byte("\xEF\xBB\xBF"))
	tag = app
	if !bytes.Equal(procid, []byte("-")) {
		tag = make([]byte, 0, len(app)+len(procid)+2)
		tag = append(append(append(append(tag, app...), '['), procid...), ']')
	}
	// Motsognir's ident "motsognir [ADDR]" has a blank: a daemon that
	// splits it keeps "[ADDR][PID]: " at the start of the message.
	if bytes.Equal(app, []byte("motsognir")) && len(rest) > 0 && rest[0] == '[' {
		if k := bytes.Index(rest, []byte("]: ")); k > 0 {
			tag = append([]byte("motsognir "), rest[:k+1]...)
			rest = rest[k+3:]
		}
	}
	return t, hasTime, tag, rest, true
}

// identOf is the program name in a tag: "gophernicus[4242]" ->
// "gophernicus", "motsognir [203.0.113.7][812]" -> "motsognir".
func identOf(tag []byte) []byte {
	for i, c := range tag {
		if c == '[' || c == ' ' {
			tag = tag[:i]
			break
		}
	}
	if i := bytes.LastIndexByte(tag, '/'); i >= 0 {
		return tag[i+1:] // an ident written as the program's path
	}
	return tag
}

func encodeRune(p []byte, r rune) int { return utf8.EncodeRune(p, r) }
