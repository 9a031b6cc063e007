// Command bench measures the playground in headless Chromium against a
// bare Go hello-world wasm page built the same way, in one run:
//
//	go run ./web/bench            (from the repository root)
//
// It prints the figures for the "Playground" section of BENCHMARKS.md:
// wasm size (gzip, brotli) and the ratio to hello world's; on cold loads,
// the first verdict painted (it comes with the HTML) and the wasm taking
// the page over (from then on keys are answered), against hello world's
// first paint; a shared link (#v1.) on cold loads, its text shown and
// its own verdicts painted, against the same first paint, and the same
// link with the record of its verdicts (painted as shared, then
// checked); keystroke to
// updated grid (p50, p95) for 100 lines x 50 selectors x 4 agents x 6
// dialects, three runs, and for a 500 KiB file against a bare textarea
// holding the same text.
//
// -base REV compares the page at REV with this tree's (ab.go); -sites
// compares built site directories and -loaf lists a shared link's long
// animation frames (sites.go), for trying a lever before committing it.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
	"github.com/smolbots/smolbots/core/state"
	"github.com/smolbots/smolbots/web/internal/headless"
)

var (
	loads = flag.Int("loads", 7, "cold loads of each page (fresh profile each)")
	runs  = flag.Int("runs", 3, "runs of the 100-line keystrokes")
	keys  = flag.Int("keys", 200, "keystrokes for the 100-line case")
	big   = flag.Int("bigkeys", 40, "keystrokes for the 500 KiB case")
	slow  = flag.Bool("slow", false, "list on stderr each 1,200-cell keystroke over 16 ms, split into its parts")
	cold  = flag.Bool("cold", false, "only the sizes and the cold loads, no keystrokes")
	base  = flag.String("base", "", "a git revision: cold loads of its page and this tree's, interleaved (A/B), and nothing else")
	probe = flag.Bool("probe", false, "with -base: list on stderr each shared-link load's start-up marks and long tasks")
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

const helloMain = `//go:build js && wasm

package main

import (
	"fmt"
	"syscall/js"
)

func main() {
	fmt.Println("hello, world")
	doc := js.Global().Get("document")
	doc.Get("body").Set("textContent", "hello, world")
	js.Global().Get("performance").Call("mark", "hello-painted")
}
`

const helloHTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>hello</title>
<script src="wasm_exec.js" defer></script><script src="main.js" defer></script>
</head><body></body></html>
`

const helloJS = `"use strict";
const go = new Go();
WebAssembly.instantiateStreaming(fetch("hello.wasm"), go.importObject).then(r => go.run(r.instance));
`

func run() error {
	tmp, err := os.MkdirTemp("", "smolbots-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	// The playground, exactly as shipped.
	site := filepath.Join(tmp, "site")
	cmd := exec.Command("web/build-site.sh", site)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building the playground (run from the repository root): %w", err)
	}
	// Hello world, built the same way and loaded the same way.
	hello := filepath.Join(tmp, "hello")
	if err := buildHello(hello); err != nil {
		return err
	}

	fmt.Printf("Measured %s on %s/%s, %d CPUs, %s, Chromium headless.\n\n", time.Now().UTC().Format("2006-01-02"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version())

	// Sizes.
	pg, err := os.ReadFile(filepath.Join(site, "playground.wasm"))
	if err != nil {
		return err
	}
	hw, err := os.ReadFile(filepath.Join(hello, "hello.wasm"))
	if err != nil {
		return err
	}
	pgz, hgz := gz(pg), gz(hw)
	pbr, hbr, brErr := brotli(pg), brotli(hw), error(nil)
	if pbr < 0 || hbr < 0 {
		brErr = fmt.Errorf("brotli not installed")
	}
	fmt.Println("| wasm | raw | gzip -9 | brotli -q 11 |")
	fmt.Println("|---|---:|---:|---:|")
	fmt.Printf("| playground | %s | %s | %s |\n", mb(len(pg)), mb(pgz), mbOr(pbr, brErr))
	fmt.Printf("| hello world | %s | %s | %s |\n", mb(len(hw)), mb(hgz), mbOr(hbr, brErr))
	fmt.Printf("| ratio | %.2fx | **%.2fx** | **%s** |\n\n", float64(len(pg))/float64(len(hw)), float64(pgz)/float64(hgz), ratioOr(pbr, hbr, brErr))

	siteSrv := httptest.NewServer(http.FileServer(http.Dir(site)))
	defer siteSrv.Close()
	helloSrv := httptest.NewServer(http.FileServer(http.Dir(hello)))
	defer helloSrv.Close()
	if *loaf != "" {
		return loafRun(tmp)
	}
	if *sites != "" {
		return sitesRun(tmp, helloSrv.URL)
	}
	if *base != "" {
		return abRun(tmp, *base, helloSrv.URL, siteSrv.URL, len(pg))
	}

	// Cold loads, alternating so all three see the same machine state.
	var hwPaint, pgPaint, pgReady, pgKey, pgCompiled, pgRun, pgMain []float64
	var shText, shVerdict, shReady []float64
	var rcText, rcShared, rcVerdict, rcReady []float64
	sh, rc := sharedLink(), sharedRecordLink()
	for i := 0; i < *loads; i++ {
		h, err := coldLoad(tmp, helloSrv.URL+"/", "", helloPaint)
		if err != nil {
			return err
		}
		p, err := coldLoad(tmp, siteSrv.URL+"/", firstKey, pageTimes)
		if err != nil {
			return err
		}
		hwPaint = append(hwPaint, h[0])
		pgPaint, pgReady, pgKey = append(pgPaint, p[0]), append(pgReady, p[1]), append(pgKey, p[5])
		pgCompiled, pgRun, pgMain = append(pgCompiled, p[2]), append(pgRun, p[3]), append(pgMain, p[4])
		s, err := coldLoad(tmp, siteSrv.URL+"/#"+sh.fragment, sh.watch(), sharedTimes)
		if err != nil {
			return fmt.Errorf("the shared link: %w", err)
		}
		shText, shVerdict, shReady = append(shText, s[0]), append(shVerdict, s[1]), append(shReady, s[2])
		r, err := coldLoad(tmp, siteSrv.URL+"/#"+rc.fragment, rc.watch(), recordTimes)
		if err != nil {
			return fmt.Errorf("the shared link with its record: %w", err)
		}
		rcText, rcShared, rcVerdict, rcReady = append(rcText, r[0]), append(rcShared, r[1]), append(rcVerdict, r[2]), append(rcReady, r[3])
	}
	fmt.Println("| cold load, median of", *loads, "| ms | ratio |")
	fmt.Println("|---|---:|---:|")
	fmt.Printf("| hello world: navigation to its first paint | %.0f | 1.00x |\n", median(hwPaint))
	fmt.Printf("| playground: navigation to the first verdict painted | %.0f | **%.2fx** |\n", median(pgPaint), median(pgPaint)/median(hwPaint))
	fmt.Printf("| playground: navigation to the module compiled | %.0f | %.2fx |\n", median(pgCompiled), median(pgCompiled)/median(hwPaint))
	fmt.Printf("| playground: navigation to Go started (after the first paint) | %.0f | %.2fx |\n", median(pgRun), median(pgRun)/median(hwPaint))
	fmt.Printf("| playground: navigation to Go's main (runtime and package initialisation done) | %.0f | %.2fx |\n", median(pgMain), median(pgMain)/median(hwPaint))
	fmt.Printf("| playground: navigation to the wasm having taken over the drawn page | %.0f | %.2fx |\n", median(pgReady), median(pgReady)/median(hwPaint))
	fmt.Printf("| playground: navigation to the first keystroke answered (a key at the take-over) | %.0f | **%.2fx** |\n", median(pgKey), median(pgKey)/median(hwPaint))
	fmt.Printf("| shared link: navigation to its text shown | %.0f | **%.2fx** |\n", median(shText), median(shText)/median(hwPaint))
	fmt.Printf("| shared link: navigation to its own verdicts painted | %.0f | **%.2fx** |\n", median(shVerdict), median(shVerdict)/median(hwPaint))
	fmt.Printf("| shared link: navigation to the wasm having taken over | %.0f | %.2fx |\n", median(shReady), median(shReady)/median(hwPaint))
	fmt.Printf("| shared link with its record: navigation to its text shown | %.0f | %.2fx |\n", median(rcText), median(rcText)/median(hwPaint))
	fmt.Printf("| shared link with its record: navigation to its verdicts as shared painted | %.0f | **%.2fx** |\n", median(rcShared), median(rcShared)/median(hwPaint))
	fmt.Printf("| shared link with its record: navigation to its checked verdicts painted | %.0f | **%.2fx** |\n", median(rcVerdict), median(rcVerdict)/median(hwPaint))
	fmt.Printf("| shared link with its record: navigation to the wasm having taken over | %.0f | %.2fx |\n\n", median(rcReady), median(rcReady)/median(hwPaint))
	if *cold {
		return nil
	}

	// Keystrokes.
	ctx, cancel, err := headless.Start(context.Background(), filepath.Join(tmp, "profile-keys"))
	if err != nil {
		return err
	}
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(siteSrv.URL+"/")); err != nil {
		return err
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](waitReady, chromedp.EvalAwaitPromise)); err != nil {
		return err
	}
	var small []keyTimes
	for i := 0; i < *runs; i++ {
		k, err := keystrokes(ctx, smallCase(), *keys, 50)
		if err != nil {
			return err
		}
		small = append(small, k)
		if *slow {
			for j, v := range k.total {
				if v > 16 {
					fmt.Fprintf(os.Stderr, "run %d key %d: %.1f ms (wait %.1f model %.1f draw %.1f after %.1f)\n", i, j, v, k.wait[j], k.model[j], k.draw[j], k.after[j])
				}
			}
		}
	}
	large, err := keystrokes(ctx, largeCase(), *big, 250)
	if err != nil {
		return err
	}
	// What the browser alone spends: the same keystrokes into a bare
	// textarea holding the same text, on the hello page, until the
	// browser can run the next task.
	if err := chromedp.Do(ctx, chromedp.Navigate(helloSrv.URL+"/")); err != nil {
		return err
	}
	bare, err := bareKeystrokes(ctx, largeCase().robots, *big, 250)
	if err != nil {
		return err
	}
	fmt.Println("| keystroke to updated grid | keys | p50 ms | p95 ms | max ms | wait p50 | model p50 | draw p50 | after p50 |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	type row struct {
		name string
		k    keyTimes
	}
	var rows []row
	for i, k := range small {
		rows = append(rows, row{fmt.Sprintf("100 lines x 50 selectors x 4 agents x 6 dialects (1,200 cells), run %d", i+1), k})
	}
	rows = append(rows, row{"500 KiB robots.txt, same selectors and agents (updated at the next frame)", large})
	for _, r := range rows {
		fmt.Printf("| %s | %d | %.1f | **%.1f** | %.1f | %.1f | %.1f | %.1f | %.1f |\n", r.name, len(r.k.total), pct(r.k.total, 50), pct(r.k.total, 95), pct(r.k.total, 100), pct(r.k.wait, 50), pct(r.k.model, 50), pct(r.k.draw, 50), pct(r.k.after, 50))
	}
	fmt.Printf("| the browser alone: a bare textarea on the hello page holding the same 500 KiB, keydown to its next task and layout | %d | %.1f | %.1f | %.1f | | | | |\n", len(bare), pct(bare, 50), pct(bare, 95), pct(bare, 100))
	fmt.Printf("\n500 KiB keystroke p95 against the bare textarea's: **%.2fx**\n", pct(large.total, 95)/pct(bare, 95))
	return nil
}

func buildHello(dir string) error {
	src := filepath.Join(dir, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return err
	}
	files := map[string]string{
		filepath.Join(src, "go.mod"):     "module hello\n\ngo 1.26\n",
		filepath.Join(src, "main.go"):    helloMain,
		filepath.Join(dir, "index.html"): helloHTML,
		filepath.Join(dir, "main.js"):    helloJS,
	}
	for name, body := range files {
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			return err
		}
	}
	out, _ := filepath.Abs(filepath.Join(dir, "hello.wasm"))
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, ".")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOWORK=off")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building hello world: %w", err)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return err
	}
	js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644)
}

func gz(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

// brotli is the size of b under the brotli CLI at its best quality, or
// -1 when the Debian package is not installed.
func brotli(b []byte) int {
	cmd := exec.Command("brotli", "-q", "11", "-c")
	cmd.Stdin = bytes.NewReader(b)
	out, err := cmd.Output()
	if err != nil {
		return -1
	}
	return len(out)
}

func mb(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }

func mbOr(n int, err error) string {
	if err != nil {
		return "n/a (" + err.Error() + ")"
	}
	return mb(n)
}

func ratioOr(a, b int, err error) string {
	if err != nil {
		return "n/a"
	}
	return fmt.Sprintf("%.2fx", float64(a)/float64(b))
}

const waitReady = `new Promise((ok, fail) => {
	const t0 = Date.now();
	(function poll() {
		if (document.body.dataset.ready === "true") return ok(true);
		if (Date.now() - t0 > 30000) return fail(new Error("the page did not start"));
		setTimeout(poll, 5);
	})();
})`

// helloPaint is hello world's first paint: its text is its first
// content.
const helloPaint = `new Promise(ok => new PerformanceObserver((l, o) => {
	for (const e of l.getEntries()) if (e.name === "first-contentful-paint") { o.disconnect(); ok([e.startTime]); }
}).observe({type: "paint", buffered: true}))`

// firstKey is put into the playground before its own scripts: the
// moment the wasm has taken the page over, before anything else runs,
// it inserts a character into the editor's third line and sends the
// input event, as a key typed then would (the page answers within the
// event), and notes when the grid is laid out after it.
const firstKey = `new MutationObserver((ms, o) => {
	if (!document.body || document.body.dataset.ready !== "true") return;
	o.disconnect();
	const ta = document.getElementById("robots"), before = document.body.dataset.updates;
	const pos = ta.value.indexOf("\n", ta.value.indexOf("\n", ta.value.indexOf("\n") + 1) + 1);
	ta.setRangeText("x", pos, pos, "end");
	ta.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertText", data: "x"}));
	document.getElementById("grid").getBoundingClientRect();
	window.__firstKey = document.body.dataset.updates === before ? -1 : performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]})`

// pageTimes are the playground's: when the first verdict cell was
// painted (element timing; it arrives with the HTML), its start-up marks
// (module compiled, Go run, Go's main entered), when the wasm had taken
// the page over (its mark), and when the first key (firstKey) was
// answered.
const pageTimes = `new Promise((ok, fail) => {
	let painted = 0;
	new PerformanceObserver((l, o) => {
		for (const e of l.getEntries()) if (e.identifier === "first-verdict") { o.disconnect(); painted = e.renderTime || e.loadTime; }
	}).observe({type: "element", buffered: true});
	const mark = name => (m => m.length ? m[0].startTime : 0)(performance.getEntriesByName(name));
	(function poll() {
		const ready = mark("smolbots-first-grid");
		if (!painted || !ready || !window.__firstKey) return setTimeout(poll, 5);
		if (window.__firstKey < 0) return fail(new Error("the first key did not update the page"));
		ok([painted, ready, mark("smolbots-compiled"), mark("smolbots-go-run"), mark("smolbots-main"), window.__firstKey]);
	})();
})`

// shared is the case of the shared-link loads: the modern Gopher
// draft's sample served over Gopher, a cell chosen, as a link in a
// mailing-list post would hold it (Go's encoder; the page's own links
// decode the same way).
type shared struct {
	fragment, robots, agent, selector string
}

func sharedLink() shared {
	ex := pageview.Examples[1]
	st := state.State{Robots: ex.Robots, Selectors: ex.Selectors, Agents: ex.Agents, Protocol: "gopher",
		Cell: grid.CellKey("gopherdraft", "googlebot", "/images/office.png")}
	return shared{fragment: state.Encode(st), robots: st.Robots, agent: "googlebot", selector: "/images/logo.jpg"}
}

// sharedRecordLink is sharedLink with the record of its verdicts a page
// of this tree writes into a link (core/state, record.go): main.js
// paints them as shared before the checker loads.
func sharedRecordLink() shared {
	s := sharedLink()
	st, err := state.Decode(s.fragment)
	if err != nil {
		panic(err)
	}
	var b grid.Builder
	g := b.Build(grid.Input{Robots: st.Robots, Selectors: st.Selectors, Agents: st.Agents, Dialects: pageview.DialectsShown(pageview.CleanHidden(st.Hidden))})
	presets := pageview.CrawlersShown(st.Crawlers)
	st.Record = pageview.RecordOf(st, &g, presets, grid.Crawlers(b.File(), g.Selectors, presets), "bench", time.Now().UTC().Format("2006-01-02"))
	if st.Record == nil {
		panic("the shared case has no record")
	}
	s.fragment = state.Encode(st)
	return s
}

// watch is put into the page before its own scripts. The link's text
// shown is the page's first contentful paint, checked to hold it: at
// the first animation frame that shows the page, the editor must hold
// the link's file. Its verdicts are the grid's first cell painted
// (Element Timing); the load fails if a cell of another case (the
// default example drawn into index.html) is painted first.
func (s shared) watch() string {
	return fmt.Sprintf(`window.__shared = {text: 0, verdict: 0, asShared: 0, stale: ""};
