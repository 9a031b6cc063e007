package core

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// fileLines are the file's lines as the dialect splits them into fields:
// the shared lexer's, or a copy re-read by a crawler's own line syntax
// (same positions and text, other field and value).
//
// A reader that reads past MaxBytes (readsPastCut) gets the file's lines
// but the last, then that line in full and the lines after it up to its
// limit; of those, only the ones that can change its groups are kept, so
// that a padded file costs little.
func (d *Dialect) FileLines(f *File) []Line {
	more := d.readsPastCut(f) && !d.tooLong(f)
	if !more && d.Lines == StandardLines && !(d.LFLines && f.LoneCR) && !(d.bomInText(f) && f.BOM) && !d.UTF8Only && !d.tooLong(f) {
		return nil // the shared lexer's lines
	}
	n := len(f.Lines)
	if more {
		n-- // the line cut at MaxBytes is read again, whole
	}
	// gopher2019 keeps only the lines it can group: a file of lone CRs
	// is one unread line to it, not a copy of every line.
	fieldsOnly := d.Grouping == NoGroups && d.Crawler == nil && !more
	var lines, scratch []Line
	if lines = []Line{}; !fieldsOnly { // never nil: nil is the shared lexer's lines
		lines = make([]Line, 0, len(f.Lines))
	}
	joined := false // the previous line ended in a lone CR
	for i := range n {
		l := f.Lines[i]
		if d.TrimCR && d.LFLines && crPadded(f.Lines[:n], i) {
			l.Terminator = "\n" // the CRs after it are trimmed off its end
		}
		if !fieldsOnly {
			lines = d.appendRead(lines, f, l, &joined)
			continue
		}
		scratch = d.appendRead(scratch[:0], f, l, &joined)
		for _, r := range scratch {
			if r.groupable() {
				parts := *r.FieldParts // not a pointer into the file's parts
				r.FieldParts = &parts
				lines = append(lines, r)
			}
		}
	}
	if !more {
		if fieldsOnly {
			lines = slices.Clip(lines)
		}
		return lines
	}
	offset := 0
	if f.BOM {
		offset = 3
	}
	text := f.held[:min(len(f.held), d.readLimit()-offset)]
	at := f.Lines[n].Pos
	at.Offset -= offset
	keepBlank := d.Grouping == PythonRecords || d.Grouping == BlankLineRecords
	var parts []FieldParts
	var read []Line
	lexLines(text, at, offset, &parts, func(l Line) {
		read = d.appendRead(read[:0], f, l, &joined)
		for _, l := range read {
			var last *Line
			if len(lines) > 0 {
				last = &lines[len(lines)-1]
			}
			switch {
			case l.groupable():
			case l.IsBlank() && keepBlank && (last == nil || l.Kind != last.Kind):
			case l.Kind == FieldLine && d.Grouping == AgentRunsAnyField && (last == nil || last.Kind != FieldLine || last.groupable()):
			default:
				continue // changes nothing the grouping sees
			}
			lines = append(lines, l)
		}
	})
	if d.UTF8Only && f.InvalidUTF8Line == 0 && !utf8.ValidString(text) {
		// Not UTF-8 past the cut: read as an empty file, as before it.
		for i := range lines {
			if lines[i].Kind == FieldLine {
				lines[i].Kind, lines[i].FieldParts = NoColon, noFieldParts
			}
		}
	}
	return lines
}

// appendRead appends line l as the dialect reads it: one line, or for
// PythonLines and ProtegoLines (Protego splits and strips lines as
// robotparser does, scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:314,327-332)
// the lines Python's splitlines makes of it.
func (d *Dialect) appendRead(lines []Line, f *File, l Line, joined *bool) []Line {
	if d.Lines != PythonLines && d.Lines != ProtegoLines || !pyOdd(l.Text) || d.UTF8Only && f.InvalidUTF8Line > 0 || d.tooLong(f) {
		return append(lines, d.readLine(f, l, joined))
	}
	text, start := l.Text, 0
	for i := 0; i <= len(text); {
		n := pythonBreak(text[i:])
		if i < len(text) && n == 0 {
			i++
			continue
		}
		piece := pythonLine(l, start, i)
		if i == len(text) {
			piece.Terminator = l.Terminator
		}
		lines = append(lines, d.readLine(f, piece, joined))
		if i == len(text) {
			break
		}
		i += n
		start = i
	}
	return lines
}

// pyOdd: the line holds a byte where Python may break or trim a line
// where the shared lexer does not; on plain ASCII the two agree.
func pyOdd(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\v' || c == '\f' || c >= 0x1c && c <= 0x1f || c >= 0x80 {
			return true
		}
	}
	return false
}

// pythonBreak is the length of the line break that s starts with, as
// str.splitlines counts them besides CR and LF (VT, FF, FS, GS, RS, NEL,
// LS, PS), or 0.
func pythonBreak(s string) int {
	switch {
	case s == "":
		return 0
	case s[0] == '\v' || s[0] == '\f' || s[0] >= 0x1c && s[0] <= 0x1e:
		return 1
	case strings.HasPrefix(s, "\u0085"):
		return 2
	case strings.HasPrefix(s, "\u2028") || strings.HasPrefix(s, "\u2029"):
		return 3
	}
	return 0
}

