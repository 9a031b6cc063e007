package conformance_test

import (
	"strings"

	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/conformance"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/custom"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/state"
)

// TestReaderRow: a reader's row computed on its own (the page's custom
// column) is the row the suite gives it, for every dialect and preset,
// and a knob changed on a base changes the feature it names.
func TestReaderRow(t *testing.T) {
	s := suite(t, "")
	demos := conformance.MatrixDemos()
	for _, d := range append(core.Dialects(), crawlers.All()...) {
		row, err := conformance.ReaderRow(d, demos, "")
		if err != nil {
			t.Fatal(err)
		}
		want := conformance.Row(s, d.ID, demos)
		for i, dm := range demos {
			if row[i] != want[dm.ID] {
				t.Errorf("%s, %s: ReaderRow says %s, the suite %s", d.ID, dm.ID, row[i], want[dm.ID])
			}
		}
	}
	feature := func(spelling, id string) string {
		d, err := custom.Parse(spelling)
		if err != nil {
			t.Fatal(err)
		}
		row, _ := conformance.ReaderRow(d, demos, "")
		for i, dm := range demos {
			if dm.ID == id {
				return row[i]
			}
		}
		t.Fatalf("no feature %s", id)
		return ""
	}
	if a, b := feature("custom:rfc9309", "longest-match"), feature("custom:rfc9309,match=first", "longest-match"); a != "yes" || b != "no" {
		t.Errorf("longest-match: rfc9309 %s, with match=first %s; want yes, then no", a, b)
	}
	if _, err := conformance.ReaderRow(core.Dialects()[0], demos, "a(b"); err == nil {
		t.Error("an agent that does not parse gave a row")
	}
}

// TestPermalinkCustom: a case's link for a custom reader opens it as the
// page's "Your reader" column, with its cell chosen.
func TestPermalinkCustom(t *testing.T) {
	c := conformance.Case{Robots: "User-agent: *\nDisallow: /a\n", Agent: "examplebot(indexer)", URL: "gemini://capsule.example/a"}
	link := conformance.Permalink(c, "custom:rfc9309,match=first")
	_, frag, _ := strings.Cut(link, "#")
	st, err := state.Decode(frag)
	if err != nil || !strings.HasPrefix(frag, state.Prefix2) {
		t.Fatalf("%s: %v", link, err)
	}
	if st.Custom != "custom:rfc9309,match=first" || st.Cell != grid.CellKey(st.Custom, c.Agent, c.URL) || st.Agents != c.Agent {
		t.Errorf("the link opens %+v", st)
	}
}
