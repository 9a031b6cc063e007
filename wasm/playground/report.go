//go:build js && wasm

package main

import (
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/report"
)

// reportText is the case as mailing-list text: plain or Gemtext.
func reportText(g *grid.Grid, robots, link string, gemtext bool) string {
	if gemtext {
		return report.Gemtext(*g, robots, link)
	}
	return report.Text(*g, robots, link)
}