// pySpace is str.isspace: Go's unicode.IsSpace and the separators FS,
// GS, RS and US.
func pySpace(r rune) bool { return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f }

// pythonLine is l.Text[from:to] read as robotparser's parse() reads a
// line: the comment cut, then str.strip() (every Unicode space), then the
// field split at the first colon, each side stripped
// (Lib/urllib/robotparser.py:104-114 in CPython 3.11).
func pythonLine(l Line, from, to int) Line {
	var parts []FieldParts
	return lexLineSpaces(l.Text[from:to], Pos{Line: l.Pos.Line, Col: l.Pos.Col + from, Offset: l.Pos.Offset + from}, &parts, pySpace)
}

// crPadded: line i ends at a lone CR, and up to the next LF (or the
// end of the file) only spaces and CRs follow, which a TrimCR reader
// trims off the line's end. (Past MaxBytes, such lines are not joined
// back: a reader of more than the cut reads a CR-padded line there as
// LFLines alone would.)
func crPadded(lines []Line, i int) bool {
	if lines[i].Terminator != "\r" {
		return false
	}
	for j := i + 1; j < len(lines); j++ {
		if strings.TrimSpace(lines[j].Text) != "" {
			return false
		}
		if lines[j].Terminator != "\r" {
			return true
		}
	}
	return true
}

// readsPastCut: the file is longer than MaxBytes and the reader reads more.
func (d *Dialect) readsPastCut(f *File) bool {
	return f.held != "" && d.readLimit() > MaxBytes
}

// readLine is one line as the dialect's own line syntax reads it.
func (d *Dialect) readLine(f *File, l Line, joined *bool) Line {
	if d.UTF8Only && f.InvalidUTF8Line > 0 || d.tooLong(f) {
		// Read as an empty file: no line is a field.
		if l.Kind == FieldLine || l.Kind == NoColon {
			l.Kind, l.FieldParts = NoColon, noFieldParts
		}
		return l
	}
	switch d.Lines {
	case ProtegoLines:
		l = protegoLine(l)
	case LastColonLines:
		l = lastColonLine(l)
	case LineStartDirectives:
		l = lineStartDirective(l)
	case DisallowPrefixLines:
		l = disallowPrefixLine(l)
	case TokenLines:
		l = tokenLine(l)
	case TrimmedLines:
		var parts []FieldParts
		t := lexLineSpaces(l.Text, l.Pos, &parts, unicode.IsSpace)
		t.Terminator = l.Terminator
		l = t
	}
	if d.LFLines {
		// Only LF ends a line: lines split by a lone CR are one line
		// to the crawler, which reads no field in it.
		if *joined || l.Terminator == "\r" {
			l.Kind, l.FieldParts = NoColon, noFieldParts
		}
		*joined = l.Terminator == "\r"
	}
	if d.bomInText(f) && l.Pos.Line == 1 && f.BOM && l.Kind == FieldLine {
		// The first field name starts with the BOM: not one the
		// crawler knows.
		parts := *l.FieldParts // shared with the file: change a copy
		parts.Name, parts.Key, parts.Typo = "\uFEFF"+parts.Name, "", ""
		l.FieldParts = &parts
	}
	return l
}

// bomInText: a UTF-8 BOM stays in line 1's field name. AuraGem puts its
// line before the BOM, which then starts line 1's field name
// (clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:404-407;
// temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:scanner.go:47-51 skips it only first).
func (d *Dialect) bomInText(f *File) bool {
	return d.BOMInText || d.Preamble == PreambleStarUnlessUserAgent && f.BOM && d.preambleFor(f) == PreambleStarRun
}

// lastColonLine reads a line as `[ \t]*(.*):[ \t]*(.*)` fully matched
// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/robots_txt_parser.cpp:17,23-30): the
// field runs to the last colon, the value keeps comments and trailing
// blanks, and a CR (which `.` does not match) leaves the line unread.
func lastColonLine(l Line) Line {
	out := Line{Pos: l.Pos, Text: l.Text, Terminator: l.Terminator, Kind: NoColon, FieldParts: noFieldParts}
	colon := strings.LastIndexByte(l.Text, ':')
	if colon < 0 || strings.IndexByte(l.Text, '\r') >= 0 {
		if strings.TrimLeft(l.Text, " \t") == "" {
			out.Kind = l.Kind
		}
		return out
	}
	lead := len(l.Text) - len(strings.TrimLeft(l.Text, " \t"))
	if lead > colon {
		lead = colon
	}
	out.Kind, out.FieldParts = FieldLine, &FieldParts{}
	out.Name = l.Text[lead:colon]
	rest := l.Text[colon+1:]
	vlead := len(rest) - len(strings.TrimLeft(rest, " \t"))
	out.Value = rest[vlead:]
	vo := colon + 1 + vlead
	out.ValuePos = Pos{Line: l.Pos.Line, Col: vo + 1, Offset: l.Pos.Offset + vo}
	switch strings.ToLower(out.Name) {
	case "user-agent":
		out.Key = UserAgent
	case "disallow":
		out.Key = Disallow
	}
	return out
}

