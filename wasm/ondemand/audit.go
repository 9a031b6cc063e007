//go:build js && wasm

package main

import (
	"html"
	"syscall/js"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/audit"
	"github.com/smolbots/smolbots/core/auditview"
	"github.com/smolbots/smolbots/core/state"
)

// The Audit tab's log is read here, in the browser, chunk by chunk
// (main.js reads the file and reports progress); it never leaves the
// page. One audit runs at a time:
//   - smolbotsAuditStart({robots, protocol, name}) answers "" or why not;
//   - smolbotsAuditWrite(Uint8Array) answers "" or why the log cannot be
//     read (a binary file, said on the first chunk);
//   - smolbotsAuditEnd() answers {html, ignored, clients}.
var running struct {
	a       *audit.Auditor
	started bool // a chunk was written
}

func init() {
	js.Global().Set("smolbotsAuditStart", js.FuncOf(auditStart))
	js.Global().Set("smolbotsAuditWrite", js.FuncOf(auditWrite))
	js.Global().Set("smolbotsAuditEnd", js.FuncOf(auditEnd))
}

func auditStart(_ js.Value, args []js.Value) (out any) {
	if len(args) == 0 || args[0].Type() != js.TypeObject {
		return "nothing to audit"
	}
	defer func() {
		if r := recover(); r != nil {
			out = failed(r, "Starting the audit")
		}
	}()
	in := args[0]
	p := protocol(in)
	if p == core.ProtocolAny {
		p = "" // each request under its own protocol's dialects, as the CLI does without -protocol
	}
	a, err := audit.New([]byte(in.Get("robots").String()), audit.Options{Protocol: p, Link: func(s state.State) string { return "#" + state.Encode(s) }})
	if err != nil {
		return err.Error()
	}
	a.Begin(in.Get("name").String())
	running.a, running.started = a, false
	return ""
}

func auditWrite(_ js.Value, args []js.Value) (out any) {
	if running.a == nil || len(args) == 0 {
		return "no audit is running"
	}
	defer func() {
		if r := recover(); r != nil {
			running.a = nil
			out = failed(r, "Reading the log")
		}
	}()
	buf := make([]byte, args[0].Get("length").Int())
	js.CopyBytesToGo(buf, args[0])
	if !running.started {
		running.started = true
		if audit.LooksBinary(buf[:min(len(buf), audit.SniffBytes)]) {
			running.a = nil
			return "This does not look like a text access log (it holds bytes no log line has); choose the server's log file, or a .gz of it."
		}
	}
	running.a.Write(buf)
	return ""
}

func auditEnd(_ js.Value, _ []js.Value) (out any) {
	if running.a == nil {
		return nil
	}
	defer func() {
		running.a = nil
		if r := recover(); r != nil {
			out = map[string]any{"html": `<p class="problem">` + html.EscapeString(failed(r, "The audit")) + `</p>`, "ignored": 0, "clients": 0}
		}
	}()
	res := running.a.Result()
	// breached: no client ignored the file as *, yet * gets no rule from
	// it and a client went where a group for another agent refuses.
	return map[string]any{"html": auditview.HTML(res), "ignored": res.Ignored(), "clients": len(res.Clients), "breached": res.Breached()}
}
