//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"github.com/smolbots/smolbots/core/highlight"
	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/core/pageview"
)

// lineHeight matches --lh in style.css: the editor scrolls by lines.
const lineHeight = 20

// editor is the robots.txt box: the textarea, the coloured copy of its
// text drawn under it (the overlay), the gutter of line numbers and lint
// marks beside it, and the line-ending control below. It holds what it
// has drawn, so a keystroke rewrites only what changed.
type editor struct {
	doc        js.Value
	ta         *dom.HTMLTextAreaElement // #robots
	box, hl    js.Value                 // #editor, #robots-hl (the overlay)
	status     js.Value                 // #editor-status: a lint mark's words
	gutter     js.Value
	lines      js.Value // #gutter-lines
	top, below js.Value // the gutter's spacers
	endsSelect js.Value
	// ends is the file's line-ending style, which the textarea cannot
	// hold: the grid, the lint and the permalink get the text with these
	// line ends.
	ends pageview.LineEnds

	shownText   string   // the text the overlay shows
	shownHL     string   // the overlay's HTML
	shownLines  []string // its lines, when drawn by putLines
	shownGutter string
	count       int            // lines in the text
	marks       pageview.Marks // findings by line
	hlLine      int            // line highlighted, 0 for none
	view        view           // the scroll state as last read
	applied     view           // as last applied to the overlay and gutter
	spacers     [2]int         // the gutter's spacer heights
	from, to    int            // lines the gutter draws
	colours     highlight.Cache
}

// view is the editor's scroll state.
type view struct{ top, left, height int }

func newEditor(doc js.Value) *editor {
	el := func(id string) js.Value { return doc.Call("getElementById", id) }
	return &editor{
		doc:        doc,
		ta:         textarea(el("robots")),
		box:        el("editor"),
		hl:         el("robots-hl"),
		status:     el("editor-status"),
		gutter:     el("gutter"),
		lines:      el("gutter-lines"),
		top:        el("gutter-top"),
		below:      el("gutter-bottom"),
		endsSelect: el("line-endings"),
		ends:       pageview.LF,
	}
}

// bind wires the editor's own events: its scrolling, a paste's line
// ends, and the gutter's marks (their words, and arrow keys between
// them). A click on a mark, or on a line's button elsewhere, is
// gotoLine's.
func (e *editor) bind() {
	on(e.ta.Underlying(), "scroll", func(js.Value) { e.syncScroll() })
	// A paste with line breaks sets the style: a file copied from a
	// Windows program keeps its CRLF.
	on(e.ta.Underlying(), "paste", func(ev js.Value) {
		if cd := ev.Get("clipboardData"); !cd.IsNull() && !cd.IsUndefined() {
			if ends, ok := pageview.DetectEnds(cd.Call("getData", "text/plain").String()); ok {
				e.setEnds(ends)
			}
		}
	})
	showMark := func(ev js.Value) {
		b := closest(ev, "button.mark")
		if b.IsNull() {
			return
		}
		e.status.Set("textContent", b.Call("getAttribute", "aria-label"))
	}
	on(e.gutter, "mouseover", showMark)
	on(e.gutter, "focusin", func(ev js.Value) {
		showMark(ev)
		if b := closest(ev, "button.mark"); !b.IsNull() {
			n, _ := strconv.Atoi(dataset(b, "line"))
			e.scrollToLine(n)
		}
	})
	// Arrow keys move between the gutter's marks, which are one tab stop.
	on(e.gutter, "keydown", func(ev js.Value) {
		key := ev.Get("key").String()
		if key != "ArrowDown" && key != "ArrowUp" {
			return
		}
		marks := e.lines.Call("querySelectorAll", "button.mark")
		cur := e.doc.Get("activeElement")
		for i, n := 0, marks.Length(); i < n; i++ {
			if !marks.Index(i).Equal(cur) {
				continue
			}
			j := i + 1
			if key == "ArrowUp" {
				j = i - 1
			}
			if j >= 0 && j < n {
				ev.Call("preventDefault")
				cur.Set("tabIndex", -1)
				next := marks.Index(j)
				next.Set("tabIndex", 0)
				next.Call("focus")
			}
			return
		}
	})
}

// text is the editor's text as the textarea holds it (LF line ends).
func (e *editor) text() string { return e.ta.Value() }

// size is the text's length, read without copying the text out of the
// page.
func (e *editor) size() int { return e.ta.Underlying().Get("textLength").Int() }

// setEnds sets the line-ending style and shows it in its control.
func (e *editor) setEnds(ends pageview.LineEnds) {
	e.ends = ends
	if e.endsSelect.Get("value").String() != string(ends) {
		e.endsSelect.Set("value", string(ends))
	}
}

// drawText colours text into the overlay, unless it shows it already.
// (A link's first drawing does not call it: the first grid does not wait
// for the lexer's first use; the editor shows its plain text until the
// next update, once that grid is painted.)
func (e *editor) drawText(text string, adopting bool) {
	if text == e.shownText {
		return
	}
	e.shownText = text
	// The overlay's lines may be patched in place: unmark the
	// highlighted one, which the chosen cell marks again.
	if c := child(e.hl, e.hlLine-1); !c.IsNull() {
		c.Get("classList").Call("remove", "hl")
	}
	e.hlLine = 0
	cls := e.box.Get("classList")
	html := ""
	var lines []string
	if len(text) > highlight.MaxBytes {
		cls.Call("add", "plain")
	} else {
		cls.Call("remove", "plain")
		lines = e.colours.Lines(text)
	}
	if lines != nil {
		e.putLines(lines, adopting)
	} else {
		e.shownLines = nil
		put(e.hl, &e.shownHL, html, adopting)
	}
	e.count = pageview.CountLines(text)
}

