package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The workbench as a newcomer meets it (issue 18): each test runs on a
// laptop (1280x800) and a phone (390x844), in the light and the dark
// colour scheme where colours matter, and axe finds nothing in what it
// shows.

// screen is one size and colour scheme the page is tried in.
type screen struct {
	w, h int64
	dark bool
}

func (s screen) String() string {
	scheme := "light"
	if s.dark {
		scheme = "dark"
	}
	return fmt.Sprintf("%dx%d-%s", s.w, s.h, scheme)
}

func (s screen) phone() bool { return s.w < 1024 }

var screens = []screen{{1280, 800, false}, {1280, 800, true}, {390, 844, false}, {390, 844, true}}

// onScreens runs fn in a fresh browser for each screen, the page opened
// on the default example.
func onScreens(t *testing.T, list []screen, fn func(t *testing.T, b *browser, s screen)) {
	for _, s := range list {
		t.Run(s.String(), func(t *testing.T) {
			t.Parallel() // each screen has its own browser
			b := newBrowser(t)
			b.emulateScheme(t, s.dark)
			b.do(t, chromedp.EmulateViewport(s.w, s.h, chromedp.EmulateScale(1)))
			b.open(t, "")
			fn(t, b, s)
			b.noErrors(t)
		})
	}
}

// status is the HTTP status of a path of the site, fetched by the page.
func (b *browser) status(t testing.TB, href string) int {
	t.Helper()
	return eval[int](t, b, `fetch(`+jsString(href)+`).then(r => r.status)`)
}

// Point 1: a one-line purpose under the title, in view on both screens;
// every column head names its source in full (hover and screen readers)
// and links to its reference page.
func TestPurposeAndColumnHeads(t *testing.T) {
	t.Parallel()
	onScreens(t, screens, func(t *testing.T, b *browser, s screen) {
		purpose := b.text(t, "purpose")
		if !strings.Contains(purpose, "robots.txt") || !strings.Contains(purpose, "which line decides") {
			t.Errorf("the purpose line says %q", purpose)
		}
		if !b.visible(t, "#purpose") {
			t.Errorf("the purpose line is not in view: %+v", b.box(t, "#purpose"))
		}
		if h1, p := b.box(t, "h1"), b.box(t, "#purpose"); p.Top < h1.Bottom-1 {
			t.Errorf("the purpose (top %v) is not under the title (bottom %v)", p.Top, h1.Bottom)
		}
		type head struct {
			Table, Text, Title, Label, Href string
		}
		heads := eval[[]head](t, b, `[...document.querySelectorAll("#grid thead a.colref, #crawlers thead a.colref")].map(a => ({
			table: a.closest("table").id, text: a.firstChild.textContent, title: a.title,
			label: a.textContent, href: a.getAttribute("href")}))`)
		if len(heads) != 6+10 {
			t.Fatalf("%d linked column heads, want 6 dialects and 10 crawlers", len(heads))
		}
		for _, h := range heads {
			if !strings.Contains(h.Title, ", from ") || !strings.Contains(h.Label, h.Title) {
				t.Errorf("%s column %q: title %q, read as %q; want the source in full in both", h.Table, h.Text, h.Title, h.Label)
			}
			dir := map[string]string{"grid": "dialects/", "crawlers": "crawlers/"}[h.Table]
			if !strings.HasPrefix(h.Href, dir) {
				t.Errorf("%s column %q links %q", h.Table, h.Text, h.Href)
			} else if code := b.status(t, h.Href); code != 200 {
				t.Errorf("%s column %q links %q, which answers %d", h.Table, h.Text, h.Href, code)
			}
		}
		if title := eval[string](t, b, `document.querySelector('#grid thead a[href="dialects/norobots"]').title`); title != "1994 rules as Python reads them, from the 1994 robots exclusion standard, as Python's urllib.robotparser implements it" {
			t.Errorf("the norobots head's title is %q", title)
		}
		b.axe(t, s.String())
	})
}

