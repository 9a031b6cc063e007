package e2e

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/state"
)

// heldServer serves the page like server, but answers no .wasm request
// until release is called: the page stays as it is before the checker
// has loaded for as long as a test needs.
func heldServer(t *testing.T) (url string, release func()) {
	t.Helper()
	held := make(chan struct{})
	site := siteHandler(siteDir)
	csp, err := deployedCSP()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(withCSP(csp, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			select {
			case <-held:
			case <-r.Context().Done():
				return
			}
		}
		site.ServeHTTP(w, r)
	})))
	released := false
	release = func() {
		if !released {
			released = true
			close(held)
		}
	}
	t.Cleanup(func() {
		release()
		srv.Close()
	})
	return srv.URL, release
}

// beforeScripts has the browser run js in every new document before the
// page's own scripts.
func (b *browser) beforeScripts(t testing.TB, js string) {
	t.Helper()
	b.do(t, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js})
		return err
	}))
}

// paintLog records what the page would paint after each change of
// its document (a MutationObserver's call comes after every batch of
// changes, before the browser can paint them) until the checker has
// taken over: whether anything of the page is visible (its title) and
// the case's part of it, the boxes' text, the verdict cells that can be
// seen and the verdict area's words, each with its time. Animation
// frames would do as well on a quiet machine, but a busy one starves
// them, and a test waiting on them waits on frame cadence.
const paintLog = `window.frames_ = [];
(() => {
	const seen = e => !!e && getComputedStyle(e).visibility === "visible" && e.getClientRects().length > 0;
	const record = () => {
		const work = document.querySelector(".work"), at = performance.now();
		if (!work) {
			window.frames_.push({at, any: seen(document.querySelector("h1")), shown: false});
			return;
		}
		// The parser may not have reached every part yet.
		const value = id => (e => e ? e.value : null)(document.getElementById(id));
		window.frames_.push({
			at,
			any: seen(document.querySelector("h1")),
			shown: seen(work),
			robots: value("robots"),
			selectors: value("selectors"),
			agents: value("agents"),
			cells: [...document.querySelectorAll("[data-verdict]")].filter(seen).map(c => c.dataset.agent + " " + c.dataset.selector),
			summary: (e => e ? e.textContent : null)(document.getElementById("summary")),
		});
	};
	const mo = new MutationObserver(() => {
		record();
		if (document.body && document.body.dataset.ready === "true") mo.disconnect();
	});
	mo.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
	record();
})();`

// waitCaseShown waits until paintLog has recorded the case's part of
// the page as visible.
func (b *browser) waitCaseShown(t testing.TB) {
	t.Helper()
	b.waitFor(t, "the link's case to be shown", `window.frames_.some(f => f.shown)`, `window.frames_.length + " states recorded, the last " + JSON.stringify(window.frames_.at(-1))`)
}

type frame struct {
	At                        float64 // ms, performance.now()
	Any, Shown                bool
	Robots, Selectors, Agents string
	Cells                     []string
	Summary                   string
}

// sharedCase is a case unlike the default example: other agents and
// selectors, a CRLF file, non-ASCII, a hidden dialect, a chosen cell.
var sharedCase = state.State{
	Robots:    "# Chère capsule ✓\r\nUser-agent: Lupa\r\nDisallow: /drafts\r\n\r\nUser-agent: *\r\nDisallow: /cgi-bin\r\n",
	Selectors: "/drafts/plan.gmi\n/cgi-bin/search\n/index.gmi\n",
	Agents:    "Lupa(archiver)\nTLGS\n",
	Hidden:    []string{"norobots"},
	Cell:      grid.CellKey("gemini", "Lupa(archiver)", "/drafts/plan.gmi"),
	Protocol:  "gemini",
}

