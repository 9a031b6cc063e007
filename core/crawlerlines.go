package core

import "strings"

// fileLines are the file's lines as the dialect splits them into fields:
// the shared lexer's, or a copy re-read by a crawler's own line syntax
// (same positions and text, other field and value).
func (d *Dialect) fileLines(f *File) []Line {
	if d.Lines == StandardLines && !d.LFLines && !d.BOMInText && !d.UTF8Only {
		return nil // the shared lexer's lines
	}
	lines := make([]Line, len(f.Lines))
	joined := false // the previous line ended in a lone CR
	// AuraGem puts its line before the BOM, which then starts line 1's
	// field name (clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:404-407;
	// temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:scanner.go:47-51 skips it only first).
	bomInText := d.BOMInText || d.Preamble == PreambleStarUnlessUserAgent && f.BOM && d.preambleFor(f) == PreambleStarRun
	for i := range f.Lines {
		l := f.Lines[i]
		if d.UTF8Only && f.InvalidUTF8Line > 0 {
			// Read as an empty file: no line is a field.
			if l.Kind == FieldLine || l.Kind == NoColon {
				l.Kind, l.FieldParts = NoColon, noFieldParts
			}
			lines[i] = l
			continue
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
		}
		if d.LFLines {
			// Only LF ends a line: lines split by a lone CR are one line
			// to the crawler, which reads no field in it.
			if joined || l.Terminator == "\r" {
				l.Kind, l.FieldParts = NoColon, noFieldParts
			}
			joined = l.Terminator == "\r"
		}
		if bomInText && i == 0 && f.BOM && l.Kind == FieldLine {
			// The first field name starts with the BOM: not one the
			// crawler knows.
			parts := *l.FieldParts // shared with the file: change a copy
			parts.Name, parts.Key, parts.Typo = "\uFEFF"+parts.Name, "", ""
			l.FieldParts = &parts
		}
		lines[i] = l
	}
	return lines
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