// Point 2: at 1280x800 with the six dialects every column of the grid
// is in view without scrolling sideways and at least 8 rows of the
// default example show; agents and selectors are whole or wrapped,
// never cut; at 1920x1080 the whole example shows without any inner
// scrolling.
func TestGridFits(t *testing.T) {
	t.Parallel()
	onScreens(t, screens, func(t *testing.T, b *browser, s screen) {
		cut := eval[[]string](t, b, `[...document.querySelectorAll("#grid tbody th, #grid td.sel, #crawlers td.sel, #grid thead th, #crawlers thead th")]
			.filter(e => e.scrollWidth > e.clientWidth + 1 || getComputedStyle(e).textOverflow === "ellipsis")
			.map(e => e.textContent)`)
		if len(cut) > 0 {
			t.Errorf("cut short: %q", cut)
		}
		b.screenshot(t, "default-"+s.String(), s.phone())
		b.axe(t, s.String())
		if s.phone() {
			return
		}
		if n := eval[int](t, b, `document.querySelectorAll("#grid thead a.colref").length`); n != 6 {
			t.Fatalf("%d dialect columns shown, want 6", n)
		}
		if sw := eval[[]float64](t, b, `(w => [w.scrollWidth, w.clientWidth])(document.querySelector(".grid-wrap"))`); sw[0] > sw[1] {
			t.Errorf("the grid is %v px wide in a %v px box", sw[0], sw[1])
		}
		if !b.visible(t, "#grid thead th:last-child") {
			t.Errorf("the Agree? column is not in view: %+v", b.box(t, "#grid thead th:last-child"))
		}
		rows := eval[int](t, b, `(() => {
			const box = document.querySelector(".grid-wrap").getBoundingClientRect();
			return [...document.querySelectorAll("#grid tbody tr")].filter(r => {
				const x = r.getBoundingClientRect();
				return x.top >= box.top - 0.5 && x.bottom <= box.bottom + 0.5 && x.bottom <= innerHeight;
			}).length;
		})()`)
		if rows < 8 {
			t.Errorf("%d whole rows of the default example in view, want at least 8", rows)
		}
	})
	t.Run("1920x1080", func(t *testing.T) {
		b := openBrowser(t, chromedp.EmulateViewport(1920, 1080))
		for _, w := range []string{".grid-wrap", ".crawlers-wrap"} {
			if s := eval[[]float64](t, b, `(w => [w.scrollWidth, w.clientWidth, w.scrollHeight, w.clientHeight])(document.querySelector("`+w+`"))`); s[0] > s[1] || s[2] > s[3] {
				t.Errorf("%s scrolls inside: %v", w, s)
			}
		}
		if n := eval[int](t, b, `document.querySelectorAll("#grid tbody tr").length`); n != 12 {
			t.Errorf("%d rows, want the default example's 12", n)
		}
		b.noErrors(t)
	})
}

// Point 3: a note's mark cannot be read as robots.txt syntax and a
// legend explains it; where another reading of the same dialect
// answers the other way, the cell says so in words.
func TestNoteMarkAndLegend(t *testing.T) {
	t.Parallel()
	onScreens(t, screens, func(t *testing.T, b *browser, s screen) {
		marks := eval[[]string](t, b, `[...document.querySelectorAll("#grid .note-mark, #crawlers .note-mark")].map(m => m.textContent)`)
		if len(marks) == 0 {
			t.Fatal("no cell of the default example shows a note's mark")
		}
		for _, m := range marks {
			if m != "†" {
				t.Errorf("a note's mark reads %q", m)
			}
		}
		if strings.Contains(eval[string](t, b, `[...document.querySelectorAll("#grid button.cell")].map(c => c.textContent).join(" ")`), "*") {
			t.Error("a cell shows a star")
		}
		b.do(t, chromedp.ScrollIntoView(chromedp.ID("grid-section")))
		if !b.visible(t, "#legend") || !strings.Contains(b.text(t, "legend"), "† has a note") {
			t.Errorf("the legend %q is not in view", b.text(t, "legend"))
		}
		// The default example's caveat: GUS may fetch /private/butpublic
		// under another reading of its own code.
		gus := eval[string](t, b, `document.querySelector('`+crawlerCSS("gus", "/private/butpublic")+`').innerText`)
		if !strings.Contains(gus, "deny") || !strings.Contains(gus, "or allow: see note") {
			t.Errorf("GUS's cell for /private/butpublic reads %q", gus)
		}
		n := b.updates(t)
		b.do(t, chromedp.SetValue(chromedp.ID("example"), "gopherdraft-sample"), chromedp.Click(chromedp.ID("load-example")))
		b.waitUpdates(t, n+1)
		cell := `#grid button.cell[data-dialect="gemini"][data-agent="googlebot"][data-selector="/about.txt"]`
		if text := eval[string](t, b, `document.querySelector('`+cell+`').innerText`); !strings.Contains(text, "allow") || !strings.Contains(text, "or deny: see note") {
			t.Errorf("gemini's cell for googlebot /about.txt reads %q", text)
		}
		b.screenshot(t, "note-"+s.String(), false)
		b.axe(t, s.String())
	})
}

