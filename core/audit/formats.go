package audit

import "bytes"

// The access-log formats of the Gemini and Gopher servers people run,
// each read from the code that writes it (Format.Source). Every reader
// checks the whole shape of its line, so auto-detection cannot take one
// format for another; where a field the client controls (a URL, a
// selector) may hold the separators around it, the reader takes the first
// place where the rest of the line has the format's shape: a client can
// shorten what the audit sees of its own request, never make it longer
// or move it to another client.

var formats = []*Format{
	{
		Name: "molly-brown", Family: "molly-brown", Protocol: "gemini",
		Source: "RobinBoers/molly-brown@e1b63e3e22245fdc9ef940f2bba0674c23fda43c:logging.go:18-29",
		Where:  "the AccessLog file (default access.log in the working directory)",
		read:   readMollyBrown,
	},
	{
		Name: "geomyidae", Family: "geomyidae", Protocol: "gopher",
		Source: "StygianBlues/geomyidae@1375ce4688358eca4db5bd1f0309863a574d250e:main.c:99-119",
		Where:  "the file named by -l",
		read:   readGeomyidae,
	},
	{
		Name: "agate", Family: "agate", Protocol: "gemini",
		Source: "mbrubeck/agate@e05186cc57db9e107894b67590048d3bed2c28d1:src/main.rs:433-449,591-598,822",
		Where:  "standard error; the client's address only with --log-ip",
		read:   readAgate,
	},
	{
		Name: "agate-legacy", Family: "agate", Protocol: "gemini",
		Source: "mbrubeck/agate@06aa1311966090c35b7729e1d30476e01f03649c:src/main.rs:17,120,181 (v1.3.2; the same lines through v2.3.0)",
		Where:  "standard error, agate 1.3.0 to 2.3.0; no client address",
		read:   readAgateLegacy,
	},
	{
		Name: "geminid", Family: "geminid", Protocol: "gemini",
		Source: "jovoro/geminid@eec25221eadfa47b09de5bd0dc15e90b1263d43a:log.c:76-92",
		Where:  "one access log per virtual host; no client address",
		read:   readGeminid,
	},
	{
		Name: "gemserv", Family: "gemserv", Protocol: "gemini",
		Source: "Treer/gemserv@eb129467f119ac6c0325f7f35133a349b147b051:src/logger.rs:27-32",
		Where:  "standard output (simple_logger 1.16, UTC)",
		read:   readGemserv,
	},
	{
		Name: "gmid-condensed", Family: "gmid", Protocol: "gemini", ident: "gmid",
		Source: "omar-polo/gmid@0d5c318401b698eb8da9bda00c9d6d48bf6e0e57:gmid.c:155-163",
		Where:  "syslog, or the file of `log access`, with `log style condensed`",
		read:   readGmidCondensed,
	},
	{
		Name: "jetforce", Family: "jetforce", Protocol: "gemini",
		Source: "michael-lazar/jetforce@5b99a2312c9f993f645b0c319d4198916d477145:jetforce/protocol.py:337-354",
		Where:  "standard output",
		read:   readJetforce,
	},
	{
		Name: "gophernicus", Family: "gophernicus", Protocol: "gopher",
		Source: "gophernicus/gophernicus@a84026b5940ed1b3d012d6287630d9cb8daa59a7:src/gophernicus.c:188-216",
		Where:  "the file named by -l (off by default)",
		read:   readGophernicus,
	},
	{
		Name: "gmid-combined", Family: "gmid", Protocol: "gemini", ident: "gmid",
		Source: "omar-polo/gmid@0d5c318401b698eb8da9bda00c9d6d48bf6e0e57:gmid.c:184-191",
		Where:  "syslog, or the file of `log access`, with `log style combined`",
		read:   readGmidCombined,
	},
	{
		Name: "gmid-common", Family: "gmid", Protocol: "gemini", ident: "gmid",
		Source: "omar-polo/gmid@0d5c318401b698eb8da9bda00c9d6d48bf6e0e57:gmid.c:170-177",
		Where:  "syslog, or the file of `log access`, with `log style common`",
		read:   readGmidCommon,
	},
	{
		Name: "gmid-legacy", Family: "gmid", Protocol: "gemini", ident: "gmid",
		Source: "omar-polo/gmid@0d5c318401b698eb8da9bda00c9d6d48bf6e0e57:gmid.c:150-153",
		Where:  "syslog (daemon.notice, the default), or the file of `log access`, where its lines have no time",
		read:   readGmidLegacy,
	},
	{
		Name: "pygopherd", Family: "pygopherd", ident: "pygopherd",
		Source: "michael-lazar/pygopherd@54c18d6fcc90150588a972e8dbc6034512ea45bd:pygopherd/protocols/base.py:75-85",
		Where:  "syslog (local3.info, the default), or standard output with logmethod = file, where its lines have no time",
		read:   readPyGopherd,
	},
	{
		Name: "gophernicus-syslog", Family: "gophernicus", Protocol: "gopher", ident: "gophernicus", syslogOnly: true,
		Source: "gophernicus/gophernicus@a84026b5940ed1b3d012d6287630d9cb8daa59a7:src/gophernicus.c:140-142,880-886",
		Where:  "syslog (daemon.info, on unless -ns)",
		read:   readGophernicusSyslog,
	},
	{
		Name: "motsognir", Family: "motsognir", Protocol: "gopher", ident: "motsognir", syslogOnly: true,
		Source: "unisx/motsognir@45a9ca8bd1785ed0e795c4e1d649c3e0ab801b0b:motsognir.c:1284-1287,1560",
		Where:  "syslog only; the client's address is in the ident",
		read:   readMotsognir,
	},
}

