// Package e2e drives the playground in headless Debian Chromium: the
// page is built by web/build-site.sh in TestMain and served with the
// relay next to it, as `smolbots serve` does.
//
// Each test starts its own browser and, but for one that times the
// page, calls t.Parallel: go test's -parallel (GOMAXPROCS unless set)
// bounds how many browsers run at once. Every wait is for a state of
// the page, looked at from Go with a deadline (waitFor), never for a
// number of animation frames or a fixed time: a busy machine starves
// both.
package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/refsite"
	"github.com/smolbots/smolbots/core/relay"
	"github.com/smolbots/smolbots/web/internal/headless"
)

var (
	siteDir string // the built page
	server  *httptest.Server
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "smolbots-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	siteDir = filepath.Join(dir, "web")
	if err := buildSite(siteDir); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: building the page:", err)
		return 1
	}
	csp, err := deployedCSP()
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	server = httptest.NewServer(withCSP(csp, siteHandler(siteDir)))
	defer server.Close()
	return m.Run()
}

// buildSite runs web/build-site.sh, so the test sees what users get.
func buildSite(out string) error {
	cmd := exec.Command("../build-site.sh", out)
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

// deployedCSP is the Content-Security-Policy netlify.toml gives the
// site: the tests run under it, so an inline script or a wasm compile it
// forbids shows up here as a console error.
func deployedCSP() (string, error) {
	toml, err := os.ReadFile(filepath.Join("..", "..", "netlify.toml"))
	if err != nil {
		return "", err
	}
	m := regexp.MustCompile(`(?m)^\s*Content-Security-Policy\s*=\s*"([^"]+)"`).FindSubmatch(toml)
	if m == nil {
		return "", fmt.Errorf("netlify.toml sets no Content-Security-Policy")
	}
	return string(m[1]), nil
}

func withCSP(csp string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", csp)
		h.ServeHTTP(w, r)
	})
}

// siteHandler serves the static page and the relay, with loopback
// destinations allowed (the test servers live there).
func siteHandler(dir string) http.Handler {
	mux := http.NewServeMux()
	var d net.Dialer
	api := relay.New(relay.Config{
		Dial:    d.DialContext,
		Guard:   relay.Guard{AllowLoopback: true},
		Timeout: 5 * time.Second,
	})
	mux.Handle("/api/", api) // /api/robots and /api/links, as smolbots serve routes them
	mux.Handle("/", http.FileServer(refsite.PrettyURLs(http.Dir(dir))))
	return mux
}

// browser is one headless Chromium with a fresh profile, and a log of
// every console error and uncaught exception the page produced.
type browser struct {
	ctx    context.Context
	cancel func()
	mu     sync.Mutex
	errors []string
	marks  int // the last console mark the log has received (noErrors)
}

// browserLimit bounds one browser's whole life: a test that hangs fails
// with its own message long before the package's -timeout.
const browserLimit = 6 * time.Minute

// consoleMark starts the console line noErrors writes to know that
// every message before it has reached the log.
const consoleMark = "smolbots-e2e-mark "

func newBrowser(t testing.TB) *browser {
	t.Helper()
	// The limit holds from the start: a browser that never comes up
	// fails too.
	limited, tcancel := context.WithTimeout(context.Background(), browserLimit)
	ctx, cancel, err := headless.Start(limited, t.TempDir())
	if err != nil {
		tcancel()
		t.Fatal(err)
	}
	b := &browser{ctx: ctx}
	b.cancel = func() { cancel(); tcancel() }
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if n, ok := strings.CutPrefix(m.Text, consoleMark); ok && m.Type == chromedp.ConsoleDebug {
				b.mu.Lock()
				fmt.Sscan(n, &b.marks)
				b.mu.Unlock()
				continue
			}
			// Go's runtime writes a panic to console.log, then exits.
			goCrash := strings.HasPrefix(m.Text, "panic:") || strings.HasPrefix(m.Text, "fatal error:") || strings.HasPrefix(m.Text, "exit code:")
			// Chromium logs every 4xx/5xx answer to fetch() as an error;
			// the relay's refusals and upstream failures are such answers,
			// which the page reads and explains, not page errors.
			relayStatus := strings.HasPrefix(m.Text, "Failed to load resource: the server responded with a status of") && strings.Contains(m.URL, "/api/robots?")
			if (m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException || m.IsException() || goCrash) && !relayStatus {
				b.mu.Lock()
				b.errors = append(b.errors, fmt.Sprintf("%s (%s:%d)", m.Text, m.URL, m.Line+1))
				b.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		b.cancel()
	})
	return b
}

// noErrors fails the test if the page logged an error so far.
func (b *browser) noErrors(t testing.TB) {
	t.Helper()
	// Console events travel apart from command replies, in the order
	// the page wrote them: once a mark written now has arrived, so has
	// every error before it.
	b.mu.Lock()
	n := b.marks + 1
	b.mu.Unlock()
	b.do(t, chromedp.Evaluate[chromedp.Void](fmt.Sprintf("console.debug(%q)", consoleMark+fmt.Sprint(n))))
	arrived := func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return b.marks >= n
	}
	for start := time.Now(); !arrived(); time.Sleep(pollEvery) {
		if time.Since(start) > waitLimit {
			t.Fatalf("waited %s for the console mark %d to come back from the browser; the last was %d", waitLimit, n, n-1)
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.errors) > 0 {
		t.Errorf("the page logged %d errors:\n%s", len(b.errors), strings.Join(b.errors, "\n"))
	}
}