// putLines draws the overlay's coloured lines. With as many lines as
// shown, only those that differ are replaced: a keystroke rewrites one
// line element, not the whole overlay, whose hundreds of spans the
// browser would otherwise style and lay out again.
func (e *editor) putLines(lines []string, adopting bool) {
	kids := e.hl.Get("children")
	if adopting || len(lines) != len(e.shownLines) || kids.Length() != len(lines) {
		put(e.hl, &e.shownHL, strings.Join(lines, ""), adopting)
		e.shownLines = lines
		return
	}
	for i, h := range lines {
		if h != e.shownLines[i] {
			kids.Index(i).Set("outerHTML", h)
		}
	}
	e.shownLines = lines
	e.shownHL = "\x00" // no longer the whole HTML: the next put writes
}

// setMarks marks the lines with findings in the gutter and draws it.
func (e *editor) setMarks(findings []lint.Finding, v view, adopting bool) {
	e.marks = pageview.IndexMarks(findings)
	e.renderGutter(v, true, adopting)
}

// renderGutter draws the line numbers and lint marks around the visible
// lines; spacers keep its height that of the whole text, so it scrolls
// with the editor. Unless forced, it redraws only when the view leaves
// the drawn lines.
func (e *editor) renderGutter(v view, force, adopting bool) {
	first := v.top/lineHeight + 1
	visible := v.height/lineHeight + 2
	if !force && first >= e.from && first+visible <= e.to {
		return
	}
	lines := max(e.count, 1)
	from, to := pageview.GutterWindow(lines, first, visible)
	e.from, e.to = from, to
	// Redrawing must not drop the focus of a keyboard user on a mark.
	focused := ""
	if a := e.doc.Get("activeElement"); !a.IsNull() && a.Get("classList").Call("contains", "mark").Bool() {
		focused = dataset(a, "line")
	}
	if put(e.lines, &e.shownGutter, pageview.GutterHTML(from, to, e.marks, e.hlLine), adopting) && focused != "" {
		if m := e.lines.Call("querySelector", `button.mark[data-line="`+focused+`"]`); !m.IsNull() {
			m.Set("tabIndex", 0)
			m.Call("focus")
		}
	}
	if top, bottom := (from-1)*lineHeight, (lines+1-to)*lineHeight; top != e.spacers[0] || bottom != e.spacers[1] {
		e.spacers = [2]int{top, bottom}
		e.top.Get("style").Set("height", strconv.Itoa(top)+"px")
		e.below.Get("style").Set("height", strconv.Itoa(bottom)+"px")
	}
}

// readView reads the scroll state; this lays the page out if anything
// changed.
func (e *editor) readView() view {
	ta := e.ta.Underlying()
	return view{ta.Get("scrollTop").Int(), ta.Get("scrollLeft").Int(), ta.Get("clientHeight").Int()}
}

// applyScroll moves the overlay and the gutter with the textarea. It
// only writes what changed: a scroll write lays the page out.
func (e *editor) applyScroll(v view, adopting bool) {
	if v.top != e.applied.top || v.left != e.applied.left {
		e.hl.Set("scrollTop", v.top)
		e.hl.Set("scrollLeft", v.left)
		e.gutter.Set("scrollTop", v.top)
		e.applied = v
	}
	e.renderGutter(v, false, adopting)
}

func (e *editor) syncScroll() {
	e.view = e.readView()
	e.applyScroll(e.view, false)
}

// highlightLine marks line n (0: none) as the deciding line, in the
// overlay and the gutter.
func (e *editor) highlightLine(v view, n int, adopting bool) {
	if e.hlLine > 0 {
		if c := child(e.hl, e.hlLine-1); !c.IsNull() {
			c.Get("classList").Call("remove", "hl")
		}
	}
	old := e.hlLine
	e.hlLine = 0
	if n > 0 {
		if c := child(e.hl, n-1); !c.IsNull() {
			c.Get("classList").Call("add", "hl")
		}
		e.hlLine = n
	}
	if old != e.hlLine {
		e.renderGutter(v, true, adopting)
	}
}

// scrollToLine brings line n into the editor's view without moving focus.
func (e *editor) scrollToLine(n int) {
	ta := e.ta.Underlying()
	top := (n - 1) * lineHeight
	h := ta.Get("clientHeight").Int()
	cur := ta.Get("scrollTop").Int()
	if top < cur || top+2*lineHeight > cur+h {
		ta.Set("scrollTop", top-h/3)
	}
	e.syncScroll()
}

// moveCaret puts the caret on line n with the line selected.
func (e *editor) moveCaret(n int) {
	if n <= 0 {
		e.ta.Focus()
		return
	}
	start, end, ok := pageview.LineRange(e.ta.Value(), n)
	if !ok {
		return
	}
	e.ta.Focus()
	e.ta.SetSelectionRange(start, end, "forward")
	e.scrollToLine(n)
}

func child(parent js.Value, i int) js.Value {
	if i < 0 {
		return js.Null()
	}
	c := parent.Get("children").Index(i)
	if c.IsUndefined() {
		return js.Null()
	}
	return c
}
