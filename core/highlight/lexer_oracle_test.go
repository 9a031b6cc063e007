package highlight

import (
	"reflect"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

// regexpLexer is the lexer as six regular-expression rules: simple to
// read, too heavy for the page (see Lexer). It is the oracle the
// hand-written lexer must agree with.
var regexpLexer = chroma.MustNewLexer(&chroma.Config{
	Name:      "robots.txt",
	Aliases:   []string{"robots", "robotstxt"},
	Filenames: []string{"robots.txt"},
	MimeTypes: []string{"text/x-robots"},
}, func() chroma.Rules {
	return chroma.Rules{
		"root": {
			{Pattern: `[ \t]+`, Type: chroma.TextWhitespace},
			{Pattern: `#[^\r\n]*`, Type: chroma.CommentSingle},
			{Pattern: `\r\n|\r|\n`, Type: chroma.TextWhitespace},
			// Agent fields: the value names a crawler or a role.
			{Pattern: `(?i)(user-?agent|user agent|virtual-agent)([ \t]*)(:)`, Type: chroma.ByGroups(chroma.Keyword, chroma.TextWhitespace, chroma.Punctuation), Mutator: chroma.Push("agent")},
			// Rules: the value is a pattern.
			{Pattern: `(?i)(allow|disallow|dis+al+ow|diasllow|disallaw)([ \t]*)(:)`, Type: chroma.ByGroups(chroma.Keyword, chroma.TextWhitespace, chroma.Punctuation), Mutator: chroma.Push("pattern")},
			// Delays and re-check periods: the value is a number.
			{Pattern: `(?i)(crawl-delay|check|request-rate)([ \t]*)(:)`, Type: chroma.ByGroups(chroma.KeywordReserved, chroma.TextWhitespace, chroma.Punctuation), Mutator: chroma.Push("number")},
			// Any other field: known to some crawlers or not at all.
			{Pattern: `([^:#\r\n]+?)([ \t]*)(:)`, Type: chroma.ByGroups(chroma.NameAttribute, chroma.TextWhitespace, chroma.Punctuation), Mutator: chroma.Push("value")},
			// A line without a colon is not a rule.
			{Pattern: `[^#\r\n]+`, Type: chroma.Error},
		},
		"agent": {
			{Pattern: `\*`, Type: chroma.Operator},
			{Pattern: `[^#\r\n*]+`, Type: chroma.NameTag},
			chroma.Include("end"),
		},
		"pattern": {
			{Pattern: `[*$]`, Type: chroma.Operator},
			{Pattern: `[^#\r\n*$]+`, Type: chroma.LiteralString},
			chroma.Include("end"),
		},
		"number": {
			{Pattern: `[ \t]*[0-9]+(?:[ \t]*/[ \t]*[0-9]+)?[ \t]*(?=#|\r|\n|$)`, Type: chroma.LiteralNumber},
			{Pattern: `[^#\r\n]+`, Type: chroma.Error},
			chroma.Include("end"),
		},
		"value": {
			{Pattern: `[^#\r\n]+`, Type: chroma.LiteralStringOther},
			chroma.Include("end"),
		},
		"end": {
			{Pattern: `#[^\r\n]*`, Type: chroma.CommentSingle},
			{Pattern: `\r\n|\r|\n`, Type: chroma.TextWhitespace, Mutator: chroma.Pop(1)},
		},
	}
})

func tokensOf(t testing.TB, l chroma.Lexer, text string) []chroma.Token {
	t.Helper()
	it, err := l.Tokenise(nil, text)
	if err != nil {
		t.Fatal(err)
	}
	return it.Tokens()
}

var lexerSamples = []string{
	"", "\n", "User-agent: GUS # the crawler\n", "User agent :x\nuseragent\t:*x*\n",
	"Virtual-agent: *\nDisallow: /a*b$c$\n", "Dissallow: /x\nDisalow:\nDISSALLOW : y\ndiasllow:1\ndisallaw:2\ndisallowx: 3\n",
	"Crawl-delay: 10\nCrawl-delay: 10 # s\nCrawl-delay:  5 / 10  \nRequest-rate: 1/\nCheck: 10 20\nCheck: soon\ncheck:\n",
	"Sitemap: x # y\n:\n::\n :a\nno colon here # c\n  \t\n#\n*$\n",
	"a:b:c\r\nAllow: /\rDisallow: /x\r\n\r\nx", "User-agent: *\n\nDisallow: /git/\nCrawl-delay: 7 #x\nCrawl-delay: 7x",
	"\ufeffUser-agent: é*\nDisallow: /\x00é\n", "Crawl-delay: 3\tCrawl-delay: 4", "Request-rate: 1 /2#\nRequest-rate:1/2/3\n",
}

func TestLexerMatchesRegexpRules(t *testing.T) {
	for _, text := range lexerSamples {
		got, want := tokensOf(t, Lexer, text), tokensOf(t, regexpLexer, text)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got  %v\n want %v", text, got, want)
		}
	}
}

// FuzzLexerMatchesRegexpRules: on ASCII text (the rules fold case for
// ASCII only; a textarea holds valid text) both lexers give the same tokens.
func FuzzLexerMatchesRegexpRules(f *testing.F) {
	for _, s := range lexerSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for i := 0; i < len(text); i++ {
			if text[i] >= 0x80 {
				return
			}
		}
		got, want := tokensOf(t, Lexer, text), tokensOf(t, regexpLexer, text)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got  %v\n want %v", text, got, want)
		}
	})
}
