package pageview

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/changes"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/state"
)

// recordedCase is a case as the page shows it, with the record its
// link carries, after the trip through the link.
func recordedCase(t *testing.T, edit func(*state.Record)) (state.State, grid.Grid, [][]grid.CrawlerCell) {
	t.Helper()
	s := state.State{
		Robots:    "User-agent: *\nDisallow: /private\n",
		Selectors: "/private/x\n\n/public\n",
		Agents:    "GUS(indexer)\n(bad\n",
		Crawlers:  []string{"tlgs", "gemini-grc"},
	}
	var b grid.Builder
	g := b.Build(grid.Input{Robots: s.Robots, Selectors: s.Selectors, Agents: s.Agents, Dialects: DialectsShown(nil)})
	presets := CrawlersShown(s.Crawlers)
	rows := grid.Crawlers(b.File(), g.Selectors, presets)
	s.Record = RecordOf(s, &g, presets, rows, "0123456789abcdef", "2026-12-01")
	if s.Record == nil {
		t.Fatal("no record")
	}
	if edit != nil {
		edit(s.Record)
	}
	got, err := state.Decode(state.Encode(s))
	if err != nil || got.Record == nil {
		t.Fatalf("the record did not come back: %v", err)
	}
	return got, g, rows
}

func TestRecordAgrees(t *testing.T) {
	s, g, rows := recordedCase(t, nil)
	c := CheckRecord(s, &g, rows)
	if !c.Agree() || c.Gone != 0 {
		t.Fatalf("%+v", c)
	}
	if want := "Checked with this version: every verdict is as shared on 2026-12-01 (smolbots 0123456789)."; c.Text() != want {
		t.Errorf("Text = %q, want %q", c.Text(), want)
	}
}

// A recorded verdict that differs with no change of reading after the
// record: said as such, never explained.
func TestRecordDiffersUnexplained(t *testing.T) {
	saved := changes.Log
	defer func() { changes.Log = saved }()
	changes.Log = saved[:1] // the baseline alone: no later entry names gemini-grc
	s, g, rows := recordedCase(t, func(r *state.Record) {
		r.Cells[len(r.Cells)-1] = state.Disallow // gemini-grc on /public
	})
	c := CheckRecord(s, &g, rows)
	if len(c.Changed) != 1 || c.Changed[0].Column != "gemini-grc" || !c.Changed[0].Crawler || c.Changed[0].Now != state.Allow {
		t.Fatalf("changed: %+v", c.Changed)
	}
	txt := c.Text()
	for _, want := range []string{"Since this link was made on 2026-12-01", "under gemini-grc, /public was deny, now allow", "no recorded change explains this; the link may have been edited"} {
		if !strings.Contains(txt, want) {
			t.Errorf("%q lacks %q", txt, want)
		}
	}
	if strings.Contains(c.HTML(), "/changes#") || !strings.Contains(c.HTML(), `<a href="/changes">`) {
		t.Errorf("an unexplained change links an entry, or not the list: %s", c.HTML())
	}
}

// With an entry after the record naming the reader, the change names
// it and links it; an entry before the record does not.
func TestRecordDiffersExplained(t *testing.T) {
	saved := changes.Log
	defer func() { changes.Log = saved }()
	changes.Log = append(append([]changes.Entry(nil), saved[:1]...),
		changes.Entry{ID: "2026-11-30-old", Title: "an older change", Date: "2026-11-30", Readers: []string{"gemini-grc"}, Cases: []string{"x"}, Why: "w", Source: "s"},
		changes.Entry{ID: "2026-12-02-grc", Title: "gemini-grc reads more", Date: "2026-12-02", Readers: []string{"gemini-grc"}, Cases: []string{"x"}, Why: "w", Source: "s"})
	s, g, rows := recordedCase(t, func(r *state.Record) { r.Cells[len(r.Cells)-1] = state.Disallow })
	c := CheckRecord(s, &g, rows)
	if len(c.Entries) != 1 || c.Entries[0].ID != "2026-12-02-grc" || len(c.Unexplained) != 0 {
		t.Fatalf("entries %+v, unexplained %v", c.Entries, c.Unexplained)
	}
	if h := c.HTML(); !strings.Contains(h, `<a href="/changes#2026-12-02-grc">The change of 2026-12-02: gemini-grc reads more.</a>`) || strings.Contains(h, "edited") {
		t.Errorf("HTML: %s", h)
	}
}