// Point 4: lint items wrap in the pane, their line and code first, the
// code linked to its reference page.
func TestLintItemsWrap(t *testing.T) {
	t.Parallel()
	onScreens(t, screens, func(t *testing.T, b *browser, s screen) {
		b.showTab(t, "lint")
		items := eval[[]string](t, b, `[...document.querySelectorAll("#lints li[data-code]")].map(li =>
			[...li.children].slice(0, 2).map(c => c.tagName + ":" + (c.getAttribute("href") || c.textContent)).join(" "))`)
		if len(items) == 0 {
			t.Fatal("the default example has no lint items")
		}
		codes := eval[[]string](t, b, `[...document.querySelectorAll("#lints li[data-code]")].map(li => li.dataset.line + " " + li.dataset.code)`)
		for i, it := range items {
			line, code, _ := strings.Cut(codes[i], " ")
			want := fmt.Sprintf("BUTTON:line %s A:lint/%s", line, code)
			if line == "0" {
				want = "BUTTON:whole file A:lint/" + code
			}
			if it != want {
				t.Errorf("lint item %d starts %q, want %q", i, it, want)
			}
		}
		if code := b.status(t, eval[string](t, b, `document.querySelector("#lints a.code").getAttribute("href")`)); code != 200 {
			t.Errorf("a lint code's link answers %d", code)
		}
		if w := eval[[]float64](t, b, `(p => [p.scrollWidth, p.clientWidth])(document.getElementById("pane-lint"))`); w[0] > w[1] {
			t.Errorf("the lint pane is %v px wide inside, %v px shown", w[0], w[1])
		}
		b.axe(t, s.String())
	})
}

// Point 5: the Why pane opens with one plain sentence, says how the
// rule matched, and defines the spec words it uses.
func TestWhyOpensWithASentence(t *testing.T) {
	t.Parallel()
	onScreens(t, screens, func(t *testing.T, b *browser, s screen) {
		b.typeCase(t, "User-agent: indexer\nDisallow: /cgi-bin/\n\nUser-agent: *\nDisallow: /tmp*\n", "/cgi-bin/search\n/tmp/x\n", "GUS(indexer)\n*\n")
		b.do(t, chromedp.Click(chromedp.CSS(`#grid button.cell[data-dialect="gemini"][data-agent="GUS(indexer)"][data-selector="/cgi-bin/search"]`)))
		first := eval[string](t, b, `document.getElementById("explain").firstElementChild.textContent`)
		if first != "✗ Under gemini, GUS(indexer) may not fetch /cgi-bin/search: line 2 Disallow: /cgi-bin/ covers it, because /cgi-bin/search starts with /cgi-bin/." {
			t.Errorf("the explanation opens with %q", first)
		}
		if n := eval[int](t, b, `document.querySelectorAll("#explain .sentence code").length`); n != 3 {
			t.Errorf("%d code spans in the sentence, want the rule, the selector and the pattern", n)
		}
		terms := eval[[]string](t, b, `[...document.querySelectorAll("#explain dl.terms dfn")].map(d => d.textContent)`)
		if !slices.Contains(terms, "group") {
			t.Errorf("the words defined are %v, want group among them", terms)
		}
		b.do(t, chromedp.Click(chromedp.CSS(`#grid button.cell[data-dialect="rfc9309"][data-agent="*"][data-selector="/tmp/x"]`)))
		if e := b.text(t, "explain"); !strings.Contains(e, "each * in /tmp* matches any run of characters") {
			t.Errorf("the explanation does not say how /tmp* matched: %s", e)
		}
		b.do(t, chromedp.Click(chromedp.CSS(`#grid button.cell[data-dialect="gemini"][data-agent="*"][data-selector="/tmp/x"]`)))
		if e := b.text(t, "explain"); !strings.Contains(e, "may fetch /tmp/x: no rule of the group chosen matches it") {
			t.Errorf("the explanation does not say why /tmp* did not match: %s", e)
		}
		b.axe(t, s.String())
	})
}

