// Package core parses a robots.txt once and answers, for any crawler,
// selector and dialect, whether the crawler may fetch the selector, which
// line decided it and why. It also lints the file.
//
// The package is pure Go with no browser or network bindings, so the CLI,
// the playground (compiled to WebAssembly) and crawler authors share it.
//
// Typical use:
//
//	f := core.Parse(body)                     // once per file
//	p := core.Gemini.Compile(f).Policy(agent) // once per crawler
//	v := p.Test("/private/x")                 // many times
//
// Test and Allowed take a selector, or a gemini:// or gopher:// URL,
// which they read as the selector it asks for (see SelectorFrom).
//
// Concurrency: a File, a Ruleset and a Policy are safe for concurrent use
// by any number of goroutines. Parse, Compile and Policy return values
// that nothing changes afterwards; what is derived from them later (a
// built-in dialect's grouping of a file, a policy's rule index) is made
// once, under a lock. So a crawler can parse a file once, keep a Policy
// per host and test URLs from many goroutines. Changing their exported
// fields while others read them is not safe.
package core

import (
	"bytes"
	"iter"
	"strings"
	"sync"
	"unicode/utf8"
)

// MaxBytes is how much of a robots.txt the six dialects read: RFC 9309
// sets this floor. The rest is ignored and linted. File.Lines hold this
// much; a crawler preset reads as much as its crawler does
// (Dialect.MaxBytes), up to HoldBytes.
const MaxBytes = 500 * 1024

// HoldBytes is the most of a robots.txt that Parse keeps for the readers
// that read past MaxBytes; a reader with a larger limit, or none, is
// told so in a note. It covers TLGS's 2.5 MB cap.
const HoldBytes = 3 << 20

// Pos is a position in the input: 1-based line and column (in bytes),
// 0-based byte offset.
type Pos struct {
	Line   int `json:"line"`
	Col    int `json:"col"`
	Offset int `json:"offset"`
}

// LineKind tells what a line holds once comments are removed.
type LineKind uint8

const (
	// Empty is a line with no bytes at all before its terminator.
	Empty LineKind = iota
	// Blank holds only spaces and tabs.
	Blank
	// CommentOnly holds a comment and nothing else (after optional spaces).
	CommentOnly
	// FieldLine is `field: value`.
	FieldLine
	// NoColon is text that is not a comment and has no colon.
	NoColon
)

// Field is the canonical name of a known field. Unknown fields keep Key "".
type Field string

const (
	UserAgent    Field = "user-agent"
	VirtualAgent Field = "virtual-agent"
	Disallow     Field = "disallow"
	Allow        Field = "allow"
	CrawlDelay   Field = "crawl-delay"
	Check        Field = "check"
	RequestRate  Field = "request-rate"
	Sitemap      Field = "sitemap"
	Host         Field = "host"
)

var KnownFields = map[string]Field{
	"user-agent": UserAgent, "virtual-agent": VirtualAgent, "disallow": Disallow,
	"allow": Allow, "crawl-delay": CrawlDelay, "check": Check,
	"request-rate": RequestRate, "sitemap": Sitemap, "host": Host,
}

// googleTypos are the misspellings Google's reference parser accepts; of
// the dialects only rfc9309 honours them (AcceptTypos, which
// mozz-archiver sets too); the linter flags them all.
var GoogleTypos = map[string]Field{
	"useragent": UserAgent, "user agent": UserAgent,
	"dissallow": Disallow, "dissalow": Disallow, "disalow": Disallow,
	"diasllow": Disallow, "disallaw": Disallow,
}

// Line is one line of the file with every position kept.
//
// A file may be little but line ends (500 KiB of them is 512,000
// lines), so a line is kept small: what only a `field: value` line has
// lives in FieldParts, reached through the embedded pointer, which other
// lines share with every line of their kind (read them, never write).
type Line struct {
	Pos        Pos      `json:"pos"`        // start of the line
	Text       string   `json:"text"`       // the line without its terminator
	Terminator string   `json:"terminator"` // "\r\n", "\n", "\r" or "" at end of input
	Kind       LineKind `json:"kind"`
	HasComment bool     `json:"has_comment,omitempty"`
	*FieldParts
}

// FieldParts are the parts of a FieldLine; other lines have zero values.
type FieldParts struct {
	Name     string `json:"name,omitempty"`  // field name as written, trimmed
	Key      Field  `json:"key,omitempty"`   // canonical field, "" if unknown
	Typo     Field  `json:"typo,omitempty"`  // field a misspelt name stands for
	Value    string `json:"value,omitempty"` // trimmed, comment removed
	ValuePos Pos    `json:"value_pos"`
}

