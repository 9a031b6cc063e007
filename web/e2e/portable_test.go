package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/pageview"
	"github.com/smolbots/smolbots/core/portable"
	"github.com/smolbots/smolbots/core/state"
	"github.com/smolbots/smolbots/internal/realservers"
)

// lfOnly is a clean file but for its LF line ends, which only the
// Gopher draft minds (lf-line-endings).
const lfOnly = "User-agent: *\nDisallow: /private\n"

// shownDialects are the dialects with a column in the grid, in order.
func (b *browser) shownDialects(t testing.TB) []string {
	t.Helper()
	return eval[[]string](t, b, `[...document.querySelectorAll("#grid thead a.colref")].map(a => a.firstChild.textContent)`)
}

func (b *browser) servedOver(t testing.TB) string {
	t.Helper()
	return eval[string](t, b, `document.querySelector('input[name="protocol"]:checked').value`)
}

// click clicks an element and waits for the page to redraw.
func (b *browser) clickAndWait(t testing.TB, selector string) {
	t.Helper()
	n := b.updates(t)
	b.do(t, chromedp.Click(chromedp.CSS(selector)))
	b.waitUpdates(t, n+1)
}

// TestServedOver: choosing Gemini hides the Gopher columns and the
// findings only they care about; showing a Gopher column again brings
// its findings back; the permalink keeps the choice, and a link made
// before the choice existed opens as "both", exactly as before.
func TestServedOver(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	if s := b.servedOver(t); s != "any" {
		t.Fatalf("the page opens served over %q, want any (both)", s)
	}
	b.setInput(t, "robots", lfOnly)
	b.setInput(t, "selectors", "/private/x\n")
	b.setInput(t, "agents", "*\n")
	if !slices.Contains(b.lintCodes(t), "lf-line-endings") {
		t.Fatalf("an LF file under both protocols lacks lf-line-endings: %v", b.lintCodes(t))
	}

	b.clickAndWait(t, "#served-gemini")
	if got, want := b.shownDialects(t), []string{"gemini", "conner2020", "rfc9309", "norobots"}; !slices.Equal(got, want) {
		t.Errorf("served over Gemini shows %v, want %v", got, want)
	}
	if codes := b.lintCodes(t); slices.Contains(codes, "lf-line-endings") {
		t.Errorf("served over Gemini, the lint still has lf-line-endings: %v", codes)
	}
	if c := eval[string](t, b, `document.getElementById("lint-count").textContent`); c != "" {
		t.Errorf("a clean Gemini file has a lint count %q", c)
	}
	if n := len(b.cells(t)); n != 4 {
		t.Errorf("%d cells, want 4 (one row, four dialects)", n)
	}
	b.grantClipboard(t)
	if report, _ := b.copied(t, "copy-report"); strings.Contains(report, "lf-line-endings") || !strings.Contains(report, "rfc9309") {
		t.Errorf("the report served over Gemini:\n%s", report)
	}

	// Out of scope, shown by choice: its finding is back.
	b.clickAndWait(t, "#show-gopherdraft")
	if codes := b.lintCodes(t); !slices.Contains(codes, "lf-line-endings") {
		t.Errorf("with gopherdraft's column shown, lf-line-endings is missing: %v", codes)
	}
	// Its list of dialects, the last parenthesis: the message itself may
	// name others ("all but gopher2019 a bare CR").
	if d := eval[string](t, b, `document.querySelector('#lints li[data-code="lf-line-endings"]').textContent`); !strings.HasSuffix(strings.TrimSpace(d), "(gopherdraft)") {
		t.Errorf("the finding lists %q; want gopherdraft only", d)
	}
	link := b.waitLink(t, func(st state.State) bool {
		return st.Protocol == "gemini" && slices.Equal(st.Hidden, []string{"gopher2019"})
	})

	c := newBrowser(t)
	c.open(t, link[strings.Index(link, "#"):])
	if s := c.servedOver(t); s != "gemini" {
		t.Errorf("the permalink opens served over %q, want gemini", s)
	}
	if got, want := c.shownDialects(t), []string{"gopherdraft", "gemini", "conner2020", "rfc9309", "norobots"}; !slices.Equal(got, want) {
		t.Errorf("the permalink shows %v, want %v", got, want)
	}
	if codes := c.lintCodes(t); !slices.Equal(codes, b.lintCodes(t)) {
		t.Errorf("the permalink's lint %v, the page's %v", codes, b.lintCodes(t))
	}

	// "robots only" of core/state/testdata/v1.golden, made before the
	// page had a protocol: both protocols, six columns, every finding.
	c = newBrowser(t)
	c.open(t, "#v1.YlQMLU4t0k1MT80rsVLQ4nLJLE7Myckvt1LQLyjKLEssSeUCBAAA__8")
	if s := c.servedOver(t); s != "any" {
		t.Errorf("an old link opens served over %q, want any", s)
	}
	if got := c.shownDialects(t); len(got) != 6 {
		t.Errorf("an old link shows %v, want all six", got)
	}
	if r := eval[string](t, c, `document.getElementById("robots").value`); r != lfOnly {
		t.Errorf("an old link opens %q", r)
	}
	if codes := c.lintCodes(t); !slices.Contains(codes, "lf-line-endings") {
		t.Errorf("an old link's lint lacks lf-line-endings: %v", codes)
	}
	b.noErrors(t)
	c.noErrors(t)
}