func (b *browser) do(t testing.TB, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// eval runs JavaScript in the page and decodes its value.
func eval[T any](t testing.TB, b *browser, js string) T {
	t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// open loads the page (with an optional fragment) and waits for the
// checker to have drawn all of it: its first grid, then, once that is
// painted, the colours, the lint and the Real crawlers table (a second
// update; on the drawn default case, the take-over's second half).
func (b *browser) open(t testing.TB, fragment string) {
	t.Helper()
	b.do(t, chromedp.Navigate(server.URL+"/"+fragment))
	b.waitUpdates(t, 2)
}

// openBrowser is a fresh browser on the playground's default case,
// drawn; before are steps taken before the page loads (a viewport).
func openBrowser(t testing.TB, before ...chromedp.Action[chromedp.Void]) *browser {
	t.Helper()
	b := newBrowser(t)
	if len(before) > 0 {
		b.do(t, before...)
	}
	b.open(t, "")
	return b
}

// scriptsOff turns JavaScript off in the browser, for the pages as they
// are without it.
func scriptsOff() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	})
}

func (b *browser) updates(t testing.TB) int {
	return eval[int](t, b, `Number(document.body.dataset.updates || 0)`)
}

// waitUpdates waits until the page has redrawn at least n times in all.
func (b *browser) waitUpdates(t testing.TB, n int) {
	t.Helper()
	b.waitFor(t, fmt.Sprintf("the page's update %d", n), fmt.Sprintf(`Number(document.body.dataset.updates || 0) >= %d`, n), "")
}

// waitLimit bounds each wait for a state of the page. A busy machine
// slows the page many times over (throttled 10x, the take-over of a
// shared link takes 2-7 s); a page that is wrong never gets there, and
// the failure says what it showed instead.
const waitLimit = 60 * time.Second

// pollEvery is how often a wait looks at the page again.
const pollEvery = 25 * time.Millisecond

// pageSeen sums up the page's state for a wait's failure message.
const pageSeen = `JSON.stringify({
	updates: document.body && document.body.dataset.updates, ready: document.body && document.body.dataset.ready,
	opened: document.body && document.body.dataset.opened, summary: (e => e && e.textContent.slice(0, 120))(document.getElementById("summary")),
	message: (e => e && !e.hidden ? e.textContent.slice(0, 120) : undefined)(document.getElementById("message")),
	hash: location.hash.slice(0, 40)})`

// waitFor waits until the JavaScript expression cond holds. It looks
// from Go, over the devtools connection, every pollEvery: the page's
// own timers and animation frames starve when the machine is busy, the
// connection answers anyway. After waitLimit it fails, naming what was
// awaited and what the expression seen (if any) and the page showed.
func (b *browser) waitFor(t testing.TB, what, cond, seen string) {
	t.Helper()
	waitValue[bool](t, b, what, "("+cond+") || null", seen)
}

// waitValue waits, as waitFor does, until the JavaScript expression
// expr (or the promise it gives) is neither null nor undefined, and
// returns that value.
func waitValue[T any](t testing.TB, b *browser, what, expr, seen string) T {
	t.Helper()
	js := `(async () => { const v = await (` + expr + `); return v === null || v === undefined ? null : {v}; })()`
	var lastErr error
	for start := time.Now(); ; time.Sleep(pollEvery) {
		r, err := chromedp.Run(b.ctx, chromedp.Evaluate[*struct {
			V T `json:"v"`
		}](js, chromedp.EvalAwaitPromise))
		switch {
		case err == nil && r != nil:
			return r.V
		case b.ctx.Err() != nil:
			t.Fatalf("waiting for %s: the browser's %s ran out: %v", what, browserLimit, err)
		case err != nil:
			lastErr = err // a navigation under way, say: look again
		}
		if time.Since(start) > waitLimit {
			var got []string
			if seen != "" {
				got = append(got, seen+" = "+b.show(seen))
			}
			got = append(got, "the page: "+b.show(pageSeen))
			if lastErr != nil {
				got = append(got, "the last look failed: "+lastErr.Error())
			}
			t.Fatalf("waited %s for %s (%s); saw\n%s", waitLimit, what, expr, strings.Join(got, "\n"))
		}
	}
}

// show gives the value of the JavaScript expression js as JSON, or why
// it has none, for a failure message.
func (b *browser) show(js string) string {
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]byte](js, chromedp.EvalAwaitPromise))
	if err != nil {
		return "(" + err.Error() + ")"
	}
	return string(v)
}

// setInput replaces a textarea's text the way a paste does and fires
// the input event.
func (b *browser) setInput(t testing.TB, id, text string) {
	t.Helper()
	n := b.updates(t)
	eval[bool](t, b, fmt.Sprintf(`(() => { const el = document.getElementById(%q); el.focus(); el.value = %s; el.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste"})); return true; })()`, id, jsString(text)))
	b.waitUpdates(t, n+1)
}

func jsString(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r == '\n':
			sb.WriteString(`\n`)
		case r == '\r':
			sb.WriteString(`\r`)
		case r == '\t':
			sb.WriteString(`\t`)
		case r < 0x20 || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&sb, `\u%04x`, r)
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// cell is a verdict cell as the contract's data attributes show it.
type cell struct {
	Dialect  string `json:"dialect"`
	Agent    string `json:"agent"`
	Selector string `json:"selector"`
	Verdict  string `json:"verdict"`
	Line     string `json:"line"`
}

func (b *browser) cells(t testing.TB) []cell {
	t.Helper()
	return eval[[]cell](t, b, `[...document.querySelectorAll("[data-dialect][data-verdict]")].map(e => ({dialect: e.dataset.dialect, agent: e.dataset.agent, selector: e.dataset.selector, verdict: e.dataset.verdict, line: e.dataset.line}))`)
}

func find(cells []cell, dialect, agent, selector string) (cell, bool) {
	for _, c := range cells {
		if c.Dialect == dialect && c.Agent == agent && c.Selector == selector {
			return c, true
		}
	}
	return cell{}, false
}
