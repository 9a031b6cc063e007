package pageview

import (
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/custom"
)

// The "Your reader" column: a dialect or crawler preset to start from,
// its knobs changed one select each, read as one more column of the
// verdict grid. The reader is its canonical spelling (core/custom), the
// same string `smolbots check -dialect` takes and the permalink carries.

// ReaderSection is the element the column's head links to: the choice.
const ReaderSection = "your-reader"

// ReaderBaseOptions are the "Your reader" select's options: none (the
// page as it is without the column), then every dialect and preset;
// base is the one chosen, "" for none.
func ReaderBaseOptions(base string) string {
	var b strings.Builder
	option := func(value, words string) {
		b.WriteString(`<option`)
		attr(&b, "value", value)
		if value == base {
			b.WriteString(` selected`)
		}
		b.WriteString(`>` + esc(words) + `</option>`)
	}
	option("", "none")
	b.WriteString(`<optgroup label="Dialects">`)
	for _, d := range core.Dialects() {
		option(d.ID, custom.BaseName(d))
	}
	b.WriteString(`</optgroup><optgroup label="Crawlers">`)
	for _, d := range crawlers.All() {
		option(d.ID, custom.BaseName(d))
	}
	b.WriteString(`</optgroup>`)
	return b.String()
}

// ReaderKnobsHTML is one labelled select per knob (a text box for one
// that takes free text), set to d's values; a value that differs from
// base's is marked "changed" and its option says what base does.
func ReaderKnobsHTML(base, d core.Dialect) string {
	var b strings.Builder
	for _, k := range custom.Knobs {
		v, was := k.Value(d), k.Value(base)
		id := "knob-" + k.Name
		cls := "knob"
		if v != was {
			cls += " changed"
		}
		b.WriteString(`<div`)
		attr(&b, "class", cls)
		b.WriteString(`><label`)
		attr(&b, "for", id)
		b.WriteString(`>` + esc(k.Label()) + `</label> `)
		if k.Values == nil {
			b.WriteString(`<input type="text" spellcheck="false" autocomplete="off"`)
			attr(&b, "id", id)
			attr(&b, "data-knob", k.Name)
			attr(&b, "value", v)
			b.WriteString(`>`)
		} else {
			b.WriteString(`<select`)
			attr(&b, "id", id)
			attr(&b, "data-knob", k.Name)
			b.WriteString(`>`)
			for _, o := range k.Values {
				b.WriteString(`<option`)
				attr(&b, "value", o)
				if o == v {
					b.WriteString(` selected`)
				}
				words := k.Say(o)
				if o == was {
					words += " (as " + base.ID + ")"
				}
				b.WriteString(`>` + esc(words) + `</option>`)
			}
			b.WriteString(`</select>`)
		}
		b.WriteString(`</div>`)
	}
	return b.String()
}

// RowFeature is one feature of the compatibility matrix as the custom
// reader answers its demonstration: Support is yes or no.
type RowFeature struct {
	ID, Question, Support string
}

// ReaderRowHTML is the reader's row of the matrix, a feature a line.
func ReaderRowHTML(spelling string, row []RowFeature) string {
	var b strings.Builder
	b.WriteString(`<table class="reader-row"><caption>`)
	b.WriteString(esc(spelling))
	b.WriteString(` on the compatibility matrix's demonstrations</caption><tbody>`)
	for _, f := range row {
		b.WriteString(`<tr`)
		attr(&b, "data-feature", f.ID)
		attr(&b, "data-support", f.Support)
		b.WriteString(`><th scope="row">` + esc(f.Question) + `</th><td>` + esc(f.Support) + `</td></tr>`)
	}
	b.WriteString(`</tbody></table>`)
	return b.String()
}

// ReaderDialect is the reader a spelling names, for the grid's last
// column; ok false for "" (no column) and an error for a spelling
// custom.Parse refuses, in its words.
func ReaderDialect(spelling string) (d core.Dialect, ok bool, err error) {
	if spelling == "" {
		return core.Dialect{}, false, nil
	}
	d, err = custom.Parse(spelling)
	return d, err == nil, err
}

// WithReader is the dialects shown with the reader's column last.
func WithReader(shown []core.Dialect, reader core.Dialect, ok bool) []core.Dialect {
	if !ok {
		return shown
	}
	return append(shown[:len(shown):len(shown)], reader)
}
