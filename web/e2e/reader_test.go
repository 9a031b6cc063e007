package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/state"
)

// readerCells are the "Your reader" column's cells, in row order.
func readerCells(t testing.TB, b *browser) []cell {
	var out []cell
	for _, c := range b.cells(t) {
		if strings.HasPrefix(c.Dialect, "custom:") {
			out = append(out, c)
		}
	}
	return out
}

// choose sets a select to value and sends the change event a user's
// choice sends.
func (b *browser) choose(t testing.TB, id, value string) {
	t.Helper()
	eval[bool](t, b, fmt.Sprintf(`(() => { const el = document.getElementById(%q); el.value = %q; if (el.value !== %q) throw new Error("no option " + %q); el.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, id, value, value, value))
}

// TestYourReader: choosing a base adds its column, a knob changes the
// column's verdicts and its matrix row, the link carries the reader as
// a v2 link, and that link opens with the same column and knobs. axe
// finds nothing with the knobs open, wide and on a phone.
func TestYourReader(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.do(t, chromedp.EmulateViewport(1280, 800))
	b.open(t, "#"+state.Encode(state.State{Robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n", Selectors: "/a/b\n/c\n"}))
	if got := readerCells(t, b); len(got) != 0 || !eval[bool](t, b, `document.getElementById("reader-open").hidden`) {
		t.Fatalf("the page shows a reader column before one is chosen: %v", got)
	}

	b.choose(t, "reader-base", "rfc9309")
	b.waitFor(t, "the reader column and its row", `document.querySelector('button.cell[data-dialect="custom:rfc9309"][data-selector="/a/b"][data-verdict="allow"]') !== null`, readerSeen)
	b.do(t, chromedp.Click(chromedp.CSS("#reader-open")))
	b.waitFor(t, "the reader column and its row", `document.getElementById("reader-knobs").matches(":popover-open") && document.querySelector('#reader-row tr[data-feature="longest-match"][data-support="yes"]') !== null`, readerSeen)

	b.choose(t, "knob-match", "first")
	const spelling = "custom:rfc9309,match=first"
	b.waitFor(t, "the reader column and its row", `document.querySelector('button.cell[data-dialect="`+spelling+`"][data-selector="/a/b"][data-verdict="disallow"]') !== null`, readerSeen)
	b.waitFor(t, "the reader column and its row", `document.querySelector('#reader-row tr[data-feature="longest-match"][data-support="no"]') !== null`, readerSeen)
	if got := eval[string](t, b, `document.getElementById("reader-spelling").textContent`); got != spelling {
		t.Errorf("the knobs spell %q, want %q", got, spelling)
	}
	if !eval[bool](t, b, `document.querySelector('button.cell[data-dialect="rfc9309"][data-selector="/a/b"][data-verdict="allow"]') !== null`) {
		t.Error("rfc9309's own column changed with the knob")
	}
	before := readerCells(t, b)
	b.axe(t, "1280x800, knobs open")
	b.do(t, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	b.axe(t, "390x844, knobs open")

	href := b.waitLink(t, func(st state.State) bool { return st.Custom == spelling })
	if !strings.Contains(href, "#v2.") {
		t.Errorf("the link %q is not a version 2 link", href)
	}
	if got := eval[string](t, b, `document.getElementById("permalink").getAttribute("href")`); !strings.HasPrefix(got, "#v2.") {
		t.Errorf("Link to this case is %q, want a v2 link", got)
	}
	b.noErrors(t)

	again := newBrowser(t)
	again.do(t, chromedp.EmulateViewport(1280, 800))
	again.do(t, chromedp.Navigate(href))
	again.waitUpdates(t, 2)
	again.waitFor(t, "the reader column and its row", `document.querySelector('button.cell[data-dialect="`+spelling+`"]') !== null`, readerSeen)
	if after := readerCells(t, again); !slices.Equal(after, before) {
		t.Errorf("the reopened link's column is %v, want %v", after, before)
	}
	if base, knob := eval[string](t, again, `document.getElementById("reader-base").value`), eval[string](t, again, `document.getElementById("knob-match").value`); base != "rfc9309" || knob != "first" {
		t.Errorf("the reopened link's controls say base %q, match %q; want rfc9309, first", base, knob)
	}
	again.noErrors(t)
}

// readerSeen is what a failed wait on the reader column shows: the
// spelling and the grid's head.
const readerSeen = `(document.getElementById("reader-spelling") || {}).textContent + " | " + document.querySelector("#grid thead").textContent`
