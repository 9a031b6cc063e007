package e2e

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/state"
)

// pageState is what a permalink must bring back.
type pageState struct {
	Robots, Selectors, Agents string
	Shown                     []string
	Chosen                    string
	Cells                     []cell
}

func (b *browser) state(t testing.TB) pageState {
	t.Helper()
	s := eval[pageState](t, b, `({
		Robots: document.getElementById("robots").value,
		Selectors: document.getElementById("selectors").value,
		Agents: document.getElementById("agents").value,
		Shown: [...document.querySelectorAll("[data-dialect-toggle]")].filter(c => c.checked).map(c => c.dataset.dialectToggle),
		Chosen: (b => b ? b.dataset.dialect + " " + b.dataset.agent + " " + b.dataset.selector : "")(document.querySelector("button.cell.chosen")),
	})`)
	s.Cells = b.cells(t)
	return s
}

// waitCurrentLink waits until the address holds the case the boxes hold
// now (the page writes it a moment after a change, and on a busy machine
// an earlier case may be there first) and returns the address.
func (b *browser) waitCurrentLink(t testing.TB) string {
	t.Helper()
	boxes := b.state(t)
	return b.waitLink(t, func(s state.State) bool { return sameCase(s, boxes) })
}

// sameCase says whether the link's case s is the one the boxes show
// (whose text has the browser's line ends, LF).
func sameCase(s state.State, boxes pageState) bool {
	lf := strings.NewReplacer("\r\n", "\n", "\r", "\n")
	return lf.Replace(s.Robots) == boxes.Robots && lf.Replace(s.Selectors) == boxes.Selectors && lf.Replace(s.Agents) == boxes.Agents
}

// waitHash waits until the permalink in the address bar differs from old.
func (b *browser) waitHash(t testing.TB, old string) string {
	t.Helper()
	return waitValue[string](t, b, "the permalink in the address to change",
		fmt.Sprintf(`location.hash.startsWith("#v1.") && location.hash !== %q ? location.href : null`, old), `location.hash.slice(0, 40)`)
}

func TestPermalinkRoundTrip(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, clash+"# ünïcode ✓ and a tab\there\n", "/index.gmi\ngemini://capsule.example/private/x?q=1\n", "GUS(indexer)\n*\n")
	n := b.updates(t)
	b.do(t, chromedp.Click(chromedp.ID("show-norobots")))
	b.waitUpdates(t, n+1)
	b.do(t, chromedp.Click(chromedp.CSS(`button.cell[data-dialect="conner2020"][data-agent="GUS(indexer)"]`)))
	// The address is written a moment after each change, so on a busy
	// machine it may still hold an earlier one: wait for the last.
	boxes := b.state(t)
	link := b.waitLink(t, func(s state.State) bool {
		return sameCase(s, boxes) && strings.HasPrefix(s.Cell, "conner2020\nGUS(indexer)\n") && slices.Contains(s.Hidden, "norobots")
	})
	before := b.state(t)
	if before.Chosen == "" || len(before.Shown) != 5 {
		t.Fatalf("state before reload: %+v", before)
	}
	if got := eval[string](t, b, `document.getElementById("permalink").getAttribute("href")`); !strings.HasSuffix(link, got) {
		t.Errorf("the share link %q is not the address %q", got, link)
	}

	// A fresh page from the link alone.
	c := newBrowser(t)
	c.open(t, link[strings.Index(link, "#"):])
	after := c.state(t)
	if !reflect.DeepEqual(before, after) {
		t.Errorf("state changed across the permalink:\nbefore %+v\nafter  %+v", before, after)
	}
	if hidden := eval[bool](t, c, `document.getElementById("message").hidden`); !hidden {
		t.Error("a good link shows an error message")
	}
	if e := eval[string](t, c, `document.getElementById("explain").textContent`); !strings.Contains(e, "conner2020") {
		t.Errorf("the chosen cell's explanation is not restored: %s", e)
	}
	// main.js read the link: the on-demand module, which reads those
	// the browser cannot, is needed only to compare the link's record of
	// its verdicts once the checker has drawn its own, and the page's own
	// link agrees with its record.
	if eval[bool](t, c, onDemandLoaded) {
		record := waitValue[string](t, c, "the record's comparison", `(d => d === "checking" ? null : (d || "none"))(document.body.dataset.record)`, `document.body.dataset.record`)
		if record != "checked" {
			t.Errorf("opening the page's own link loaded the on-demand module, and its record reads %q, not checked", record)
		}
	}
	b.noErrors(t)
	c.noErrors(t)
}