// lineStartDirective reads a line as Gemplex does
// (elektito/gemplex@70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e:cmd/gemplex/crawl.go:589-606): a comment
// only at the start of a line, and a directive only when the line starts
// with it and goes on past its colon (the CR of a CRLF counts).
func lineStartDirective(l Line) Line {
	out := Line{Pos: l.Pos, Text: l.Text, Terminator: l.Terminator, Kind: NoColon, FieldParts: noFieldParts}
	text := l.Text
	if l.Terminator == "\r\n" {
		text += "\r" // split on LF only, the CR is still there
	}
	switch {
	case strings.HasPrefix(text, "#"):
		out.Kind = CommentOnly
		return out
	case l.IsBlank():
		out.Kind = l.Kind
		return out
	}
	for _, k := range []Field{UserAgent, Disallow} {
		n := len(k) + 1
		if len(text) > n && strings.EqualFold(text[:n], string(k)+":") {
			out.Kind, out.FieldParts = FieldLine, &FieldParts{Key: k, Name: text[:n-1]}
			rest := text[n:]
			out.Value = strings.TrimSpace(rest)
			vo := n + len(rest) - len(strings.TrimLeft(rest, " \t\r\n\v\f"))
			out.ValuePos = Pos{Line: l.Pos.Line, Col: vo + 1, Offset: l.Pos.Offset + vo}
			return out
		}
	}
	return out
}

// disallowPrefixLine reads a line as gemini-grc does
// (antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:robotsMatch/robots.go:33-40): trimmed,
// only `disallow:` at its start counts, the value keeps any comment.
func disallowPrefixLine(l Line) Line {
	out := Line{Pos: l.Pos, Text: l.Text, Terminator: l.Terminator, Kind: NoColon, FieldParts: noFieldParts}
	t := strings.TrimSpace(l.Text)
	const k = "disallow:"
	if len(t) < len(k) || !strings.EqualFold(t[:len(k)], k) {
		if t == "" {
			out.Kind = l.Kind
		}
		return out
	}
	lead := strings.Index(l.Text, t[:len(k)])
	out.Kind, out.FieldParts = FieldLine, &FieldParts{Key: Disallow, Name: t[:len(k)-1]}
	rest := t[len(k):]
	out.Value = strings.TrimSpace(rest)
	vo := lead + len(k) + len(rest) - len(strings.TrimLeft(rest, " \t\r\n\v\f"))
	out.ValuePos = Pos{Line: l.Pos.Line, Col: vo + 1, Offset: l.Pos.Offset + vo}
	return out
}

// protegoFields are the field names Protego knows, as its second chance
// compares them: exactly, lower case
// (scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:16-22,30-37).
var protegoFields = map[string]bool{
	"disallow": true, "dissallow": true, "dissalow": true, "disalow": true, "diasllow": true, "disallaw": true,
	"allow": true, "user-agent": true, "useragent": true, "user agent": true,
	"sitemap": true, "sitemaps": true, "site-map": true, "crawl-delay": true, "crawl delay": true,
	"request-rate": true, "request rate": true, "host": true,
}

// protegoLine reads a line as Protego does where it differs from the
// shared lexer: a line with no colon whose first words, split at single
// spaces, are a lower-case field name is that field with the rest as its
// value; a User-agent value other than * loses its stars.
func protegoLine(l Line) Line {
	switch {
	case l.Kind == NoColon:
		content := l.Text
		if i := strings.IndexByte(content, '#'); i >= 0 {
			content = content[:i]
		}
		content = strings.TrimSpace(content)
		parts := strings.Split(content, " ")
		field := parts[0]
		for i := 1; i < len(parts); i++ {
			if !protegoFields[field] {
				field += " " + parts[i]
				continue
			}
			value := strings.TrimSpace(strings.Join(parts[i:], " "))
			if value == "" {
				return l
			}
			out := Line{Pos: l.Pos, Text: l.Text, Terminator: l.Terminator, Kind: FieldLine, HasComment: l.HasComment,
				FieldParts: &FieldParts{Name: field, Value: value}}
			out.Key, out.Typo = lookupField(field)
			start := strings.Index(l.Text, field) + len(field)
			vo := start + strings.Index(l.Text[start:], value)
			out.ValuePos = Pos{Line: l.Pos.Line, Col: vo + 1, Offset: l.Pos.Offset + vo}
			return out
		}
	case l.Kind == FieldLine && (l.Key == UserAgent || l.Typo == UserAgent) && l.Value != "*" && strings.Contains(l.Value, "*"):
		if v := strings.ReplaceAll(l.Value, "*", ""); v != "" {
			parts := *l.FieldParts // shared with the file: change a copy
			parts.Value = v
			l.FieldParts = &parts
		}
	}
	return l
}
