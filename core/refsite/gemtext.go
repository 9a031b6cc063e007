package refsite

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/smolbots/smolbots/core"
)

// The Gemini edition: the same pages as .gmi files under the same paths
// (the index is index.gmi, a capsule's root). Gemtext has no inline
// links, so each paragraph's links follow it as => lines; tables become
// one bullet per row, or a preformatted block with alt text; anchors
// have no place in Gemtext and are dropped from links.

// geminiPath is the file a page path is written to in the Gemini edition.
func geminiPath(path string) string {
	if path == indexPath {
		return "index.gmi"
	}
	return path + ".gmi"
}

// isPage says whether an internal path (without its anchor) is one of
// the reference's pages, which both editions have.
func isPage(path string) bool {
	path = strings.TrimPrefix(path, "/")
	if path == indexPath || path == "compat" || path == "conformance" || path == "conformance/results" {
		return true
	}
	for _, dir := range []string{"lint/", "dialects/", "crawlers/", "conformance/results/"} {
		if rest, ok := strings.CutPrefix(path, dir); ok && rest != "" && !strings.Contains(rest, "/") {
			return true
		}
	}
	return false
}

// geminiHref is a link as the Gemini edition writes it: a page of the
// reference as its .gmi file, anything else on the web site (the
// playground, compat.json) as an absolute https:// address.
func geminiHref(href string) string {
	if !strings.HasPrefix(href, "/") {
		return href
	}
	path, _, _ := strings.Cut(href, "#")
	if isPage(path) {
		return "/" + geminiPath(strings.TrimPrefix(path, "/"))
	}
	return core.Site() + href
}

func (p *page) gemtext() []byte {
	var b strings.Builder
	b.WriteString("# " + p.Title + "\n\n")
	if p.Lead != "" {
		b.WriteString(p.Lead + "\n\n")
	}
	for _, bl := range p.Body {
		writeGemBlock(&b, bl)
	}
	b.WriteString("## Elsewhere\n\n")
	b.WriteString("=> " + geminiHref("/"+indexPath) + " The reference's index\n")
	b.WriteString("=> " + geminiHref("/compat") + " The compatibility matrix\n")
	b.WriteString("=> " + webURL(p.Path) + " This page on the web\n")
	b.WriteString("=> " + core.Site() + "/ The playground (a web page: it runs in the browser)\n")
	b.WriteString("\n" + stamp() + "\n")
	return []byte(b.String())
}

// gemWidth is the widest a preformatted line may be: Gemini clients
// show preformatted text unwrapped, and many screens hold 80 columns.
const gemWidth = 80

func writeGemBlock(b *strings.Builder, bl block) {
	switch x := bl.(type) {
	case webOnly:
	case plainOnly:
		for _, in := range x.Blocks {
			writeGemBlock(b, in)
		}
	case heading:
		b.WriteString(strings.Repeat("#", min(x.Level, 3)) + " " + x.Text + "\n\n")
	case para:
		b.WriteString(spanText(x.Spans, false) + "\n")
		gemLinks(b, x.Spans)
		b.WriteString("\n")
	case pre:
		body, cut := gemPre(x.Text, x.Wrap)
		b.WriteString("```" + x.Alt + "\n" + body + "```\n\n")
		if cut {
			b.WriteString(fmt.Sprintf("Lines longer than %d columns are cut short above (…); the web edition of this page shows them whole.\n\n", gemWidth))
		}
	case list:
		for _, it := range x.Items {
			gemItem(b, "", it.Spans)
		}
		b.WriteString("\n")
	case facts:
		for _, f := range x.Items {
			gemItem(b, f.Term+": ", f.Spans)
		}
		b.WriteString("\n")
	case table:
		if x.Pre {
			// A drawn table has no room for links: the page gives them
			// in lists of its own (the matrix: one list per reader).
			body, _ := gemPre(x.PreText, true)
			b.WriteString("```" + x.Caption + "\n" + body + "```\n\n")
			return
		}
		b.WriteString(x.Caption + ":\n")
		for _, r := range x.Rows {
			var spans []span
			for _, c := range r.Cells {
				spans = append(spans, c.Spans...)
			}
			gemItemText(b, rowText(x.Head, r, false), spans)
		}
		b.WriteString("\n")
	}
}

// gemItem writes a list item as one line: a link line when it links
// somewhere (Gemtext has no links inside text), else a bullet.
func gemItem(b *strings.Builder, prefix string, spans []span) {
	gemItemText(b, prefix+spanText(spans, false), spans)
}