// TestSharedLinkBeforeTheChecker opens a link while the checker's wasm
// is held back: from the first frame painted, the boxes hold the link's
// case and no verdict of another case is ever seen; the verdict area
// says the case is being checked; text typed then is kept when the
// checker takes over, which draws the link's verdicts with it and puts
// it into the address.
func TestSharedLinkBeforeTheChecker(t *testing.T) {
	t.Parallel()
	url, release := heldServer(t)
	b := newBrowser(t)
	b.beforeScripts(t, paintLog)
	link := "#" + state.Encode(sharedCase)
	b.do(t, chromedp.Navigate(url+"/"+link))
	b.waitCaseShown(t)
	robots := strings.ReplaceAll(sharedCase.Robots, "\r\n", "\n")
	frames := eval[[]frame](t, b, `window.frames_`)
	for i, f := range frames {
		if f.Any && !f.Shown {
			t.Errorf("state %d (at %.0f ms) paints the page without the case", i, f.At)
		}
		if f.Shown && (f.Robots != robots || f.Selectors != sharedCase.Selectors || f.Agents != sharedCase.Agents) {
			t.Errorf("state %d (at %.0f ms) shows the boxes holding %q, %q, %q; want the link's case", i, f.At, f.Robots, f.Selectors, f.Agents)
		}
		if f.Shown && len(f.Cells) > 0 {
			t.Errorf("state %d (at %.0f ms) shows verdict cells before the checker has loaded: %v", i, f.At, f.Cells)
		}
	}
	if s := eval[string](t, b, `document.getElementById("summary").textContent`); !strings.Contains(s, "Checking the shared case") {
		t.Errorf("while the checker loads, the verdict area says %q", s)
	}
	if ends := eval[string](t, b, `document.getElementById("line-endings").value`); ends != "crlf" {
		t.Errorf("line endings %q before the checker, want crlf", ends)
	}
	if ticked := eval[[]string](t, b, `[...document.querySelectorAll("[data-dialect-toggle]:not(:checked)"), document.querySelector("input[name=protocol]:checked")].map(c => c.id)`); strings.Join(ticked, " ") != "show-norobots served-gemini" {
		t.Errorf("unticked dialects and protocol before the checker: %v", ticked)
	}

	// Typed before the checker takes over: a line in the editor, an
	// agent, and a dialect shown again.
	b.do(t, chromedp.Evaluate[chromedp.Void](`(r => { r.focus(); r.setSelectionRange(0, 0); })(document.getElementById("robots"))`),
		chromedp.KeyEvent("User-agent: Elpher\rDisallow: /\r\r"),
		chromedp.Evaluate[chromedp.Void](`(a => { a.focus(); a.setSelectionRange(a.value.length, a.value.length); })(document.getElementById("agents"))`),
		chromedp.KeyEvent("Elpher"),
		chromedp.Click(chromedp.ID("show-norobots")))
	release()
	b.waitUpdates(t, 2)
	// In the page's own record of events: the case was shown before the
	// checker's wasm had even compiled.
	if order := eval[[]float64](t, b, `[window.frames_.find(f => f.shown).at, performance.getEntriesByName("smolbots-compiled")[0].startTime]`); order[0] >= order[1] {
		t.Errorf("the case was shown at %.0f ms, after the checker compiled at %.0f ms", order[0], order[1])
	}
	want := "User-agent: Elpher\nDisallow: /\n\n" + robots
	s := b.state(t)
	if s.Robots != want || s.Agents != sharedCase.Agents+"Elpher" {
		t.Errorf("after the take-over the boxes hold %q and %q; want the typed text kept", s.Robots, s.Agents)
	}
	if c, ok := find(s.Cells, "norobots", "Elpher", "/index.gmi"); !ok || c.Verdict != "disallow" || c.Line != "2" {
		t.Errorf("norobots Elpher /index.gmi = %+v, %v; want the typed group's disallow, line 2", c, ok)
	}
	if c, ok := find(s.Cells, "gemini", "Lupa(archiver)", "/drafts/plan.gmi"); !ok || c.Verdict != "disallow" {
		t.Errorf("gemini Lupa(archiver) /drafts/plan.gmi = %+v, %v; want disallow", c, ok)
	}
	if s.Chosen != "gemini Lupa(archiver) /drafts/plan.gmi" {
		t.Errorf("chosen cell %q, want the link's", s.Chosen)
	}
	if ends := eval[string](t, b, `document.getElementById("line-endings").value`); ends != "crlf" {
		t.Errorf("line endings %q after the take-over, want crlf", ends)
	}
	// The address now holds what was typed, so a reload keeps it.
	h := b.waitHash(t, link)
	got, err := state.Decode(h[strings.Index(h, "#"):])
	if err != nil {
		t.Fatal(err)
	}
	if got.Robots != strings.ReplaceAll(want, "\n", "\r\n") || !strings.HasSuffix(got.Agents, "Elpher") || len(got.Hidden) != 0 || got.Protocol != "gemini" {
		t.Errorf("the address holds %+v after typing before the take-over", got)
	}
	b.noErrors(t)
}

