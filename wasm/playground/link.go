//go:build js && wasm

package main

import (
	"errors"
	"strings"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
	"github.com/smolbots/smolbots/core/prerender"
	"github.com/smolbots/smolbots/core/state"
)

// The case and its link: restore opens the case the address holds (or
// the page's own drawn default), scheduleHash and writeHash keep the
// address holding the case shown.

// restore reads the state from location.hash: a bad link gives a clear
// message and an empty, working page. On the first call, main.js may
// have put the link's case into the boxes already (the body's
// data-opened): what they hold then counts, since a user may have typed
// before the checker loaded. Reading a link waits for the browser
// (openLink): never call this inside a callback.
func (p *page) restore() {
	hash := js.Global().Get("location").Get("hash").String()
	opened := dataset(p.body, "opened")
	p.body.Call("removeAttribute", "data-opened")
	p.message.Set("hidden", true)
	var st state.State
	var linked state.State // the link's case as read, with its record
	keep := false          // the boxes already hold st
	edited := false        // they hold something else than the address says
	p.fromLink = false
	if h := strings.TrimPrefix(hash, "#"); h == "" || p.isElementID(h) {
		if dataset(p.body, "prerendered") == prerender.Prerendered {
			// The HTML shows the default case. What the boxes hold now
			// counts (a user may have typed before the checker loaded);
			// if that is still the default, the DOM is kept as it is.
			p.body.Call("removeAttribute", "data-prerendered")
			st = p.shownState()
			if b := p.verdicts.table.Call("querySelector", "button.cell.chosen"); !b.IsNull() {
				st.Cell = grid.CellKey(dataset(b, "dialect"), dataset(b, "agent"), dataset(b, "selector"))
			}
			keep = true
			ex := pageview.Examples[0]
			p.adopting = st.Robots == ex.Robots && st.Selectors == ex.Selectors && st.Agents == ex.Agents && len(st.Hidden) == 0 && st.Protocol == string(core.ProtocolAny)
			edited = !p.adopting
		} else {
			st = prerender.Default()
		}
	} else {
		var err error
		p.opening = true
		st, err = p.openLink(hash)
		p.opening = false
		linked = st
		// web/bench -probe reads these marks: the link read.
		js.Global().Get("performance").Call("mark", "smolbots-restored")
		p.fromLink = err == nil
		shown := p.shownState()
		// main.js showed this case ("edited" once something was typed
		// or ticked), or could not open the link and left the boxes
		// empty for typing (a browser's DEFLATE reader may refuse what
		// Go's reads: such a link still opens here while nothing has
		// been typed).
		typed := shown.Robots+shown.Selectors+shown.Agents != ""
		if opened == "case" || opened == "edited" || (opened == "failed" && (err != nil || typed)) {
			if err == nil {
				shown.Cell, shown.Crawlers, shown.Custom = st.Cell, st.Crawlers, st.Custom
			}
			st, keep, edited = shown, true, opened == "edited" || typed && opened == "failed"
		}
		if err != nil {
			p.showMessage("This link could not be opened: " + err.Error() + " The page starts empty instead.")
			if !keep {
				st = state.State{}
			}
		}
		p.lastHash = strings.TrimPrefix(hash, "#")
	}
	for _, ta := range []*dom.HTMLTextAreaElement{p.ed.ta, p.selectors, p.agents} {
		ta.Underlying().Set("readOnly", false)
	}
	p.hidden = pageview.CleanHidden(st.Hidden)
	p.crawlers.choice = pageview.CleanCrawlers(st.Crawlers)
	p.crawlers.showChoice()
	p.setProtocol(pageview.ProtocolOf(st.Protocol), false)
	e, _ := pageview.DetectEnds(st.Robots)
	p.ed.setEnds(e)
	if !keep {
		p.ed.ta.SetValue(st.Robots)
		p.selectors.SetValue(st.Selectors)
		p.agents.SetValue(st.Agents)
		p.showHidden()
	}
	p.reader.set(st.Custom)
	p.cell = st.Cell
	p.fromLink = p.fromLink && !edited
	raw := p.record.raw
	p.record.raw, p.record.asked = nil, false
	if p.fromLink && raw != nil {
		p.record.raw, p.record.st = raw, linked
	}
	p.update()
	go p.readerRow()
	if p.adopting {
		p.adoptPending = true
		time.AfterFunc(0, p.adoptRest)
	}
	p.adopting = false
	if edited {
		// Typed before the checker loaded: the address gets it too.
		p.scheduleHash()
	}
}

