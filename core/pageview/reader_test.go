package pageview_test

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/custom"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
)

// TestReaderColumn: a spelling becomes the grid's last column, headed
// "your reader" and linked to its knobs, with its own verdicts; no
// spelling adds no column, a bad one an error.
func TestReaderColumn(t *testing.T) {
	shown := pageview.DialectsShown(nil)
	if d, ok, err := pageview.ReaderDialect(""); ok || err != nil || len(pageview.WithReader(shown, d, ok)) != len(shown) {
		t.Fatal("no spelling gave a column")
	}
	if _, _, err := pageview.ReaderDialect("custom:nosuch"); err == nil {
		t.Fatal("an unknown base gave no error")
	}
	d, ok, err := pageview.ReaderDialect("custom:rfc9309,match=first")
	if !ok || err != nil {
		t.Fatal(err)
	}
	dialects := pageview.WithReader(shown, d, ok)
	if len(dialects) != len(shown)+1 || len(shown) != len(pageview.DialectsShown(nil)) {
		t.Fatalf("WithReader gave %d columns from %d (and changed the shown list)", len(dialects), len(shown))
	}
	g := grid.Build(grid.Input{Robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n", Selectors: "/a/b", Dialects: dialects})
	last := g.Rows[0].Cells[len(dialects)-1]
	if last.Allowed || last.Dialect != "custom:rfc9309,match=first" {
		t.Errorf("the column says %+v; want denied by the first rule, under the spelling", last)
	}
	if rfc := g.Rows[0].Cells[4]; !rfc.Allowed {
		t.Errorf("rfc9309 says %+v; want allowed (longest match)", rfc)
	}
	h := pageview.GridHTML(&g, "")
	if !strings.Contains(h, `href="#your-reader"`) || !strings.Contains(h, ">your reader<") {
		t.Error("the column's head does not lead to its knobs")
	}
}

func TestReaderControls(t *testing.T) {
	opts := pageview.ReaderBaseOptions("")
	if !strings.HasPrefix(opts, `<option value="" selected>none</option>`) {
		t.Errorf("the select does not start at none: %.60s", opts)
	}
	for _, d := range append(core.Dialects(), crawlers.All()...) {
		if !strings.Contains(opts, `value="`+d.ID+`"`) {
			t.Errorf("no option for %s", d.ID)
		}
	}
	if !strings.Contains(pageview.ReaderBaseOptions("gemini"), `value="gemini" selected`) {
		t.Error("the base is not selected")
	}
	base, _ := crawlers.ReaderByID("rfc9309")
	d, _ := custom.Parse("custom:rfc9309,match=first")
	h := pageview.ReaderKnobsHTML(base, d)
	if n := strings.Count(h, `data-knob=`); n != len(custom.Knobs) {
		t.Errorf("%d controls for %d knobs", n, len(custom.Knobs))
	}
	if !strings.Contains(h, `<div class="knob changed"><label for="knob-match">`) || strings.Count(h, "changed") != 1 {
		t.Error("the changed knob is not the one marked")
	}
	if !strings.Contains(h, `<option value="first" selected>the first rule that matches</option>`) || !strings.Contains(h, `the longest rule that matches (as rfc9309)`) {
		t.Error("the match select does not show the value and the base's in words")
	}
	if custom.BaseID("custom:gemini,allow=no") != "gemini" || custom.BaseID("") != "" {
		t.Error("BaseID")
	}
	row := pageview.ReaderRowHTML("custom:x", []pageview.RowFeature{{ID: "allow", Question: "reads Allow lines", Support: "no"}})
	if !strings.Contains(row, `<tr data-feature="allow" data-support="no"><th scope="row">reads Allow lines</th><td>no</td></tr>`) {
		t.Errorf("row: %s", row)
	}
}
