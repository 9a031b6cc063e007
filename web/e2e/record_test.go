package e2e

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/changes"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
	"github.com/smolbots/smolbots/core/state"
)

// recordCase is a small case with its Real crawlers chosen.
var recordCase = state.State{
	Robots:    "User-agent: *\nDisallow: /private\n",
	Selectors: "/private/x\n/public\n",
	Agents:    "GUS(indexer)\n",
	Crawlers:  []string{"tlgs", "gemini-grc"},
}

// withRecord is s with the record a page of today would write for it,
// dated date, changed by edit.
func withRecord(t testing.TB, s state.State, date string, edit func(*state.Record)) state.State {
	t.Helper()
	var b grid.Builder
	g := b.Build(grid.Input{Robots: s.Robots, Selectors: s.Selectors, Agents: s.Agents, Dialects: pageview.DialectsShown(s.Hidden)})
	presets := pageview.CrawlersShown(s.Crawlers)
	s.Record = pageview.RecordOf(s, &g, presets, grid.Crawlers(b.File(), g.Selectors, presets), "0f05b81aaaaaaaaa", date)
	if s.Record == nil {
		t.Fatal("the case has no record")
	}
	if edit != nil {
		edit(s.Record)
	}
	return s
}

// withValue is s's link with tag 10 holding v (stored blocks).
func withValue(s state.State, v []byte) string {
	s.Record = nil
	raw := state.Marshal(s)
	raw = binary.AppendUvarint(raw, 10)
	raw = binary.AppendUvarint(raw, uint64(len(v)))
	return state.Wrap(state.Stored(append(raw, v...)))
}

// recordLinks are links with records, good and bad, for main.js's
// reader to read as Go does (TestLinkReaderMatchesGo).
func recordLinks(t testing.TB) map[string]string {
	good := withRecord(t, recordCase, "2026-11-01", nil)
	value := state.RecordBytes(good)
	other := recordCase
	other.Robots += "Allow: /private/x\n"
	otherValue := state.RecordBytes(withRecord(t, other, "2026-11-01", nil))
	edit := func(f func([]byte) []byte) string { return withValue(recordCase, f(bytes.Clone(value))) }
	sharedRec := withRecord(t, sharedCase, "2026-11-01", nil)
	return map[string]string{
		"good":                   state.Encode(good),
		"good, stored":           withValue(recordCase, value),
		"non-ASCII case":         state.Encode(sharedRec),
		"another case's record":  withValue(recordCase, otherValue),
		"hash bit flipped":       edit(func(v []byte) []byte { v[3] ^= 0x10; return v }),
		"another format":         edit(func(v []byte) []byte { v[0] = 9; return v }),
		"truncated":              edit(func(v []byte) []byte { return v[:len(v)-2] }),
		"a byte too many":        edit(func(v []byte) []byte { return append(v, 0) }),
		"oversized":              edit(func(v []byte) []byte { return append(v, bytes.Repeat([]byte{0xff}, 5000)...) }),
		"empty":                  edit(func([]byte) []byte { return nil }),
		"two records":            state.Wrap(state.Stored(append(state.Marshal(good), state.Marshal(good)[len(state.Marshal(recordCase)):]...))),
		"a code out of range":    edit(func(v []byte) []byte { v[len(v)-1] = 0xff; return v }),
		"a v2 link with records": state.Encode(withRecord(t, state.State{Robots: "User-agent: *\n", Selectors: "/a", Custom: "custom:rfc9309,match=first"}, "2026-11-01", nil)),
	}
}

// recordNote is the words above the grid, "" while hidden, and the
// body's data-record.
const recordNote = `({note: (e => e.hidden ? "" : e.textContent)(document.getElementById("record")), html: document.getElementById("record").innerHTML, state: document.body.dataset.record || ""})`

type noteSeen struct {
	Note, HTML, State string
}

