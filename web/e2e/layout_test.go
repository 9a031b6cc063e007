package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// box is an element's bounding box in CSS pixels, as the viewport sees it.
type box struct {
	Left, Top, Right, Bottom, Width, Height float64
}

func (b *browser) box(t testing.TB, selector string) box {
	t.Helper()
	return eval[box](t, b, fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) throw new Error("no element %s");
		const r = e.getBoundingClientRect();
		return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};
	})()`, selector, selector))
}

// visible reports whether the whole of selector's element can be seen:
// inside the viewport and inside every box that clips it.
func (b *browser) visible(t testing.TB, selector string) bool {
	t.Helper()
	return eval[bool](t, b, fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) return false;
		const r = e.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) return false;
		const inside = (o) => r.left >= o.left - 0.5 && r.top >= o.top - 0.5 && r.right <= o.right + 0.5 && r.bottom <= o.bottom + 0.5;
		if (!inside({left: 0, top: 0, right: innerWidth, bottom: innerHeight})) return false;
		for (let p = e.parentElement; p; p = p.parentElement) {
			const s = getComputedStyle(p);
			if (s.overflowX !== "visible" || s.overflowY !== "visible") {
				if (!inside(p.getBoundingClientRect())) return false;
			}
		}
		return true;
	})()`, selector))
}

// screenshot writes the viewport (or, if full, the whole page) to
// $SCREENSHOT_DIR/name.png when that is set, to look at the layout by
// eye.
func (b *browser) screenshot(t testing.TB, name string, full bool) {
	t.Helper()
	dir := os.Getenv("SCREENSHOT_DIR")
	if dir == "" {
		return
	}
	shot := chromedp.CaptureScreenshot()
	if full {
		shot = chromedp.FullScreenshot(100)
	}
	png, err := chromedp.Run(b.ctx, shot)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// typeInEditor puts the caret at the end of the robots.txt's first line
// and presses a key there, as a user would.
func (b *browser) typeInEditor(t testing.TB, keys string) {
	t.Helper()
	n := b.updates(t)
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const r = document.getElementById("robots"); r.focus(); const i = r.value.indexOf("\n"); r.setSelectionRange(i, i); })()`),
		chromedp.KeyEvent(keys))
	b.waitUpdates(t, n+len(keys))
}

// TestWorkbenchInView: on a laptop and a desktop screen, with the caret
// in the editor and a key just typed, the editor (at least 200 px tall),
// the selectors and agents boxes and the first verdict cell are all in
// view, and the page itself does not scroll.
func TestWorkbenchInView(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int64{{1280, 800}, {1920, 1080}} {
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		t.Run(name, func(t *testing.T) {
			b := openBrowser(t, chromedp.EmulateViewport(size[0], size[1]))
			b.typeInEditor(t, " x")
			b.screenshot(t, "workbench-"+name, false)
			if a := eval[string](t, b, `document.activeElement.id`); a != "robots" {
				t.Fatalf("focus is on %q, not the editor", a)
			}
			if y := eval[float64](t, b, `scrollY`); y != 0 {
				t.Errorf("the page scrolled to %v while typing", y)
			}
			if h := b.box(t, "#editor").Height; h < 200 {
				t.Errorf("the editor is %v px tall, want at least 200", h)
			}
			for _, sel := range []string{"#editor", "#selectors", "#agents", "#dialects", "#grid tbody tr:first-child button.cell[data-col=\"0\"]", ".lower .tabs"} {
				if !b.visible(t, sel) {
					t.Errorf("%s is not in view: %+v", sel, b.box(t, sel))
				}
			}
			for _, id := range []string{"example", "fetch-url", "fetch", "copy-link", "copy-report", "copy-gemtext"} {
				if top := b.box(t, "#"+id).Top; top > 40 || !b.visible(t, "#"+id) {
					t.Errorf("#%s is not in the top bar (top %v)", id, top)
				}
			}
			// Choosing a cell fills the lower pane; the grid stays put.
			before := b.box(t, "#grid-section")
			b.do(t, chromedp.Click(chromedp.CSS(`#grid tbody tr:first-child button.cell[data-col="1"]`)))
			if !b.visible(t, "#explain .sentence") {
				t.Error("the explanation is not in view after choosing a cell")
			}
			if after := b.box(t, "#grid-section"); after != before {
				t.Errorf("choosing a cell moved the grid from %+v to %+v", before, after)
			}
			b.noErrors(t)
		})
	}
}

// TestNarrowScreen: on a 390 px phone nothing is wider than the screen;
// the grid scrolls in its own box and keeps its agent and selector
// columns in view while it does.
func TestNarrowScreen(t *testing.T) {
	t.Parallel()
	b := openBrowser(t, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	b.screenshot(t, "narrow-390x844", true)
	if w := eval[[]float64](t, b, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > w[1] {
		t.Errorf("the page is %v px wide on a %v px screen", w[0], w[1])
	}
	wide := eval[[]string](t, b, `[...document.querySelectorAll("body *")].filter(e => {
		if (e.closest(".table-wrap, .code, [popover], .vh, .skip")) return false;
		const r = e.getBoundingClientRect();
		return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5);
	}).map(e => e.tagName + "#" + e.id + "." + e.className)`)
	if len(wide) > 0 {
		t.Errorf("elements wider than the screen: %v", wide)
	}
	if s := eval[[]float64](t, b, `(w => [w.scrollWidth, w.clientWidth])(document.querySelector(".grid-wrap"))`); s[0] <= s[1] {
		t.Fatalf("the grid does not scroll in its box (%v)", s)
	}
	agent, sel := b.box(t, "#grid tbody tr:first-child th"), b.box(t, "#grid tbody tr:first-child td.sel")
	// The cells turn sticky when their box is about to scroll: each is a
	// compositing layer, which an unscrolled table does without.
	sticky := `getComputedStyle(document.querySelector("#grid tbody tr:first-child th")).position`
	if pos := eval[string](t, b, sticky); pos != "static" {
		t.Errorf("before the grid's box is scrolled its agent cells are %s, want static", pos)
	}
	// A scroll by script sends no pointer or touch first: the scroll
	// event itself turns them sticky, a frame later.
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector(".grid-wrap").scrollLeft = 10000`))
	b.waitFor(t, "the agent cells to turn sticky once the grid's box has scrolled", sticky+` === "sticky"`, sticky)
	if a := b.box(t, "#grid tbody tr:first-child th"); a.Left != agent.Left {
		t.Errorf("the agent column moved from %v to %v when the grid scrolled", agent.Left, a.Left)
	}
	if s := b.box(t, "#grid tbody tr:first-child td.sel"); s.Left != sel.Left {
		t.Errorf("the selector column moved from %v to %v when the grid scrolled", sel.Left, s.Left)
	}
	if c := b.box(t, "#grid tbody tr:first-child td:last-child"); c.Right > 390.5 {
		t.Errorf("the last column ends at %v, past the screen, with the grid scrolled to its end", c.Right)
	}
	b.noErrors(t)
}