new PerformanceObserver(l => {
	for (const e of l.getEntries()) if (e.name === "first-contentful-paint") window.__shared.text = e.startTime;
}).observe({type: "paint", buffered: true});
new PerformanceObserver(l => {
	const w = window.__shared;
	for (const e of l.getEntries()) {
		if (e.identifier === "shared-verdict" && !w.asShared) {
			// A link's record, painted as shared (main.js).
			const c = e.element;
			if (c && c.dataset.agent === %[1]s && c.dataset.selector === %[2]s) w.asShared = e.renderTime || e.loadTime;
			else if (c) w.stale = w.stale || "a recorded verdict of another case painted";
			// (no element: the checker has replaced it; the first paint
			// that held it says when it came)
			continue;
		}
		if (e.identifier !== "first-verdict" || w.verdict) continue;
		const t = e.renderTime || e.loadTime, c = e.element;
		if (c && c.dataset.agent === %[1]s && c.dataset.selector === %[2]s) w.verdict = t;
		else w.stale = w.stale || "a verdict for " + (c ? c.dataset.agent + " " + c.dataset.selector : "a cell since removed") + " painted at " + t.toFixed(0) + " ms";
	}
}).observe({type: "element", buffered: true});
(function frame() {
	const h = document.querySelector("h1");
	if (!h || !h.getClientRects().length || getComputedStyle(h).visibility !== "visible") return requestAnimationFrame(frame);
	const r = document.getElementById("robots");
	if (!r || r.value !== %[3]s) window.__shared.stale = "the page was painted before the link's text was in the editor";
	// A link's record is painted with the text (main.js), in this
	// frame: its verdicts as shared are on screen with the first paint.
	// (Their Element Timing entry is lost when the checker replaces them
	// before the browser reports it, as it often does.)
	const c = document.querySelector("[elementtiming=shared-verdict]");
	if (c && c.dataset.agent === %[1]s && c.dataset.selector === %[2]s) window.__shared.sharedFirst = true;
})();`, quote(s.agent), quote(s.selector), quote(strings.ReplaceAll(s.robots, "\r\n", "\n")))
}

// sharedTimes waits for the shared link's text and verdicts painted and
// the take-over, then gives those and the start-up marks (module
// compiled, Go's main, the link read; 0 for one not made), in ms from
// navigation start.
const sharedTimes = `new Promise((ok, fail) => {
	const t0 = Date.now();
	const mark = name => (m => m.length ? m[0].startTime : 0)(performance.getEntriesByName(name));
	(function poll() {
		const w = window.__shared, ready = mark("smolbots-first-grid");
		if (w.stale) return fail(new Error("the shared link showed another case: " + w.stale));
		if (!w.text || !w.verdict || !ready) {
			if (Date.now() - t0 > 20000) return fail(new Error("the shared case did not show (text " + w.text + ", verdicts " + w.verdict + ")"));
			return setTimeout(poll, 5);
		}
		ok([w.text, w.verdict, ready, mark("smolbots-compiled"), mark("smolbots-main"), mark("smolbots-restored")]);
	})();
})`

// recordTimes is sharedTimes for a link with a record: its text shown,
// its verdicts as shared painted, its checked verdicts painted and the
// take-over, in ms from navigation start.
const recordTimes = `new Promise((ok, fail) => {
	const t0 = Date.now();
	const mark = name => (m => m.length ? m[0].startTime : 0)(performance.getEntriesByName(name));
	(function poll() {
		const w = window.__shared, ready = mark("smolbots-first-grid");
		if (w.stale) return fail(new Error("the shared link showed another case: " + w.stale));
		if (w.sharedFirst && w.text && !w.asShared) w.asShared = w.text;
		if (!w.text || !w.asShared || !w.verdict || !ready) {
			if (Date.now() - t0 > 20000) return fail(new Error("the shared case did not show (text " + w.text + ", as shared " + w.asShared + ", verdicts " + w.verdict + ")"));
			return setTimeout(poll, 5);
		}
		ok([w.text, w.asShared, w.verdict, ready]);
	})();
})`

// coldLoad opens url in a new browser with an empty profile, with the
// script first (if any) run before the page's own, and returns what the
// script times says, in ms from navigation start.
func coldLoad(tmp, url, first, times string) ([]float64, error) {
	profile, err := os.MkdirTemp(tmp, "profile-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(profile)
	ctx, cancel, err := headless.Start(context.Background(), profile)
	if err != nil {
		return nil, err
	}
	defer cancel()
	ctx, tcancel := context.WithTimeout(ctx, 30*time.Second)
	defer tcancel()
	if first != "" {
		if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: first})
			return err
		})); err != nil {
			return nil, err
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return nil, err
	}
	return chromedp.Run(ctx, chromedp.Evaluate[[]float64](times, chromedp.EvalAwaitPromise))
}

type benchCase struct{ robots, selectors, agents string }

// smallCase: 100 lines in 10 groups, 50 selectors, 4 agents.
func smallCase() benchCase {
	var r strings.Builder
	agents := []string{"GUS", "indexer", "archiver", "Lupa", "researcher", "Elpher", "webproxy", "Kristall", "feed", "*"}
	for g := 0; g < 10; g++ {
		fmt.Fprintf(&r, "# group %d\n", g)
		if g%3 == 1 {
			fmt.Fprintf(&r, "Virtual-agent: %s\n", agents[g])
		} else {
			fmt.Fprintf(&r, "User-agent: %s\n", agents[g])
		}
		for i := 0; i < 6; i++ {
			field := "Disallow"
			if i%3 == 2 {
				field = "Allow"
			}
			fmt.Fprintf(&r, "%s: /area%d/sub%d%s\n", field, g, i, []string{"", "*", "/", "$", ".gmi", ""}[i])
		}
		fmt.Fprintf(&r, "Crawl-delay: %d\n", g+1)
		r.WriteString("\n")
	}
	var s strings.Builder
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&s, "/area%d/sub%d/page%d.gmi\n", i%10, i%6, i)
	}
	return benchCase{r.String(), s.String(), "GUS(indexer)\nLupa(archiver,researcher)\nElpher\n*\n"}
}

// largeCase: a 500 KiB file of many groups.
func largeCase() benchCase {
	c := smallCase()
	var r strings.Builder
	for i := 0; r.Len() < 500*1024-200; i++ {
		fmt.Fprintf(&r, "User-agent: bot%d\nDisallow: /private%d/\nAllow: /private%d/open\n\n", i, i, i)
	}
	return benchCase{c.robots + r.String()[:500*1024-len(c.robots)], c.selectors, c.agents}
}

// keystrokes loads the case, then types n characters into the robots.txt
// (inside the value of line 3), spaced by gap ms, and returns for each
// the ms from the input event to the grid updated and laid out.
// keyTimes are per keystroke: the whole, the Go model (grid.Build) and
// the drawing (HTML and DOM updates), in ms.
type keyTimes struct{ total, model, draw, wait, after []float64 }

func keystrokes(ctx context.Context, c benchCase, n, gap int) (keyTimes, error) {
	setup := fmt.Sprintf(`(() => {
		for (const [id, v] of [["robots", %s], ["selectors", %s], ["agents", %s]]) {
			const el = document.getElementById(id);
			el.value = v;
			el.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste"}));
		}
		return true;
	})()`, quote(c.robots), quote(c.selectors), quote(c.agents))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](setup)); err != nil {
		return keyTimes{}, err
	}
	time.Sleep(3 * time.Second) // let the big case settle and the link be written
	// Real key presses through the browser's input pipeline; the page
	// notes when each keydown arrived (its event timestamp), and the time
	// runs from there to the grid updated and laid out.
	arm := `(() => {
		const ta = document.getElementById("robots"), ds = document.body.dataset;
		if (!window.__bench || window.__bench.text !== ta.value.length - window.__bench.typed) {
			const b = window.__bench = {typed: 0};
			ta.addEventListener("keydown", e => { b.down = e.timeStamp; }, true);
			new MutationObserver(() => {
				if (b.result || Number(ds.updates) <= b.before) return;
				const seen = performance.now();
				document.getElementById("grid").getBoundingClientRect(); // style and layout of the new grid
				b.result = [performance.now() - b.down, Number(ds.modelMs), Number(ds.drawMs), Number(ds.startMs) - b.down, seen - Number(ds.startMs) - Number(ds.modelMs) - Number(ds.drawMs)];
			}).observe(document.body, {attributes: true, attributeFilter: ["data-updates"]});
			b.text = ta.value.length;
			b.pos = ta.value.indexOf("\n", ta.value.indexOf("\n", ta.value.indexOf("\n") + 1) + 1);
		}
		// Every key goes at the same place in the editor, which has focus.
		const b = window.__bench;
		ta.focus();
		ta.setSelectionRange(b.pos + b.typed, b.pos + b.typed);
		b.typed++;
		b.before = Number(ds.updates);
		window.__bench.result = null;
		return true;
	})()`
	measure := `new Promise((ok, fail) => {
		const t0 = Date.now();
		(function poll() {
			if (window.__bench.result) return ok(window.__bench.result);
			if (Date.now() - t0 > 10000) return fail(new Error("the key did not update the grid"));
			setTimeout(poll, 1);
		})();
	})`
	var k keyTimes
	for i := 0; i < n; i++ {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](arm)); err != nil {
			return k, err
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent("x")); err != nil {
			return k, err
		}
		r, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](measure, chromedp.EvalAwaitPromise))
		if err != nil {
			return k, err
		}
		k.total, k.model, k.draw = append(k.total, r[0]), append(k.model, r[1]), append(k.draw, r[2])
		k.wait, k.after = append(k.wait, r[3]), append(k.after, r[4])
		time.Sleep(time.Duration(gap) * time.Millisecond)
	}
	return k, nil
}

// bareKeystrokes types real keys into a plain textarea holding text on
// the hello page: from keydown to the browser free for its next task,
// laid out.
func bareKeystrokes(ctx context.Context, text string, n, gap int) ([]float64, error) {
	setup := fmt.Sprintf(`(async () => {
		// Hello world writes its text over the body: after that, not before.
		while (!performance.getEntriesByName("hello-painted").length) await new Promise(ok => setTimeout(ok, 5));
		const ta = document.createElement("textarea");
		ta.wrap = "off";
		ta.style.cssText = "width: 600px; height: 400px; font: 14px/20px monospace";
		document.body.appendChild(ta);
		ta.value = %s;
		const pos = ta.value.indexOf("\n", ta.value.indexOf("\n", ta.value.indexOf("\n") + 1) + 1);
		window.__bench = {ta, pos, typed: 0};
		ta.addEventListener("keydown", e => { window.__bench.down = e.timeStamp; }, true);
		ta.addEventListener("input", () => setTimeout(() => { document.body.getBoundingClientRect(); window.__bench.done = performance.now(); }, 0));
		await new Promise(ok => setTimeout(ok, 500));
		return true;
	})()`, quote(text))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](setup, chromedp.EvalAwaitPromise)); err != nil {
		return nil, err
	}
	measure := `new Promise((ok, fail) => {
		const t0 = Date.now();
		(function poll() {
			const b = window.__bench;
			if (b.done > b.down) return ok(b.done - b.down);
			if (Date.now() - t0 > 10000) return fail(new Error("the key did not reach the bare textarea"));
			setTimeout(poll, 1);
		})();
	})`
	var times []float64
	for i := 0; i < n; i++ {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
			const b = window.__bench;
			b.done = 0;
			b.ta.focus();
			b.ta.setSelectionRange(b.pos + b.typed, b.pos + b.typed);
			b.typed++;
			return true;
		})()`)); err != nil {
			return nil, err
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent("x")); err != nil {
			return nil, err
		}
		t, err := chromedp.Run(ctx, chromedp.Evaluate[float64](measure, chromedp.EvalAwaitPromise))
		if err != nil {
			return nil, err
		}
		times = append(times, t)
		time.Sleep(time.Duration(gap) * time.Millisecond)
	}
	return times, nil
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func median(v []float64) float64 { return pct(v, 50) }

// pct is the nearest-rank percentile.
func pct(v []float64, p int) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	i := (p*len(s)+99)/100 - 1
	if i < 0 {
		i = 0
	}
	return s[i]
}