// shownState is the case the page's controls hold now (all but the
// chosen cell).
func (p *page) shownState() state.State {
	return state.State{
		Robots:    pageview.WithEnds(p.ed.text(), pageview.ParseEnds(p.ed.endsSelect.Get("value").String())),
		Selectors: p.selectors.Value(),
		Agents:    p.agents.Value(),
		Hidden:    p.toggledOff(),
		Crawlers:  pageview.CleanCrawlers(p.crawlers.ticked()),
		Protocol:  string(p.checkedProtocol()),
		Custom:    p.reader.custom,
	}
}

func (p *page) currentState() state.State {
	return state.State{
		Robots:    pageview.WithEnds(p.ed.text(), p.ed.ends),
		Selectors: p.selectors.Value(),
		Agents:    p.agents.Value(),
		Hidden:    append([]string(nil), p.hidden...),
		Cell:      p.cell,
		Crawlers:  p.crawlers.choice, // never changed in place
		Protocol:  string(p.protocol),
		Custom:    p.reader.custom,
	}
}

// scheduleHash writes the permalink after a pause; replaceState keeps
// the history clean while typing.
func (p *page) scheduleHash() {
	if p.opening {
		return
	}
	if p.hashTimer != nil {
		p.hashTimer.Stop()
	}
	p.hashTimer = time.AfterFunc(pageview.HashDelay(p.ed.size()), func() { p.writeHash() })
}

// writeHash writes the permalink of the page as it is now into the
// address bar and the grid's link, and returns it. The browser
// compresses it, a wait in which a newer call may start: only the
// newest call writes.
func (p *page) writeHash() (string, error) {
	p.hashSeq++
	seq := p.hashSeq
	h, err := hashFor(p.withRecord(p.currentState()))
	if seq != p.hashSeq {
		return h, err
	}
	loc := js.Global().Get("location")
	base := loc.Get("pathname").String() + loc.Get("search").String()
	hist := js.Global().Get("history")
	if err != nil {
		p.lastHash = ""
		hist.Call("replaceState", js.Null(), "", base)
		p.permalink.Set("href", "#")
		put(p.permalink, &p.shownPermalink, "This case is too large for a link", false)
		return h, err
	}
	p.permalink.Set("href", "#"+h)
	// Written only when the words change: the link heads the grid's box,
	// and a new text node there lays out the 1,200-cell table again.
	put(p.permalink, &p.shownPermalink, "Link to this case", false)
	if h != p.lastHash {
		p.lastHash = h
		hist.Call("replaceState", js.Null(), "", base+"#"+h)
	}
	return h, nil
}

// hashFor is the permalink's fragment for s. The browser's DEFLATE
// (smolbotsDeflate in main.js, a CompressionStream) compresses it, which
// keeps Go's compressor out of the page's module; where the browser has
// none, the records go in stored blocks and the link is only longer.
// It waits for the browser, so it never runs inside a callback.
func hashFor(s state.State) (string, error) {
	raw, err := state.MarshalChecked(s)
	if err != nil {
		return "", err
	}
	arr := js.Global().Get("Uint8Array").New(len(raw))
	js.CopyBytesToJS(arr, raw)
	var z []byte
	if out, ok := await(js.Global().Call("smolbotsDeflate", arr)); ok && out.Type() == js.TypeObject {
		z = make([]byte, out.Get("length").Int())
		js.CopyBytesToGo(z, out)
	} else {
		z = state.Stored(raw)
	}
	h := state.WrapAs(state.PrefixOf(s), z)
	if len(h) > state.MaxHashBytes {
		return "", state.ErrTooLarge
	}
	return h, nil
}