// TestSharedLinkWithoutDecompression: a browser without
// DecompressionStream cannot read the link before the checker has
// loaded. It shows no verdicts meanwhile and keeps the boxes empty and
// closed to typing; the checker then opens the case.
func TestSharedLinkWithoutDecompression(t *testing.T) {
	t.Parallel()
	url, release := heldServer(t)
	b := newBrowser(t)
	b.beforeScripts(t, `delete window.DecompressionStream;`+paintLog)
	b.do(t, chromedp.Navigate(url+"/#"+state.Encode(sharedCase)))
	b.waitCaseShown(t)
	for i, f := range eval[[]frame](t, b, `window.frames_`) {
		if f.Shown && (len(f.Cells) > 0 || f.Robots != "" || f.Selectors != "" || f.Agents != "") {
			t.Errorf("state %d shows another case: %+v", i, f)
		}
	}
	if s := eval[string](t, b, `document.getElementById("summary").textContent`); !strings.Contains(s, "once the checker has loaded") {
		t.Errorf("the verdict area says %q", s)
	}
	if ro := eval[bool](t, b, `["robots", "selectors", "agents"].every(id => document.getElementById(id).readOnly)`); !ro {
		t.Error("the boxes take typing that the link's case would overwrite")
	}
	b.do(t, chromedp.Evaluate[chromedp.Void](summaryLog))
	release()
	b.waitUpdates(t, 2)
	s := b.state(t)
	if s.Selectors != sharedCase.Selectors || s.Chosen != "gemini Lupa(archiver) /drafts/plan.gmi" {
		t.Errorf("after the take-over: %+v", s)
	}
	// The checker links no DEFLATE reader: the on-demand module read
	// the link, and the page said so meanwhile.
	if !eval[bool](t, b, onDemandLoaded) {
		t.Error("the on-demand module did not load to read the link")
	}
	if said := eval[[]string](t, b, `window.summaries_`); !slices.Contains(said, "Opening the link…") {
		t.Errorf("while the link was read the verdict area said %q, want \"Opening the link…\"", said)
	}
	if ro := eval[bool](t, b, `["robots", "selectors", "agents"].some(id => document.getElementById(id).readOnly)`); ro {
		t.Error("a box is still read-only after the take-over")
	}
	b.noErrors(t)
}

// TestBadLinkBeforeTheChecker: a damaged or cut link is explained at
// once, before the checker loads, with no verdicts of another case;
// text typed then survives the take-over and the message stays.
func TestBadLinkBeforeTheChecker(t *testing.T) {
	t.Parallel()
	good := state.Encode(sharedCase)
	for name, frag := range map[string]string{
		"cut":     good[:len(good)/2],
		"garbage": "v1.!!not*base64~~",
		"version": "v9.AAAA",
	} {
		t.Run(name, func(t *testing.T) {
			url, release := heldServer(t)
			b := newBrowser(t)
			b.beforeScripts(t, paintLog)
			b.do(t, chromedp.Navigate(url+"/#"+frag))
			msg := waitValue[string](t, b, "the message that the link is bad", `(m => m.hidden ? null : m.textContent)(document.getElementById("message"))`, "")
			if !strings.Contains(msg, "could not be opened") {
				t.Errorf("message %q", msg)
			}
			for i, f := range eval[[]frame](t, b, `window.frames_`) {
				if f.Shown && (len(f.Cells) > 0 || f.Robots != "") {
					t.Errorf("state %d shows another case: %+v", i, f)
				}
			}
			b.do(t, chromedp.Click(chromedp.ID("robots")), chromedp.KeyEvent(clash),
				chromedp.Click(chromedp.ID("selectors")), chromedp.KeyEvent("/x"),
				chromedp.Click(chromedp.ID("agents")), chromedp.KeyEvent("*"))
			release()
			b.waitUpdates(t, 2)
			if s := b.state(t); s.Robots != clash || s.Selectors != "/x" || s.Agents != "*" {
				t.Errorf("the boxes hold %q, %q, %q after the take-over, want what was typed", s.Robots, s.Selectors, s.Agents)
			}
			if m := eval[string](t, b, `(m => m.hidden ? "" : m.textContent)(document.getElementById("message"))`); m != msg {
				t.Errorf("after the take-over the message is %q, was %q", m, msg)
			}
			if n := len(b.cells(t)); n != 6 {
				t.Errorf("%d cells for the typed case, want 6", n)
			}
			b.noErrors(t)
		})
	}
}

