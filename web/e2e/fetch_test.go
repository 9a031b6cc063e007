package e2e

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/relay"
	"github.com/smolbots/smolbots/core/state"
	"github.com/smolbots/smolbots/internal/realservers"
)

const served = "User-agent: *\nDisallow: /private\n\nUser-agent: indexer\nDisallow: /\n"

// fetchStatus clicks Fetch for url and waits for the outcome line.
func (b *browser) fetchURL(t testing.TB, url string) (status, details string) {
	t.Helper()
	b.do(t, chromedp.SetValue(chromedp.ID("fetch-url"), url), chromedp.Click(chromedp.ID("fetch")))
	status = waitValue[string](t, b, "the fetch of "+url+" to finish",
		`(s => !s.classList.contains("busy") && !document.getElementById("fetch").disabled && !document.getElementById("fetch-result").hidden ? s.textContent : null)(document.getElementById("fetch-status"))`,
		`document.getElementById("fetch-status").textContent`)
	return status, eval[string](t, b, `document.getElementById("fetch-result").textContent`)
}

// fetchServed fetches url, which serves the file served, and waits for
// the page to load it into the editor; it returns the fetch details.
func (b *browser) fetchServed(t testing.TB, url string) (details string) {
	t.Helper()
	n := b.updates(t)
	status, details := b.fetchURL(t, url)
	if !strings.Contains(status, "loaded them into the editor") {
		t.Fatalf("status %q", status)
	}
	b.waitUpdates(t, n+1)
	if v := eval[string](t, b, `document.getElementById("robots").value`); v != served {
		t.Errorf("the editor holds %q, want the served file %q", v, served)
	}
	return details
}

func TestFetchGopher(t *testing.T) {
	t.Parallel()
	addr := realservers.StartGopher(t, map[string][]byte{"robots.txt": []byte(served)})
	b := openBrowser(t)
	b.setInput(t, "selectors", "/private/x\n")
	b.setInput(t, "agents", "*\n")
	details := b.fetchServed(t, "gopher://"+addr)
	// Every attempt is listed: gopher2019's order starts with robots.txt.
	if !strings.Contains(details, "Requests made") || !strings.Contains(details, "robots.txt") || !strings.Contains(details, "found") {
		t.Errorf("details %q", details)
	}
	if c, ok := find(b.cells(t), "rfc9309", "*", "/private/x"); !ok || c.Verdict != "disallow" {
		t.Errorf("the fetched file does not drive the grid: %+v", c)
	}
	b.noErrors(t)
}

func TestFetchGeminiFingerprint(t *testing.T) {
	t.Parallel()
	g := realservers.StartGemini(t, map[string][]byte{"robots.txt": []byte(served)}, realservers.GeminiOptions{})
	b := openBrowser(t)
	status, details := b.fetchURL(t, g.URL)
	if !strings.Contains(status, "loaded them into the editor") {
		t.Fatalf("status %q (details %q)", status, details)
	}
	if !strings.Contains(details, g.Fingerprint) {
		t.Errorf("the certificate fingerprint %s is not shown: %q", g.Fingerprint, details)
	}
	if !strings.Contains(details, "20 text/plain") {
		t.Errorf("the status line is not shown: %q", details)
	}
	b.noErrors(t)
}

// A host with no robots.txt and one that is down: the editor is left
// alone and each dialect's conclusion is shown.
func TestFetchOutcomes(t *testing.T) {
	t.Parallel()
	empty := realservers.StartGopher(t, map[string][]byte{"about.txt": []byte("hi\n")})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := l.Addr().String()
	l.Close() // nothing listens there now

	b := openBrowser(t)
	before := eval[string](t, b, `document.getElementById("robots").value`)

	status, details := b.fetchURL(t, "gopher://"+empty)
	if !strings.Contains(status, "has no robots.txt") || !strings.Contains(details, "everything allowed") {
		t.Errorf("not found: status %q details %q", status, details)
	}
	status, details = b.fetchURL(t, "gopher://"+down)
	if !strings.Contains(status, "could not be read") || !strings.Contains(details, "everything disallowed") || !strings.Contains(details, "rfc9309") {
		t.Errorf("unreachable: status %q details %q", status, details)
	}
	if cls := eval[bool](t, b, `document.getElementById("fetch-result").classList.contains("failed")`); cls {
		t.Error("an answered fetch is styled as a failure")
	}
	// Refused by the relay (a port below 1024): a clear message.
	status, _ = b.fetchURL(t, "gopher://127.0.0.1:25")
	if !strings.Contains(status, "HTTP 403") {
		t.Errorf("refused: status %q", status)
	}
	status, _ = b.fetchURL(t, "http://capsule.example")
	if !strings.Contains(status, "HTTP 400") && !strings.Contains(status, "HTTP 403") {
		t.Errorf("bad scheme: status %q", status)
	}
	if after := eval[string](t, b, `document.getElementById("robots").value`); after != before {
		t.Error("a failed fetch changed the editor")
	}
	b.noErrors(t)
}

