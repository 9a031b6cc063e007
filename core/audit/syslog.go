package audit

import (
	"bytes"
	"unicode/utf8"
)

// Syslog framing. Several servers log through syslog (gophernicus,
// gmid's default, PyGopherd's default, Motsognir always), so their lines
// arrive behind a prefix, in one of the forms syslog daemons and
// journalctl write:
//
//	Mar  1 12:34:56 HOST IDENT[PID]: MESSAGE          traditional (rsyslog, journalctl -o short), local time, no year
//	2024-03-01T12:34:56.123+01:00 HOST IDENT[PID]: M  rsyslog's RFC 3339 file format, journalctl -o short-iso(-precise)
//	<30>1 2024-03-01T12:34:56Z HOST APP PROCID MSGID SD MESSAGE   RFC 5424
//
// A "<PRI>" may stand before the first two as well. The message is read
// by the format of its ident; lines of other programs are Other, so a
// whole /var/log/syslog can be audited.
func (r *LineReader) readSyslog(b []byte, e *Entry) Kind {
	t, hasTime, tag, msg, ok := r.syslogFrame(b)
	if !ok {
		return NoMatch
	}
	fs := r.byIdent[string(identOf(tag))]
	e.reset()
	if fs == nil {
		return Other // another program's line
	}
	r.sysTag = tag
	for _, f := range fs {
		e.reset()
		if k := blankClient(f.read(r, msg, e), e); k != NoMatch {
			e.Format = f
			if !e.HasTime {
				e.Time, e.HasTime = t, hasTime
			}
			return k
		}
	}
	e.reset()
	e.Format = fs[0]
	return Other // the server's own line about something else
}

// syslogFrame splits a syslog line into its time, tag and message.
func (r *LineReader) syslogFrame(b []byte) (t int64, hasTime bool, tag, msg []byte, ok bool) {
	if len(b) > 2 && b[0] == '<' {
		end := bytes.IndexByte(b[:min(len(b), 5)], '>')
		if end < 2 || !allDigits(b[1:end]) {
			return 0, false, nil, nil, false
		}
		b = b[end+1:]
		if len(b) > 2 && b[0] == '1' && b[1] == ' ' {
			return rfc5424(b[2:])
		}
	}
	var rest []byte
	switch {
	case month(b, 0) != 0:
		t, hasTime = syslogStamp(b, r.now, r.loc)
		if !hasTime || len(b) < 16 || b[15] != ' ' {
			return 0, false, nil, nil, false
		}
		rest = b[16:]
	default:
		var n int
		t, n, hasTime = rfc3339(b)
		if !hasTime || n >= len(b) || b[n] != ' ' {
			return 0, false, nil, nil, false
		}
		rest = b[n+1:]
	}
	host, rest, ok := token(rest)
	if !ok || len(host) > 255 {
		return 0, false, nil, nil, false
	}
	// The tag is a program's name and its bracketed parts (see isTag): a
	// line whose "tag" has other words is some program's own format, such
	// as gmid's condensed file lines, not syslog.
	colon := bytes.Index(rest, []byte(": "))
	if colon <= 0 || colon > 128 || !isTag(rest[:colon]) {
		if bytes.HasSuffix(rest, []byte{':'}) && len(rest) > 1 && isTag(rest[:len(rest)-1]) {
			return t, hasTime, rest[:len(rest)-1], nil, true // an empty message
		}
		return 0, false, nil, nil, false
	}
	return t, hasTime, rest[:colon], rest[colon+2:], true
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
			return tag[:i]
		}
	}
	return tag
}

func encodeRune(p []byte, r rune) int { return utf8.EncodeRune(p, r) }
