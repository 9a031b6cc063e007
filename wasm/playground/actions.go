//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/pageview"
)

// copy puts the plain-text or Gemtext report on the clipboard. The
// report is written by the on-demand module, loaded on first use (its
// load starts as soon as the pointer or the focus reaches the button).
func (p *page) copy(gemtext bool) {
	what := "Report"
	if gemtext {
		what = "Gemtext report"
	}
	status := p.el("copy-status")
	status.Set("textContent", "Writing the "+strings.ToLower(what)+"…")
	// The case is read before the wait: the report is of what was shown
	// at the click.
	in := js.Global().Get("Object").New()
	in.Set("robots", p.ed.text())
	in.Set("ends", string(p.ed.ends))
	in.Set("selectors", p.selectors.Value())
	in.Set("agents", p.agents.Value())
	in.Set("hidden", jsList(p.hidden))
	in.Set("custom", p.reader.custom) // "" when the page shows no reader column
	in.Set("crawlers", js.Null())     // the default Real crawlers
	if p.crawlers.choice != nil {
		in.Set("crawlers", jsList(p.crawlers.choice))
	}
	in.Set("protocol", string(p.protocol))
	in.Set("link", p.permalinkURL())
	in.Set("gemtext", gemtext)
	in.Set("cell", p.cell)
	in.Set("shared", p.record.text) // what the link's record says, "" for none
	rev, date := pageVersion()
	in.Set("rev", rev)
	in.Set("date", date)
	if fail, ok := await(js.Global().Call("smolbotsLoadOnDemand")); !ok {
		status.Set("textContent", "The "+strings.ToLower(what)+" could not be written: the report writer did not load ("+errText(fail)+"). Check the connection and try again.")
		return
	}
	p.copyText(js.Global().Call("smolbotsReport", in).String(), what)
}

// copyLink puts the permalink on the clipboard. A hash still waiting for
// its timer is written first, so a link copied right after a keystroke
// holds that keystroke; the address bar gets the same link.
func (p *page) copyLink() {
	if p.hashTimer != nil {
		p.hashTimer.Stop()
	}
	h, err := p.writeHash()
	if err != nil {
		p.el("copy-status").Set("textContent", "This case is too large for a link; use Copy report instead.")
		return
	}
	loc := js.Global().Get("location")
	p.copyText(loc.Get("origin").String()+loc.Get("pathname").String()+loc.Get("search").String()+"#"+h, "Link")
}

// copyText puts text on the clipboard and says so; where the browser
// refuses, it shows the text selected in a box to copy by hand.
func (p *page) copyText(text, what string) {
	status := p.el("copy-status")
	wrap := p.el("copy-fallback-wrap")
	fallback := p.el("copy-fallback")
	fallback.Set("value", text)
	clip := js.Global().Get("navigator").Get("clipboard")
	if !clip.IsUndefined() && !clip.IsNull() {
		if _, ok := await(clip.Call("writeText", text)); ok {
			wrap.Set("hidden", true)
			status.Set("textContent", what+" copied to the clipboard.")
			p.clearStatusLater(status)
			return
		}
	}
	wrap.Set("hidden", false)
	fallback.Call("focus")
	fallback.Call("select")
	status.Set("textContent", what+" could not be copied: it is selected in the box below.")
}

// clearStatusLater empties the copy status a few seconds after it was
// written, unless something newer was written in between.
func (p *page) clearStatusLater(status js.Value) {
	shown := status.Get("textContent").String()
	time.AfterFunc(pageview.StatusTime, func() {
		if status.Get("textContent").String() == shown {
			status.Set("textContent", "")
		}
	})
}

// fetch asks the relay for a host's robots.txt and loads it.
func (p *page) fetch() {
	if p.fetching {
		return
	}
	url := p.el("fetch-url").Get("value").String()
	status := p.el("fetch-status")
	result := p.el("fetch-result")
	button := p.el("fetch")
	p.pane.show("fetch")
	if url == "" {
		status.Set("textContent", "Write a gopher:// or gemini:// address to fetch first.")
		return
	}
	p.fetching = true
	button.Set("disabled", true)
	status.Get("classList").Call("add", "busy")
	status.Set("textContent", "Fetching robots.txt from "+url+"…")
	result.Set("hidden", true)
	defer func() {
		p.fetching = false
		button.Set("disabled", false)
		status.Get("classList").Call("remove", "busy")
	}()

	relay := ""
	if m := p.doc.Call("querySelector", `meta[name="smolbots-relay"]`); !m.IsNull() {
		relay = m.Call("getAttribute", "content").String()
	}
	endpoint := relay + "/api/robots?url=" + js.Global().Call("encodeURIComponent", url).String()
	// The relay's answer is read by the on-demand module: it loads while
	// the relay fetches.
	loading := js.Global().Call("smolbotsLoadOnDemand")
	resp, ok := await(js.Global().Call("fetch", endpoint))
	if !ok {
		p.showFetch(pageview.FetchView{Status: "Could not reach the relay: " + errText(resp) + ". Check the connection and try again."})
		return
	}
	code := resp.Get("status").Int()
	bodyText, ok := await(resp.Call("text"))
	if !ok {
		p.showFetch(pageview.FetchView{Status: "The relay's answer broke off: " + errText(bodyText) + "."})
		return
	}
	if fail, ok := await(loading); !ok {
		p.showFetch(pageview.FetchView{Status: "The relay's answer could not be read: the reader did not load (" + errText(fail) + "). Check the connection and try again."})
		return
	}
	in := js.Global().Get("Object").New()
	in.Set("url", url)
	in.Set("status", code)
	in.Set("text", bodyText)
	out := js.Global().Call("smolbotsFetchView", in)
	v := pageview.FetchView{OK: out.Get("ok").Bool(), Load: out.Get("load").Bool(), Body: out.Get("body").String(), Status: out.Get("status").String(), HTML: out.Get("html").String()}
	if v.Load {
		if e, ok := pageview.DetectEnds(v.Body); ok {
			p.ed.setEnds(e)
		}
		p.ed.ta.SetValue(v.Body)
		if proto, ok := core.ProtocolOfURL(url); ok {
			p.setProtocol(proto, true) // a Gemini host's file is served over Gemini
		}
		p.cell = ""
		p.update()
		p.scheduleHash()
	}
	p.showFetch(v)
}

func (p *page) showFetch(v pageview.FetchView) {
	p.el("fetch-status").Set("textContent", v.Status)
	result := p.el("fetch-result")
	if v.HTML == "" {
		v.HTML = `<p>` + pageview.Escape(v.Status) + `</p>`
	}
	result.Set("innerHTML", v.HTML)
	cls := result.Get("classList")
	if v.OK {
		cls.Call("remove", "failed")
	} else {
		cls.Call("add", "failed")
	}
	result.Set("hidden", false)
}

func errText(v js.Value) string {
	if v.IsUndefined() || v.IsNull() {
		return "no reason given"
	}
	if m := v.Get("message"); !m.IsUndefined() {
		return m.String()
	}
	return v.Call("toString").String()
}
