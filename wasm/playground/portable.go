//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/core/pageview"
)

// rewrite is the "Make it portable" pane's last rewrite, told apart
// from the editor's text so the pane knows whether Apply or Revert
// still make sense.
type rewrite struct {
	ran    bool
	source string // the editor's text the rewrite was made from
	result string // the rewrite as the editor holds it (LF line ends)
	// The line ends of each: a textarea holds LF only, the page keeps
	// the style beside it (pageview.LineEnds).
	sourceEnds, resultEnds pageview.LineEnds
	before                 string // the editor's text before Apply, for Revert
	applied                bool   // the editor holds result because of Apply
	undoable               bool   // Apply went onto the browser's undo stack
	outdated               bool   // the scope or the reference changed since
	status                 string // the status line as last written
}

func (p *page) bindPortable() {
	each(p.doc.Call("querySelectorAll", `input[name="protocol"]`), func(r js.Value) {
		on(r, "change", func(js.Value) {
			p.setProtocol(pageview.ProtocolOf(r.Get("value").String()), true)
			p.update()
			p.scheduleHash()
		})
	})
	on(p.el("portable-reference"), "change", func(js.Value) { p.outdatePortable() })
	on(p.el("make-portable"), "click", func(js.Value) { go p.makePortable() })
	on(p.el("apply-portable"), "click", func(js.Value) { p.applyPortable() })
	on(p.el("revert-portable"), "click", func(js.Value) { p.revertPortable() })
}

// setProtocol records what the file is served over and shows it. When
// the user or a fetch chooses it, columns is true: the dialects of that
// scope become the ones shown, as a default the user may change. A
// restored link keeps the columns it holds.
func (p *page) setProtocol(proto core.Protocol, columns bool) {
	p.protocol = proto
	if r := p.el("served-" + string(proto)); !r.IsNull() && !r.Get("checked").Bool() {
		r.Set("checked", true)
	}
	if !columns {
		return
	}
	p.outdatePortable()
	p.hidden = pageview.HiddenFor(proto)
	each(p.doc.Call("querySelectorAll", "[data-dialect-toggle]"), func(cb js.Value) {
		cb.Set("checked", !contains(p.hidden, dataset(cb, "dialectToggle")))
	})
}

// outdatePortable marks the last rewrite as made for another scope or
// reference; the next update says so.
func (p *page) outdatePortable() {
	if p.port.ran {
		p.port.outdated = true
		p.portableState(p.ed.text())
	}
}

// checkedProtocol is the radio ticked now (the user may tick one before
// the checker has loaded).
func (p *page) checkedProtocol() core.Protocol {
	r := p.doc.Call("querySelector", `input[name="protocol"]:checked`)
	if r.IsNull() {
		return core.ProtocolAny
	}
	return pageview.ProtocolOf(r.Get("value").String())
}

// scopedFindings are the findings the page shows: those that concern
// the scope or a column shown.
func (p *page) scopedFindings() []lint.Finding {
	return pageview.ScopeFindings(pageview.Findings(&p.g), p.protocol, p.g.Dialects)
}

// makePortable rewrites the editor's text and shows the diff. The
// rewriter is in the on-demand module (wasm/ondemand), loaded on first
// use; this waits for it, so it runs in a goroutine, never in a callback.
func (p *page) makePortable() {
	if p.rewriting {
		return
	}
	p.rewriting = true
	button := p.el("make-portable")
	button.Set("disabled", true)
	defer func() {
		p.rewriting = false
		button.Set("disabled", false)
	}()
	p.pane.show("portable")
	p.setPortableStatus("Rewriting…")
	if fail, ok := await(js.Global().Call("smolbotsLoadOnDemand")); !ok {
		p.setPortableStatus("The rewriter could not be loaded: " + errText(fail) + ". Check the connection and try again.")
		return
	}
	time.Sleep(20 * time.Millisecond) // the status shows before a big file's rewrite
	robots := p.ed.text()
	agents, selectors := pageview.PortableRows(&p.g)
	in := js.Global().Get("Object").New()
	in.Set("robots", pageview.WithEnds(robots, p.ed.ends))
	in.Set("agents", jsList(agents))
	in.Set("selectors", jsList(selectors))
	in.Set("protocol", string(p.protocol))
	in.Set("reference", p.el("portable-reference").Get("value").String())
	out := js.Global().Call("smolbotsPortable", in)
	fixed := out.Get("robots").String()
	ends, ok := pageview.DetectEnds(fixed)
	if !ok {
		ends = p.ed.ends
	}
	p.port = rewrite{ran: true, source: robots, sourceEnds: p.ed.ends, result: toLF(fixed), resultEnds: ends}
	p.el("portable").Set("innerHTML", out.Get("html").String())
	p.el("pane-portable").Set("scrollTop", 0)
	p.portableState(p.ed.text())
}

