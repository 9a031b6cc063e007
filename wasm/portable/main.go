//go:build js && wasm

// Command portable is the rewriter behind the page's "Make it portable"
// (core/fix, drawn by core/portable). It is a module of its own, loaded
// the first time someone asks for a rewrite: linked into the checker's
// module it would add about 110 KB gzipped, 7%, to what every visitor
// loads before the first verdict.
//
// It sets one function, smolbotsPortable({robots, agents, selectors,
// protocol, reference}), which answers {robots, changed, html}.
package main

import (
	"fmt"
	"html"
	"syscall/js"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/portable"
)

func main() {
	js.Global().Set("smolbotsPortable", js.FuncOf(rewrite))
	select {} // keep the function alive
}

func rewrite(_ js.Value, args []js.Value) (out any) {
	if len(args) == 0 || args[0].Type() != js.TypeObject {
		return nil
	}
	in := args[0]
	// A bug in a rewrite must not take the module down with the page's
	// later requests: it becomes a message in the pane, and the file
	// given back is the input, so Apply has nothing to apply.
	defer func() {
		if r := recover(); r != nil {
			out = map[string]any{"robots": in.Get("robots").String(), "changed": false, "html": `<p class="problem">` + html.EscapeString(fmt.Sprintf("The rewrite failed (%v); nothing was changed. Please report this with a link to the case.", r)) + `</p>`}
		}
	}()
	proto, err := core.ParseProtocol(in.Get("protocol").String())
	if err != nil {
		proto = core.ProtocolAny
	}
	v := portable.Rewrite(in.Get("robots").String(), list(in.Get("agents")), list(in.Get("selectors")), proto, in.Get("reference").String())
	return map[string]any{"robots": v.Robots, "changed": v.Changed, "html": v.HTML}
}

func list(a js.Value) []string {
	out := make([]string, a.Length())
	for i := range out {
		out[i] = a.Index(i).String()
	}
	return out
}
