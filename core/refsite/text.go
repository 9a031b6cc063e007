package refsite

import (
	"strings"

	"github.com/smolbots/smolbots/core"
)

// The terminal edition, for `smolbots explain CODE`: the page's text
// wrapped at 78 columns, files and output indented, each paragraph's
// links listed under it as absolute addresses.

const textWidth = 78

func (p *page) text() string {
	var b strings.Builder
	title := p.Title
	b.WriteString(title + "\n" + strings.Repeat("=", len([]rune(title))) + "\n")
	if p.Lead != "" {
		b.WriteString(wrap(p.Lead, textWidth, "") + "\n")
	}
	for _, bl := range p.Body {
		b.WriteString("\n")
		writeTextBlock(&b, bl)
	}
	b.WriteString("\n" + webURL(p.Path) + "\n")
	return b.String()
}

// webURL is a page's absolute address on the web.
func webURL(path string) string {
	if path == indexPath {
		return core.Site() + "/reference"
	}
	return core.Site() + "/" + path
}

func writeTextBlock(b *strings.Builder, bl block) {
	switch x := bl.(type) {
	case webOnly:
	case plainOnly:
		for i, in := range x.Blocks {
			if i > 0 {
				b.WriteString("\n")
			}
			writeTextBlock(b, in)
		}
	case heading:
		b.WriteString(x.Text + "\n" + strings.Repeat("-", len([]rune(x.Text))) + "\n")
	case para:
		b.WriteString(wrap(spanText(x.Spans, true), textWidth, "") + "\n")
		textLinks(b, x.Spans)
	case pre:
		for _, l := range strings.Split(strings.TrimSuffix(x.Text, "\n"), "\n") {
			b.WriteString("    " + l + "\n")
		}
	case list:
		for _, it := range x.Items {
			b.WriteString(wrap("- "+spanText(it.Spans, true), textWidth, "  ") + "\n")
			textLinks(b, it.Spans)
		}
	case facts:
		for _, f := range x.Items {
			b.WriteString(wrap(f.Term+": "+spanText(f.Spans, true), textWidth, "  ") + "\n")
		}
	case table:
		if x.Pre {
			for _, l := range strings.Split(strings.TrimSuffix(x.PreText, "\n"), "\n") {
				b.WriteString("    " + l + "\n")
			}
			return
		}
		b.WriteString(wrap(x.Caption+":", textWidth, "") + "\n")
		for _, r := range x.Rows {
			b.WriteString(wrap("- "+rowText(x.Head, r, true), textWidth, "  ") + "\n")
		}
	}
}

// textLinks lists a paragraph's links to other pages and sites, as
// absolute addresses.
func textLinks(b *strings.Builder, spans []span) {
	for _, s := range spans {
		if s.Href == "" || s.Sup || s.Web {
			continue
		}
		h := s.Href
		if strings.HasPrefix(h, "/") {
			h = core.Site() + h
		}
		b.WriteString("  <" + h + ">\n")
	}
}

// wrap breaks s into lines of at most width runes, continuation lines
// starting with indent. A word longer than the width stands alone.
func wrap(s string, width int, indent string) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(s) {
		l := len([]rune(w))
		switch {
		case i == 0:
		case n+1+l > width:
			b.WriteString("\n" + indent)
			n = len(indent)
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += l
	}
	return b.String()
}
