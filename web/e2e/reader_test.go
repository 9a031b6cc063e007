package e2e

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/grid"
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

// TestCopyReportYourReader: a v2 link with a "Your reader" column and
// one of its cells chosen opens; Copy report puts a report on the
// clipboard that has the column: its section with the spelling and the
// changed knobs in the page's words, and each row of the verdicts ending
// in the column's cell as the page shows it. The report opens with the
// sentence the page's Why pane gives the chosen cell, naming the reader
// as the page does. Copy Gemtext has the column too.
func TestCopyReportYourReader(t *testing.T) {
	t.Parallel()
	const spelling = "custom:rfc9309,match=first,always-allow=/a"
	b := newBrowser(t)
	b.do(t, chromedp.EmulateViewport(1280, 800))
	link := "#" + state.Encode(state.State{Robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n", Selectors: "/a/b\n/c\n/a\n",
		Custom: spelling, Cell: grid.CellKey(spelling, "*", "/a/b")})
	if !strings.HasPrefix(link, "#v2.") {
		t.Fatalf("the case's link %q is not a version 2 link", link)
	}
	b.open(t, link)
	b.waitFor(t, "the reader column", `document.querySelectorAll('button.cell[data-dialect="`+spelling+`"]').length === 3`, readerSeen)
	column := readerCells(t, b)
	why := waitValue[string](t, b, "the chosen cell's sentence", `(e => e && e.textContent.includes("`+spelling+`") ? e.textContent : null)(document.querySelector("#explain .sentence"))`,
		`document.getElementById("explain").textContent`)
	why = strings.TrimLeft(why, "✓✗⊘ ") // the verdict's icon

	b.grantClipboard(t)
	text, status := b.copied(t, "copy-report")
	if !strings.Contains(status, "copied to the clipboard") {
		t.Logf("clipboard refused even with permission (%q); the fallback was checked instead", status)
	}
	opening, _, _ := strings.Cut(strings.TrimPrefix(text, "smolbots report\n===============\n\n"), "\n\n")
	opening = strings.NewReplacer("\n", " ", "“", "", "”", "").Replace(opening) // the page sets code apart by its font
	if !strings.HasPrefix(why, "Under "+spelling+", ") || opening != why {
		t.Errorf("the report opens %q; the page's Why pane says %q", opening, why)
	}
	for _, want := range []string{"\nYour reader\n-----------\n", "\nspelling     " + spelling + "\n",
		"\nWhich rule decides\n    the first rule that matches\n    (as rfc9309: the longest rule that matches)\n",
		"\nA selector always allowed\n    /a\n", "6 dialects and your reader"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	if len(column) != 3 {
		t.Fatalf("the page's column has %d cells, want 3: %v", len(column), column)
	}
	for _, c := range column {
		want := "DENY"
		if c.Verdict == "allow" {
			want = "allow"
		}
		if c.Line != "" && c.Line != "0" {
			want += " " + c.Line
		}
		if !regexp.MustCompile(`(?m)^[! ] ` + regexp.QuoteMeta(c.Selector) + ` .* ` + want + `\??$`).MatchString(text) {
			t.Errorf("the report's row for %s does not end with the column's %q:\n%s", c.Selector, want, text)
		}
	}

	gem, _ := b.copied(t, "copy-gemtext")
	if !strings.Contains(gem, "\n## Your reader\n") || !strings.Contains(gem, "\n```your reader\nspelling     "+spelling+"\n") {
		t.Errorf("the Gemtext report lacks the reader's section:\n%s", gem)
	}
	b.noErrors(t)
}
