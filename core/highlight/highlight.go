// Package highlight colours a robots.txt for the playground's editor
// overlay. The lexer is our own (chroma has none for robots.txt) and the
// output is chroma's HTML with classes, so the colours live in a style
// sheet generated at build time (package theme).
//
// The package does not import chroma: chroma's root package alone (its
// token types, for a lexer written against its Lexer interface) kept in
// the page what its initialisation references, a regular-expression
// engine with every Unicode table, encoding/xml, encoding/json,
// compress/gzip and log, about 160 KB gzip. The tests hold the lexer to
// the tokens of the same rules as chroma regular expressions, the token
// kinds to chroma's classes, and the HTML to chroma's formatter's bytes.
package highlight

import (
	"html"
	"io"
	"strings"
)

// tokenType is a token's kind, named after the chroma token type it
// stands for; its CSS class is chroma's for that type.
type tokenType uint8

const (
	textWhitespace tokenType = iota
	commentSingle
	keyword
	keywordReserved
	nameAttribute
	nameTag
	operator
	punctuation
	literalString
	literalStringOther
	literalNumber
	errorToken
)

// classes are chroma.StandardTypes' classes of each kind.
var classes = [...]string{
	textWhitespace:     "w",
	commentSingle:      "c1",
	keyword:            "k",
	keywordReserved:    "kr",
	nameAttribute:      "na",
	nameTag:            "nt",
	operator:           "o",
	punctuation:        "p",
	literalString:      "s",
	literalStringOther: "sx",
	literalNumber:      "m",
	errorToken:         "err",
}

// token is a run of text of one kind.
type token struct {
	typ   tokenType
	value string
}

// ensureLF turns CR and CRLF line ends into LF, as chroma's lexers do by
// default.
func ensureLF(text string) string {
	return strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
}

// lexState is what the rest of a line holds after a field's colon.
type lexState uint8

const (
	atLineStart lexState = iota
	inAgent              // User-agent, Virtual-agent: a crawler or role name
	inPattern            // Allow, Disallow: a pattern with * and $
	inNumber             // Crawl-delay, Check, Request-rate: a number
	inValue              // any other field
)

// tokenise reads robots.txt line by line: a field name and its colon, a
// value coloured by what the field means, and comments.
func tokenise(text string) []token {
	toks := make([]token, 0, len(text)/4+1)
	emit := func(t tokenType, v string) { toks = append(toks, token{t, v}) }
	state := atLineStart
	for p := 0; p < len(text); {
		c := text[p]
		switch {
		case c == '#':
			n := p + strings.IndexAny(text[p:]+"\n", "\r\n")
			emit(commentSingle, text[p:n])
			p = n
		case c == '\r' || c == '\n':
			n := p + 1
			if c == '\r' && n < len(text) && text[n] == '\n' {
				n++
			}
			emit(textWhitespace, text[p:n])
			p, state = n, atLineStart
		case state == atLineStart && (c == ' ' || c == '\t'):
			n := skipBlanks(text, p)
			emit(textWhitespace, text[p:n])
			p = n
		case state == atLineStart:
			p, state = field(text, p, emit)
		case state == inAgent && c == '*', state == inPattern && (c == '*' || c == '$'):
			emit(operator, text[p:p+1])
			p++
		case state == inAgent:
			p = run(text, p, "#\r\n*", nameTag, emit)
		case state == inPattern:
			p = run(text, p, "#\r\n*$", literalString, emit)
		case state == inNumber:
			if n := number(text, p); n > p {
				emit(literalNumber, text[p:n])
				p = n
			} else {
				p = run(text, p, "#\r\n", errorToken, emit)
			}
		default: // inValue
			p = run(text, p, "#\r\n", literalStringOther, emit)
		}
	}
	return toks
}

// field reads `name[ \t]*:` at the start of a line's content, or marks
// text without a colon as an error.
func field(text string, p int, emit func(tokenType, string)) (int, lexState) {
	i := strings.IndexAny(text[p:], ":#\r\n")
	if i <= 0 || text[p+i] != ':' {
		return run(text, p, "#\r\n", errorToken, emit), atLineStart
	}
	name := strings.TrimRight(text[p:p+i], " \t")
	kind, next := fieldKind(strings.ToLower(name))
	emit(kind, name)
	emit(textWhitespace, text[p+len(name):p+i])
	emit(punctuation, ":")
	return p + i + 1, next
}

func fieldKind(lower string) (tokenType, lexState) {
	switch lower {
	case "user-agent", "useragent", "user agent", "virtual-agent":
		return keyword, inAgent
	case "allow", "disallow", "diasllow", "disallaw":
		return keyword, inPattern
	case "crawl-delay", "check", "request-rate":
		return keywordReserved, inNumber
	}
	if isDisallowTypo(lower) {
		return keyword, inPattern
	}
	return nameAttribute, inValue
}

// isDisallowTypo: "di", one or more "s", "a", one or more "l", "ow"
// (Dissallow, Disalow, Dissalow).
func isDisallowTypo(s string) bool {
	rest, ok := strings.CutPrefix(s, "di")
	if !ok {
		return false
	}
	n := len(rest)
	rest = strings.TrimLeft(rest, "s")
	if len(rest) == n {
		return false
	}
	rest, ok = strings.CutPrefix(rest, "a")
	if !ok {
		return false
	}
	n = len(rest)
	rest = strings.TrimLeft(rest, "l")
	return len(rest) < n && rest == "ow"
}

// run emits the bytes up to the first of stops (or the end) as one token.
func run(text string, p int, stops string, t tokenType, emit func(tokenType, string)) int {
	n := len(text)
	if i := strings.IndexAny(text[p:], stops); i >= 0 {
		n = p + i
	}
	emit(t, text[p:n])
	return n
}

