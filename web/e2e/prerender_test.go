package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestNoJavaScript: with scripts off, the page still shows the default
// case's verdicts, lints and explanation, says that editing needs
// JavaScript, and its boxes cannot be typed into unseen.
func TestNoJavaScript(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.do(t, scriptsOff(), chromedp.Navigate(server.URL+"/"))
	if ready := eval[string](t, b, `document.body.dataset.ready || ""`); ready != "" {
		t.Fatal("the page's scripts ran although JavaScript is off")
	}
	if n := len(b.cells(t)); n != 12*6 {
		t.Errorf("%d verdict cells without JavaScript, want the default case's 72", n)
	}
	if c, ok := find(b.cells(t), "gemini", "GUS", "/private/butpublic"); !ok || c.Verdict != "disallow" || c.Line != "7" {
		t.Errorf("gemini GUS /private/butpublic = %+v, want disallow by line 7", c)
	}
	if e := eval[string](t, b, `document.getElementById("explain").textContent`); !strings.Contains(e, "Deciding line") {
		t.Errorf("no explanation without JavaScript: %q", e)
	}
	if n := eval[int](t, b, `document.querySelectorAll("#lints [data-code]").length`); n == 0 {
		t.Error("no lint items without JavaScript")
	}
	if s := eval[string](t, b, `(n => n ? n.innerText : "")(document.querySelector(".nojs"))`); !strings.Contains(s, "Editing needs JavaScript") {
		t.Errorf("the no-JavaScript line is not shown: %q", s)
	}
	if ro := eval[bool](t, b, `document.getElementById("robots").readOnly`); !ro {
		t.Error("without JavaScript the editor takes typing it cannot show")
	}
	// No script marks the tables' boxes as scrolling: their cells are
	// sticky from the start.
	if pos := eval[string](t, b, `getComputedStyle(document.querySelector("#grid tbody tr:first-child th")).position`); pos != "sticky" {
		t.Errorf("without JavaScript the grid's agent cells are %s, want sticky", pos)
	}
}

// TestTakeOver holds the wasm back until the prerendered page is shown
// and the caret is in the editor, then lets it load: the checker must
// take the page over without changing what is drawn, moving anything
// or losing the caret, and then answer keys.
func TestTakeOver(t *testing.T) {
	t.Parallel()
	url, release := heldServer(t)
	b := newBrowser(t)
	b.do(t, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(url+"/"))
	if ready := eval[string](t, b, `document.body.dataset.ready || ""`); ready != "" {
		t.Fatal("the checker ran before its wasm was served")
	}
	if n := len(b.cells(t)); n != 12*6 {
		t.Fatalf("%d cells before the wasm loaded, want 72", n)
	}
	// Watch every drawn part for redraws and the page for layout shifts,
	// and put the caret in the middle of the editor.
	eval[bool](t, b, `(() => {
		window.redraws = [];
		const mo = new MutationObserver(ms => { for (const m of ms) if (m.type === "childList") window.redraws.push(m.target.id || m.target.className || m.target.tagName); });
		for (const id of ["grid", "robots-hl", "gutter-lines", "lints", "explain", "facts", "summary", "lint-count", "example", "crawlers", "crawler-choice"]) mo.observe(document.getElementById(id), {childList: true, subtree: true});
		window.shifts = 0;
		new PerformanceObserver(l => { for (const e of l.getEntries()) if (performance.now() > window.t0) window.shifts += e.value; }).observe({type: "layout-shift"});
		window.t0 = performance.now();
		const r = document.getElementById("robots");
		r.focus();
		r.setSelectionRange(30, 30);
		return true;
	})()`)
	before := map[string]box{}
	parts := []string{"#grid", "#grid tbody tr:first-child button.cell", "#editor", "#explain", "#selectors", ".lower", "#crawlers tbody tr:first-child button.cell"}
	for _, sel := range parts {
		before[sel] = b.box(t, sel)
	}
	release()
	// The take-over's second half (adoptRest, a timer after the first
	// update) is the second update: a late redraw would show by then.
	b.waitUpdates(t, 2)
	if r := eval[[]string](t, b, `window.redraws`); len(r) != 0 {
		t.Errorf("taking over redrew %v", r)
	}
	if s := eval[float64](t, b, `window.shifts`); s != 0 {
		t.Errorf("taking over shifted the layout by %v", s)
	}
	for _, sel := range parts {
		if after := b.box(t, sel); after != before[sel] {
			t.Errorf("%s moved from %+v to %+v", sel, before[sel], after)
		}
	}
	caret := eval[[]int](t, b, `(r => [document.activeElement === r ? 1 : 0, r.selectionStart, r.selectionEnd])(document.getElementById("robots"))`)
	if caret[0] != 1 || caret[1] != 30 || caret[2] != 30 {
		t.Errorf("caret after the take-over: focus %d, selection %d-%d; want the editor, 30-30", caret[0], caret[1], caret[2])
	}
	// The checker now answers keys at the caret.
	n := b.updates(t)
	b.do(t, chromedp.KeyEvent("\rUser-agent: Lupa\rDisallow: /\r"))
	b.waitUpdates(t, n+1)
	if v := eval[string](t, b, `document.getElementById("robots").value`); !strings.HasPrefix(v[30:], "\nUser-agent: Lupa\nDisallow: /\n") {
		t.Errorf("the keys did not land at the caret: %q", v[:80])
	}
	b.noErrors(t)
}
