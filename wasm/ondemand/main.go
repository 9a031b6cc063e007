//go:build js && wasm

// Command ondemand is the page's second module, loaded the first time
// one of its jobs is asked for: the rewriter behind "Make it portable"
// (core/fix, drawn by core/portable), the reports behind Copy report and
// Copy Gemtext (core/report), and reading the relay's answer to Fetch.
// Linked into the checker's module these would add about 160 KB gzipped
// to what every visitor loads before the first verdict.
//
// It sets these functions:
//   - smolbotsPortable({robots, agents, selectors, protocol, reference})
//     answers {robots, changed, html};
//   - smolbotsReport({robots, ends, selectors, agents, hidden, custom,
//     crawlers, protocol, link, gemtext, cell}) answers the report's
//     text (custom: the "Your reader" column's spelling, "" for none;
//     crawlers: the Real crawlers chosen, null for the default);
//   - smolbotsFetchView({url, status, text}) answers {ok, load, body,
//     status, html};
//   - smolbotsDecodeState(hash) reads a permalink with core/state, for a
//     browser that cannot (main.js's reader needs DecompressionStream,
//     and a browser's DEFLATE reader may refuse what Go's takes):
//     {robots, selectors, agents, hidden, cell, crawlers, protocol,
//     custom, record (its tag 10 value, null for none)}, as
//     main.js's smolbotsDecodeLink gives them (crawlers null for the
//     default), or {error} in core/state's words;
//   - smolbotsReaderRow(spelling) answers the HTML of a reader of one's
//     own's row of the compatibility matrix (reader.go);
//   - smolbotsCheckRecord(case) holds a link's record of its verdicts
//     against today's (record.go).
package main

import (
	"fmt"
	"html"
	"syscall/js"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/pageview"
	"github.com/smolbots/smolbots/core/portable"
	"github.com/smolbots/smolbots/core/state"
)

func main() {
	js.Global().Set("smolbotsPortable", js.FuncOf(rewrite))
	js.Global().Set("smolbotsReport", js.FuncOf(writeReport))
	js.Global().Set("smolbotsFetchView", js.FuncOf(readFetch))
	js.Global().Set("smolbotsDecodeState", js.FuncOf(decodeLink))
	js.Global().Set("smolbotsReaderRow", js.FuncOf(readerRow))
	js.Global().Set("smolbotsCheckRecord", js.FuncOf(checkRecord))
	select {} // keep the functions alive
}

// failed turns a bug in one job into a message, so that it does not
// take the module down with the page's later requests.
func failed(r any, what string) string {
	return fmt.Sprintf("%s failed (%v); nothing was changed. Please report this with a link to the case.", what, r)
}

func rewrite(_ js.Value, args []js.Value) (out any) {
	if len(args) == 0 || args[0].Type() != js.TypeObject {
		return nil
	}
	in := args[0]
	// The file given back on a failure is the input, so Apply has
	// nothing to apply.
	defer func() {
		if r := recover(); r != nil {
			out = map[string]any{"robots": in.Get("robots").String(), "changed": false, "html": `<p class="problem">` + html.EscapeString(failed(r, "The rewrite")) + `</p>`}
		}
	}()
	v := portable.Rewrite(in.Get("robots").String(), list(in.Get("agents")), list(in.Get("selectors")), protocol(in), in.Get("reference").String())
	return map[string]any{"robots": v.Robots, "changed": v.Changed, "html": v.HTML}
}

func writeReport(_ js.Value, args []js.Value) (out any) {
	if len(args) == 0 || args[0].Type() != js.TypeObject {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			out = failed(r, "Writing the report")
		}
	}()
	in := args[0]
	return pageview.Report(pageview.ReportCase{
		Robots:    in.Get("robots").String(),
		Ends:      pageview.ParseEnds(in.Get("ends").String()),
		Selectors: in.Get("selectors").String(),
		Agents:    in.Get("agents").String(),
		Hidden:    list(in.Get("hidden")),
		Custom:    text(in.Get("custom")),
		Crawlers:  list(in.Get("crawlers")), // null: nil, the default
		Protocol:  protocol(in),
		Link:      in.Get("link").String(),
		Gemtext:   in.Get("gemtext").Bool(),
		Cell:      text(in.Get("cell")),
		Shared:    text(in.Get("shared")),
		Rev:       text(in.Get("rev")),
		Date:      text(in.Get("date")),
	})
}

func readFetch(_ js.Value, args []js.Value) (out any) {
	if len(args) == 0 || args[0].Type() != js.TypeObject {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			out = map[string]any{"ok": false, "load": false, "body": "", "status": failed(r, "Reading the relay's answer"), "html": ""}
		}
	}()
	in := args[0]
	v := pageview.ReadFetch(in.Get("url").String(), in.Get("status").Int(), []byte(in.Get("text").String()))
	return map[string]any{"ok": v.OK, "load": v.Load, "body": v.Body, "status": v.Status, "html": v.HTML}
}

func decodeLink(_ js.Value, args []js.Value) (out any) {
	if len(args) == 0 || args[0].Type() != js.TypeString {
		return map[string]any{"error": "the link is missing"}
	}
	defer func() {
		if r := recover(); r != nil {
			out = map[string]any{"error": failed(r, "Reading the link")}
		}
	}()
	s, err := state.Decode(args[0].String())
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	var crawlers any // null: the default choice
	if s.Crawlers != nil {
		crawlers = jsStrings(s.Crawlers)
	}
	var record any // null: none, or none that is the case's
	if raw := state.RecordBytes(s); raw != nil {
		arr := js.Global().Get("Uint8Array").New(len(raw))
		js.CopyBytesToJS(arr, raw)
		record = arr
	}
	return map[string]any{"robots": s.Robots, "selectors": s.Selectors, "agents": s.Agents, "hidden": jsStrings(s.Hidden),
		"cell": s.Cell, "crawlers": crawlers, "protocol": s.Protocol, "custom": s.Custom, "record": record}
}

// jsStrings is a list as js.ValueOf takes it, never nil.
func jsStrings(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

func protocol(in js.Value) core.Protocol {
	p, err := core.ParseProtocol(in.Get("protocol").String())
	if err != nil {
		return core.ProtocolAny
	}
	return p
}

// list reads an array of strings; anything else (null) is nil.
func list(a js.Value) []string {
	if a.Type() != js.TypeObject {
		return nil
	}
	out := make([]string, a.Length())
	for i := range out {
		out[i] = a.Index(i).String()
	}
	return out
}

// text is a string argument, "" when it is missing.
func text(v js.Value) string {
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}
