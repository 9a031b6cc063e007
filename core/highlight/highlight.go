// Package highlight colours a robots.txt for the playground's editor
// overlay. The lexer is our own (chroma has none for robots.txt) and the
// output is chroma's HTML with classes, so the colours live in a style
// sheet generated at build time (see CSS).
package highlight

import (
	"html"
	"io"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chtml "github.com/alecthomas/chroma/v2/formatters/html"
)

// Lexer reads robots.txt line by line: a field name and its colon, a
// value coloured by what the field means, and comments.
var Lexer = chroma.MustNewLexer(&chroma.Config{
	Name:      "robots.txt",
	Aliases:   []string{"robots", "robotstxt"},
	Filenames: []string{"robots.txt"},
	MimeTypes: []string{"text/x-robots"},
}, func() chroma.Rules {
	return chroma.Rules{
		"root": {
			{Pattern: `[ \t]+`, Type: chroma.TextWhitespace},
			{Pattern: `#[^\r\n]*`, Type: chroma.CommentSingle},
			{Pattern: `\r\n|\r|\n`, Type: chroma.TextWhitespace},
			// Agent fields: the value names a crawler or a role.
			{Pattern: `(?i)(user-?agent|user agent|virtual-agent)([ \t]*)(:)`, Type: chroma.ByGroups(chroma.Keyword, chroma.TextWhitespace, chroma.Punctuation), Mutator: chroma.Push("agent")},
			// Rules: the value is a pattern.
			{Pattern: `(?i)(allow|disallow|dis+al+ow|diasllow|disallaw)([ \t]*)(:)`, Type: chroma.ByGroups(chroma.Keyword, chroma.TextWhitespace, chroma.Punctuation), Mutator: chroma.Push("pattern")},
			// Delays and re-check periods: the value is a number.
			{Pattern: `(?i)(crawl-delay|check|request-rate)([ \t]*)(:)`, Type: chroma.ByGroups(chroma.KeywordReserved, chroma.TextWhitespace, chroma.Punctuation), Mutator: chroma.Push("number")},
			// Any other field: known to some crawlers or not at all.
			{Pattern: `([^:#\r\n]+?)([ \t]*)(:)`, Type: chroma.ByGroups(chroma.NameAttribute, chroma.TextWhitespace, chroma.Punctuation), Mutator: chroma.Push("value")},
			// A line without a colon is not a rule.
			{Pattern: `[^#\r\n]+`, Type: chroma.Error},
		},
		"agent": {
			{Pattern: `\*`, Type: chroma.Operator},
			{Pattern: `[^#\r\n*]+`, Type: chroma.NameTag},
			chroma.Include("end"),
		},
		"pattern": {
			{Pattern: `[*$]`, Type: chroma.Operator},
			{Pattern: `[^#\r\n*$]+`, Type: chroma.LiteralString},
			chroma.Include("end"),
		},
		"number": {
			{Pattern: `[ \t]*[0-9]+(?:[ \t]*/[ \t]*[0-9]+)?[ \t]*(?=#|\r|\n|$)`, Type: chroma.LiteralNumber},
			{Pattern: `[^#\r\n]+`, Type: chroma.Error},
			chroma.Include("end"),
		},
		"value": {
			{Pattern: `[^#\r\n]+`, Type: chroma.LiteralStringOther},
			chroma.Include("end"),
		},
		"end": {
			{Pattern: `#[^\r\n]*`, Type: chroma.CommentSingle},
			{Pattern: `\r\n|\r|\n`, Type: chroma.TextWhitespace, Mutator: chroma.Pop(1)},
		},
	}
})

// Light and Dark colour the tokens; CSS writes both, the dark one under
// prefers-color-scheme. Colours keep 4.5:1 contrast on the editor's
// background in each scheme.
var (
	Light = chroma.MustNewStyle("smolbots-light", chroma.StyleEntries{
		chroma.Background:         "#1a1a1a bg:#ffffff",
		chroma.Keyword:            "bold #0b4f9c",
		chroma.KeywordReserved:    "bold #7a3e00",
		chroma.NameAttribute:      "#6b4c00",
		chroma.NameTag:            "#1d6b1d",
		chroma.LiteralString:      "#8a1f11",
		chroma.LiteralStringOther: "#4a4a4a",
		chroma.LiteralNumber:      "#6a2c91",
		chroma.Operator:           "bold #b00060",
		chroma.Punctuation:        "#4a4a4a",
		chroma.CommentSingle:      "italic #5c6370",
		chroma.Error:              "#a00000 underline",
	})
	Dark = chroma.MustNewStyle("smolbots-dark", chroma.StyleEntries{
		chroma.Background:         "#e6e6e6 bg:#16181c",
		chroma.Keyword:            "bold #7fb4ff",
		chroma.KeywordReserved:    "bold #ffb36b",
		chroma.NameAttribute:      "#e0c070",
		chroma.NameTag:            "#8fdc8f",
		chroma.LiteralString:      "#ff9a8a",
		chroma.LiteralStringOther: "#c8c8c8",
		chroma.LiteralNumber:      "#d9a6ff",
		chroma.Operator:           "bold #ff7ac0",
		chroma.Punctuation:        "#b8b8b8",
		chroma.CommentSingle:      "italic #a0a8b4",
		chroma.Error:              "#ff8080 underline",
	})
)

// noPre leaves the surrounding element to the page: it owns the <pre>
// that sits under the textarea.
var noPre = chtml.WithPreWrapper(nopWrapper{})

type nopWrapper struct{}

func (nopWrapper) Start(bool, string) string { return "" }
func (nopWrapper) End(bool) string           { return "" }

var formatter = chtml.New(chtml.WithClasses(true), noPre)

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
	it, err := Lexer.Tokenise(nil, text)
	if err != nil {
		Plain(&b, text)
		return b.String()
	}
	if err := formatter.Format(&b, Light, it); err != nil {
		b.Reset()
		Plain(&b, text)
	}
	return b.String()
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
	n := strings.Count(text, "\n") + 1
	if c.lines == nil || len(c.lines) > 2*n+1024 {
		c.lines = make(map[string]string, n)
	}
	var b strings.Builder
	b.Grow(len(text) * 4)
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
		b.WriteString(h)
	}
	return b.String()
}

func lineHTML(line string) string {
	var b strings.Builder
	it, err := Lexer.Tokenise(nil, line)
	if err == nil {
		err = formatter.Format(&b, Light, it)
	}
	if err != nil {
		b.Reset()
		Plain(&b, line)
	}
	return b.String()
}

// Plain writes text with the same line structure as HTML and no colours.
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
		w.WriteString(html.EscapeString(line))
		w.WriteString("</span></span>")
		text = rest
	}
}

// CSS writes the token colours for the light scheme and, inside a
// prefers-color-scheme media query, for the dark one.
func CSS(w io.Writer) error {
	f := chtml.New(chtml.WithClasses(true), chtml.WithCSSComments(false))
	if err := f.WriteCSS(w, Light); err != nil {
		return err
	}
	if _, err := io.WriteString(w, "@media (prefers-color-scheme: dark) {\n"); err != nil {
		return err
	}
	if err := f.WriteCSS(w, Dark); err != nil {
		return err
	}
	_, err := io.WriteString(w, "}\n")
	return err
}
