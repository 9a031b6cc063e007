package highlight

import (
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	chtml "github.com/alecthomas/chroma/v2/formatters/html"
)

type noWrapper struct{}

func (noWrapper) Start(bool, string) string { return "" }
func (noWrapper) End(bool) string           { return "" }

// chromaHTML is what chroma's own HTML formatter writes for tokens, with
// the options the page's markup follows.
func chromaHTML(t *testing.T, tokens []chroma.Token) string {
	t.Helper()
	f := chtml.New(chtml.WithClasses(true), chtml.WithPreWrapper(noWrapper{}))
	var b strings.Builder
	style := chroma.MustNewStyle("oracle", chroma.StyleEntries{chroma.Keyword: "bold"})
	if err := f.Format(&b, style, chroma.Literator(tokens...)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestFormatMatchesChroma: the page's writer gives chroma's formatter's
// bytes for the lexer's output on varied files, and for every kind of
// token, alone and around line ends.
func TestFormatMatchesChroma(t *testing.T) {
	texts := []string{
		"", "\n", "\n\n", "User-agent: GUS # c\nDisallow: /a*b$\n\nCrawl-delay: x\nno colon\nSitemap: s",
		"Allow:\n# only a comment\n  \t\nDisallow: /x<y>&\"'\n", "Crawl-delay: 5 / 10 # r\nCheck: 1\n",
		"Virtual-agent: indexer*\nUser agent: a\n\ufeffx: y: z\nlast line without end",
	}
	for _, text := range texts {
		toks := tokenise(text)
		var b strings.Builder
		format(&b, toks)
		if want := chromaHTML(t, toChroma(toks)); b.String() != want {
			t.Errorf("%q:\n got %s\nwant %s", text, b.String(), want)
		}
	}
	for k := range chromaTypes {
		for _, toks := range [][]token{
			{{tokenType(k), "a<b\n"}, {literalString, "c"}},
			{{tokenType(k), "\n\nx\n"}, {tokenType(k), ""}, {literalString, ""}},
			{{tokenType(k), ""}},
		} {
			var b strings.Builder
			format(&b, toks)
			if want := chromaHTML(t, toChroma(toks)); b.String() != want {
				t.Errorf("kind %d %q:\n got %s\nwant %s", k, toks, b.String(), want)
			}
		}
	}
}