// Point 6: the Real crawlers table says, in view, that each crawler
// tests its own names and not the Agents box.
func TestCrawlersSayTheirNames(t *testing.T) {
	t.Parallel()
	onScreens(t, screens, func(t *testing.T, b *browser, s screen) {
		if got := b.text(t, "crawlers-names"); got != "Each crawler tests its own names, not the Agents box." {
			t.Errorf("the crawlers' note says %q", got)
		}
		if s.phone() {
			b.do(t, chromedp.ScrollIntoView(chromedp.ID("crawlers-section")))
		}
		if !b.visible(t, "#crawlers-names") {
			t.Errorf("the crawlers' note is not in view: %+v", b.box(t, "#crawlers-names"))
		}
		b.axe(t, s.String())
	})
}

// Point 7: on a phone, choosing a cell brings its explanation into view
// and leaves the editor where it was until the line is asked for; the
// tables say that they scroll sideways.
func TestPhoneChoosing(t *testing.T) {
	t.Parallel()
	onScreens(t, screens, func(t *testing.T, b *browser, s screen) {
		if !s.phone() {
			// One screen: nothing scrolls but the boxes, and the grid,
			// whole, says nothing of scrolling.
			if eval[bool](t, b, `document.getElementById("grid-section").hasAttribute("data-more")`) {
				t.Error("the grid says it scrolls sideways on a laptop")
			}
			b.do(t, chromedp.Click(chromedp.CSS(`#grid tbody tr:nth-child(8) button.cell[data-col="0"]`)))
			if y := eval[float64](t, b, `scrollY`); y != 0 || !b.visible(t, "#explain .sentence") {
				t.Errorf("choosing a cell scrolled the page to %v, or its explanation is not in view", y)
			}
			b.axe(t, s.String())
			return
		}
		for _, sec := range []string{"grid-section", "crawlers-section"} {
			if !eval[bool](t, b, `document.getElementById("`+sec+`").hasAttribute("data-more")`) {
				t.Errorf("#%s does not say it scrolls sideways", sec)
			}
			b.do(t, chromedp.ScrollIntoView(chromedp.CSS("#"+sec+" .scroll-hint")))
			if !b.visible(t, "#"+sec+" .scroll-hint") {
				t.Errorf("#%s's hint is not in view", sec)
			}
		}
		b.do(t, chromedp.ScrollIntoView(chromedp.CSS(`#grid tbody tr:nth-child(8)`)))
		editorTop := eval[float64](t, b, `document.getElementById("robots").scrollTop`)
		b.do(t, chromedp.Click(chromedp.CSS(`#grid tbody tr:nth-child(8) button.cell[data-col="0"]`)))
		b.waitFor(t, "the lower pane scrolled into the screen's top half", `(r => r.top >= -1 && r.top < innerHeight / 2)(document.querySelector(".lower").getBoundingClientRect())`,
			`document.querySelector(".lower").getBoundingClientRect().top`)
		if !b.visible(t, "#explain .sentence") {
			t.Errorf("the explanation is not in view after choosing a cell: %+v", b.box(t, "#explain .sentence"))
		}
		if got := eval[float64](t, b, `document.getElementById("robots").scrollTop`); got != editorTop {
			t.Errorf("choosing a cell scrolled the editor from %v to %v", editorTop, got)
		}
		b.screenshot(t, "phone-chosen-"+s.String(), false)
		// The reader asks for the line: the editor shows it, selected.
		b.do(t, chromedp.Click(chromedp.CSS(`#explain button.goto`)))
		if a := eval[string](t, b, `document.activeElement.id`); a != "robots" {
			t.Errorf("the line's button put the focus on %q", a)
		}
		if !b.visible(t, "#editor") {
			t.Error("the editor is not in view after asking for the line")
		}
		// Scrolled to its end, a table no longer says there is more.
		b.do(t, chromedp.Evaluate[chromedp.Void](`document.querySelector(".grid-wrap").scrollLeft = 10000`))
		b.waitFor(t, "the scrolled grid to stop saying there is more", `!document.getElementById("grid-section").hasAttribute("data-more")`, "")
		b.axe(t, s.String())
	})
}

