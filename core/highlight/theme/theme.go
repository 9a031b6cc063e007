// Package theme holds the editor's colours as chroma styles and writes
// them as the page's style sheet at build time. It is apart from
// package highlight so that the page's module links neither the styles
// nor chroma's formatter: the page only writes class names.
package theme

import (
	"io"

	"github.com/alecthomas/chroma/v2"
	chtml "github.com/alecthomas/chroma/v2/formatters/html"

	"github.com/smolbots/smolbots/core/highlight"
)

// Light and Dark colour the tokens; CSS writes both, the dark one under
// prefers-color-scheme. Colours keep 4.5:1 contrast on the editor's
// background in each scheme.
var (
	Light = chroma.MustNewStyle("smolbots-light", chroma.StyleEntries{
		chroma.Background:         "#1a1a1a bg:#ffffff",
		chroma.Keyword:            "bold #0b4f9c",
		chroma.KeywordReserved:    "bold #7a3e00",
		chroma.NameAttribute:      "#6b4c00",
		chroma.NameTag:            "#1d6b1d",
		chroma.LiteralString:      "#8a1f11",
		chroma.LiteralStringOther: "#4a4a4a",
		chroma.LiteralNumber:      "#6a2c91",
		chroma.Operator:           "bold #b00060",
		chroma.Punctuation:        "#4a4a4a",
		chroma.CommentSingle:      "italic #5c6370",
		chroma.Error:              "#a00000 underline",
	})
	Dark = chroma.MustNewStyle("smolbots-dark", chroma.StyleEntries{
		chroma.Background:         "#e6e6e6 bg:#16181c",
		chroma.Keyword:            "bold #7fb4ff",
		chroma.KeywordReserved:    "bold #ffb36b",
		chroma.NameAttribute:      "#e0c070",
		chroma.NameTag:            "#8fdc8f",
		chroma.LiteralString:      "#ff9a8a",
		chroma.LiteralStringOther: "#c8c8c8",
		chroma.LiteralNumber:      "#d9a6ff",
		chroma.Operator:           "bold #ff7ac0",
		chroma.Punctuation:        "#b8b8b8",
		chroma.CommentSingle:      "italic #a0a8b4",
		chroma.Error:              "#ff8080 underline",
	})
)

// CSS writes the token colours for the light scheme and, inside a
// prefers-color-scheme media query, for the dark one.
func CSS(w io.Writer) error {
	f := chtml.New(chtml.WithClasses(true), chtml.WithCSSComments(false))
	if err := f.WriteCSS(w, Light); err != nil {
		return err
	}
	if _, err := io.WriteString(w, highlight.ControlCSSLight+"@media (prefers-color-scheme: dark) {\n"); err != nil {
		return err
	}
	if err := f.WriteCSS(w, Dark); err != nil {
		return err
	}
	_, err := io.WriteString(w, highlight.ControlCSSDark+"}\n")
	return err
}
