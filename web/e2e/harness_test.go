// Package e2e drives the playground in headless Debian Chromium: the
// page is built by web/build-site.sh in TestMain and served with the
// relay next to it, as `smolbots serve` does.
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
}

func newBrowser(t testing.TB) *browser {
	t.Helper()
	ctx, cancel, err := headless.Start(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx, tcancel := context.WithTimeout(ctx, 3*time.Minute)
	b := &browser{ctx: ctx}
	b.cancel = func() { tcancel(); cancel() }
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
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
	// Console events travel separately from command replies: give the
	// last ones a moment to arrive.
	_ = chromedp.Do(b.ctx, chromedp.Sleep(100*time.Millisecond))
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

func (b *browser) updates(t testing.TB) int {
	return eval[int](t, b, `Number(document.body.dataset.updates || 0)`)
}

// waitUpdates waits until the page has redrawn at least n times in all.
func (b *browser) waitUpdates(t testing.TB, n int) {
	t.Helper()
	js := fmt.Sprintf(`new Promise((ok, fail) => {
		const t0 = Date.now();
		(function poll() {
			if (Number(document.body.dataset.updates || 0) >= %d) return ok(true);
			if (Date.now() - t0 > 20000) return fail(new Error("the grid did not update within 20 s (updates=" + document.body.dataset.updates + ")"));
			setTimeout(poll, 10);
		})();
	})`, n)
	eval[bool](t, b, js)
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