func gemItemText(b *strings.Builder, text string, spans []span) {
	hrefs := gemHrefs(spans)
	switch len(hrefs) {
	case 0:
		b.WriteString("* " + text + "\n")
	case 1:
		b.WriteString("=> " + hrefs[0] + " " + text + "\n")
	default:
		// More than one link (a lint page's readers, say): the text as a
		// line of its own, then each link as an item of its own.
		b.WriteString(text + "\n")
		gemLinks(b, spans)
	}
}

// gemHrefs are the distinct links among spans, as Gemtext writes them.
func gemHrefs(spans []span) []string {
	var out []string
	for _, s := range spans {
		if !gemLinked(s) {
			continue
		}
		h := geminiHref(s.Href)
		if !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

// rowText is a table row as one line: "first: head2 cell2; head3 cell3".
// ticks keeps code in backquotes (the terminal's edition).
func rowText(head []string, r row, ticks bool) string {
	var parts []string
	for i, c := range r.Cells {
		text := spanText(c.Spans, ticks)
		if i == 0 {
			parts = append(parts, text+":")
			continue
		}
		if i < len(head) && head[i] != "" {
			text = head[i] + " " + text
		}
		sep := "; "
		if i == 1 {
			sep = ""
		}
		parts = append(parts, sep+text)
	}
	return strings.Join(parts, " ")
}

// spanText is spans as one plain line. Gemtext has no inline code, and
// backquotes would show as they are: code is set in backquotes only for
// the terminal (ticks).
func spanText(spans []span, ticks bool) string {
	var b strings.Builder
	for _, s := range spans {
		text := s.Text
		if s.Code && ticks {
			text = "`" + text + "`"
		}
		if s.Sup {
			text = "[" + text + "]"
		}
		b.WriteString(text)
	}
	return oneLine(b.String())
}

// gemLinked says a span is a link in Gemtext: not a footnote mark, not
// a web-only link, and not an anchor on the same page (Gemtext has
// none).
func gemLinked(s span) bool {
	return s.Href != "" && !s.Sup && !s.Web && !strings.HasPrefix(s.Href, "#")
}

// gemLinks writes the links among spans as => lines, once each.
func gemLinks(b *strings.Builder, spans []span) {
	seen := map[string]bool{}
	for _, s := range spans {
		if !gemLinked(s) {
			continue
		}
		h := geminiHref(s.Href)
		if seen[h] {
			continue
		}
		seen[h] = true
		b.WriteString("=> " + h + " " + oneLine(s.Text) + "\n")
	}
}

// gemPre is preformatted text for Gemtext: ended with a line break, no
// line starting with ``` (which would end the block), and no line wider
// than gemWidth. Program output (wrap) is folded at spaces, continued
// with an indent; a robots.txt line is cut with … (a folded line would
// read as two lines of the file), and cut says so.
func gemPre(s string, wrapLines bool) (body string, cut bool) {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		if strings.HasPrefix(l, "```") {
			l = " " + l
		}
		switch {
		case utf8.RuneCountInString(l) <= gemWidth:
			out = append(out, l)
		case wrapLines:
			out = append(out, strings.Split(fold(l, gemWidth, "    "), "\n")...)
		default:
			out = append(out, string([]rune(l)[:gemWidth-1])+"…")
			cut = true
		}
	}
	return strings.Join(out, "\n") + "\n", cut
}

// fold breaks a line at spaces into lines of at most width runes, the
// later ones indented; a run without spaces longer than that is cut
// into pieces. Unlike wrap, it keeps the line's own spacing.
func fold(l string, width int, indent string) string {
	var lines []string
	first := true
	for l != "" {
		w := width
		if !first {
			w -= len(indent)
		}
		r := []rune(l)
		if len(r) <= w {
			lines = append(lines, l)
			break
		}
		at := strings.LastIndex(string(r[:w+1]), " ")
		if at <= 0 {
			at = len(string(r[:w]))
		}
		lines = append(lines, strings.TrimRight(l[:at], " "))
		l = strings.TrimLeft(l[at:], " ")
		if first {
			first = false
		}
	}
	for i := 1; i < len(lines); i++ {
		lines[i] = indent + lines[i]
	}
	return strings.Join(lines, "\n")
}

// oneLine keeps a Gemtext line one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