// waitLink waits until the address holds a case that ok accepts, and
// returns the address: the page writes its link a moment after a change.
func (b *browser) waitLink(t testing.TB, ok func(state.State) bool) string {
	t.Helper()
	var last state.State
	for start := time.Now(); time.Since(start) < waitLimit; time.Sleep(pollEvery) {
		href := eval[string](t, b, `location.href`)
		if h := strings.Index(href, "#"); h >= 0 {
			if st, err := state.Decode(href[h:]); err == nil {
				if ok(st) {
					return href
				}
				last = st
			}
		}
	}
	t.Fatalf("waited %s for the address to hold the expected case; it last held %+v", waitLimit, last)
	return ""
}

// TestFetchSetsServedOver: a file fetched from a real gophernicus is
// served over Gopher (the Gemini column goes, the Gopher ones stay), one
// from a real molly-brown over Gemini.
func TestFetchSetsServedOver(t *testing.T) {
	t.Parallel()
	addr := realservers.StartGopher(t, map[string][]byte{"robots.txt": []byte(served)})
	b := openBrowser(t)
	b.clickAndWait(t, "#served-gemini")
	n := b.updates(t)
	if status, _ := b.fetchURL(t, "gopher://"+addr); !strings.Contains(status, "loaded them into the editor") {
		t.Fatalf("status %q", status)
	}
	b.waitUpdates(t, n+1)
	if s := b.servedOver(t); s != "gopher" {
		t.Errorf("after a gopher:// fetch the page is served over %q", s)
	}
	if got, want := b.shownDialects(t), []string{"gopher2019", "gopherdraft", "conner2020", "rfc9309", "norobots"}; !slices.Equal(got, want) {
		t.Errorf("after a gopher:// fetch the grid shows %v, want %v", got, want)
	}

	// And one from a real molly-brown is served over Gemini.
	g := realservers.StartGemini(t, map[string][]byte{"robots.txt": []byte(served)}, realservers.GeminiOptions{})
	n = b.updates(t)
	if status, _ := b.fetchURL(t, g.URL); !strings.Contains(status, "loaded them into the editor") {
		t.Fatalf("status %q", status)
	}
	b.waitUpdates(t, n+1)
	if s := b.servedOver(t); s != "gemini" {
		t.Errorf("after a gemini:// fetch the page is served over %q", s)
	}
	if got, want := b.shownDialects(t), []string{"gemini", "conner2020", "rfc9309", "norobots"}; !slices.Equal(got, want) {
		t.Errorf("after a gemini:// fetch the grid shows %v, want %v", got, want)
	}
	b.noErrors(t)
}

// messy needs most of fix's steps under Gemini: the * group first, an
// Allow gemini lacks, a glob the prefix dialects read as text, and a
// group for a role.
const messy = "User-agent: *\nDisallow: /private\nDisallow: /*.cgi\n\nUser-agent: indexer\nDisallow: /\nAllow: /pub\n"

