package refsite

import "strings"

// A page is built once, as blocks, and written three ways: HTML for the
// web site, Gemtext for the capsule, plain text for `smolbots explain`.
// Links are written once too: an internal link is a page path with an
// optional anchor ("/lint/bom#example"), which each edition spells its
// own way; a permalink ("/#v1....") opens the playground, which lives on
// the web site only.
type page struct {
	Path  string // "lint/bom", "compat", "reference": /Path on the web, /Path.gmi in Gemini
	Title string // the h1, and the document's title
	Lead  string // one sentence under the title (and the meta description)
	Body  []block
	// Cases are the permalinks the page links, each with the case it
	// describes, for the tests: every link decodes to one of these.
	Cases []linkedCase
}

type block interface{ isBlock() }

// heading starts a section; ID is its anchor.
type heading struct {
	Level int // 2 or 3
	ID    string
	Text  string
}

// para is a paragraph of spans.
type para struct {
	Spans []span
}

// pre is preformatted text: a robots.txt or the CLI's output.
type pre struct {
	ID   string
	Alt  string // what it is, for Gemtext's alt text and screen readers
	Text string
	Wrap bool // long lines wrap on the web (program output), not a file
}

// list is a bullet list; each item may carry an anchor.
type list struct {
	ID    string
	Items []item
}

type item struct {
	ID    string
	Spans []span
}

// facts is a list of terms and what they are: a lint page's strip.
type facts struct {
	ID    string
	Items []fact
}

type fact struct {
	Term  string
	Spans []span
}

// table is a table with a caption; each row may carry an anchor. In
// Gemtext a table is a preformatted block (Pre) or one bullet per row.
type table struct {
	ID      string
	Caption string
	Head    []string
	Rows    []row
	Pre     bool   // Gemtext: draw it as text in a preformatted block
	Class   string // HTML class
	PreText string // Gemtext and plain text: the drawn table, when Pre
}

type row struct {
	ID    string
	Cells []cell
}

type cell struct {
	Spans  []span
	Header bool   // a row header (th scope=row)
	Class  string // yes, no, unknown, allow, deny
	ID     string
}

// webOnly is said on the web edition only: what concerns its anchors,
// links and table cells, which Gemtext and the terminal do not have.
type webOnly struct{ Blocks []block }

// plainOnly is said in Gemtext and the terminal only, in place of a
// webOnly.
type plainOnly struct{ Blocks []block }

func (webOnly) isBlock()   {}
func (plainOnly) isBlock() {}
func (heading) isBlock()   {}
func (para) isBlock()      {}
func (pre) isBlock()       {}
func (list) isBlock()      {}
func (facts) isBlock()     {}
func (table) isBlock()     {}

// span is a piece of text, maybe code, maybe a link.
type span struct {
	Text string
	Href string // "" for none; "/..." internal; "https://", "gemini://" external
	Code bool
	Sup  bool // a footnote mark
	// Web: the link is for the web edition only; Gemtext and the
	// terminal show the text without it (a table's cross-reference that
	// a list elsewhere on the page already carries).
	Web bool
	// Label names a link whose text says little (a cell's "#"): its
	// aria-label and title on the web.
	Label string
}

func t(s string) span          { return span{Text: s} }
func code(s string) span       { return span{Text: s, Code: true} }
func link(s, href string) span { return span{Text: s, Href: href} }
func codeLink(s, href string) span {
	return span{Text: s, Href: href, Code: true}
}

// words turns prose into spans: `backquoted` pieces become code.
func words(s string) []span {
	var out []span
	for s != "" {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			out = append(out, t(s))
			break
		}
		j := strings.IndexByte(s[i+1:], '`')
		if j < 0 {
			out = append(out, t(s))
			break
		}
		if i > 0 {
			out = append(out, t(s[:i]))
		}
		out = append(out, code(s[i+1:i+1+j]))
		s = s[i+2+j:]
	}
	return out
}

// paras splits prose on blank lines into paragraphs.
func paras(s string) []block {
	var out []block
	for _, p := range strings.Split(strings.TrimSpace(s), "\n\n") {
		p = strings.Join(strings.Fields(p), " ")
		if p != "" {
			out = append(out, para{words(p)})
		}
	}
	return out
}

// plain is the text of spans without markup.
func plain(spans []span) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(s.Text)
	}
	return b.String()
}