// Point 8: each table is one stop in the tab order, arrow keys, Home and
// End move between its cells, Enter and Space choose one; the Why tab
// is at most 30 presses of Tab from the top; the focus ring and the
// chosen cell's ring differ in colour, not only in shape.
func TestKeyboardGrid(t *testing.T) {
	t.Parallel()
	onScreens(t, screens, func(t *testing.T, b *browser, s screen) {
		for _, table := range []string{"grid", "crawlers"} {
			if n := eval[int](t, b, `document.querySelectorAll('#`+table+` [tabindex="0"]').length`); n != 1 {
				t.Errorf("#%s has %d tab stops, want 1", table, n)
			}
		}
		// Tab from the top of the page to the Why tab.
		b.do(t, chromedp.Evaluate[chromedp.Void](`document.activeElement.blur(); window.scrollTo(0, 0)`))
		presses, path := 0, []string{}
		for ; presses < 60; presses++ {
			if eval[string](t, b, `document.activeElement.id`) == "tab-why" {
				break
			}
			b.do(t, chromedp.KeyEvent(kb.Tab))
			path = append(path, eval[string](t, b, `(e => e.id || e.tagName + "." + e.className)(document.activeElement)`))
		}
		t.Logf("%d presses of Tab to the Why tab: %s", presses, strings.Join(path, " "))
		if presses > 30 {
			t.Errorf("%d presses of Tab from the top to the Why tab, want at most 30", presses)
		}
		// Into the grid: its tab stop is the chosen cell.
		b.do(t, chromedp.Focus(chromedp.CSS(`#grid [tabindex="0"]`)))
		at := func() string {
			return eval[string](t, b, `(e => e.dataset.row + "," + e.dataset.col)(document.activeElement)`)
		}
		start := at()
		for _, step := range []struct{ key, want string }{
			{kb.ArrowRight, "0,1"}, {kb.ArrowDown, "1,1"}, {kb.End, "1,5"}, {kb.Home, "1,0"},
			{kb.ArrowUp, "0,0"}, {kb.ArrowUp, "-1,0"}, {kb.ArrowLeft, "-1,0"}, {kb.ArrowDown, "0,0"},
		} {
			if start != "0,0" {
				t.Fatalf("the grid's tab stop is %s, want the default's chosen cell 0,0", start)
			}
			b.do(t, chromedp.KeyEvent(step.key))
			if got := at(); got != step.want {
				t.Errorf("after %q the focus is on %s, want %s", step.key, got, step.want)
			}
		}
		if n := eval[int](t, b, `document.querySelectorAll('#grid [tabindex="0"]').length`); n != 1 {
			t.Errorf("after moving, #grid has %d tab stops", n)
		}
		b.do(t, chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent("\r"))
		if chosen := eval[string](t, b, `(c => c.dataset.row + "," + c.dataset.col)(document.querySelector("#grid button.cell.chosen"))`); chosen != "1,1" {
			t.Errorf("Enter chose %s, want 1,1", chosen)
		}
		b.do(t, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(" "))
		if chosen := eval[string](t, b, `(c => c.dataset.row + "," + c.dataset.col)(document.querySelector("#grid button.cell.chosen"))`); chosen != "1,2" {
			t.Errorf("Space chose %s, want 1,2", chosen)
		}
		if !strings.Contains(b.text(t, "explain"), "gemini") {
			t.Errorf("the chosen cell is not explained: %s", b.text(t, "explain"))
		}
		// The chosen cell has the focus too: its focus ring and its chosen
		// ring are both drawn, in colours of their own.
		b.do(t, chromedp.KeyEvent(kb.ArrowRight))
		rings := eval[[]string](t, b, `(() => {
			const f = getComputedStyle(document.activeElement), c = getComputedStyle(document.querySelector("#grid button.cell.chosen"));
			return [f.outlineStyle, f.outlineColor, c.boxShadow, c.fontWeight];
		})()`)
		if rings[0] == "none" || strings.Contains(rings[2], rings[1]) || rings[2] == "none" || rings[3] != "700" {
			t.Errorf("focus ring %s %s, chosen cell's %s, weight %s: want two rings of different colours", rings[0], rings[1], rings[2], rings[3])
		}
		b.screenshot(t, "keyboard-"+s.String(), false)
		// The crawlers' table: arrows within it, the head links included.
		b.do(t, chromedp.Focus(chromedp.CSS(`#crawlers [tabindex="0"]`)), chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.End))
		last := eval[string](t, b, `[...document.querySelectorAll("#crawlers thead a[href]")].pop().getAttribute("href")`)
		if href := eval[string](t, b, `document.activeElement.getAttribute("href") || ""`); href != last || last == "" {
			t.Errorf("Up then End in the crawlers' table went to %q, want the last column's head, %q", href, last)
		}
		b.axe(t, s.String())
	})
}

