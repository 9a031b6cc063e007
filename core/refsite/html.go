package refsite

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/smolbots/smolbots/core/lint"
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
<h1>` + keepWhole(esc(p.Title), false) + `</h1>
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
		b.WriteString("<h" + n + id(x.ID) + `><a class="self" href="#` + esc(x.ID) + `">` + keepWhole(esc(x.Text), false) + "</a></h" + n + ">\n")
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
		text := esc(x.Text)
		if x.Wrap {
			text = keepWhole(text, false) // wrapped terminal output: codes in it stay whole too
		}
		b.WriteString("<pre" + id(x.ID) + ` class="` + cls + `" tabindex="0"` + label + "><code>" + text + "</code></pre>\n")
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
			b.WriteString(`<th scope="col">` + keepWhole(esc(h), true) + "</th>")
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
		text := keepWhole(html.EscapeString(s.Text), s.Code)
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

// maxWhole is the longest word keepWhole keeps on one line in code: a
// longer one (a URL) may still need to wrap on a phone.
const maxWhole = 32

// hyphenated finds words joined by hyphens: group-without-rules.
var hyphenated = regexp.MustCompile(`[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)+`)

var lintCodes = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, c := range lint.Codes() {
		m[c] = true
	}
	return m
})

// keepWhole puts the words of escaped text that must not break at a
// hyphen in a nowrap span: every lint code name, and in code (code
// true) every word up to maxWhole bytes with a hyphen in it (a flag
// such as -selector, a reader such as mozz-archiver), which the browser
// would otherwise cut after the hyphen. A cut name reads as two words
// and, copied, is not the name.
func keepWhole(escaped string, code bool) string {
	if !strings.Contains(escaped, "-") {
		return escaped
	}
	var b strings.Builder
	for i, w := range strings.Split(escaped, " ") {
		if i > 0 {
			b.WriteByte(' ')
		}
		if code && strings.Contains(w, "-") && len(w) <= maxWhole {
			b.WriteString(`<span class="nb">` + w + "</span>")
			continue
		}
		last := 0
		for _, m := range hyphenated.FindAllStringIndex(w, -1) {
			if lintCodes()[w[m[0]:m[1]]] {
				b.WriteString(w[last:m[0]] + `<span class="nb">` + w[m[0]:m[1]] + "</span>")
				last = m[1]
			}
		}
		b.WriteString(w[last:])
	}
	return b.String()
}

// webHref is a link as the web edition writes it: internal paths stay
// absolute from the site's root.
func webHref(href string) string { return href }