// makePortable opens the pane, asks for the rewrite and waits for it.
// chooseReference picks the reading Make it portable keeps, as a user
// does with the menu.
func (b *browser) chooseReference(t testing.TB, ref string) {
	t.Helper()
	b.do(t, chromedp.Click(chromedp.CSS(`label[for=tab-portable]`)), chromedp.SetValue(chromedp.ID("portable-reference"), ref),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("portable-reference").dispatchEvent(new Event("change"))`))
}

// TestPortableStrictByDefault: the issue 17 file, an indexer group beside
// a * group, made portable with the default reference lets no crawler in
// and says so in its summary; kept to gemini's reading it lets GUS into
// /cgi-bin/search, and the pane says so above the diff before anything
// else, naming readers and path.
func TestPortableStrictByDefault(t *testing.T) {
	t.Parallel()
	const file = "User-agent: indexer\nDisallow: /private/\n\nUser-agent: *\nDisallow: /cgi-bin/\n"
	b := openBrowser(t)
	b.typeCase(t, file, "/cgi-bin/search\n/private/x\n", "GUS(indexer)\n")
	b.clickAndWait(t, "#served-gemini")
	b.makePortable(t)
	agents, sels := []string{"GUS(indexer)"}, []string{"/cgi-bin/search", "/private/x"}
	want := portable.Rewrite(file, agents, sels, core.ProtocolGemini, "strict")
	html := eval[string](t, b, `document.getElementById("portable").innerHTML`)
	if strings.Contains(html, `class="opened"`) || !strings.Contains(html, "Reference: <strong>strict</strong>") {
		t.Errorf("strict by default: the pane shows\n%s", html)
	}
	if !eval[bool](t, b, fmt.Sprintf(`(() => { const d = document.createElement("div"); d.innerHTML = %s; return d.innerHTML === document.getElementById("portable").innerHTML; })()`, jsString(want.HTML))) {
		t.Errorf("the pane differs from core/portable's strict HTML")
	}
	b.chooseReference(t, "gemini")
	b.makePortable(t)
	first := eval[string](t, b, `document.getElementById("portable").firstElementChild.className + ": " + document.getElementById("portable").firstElementChild.textContent`)
	if !strings.HasPrefix(first, "opened: ") || !strings.Contains(first, "GUS and GUS (2020) into /cgi-bin/search") {
		t.Errorf("kept to gemini, the pane opens with %q", first)
	}
	b.noErrors(t)
}

func (b *browser) makePortable(t testing.TB) {
	t.Helper()
	b.do(t, chromedp.Click(chromedp.CSS(`label[for=tab-portable]`)), chromedp.Click(chromedp.ID("make-portable")))
	b.waitFor(t, "the rewrite", `!document.getElementById("make-portable").disabled && !document.getElementById("portable-status").textContent.startsWith("Rewriting")`,
		`document.getElementById("portable-status").textContent`)
}

type portableState struct {
	Robots         string
	Apply, Revert  bool // enabled
	Status         string
	Disagree       int // grid rows where the dialects differ
	Why, Codes     []string
	Removed, Added int
}

func (b *browser) portable(t testing.TB) portableState {
	t.Helper()
	return eval[portableState](t, b, `({
		Robots: document.getElementById("robots").value,
		Apply: !document.getElementById("apply-portable").disabled,
		Revert: !document.getElementById("revert-portable").disabled,
		Status: document.getElementById("portable-status").textContent,
		Disagree: document.querySelectorAll("#grid tr.disagree").length,
		Why: [...document.querySelectorAll("#portable tr.why li[data-code]")].map(li => li.dataset.code),
		Codes: [...document.querySelectorAll("#portable .unresolved li")].map(li => li.dataset.code + " " + li.textContent),
		Removed: document.querySelectorAll("#portable td.del").length,
		Added: document.querySelectorAll("#portable td.add").length,
	})`)
}

// TestMakePortable: the flow of issue 10 on the page. The diff is the
// rewrite core/portable gives natively, each change explained beside
// its lines, the glob row listed as unresolved; Apply puts the file in
// the editor and the grid follows; the browser's undo and Revert each
// bring the old file back; an edit makes the diff stale.
func TestMakePortable(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, messy, "/pub/x\n/a.cgi\n/private/x\n", "GUS(indexer)\n*\n")
	b.clickAndWait(t, "#served-gemini")
	before := b.portable(t)
	if before.Disagree == 0 {
		t.Fatal("the messy file has no row where the dialects differ")
	}

	if ref := eval[string](t, b, `document.getElementById("portable-reference").value`); ref != "strict" {
		t.Errorf("the reference menu starts at %q, want strict", ref)
	}
	b.chooseReference(t, "gemini")
	b.makePortable(t)
	want := portable.Rewrite(messy, []string{"GUS(indexer)", "*"}, []string{"/pub/x", "/a.cgi", "/private/x"}, core.ProtocolGemini, "gemini")
	s := b.portable(t)
	if !s.Apply || s.Revert || s.Robots != messy {
		t.Fatalf("after Make it portable: %+v", s)
	}
	for _, code := range []string{"allow-portability", "role-user-agent"} {
		if !slices.Contains(s.Why, code) {
			t.Errorf("the diff does not explain a %s change: %v", code, s.Why)
		}
	}
	if s.Removed == 0 || s.Added == 0 {
		t.Errorf("the diff marks %d removed and %d added lines", s.Removed, s.Added)
	}
	if len(s.Codes) != 1 || !strings.HasPrefix(s.Codes[0], "glob * /a.cgi (rfc9309): line ") {
		t.Errorf("unresolved rows %q, want the glob row with its line", s.Codes)
	}
	if !eval[bool](t, b, fmt.Sprintf(`(() => { const d = document.createElement("div"); d.innerHTML = %s; return d.innerHTML === document.getElementById("portable").innerHTML; })()`, jsString(want.HTML))) {
		t.Errorf("the pane differs from core/portable's HTML:\n%s\nwant\n%s", eval[string](t, b, `document.getElementById("portable").innerHTML`), want.HTML)
	}

	b.clickAndWait(t, "#apply-portable")
	s = b.portable(t)
	if s.Robots != want.Robots {
		t.Fatalf("Apply put %q in the editor, want %q", s.Robots, want.Robots)
	}
	if s.Apply || !s.Revert || !strings.HasPrefix(s.Status, "Applied") {
		t.Errorf("after Apply: %+v", s)
	}
	if s.Disagree >= before.Disagree {
		t.Errorf("the grid still has %d rows that differ, %d before", s.Disagree, before.Disagree)
	}
	if c, ok := find(b.cells(t), "conner2020", "GUS(indexer)", "/pub/x"); !ok || c.Verdict != "disallow" {
		t.Errorf("the grid does not show the applied file: conner2020 GUS(indexer) /pub/x = %+v", c)
	}

	// The browser's own undo takes Apply back in one step.
	n := b.updates(t)
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { document.getElementById("robots").focus(); document.execCommand("undo"); })()`))
	b.waitUpdates(t, n+1)
	if s = b.portable(t); s.Robots != messy || !s.Apply || s.Revert || s.Disagree != before.Disagree {
		t.Errorf("after undo: %+v", s)
	}

	// Revert does too; then redo is the browser's again.
	b.clickAndWait(t, "#apply-portable")
	b.clickAndWait(t, "#revert-portable")
	if s = b.portable(t); s.Robots != messy || !s.Apply || s.Revert {
		t.Errorf("after Revert: %+v", s)
	}

	// Any other edit makes the rewrite stale.
	b.typeInEditor(t, "x")
	if s = b.portable(t); s.Apply || s.Revert || !strings.Contains(s.Status, "changed since") {
		t.Errorf("after an edit: %+v", s)
	}
	if !eval[bool](t, b, `document.getElementById("portable").classList.contains("stale")`) {
		t.Error("the stale diff is not marked")
	}
	b.noErrors(t)
}

