package e2e

import (
	"testing"
)

func TestLoadTypeAndReadVerdicts(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "")
	if n := len(b.cells(t)); n == 0 {
		t.Fatal("the default example drew no verdict cells")
	}
	b.setInput(t, "robots", "User-agent: indexer\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n")
	b.setInput(t, "selectors", "/index.gmi\n/private/x\n")
	b.setInput(t, "agents", "GUS(indexer)\nElpher\n")
	cells := b.cells(t)
	if len(cells) != 2*2*6 {
		t.Fatalf("%d cells, want 24", len(cells))
	}
	want := []struct{ dialect, agent, sel, verdict, line string }{
		{"gemini", "GUS(indexer)", "/index.gmi", "disallow", "2"},
		{"conner2020", "GUS(indexer)", "/index.gmi", "allow", "0"},
		{"rfc9309", "Elpher", "/private/x", "disallow", "5"},
		{"gopher2019", "Elpher", "/index.gmi", "disallow", "2"},
	}
	for _, w := range want {
		c, ok := find(cells, w.dialect, w.agent, w.sel)
		if !ok {
			t.Errorf("no cell for %s %s %s", w.dialect, w.agent, w.sel)
			continue
		}
		if c.Verdict != w.verdict || c.Line != w.line {
			t.Errorf("%s %s %s = %s line %s, want %s line %s", w.dialect, w.agent, w.sel, c.Verdict, c.Line, w.verdict, w.line)
		}
	}
	b.noErrors(t)
}
