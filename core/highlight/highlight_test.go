package highlight

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

func tokens(t *testing.T, text string) []chroma.Token {
	t.Helper()
	it, err := Lexer.Tokenise(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	return it.Tokens()
}

func TestLexerTokenTypes(t *testing.T) {
	cases := []struct {
		text string
		want map[string]chroma.TokenType // token text -> type
	}{
		{"User-agent: GUS # the crawler\n", map[string]chroma.TokenType{"User-agent": chroma.Keyword, " GUS ": chroma.NameTag, "# the crawler": chroma.CommentSingle}},
		{"Virtual-agent: *\n", map[string]chroma.TokenType{"Virtual-agent": chroma.Keyword, "*": chroma.Operator}},
		{"Disallow: /a*b$\n", map[string]chroma.TokenType{"Disallow": chroma.Keyword, " /a": chroma.LiteralString, "*": chroma.Operator, "$": chroma.Operator}},
		{"Dissallow: /x\n", map[string]chroma.TokenType{"Dissallow": chroma.Keyword}},
		{"Crawl-delay: 10\n", map[string]chroma.TokenType{"Crawl-delay": chroma.KeywordReserved, " 10": chroma.LiteralNumber}},
		{"Check: soon\n", map[string]chroma.TokenType{" soon": chroma.Error}},
		{"Sitemap: x\n", map[string]chroma.TokenType{"Sitemap": chroma.NameAttribute, " x": chroma.LiteralStringOther}},
		{"no colon here\n", map[string]chroma.TokenType{"no colon here": chroma.Error}},
	}
	for _, c := range cases {
		got := map[string]chroma.TokenType{}
		for _, tok := range tokens(t, c.text) {
			got[tok.Value] = tok.Type
		}
		for text, typ := range c.want {
			if got[text] != typ {
				t.Errorf("%q: token %q is %v, want %v (all: %v)", c.text, text, got[text], typ, got)
			}
		}
	}
}

// The lexer must give back every character: the overlay shows exactly
// what the textarea holds, or the caret drifts from the text. A
// textarea's value has LF line ends only and valid UTF-16, so that is
// the input here.
func TestLexerKeepsEveryByte(t *testing.T) {
	for _, text := range []string{
		"", "\n", "\n\n", "User-agent: *\nDisallow: /\n", "Allow:\n# c\n  \t\nx: y: z\n",
		"User-agent: GUS\nDisallow: /private # nope\n\nno-newline-at-end: 1",
		"\ufeffUser-agent: *\nDisallow: /\x00é\n", ":\n::\n#\n*$\n",
	} {
		var b strings.Builder
		for _, tok := range tokens(t, text) {
			b.WriteString(tok.Value)
		}
		// chroma's iterator appends nothing when EnsureNL is off.
		if b.String() != text {
			t.Errorf("round trip of %q gave %q", text, b.String())
		}
	}
}

func countLines(html string) int { return strings.Count(html, `<span class="line">`) }

func TestHTMLOneSpanPerLine(t *testing.T) {
	text := "User-agent: *\n\nDisallow: /<script>&\"\nlast"
	out := HTML(text)
	if n := countLines(out); n != 4 {
		t.Fatalf("got %d line spans, want 4:\n%s", n, out)
	}
	if strings.Contains(out, "<script>") || !strings.Contains(out, "&lt;script&gt;&amp;") {
		t.Errorf("text is not escaped:\n%s", out)
	}
	if strings.Contains(out, "<pre") {
		t.Errorf("the page owns the <pre>, the output must not add one:\n%s", out)
	}
	if !strings.Contains(out, `class="k"`) {
		t.Errorf("no keyword class in %s", out)
	}
}

func TestHTMLLargeIsPlainWithSameLines(t *testing.T) {
	line := "Disallow: /x<y>\n"
	text := strings.Repeat(line, MaxBytes/len(line)+10)
	out := HTML(text)
	if strings.Contains(out, `class="k"`) {
		t.Error("text over MaxBytes was coloured")
	}
	if n, want := countLines(out), strings.Count(text, "\n"); n != want {
		t.Errorf("plain output has %d line spans, want %d", n, want)
	}
	if !strings.Contains(out, "/x&lt;y&gt;") {
		t.Error("plain output is not escaped")
	}
}

func TestPlainLineEndings(t *testing.T) {
	var b strings.Builder
	Plain(&b, "a\r\nb\rc\nd")
	if n := countLines(b.String()); n != 4 {
		t.Errorf("got %d lines in %q, want 4", n, b.String())
	}
	if !strings.Contains(b.String(), "a\r\n</span>") {
		t.Errorf("CRLF split apart: %q", b.String())
	}
}

func BenchmarkHTML100Lines(b *testing.B) {
	text := strings.Repeat("User-agent: GUS\nDisallow: /private/*.gmi$ # c\nCrawl-delay: 10\n\n", 25)
	for b.Loop() {
		HTML(text)
	}
}

// Line by line from the cache gives what the whole text gives.
func TestCacheMatchesWhole(t *testing.T) {
	texts := []string{
		"", "\n", "User-agent: GUS # c\nDisallow: /a*b$\n\nCrawl-delay: x\nno colon\nSitemap: s",
		"Allow:\n# only a comment\n  \t\nDisallow: /x<y>&\n",
		"Disallow: /a\x1b[2J\u0085\x7f # \x00\f\n",
	}
	var c Cache
	for _, text := range texts {
		for i := 0; i < 2; i++ { // cold, then warm
			if got, want := c.HTML(text), HTML(text); got != want {
				t.Errorf("cache pass %d of %q:\n got %s\nwant %s", i, text, got, want)
			}
		}
	}
	big := strings.Repeat("Disallow: /x\n", MaxBytes/13+1)
	if c.HTML(big) != HTML(big) {
		t.Error("text over MaxBytes differs")
	}
	if c.Lines(big) != nil {
		t.Error("text over MaxBytes has lines to patch")
	}
}

// TestCacheLines: one top-level line element per line of the text, in
// order, so the page can swap the overlay's children one for one.
func TestCacheLines(t *testing.T) {
	var c Cache
	text := "User-agent: *\nDisallow: /a\x01b\n\n# last"
	lines := c.Lines(text)
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4: %q", len(lines), lines)
	}
	for i, h := range lines {
		if !strings.HasPrefix(h, `<span class="line">`) || strings.Count(h, `class="line"`) != 1 {
			t.Errorf("line %d is not one line element: %s", i+1, h)
		}
	}
	if strings.Join(lines, "") != HTML(text) {
		t.Error("the lines joined differ from the whole text's HTML")
	}
}