// TestPortableLineEnds: served over Gopher, an LF file only needs CRLF
// line ends. Apply sets them (the control, the lint, the link); Revert
// puts LF back.
func TestPortableLineEnds(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, lfOnly, "/private/x\n", "*\n")
	b.clickAndWait(t, "#served-gopher")
	if !slices.Contains(b.lintCodes(t), "lf-line-endings") {
		t.Fatalf("an LF file served over Gopher lacks lf-line-endings: %v", b.lintCodes(t))
	}
	b.makePortable(t)
	if s := b.portable(t); !s.Apply || !strings.Contains(s.Status, "only the line ends, to CRLF") {
		t.Fatalf("before Apply: %+v", s)
	}
	if d := eval[string](t, b, `document.querySelector('#portable li[data-code="lf-line-endings"]').textContent`); !strings.HasPrefix(d, "whole file: ") {
		t.Errorf("the line-ends change reads %q", d)
	}
	b.clickAndWait(t, "#apply-portable")
	if e := eval[string](t, b, `document.getElementById("line-endings").value`); e != "crlf" {
		t.Errorf("after Apply the line endings are %q", e)
	}
	if codes := b.lintCodes(t); slices.Contains(codes, "lf-line-endings") {
		t.Errorf("after Apply the lint still has lf-line-endings: %v", codes)
	}
	if s := b.portable(t); s.Apply || !s.Revert {
		t.Errorf("after Apply: %+v", s)
	}
	b.waitLink(t, func(st state.State) bool { return st.Robots == "User-agent: *\r\nDisallow: /private\r\n" })
	b.showTab(t, "portable") // the lint's tab was shown
	b.clickAndWait(t, "#revert-portable")
	if e := eval[string](t, b, `document.getElementById("line-endings").value`); e != "lf" {
		t.Errorf("after Revert the line endings are %q", e)
	}
	if !slices.Contains(b.lintCodes(t), "lf-line-endings") {
		t.Errorf("after Revert lf-line-endings is gone: %v", b.lintCodes(t))
	}
	b.noErrors(t)
}

