//go:build js && wasm

package main

import (
	"github.com/smolbots/smolbots/core/grid"
)

// reportText is a stand-in until core/report lands.
func reportText(g *grid.Grid, robots, link string, gemtext bool) string {
	return robots + "\n" + link
}
