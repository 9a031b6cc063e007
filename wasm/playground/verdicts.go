//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
)

// verdictGrid is the dialects' verdict table (#grid) and the summary
// line above it, as drawn: the model is core/grid's, the HTML
// core/pageview's. It keeps the drawn cells and rows, so a keystroke
// patches the few cells whose verdict changed.
type verdictGrid struct {
	table, summary js.Value
	shape          string     // pageview.GridShape of the drawn table
	cellEls        []js.Value // the drawn cells, row by row
	rowEls         []js.Value
	sigs           []cellSig // what each drawn cell shows
	rowDisagree    []bool
	shownSummary   string
}

func newVerdictGrid(doc js.Value) *verdictGrid {
	return &verdictGrid{
		table:   doc.Call("getElementById", "grid"),
		summary: doc.Call("getElementById", "summary"),
	}
}

// draw draws the table, or, when its rows and columns are those already
// drawn, patches only the cells whose verdict changed: a keystroke
// usually changes a few cells of a thousand. chosen is the chosen
// cell's key. While the page adopts its prerendered HTML, that HTML is
// the drawing.
func (vg *verdictGrid) draw(g *grid.Grid, chosen string, adopting bool) {
	shape := pageview.GridShape(g)
	if shape != vg.shape || vg.cellEls == nil {
		vg.shape = shape
		if !adopting {
			vg.table.Set("innerHTML", pageview.GridHTML(g, chosen))
		}
		vg.cellEls, vg.rowEls, vg.sigs, vg.rowDisagree = nil, nil, nil, nil
		each(vg.table.Call("querySelectorAll", "button.cell"), func(b js.Value) { vg.cellEls = append(vg.cellEls, b) })
		rows := vg.table.Call("querySelectorAll", "tbody > tr")
		for i, r := range g.Rows {
			if i == pageview.MaxRows || i >= rows.Length() {
				break
			}
			vg.rowEls = append(vg.rowEls, rows.Index(i))
			vg.rowDisagree = append(vg.rowDisagree, r.Disagree)
			for _, v := range r.Cells {
				vg.sigs = append(vg.sigs, sigOf(v))
			}
		}
		return
	}
	k := 0
	for i, r := range g.Rows {
		if i >= len(vg.rowEls) {
			break
		}
		for c, v := range r.Cells {
			if sig := sigOf(v); k < len(vg.cellEls) && sig != vg.sigs[k] {
				el := vg.cellEls[k]
				vg.sigs[k] = sig
				el.Set("className", pageview.CellClass(v, r.Key(g, c) == chosen))
				ds := el.Get("dataset")
				ds.Set("verdict", pageview.VerdictAttr(v.Allowed))
				ds.Set("line", v.Line)
				el.Set("innerHTML", pageview.CellInner(v))
			}
			k++
		}
		if r.Disagree != vg.rowDisagree[i] {
			vg.rowDisagree[i] = r.Disagree
			row := vg.rowEls[i]
			row.Set("className", pageview.RowClass(r.Disagree))
			row.Get("lastElementChild").Set("innerHTML", pageview.AgreeInner(r.Disagree))
		}
	}
}

// drawSummary writes the line above the grid, only when it changes: it
// heads the grid's box, and rewriting it, even with the same words,
// lays out that box again, the 1,200-cell table with it (and re-reads
// the live region).
func (vg *verdictGrid) drawSummary(g *grid.Grid, adopting bool) {
	if sum := pageview.Summary(g); sum != vg.shownSummary {
		vg.shownSummary = sum
		if !adopting {
			vg.summary.Set("textContent", sum)
		}
	}
}

// say puts other words in the summary's place until the next drawing.
func (vg *verdictGrid) say(words string) {
	vg.summary.Set("textContent", words)
	vg.shownSummary = ""
}

// mark shows the cell key names as the chosen one, and no other; ok is
// false when the grid has no such cell.
func (vg *verdictGrid) mark(g *grid.Grid, key string) (row, col int, ok bool) {
	unmarkChosen(vg.table)
	row, col, ok = g.Find(key)
	if ok && row < pageview.MaxRows {
		markChosen(vg.table, row, col)
	}
	return row, col, ok
}

// unmarkChosen and markChosen move the chosen cell's marks in a table.
func unmarkChosen(table js.Value) {
	each(table.Call("querySelectorAll", "button.cell.chosen"), func(b js.Value) {
		b.Get("classList").Call("remove", "chosen")
		b.Call("setAttribute", "aria-pressed", "false")
	})
}

func markChosen(table js.Value, row, col int) {
	q := `button.cell[data-row="` + strconv.Itoa(row) + `"][data-col="` + strconv.Itoa(col) + `"]`
	if b := table.Call("querySelector", q); !b.IsNull() {
		b.Get("classList").Call("add", "chosen")
		b.Call("setAttribute", "aria-pressed", "true")
	}
}

// clickedCell is the row and column of the verdict button an event
// landed in.
func clickedCell(ev js.Value) (row, col int, ok bool) {
	b := closest(ev, "button.cell")
	if b.IsNull() {
		return 0, 0, false
	}
	row, err1 := strconv.Atoi(dataset(b, "row"))
	col, err2 := strconv.Atoi(dataset(b, "col"))
	return row, col, err1 == nil && err2 == nil
}

// cellSig is what a drawn cell shows (pageview.CellInner's inputs),
// compared without building its HTML.
type cellSig struct {
	allowed, skipHost bool
	line              int
	note, alt         bool
}

func sigOf(v core.Verdict) cellSig {
	return cellSig{v.Allowed, v.SkipHost || v.Unread != "", v.Line, v.Note != "", pageview.OtherWay(v)}
}

// bindGridKeys makes a table one stop in the tab order whose cells and
// column heads the arrow keys, Home and End move between (WAI-ARIA's
// grid pattern; pageview.GridMove says where to); Enter or Space on a
// cell is its button's own click, which chooses it. size gives the
// table's drawn rows and columns. Whatever gets the focus in the table,
// by a key or a click, is its tab stop from then on.
func bindGridKeys(table js.Value, size func() (rows, cols int)) {
	on(table, "keydown", func(ev js.Value) {
		if ev.Get("altKey").Bool() || ev.Get("shiftKey").Bool() {
			return
		}
		t := ev.Get("target")
		row, err1 := strconv.Atoi(dataset(t, "row"))
		col, err2 := strconv.Atoi(dataset(t, "col"))
		if err1 != nil || err2 != nil {
			return
		}
		rows, cols := size()
		ctrl := ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool()
		r, c, ok := pageview.GridMove(ev.Get("key").String(), ctrl, row, col, rows, cols)
		if !ok {
			return
		}
		ev.Call("preventDefault")
		next := table.Call("querySelector", `[data-row="`+strconv.Itoa(r)+`"][data-col="`+strconv.Itoa(c)+`"]`)
		if !next.IsNull() {
			rove(table, next)
			next.Call("focus")
		}
	})
	on(table, "focusin", func(ev js.Value) {
		if t := ev.Get("target"); dataset(t, "col") != "" {
			rove(table, t)
		}
	})
}

// rove makes el the table's one tab stop.
func rove(table, el js.Value) {
	each(table.Call("querySelectorAll", `[tabindex="0"]`), func(o js.Value) {
		if !o.Equal(el) {
			o.Set("tabIndex", -1)
		}
	})
	el.Set("tabIndex", 0)
}