// Point 9: the copy buttons' status covers no control.
func TestCopyStatusCoversNothing(t *testing.T) {
	t.Parallel()
	onScreens(t, screens, func(t *testing.T, b *browser, s screen) {
		b.grantClipboard(t)
		b.copied(t, "copy-link")
		covered := eval[[]string](t, b, `(() => {
			const s = document.getElementById("copy-status").getBoundingClientRect();
			if (s.width === 0) return ["the status is not shown"];
			return [...document.querySelectorAll("button, a, input, select, textarea, label, summary, [tabindex]")].filter(e => {
				const r = e.getBoundingClientRect();
				return r.width > 0 && r.height > 0 && r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
			}).map(e => e.id || e.tagName + "." + e.className);
		})()`)
		if len(covered) > 0 {
			t.Errorf("the status %q covers %v", b.text(t, "copy-status"), covered)
		}
		b.screenshot(t, "copied-"+s.String(), false)
		b.axe(t, s.String())
		// A report the browser will not copy waits in a box, selected:
		// the status above it stays readable.
		b.do(t, chromedp.Evaluate[chromedp.Void](`navigator.clipboard.writeText = () => Promise.reject(new Error("denied"))`))
		report, _ := b.copied(t, "copy-report")
		if !strings.Contains(report, "Real crawlers") {
			t.Errorf("the report lacks the Real crawlers:\n%s", report)
		}
		if !b.visible(t, "#copy-fallback-close") {
			t.Errorf("the fallback box's Close is not in view: %+v", b.box(t, "#copy-fallback-close"))
		}
		b.do(t, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		if top := eval[bool](t, b, `(s => { const r = s.getBoundingClientRect(); return s.contains(document.elementFromPoint(r.left + 4, r.top + r.height / 2)); })(document.getElementById("copy-status"))`); !top {
			t.Errorf("the status %q is covered (by the fallback box?)", b.text(t, "copy-status"))
		}
		b.screenshot(t, "report-"+s.String(), false)
		b.axe(t, s.String()+" report")
	})
}
