package audit

import (
	"bytes"
	"fmt"
	"strings"
	"time"
)

// Kind says what a line is.
type Kind uint8

const (
	// NoMatch: the line matches no format the reader looks for.
	NoMatch Kind = iota
	// Other: a line of a known format that records no request (a server
	// starting, a TLS failure before any request, a connection opened),
	// or a syslog line of another program.
	Other
	// Request: a request, described by the Entry.
	Request
)

// Entry is one request as a log line records it. Its byte slices point
// into the line, or into the reader's scratch space for a request it had
// to unescape, and hold until the reader reads the next line.
type Entry struct {
	Format *Format
	// Client is the address as written ("[2001:db8::5]", "203.0.113.7",
	// a host name when the server looked one up). It is empty when the
	// log records none (geminid) and "-" where agate hides it.
	Client []byte
	// Time is the request's time in Unix seconds, when HasTime.
	Time    int64
	HasTime bool
	// Target is the URL or selector asked for, as the server logged it
	// (a gophernicus item type taken off; agate's escapes undone).
	Target []byte
	// Protocol is "gemini" or "gopher"; "" for another protocol that a
	// multi-protocol server (PyGopherd) also serves, such as HTTP.
	Protocol string
	// Served: the server answered with the resource (Gemini 2x, HTTP-style
	// 200, "serving"). True where the log does not say.
	Served bool
}

func (e *Entry) reset() { *e = Entry{} }

// String is the entry as the golden tests write it.
func (e *Entry) String() string {
	t := "-"
	if e.HasTime {
		t = FormatTime(e.Time)
	}
	p := e.Protocol
	if p == "" {
		p = "other"
	}
	return fmt.Sprintf("%s client=%q time=%s target=%q protocol=%s served=%v", e.Format.Name, e.Client, t, e.Target, p, e.Served)
}

// Format is one server's access-log format.
type Format struct {
	Name   string // what -format takes: "molly-brown", "gmid-legacy"
	Family string // the server: "gmid" for its four styles
	// Protocol is what the server speaks: "gemini", "gopher", or "" when
	// each line says (PyGopherd).
	Protocol string
	// Source is the code that writes the line, repo@commit:path:lines.
	Source string
	// Where the lines go by default, and how to get them.
	Where string
	// ident: the syslog ident the server logs under, when it logs there.
	ident string
	// syslogOnly: the lines exist only inside syslog framing.
	syslogOnly bool
	read       func(r *LineReader, b []byte, e *Entry) Kind
}

// LineReader reads log lines one at a time, recognising each line's
// format (or only the formats it was told to read). It keeps the last
// format that matched and tries it first, so a file in one format costs
// one attempt per line. Not safe for concurrent use.
type LineReader struct {
	formats []*Format // direct formats to try, in order
	all     []*Format // every format read, syslog-only ones too
	syslog  bool      // whether syslog framing is tried
	byIdent map[string][]*Format
	lastSys *Format // the last format met under a tag not its own
	last    int     // index in formats of the last direct match; -1 for syslog
	now     time.Time
	loc     *time.Location
	scratch []byte
	sysTag  []byte // the syslog tag of the line being read (motsognir's address is in it)
}

// ReaderOptions configure a LineReader.
type ReaderOptions struct {
	// Format is "auto" (or ""), a format's Name, or a server's Family
	// ("gmid": its four styles).
	Format string
	// Now and Location place the traditional syslog stamp, which has no
	// year and no zone: in Location (default time.Local), in the year
	// that puts it at most a day after Now (default time.Now()).
	Now      time.Time
	Location *time.Location
}

// NewLineReader makes a reader for opt.Format; the error names the
// formats when the name is unknown.
func NewLineReader(opt ReaderOptions) (*LineReader, error) {
	// Any format's lines may arrive through syslog or the journal.
	r := &LineReader{now: opt.Now, loc: opt.Location, byIdent: map[string][]*Format{}, syslog: true}
	if r.now.IsZero() {
		r.now = time.Now()
	}
	if r.loc == nil {
		r.loc = time.Local
	}
	name := strings.ToLower(strings.TrimSpace(opt.Format))
	found := false
	for _, f := range Formats() {
		if name != "" && name != "auto" && name != f.Name && name != f.Family {
			continue
		}
		found = true
		r.all = append(r.all, f)
		if f.ident != "" {
			// inetd's convention names a server in.NAME, and a
			// server that opens syslog under the name it was run
			// as (gophernicus) logs so.
			r.byIdent[f.ident] = append(r.byIdent[f.ident], f)
			r.byIdent["in."+f.ident] = append(r.byIdent["in."+f.ident], f)
		}
		if !f.syslogOnly {
			r.formats = append(r.formats, f)
		}
	}
	if !found {
		return nil, fmt.Errorf("unknown log format %q; use auto or one of %s", opt.Format, strings.Join(FormatNames(), ", "))
	}
	return r, nil
}

// FormatNames lists what -format takes besides auto, server by server:
// a server with several formats (gmid, gophernicus) by its name first,
// then each format.
func FormatNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, f := range Formats() {
		if seen[f.Family] {
			continue
		}
		seen[f.Family] = true
		var styles []string
		for _, g := range Formats() {
			if g.Family == f.Family {
				styles = append(styles, g.Name)
			}
		}
		if len(styles) > 1 && styles[0] != f.Family {
			names = append(names, f.Family)
		}
		names = append(names, styles...)
	}
	return names
}

// Read reads one line (without its line end) into e. A trailing CR is
// ignored.
func (r *LineReader) Read(line []byte, e *Entry) Kind {
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if r.last >= 0 && r.last < len(r.formats) {
		if k := r.try(r.formats[r.last], line, e); k != NoMatch {
			return k
		}
	} else if r.last < 0 && r.syslog {
		if k := r.readSyslog(line, e); k != NoMatch {
			return k
		}
	}
	for i, f := range r.formats {
		if i == r.last {
			continue
		}
		if k := r.try(f, line, e); k != NoMatch {
			r.last = i
			return k
		}
	}
	if r.last >= 0 && r.syslog {
		if k := r.readSyslog(line, e); k != NoMatch {
			r.last = -1
			return k
		}
	}
	e.reset()
	return NoMatch
}

func (r *LineReader) try(f *Format, line []byte, e *Entry) Kind {
	e.reset()
	k := blankClient(f.read(r, line, e), e)
	if k != NoMatch {
		e.Format = f
	}
	return k
}

// blankClient refuses a request whose client holds a blank: every format
// writes the client as one field (an address, or a name without
// blanks), so such a line is not what the format writes, whatever else
// of it the reader took.
func blankClient(k Kind, e *Entry) Kind {
	if k == Request && bytes.ContainsAny(e.Client, " \t") {
		e.reset()
		return NoMatch
	}
	return k
}