func TestGarbagePermalink(t *testing.T) {
	t.Parallel()
	for name, frag := range map[string]string{
		"garbage":  "#v1.!!not*base64~~",
		"version":  "#v9.AAAA",
		"noprefix": "#hello",
		"cut":      "#v1.y0tNzs8v",
	} {
		t.Run(name, func(t *testing.T) {
			b := newBrowser(t)
			b.open(t, frag)
			msg := eval[string](t, b, `(() => { const m = document.getElementById("message"); return m.hidden ? "" : m.textContent; })()`)
			if !strings.Contains(msg, "could not be opened") {
				t.Errorf("message %q", msg)
			}
			s := b.state(t)
			if s.Robots != "" || s.Selectors != "" || s.Agents != "" || len(s.Shown) != 6 {
				t.Errorf("the page did not start empty: %+v", s)
			}
			// Empty but working.
			b.typeCase(t, clash, "/x\n", "*\n")
			if n := len(b.cells(t)); n != 6 {
				t.Errorf("%d cells after typing into the emptied page, want 6", n)
			}
			b.noErrors(t)
		})
	}
}

func TestOversizedPermalink(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	n := b.updates(t)
	eval[bool](t, b, `(location.hash = "v1." + "A".repeat(1600 * 1024), true)`)
	b.waitUpdates(t, n+1)
	msg := eval[string](t, b, `document.getElementById("message").textContent`)
	if !strings.Contains(msg, "too long") {
		t.Errorf("message %q", msg)
	}
	if v := eval[string](t, b, `document.getElementById("robots").value`); v != "" {
		t.Errorf("editor holds %d bytes after a bad link", len(v))
	}
	b.noErrors(t)
}

func TestHugePasteTruncates(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.setInput(t, "selectors", "/private/x\n/public\n")
	b.setInput(t, "agents", "*\n")
	// 5 MB: a real file's head, then filler.
	n := b.updates(t)
	eval[bool](t, b, `(() => {
		const el = document.getElementById("robots");
		el.focus();
		el.value = "User-agent: *\nDisallow: /private\n" + "# filler line of a huge file, padded out to fifty\n".repeat(5 * 1024 * 1024 / 50);
		el.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste"}));
		return true;
	})()`)
	b.waitUpdates(t, n+1)
	size := eval[int](t, b, `document.getElementById("robots").value.length`)
	if want := 33 + 50*(5*1024*1024/50); size != want {
		t.Errorf("the editor holds %d characters, want all %d", size, want)
	}
	codes := b.lintCodes(t)
	found := false
	for _, c := range codes {
		found = found || c == "file-too-large"
	}
	if !found {
		t.Errorf("no file-too-large lint among %v", codes)
	}
	if c, ok := find(b.cells(t), "rfc9309", "*", "/private/x"); !ok || c.Verdict != "disallow" {
		t.Errorf("the grid does not work on the file's head: %+v", c)
	}
	// The big file's own lint follows once typing pauses.
	b.waitFor(t, "the big file's own lint", `!document.getElementById("lints").classList.contains("stale")`, `document.getElementById("lints").className`)
	codes = b.lintCodes(t)
	if len(codes) < 2 || codes[0] != "file-too-large" {
		t.Errorf("lints after the pause: %v", codes)
	}
	if busy := eval[string](t, b, `document.getElementById("lints").getAttribute("aria-busy")`); busy != "false" {
		t.Errorf("aria-busy=%q after the lint", busy)
	}
	// Typing still lands after the paste: nothing typed is lost.
	n = b.updates(t)
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { const el = document.getElementById("robots"); el.setSelectionRange(el.value.length, el.value.length); })()`),
		chromedp.SendKeys(chromedp.ID("robots"), "xyz"))
	b.waitUpdates(t, n+1)
	if tail := eval[string](t, b, `document.getElementById("robots").value.slice(-3)`); tail != "xyz" {
		t.Errorf("typed text lost after the paste: tail %q", tail)
	}
	// The link update waits for a pause in typing.
	b.waitFor(t, "the share link to say the case is too large", `document.getElementById("permalink").textContent.includes("too large")`,
		`document.getElementById("permalink").textContent`)
	b.noErrors(t)
}
