package crawlers

import (
	"github.com/smolbots/smolbots/core"
)

// For lists the crawler presets in scope for a file served over p, in
// display order.
func For(p core.Protocol) []core.Dialect {
	var out []core.Dialect
	for _, d := range All() {
		if InScope(p, d.ID) {
			out = append(out, d)
		}
	}
	return out
}

// Visiting lists the presets whose verdicts concern the URLs of a host
// served over p, in display order: those in scope (For), and those that
// fetch such URLs without reading any robots.txt (Crawler.NoRobots),
// whose verdict there is "ignores the file". For lints, use For.
func Visiting(p core.Protocol) []core.Dialect {
	var out []core.Dialect
	for _, d := range All() {
		if _, ignores := d.Crawler.NoRobots[string(p)]; InScope(p, d.ID) || ignores {
			out = append(out, d)
		}
	}
	return out
}

// InScope reports whether findings and verdicts of the reader with this
// ID (a built-in dialect or a crawler preset) concern a file served over
// p: a preset concerns the protocol it crawls. An ID neither knows (a
// caller's own variant) counts only under any.
func InScope(p core.Protocol, id string) bool {
	if p != core.ProtocolGemini && p != core.ProtocolGopher {
		return true
	}
	if proto, ok := protocols[id]; ok {
		return proto == string(p)
	}
	return p.Includes(id)
}

// protocols is the protocol each preset crawls, by ID, built once:
// InScope runs for every finding and reader that lint.Scope keeps.
var protocols = func() map[string]string {
	m := map[string]string{}
	for _, d := range All() {
		m[d.ID] = d.Crawler.Protocol
	}
	return m
}()

// Keep is InScope for p as a function of the ID alone.
func Keep(p core.Protocol) func(id string) bool {
	return func(id string) bool { return InScope(p, id) }
}