// Formats lists the formats the audit reads, in the order auto-detection
// tries them.
func Formats() []*Format { return formats }

// FormatByName is the format of that Name.
func FormatByName(name string) *Format {
	for _, f := range formats {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// token is b up to the first space (or all of it), and the rest after
// that space; ok false when the token is empty.
func token(b []byte) (tok, rest []byte, ok bool) {
	i := bytes.IndexByte(b, ' ')
	if i < 0 {
		return b, nil, len(b) > 0
	}
	return b[:i], b[i+1:], i > 0
}

func allDigits(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// status2 reads a Gemini status, two digits.
func status2(b []byte) (int, bool) {
	if len(b) != 2 || !allDigits(b) {
		return 0, false
	}
	return int(b[0]-'0')*10 + int(b[1]-'0'), true
}

func geminiServed(status int) bool { return status/10 == 2 }

// noSpace: a field the format writes without blanks.
func noSpace(b []byte) bool {
	return len(b) > 0 && bytes.IndexByte(b, ' ') < 0 && bytes.IndexByte(b, '\t') < 0
}

// molly-brown: TIME \t ADDR \t STATUS \t URL, the time as Go's RFC 3339
// in the server's zone, the address with its port cut at the last ':'
// (IPv6 keeps its brackets), the URL as Go re-serialises it or "-" when
// the request could not be read.
func readMollyBrown(r *LineReader, b []byte, e *Entry) Kind {
	t, n, ok := rfc3339(b)
	if !ok || n >= len(b) || b[n] != '\t' {
		return NoMatch
	}
	rest := b[n+1:]
	i := bytes.IndexByte(rest, '\t')
	if i < 0 {
		return NoMatch
	}
	addr, rest := rest[:i], rest[i+1:]
	i = bytes.IndexByte(rest, '\t')
	if i < 1 || i > 2 || !noSpace(addr) || !allDigits(rest[:i]) || i+1 == len(rest) || bytes.IndexByte(rest[i+1:], '\t') >= 0 {
		return NoMatch
	}
	status, url := int(rest[0]-'0'), rest[i+1:]
	if i == 2 {
		status = status*10 + int(rest[1]-'0')
	}
	if len(url) == 1 && url[0] == '-' {
		return Other // no request could be read from the connection
	}
	e.Client, e.Time, e.HasTime, e.Target, e.Protocol, e.Served = addr, t, true, url, "gemini", geminiServed(status)
	return Request
}

// geomyidae: [%F %T %z|CLIENT|PORT|STATUS] SELECTOR, in UTC. CLIENT is a
// host name unless -n turned reverse lookups off. Lines whose selector
// is "-" record a connection, not a request (connected, disconnected,
// listening).
func readGeomyidae(r *LineReader, b []byte, e *Entry) Kind {
	if len(b) < 27 || b[0] != '[' || b[26] != '|' {
		return NoMatch
	}
	t, ok := spaceDateTimeZone(b[1:26])
	if !ok {
		return NoMatch
	}
	rest := b[27:]
	f := bytes.SplitN(rest, []byte{'|'}, 3)
	if len(f) != 3 || !noSpace(f[0]) || !allDigits(f[1]) {
		return NoMatch
	}
	end := bytes.Index(f[2], []byte("] "))
	if end < 0 {
		if bytes.HasSuffix(f[2], []byte("]")) {
			return Other // a status with no selector after it
		}
		return NoMatch
	}
	status, sel := f[2][:end], f[2][end+2:]
	if len(sel) == 0 || bytes.Equal(sel, []byte("-")) {
		return Other
	}
	served := bytes.Equal(status, []byte("serving")) || bytes.Equal(status, []byte("dir listing"))
	e.Client, e.Time, e.HasTime, e.Target, e.Protocol, e.Served = f[0], t, true, sel, "gopher", served
	return Request
}

// agate, through env_logger: [TIME LEVEL agate] LOCAL ADDR "REQUEST"
// STATUS "META"[ error:...], the time in UTC. ADDR is "-" unless agate
// runs with --log-ip. The request is the line as sent, escaped with
// Rust's escape_default. A TLS or address failure logs "" with status 00
// or 01: no request.
func readAgate(r *LineReader, b []byte, e *Entry) Kind {
	t, rest, k := agateHead(b)
	if k != Request {
		return k
	}
	if bytes.HasPrefix(rest, agateGotRequest) {
		return NoMatch // agate-legacy's
	}
	var ok bool
	// The server's side: "ip:port", or "unix:[socket name]".
	if bytes.HasPrefix(rest, []byte("unix:[")) {
		k := bytes.Index(rest, []byte("] "))
		if k < 0 {
			return Other
		}
		rest = rest[k+2:]
	} else if _, rest, ok = token(rest); !ok {
		return Other
	}
	addr, rest, ok := token(rest)
	if !ok || len(rest) < 2 || rest[0] != '"' {
		return Other // "Started listener on ...", and other messages
	}
	req, after, ok := rustQuoted(rest, r.scratch[:0])
	if !ok {
		return Other
	}
	r.scratch = req
	statusTok, _, _ := token(bytes.TrimPrefix(after, []byte{' '}))
	status, ok := status2(statusTok)
	if !ok || len(after) == 0 || after[0] != ' ' {
		return Other
	}
	if len(req) == 0 {
		return Other // TLS error (00), no address (01), or an unreadable request
	}
	e.Client, e.Time, e.HasTime, e.Target, e.Protocol, e.Served = addr, t, true, req, "gemini", geminiServed(status)
	return Request
}

// agateHead reads env_logger's "[TIME LEVEL agate] " (the level padded
// to five, the module agate or agate::...): the time and the message.
// Kind is NoMatch when the line is not agate's, Other when it is but
// has no message, Request when a message follows.
func agateHead(b []byte) (t int64, msg []byte, k Kind) {
	if len(b) < 2 || b[0] != '[' {
		return 0, nil, NoMatch
	}
	t, n, ok := rfc3339(b[1:])
	if !ok {
		return 0, nil, NoMatch
	}
	rest := bytes.TrimLeft(b[1+n:], " ")
	level, rest, ok := token(rest)
	if !ok || !isLevel(level) {
		return 0, nil, NoMatch
	}
	rest = bytes.TrimLeft(rest, " ")
	end := bytes.IndexByte(rest, ']')
	if end < 0 {
		return 0, nil, NoMatch
	}
	module := rest[:end]
	if !bytes.Equal(module, []byte("agate")) && !bytes.HasPrefix(module, []byte("agate::")) {
		return 0, nil, NoMatch
	}
	rest = rest[end+1:]
	if len(rest) == 0 || rest[0] != ' ' {
		return t, nil, Other
	}
	return t, rest[1:], Request
}

var agateGotRequest = []byte(`Got request for "`)

// agate 1.3.0 to 2.3.0 logged a request in two lines, `Got request for
// "REQUEST"` (the line as sent, Rust's Debug quoting) and later
// `Responding with status ...`, through env_logger, and named no client
// (1.3 only with AGATE_LOG=info; 2.0 to 2.3 by default). Concurrent
// requests interleave, so the status line cannot be paired with its
// request: each request is read alone, as served, from no known client.
func readAgateLegacy(r *LineReader, b []byte, e *Entry) Kind {
	t, rest, k := agateHead(b)
	if k != Request {
		return k
	}
	rest, ok := bytes.CutPrefix(rest, agateGotRequest[:len(agateGotRequest)-1])
	if !ok {
		return NoMatch // agate's other lines are read as agate's (-format agate reads both)
	}
	req, after, ok := rustQuoted(rest, r.scratch[:0])
	if !ok || len(after) > 0 {
		return Other
	}
	r.scratch = req
	if len(req) == 0 {
		return Other
	}
	e.Time, e.HasTime, e.Target, e.Protocol, e.Served = t, true, req, "gemini", true
	return Request
}

func isLevel(b []byte) bool {
	switch string(b) {
	case "ERROR", "WARN", "INFO", "DEBUG", "TRACE":
		return true
	}
	return false
}

// rustQuoted reads a "..." string written with Rust's escape_default at
// the start of b, appending its text to buf: the text, what follows the
// closing quote, and ok.
func rustQuoted(b, buf []byte) (text, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	for i := 1; i < len(b); i++ {
		c := b[i]
		switch c {
		case '"':
			return buf, b[i+1:], true
		case '\\':
			if i+1 >= len(b) {
				return nil, nil, false
			}
			i++
			switch b[i] {
			case 't':
				buf = append(buf, '\t')
			case 'r':
				buf = append(buf, '\r')
			case 'n':
				buf = append(buf, '\n')
			case '\\', '\'', '"':
				buf = append(buf, b[i])
			case '0': // Debug's escape_debug writes NUL so
				buf = append(buf, 0)
			case 'u':
				// \u{HEX}
				if i+1 >= len(b) || b[i+1] != '{' {
					return nil, nil, false
				}
				end := bytes.IndexByte(b[i:], '}')
				if end < 0 || end < 3 || end > 8 {
					return nil, nil, false
				}
				v := rune(0)
				for _, h := range b[i+2 : i+end] {
					d := hexVal(h)
					if d < 0 {
						return nil, nil, false
					}
					v = v<<4 | rune(d)
				}
				buf = appendRune(buf, v)
				i += end
			default:
				return nil, nil, false
			}
		default:
			buf = append(buf, c)
		}
	}
	return nil, nil, false
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func appendRune(b []byte, r rune) []byte {
	var tmp [4]byte
	n := encodeRune(tmp[:], r)
	return append(b, tmp[:n]...)
}

// geminid: [%d/%b/%Y:%H:%M:%S %z] REQUEST HOST PATH STATUS BYTES - -, in
// UTC by default (the time format is configurable; only the default is
// read). No client address at all.
func readGeminid(r *LineReader, b []byte, e *Entry) Kind {
	if len(b) < 29 || b[0] != '[' || b[27] != ']' || b[28] != ' ' {
		return NoMatch
	}
	t, ok := clf(b[1:27])
	if !ok {
		return NoMatch
	}
	rest, ok := bytes.CutSuffix(b[29:], []byte(" - -"))
	if !ok {
		return NoMatch
	}
	sp := bytes.LastIndexByte(rest, ' ')
	if sp < 0 || !allDigits(bytes.TrimPrefix(rest[sp+1:], []byte{'-'})) {
		return NoMatch
	}
	rest = rest[:sp]
	sp = bytes.LastIndexByte(rest, ' ')
	if sp < 0 {
		return NoMatch
	}
	status, ok := status2(rest[sp+1:])
	if !ok {
		return NoMatch
	}
	req, _, ok := token(rest[:sp])
	if !ok || bytes.Equal(req, []byte("-")) {
		return Other
	}
	e.Time, e.HasTime, e.Target, e.Protocol, e.Served = t, true, req, "gemini", geminiServed(status)
	return Request
}

// gemserv 0.6.5, through simple_logger 1.16 with UTC stamps:
// "YYYY-MM-DD HH:MM:SS,mmm LEVEL [gemserv::logger] remote=ADDR:PORT
// status=N request=URL". The level may carry colour escapes (the colored
// crate writes them to files too).
func readGemserv(r *LineReader, b []byte, e *Entry) Kind {
	y, mo, d, h, mi, s, ok := dateTime(b, 0, ' ')
	if !ok || len(b) < 24 || b[19] != ',' || digits(b, 20, 3) < 0 || b[23] != ' ' {
		return NoMatch
	}
	t, ok := unix(y, mo, d, h, mi, s, 0)
	if !ok {
		return NoMatch
	}
	rest := b[24:]
	open := bytes.Index(rest, []byte(" [gemserv"))
	if open < 0 || open > 32 {
		return NoMatch
	}
	rest = rest[open+2:]
	end := bytes.IndexByte(rest, ']')
	if end < 0 {
		return NoMatch
	}
	if !bytes.Equal(rest[:end], []byte("gemserv::logger")) {
		return Other
	}
	rest = rest[end+1:]
	remote, ok := bytes.CutPrefix(rest, []byte(" remote="))
	if !ok {
		return Other
	}
	addr, rest, ok := token(remote)
	if !ok {
		return Other
	}
	colon := bytes.LastIndexByte(addr, ':')
	if colon <= 0 || !allDigits(addr[colon+1:]) {
		return Other
	}
	st, rest, ok := token(rest)
	stv, ok2 := bytes.CutPrefix(st, []byte("status="))
	if !ok || !ok2 || !allDigits(stv) || len(stv) > 2 {
		return Other
	}
	req, ok := bytes.CutPrefix(rest, []byte("request="))
	if !ok || len(req) == 0 {
		return Other
	}
	status := 0
	for _, c := range stv {
		status = status*10 + int(c-'0')
	}
	e.Client, e.Time, e.HasTime, e.Target, e.Protocol, e.Served = addr[:colon], t, true, req, "gemini", geminiServed(status)
	return Request
}

// gmid condensed: %FT%T%z ADDR CN VHOST URL 0 0 STATUS META.
func readGmidCondensed(r *LineReader, b []byte, e *Entry) Kind {
	t, n, ok := rfc3339(b)
	if !ok || n >= len(b) || b[n] != ' ' {
		return NoMatch
	}
	addr, rest, ok := token(b[n+1:])
	if !ok {
		return NoMatch
	}
	cn, rest, ok := token(rest)
	if !ok || cn[len(cn)-1] == ':' { // a syslog tag ends with ':'
		return NoMatch
	}
	if _, rest, ok = token(rest); !ok { // VHOST
		return NoMatch
	}
	for i := 0; ; {
		k := bytes.Index(rest[i:], []byte(" 0 0 "))
		if k < 0 {
			return NoMatch
		}
		k += i
		tail := rest[k+5:]
		if status, ok := status2(tail[:min(2, len(tail))]); ok && (len(tail) == 2 || tail[2] == ' ') && k > 0 {
			e.Client, e.Time, e.HasTime, e.Target, e.Protocol, e.Served = addr, t, true, rest[:k], "gemini", geminiServed(status)
			return Request
		}
		i = k + 1
	}
}

// gmid combined: ADDR - CN [%d/%b/%Y:%H:%M:%S %z] "URL" STATUS 0 "-" "",
// the time with or without the slash before the year (gmidStamp).
func readGmidCombined(r *LineReader, b []byte, e *Entry) Kind {
	addr, rest, ok := token(b)
	if !ok {
		return NoMatch
	}
	rest, ok = bytes.CutPrefix(rest, []byte("- "))
	if !ok {
		return NoMatch
	}
	if _, rest, ok = token(rest); !ok { // CN
		return NoMatch
	}
	if len(rest) < 30 || rest[0] != '[' {
		return NoMatch
	}
	t, n, ok := gmidStamp(rest[1:])
	if !ok || len(rest) < n+5 || rest[n+1] != ']' || rest[n+2] != ' ' || rest[n+3] != '"' {
		return NoMatch
	}
	body, ok := bytes.CutSuffix(rest[n+4:], []byte(` 0 "-" ""`))
	if !ok || len(body) < 4 {
		return NoMatch
	}
	return gmidRequest(body, addr, t, e)
}

// gmidRequest reads the end gmid's combined and common styles share,
// `URL" STATUS` (the URL's opening quote already gone), into e.
func gmidRequest(body, addr []byte, t int64, e *Entry) Kind {
	status, ok := status2(body[len(body)-2:])
	if !ok || body[len(body)-3] != ' ' || body[len(body)-4] != '"' {
		return NoMatch
	}
	url := body[:len(body)-4]
	if len(url) == 0 {
		return Other
	}
	e.Client, e.Time, e.HasTime, e.Target, e.Protocol, e.Served = addr, t, true, url, "gemini", geminiServed(status)
	return Request
}

// gmid common: VHOST ADDR - CN %d/%b/%Y:%H:%M:%S %z "URL" STATUS 0 (the
// time without brackets, with or without the slash before the year).
func readGmidCommon(r *LineReader, b []byte, e *Entry) Kind {
	_, rest, ok := token(b) // VHOST
	if !ok {
		return NoMatch
	}
	addr, rest, ok := token(rest)
	if !ok {
		return NoMatch
	}
	rest, ok = bytes.CutPrefix(rest, []byte("- "))
	if !ok {
		return NoMatch
	}
	if _, rest, ok = token(rest); !ok { // CN
		return NoMatch
	}
	t, n, ok := gmidStamp(rest)
	if !ok || len(rest) < n+2 || rest[n] != ' ' || rest[n+1] != '"' {
		return NoMatch
	}
	body, ok := bytes.CutSuffix(rest[n+2:], []byte(" 0"))
	if !ok || len(body) < 4 {
		return NoMatch
	}
	return gmidRequest(body, addr, t, e)
}

// gmid legacy, the default style: ADDR:PORT GET URL STATUS META, with no
// time of its own (syslog's framing gives one; a file has none). An IPv6
// address has no brackets: the port is after the last ':'.
func readGmidLegacy(r *LineReader, b []byte, e *Entry) Kind {
	hostport, rest, ok := token(b)
	if !ok {
		return NoMatch
	}
	colon := bytes.LastIndexByte(hostport, ':')
	if colon <= 0 || !allDigits(hostport[colon+1:]) || !noSpace(hostport[:colon]) {
		return NoMatch // a numeric host from getnameinfo holds no tab either
	}
	rest, ok = bytes.CutPrefix(rest, []byte("GET "))
	if !ok {
		return NoMatch
	}
	for i := 0; ; {
		k := bytes.IndexByte(rest[i:], ' ')
		if k < 0 {
			return NoMatch
		}
		k += i
		tail := rest[k+1:]
		if status, ok := status2(tail[:min(2, len(tail))]); ok && (len(tail) == 2 || tail[2] == ' ') && k > 0 {
			e.Client, e.Target, e.Protocol, e.Served = hostport[:colon], rest[:k], "gemini", geminiServed(status)
			return Request
		}
		i = k + 1
	}
}

// jetforce: ADDR [%d/%b/%Y:%H:%M:%S %z] "URL" STATUS "META" BYTES, the
// time the connection's start in the local zone. Quotes in the URL are
// written as they are; in META they are escaped as \", so META's opening
// quote is the last one not preceded by a backslash.
func readJetforce(r *LineReader, b []byte, e *Entry) Kind {
	if k := jetforceAccess(b, e); k != NoMatch {
		return k
	}
	if jetforceBanner(b) {
		return Other
	}
	return NoMatch
}

// jetforce prints its banner and start-up messages to standard error
// (server.py's ABOUT and run(), log_message): a log of both streams, or
// the journal of its unit, holds them, and they are jetforce's lines, not
// unknown ones. Colour escapes surround the art on a terminal.
var jetforceArt = []string{
	"You are now riding on...",
	"_________    _____________",
	"______  /______  /___  __/_______________________",
	`___ _  /_  _ \  __/_  /_ _  __ \_  ___/  ___/  _ \`,
	`/ /_/ / /  __/ /_ _  __/ / /_/ /  /   / /__ /  __/`,
	`\____/  \___/\__/ /_/    \____//_/    \___/ \___/`,
	"https://github.com/michael-lazar/jetforce",
	"TLS is disabled",
	"PROXY protocol is enabled",
	"Generating ad-hoc certificate files...",
}

var jetforcePrefixes = []string{
	"An Experimental Gemini Server, v",
	"Server hostname is ",
	"Root directory: ",
	"TLS Certificate File: ",
	"TLS Private Key File: ",
	"Listening on ",
}

func jetforceBanner(b []byte) bool {
	b = ansiStripped(b)
	for _, a := range jetforceArt {
		if string(b) == a {
			return true
		}
	}
	for _, p := range jetforcePrefixes {
		if len(b) <= len(p) || string(b[:len(p)]) != p {
			continue
		}
		rest := b[len(p):]
		if p == "Listening on " {
			// "HOST:PORT" or "[HOST]:PORT"
			i := bytes.LastIndexByte(rest, ':')
			return i > 0 && allDigits(rest[i+1:]) && noSpace(rest)
		}
		return true
	}
	return false
}

// ansiStripped is b without colour escapes (ESC [ ... m).
func ansiStripped(b []byte) []byte {
	if bytes.IndexByte(b, 0x1b) < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == 0x1b && i+1 < len(b) && b[i+1] == '[' {
			j := i + 2
			for j < len(b) && (b[j] >= '0' && b[j] <= '9' || b[j] == ';') {
				j++
			}
			if j < len(b) && b[j] == 'm' {
				i = j
				continue
			}
		}
		out = append(out, b[i])
	}
	return out
}

func jetforceAccess(b []byte, e *Entry) Kind {
	addr, rest, ok := token(b)
	if !ok || len(rest) < 30 || rest[0] != '[' || rest[27] != ']' || rest[28] != ' ' || rest[29] != '"' {
		return NoMatch
	}
	t, ok := clf(rest[1:27])
	if !ok {
		return NoMatch
	}
	body := rest[30:]
	sp := bytes.LastIndexByte(body, ' ')
	if sp < 0 || !allDigits(body[sp+1:]) {
		return NoMatch
	}
	body = body[:sp]
	if len(body) < 2 || body[len(body)-1] != '"' {
		return NoMatch
	}
	open := -1
	for i := len(body) - 2; i >= 0; i-- {
		if body[i] == '"' && (i == 0 || body[i-1] != '\\') {
			open = i
			break
		}
	}
	// before META: "URL" STATUS, so ...'"' ' ' digits ' ' '"'
	if open < 5 || body[open-1] != ' ' {
		return NoMatch
	}
	head := body[:open-1]
	sp = bytes.LastIndexByte(head, ' ')
	if sp < 1 || head[sp-1] != '"' || len(head[sp+1:]) == 0 || len(head[sp+1:]) > 2 || !allDigits(head[sp+1:]) {
		return NoMatch
	}
	status := 0
	for _, c := range head[sp+1:] {
		status = status*10 + int(c-'0')
	}
	url := head[:sp-1]
	if len(url) == 0 {
		return Other
	}
	e.Client, e.Time, e.HasTime, e.Target, e.Protocol, e.Served = addr, t, true, url, "gemini", geminiServed(status)
	return Request
}

// gophernicus's -l file: ADDR HOST:PORT - [%d/%b/%Y:%T %z] "GET
// TSELECTOR HTTP/1.0" STATUS BYTES "REFERRER" "Unknown gopher client".
// T is the item type the server chose, written before the selector
// (which gophernicus always starts with '/', or URL:). STATUS is 200 or
// 404.
func readGophernicus(r *LineReader, b []byte, e *Entry) Kind {
	addr, rest, ok := token(b)
	if !ok {
		return NoMatch
	}
	hostport, rest, ok := token(rest)
	if !ok || bytes.IndexByte(hostport, ':') < 0 {
		return NoMatch
	}
	rest, ok = bytes.CutPrefix(rest, []byte("- ["))
	if !ok || len(rest) < 32 || rest[26] != ']' {
		return NoMatch
	}
	t, ok := clf(rest[:26])
	if !ok {
		return NoMatch
	}
	req, ok := bytes.CutPrefix(rest[27:], []byte(` "GET `))
	if !ok {
		return NoMatch
	}
	for i := 0; ; {
		k := bytes.Index(req[i:], []byte(` HTTP/1.0" `))
		if k < 0 {
			return NoMatch
		}
		k += i
		if status, ok := gophernicusTail(req[k+11:]); ok && k >= 2 {
			e.Client, e.Time, e.HasTime, e.Target, e.Protocol, e.Served = addr, t, true, req[1:k], "gopher", status == 200
			return Request
		}
		i = k + 1
	}
}

// gophernicusTail reads `STATUS BYTES "REFERRER" "AGENT"`: the status.
func gophernicusTail(b []byte) (status int, ok bool) {
	st, rest, ok := token(b)
	if !ok || len(st) != 3 || !allDigits(st) {
		return 0, false
	}
	size, rest, ok := token(rest)
	if !ok || !allDigits(bytes.TrimPrefix(size, []byte{'-'})) || len(rest) < 5 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return 0, false
	}
	return int(st[0]-'0')*100 + int(st[1]-'0')*10 + int(st[2]-'0'), true
}

// PyGopherd: ADDR [ProtocolClass/HandlerClass]: SELECTOR, written before
// the request is handled, with no status; errors are ADDR [P/H]
// EXCEPTION Class: message. The protocol class says which protocol
// (GopherProtocol, GopherPlusProtocol, GeminiProtocol, SpartanProtocol,
// HTTPProtocol, ...). Through syslog by default; logmethod = file writes
// the same text to standard output with no time.
func readPyGopherd(r *LineReader, b []byte, e *Entry) Kind {
	addr, rest, ok := token(b)
	if !ok || len(rest) < 3 || rest[0] != '[' {
		return NoMatch
	}
	end := bytes.IndexByte(rest, ']')
	if end < 0 {
		return NoMatch
	}
	classes := rest[1:end]
	slash := bytes.IndexByte(classes, '/')
	if slash <= 0 || slash == len(classes)-1 || !isIdent(classes[:slash]) || !isIdent(classes[slash+1:]) {
		return NoMatch
	}
	rest = rest[end+1:]
	if bytes.HasPrefix(rest, []byte(" EXCEPTION ")) {
		return Other
	}
	sel, ok := bytes.CutPrefix(rest, []byte(": "))
	if !ok {
		return NoMatch
	}
	proto := classes[:slash]
	switch {
	case bytes.Equal(proto, []byte("GeminiProtocol")):
		e.Protocol = "gemini"
	case bytes.Contains(proto, []byte("Gopher")):
		e.Protocol = "gopher"
	default:
		e.Protocol = "" // HTTP, WAP, Spartan: not a robots.txt for gemini or gopher
	}
	if len(sel) == 0 {
		sel = []byte("/")
	}
	e.Client, e.Target, e.Served = addr, sel, true
	return Request
}

func isIdent(b []byte) bool {
	for _, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return len(b) > 0
}

// gophernicus in syslog: request for "gopher://HOST:PORT/TSELECTOR" from
// ADDR (gophers:// under TLS), logged once the resource is found; a
// failure is error "MESSAGE" for request "SELECTOR" from ADDR, with
// " (strerror)" after it when errno was set.
func readGophernicusSyslog(r *LineReader, b []byte, e *Entry) Kind {
	if rest, ok := bytes.CutPrefix(b, []byte(`request for "`)); ok {
		k := bytes.LastIndex(rest, []byte(`" from `))
		if k < 0 {
			return Other
		}
		url, addr := rest[:k], rest[k+7:]
		if !noSpace(addr) {
			return Other
		}
		for _, scheme := range [][]byte{[]byte("gopher://"), []byte("gophers://")} {
			if after, ok := bytes.CutPrefix(url, scheme); ok {
				slash := bytes.IndexByte(after, '/')
				if slash < 0 || slash+2 >= len(after) {
					return Other
				}
				e.Client, e.Target, e.Protocol, e.Served = addr, after[slash+2:], "gopher", true
				return Request
			}
		}
		return Other
	}
	if rest, ok := bytes.CutPrefix(b, []byte(`error "`)); ok {
		k := bytes.LastIndex(rest, []byte(`" for request "`))
		if k < 0 {
			return Other
		}
		rest = rest[k+15:]
		k = bytes.LastIndex(rest, []byte(`" from `))
		if k <= 0 {
			return Other
		}
		sel := rest[:k]
		addr, _, ok := token(rest[k+7:])
		if !ok {
			return Other
		}
		e.Client, e.Target, e.Protocol, e.Served = addr, sel, "gopher", false
		return Request
	}
	return Other
}

// Motsognir, syslog only: the ident is "motsognir [ADDR]", and a request
// is "Requested resource: SELECTOR / Local resource: PATH", the selector
// with a leading '/' added and its escapes decoded. The raw request is
// logged before it as Query='...'; only the first is counted.
func readMotsognir(r *LineReader, b []byte, e *Entry) Kind {
	rest, ok := bytes.CutPrefix(b, []byte("Requested resource: "))
	if !ok {
		return Other
	}
	addr := bracketed(r.sysTag)
	if !noSpace(addr) {
		// A syslog that kept only "motsognir" as the app name may leave
		// "[ADDR][PID]: " at the start of the message.
		return Other
	}
	// The local path is the root followed by the selector, so the
	// separator is the one after which the path ends with the selector.
	sep := []byte(" / Local resource: ")
	first, k := -1, 0
	for {
		i := bytes.Index(rest[k:], sep)
		if i < 0 {
			break
		}
		i += k
		if first < 0 {
			first = i
		}
		if bytes.HasSuffix(rest[i+len(sep):], rest[:i]) {
			first = i
			break
		}
		k = i + 1
	}
	if first <= 0 {
		return Other
	}
	e.Client, e.Target, e.Protocol, e.Served = addr, rest[:first], "gopher", true
	return Request
}

// bracketed is the text in the first [...] of a syslog tag
// ("motsognir [203.0.113.7][812]" -> "203.0.113.7"), or nil.
func bracketed(tag []byte) []byte {
	i := bytes.IndexByte(tag, '[')
	if i < 0 {
		return nil
	}
	j := bytes.IndexByte(tag[i:], ']')
	if j <= 1 {
		return nil
	}
	v := tag[i+1 : i+j]
	if allDigits(v) {
		return nil // a PID, not an address
	}
	return v
}