// TestLinkRecordDiffers: a link whose record differs from today's
// verdicts paints the record's verdicts before the checker loads,
// marked as shared and not checked; the checker then shows today's,
// each differing cell with the verdict as shared beside it, and above
// the grid what changed, linked to /changes; At a glance and Copy
// report say it too.
func TestLinkRecordDiffers(t *testing.T) {
	t.Parallel()
	st := withRecord(t, recordCase, "2026-11-01", func(r *state.Record) {
		// rfc9309 on GUS(indexer) /private/x, and TLGS on /public.
		for i, c := range r.Layout(recordCase) {
			if c.Column == "rfc9309" && c.Selector == "/private/x" || c.Column == "tlgs" && c.Selector == "/public" {
				r.Cells[i] = 3 - r.Cells[i] // allow and disallow swapped
			}
		}
	})
	url, release := heldServer(t)
	b := newBrowser(t)
	b.grantClipboardAt(t, url)
	b.do(t, chromedp.Navigate(url+"/#"+state.Encode(st)))
	// Before the checker: the record's verdicts, marked.
	b.waitFor(t, "the record painted", `document.body.dataset.record === "shared"`, recordNote)
	seen := eval[noteSeen](t, b, recordNote)
	if want := "As shared on 2026-11-01 (smolbots 0f05b81aaa), not yet checked."; seen.Note != want {
		t.Errorf("the mark before the checker: %q, want %q", seen.Note, want)
	}
	b.axe(t, "a link's record, painted before the checker")
	painted := eval[[]string](t, b, `[...document.querySelectorAll("#grid [data-verdict], #crawlers [data-verdict]")].map(c => (c.dataset.dialect || c.dataset.crawler) + " " + (c.dataset.agent || "") + " " + c.dataset.selector + " " + c.dataset.verdict)`)
	if len(painted) != len(st.Record.Cells) || !slices.Contains(painted, "rfc9309 GUS(indexer) /private/x allow") || !slices.Contains(painted, "tlgs  /public disallow") {
		t.Errorf("painted from the record: %q", painted)
	}
	release()
	b.waitUpdates(t, 2)
	b.waitFor(t, "the record checked", `document.body.dataset.record === "changed"`, recordNote)
	seen = eval[noteSeen](t, b, recordNote)
	for _, want := range []string{
		"Since this link was made on 2026-11-01 (smolbots 0f05b81aaa), smolbots reads this case differently:",
		"under rfc9309, GUS(indexer) /private/x was allow, now deny (line 2)",
		"under TLGS, /public was deny, now allow",
	} {
		if !strings.Contains(seen.Note, want) {
			t.Errorf("the sentence above the grid lacks %q: %q", want, seen.Note)
		}
	}
	if !strings.Contains(seen.HTML, `href="/changes`) {
		t.Errorf("the sentence links no change: %s", seen.HTML)
	}
	// No entry of the changelog after 2026-11-01 names rfc9309 (this
	// test's record is made up): the page says so and invents nothing.
	if len(changes.Explaining("rfc9309", "0f05b81aaaaaaaaa", "2026-11-01")) == 0 && !strings.Contains(seen.Note, "no recorded change explains this; the link may have been edited") {
		t.Errorf("an unexplained change is not said as such: %q", seen.Note)
	}
	// The differing cells show both verdicts; no other cell is marked.
	changed := eval[[]string](t, b, `[...document.querySelectorAll(".cell.changed")].map(c => (c.dataset.dialect || c.dataset.crawler) + " " + c.dataset.verdict + " | " + c.querySelector(".was").textContent)`)
	if strings.Join(changed, ";") != "rfc9309 disallow | as shared: allow;tlgs allow | as shared: deny" {
		t.Errorf("changed cells: %q", changed)
	}
	if n := eval[int](t, b, `document.querySelectorAll(".cell.shared").length`); n != 0 {
		t.Errorf("%d verdicts of the record are still shown after the check", n)
	}
	// The words, the marks and the painted record read well (contrast,
	// names), light and dark.
	b.axe(t, "a link whose record differs, once checked")
	// The changed cell's explanation opens with its verdict as shared.
	b.do(t, chromedp.Click(chromedp.CSS(`button.cell.changed[data-dialect="rfc9309"]`)))
	b.waitFor(t, "the explanation of the changed cell", `document.getElementById("explain").textContent.startsWith("As shared, this cell said: allow. Since this link was made")`, `document.getElementById("explain").textContent.slice(0, 200)`)
	report, _ := b.copied(t, "copy-report")
	if words := strings.Join(strings.Fields(report), " "); !strings.Contains(words, "smolbots reads this case differently") || !strings.Contains(words, "Made with smolbots ") {
		t.Errorf("the report says nothing of the record or its build:\n%s", report)
	}
	// The first edit takes the record's words and marks away.
	b.setInput(t, "selectors", "/private/x\n/public\n/other\n")
	b.waitFor(t, "the record's words gone", `document.getElementById("record").hidden && !document.body.dataset.record && !document.querySelector(".was")`, recordNote)
	b.noErrors(t)
}

// TestLinkRecordNotTheCase: a record made for another case is never
// painted: before the checker, the verdict area waits as for a link
// without one; after it, no mark.
func TestLinkRecordNotTheCase(t *testing.T) {
	t.Parallel()
	other := recordCase
	other.Robots = "User-agent: *\nAllow: /\n"
	value := state.RecordBytes(withRecord(t, other, "2026-11-01", nil))
	url, release := heldServer(t)
	b := newBrowser(t)
	b.beforeScripts(t, paintLog)
	b.do(t, chromedp.Navigate(url+"/#"+withValue(recordCase, value)))
	b.waitCaseShown(t)
	if got := eval[noteSeen](t, b, recordNote); got.Note != "" || got.State != "" {
		t.Errorf("a record not the case's shows: %+v", got)
	}
	if n := eval[int](t, b, `window.frames_.filter(f => f.cells && f.cells.length).length`); n != 0 {
		t.Errorf("verdicts painted before the checker in %d states", n)
	}
	release()
	b.waitUpdates(t, 2)
	if got := eval[noteSeen](t, b, recordNote); got.Note != "" || got.State != "" {
		t.Errorf("after the checker, a record not the case's shows: %+v", got)
	}
	b.noErrors(t)
}

// TestLinkRecordAgrees: a link the page made itself opens painted from
// its record and, once checked, says so; an old link (no record) shows
// no mark at all.
func TestLinkRecordAgrees(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.open(t, "")
	b.typeCase(t, recordCase.Robots, recordCase.Selectors, recordCase.Agents)
	link := b.waitLink(t, func(s state.State) bool { return s.Record != nil && s.Selectors == recordCase.Selectors })
	c := newBrowser(t)
	c.open(t, link[strings.Index(link, "#"):])
	c.waitFor(t, "the record checked", `document.body.dataset.record === "checked"`, recordNote)
	if got := eval[noteSeen](t, c, recordNote); !strings.HasPrefix(got.Note, "Checked with this version: every verdict is as shared on ") {
		t.Errorf("the mark once checked: %q", got.Note)
	}
	old := recordCase
	d := newBrowser(t)
	d.open(t, "#"+state.Encode(old))
	if got := eval[noteSeen](t, d, recordNote); got.Note != "" || got.State != "" {
		t.Errorf("an old link shows a record: %+v", got)
	}
	b.noErrors(t)
	c.noErrors(t)
	d.noErrors(t)
}
