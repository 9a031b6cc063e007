//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
)

// crawlerView is the "Real crawlers" table as drawn: the model comes
// from core/grid.CrawlerTable, the HTML from core/pageview.
type crawlerView struct {
	table, label js.Value
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

func (p *page) bindCrawlers() {
	c := &p.crawlers
	c.table, c.label = p.el("crawlers"), p.el("crawlers-choose")
	if choice := p.el("crawler-choice"); choice.Get("children").Length() == 0 {
		choice.Set("innerHTML", pageview.CrawlerChooserHTML(pageview.CrawlersShown(nil)))
	}
	on(c.table, "click", func(ev js.Value) {
		if row, col, ok := clickedCell(ev); ok && row < len(c.rows) && col < len(c.rows[row]) {
			cell := c.rows[row][col]
			p.choose(grid.CrawlerKey(cell.Crawler, cell.Selector), true)
		}
	})
	on(p.el("crawler-choice"), "change", func(js.Value) {
		c.choice = pageview.CleanCrawlers(p.crawlersTicked())
		p.update()
		p.scheduleHash()
	})
}

// clickedCell is the row and column of the verdict button a click
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

// crawlersTicked lists the presets whose box is ticked, never nil.
func (p *page) crawlersTicked() []string {
	ids := []string{}
	each(p.doc.Call("querySelectorAll", "[data-crawler-toggle]"), func(cb js.Value) {
		if cb.Get("checked").Bool() {
			ids = append(ids, dataset(cb, "crawlerToggle"))
		}
	})
	return ids
}

// showCrawlerChoice ticks the boxes of the presets shown.
func (p *page) showCrawlerChoice() {
	shown := pageview.CrawlersShown(p.crawlers.choice)
	each(p.doc.Call("querySelectorAll", "[data-crawler-toggle]"), func(cb js.Value) {
		id, on := dataset(cb, "crawlerToggle"), false
		for _, d := range shown {
			on = on || d.ID == id
		}
		cb.Set("checked", on)
	})
}

// drawCrawlers builds the table's model and draws it, or patches the
// cells that changed when its rows and columns are those drawn. While
// the page adopts its prerendered HTML with the default choice, that
// HTML is the drawing. An edit to a big file waits, as its lint does,
// until typing pauses: compiling every preset again would double the
// keystroke's cost. Until then the table shows the last file's
// verdicts, marked busy.
func (p *page) drawCrawlers() {
	c := &p.crawlers
	f := p.builder.File()
	wait := p.g.LintPending && c.file != nil && f != c.file
	if wait != c.busy {
		c.busy = wait
		c.table.Set("ariaBusy", strconv.FormatBool(wait))
	}
	if wait {
		return
	}
	presets := pageview.CrawlersShown(c.choice)
	shape := pageview.CrawlerShape(presets, p.g.Selectors)
	if f == c.file && shape == c.shape && c.cellEls != nil {
		return // a key in the agents box: nothing here changed
	}
	c.file, c.presets = f, presets
	c.rows = c.builder.Build(f, p.g.Selectors, c.presets)
	if shape != c.shape || c.cellEls == nil {
		c.shape = shape
		if !p.adopting || c.choice != nil {
			c.table.Set("innerHTML", pageview.CrawlerTableHTML(c.rows, c.presets, p.g.Selectors, p.cell))
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
				el.Set("className", pageview.CellClass(cell.Verdict, grid.CrawlerKey(cell.Crawler, cell.Selector) == p.cell))
				ds := el.Get("dataset")
				ds.Set("verdict", pageview.VerdictAttr(cell.Verdict.Allowed))
				ds.Set("line", cell.Verdict.Line)
				el.Set("innerHTML", pageview.CrawlerCellInner(cell))
			}
			k++
		}
	}
}

// chooseCrawler unmarks the chosen crawler cell, then marks and explains
// the one key names, giving its deciding line; ok is false when the
// table has no such cell (a grid cell's key never names one).
func (p *page) chooseCrawler(v view, key string) (line int, ok bool) {
	c := &p.crawlers
	each(c.table.Call("querySelectorAll", "button.cell.chosen"), func(b js.Value) {
		b.Get("classList").Call("remove", "chosen")
		b.Call("setAttribute", "aria-pressed", "false")
	})
	row, col, ok := grid.FindCrawler(c.rows, key)
	if !ok {
		return 0, false
	}
	q := `button.cell[data-row="` + strconv.Itoa(row) + `"][data-col="` + strconv.Itoa(col) + `"]`
	if b := c.table.Call("querySelector", q); !b.IsNull() {
		b.Get("classList").Call("add", "chosen")
		b.Call("setAttribute", "aria-pressed", "true")
	}
	p.put(p.explain, &p.shownExplain, pageview.ExplainCrawlerHTML(c.rows, c.presets, row, col))
	return c.rows[row][col].Verdict.Line, true
}