// While the relay works, the page says so and the button waits.
func TestFetchProgress(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	release := make(chan struct{})
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func(c net.Conn) {
				defer c.Close()
				bufio.NewReader(c).ReadString('\n')
				select {
				case <-release:
				case <-time.After(8 * time.Second):
				}
				c.Write([]byte(served))
			}(c)
		}
	}()
	b := openBrowser(t)
	b.do(t, chromedp.SetValue(chromedp.ID("fetch-url"), "gopher://"+l.Addr().String()), chromedp.Click(chromedp.ID("fetch")))
	busy := eval[[]any](t, b, `[document.getElementById("fetch-status").classList.contains("busy"), document.getElementById("fetch").disabled, document.getElementById("fetch-status").textContent]`)
	if busy[0] != true || busy[1] != true || !strings.Contains(busy[2].(string), "Fetching") {
		t.Errorf("while fetching: %v", busy)
	}
	close(release)
	status, _ := b.fetchURL(t, "gopher://"+l.Addr().String())
	if !strings.Contains(status, "loaded them into the editor") {
		t.Errorf("status %q", status)
	}
	b.noErrors(t)
}

// A relay (or a proxy in front of it) answering something else: a clear
// message, no crash, the editor untouched.
func TestFetchGarbageAnswers(t *testing.T) {
	t.Parallel()
	answers := map[string]struct {
		status int
		body   string
	}{
		"html":   {200, "<html>oops</html>"},
		"array":  {200, `[1, 2, 3]`},
		"empty":  {200, `{}`},
		"nulls":  {200, `{"outcome": "not-found", "attempts": [null, 7, {"url": 5}], "conclusions": "x"}`},
		"proxy":  {502, "Bad Gateway"},
		"errmsg": {429, `{"error": "slow down"}`},
	}
	mux := http.NewServeMux()
	mux.HandleFunc(relay.Path, func(w http.ResponseWriter, r *http.Request) {
		a := answers[strings.TrimPrefix(r.URL.Query().Get("url"), "gemini://")]
		w.WriteHeader(a.status)
		w.Write([]byte(a.body))
	})
	mux.Handle("/", http.FileServer(http.Dir(siteDir)))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	b := newBrowser(t)
	b.do(t, chromedp.Navigate(srv.URL+"/"))
	b.waitUpdates(t, 1)
	before := eval[string](t, b, `document.getElementById("robots").value`)
	want := map[string]string{
		"html": "could not be read", "array": "could not be read", "empty": "could not be read",
		"nulls": "has no robots.txt", "proxy": "HTTP 502", "errmsg": "slow down",
	}
	for name, w := range want {
		status, _ := b.fetchURL(t, "gemini://"+name)
		if !strings.Contains(status, w) {
			t.Errorf("%s: status %q, want %q in it", name, status, w)
		}
	}
	if after := eval[string](t, b, `document.getElementById("robots").value`); after != before {
		t.Error("a bad answer changed the editor")
	}
	b.noErrors(t)
}

// After Fetch, "Test this capsule's pages" puts the links of the real
// capsule's front page, through the relay, into the Selectors box as one
// edit: same-host pages only, the grid answers for them, the permalink
// holds them, and the browser's undo takes them back.
func TestTestThisCapsulesPages(t *testing.T) {
	t.Parallel()
	g := realservers.StartGemini(t, realservers.Capsule(), realservers.GeminiOptions{})
	b := openBrowser(t)
	before := eval[string](t, b, `document.getElementById("selectors").value`)
	n := b.updates(t)
	if status, _ := b.fetchURL(t, g.URL); !strings.Contains(status, "loaded them into the editor") {
		t.Fatalf("fetch: %q", status)
	}
	b.waitUpdates(t, n+1)
	if hidden := eval[bool](t, b, `document.getElementById("test-pages-bar").hidden`); hidden {
		t.Fatal("the button is not shown after Fetch")
	}
	n = b.updates(t)
	b.do(t, chromedp.Click(chromedp.ID("test-pages")))
	b.waitUpdates(t, n+1)
	sels := eval[string](t, b, `document.getElementById("selectors").value`)
	for _, want := range []string{g.URL + "/\n", g.URL + "/about.gmi\n", g.URL + "/dir/page.gmi\n", g.URL + "/private/secret.gmi\n"} {
		if !strings.Contains(sels, want) {
			t.Errorf("the Selectors box lacks %q:\n%s", want, sels)
		}
	}
	// The status words the result as smolbots site does.
	if st := eval[string](t, b, `document.getElementById("test-pages-status").textContent`); !strings.HasPrefix(st, "Pages: 7 found from "+g.URL+"/ ") ||
		!strings.Contains(st, "4 links to other hosts, ports or schemes, never requested, not listed") {
		t.Errorf("the status says %q", st)
	}
	if strings.Contains(sels, "capsule.example") || strings.Contains(sels, "localhost:1/") || strings.Contains(sels, "https:") {
		t.Errorf("links to other hosts went into the box:\n%s", sels)
	}
	denied := false
	for _, c := range b.cells(t) {
		denied = denied || c.Dialect == "gemini" && c.Selector == g.URL+"/private/secret.gmi" && c.Verdict == "disallow"
	}
	if !denied {
		t.Errorf("the grid does not deny the capsule's private page under gemini: %+v", b.cells(t))
	}
	b.waitLink(t, func(st state.State) bool { return strings.Contains(st.Selectors, "/about.gmi") })
	b.do(t, chromedp.Evaluate[chromedp.Void](`(() => { document.getElementById("selectors").focus(); document.execCommand("undo"); })()`))
	if got := eval[string](t, b, `document.getElementById("selectors").value`); got != before {
		t.Errorf("undo left %q, want %q", got, before)
	}
	b.noErrors(t)
}