// TestLinkOnlyGoReads: a link with bytes after its last DEFLATE block
// (a word glued to it) opens in Go. A browser whose DecompressionStream
// refuses them in words main.js does not know shows the link as bad
// until the checker loads, which then opens it, as nothing was typed.
func TestLinkOnlyGoReads(t *testing.T) {
	t.Parallel()
	url, release := heldServer(t)
	b := newBrowser(t)
	b.beforeScripts(t, `(() => {
		const Native = window.DecompressionStream;
		window.DecompressionStream = class {
			constructor(format) {
				const d = new Native(format), r = d.readable.getReader();
				this.writable = d.writable;
				this.readable = new ReadableStream({
					pull: c => r.read().then(x => x.done ? c.close() : c.enqueue(x.value), () => c.error(new TypeError("trailing data"))),
					cancel: why => r.cancel(why),
				});
			}
		};
	})();`)
	link := "#" + state.Wrap(append(state.Stored(state.Marshal(sharedCase)), "Thanks"...))
	if _, err := state.Decode(link); err != nil {
		t.Fatal(err)
	}
	b.do(t, chromedp.Navigate(url+"/"+link))
	b.waitFor(t, "the message that the link could not be opened", `!document.getElementById("message").hidden`, "")
	b.do(t, chromedp.Evaluate[chromedp.Void](summaryLog))
	release()
	b.waitUpdates(t, 2)
	if s := b.state(t); s.Selectors != sharedCase.Selectors || s.Chosen != "gemini Lupa(archiver) /drafts/plan.gmi" {
		t.Errorf("the checker did not open the link: %+v", s)
	}
	if !eval[bool](t, b, onDemandLoaded) {
		t.Error("the on-demand module did not load to read the link")
	}
	if said := eval[[]string](t, b, `window.summaries_`); !slices.Contains(said, "Opening the link…") {
		t.Errorf("while the link was read the verdict area said %q, want \"Opening the link…\"", said)
	}
	if hidden := eval[bool](t, b, `document.getElementById("message").hidden`); !hidden {
		t.Error("the message that the link could not be opened stayed")
	}
	if h := eval[string](t, b, `location.hash`); h != link {
		t.Errorf("the address changed to %q", h)
	}
	b.noErrors(t)
}

// summaryLog records every text the verdict area's summary shows from
// now on, in window.summaries_.
const summaryLog = `window.summaries_ = [];
new MutationObserver(() => window.summaries_.push(document.getElementById("summary").textContent))
	.observe(document.getElementById("summary"), {childList: true, characterData: true, subtree: true});`

// onDemandLoaded says whether the page fetched the on-demand module.
const onDemandLoaded = `performance.getEntriesByType("resource").some(e => e.name.endsWith("/ondemand.wasm"))`

