//go:build js && wasm

package main

import (
	"html"
	"syscall/js"

	"github.com/smolbots/smolbots/core/conformance"
	"github.com/smolbots/smolbots/core/custom"
	"github.com/smolbots/smolbots/core/pageview"
)

// readerRow answers smolbotsReaderRow(spelling): the HTML of the reader's
// row of the compatibility matrix, each feature's demonstration read by
// it and scored as `conform` scores an implementation.
func readerRow(_ js.Value, args []js.Value) (out any) {
	if len(args) == 0 || args[0].Type() != js.TypeString {
		return ""
	}
	defer func() {
		if r := recover(); r != nil {
			out = `<p class="problem">` + html.EscapeString(failed(r, "Working out the row")) + `</p>`
		}
	}()
	d, err := custom.Parse(args[0].String())
	if err != nil {
		return `<p class="problem">` + html.EscapeString(err.Error()) + `</p>`
	}
	demos := conformance.MatrixDemos()
	row, err := conformance.ReaderRow(d, demos, "")
	if err != nil {
		return `<p class="problem">` + html.EscapeString(err.Error()) + `</p>`
	}
	var features []pageview.RowFeature
	for i, dm := range demos {
		features = append(features, pageview.RowFeature{ID: dm.ID, Question: dm.Question, Support: row[i]})
	}
	return pageview.ReaderRowHTML(d.ID, features)
}
