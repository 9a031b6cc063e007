//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"

	"github.com/smolbots/smolbots/core/state"
)

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
	v, ok := await(js.Global().Call("smolbotsDecodeLink", hash))
	if ok {
		return stateOf(v), nil
	}
	if !truthy(v, "unsupported") && !truthy(v, "goMayRead") {
		return state.State{}, errors.New(errText(v))
	}
	p.summary.Set("textContent", "Opening the link…")
	p.shownSummary = "" // the next update writes the verdicts' summary
	if fail, ok := await(js.Global().Call("smolbotsLoadOnDemand")); !ok {
		return state.State{}, errors.New("the page's link reader did not load (" + errText(fail) + "); check the connection and reload the page.")
	}
	out := js.Global().Call("smolbotsDecodeState", hash)
	if msg := out.Get("error"); msg.Type() == js.TypeString {
		return state.State{}, errors.New(msg.String())
	}
	return stateOf(out), nil
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