func skipBlanks(text string, p int) int {
	for p < len(text) && (text[p] == ' ' || text[p] == '\t') {
		p++
	}
	return p
}

func skipDigits(text string, p int) int {
	for p < len(text) && text[p] >= '0' && text[p] <= '9' {
		p++
	}
	return p
}

// number matches blanks, digits, an optional "/ digits" and blanks, when
// a comment, a line end or the end of the text follows; it returns p when
// it does not match.
func number(text string, p int) int {
	q := skipBlanks(text, p)
	d := skipDigits(text, q)
	if d == q {
		return p
	}
	ends := func(i int) bool { return i == len(text) || text[i] == '#' || text[i] == '\r' || text[i] == '\n' }
	if r := skipBlanks(text, d); r < len(text) && text[r] == '/' {
		r = skipBlanks(text, r+1)
		if e := skipDigits(text, r); e > r {
			if s := skipBlanks(text, e); ends(s) {
				return s
			}
		}
	}
	if s := skipBlanks(text, d); ends(s) {
		return s
	}
	return p
}

// format writes tokens as chroma's HTML formatter does with classes and
// no <pre> around them (WithClasses(true), a pre wrapper that writes
// nothing): one `<span class="line"><span class="cl">` per line, and a
// span with each token's class. The page keeps this small writer
// instead of linking the formatter, which with the style code it brings
// added 70 KB gzip to the page (5%) for markup that needs no style: the
// colours are a style sheet written at build time (package theme).
// TestFormatMatchesChroma holds the two to the same bytes.
func format(b *strings.Builder, tokens []token) {
	for _, line := range splitLines(tokens) {
		b.WriteString(`<span class="line"><span class="cl">`)
		for _, tok := range line {
			b.WriteString(`<span class="`)
			b.WriteString(classes[tok.typ])
			b.WriteString(`">`)
			b.WriteString(html.EscapeString(tok.value))
			b.WriteString(`</span>`)
		}
		b.WriteString(`</span></span>`)
	}
}

// splitLines cuts tokens into lines as chroma.SplitTokensIntoLines
// does: a token holding a line end ends its line with what comes before
// and including it, the rest goes on (an empty rest is dropped), and an
// empty last line is dropped.
func splitLines(tokens []token) (out [][]token) {
	var line []token
	for _, tok := range tokens {
		tail := true
		for {
			i := strings.IndexByte(tok.value, '\n')
			if i < 0 {
				break
			}
			line = append(line, token{tok.typ, tok.value[:i+1]})
			out = append(out, line)
			line = nil
			if tok.value = tok.value[i+1:]; tok.value == "" {
				tail = false
				break
			}
		}
		if tail {
			line = append(line, tok)
		}
	}
	if len(line) > 0 {
		out = append(out, line)
	}
	if n := len(out); n > 0 && len(out[n-1]) == 1 && out[n-1][0].value == "" {
		out = out[:n-1]
	}
	return out
}

// MaxBytes is the largest text coloured token by token; longer text is
// shown plain (still one span per line) so a huge paste stays responsive.
const MaxBytes = 64 * 1024

// HTML renders text as one `<span class="line">` per line, in order, so
// line n is the container's child n-1. Every line ends with its newline
// inside its span, as in chroma's own output.
func HTML(text string) string {
	var b strings.Builder
	b.Grow(len(text) * 3)
	if len(text) > MaxBytes {
		Plain(&b, text)
		return b.String()
	}
	format(&b, tokenise(ensureLF(text)))
	return markControls(b.String())
}

// Cache colours text line by line and remembers each line's HTML, so a
// keystroke re-lexes one line, not the file. The lexer's states all end
// at a line break, so a line lexed alone comes out as it would in the
// whole text. The zero value is ready to use.
type Cache struct {
	lines map[string]string
}

// HTML is the package's HTML, from the cache where it can.
func (c *Cache) HTML(text string) string {
	if len(text) > MaxBytes {
		var b strings.Builder
		Plain(&b, text)
		return b.String()
	}
	return strings.Join(c.Lines(text), "")
}

// Lines is HTML cut into its lines, one element each, so a page can
// rewrite only the lines that changed; nil when the text is too long to
// colour (then HTML draws it plain).
func (c *Cache) Lines(text string) []string {
	if len(text) > MaxBytes {
		return nil
	}
	n := strings.Count(text, "\n") + 1
	if c.lines == nil || len(c.lines) > 2*n+1024 {
		c.lines = make(map[string]string, n)
	}
	out := make([]string, 0, n)
	for text != "" {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line = text[:i+1]
		}
		text = text[len(line):]
		h, ok := c.lines[line]
		if !ok {
			h = lineHTML(line)
			c.lines[line] = h
		}
		out = append(out, h)
	}
	return out
}

func lineHTML(line string) string {
	var b strings.Builder
	format(&b, tokenise(ensureLF(line)))
	return markControls(b.String())
}

// Plain writes text with the same line structure as HTML and no colours
// (control characters marked as HTML marks them).
func Plain(w io.StringWriter, text string) {
	for text != "" {
		end := strings.IndexAny(text, "\r\n")
		line, rest := text, ""
		if end >= 0 {
			n := end + 1
			if text[end] == '\r' && n < len(text) && text[n] == '\n' {
				n++
			}
			line, rest = text[:n], text[n:]
		}
		w.WriteString(`<span class="line"><span class="cl">`)
		w.WriteString(markControls(html.EscapeString(line)))
		w.WriteString("</span></span>")
		text = rest
	}
}
