package refsite

import (
	"html"
	"strconv"
	"strings"
)

// The web edition: static HTML with the playground's header and style
// sheet (light and dark by the reader's colour scheme), no script, an
// anchor on every section and row. Paths are absolute from the site's
// root, where the playground lives; dist.sh rewrites the style sheet's
// and the icon's names to their hashed copies.

// navItems are the header's links, shared with the playground's top bar.
var navItems = []struct{ text, href string }{
	{"Playground", "/"},
	{"Reference", "/reference"},
	{"Lint codes", "/reference#lint"},
	{"Dialects", "/reference#dialects"},
	{"Crawlers", "/reference#crawlers"},
	{"Compatibility", "/compat"},
	{"Conformance", "/conformance"},
}

func (p *page) html() []byte {
	var b strings.Builder
	esc := html.EscapeString
	b.WriteString(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>` + esc(p.Title) + ` · smolbots reference</title>
<meta name="description" content="` + esc(p.Lead) + `">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/style.css">
</head>
<body class="ref">
<a class="skip" href="#main">Skip to the content</a>
<header class="topbar">
  <p class="brand"><a href="/">smolbots</a> <span class="sub">one robots.txt, six readings</span></p>
  <nav aria-label="Site">
`)
	for _, n := range navItems {
		cur := ""
		if n.href == "/"+p.Path {
			cur = ` aria-current="page"`
		}
		b.WriteString(`    <a href="` + esc(n.href) + `"` + cur + `>` + esc(n.text) + "</a>\n")
	}
	b.WriteString(`  </nav>
</header>
<main id="main" class="refmain">
<h1>` + esc(p.Title) + `</h1>
`)
	if p.Lead != "" {
		b.WriteString(`<p class="lead">` + esc(p.Lead) + "</p>\n")
	}
	for _, bl := range p.Body {
		writeHTMLBlock(&b, bl)
	}
	b.WriteString(`</main>
<footer class="reffoot">
  <p>Generated from smolbots's own code when the site was built: every verdict here is a reader's own answer, not a hand-written claim. This page in Gemtext: <a href="/gemini/` + esc(geminiPath(p.Path)) + `">/gemini/` + esc(geminiPath(p.Path)) + `</a>. The matrix as data: <a href="/compat.json">compat.json</a>.</p>
  <p class="stamp">` + esc(stamp()) + `</p>
</footer>
</body>
</html>
`)
	return []byte(b.String())
}

func writeHTMLBlock(b *strings.Builder, bl block) {
	esc := html.EscapeString
	id := func(s string) string {
		if s == "" {
			return ""
		}
		return ` id="` + esc(s) + `"`
	}
	switch x := bl.(type) {
	case webOnly:
		for _, in := range x.Blocks {
			writeHTMLBlock(b, in)
		}
	case plainOnly:
	case heading:
		// The heading links to itself, so its address can be copied.
		n := strconv.Itoa(x.Level)
		b.WriteString("<h" + n + id(x.ID) + `><a class="self" href="#` + esc(x.ID) + `">` + esc(x.Text) + "</a></h" + n + ">\n")
	case para:
		b.WriteString("<p>" + htmlSpans(x.Spans) + "</p>\n")
	case pre:
		label := ""
		if x.Alt != "" {
			label = ` aria-label="` + esc(x.Alt) + `"`
		}
		cls := "robots"
		if x.Wrap {
			cls += " wrap"
		}
		b.WriteString("<pre" + id(x.ID) + ` class="` + cls + `" tabindex="0"` + label + "><code>" + esc(x.Text) + "</code></pre>\n")
	case list:
		b.WriteString("<ul" + id(x.ID) + ">\n")
		for _, it := range x.Items {
			b.WriteString("<li" + id(it.ID) + ">" + htmlSpans(it.Spans) + "</li>\n")
		}
		b.WriteString("</ul>\n")
	case facts:
		b.WriteString("<dl" + id(x.ID) + ` class="strip">` + "\n")
		for _, f := range x.Items {
			b.WriteString("<div><dt>" + esc(f.Term) + "</dt><dd>" + htmlSpans(f.Spans) + "</dd></div>\n")
		}
		b.WriteString("</dl>\n")
	case table:
		cls := "reftable"
		if x.Class != "" {
			cls += " " + x.Class
		}
		b.WriteString(`<div class="table-wrap" tabindex="0" role="region" aria-label="` + esc(x.Caption) + `">` + "\n")
		b.WriteString("<table" + id(x.ID) + ` class="` + cls + `">` + "\n<caption>" + esc(x.Caption) + "</caption>\n<thead><tr>")
		for _, h := range x.Head {
			b.WriteString(`<th scope="col">` + esc(h) + "</th>")
		}
		b.WriteString("</tr></thead>\n<tbody>\n")
		for _, r := range x.Rows {
			b.WriteString("<tr" + id(r.ID) + ">")
			for _, c := range r.Cells {
				attrs := id(c.ID)
				if c.Class != "" {
					attrs += ` class="` + esc(c.Class) + `"`
				}
				if c.Header {
					b.WriteString(`<th scope="row"` + attrs + ">" + htmlSpans(c.Spans) + "</th>")
				} else {
					b.WriteString("<td" + attrs + ">" + htmlSpans(c.Spans) + "</td>")
				}
			}
			b.WriteString("</tr>\n")
		}
		b.WriteString("</tbody>\n</table>\n</div>\n")
	}
}

func htmlSpans(spans []span) string {
	var b strings.Builder
	for _, s := range spans {
		text := html.EscapeString(s.Text)
		if s.Code {
			text = "<code>" + text + "</code>"
		}
		if s.Href != "" {
			label := ""
			if s.Label != "" {
				label = ` class="self" aria-label="` + html.EscapeString(s.Label) + `" title="` + html.EscapeString(s.Label) + `"`
			}
			text = `<a href="` + html.EscapeString(webHref(s.Href)) + `"` + label + `>` + text + "</a>"
		}
		if s.Sup {
			text = "<sup>" + text + "</sup>"
		}
		b.WriteString(text)
	}
	return b.String()
}

// webHref is a link as the web edition writes it: internal paths stay
// absolute from the site's root.
func webHref(href string) string { return href }
