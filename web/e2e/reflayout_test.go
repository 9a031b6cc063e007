package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/smolbots/smolbots/core/lint"
)

// TestReferenceMatrixFits: on a 1280 px screen the compatibility
// matrix fits its box, every reader's column in view without scrolling
// sideways.
func TestReferenceMatrixFits(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.do(t, chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	b.do(t, chromedp.Navigate(server.URL+"/compat"))
	b.screenshot(t, "compat-1280x800", false)
	b.screenshot(t, "compat-1280-full", true)
	s := eval[[]float64](t, b, `(w => [w.scrollWidth, w.clientWidth])(document.querySelector("#compat").closest(".table-wrap"))`)
	if s[0] > s[1] {
		t.Errorf("the matrix is %v px wide in a %v px box at 1280 px: it scrolls sideways", s[0], s[1])
	}
	if w := eval[[]float64](t, b, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > w[1] {
		t.Errorf("the page is %v px wide on a %v px screen", w[0], w[1])
	}
	last := b.box(t, "#compat thead th:last-child")
	if last.Right > 1280 {
		t.Errorf("the last reader's column ends at %v px, past the screen", last.Right)
	}
	// On a phone the matrix scrolls in its own box, not the page.
	b.do(t, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	b.do(t, chromedp.Navigate(server.URL+"/compat#matrix"))
	b.screenshot(t, "compat-390x844", false)
	if w := eval[[]float64](t, b, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > w[1] {
		t.Errorf("at 390 px the page is %v px wide", w[0])
	}
	b.noErrors(t)
}

// splitCodes finds, in the page's main text outside the robots.txt
// examples (pre that does not wrap), each lint code name that the
// layout cut over two lines.
const splitCodes = `((codes) => {
	const re = /[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)+/g;
	const split = [];
	const walk = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
	const range = document.createRange();
	let seen = 0;
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		if (n.parentElement.closest("pre:not(.wrap)")) continue;
		for (const m of n.data.matchAll(re)) {
			if (!codes.includes(m[0])) continue;
			seen++;
			range.setStart(n, m.index);
			range.setEnd(n, m.index + m[0].length);
			const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
			if (tops.size > 1) split.push(m[0] + " in <" + n.parentElement.tagName.toLowerCase() + ">");
		}
	}
	// A name kept whole must still fit the block it stands in.
	const out = [...document.querySelectorAll("main .nb")].filter(e => {
		if (e.closest(".table-wrap, pre:not(.wrap)")) return false;
		const block = e.closest("p, li, dd, dt, h1, h2, h3, pre");
		return block && e.getBoundingClientRect().right > block.getBoundingClientRect().right + 0.5;
	}).map(e => e.textContent);
	return {seen, split, out};
})`

// TestReferenceCodesWhole: on a 390 px phone and a 1280 px screen no
// lint code name breaks across lines (group-without-rules is never cut
// after a hyphen), on the index and on every lint page, and no page is
// wider than the screen for it.
func TestReferenceCodesWhole(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	codes, err := json.Marshal(lint.Codes())
	if err != nil {
		t.Fatal(err)
	}
	pages := []string{"/reference"}
	for _, c := range lint.Codes() {
		pages = append(pages, "/lint/"+c)
	}
	type found struct {
		Seen       int
		Split, Out []string
	}
	for _, w := range []int64{390, 1280} {
		b.do(t, chromedp.EmulateViewport(w, 844, chromedp.EmulateScale(1)))
		total := 0
		for _, p := range pages {
			b.do(t, chromedp.Navigate(server.URL+p))
			switch p {
			case "/reference", "/lint/group-without-rules", "/lint/virtual-agent-field-portability":
				b.screenshot(t, fmt.Sprintf("%s-%dx844", strings.ReplaceAll(p[1:], "/", "-"), w), false)
			}
			if p == "/reference" && w == 390 {
				// The codes' table stacks its rows rather than scroll
				// sideways, and stays a table to assistive technology.
				if s := eval[[]float64](t, b, `(w => [w.scrollWidth, w.clientWidth])(document.querySelector("#lint-table").closest(".table-wrap"))`); s[0] > s[1] {
					t.Errorf("the lint codes' table is %v px wide in a %v px box at 390 px", s[0], s[1])
				}
				b.axe(t, "/reference at 390 px")
			}
			f := eval[found](t, b, splitCodes+"("+string(codes)+")")
			total += f.Seen
			if len(f.Split) > 0 {
				t.Errorf("%s at %d px: lint codes cut over two lines: %v", p, w, f.Split)
			}
			if len(f.Out) > 0 {
				t.Errorf("%s at %d px: names kept whole stick out of their box: %v", p, w, f.Out)
			}
			if sw := eval[[]float64](t, b, `[document.documentElement.scrollWidth, innerWidth]`); sw[0] > sw[1] {
				t.Errorf("%s is %v px wide on a %v px screen", p, sw[0], sw[1])
			}
		}
		if total < 2*len(pages) {
			t.Errorf("found %d lint code names on %d pages at %d px: did the search run?", total, len(pages), w)
		}
	}
	b.noErrors(t)
}
