package lsp

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// fieldNames are the fields some reader acts on, as the docs write them.
var fieldNames = []string{"User-agent", "Virtual-agent", "Disallow", "Allow", "Crawl-delay", "Request-rate", "Check", "Sitemap", "Host"}

type completionItem struct {
	Label  string `json:"label"`
	Kind   int    `json:"kind"`
	Detail string `json:"detail,omitempty"`
	// InsertText: a field name comes with its colon and a space.
	InsertText string `json:"insertText,omitempty"`
}

// LSP completion item kinds.
const (
	kindField    = 5
	kindValue    = 12
	kindConstant = 21
)

// completions at a place in a line: field names before the colon, and
// after User-agent: or Virtual-agent: the agents the presets and the
// companion spec know.
func completions(line string) []completionItem {
	name, _, hasColon := strings.Cut(line, ":")
	out := []completionItem{}
	if !hasColon {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			return out
		}
		for _, f := range fieldNames {
			out = append(out, completionItem{Label: f, Kind: kindField, InsertText: f + ": "})
		}
		return out
	}
	switch key := strings.ToLower(strings.TrimSpace(name)); key {
	case "user-agent", "virtual-agent":
		out = append(out, completionItem{Label: "*", Kind: kindConstant, Detail: "every robot"})
		for _, r := range core.Roles {
			out = append(out, completionItem{Label: r, Kind: kindConstant, Detail: "virtual agent (Gemini robots.txt companion spec)"})
		}
		if key == "virtual-agent" {
			return out
		}
		var seen []string
		for _, d := range crawlers.All() {
			for _, a := range d.Crawler.Agents {
				if slices.Contains(seen, strings.ToLower(a)) || slices.Contains(core.Roles, a) || a == "*" {
					continue
				}
				seen = append(seen, strings.ToLower(a))
				out = append(out, completionItem{Label: a, Kind: kindValue, Detail: "tested by " + d.Crawler.Name})
			}
		}
	}
	return out
}

func (s *Server) completion(params json.RawMessage) (any, *rpcError) {
	p, sn, err := s.positionDoc(params)
	if sn == nil {
		return []completionItem{}, err // the result is not sent with an error
	}
	sn.parsed()
	if p.Position.Line < 0 || p.Position.Line >= len(sn.starts) {
		return []completionItem{}, nil
	}
	start := sn.starts[p.Position.Line]
	at := offsetOf(sn.text, sn.starts, p.Position)
	return completions(sn.text[start:at]), nil
}