// permalinkURL is the full link for reports, "" when too large.
func (p *page) permalinkURL() string {
	h, err := hashFor(p.withRecord(p.currentState()))
	if err != nil {
		return ""
	}
	loc := js.Global().Get("location")
	return loc.Get("origin").String() + loc.Get("pathname").String() + loc.Get("search").String() + "#" + h
}

// openLink reads a permalink fragment. main.js reads it first
// (smolbotsDecodeLink, the browser's DecompressionStream, with
// core/state's format and words; on the page's first load it gives back
// what it read before the body was parsed). Where the browser cannot
// (no DecompressionStream, or a DEFLATE stream its reader refuses and
// Go's may take, such as one with bytes after its last block), the
// on-demand module reads it with core/state itself, and the page says
// "Opening the link…" while that module loads. So the checker's module
// links no DEFLATE reader of its own (about 21 KB gzip). It waits for
// promises: never call it inside a callback.
func (p *page) openLink(hash string) (state.State, error) {
	p.record.raw = nil
	v, ok := await(js.Global().Call("smolbotsDecodeLink", hash))
	if ok {
		p.record.raw = recordOf(v)
		return stateOf(v), nil
	}
	if !truthy(v, "unsupported") && !truthy(v, "goMayRead") {
		return state.State{}, errors.New(errText(v))
	}
	p.verdicts.say("Opening the link…")
	if fail, ok := await(js.Global().Call("smolbotsLoadOnDemand")); !ok {
		return state.State{}, errors.New("the page's link reader did not load (" + errText(fail) + "); check the connection and reload the page.")
	}
	out := js.Global().Call("smolbotsDecodeState", hash)
	if msg := out.Get("error"); msg.Type() == js.TypeString {
		return state.State{}, errors.New(msg.String())
	}
	p.record.raw = recordOf(out)
	return stateOf(out), nil
}

// recordOf is the value of a read link's record (tag 10) as main.js or
// the on-demand module kept it, only when it is the case's; nil for
// none.
func recordOf(v js.Value) []byte {
	r := v.Get("record")
	if r.Type() != js.TypeObject || r.Get("length").Type() != js.TypeNumber {
		return nil
	}
	raw := make([]byte, r.Get("length").Int())
	js.CopyBytesToGo(raw, r)
	return raw
}

// truthy says whether v is an object whose field key is true.
func truthy(v js.Value, key string) bool {
	return v.Type() == js.TypeObject && v.Get(key).Truthy()
}

// stateOf reads a case as main.js and the on-demand module give it:
// the fields of state.State in lower case, hidden an array, crawlers an
// array or null (the default choice).
func stateOf(v js.Value) state.State {
	s := state.State{
		Robots:    v.Get("robots").String(),
		Selectors: v.Get("selectors").String(),
		Agents:    v.Get("agents").String(),
		Cell:      v.Get("cell").String(),
		Protocol:  v.Get("protocol").String(),
	}
	if c := v.Get("custom"); c.Type() == js.TypeString {
		s.Custom = c.String()
	}
	if h := v.Get("hidden"); h.Type() == js.TypeObject {
		s.Hidden = listOf(h)
	}
	if c := v.Get("crawlers"); c.Type() == js.TypeObject {
		s.Crawlers = listOf(c)
	}
	return s
}

// listOf reads an array of strings, never nil.
func listOf(a js.Value) []string {
	out := make([]string, a.Length())
	for i := range out {
		out[i] = a.Index(i).String()
	}
	return out
}