// TestSkipLinkKeepsTheCase: "Skip to the verdicts" moves the focus to
// the grid and leaves the case in the address, so a reload opens it.
func TestSkipLinkKeepsTheCase(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	link := "#" + state.Encode(sharedCase)
	b.open(t, link)
	before := b.state(t)
	b.do(t, chromedp.Focus(chromedp.CSS(".skip")), chromedp.KeyEvent("\r"))
	if h := eval[string](t, b, `location.hash`); h != link {
		t.Errorf("the skip link changed the address to %q", h)
	}
	if f := eval[string](t, b, `document.activeElement.id`); f != "grid" {
		t.Errorf("the skip link put the focus on %q, want the grid", f)
	}
	// The next Tab reaches the first verdict.
	b.do(t, chromedp.KeyEvent("\t"))
	if c := eval[string](t, b, `document.activeElement.dataset.verdict || ""`); c == "" {
		t.Errorf("Tab after the skip link reached %q, not a verdict", eval[string](t, b, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	b.do(t, chromedp.Reload())
	b.waitUpdates(t, 2)
	if after := b.state(t); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("after a reload:\n%+v\nbefore:\n%+v", after, before)
	}
	b.noErrors(t)
}

// jsDecoded is what the page's link reader (main.js) makes of a fragment.
type jsDecoded struct {
	OK  bool `json:"ok"`
	Err string
	S   struct {
		Robots, Selectors, Agents, Cell, Protocol string
		Hidden, Crawlers                          []string
	}
	NullCrawlers bool
	// Record: main.js kept the link's record of its verdicts (Go's
	// Decode keeps exactly the same ones), and Codes are its verdicts.
	Record bool
	Codes  []int
}

// TestLinkReaderMatchesGo puts links written by core/state (Go's
// DEFLATE, and the stored blocks a browser without CompressionStream
// gets) through main.js's reader in Chromium: the same case as Go's
// Decode, or the same error in the same words.
func TestLinkReaderMatchesGo(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	decode := func(frag string) jsDecoded {
		return eval[jsDecoded](t, b, `window.smolbotsDecodeLink(`+jsString(frag)+`).then(
			s => ({ok: true, s: {robots: s.robots, selectors: s.selectors, agents: s.agents, cell: s.cell, protocol: s.protocol, hidden: s.hidden, crawlers: s.crawlers || []}, nullCrawlers: s.crawlers === null, record: !!s.shared, codes: s.shared ? s.shared.codes : []}),
			e => ({ok: false, err: e.message}))`)
	}
	var big strings.Builder
	for i := 0; big.Len() < 300<<10; i++ {
		fmt.Fprintf(&big, "User-agent: bot%d\r\nDisallow: /p%x/é\r\n", i, i*7919)
	}
	states := map[string]state.State{
		"empty":             {},
		"shared":            sharedCase,
		"default":           {Robots: "User-agent: *\nDisallow: /private\n", Selectors: "/private/x\n", Agents: "*\n"},
		"crlf":              {Robots: "User-agent: *\r\nDisallow: /a\r\n", Selectors: "/a\r\n/b"},
		"cr and mixed ends": {Robots: "User-agent: *\rDisallow: /a\r\nAllow: /a/b\n", Agents: "a\r\nb"},
		"non-ASCII":         {Robots: "# 日本語のコメント 🤖 e\u0301 \u202eRTL\u202c\nUser-agent: Ünïcode\nDisallow: /ß\n", Selectors: "/ß\ngemini://例え.jp/ü?q=✓\n", Agents: "Ünïcode\n🤖\n"},
		"BOM and controls":  {Robots: "\ufeffUser-agent: *\x00\x01\x7f\u0085\nDisallow: /\t# tab\n", Selectors: "\ufeff/x"},
		"choices":           {Robots: "x", Hidden: []string{"norobots", "unknown", "gemini", "gemini"}, Crawlers: []string{"tlgs", "gus", "nope"}, Protocol: "gopher", Cell: grid.CellKey("gemini", "a b", "/c\nd")},
		"no crawlers":       {Selectors: "/x", Crawlers: []string{}},
		"protocol words":    {Agents: "*", Protocol: " Gemini "},
		"big":               {Robots: big.String(), Selectors: "/p1/é\n", Agents: "bot1\n"},
	}
	frags := map[string]string{}
	for name, s := range states {
		raw := state.Marshal(s)
		frags[name+", Go's DEFLATE"] = state.Encode(s)
		frags[name+", stored blocks"] = state.Wrap(state.Stored(raw))
	}
	for name, frag := range recordLinks(t) {
		frags["record: "+name] = frag
	}
	good := state.Encode(sharedCase)
	raw := func(b ...[]byte) string { return state.Wrap(state.Stored(bytes.Join(b, nil))) }
	rec := func(tag uint64, v string) []byte {
		out := binary.AppendUvarint(nil, tag)
		out = binary.AppendUvarint(out, uint64(len(v)))
		return append(out, v...)
	}
	for name, frag := range map[string]string{
		"with its #":            "#" + good,
		"cut in half":           good[:len(good)/2],
		"cut by one":            good[:len(good)-1],
		"not base64":            "v1.!!not*base64~~",
		"padded":                good + "==",
		"base64 of length 4n+1": "v1.AAAAA",
		"newer version":         "v9.AAAA",
		"long version":          "version-from-the-future-is-long." + good[3:],
		"no prefix":             "hello",
		"no version":            "." + good,
		"prefix only":           "v1.",
		"punctuation only":      ".,;",
		"wrapped by a mailer":   good[:20] + "\r\n " + good[20:40] + "%20" + good[40:] + ").",
		"too long":              "v1." + strings.Repeat("A", state.MaxHashBytes),
		"too large unpacked":    raw([]byte(strings.Repeat("x", state.MaxDecodedBytes+1))),
		"at the size limit":     raw(rec(1, strings.Repeat("y", state.MaxDecodedBytes-4))),
		"two robots records":    raw(rec(1, "a"), rec(1, "b")),
		"two hidden records":    raw(rec(4, "gemini"), rec(4, "rfc9309")),
		"unknown and old tags":  raw(rec(99, "x"), rec(6, "crlf"), rec(1, "kept"), rec(99, "y")),
		"tag past 2^53, twice":  raw(rec(1<<60+1, "x"), rec(1<<60+2, "y"), rec(2, "kept")),
		"same tag, long varint": raw(rec(1, "a"), []byte{0x81, 0x00, 1, 'b'}),
		"varint overflow":       raw([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02, 0}),
		"length past the end":   raw([]byte{1, 9, 'a'}),
		"cut varint":            raw([]byte{1, 0x80}),
		"bytes after the end":   state.Wrap(append(state.Stored(rec(1, "a")), "junk"...)),
		"invalid UTF-8":         raw(rec(2, "/a\xff\xfe")),
	} {
		frags[name] = frag
	}
	for name, frag := range frags {
		want, err := state.Decode(frag)
		got := decode(frag)
		if err != nil {
			if got.OK || got.Err != err.Error() {
				t.Errorf("%s: main.js gives %+v, Go the error %q", name, got, err)
			}
			continue
		}
		if !got.OK {
			t.Errorf("%s: main.js fails with %q, Go reads it", name, got.Err)
			continue
		}
		g := got.S
		if name == "invalid UTF-8" {
			// A string in the page is UTF-16: bad bytes read as U+FFFD, as
			// they do when Go puts them into the page.
			want.Selectors = strings.ToValidUTF8(want.Selectors, "\ufffd\ufffd")
		}
		if g.Robots != want.Robots || g.Selectors != want.Selectors || g.Agents != want.Agents || g.Cell != want.Cell || g.Protocol != want.Protocol ||
			strings.Join(g.Hidden, "|") != strings.Join(want.Hidden, "|") || strings.Join(g.Crawlers, "|") != strings.Join(want.Crawlers, "|") || got.NullCrawlers != (want.Crawlers == nil) {
			t.Errorf("%s: main.js reads\n%+v (crawlers null: %v)\nGo reads\n%+v", name, g, got.NullCrawlers, want)
		}
		if got.Record != (want.Record != nil) {
			t.Errorf("%s: main.js keeps a record: %v; Go: %v", name, got.Record, want.Record != nil)
		} else if want.Record != nil {
			for i, c := range want.Record.Cells {
				if i >= len(got.Codes) || got.Codes[i] != int(c) {
					t.Errorf("%s: main.js reads the verdicts %v, Go %v", name, got.Codes, want.Record.Cells)
					break
				}
			}
		}
	}
	b.noErrors(t)
}

// TestHashChangeOpensTheLink: a link put into the address of an open
// page opens its case, whether main.js reads it or, in a browser
// without DecompressionStream, the on-demand module does.
func TestHashChangeOpensTheLink(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	n := b.updates(t)
	link := "#" + state.Encode(sharedCase)
	b.do(t, chromedp.Evaluate[chromedp.Void](`location.hash = `+jsString(link)))
	b.waitUpdates(t, n+1)
	if s := b.state(t); s.Selectors != sharedCase.Selectors || s.Chosen != "gemini Lupa(archiver) /drafts/plan.gmi" {
		t.Errorf("after the address changed: %+v", s)
	}
	if eval[bool](t, b, onDemandLoaded) {
		t.Error("a link the browser reads loaded the on-demand module")
	}
	other := sharedCase
	other.Selectors = "/elsewhere\n"
	other.Cell = grid.CellKey("rfc9309", "TLGS", "/elsewhere")
	n = b.updates(t)
	b.do(t, chromedp.Evaluate[chromedp.Void](`delete window.DecompressionStream; location.hash = `+jsString("#"+state.Encode(other))))
	b.waitUpdates(t, n+1)
	if s := b.state(t); s.Selectors != other.Selectors || s.Chosen != "rfc9309 TLGS /elsewhere" {
		t.Errorf("after the address changed, without DecompressionStream: %+v", s)
	}
	if !eval[bool](t, b, onDemandLoaded) {
		t.Error("the on-demand module did not load to read the link")
	}
	b.noErrors(t)
}
