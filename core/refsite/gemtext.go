package refsite

import (
	"strings"

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
	if path == indexPath || path == "compat" {
		return true
	}
	for _, dir := range []string{"lint/", "dialects/", "crawlers/"} {
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
	b.WriteString("=> " + core.Site() + "/" + strings.TrimSuffix(p.Path, indexPath) + " This page on the web\n")
	b.WriteString("=> " + core.Site() + "/ The playground (a web page: it runs in the browser)\n")
	return []byte(b.String())
}

func writeGemBlock(b *strings.Builder, bl block) {
	switch x := bl.(type) {
	case heading:
		b.WriteString(strings.Repeat("#", min(x.Level, 3)) + " " + x.Text + "\n\n")
	case para:
		b.WriteString(gemText(x.Spans) + "\n")
		gemLinks(b, x.Spans)
		b.WriteString("\n")
	case pre:
		b.WriteString("```" + x.Alt + "\n" + preBody(x.Text) + "```\n\n")
	case list:
		for _, it := range x.Items {
			b.WriteString("* " + gemText(it.Spans) + "\n")
			gemLinks(b, it.Spans)
		}
		b.WriteString("\n")
	case facts:
		for _, f := range x.Items {
			b.WriteString("* " + f.Term + ": " + gemText(f.Spans) + "\n")
			gemLinks(b, f.Spans)
		}
		b.WriteString("\n")
	case table:
		if x.Pre {
			// A drawn table has no room for links: the page gives them
			// in lists of its own (the matrix: one list per reader).
			b.WriteString("```" + x.Caption + "\n" + preBody(x.PreText) + "```\n\n")
			return
		}
		b.WriteString(x.Caption + ":\n")
		for _, r := range x.Rows {
			b.WriteString("* " + rowText(x.Head, r) + "\n")
			for _, c := range r.Cells {
				gemLinks(b, c.Spans)
			}
		}
		b.WriteString("\n")
	}
}

// rowText is a table row as one line: "first: head2 cell2; head3 cell3".
func rowText(head []string, r row) string {
	var parts []string
	for i, c := range r.Cells {
		text := gemText(c.Spans)
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

// gemText is spans as Gemtext's plain line: code keeps its backquotes.
func gemText(spans []span) string {
	var b strings.Builder
	for _, s := range spans {
		text := s.Text
		if s.Code {
			text = "`" + text + "`"
		}
		if s.Sup {
			text = "[" + text + "]"
		}
		b.WriteString(text)
	}
	return oneLine(b.String())
}

// gemLinks writes the links among spans as => lines, once each.
func gemLinks(b *strings.Builder, spans []span) {
	seen := map[string]bool{}
	for _, s := range spans {
		if s.Href == "" || s.Sup || s.Web {
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

// preBody ends preformatted text with a line break, and keeps a line
// from starting with ``` (which would end the block).
func preBody(s string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			lines[i] = " " + l
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// oneLine keeps a Gemtext line one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
