package crawlers

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
)

// gopherMCPCase is one row of testdata/gopher-mcp/cases.json: a file, a
// target and the verdict gopher-mcp's own robots.py gave (gen.py there
// says how it was run).
type gopherMCPCase struct {
	ID        string `json:"id"`
	Protocol  string `json:"protocol"`
	Robots    string `json:"robots"`
	Path      string `json:"path"`     // Gemini: the URL's path
	Type      string `json:"type"`     // Gopher: the item type
	Selector  string `json:"selector"` // Gopher: the selector
	Allowed   bool   `json:"allowed"`
	Behaviour string `json:"behaviour"`
}

// gopherMCPKnownDiffs are the cases where the presets do not answer as
// gopher-mcp does, each with why.
var gopherMCPKnownDiffs = map[string]string{
	"B30-nbsp": "on Gemini gopher-mcp deletes every unprintable character but LF, CR and tab before it parses; the preset reads the lines as the Gemini text does, so an NBSP stays in the rule",
}

// The presets answer as gopher-mcp's own code did on every case of the
// data table, but those listed in gopherMCPKnownDiffs, which must still
// differ.
func TestGopherMCP_AsItsCodeRan(t *testing.T) {
	b, err := os.ReadFile("testdata/gopher-mcp/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		Source string          `json:"source"`
		Cases  []gopherMCPCase `json:"cases"`
	}
	if err := json.Unmarshal(b, &data); err != nil {
		t.Fatal(err)
	}
	if len(data.Cases) < 31 || !strings.Contains(data.Source, gopherMCPCommit) {
		t.Fatalf("%d cases from %q: want at least the memo's 31, from the commit the presets cite", len(data.Cases), data.Source)
	}
	seen := map[string]bool{}
	for _, c := range data.Cases {
		if seen[c.ID] {
			t.Errorf("case %s twice", c.ID)
		}
		seen[c.ID] = true
		d, target := GopherMCPGemini, "gemini://capsule.example"+c.Path
		if c.Protocol == "gopher" {
			d, target = GopherMCPGopher, "gopher://capsule.example/"+c.Type+c.Selector
		}
		p := d.Compile(core.Parse([]byte(c.Robots))).Policy(core.Agent{})
		v := p.Test(target)
		if v.Allowed != p.Allowed(target) {
			t.Errorf("%s: Test and Allowed disagree on %q", c.ID, target)
		}
		why, known := gopherMCPKnownDiffs[c.ID]
		if (v.Allowed == c.Allowed) == known {
			t.Errorf("%s (%s) %s, %q on %q: preset %s, gopher-mcp %s (known difference: %q)\nwhy: %s\nnote: %s",
				c.ID, c.Behaviour, d.ID, c.Robots, target, allowWord(v.Allowed), allowWord(c.Allowed), why, v.Why, v.Note)
		}
	}
	for id := range gopherMCPKnownDiffs {
		if !seen[id] {
			t.Errorf("known difference %s is not a case", id)
		}
	}
}

func allowWord(allowed bool) string {
	if allowed {
		return "allows"
	}
	return "refuses"
}
