//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/smolbots/smolbots/core/pageview"
	"github.com/smolbots/smolbots/core/state"
)

// checkRecord answers smolbotsCheckRecord({robots, selectors, agents,
// hidden, cell, crawlers, protocol, custom, record}): the link's case
// as read (crawlers null for the default) and its record's value (tag
// 10, a Uint8Array). It holds the record against the verdicts the page
// shows for the case (pageview.CheckLink) and answers {agree, text,
// html, changed: [{crawler, column, agent, selector, was}]}, or null
// when the record is not the case's.
func checkRecord(_ js.Value, args []js.Value) (out any) {
	if len(args) == 0 || args[0].Type() != js.TypeObject {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			out = nil
		}
	}()
	in := args[0]
	s := state.State{
		Robots:    text(in.Get("robots")),
		Selectors: text(in.Get("selectors")),
		Agents:    text(in.Get("agents")),
		Hidden:    list(in.Get("hidden")),
		Cell:      text(in.Get("cell")),
		Crawlers:  list(in.Get("crawlers")),
		Protocol:  text(in.Get("protocol")),
		Custom:    text(in.Get("custom")),
	}
	r := in.Get("record")
	if r.Type() != js.TypeObject {
		return nil
	}
	raw := make([]byte, r.Get("length").Int())
	js.CopyBytesToGo(raw, r)
	s.Record = state.ReadRecord(raw, s)
	c, ok := pageview.CheckLink(s)
	if !ok {
		return nil
	}
	changed := make([]any, len(c.Changed))
	for i, ch := range c.Changed {
		changed[i] = map[string]any{"crawler": ch.Crawler, "column": ch.Column, "agent": ch.Agent, "selector": ch.Selector, "was": ch.Code.Word()}
	}
	return map[string]any{"agree": c.Agree(), "text": c.Text(), "html": c.HTML(), "changed": changed}
}
