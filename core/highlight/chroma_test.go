package highlight

import (
	"testing"

	"github.com/alecthomas/chroma/v2"
)

// chromaTypes are the chroma token types the lexer's kinds stand for.
var chromaTypes = [...]chroma.TokenType{
	textWhitespace:     chroma.TextWhitespace,
	commentSingle:      chroma.CommentSingle,
	keyword:            chroma.Keyword,
	keywordReserved:    chroma.KeywordReserved,
	nameAttribute:      chroma.NameAttribute,
	nameTag:            chroma.NameTag,
	operator:           chroma.Operator,
	punctuation:        chroma.Punctuation,
	literalString:      chroma.LiteralString,
	literalStringOther: chroma.LiteralStringOther,
	literalNumber:      chroma.LiteralNumber,
	errorToken:         chroma.Error,
}

// Lexer is the package's lexer as a chroma.Lexer, for the tests to
// hold it to chroma's own regular-expression lexer and formatter.
var Lexer chromaLexer

var _ chroma.Lexer = Lexer

type chromaLexer struct{}

func (chromaLexer) Config() *chroma.Config                           { return &chroma.Config{Name: "robots.txt"} }
func (l chromaLexer) SetRegistry(*chroma.LexerRegistry) chroma.Lexer { return l }
func (l chromaLexer) SetAnalyser(func(string) float32) chroma.Lexer  { return l }
func (chromaLexer) AnalyseText(string) float32                       { return 0 }

// Tokenise follows chroma's conventions: with no options (or EnsureLF)
// CR and CRLF line ends become LF first.
func (chromaLexer) Tokenise(options *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	if options == nil || options.EnsureLF {
		text = ensureLF(text)
	}
	return chroma.Literator(toChroma(tokenise(text))...), nil
}

func toChroma(toks []token) []chroma.Token {
	out := make([]chroma.Token, len(toks))
	for i, t := range toks {
		out[i] = chroma.Token{Type: chromaTypes[t.typ], Value: t.value}
	}
	return out
}

// chromaClass is the class chroma's formatter gives a token type (its
// own, or its nearest parent's).
func chromaClass(t chroma.TokenType) string {
	for ; t != 0; t = t.Parent() {
		if cls, ok := chroma.StandardTypes[t]; ok {
			return cls
		}
	}
	return chroma.StandardTypes[t]
}

// Each kind's class is chroma's class for the type it stands for, and
// not empty (format writes every token in a span).
func TestClassesAreChromas(t *testing.T) {
	for k, ct := range chromaTypes {
		if cls := chromaClass(ct); cls == "" || classes[k] != cls {
			t.Errorf("kind %d (%v): class %q, chroma's %q", k, ct, classes[k], cls)
		}
	}
}