// noFieldParts is what lines that are not FieldLines point to.
var noFieldParts = &FieldParts{}

// Number is the 1-based line number.
func (l *Line) Number() int { return l.Pos.Line }

// Rule is the line as a person would quote it: `Name: Value`.
func (l *Line) Rule() string {
	if l.Kind != FieldLine {
		return strings.TrimSpace(l.Text)
	}
	return l.Name + ": " + l.Value
}

// File is a parsed robots.txt. It is immutable once Parse returns.
type File struct {
	Lines     []Line
	Size      int  // bytes of input, before the cap
	Truncated bool // input was longer than MaxBytes
	BOM       bool // a leading UTF-8 BOM was dropped
	// Bytes and line at which the first invalid UTF-8 / NUL byte was seen (0 if none).
	InvalidUTF8Line int
	NULLine         int
	// LoneCR: some line ends at a CR not followed by LF, which readers
	// that end lines only at LF (Dialect.LFLines) join to the next.
	LoneCR bool
	// Text is the part of the input that was read (after BOM removal).
	Text string
	// held is the input after BOM removal up to HoldBytes, when it is
	// longer than MaxBytes (Text is its start); "" otherwise.
	held string

	cache *fileCache // what is derived from the file, made once
	// In a file that is mostly padding, copies of the lines groups can
	// hold (see linesForGroups); nil otherwise.
	grouped []Line
}

// fileCache holds the file read by each built-in dialect, so that the
// linter and the caller's Compile share one grouping. It is filled
// lazily and safe for concurrent use.
type fileCache struct {
	rulesets [NumDialects]struct {
		once sync.Once
		rs   *Ruleset
	}
}

// Parse reads a robots.txt. It never fails: odd content becomes lint
// findings, not errors.
func Parse(data []byte) *File {
	fc := &struct {
		f File
		c fileCache
	}{} // one allocation for both
	f := &fc.f
	f.Size, f.cache = len(data), &fc.c
	offset := 0
	if bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) {
		f.BOM = true
		offset = 3
	}
	if len(data) > MaxBytes {
		f.Truncated = true
		f.held = string(data[offset:min(len(data), HoldBytes)])
		f.Text = f.held[:MaxBytes-offset]
		data = data[:MaxBytes]
	} else {
		f.Text = string(data[offset:])
	}
	data = data[offset:]
	f.Lines = make([]Line, 0, countLines(data))
	// Every field line has a colon, so there are at most that many.
	parts := make([]FieldParts, 0, min(bytes.Count(data, []byte{':'}), cap(f.Lines)))
	lexLines(f.Text, Pos{Line: 1}, offset, &parts, func(l Line) {
		if f.InvalidUTF8Line == 0 && !utf8.ValidString(l.Text) {
			f.InvalidUTF8Line = l.Pos.Line
		}
		if f.NULLine == 0 && strings.IndexByte(l.Text, 0) >= 0 {
			f.NULLine = l.Pos.Line
		}
		f.LoneCR = f.LoneCR || l.Terminator == "\r"
		f.Lines = append(f.Lines, l)
	})
	f.copyGroupedLines()
	return f
}

// lexLines splits text into lines from position at (its Offset within
// text, to which offset is added for the input's), lexes each and hands
// it to fn.
func lexLines(text string, at Pos, offset int, parts *[]FieldParts, fn func(Line)) {
	lineNo := at.Line
	for start := at.Offset; start < len(text); {
		end := start
		for end < len(text) && text[end] != '\n' && text[end] != '\r' {
			end++
		}
		term := ""
		next := end
		if end < len(text) {
			if text[end] == '\r' && end+1 < len(text) && text[end+1] == '\n' {
				term = "\r\n"
			} else {
				term = text[end : end+1]
			}
			next = end + len(term)
		}
		l := lexLine(text[start:end], Pos{Line: lineNo, Col: 1, Offset: start + offset}, parts)
		l.Terminator = term
		fn(l)
		lineNo++
		start = next
		if term == "" {
			break
		}
	}
}

// copyGroupedLines: groups point at the lines they hold, and a pointer
// into f.Lines keeps the whole array alive. When half the lines or more
// are padding (blank lines, comments, unknown text), a Policy kept by a
// crawler would hold all of them for the few it needs; so groups get
// compact copies of the lines they can hold instead. When most lines are
// groupable, as in any file written by hand, the copies would cost more
// than they save.
func (f *File) copyGroupedLines() {
	n := 0
	for i := range f.Lines {
		if f.Lines[i].groupable() {
			n++
		}
	}
	if 2*n > len(f.Lines) {
		return
	}
	// The copies get their own field parts too: the file's parts array
	// may be mostly unknown fields (`x:` padding).
	f.grouped = make([]Line, 0, n)
	parts := make([]FieldParts, n)
	for i := range f.Lines {
		if f.Lines[i].groupable() {
			l := f.Lines[i]
			parts[len(f.grouped)] = *l.FieldParts
			l.FieldParts = &parts[len(f.grouped)]
			f.grouped = append(f.grouped, l)
		}
	}
}

