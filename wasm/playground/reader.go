//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/custom"
	"github.com/smolbots/smolbots/core/pageview"
)

// readerChoice is the "Your reader" column's controls: the base select
// in the Dialects box, and the knobs and matrix row in its popover. The
// reader is held as its canonical spelling (core/custom); the grid gets
// it as its last column (update), the link as state's tag 9.
type readerChoice struct {
	base, open, spelling, problem, controls, row js.Value

	custom string       // the spelling, "" for no column
	d      core.Dialect // custom parsed
	ok     bool         // the column is shown
	rowFor string       // the spelling whose matrix row is drawn or asked for
}

func newReaderChoice(doc js.Value) *readerChoice {
	el := func(id string) js.Value { return doc.Call("getElementById", id) }
	return &readerChoice{base: el("reader-base"), open: el("reader-open"), spelling: el("reader-spelling"),
		problem: el("reader-problem"), controls: el("reader-controls"), row: el("reader-row")}
}

// set makes spelling the reader and redraws the controls; a spelling
// custom.Parse refuses (a link typed by hand) shows its words and no
// column.
func (r *readerChoice) set(spelling string) {
	d, ok, err := pageview.ReaderDialect(spelling)
	r.custom, r.d, r.ok = spelling, d, ok
	if err != nil {
		r.custom = ""
		r.problem.Set("textContent", "The link's reader could not be read: "+err.Error())
		r.problem.Set("hidden", false)
	} else {
		r.problem.Set("hidden", true)
	}
	if ok {
		r.custom = d.ID // the canonical spelling
	}
	base := custom.BaseID(r.custom)
	r.base.Set("innerHTML", pageview.ReaderBaseOptions(base))
	r.open.Set("hidden", !ok)
	r.spelling.Set("textContent", r.custom)
	if !ok {
		r.controls.Set("innerHTML", "")
		r.row.Set("innerHTML", "")
		r.rowFor = ""
		return
	}
	b, _ := crawlers.ReaderByID(base)
	r.controls.Set("innerHTML", pageview.ReaderKnobsHTML(b, d))
}

// knobsChanged reads the knobs' controls back into a spelling.
func (r *readerChoice) knobsChanged() {
	values := map[string]string{}
	each(r.controls.Call("querySelectorAll", "[data-knob]"), func(c js.Value) {
		values[dataset(c, "knob")] = c.Get("value").String()
	})
	s, _, err := custom.Spell(custom.BaseID(r.custom), values)
	if err != nil {
		r.problem.Set("textContent", err.Error())
		r.problem.Set("hidden", false)
		return
	}
	focused := js.Global().Get("document").Get("activeElement").Get("id")
	r.set(s)
	if focused.Type() == js.TypeString && focused.String() != "" {
		if f := js.Global().Get("document").Call("getElementById", focused.String()); !f.IsNull() {
			f.Call("focus") // the controls were drawn again
		}
	}
}

func (p *page) bindReader() {
	r := p.reader
	if r.base.Get("options").Length() <= 1 {
		r.base.Set("innerHTML", pageview.ReaderBaseOptions(""))
	}
	on(r.base, "change", func(js.Value) {
		spelling := ""
		if b := r.base.Get("value").String(); b != "" {
			spelling = custom.Prefix + b
		}
		r.set(spelling)
		p.readerChanged()
	})
	on(r.controls, "change", func(js.Value) {
		r.knobsChanged()
		p.readerChanged()
	})
}

// readerChanged redraws the grid with the reader's column and asks for
// its matrix row.
func (p *page) readerChanged() {
	p.update()
	p.scheduleHash()
	go p.readerRow()
}

// readerRow draws the reader's row of the compatibility matrix. The
// on-demand module computes it (the suite's scoring is not in the
// checker's module); it is asked only once a reader is chosen. Reading
// a promise: never call it inside a callback.
func (p *page) readerRow() {
	r := p.reader
	s := r.custom
	if !r.ok || s == r.rowFor {
		return
	}
	r.rowFor = s
	r.row.Set("textContent", "Working out its row of the compatibility matrix…")
	if fail, ok := await(js.Global().Call("smolbotsLoadOnDemand")); !ok {
		r.row.Set("textContent", "Its row of the matrix could not be loaded: "+errText(fail)+".")
		r.rowFor = ""
		return
	}
	out := js.Global().Call("smolbotsReaderRow", s)
	if r.custom != s {
		return // another reader was chosen meanwhile
	}
	r.row.Set("innerHTML", out.String())
}