func BenchmarkCacheKeystroke(b *testing.B) {
	text := strings.Repeat("User-agent: GUS\nDisallow: /private/*.gmi$ # c\nCrawl-delay: 10\n\n", 25)
	var c Cache
	c.HTML(text)
	i := 0
	for b.Loop() {
		i++
		c.HTML(text[:40] + strings.Repeat("x", i%50) + text[40:])
	}
}

// Control characters are shown as marked cells carrying lint's escape,
// one column each (none for form feed, which the textarea draws with no
// width), and never reach the page raw. Tab and line ends are text.
func TestControlsShownVisibly(t *testing.T) {
	hostile := "Disallow: /a\x1b]0;X\x07\x1b[2J\x7f\u0085 # \x00\f\tok\n"
	var plain strings.Builder
	Plain(&plain, hostile)
	var c Cache
	for name, out := range map[string]string{"HTML": HTML(hostile), "Cache": c.HTML(hostile), "Plain": plain.String()} {
		for _, want := range []string{
			`<span class="ctl" data-escape="\x1b">␛</span>`,
			`<span class="ctl" data-escape="\a">␇</span>`,
			`<span class="ctl" data-escape="\x7f">␡</span>`,
			`<span class="ctl" data-escape="\u0085">▯</span>`,
			`<span class="ctl" data-escape="\x00">␀</span>`,
			"<span class=\"ctl zw\" data-escape=\"\\f\">\f</span>",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: no %s in\n%q", name, want, out)
			}
		}
		if strings.Count(out, `class="ctl`) != 7 {
			t.Errorf("%s: %d marks, want 7:\n%q", name, strings.Count(out, `class="ctl`), out)
		}
		rest := strings.Replace(out, "\f</span>", "</span>", 1)
		if i := nextControl(rest, 0); i >= 0 {
			t.Errorf("%s: a raw control character is left at %d:\n%q", name, i, out)
		}
		if !strings.Contains(out, "\tok") || !strings.Contains(out, "\n</span>") {
			t.Errorf("%s: tab or line end changed:\n%q", name, out)
		}
	}
}

// The marks are what lint quotes: the same escape for every character.
func TestControlEscapesMatchLint(t *testing.T) {
	for r := rune(0); r < 0xa0; r++ {
		if r >= 0x20 && r < 0x7f || r == '\t' || r == '\n' || r == '\r' {
			continue
		}
		out := markControls(string(r))
		want := strings.Trim(strconv.Quote(string(r)), `"`) // lint's quote
		if !strings.Contains(out, `data-escape="`+want+`"`) {
			t.Errorf("U+%04X: %q, want data-escape %s", r, out, want)
		}
		shown := out[strings.Index(out, ">")+1 : strings.LastIndex(out, "<")]
		if utf8.RuneCountInString(shown) != 1 {
			t.Errorf("U+%04X shown as %q, not one character", r, shown)
		}
	}
}
