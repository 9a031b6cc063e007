//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
)

// crawlerTable is the "Real crawlers" table as drawn: the model comes
// from core/grid.CrawlerTable, the HTML from core/pageview. It keeps the
// drawn cells, so a keystroke patches those that changed.
type crawlerTable struct {
	doc          js.Value
	table, label js.Value // #crawlers and its chooser's button
	choice       []string // preset IDs shown; nil for the default
	presets      []core.Dialect
	rows         [][]grid.CrawlerCell
	builder      grid.CrawlerTable
	file         *core.File // the parse the drawn rows are of
	busy         bool       // waiting for typing to pause
	shape        string
	cellEls      []js.Value
	sigs         []cellSig
}

func newCrawlerTable(doc js.Value) *crawlerTable {
	c := &crawlerTable{doc: doc, table: doc.Call("getElementById", "crawlers"), label: doc.Call("getElementById", "crawlers-choose")}
	if choice := doc.Call("getElementById", "crawler-choice"); choice.Get("children").Length() == 0 {
		choice.Set("innerHTML", pageview.CrawlerChooserHTML(pageview.CrawlersShown(nil)))
	}
	return c
}

// ticked lists the presets whose box is ticked, never nil.
func (c *crawlerTable) ticked() []string {
	ids := []string{}
	each(c.doc.Call("querySelectorAll", "[data-crawler-toggle]"), func(cb js.Value) {
		if cb.Get("checked").Bool() {
			ids = append(ids, dataset(cb, "crawlerToggle"))
		}
	})
	return ids
}

// showChoice ticks the boxes of the presets shown.
func (c *crawlerTable) showChoice() {
	shown := pageview.CrawlersShown(c.choice)
	each(c.doc.Call("querySelectorAll", "[data-crawler-toggle]"), func(cb js.Value) {
		id, on := dataset(cb, "crawlerToggle"), false
		for _, d := range shown {
			on = on || d.ID == id
		}
		cb.Set("checked", on)
	})
}

// draw builds the table's model and draws it, or patches the cells that
// changed when its rows and columns are those drawn. f is the file's
// parse, selectors the grid's; wait says the file is a big one being
// typed into. While the page adopts its prerendered HTML with the
// default choice, that HTML is the drawing. An edit to a big file
// waits, as its lint does, until typing pauses: compiling every preset
// again would double the keystroke's cost. Until then the table shows
// the last file's verdicts, marked busy.
func (c *crawlerTable) draw(f *core.File, selectors []string, chosen string, wait, adopting bool) {
	wait = wait && c.file != nil && f != c.file
	if wait != c.busy {
		c.busy = wait
		c.table.Set("ariaBusy", strconv.FormatBool(wait))
	}
	if wait {
		return
	}
	presets := pageview.CrawlersShown(c.choice)
	shape := pageview.CrawlerShape(presets, selectors)
	if f == c.file && shape == c.shape && c.cellEls != nil {
		return // a key in the agents box: nothing here changed
	}
	c.file, c.presets = f, presets
	c.rows = c.builder.Build(f, selectors, c.presets)
	if shape != c.shape || c.cellEls == nil {
		c.shape = shape
		if !adopting || c.choice != nil {
			c.table.Set("innerHTML", pageview.CrawlerTableHTML(c.rows, c.presets, selectors, chosen))
			c.label.Set("textContent", pageview.CrawlerChooserLabel(len(c.presets)))
		}
		c.cellEls, c.sigs = nil, nil
		each(c.table.Call("querySelectorAll", "button.cell"), func(b js.Value) { c.cellEls = append(c.cellEls, b) })
		for _, r := range c.rows {
			for _, cell := range r {
				c.sigs = append(c.sigs, sigOf(cell.Verdict))
			}
		}
		return
	}
	k := 0
	for _, r := range c.rows {
		for _, cell := range r {
			if sig := sigOf(cell.Verdict); k < len(c.cellEls) && sig != c.sigs[k] {
				el := c.cellEls[k]
				c.sigs[k] = sig
				el.Set("className", pageview.CellClass(cell.Verdict, grid.CrawlerKey(cell.Crawler, cell.Selector) == chosen))
				ds := el.Get("dataset")
				ds.Set("verdict", pageview.VerdictAttr(cell.Verdict.Allowed))
				ds.Set("line", cell.Verdict.Line)
				el.Set("innerHTML", pageview.CrawlerCellInner(cell))
			}
			k++
		}
	}
}

// mark shows the cell key names as the chosen one, and no other; ok is
// false when the table has no such cell (a grid cell's key never names
// one).
func (c *crawlerTable) mark(key string) (row, col int, ok bool) {
	unmarkChosen(c.table)
	row, col, ok = grid.FindCrawler(c.rows, key)
	if ok {
		markChosen(c.table, row, col)
	}
	return row, col, ok
}

// cellKey is the key of the cell at row, col, if there is one.
func (c *crawlerTable) cellKey(row, col int) (string, bool) {
	if row < 0 || row >= len(c.rows) || col < 0 || col >= len(c.rows[row]) {
		return "", false
	}
	cell := c.rows[row][col]
	return grid.CrawlerKey(cell.Crawler, cell.Selector), true
}

// explain is the chosen cell's explanation and its deciding line.
func (c *crawlerTable) explain(row, col int) (html string, line int) {
	return pageview.ExplainCrawlerHTML(c.rows, c.presets, row, col), c.rows[row][col].Verdict.Line
}
