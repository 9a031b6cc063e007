package pageview

import (
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/narrate"
)

// The Why pane opens with the verdict in one plain sentence
// (core/narrate): who may or may not fetch what, the deciding line and
// how its pattern matched; the details follow, then the spec words they
// use, each defined.

// sentenceHTML is that sentence as a paragraph; reader, when not "",
// names the dialect it is the verdict of ("Under gemini, …").
func sentenceHTML(reader string, d core.Dialect, v core.Verdict) (html, text string) {
	text = narrate.Sentence(d, v)
	var b strings.Builder
	b.WriteString(`<p class="sentence"><span class="icon" aria-hidden="true">`)
	b.WriteString(iconOf(v))
	b.WriteString(`</span> `)
	if reader != "" {
		b.WriteString(`Under <strong>`)
		b.WriteString(esc(reader))
		b.WriteString(`</strong>, `)
		if rest, ok := strings.CutPrefix(text, "A robot"); ok {
			text = "a robot" + rest
		}
	}
	b.WriteString(codeSpans(text))
	b.WriteString(`</p>`)
	return b.String(), text
}

// codeSpans escapes text and sets what it holds in backticks as code.
func codeSpans(text string) string {
	parts := strings.Split(text, "`")
	if len(parts)%2 == 0 {
		return esc(text) // an odd backtick: no pairs to trust
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString(`<code>`)
			b.WriteString(esc(p))
			b.WriteString(`</code>`)
		} else {
			b.WriteString(esc(p))
		}
	}
	return b.String()
}

// termsHTML defines the spec words the explanation's texts use, in the
// order a reader meets them; "" when it uses none.
func termsHTML(texts ...string) string {
	terms := narrate.TermsIn(strings.Join(texts, "\n"))
	if len(terms) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<h3 class="terms-h">Words used here</h3><dl class="terms">`)
	for _, t := range terms {
		b.WriteString(`<dt><dfn>`)
		b.WriteString(esc(t.Word))
		b.WriteString(`</dfn></dt><dd>`)
		b.WriteString(esc(t.Meaning))
		b.WriteString(`</dd>`)
	}
	b.WriteString(`</dl>`)
	return b.String()
}