// groupable: a field line some dialect may put in a group.
func (l *Line) groupable() bool {
	return l.Kind == FieldLine && (l.Key != "" || l.Typo != "")
}

// linesForGroups yields every line in file order, as groups should hold
// it: the compact copy, where the file has them, of a groupable line.
func (f *File) linesForGroups() iter.Seq[*Line] {
	return func(yield func(*Line) bool) {
		next := 0
		for i := range f.Lines {
			l := &f.Lines[i]
			if f.grouped != nil && l.groupable() {
				l = &f.grouped[next]
				next++
			}
			if !yield(l) {
				return
			}
		}
	}
}

// countLines is the number of lines Parse makes of data: one more than
// its line ends ("\r\n", "\n" or a lone "\r"), so the line list is
// allocated once, whichever line ends a file uses.
func countLines(data []byte) int {
	return bytes.Count(data, []byte{'\n'}) + bytes.Count(data, []byte{'\r'}) - bytes.Count(data, []byte("\r\n")) + 1
}

// lexLine splits one line into field, value and comment. A field line's
// parts go into the next element of parts, which has room for them.
func lexLine(text string, pos Pos, parts *[]FieldParts) Line {
	return lexLineSpaces(text, pos, parts, nil)
}

// spaces is what a lexer trims: nil for spaces and tabs (the shared
// lexer's, and the fast path), else the runes it reports.
type spaces func(rune) bool

func (s spaces) trim(x string) string {
	if s == nil {
		return TrimSpaceTab(x)
	}
	return strings.TrimFunc(x, s)
}

func (s spaces) trimLeft(x string) string {
	if s == nil {
		return strings.TrimLeft(x, " \t")
	}
	return strings.TrimLeftFunc(x, s)
}

// lexLineSpaces is lexLine trimming sp.
func lexLineSpaces(text string, pos Pos, parts *[]FieldParts, sp spaces) Line {
	l := Line{Pos: pos, Text: text, FieldParts: noFieldParts}
	content := text
	if i := strings.IndexByte(text, '#'); i >= 0 {
		content = text[:i]
		l.HasComment = true
	}
	trimmed := sp.trim(content)
	switch {
	case len(text) == 0:
		l.Kind = Empty
		return l
	case trimmed == "" && !l.HasComment:
		l.Kind = Blank
		return l
	case trimmed == "":
		l.Kind = CommentOnly
		return l
	}
	colon := strings.IndexByte(content, ':')
	if colon < 0 {
		l.Kind = NoColon
		return l
	}
	l.Kind = FieldLine
	*parts = append(*parts, FieldParts{})
	l.FieldParts = &(*parts)[len(*parts)-1]
	l.Name = sp.trim(content[:colon])
	rawValue := content[colon+1:]
	lead := len(rawValue) - len(sp.trimLeft(rawValue))
	l.Value = sp.trim(rawValue)
	vo := colon + 1 + lead
	l.ValuePos = Pos{Line: pos.Line, Col: pos.Col + vo, Offset: pos.Offset + vo}
	l.Key, l.Typo = lookupField(l.Name)
	return l
}

// lookupField finds a field name, case-insensitively, among the known
// fields, else among the misspellings Google's parser accepts.
func lookupField(name string) (key, typo Field) {
	var buf [16]byte
	if len(name) <= len(buf) && IsASCII(name) {
		// The usual case: no lower-case copy needed to look it up.
		for i := 0; i < len(name); i++ {
			buf[i] = LowerASCII(name[i])
		}
		if k, ok := KnownFields[string(buf[:len(name)])]; ok {
			return k, ""
		}
		return "", GoogleTypos[string(buf[:len(name)])]
	}
	lower := strings.ToLower(name)
	if k, ok := KnownFields[lower]; ok {
		return k, ""
	}
	return "", GoogleTypos[lower]
}

func TrimSpaceTab(s string) string { return strings.Trim(s, " \t") }

// IsBlank reports whether the line separates records in the dialects that
// use blank lines: empty or only spaces and tabs.
func (l *Line) IsBlank() bool { return l.Kind == Empty || l.Kind == Blank }

// Copy is a copy of f that derives its readings afresh, so a caller may
// change a field of it (BOM, say) without the copy reusing f's.
func (f *File) Copy() *File {
	c := *f
	c.cache = nil
	return &c
}