// TestPortableLongFile: past pageview.UndoableBytes Apply puts the file
// in at once (the browser's undo would take seconds to record it) and
// says that Revert, not undo, takes it back; Revert does.
func TestPortableLongFile(t *testing.T) {
	t.Parallel()
	var long strings.Builder
	long.WriteString("User-agent: *\nDisallow: /private\n\n")
	for i := 0; long.Len() <= pageview.UndoableBytes; i++ {
		long.WriteString("User-agent: bot" + strconv.Itoa(i) + "\nDisallow: /x\n\n")
	}
	b := openBrowser(t)
	b.typeCase(t, long.String(), "/x\n", "bot1\n")
	b.clickAndWait(t, "#served-gemini")
	b.makePortable(t)
	b.clickAndWait(t, "#apply-portable")
	s := b.portable(t)
	want := portable.Rewrite(long.String(), []string{"bot1"}, []string{"/x"}, core.ProtocolGemini, "strict")
	if s.Robots != want.Robots || s.Robots == long.String() || !s.Revert || !strings.Contains(s.Status, "Revert brings back") || strings.Contains(s.Status, "Ctrl+Z") {
		t.Errorf("after Apply: %+v", s)
	}
	b.clickAndWait(t, "#revert-portable")
	if s := b.portable(t); s.Robots != long.String() || !s.Apply {
		t.Errorf("after Revert the editor holds %d bytes, want %d; %+v", len(s.Robots), long.Len(), s.Status)
	}
	b.noErrors(t)
}

// TestPortableBadInput: an empty file has nothing to rewrite; a binary
// one gets a sentence; neither can be applied, and the page logs no
// error.
func TestPortableBadInput(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.setInput(t, "robots", "")
	b.makePortable(t)
	if s := b.portable(t); s.Apply || s.Robots != "" || !strings.HasPrefix(s.Status, "Nothing to apply") {
		t.Errorf("empty file: %+v", s)
	}
	if p := eval[string](t, b, `document.getElementById("portable").textContent`); !strings.Contains(p, "Nothing to change.") {
		t.Errorf("empty file: %q", p)
	}
	const binary = "User-agent: *\x00\x01\x02\nDisallow: /\n"
	b.setInput(t, "robots", binary)
	b.makePortable(t)
	if s := b.portable(t); s.Apply || s.Robots != binary {
		t.Errorf("binary file: %+v", s)
	}
	if p := eval[string](t, b, `document.getElementById("portable").textContent`); !strings.Contains(p, "Nothing was rewritten: this looks binary (a NUL byte on line 1)") {
		t.Errorf("binary file: %q", p)
	}
	b.noErrors(t)
}