func jsList(list []string) js.Value {
	a := js.Global().Get("Array").New(len(list))
	for i, s := range list {
		a.SetIndex(i, s)
	}
	return a
}

// toLF is text as a textarea holds it.
func toLF(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// applyPortable puts the rewrite in the editor as one edit the
// browser's undo can take back.
func (p *page) applyPortable() {
	if !p.port.ran || p.ed.text() != p.port.source {
		return
	}
	p.port.before = p.port.source
	p.port.applied = true
	p.ed.setEnds(p.port.resultEnds) // CRLF under gopher: the grid and the link get it
	p.port.undoable = p.replaceText(p.port.result)
}

// revertPortable puts back the text Apply replaced, again as one edit.
func (p *page) revertPortable() {
	if !p.port.applied || p.ed.text() != p.port.result {
		return
	}
	p.port.applied = false
	p.ed.setEnds(p.port.sourceEnds)
	p.replaceText(p.port.before)
}

// replaceText replaces the editor's whole text the way typing does, so
// it lands on the textarea's undo stack (execCommand is the only way a
// page has to do that); the input event it fires updates the page. A
// text past pageview.UndoableBytes is set at once instead, which the
// browser's undo cannot take back; it reports which it did.
func (p *page) replaceText(text string) (undoable bool) {
	ta := p.ed.ta.Underlying()
	ta.Call("focus")
	ta.Call("select")
	ok := len(text) <= pageview.UndoableBytes && p.doc.Call("execCommand", "insertText", false, text).Bool()
	if ok && ta.Get("value").String() == text && text == p.ed.shownText {
		// Only the line ends changed: the text did not, so no input
		// event came; the page must still update for them.
		p.update()
	}
	if !ok || ta.Get("value").String() != text {
		// A browser without it: set the text; Revert still undoes it.
		ta.Set("value", text)
		p.changed()
	}
	ta.Call("setSelectionRange", 0, 0)
	ta.Set("scrollTop", 0)
	p.ed.syncScroll()
	p.scheduleHash()
	return ok
}

// portableState enables Apply and Revert and says why, from how the
// editor's text stands to the last rewrite. It runs after every update.
func (p *page) portableState(robots string) {
	if !p.port.ran {
		return
	}
	apply, revert, stale := false, false, false
	var status string
	switch {
	case p.port.outdated && !(p.port.applied && robots == p.port.result):
		stale = true
		status = "The scope or the reading to keep has changed since this rewrite: choose Make it portable again."
	case p.port.applied && robots == p.port.result && p.ed.ends == p.port.resultEnds:
		revert = true
		status = "Applied: the editor holds the portable file and the verdicts are its own. Undo (Ctrl+Z) or Revert brings back the file as it was."
		if !p.port.undoable {
			status = "Applied: the editor holds the portable file and the verdicts are its own. Revert brings back the file as it was (a file this long is put in at once, which the browser's undo cannot take back)."
		}
	case robots == p.port.source:
		if p.port.applied && p.ed.ends != p.port.sourceEnds {
			// The browser's undo brought the text back, not its line
			// ends: they follow, and the page updates again for them.
			p.ed.setEnds(p.port.sourceEnds)
			time.AfterFunc(0, func() { p.update(); p.scheduleHash() })
		}
		p.port.applied = false
		apply = p.port.result != robots || p.port.resultEnds != p.port.sourceEnds
		switch {
		case apply && p.port.result == robots:
			status = "Apply changes only the line ends, to " + strings.ToUpper(string(p.port.resultEnds)) + " (Line endings, under the editor); the lines stay as they are."
		case apply:
			status = "Apply puts the portable file in the editor."
		default:
			status = "Nothing to apply: the file already reads the same in every dialect in scope, as far as a rewrite can make it."
		}
	default:
		p.port.applied = false
		stale = true
		status = "The file has changed since this rewrite: choose Make it portable again."
	}
	p.el("apply-portable").Set("disabled", !apply)
	p.el("revert-portable").Set("disabled", !revert)
	p.el("portable").Get("classList").Call("toggle", "stale", stale)
	p.setPortableStatus(status)
}

// setPortableStatus writes the status line when it changes, so a screen
// reader hears it once.
func (p *page) setPortableStatus(s string) {
	if s == p.port.status {
		return
	}
	p.port.status = s
	p.el("portable-status").Set("textContent", s)
}