// TestPortableFits: the diff stays inside the lower pane on a laptop and
// on a phone: nothing wider than the screen, long lines wrap, and the
// grid does not move at 1280x800.
func TestPortableFits(t *testing.T) {
	t.Parallel()
	long := "User-agent: *\nDisallow: /a-very-long-path/that/goes/on/and/on/past/any/phone/screen/" + strings.Repeat("x", 120) + "\n\nUser-agent: indexer\nDisallow: /\n"
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		t.Run(name, func(t *testing.T) {
			b := openBrowser(t, chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateScale(1)))
			b.typeCase(t, long, "/pub/x\n", "GUS(indexer)\n")
			grid := b.box(t, "#grid-section")
			b.makePortable(t)
			if size[0] < 1024 {
				b.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("pane-portable").scrollIntoView()`))
			}
			b.screenshot(t, "portable-"+name, false)
			if w := eval[[]float64](t, b, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > w[1] {
				t.Errorf("the page is %v px wide on a %v px screen", w[0], w[1])
			}
			pane, diff := b.box(t, "#pane-portable"), b.box(t, "#portable table.diff")
			if diff.Left < pane.Left-0.5 || diff.Right > pane.Right+0.5 {
				t.Errorf("the diff (%v..%v) is wider than its pane (%v..%v)", diff.Left, diff.Right, pane.Left, pane.Right)
			}
			if s := eval[[]float64](t, b, `(p => [p.scrollWidth, p.clientWidth])(document.getElementById("pane-portable"))`); s[0] > s[1] {
				t.Errorf("the pane scrolls sideways: %v", s)
			}
			if size[0] == 1280 {
				if after := b.box(t, "#grid-section"); after != grid {
					t.Errorf("the diff moved the grid from %+v to %+v", grid, after)
				}
				if y := eval[float64](t, b, `scrollY`); y != 0 {
					t.Errorf("the page scrolled to %v", y)
				}
			}
			b.noErrors(t)
		})
	}
}

// TestPortableAccessibility runs axe-core over the Served over control
// and a diff with an unresolved row, in both colour schemes.
func TestPortableAccessibility(t *testing.T) {
	t.Parallel()
	for _, dark := range []bool{false, true} {
		b := newBrowser(t)
		b.emulateScheme(t, dark)
		b.open(t, "")
		b.typeCase(t, messy, "/pub/x\n/a.cgi\n", "GUS(indexer)\n")
		b.clickAndWait(t, "#served-gemini")
		b.makePortable(t)
		if n := eval[int](t, b, `document.querySelectorAll("#portable td.del, #portable .unresolved li").length`); n == 0 {
			t.Fatal("no diff to check")
		}
		b.axe(t, fmt.Sprintf("dark %v", dark))
		b.noErrors(t)
	}
}

// axe injects axe-core into the page and fails the test for each
// violation it finds in what is shown.
func (b *browser) axe(t testing.TB, where string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "tools", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core is missing (./build.sh deps installs tools/node_modules): %v", err)
	}
	eval[bool](t, b, string(src)+";true")
	res := eval[axeResult](t, b, `axe.run(document, {resultTypes: ["violations"]})`)
	for _, v := range res.Violations {
		for _, n := range v.Nodes {
			t.Errorf("%s: axe %s (%s) at %v: %s", where, v.ID, v.Help, n.Target, n.Summary)
		}
	}
}

// emulateScheme makes the page see the dark or the light colour scheme.
func (b *browser) emulateScheme(t testing.TB, dark bool) {
	t.Helper()
	scheme := "light"
	if dark {
		scheme = "dark"
	}
	b.do(t, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	}))
	if got := eval[bool](t, b, `matchMedia("(prefers-color-scheme: dark)").matches`); got != dark {
		t.Fatalf("scheme emulation failed")
	}
}
