package e2e

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// auditLog is a molly-brown log of three clients: one reads robots.txt
// and stays out, one reads it and goes into /private/, one never reads it.
const auditLog = "2025-07-14T08:15:02+02:00\t192.0.2.1\t20\tgemini://c.example/robots.txt\n" +
	"2025-07-14T08:15:03+02:00\t192.0.2.1\t20\tgemini://c.example/index.gmi\n" +
	"2025-07-14T08:15:04+02:00\t192.0.2.2\t20\tgemini://c.example/robots.txt\n" +
	"2025-07-14T08:15:05+02:00\t192.0.2.2\t20\tgemini://c.example/private/<b>x.gmi\n" +
	"2025-07-14T08:15:06+02:00\t192.0.2.3\t20\tgemini://c.example/index.gmi\n"

// runAudit presses Audit and waits for the tab's answer.
func (b *browser) runAudit(t testing.TB) string {
	t.Helper()
	b.do(t, chromedp.Click(chromedp.ID("audit-run")))
	return waitValue[string](t, b, "the audit's answer",
		`(s => !document.getElementById("audit-run").disabled && !s.startsWith("Loading") && !s.startsWith("Reading") ? s : null)(document.getElementById("audit-status").textContent)`,
		`document.getElementById("audit-status").textContent`)
}

// issue 39: a file whose groups are only for roles gives * no rule, so
// no client "ignored" it as *; the tab must not read as an all-clear,
// and names the client that went where the indexer group refuses.
func TestAuditRoleOnlyFile(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, "User-agent: archiver\nDisallow: /cgi/gempkg/\n\nUser-agent: indexer\nDisallow: /cgi/gempkg/\n", "/\n", "*\n")
	b.showTab(t, "audit")
	eval[bool](t, b, `(() => { document.getElementById("audit-paste").value = `+jsString("2025-07-14T08:15:02+02:00\t192.0.2.1\t20\tgemini://c.example/robots.txt\n2025-07-14T08:15:03+02:00\t192.0.2.1\t20\tgemini://c.example/cgi/gempkg/vim\n")+`; return true; })()`)
	if status := b.runAudit(t); status != "No client ignored the file as *, but it gives * no rule: see below who went where its other groups refuse (1 client)." {
		t.Errorf("status %q", status)
	}
	text := eval[string](t, b, `document.getElementById("audit-result").textContent`)
	if !strings.Contains(text, "As indexer (line 4): 1 client read robots.txt and then asked for paths every dialect that applies the group refuses, a breach if it is an indexer: 192.0.2.1") {
		t.Errorf("the result:\n%s", text)
	}
}

// The Audit tab on pasted lines: the editor's robots.txt judges them,
// one row per client with its verdict, the ignoring client's request
// with the deciding line and a link that opens the case; the log's text
// is escaped; nothing is sent to any server.
func TestAuditPasted(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, "User-agent: *\nDisallow: /private/\n", "/\n", "*\n")
	b.showTab(t, "audit")
	if !strings.Contains(eval[string](t, b, `document.getElementById("pane-audit").textContent`), "never leaves this browser") {
		t.Error("the tab does not say that the log stays in the browser")
	}
	b.do(t, chromedp.Evaluate[chromedp.Void](`window.auditRequests = 0; new PerformanceObserver(l => { for (const e of l.getEntries()) if (!/\.(wasm|js|css|svg)$/.test(e.name)) window.auditRequests++; }).observe({type: "resource"});`))
	eval[bool](t, b, `(() => { document.getElementById("audit-paste").value = `+jsString(auditLog)+`; return true; })()`)
	status := b.runAudit(t)
	if status != "1 of 3 clients ignored the file." {
		t.Errorf("status %q", status)
	}
	rows := eval[[]string](t, b, `[...document.querySelectorAll("#audit-table tbody tr")].map(r => r.dataset.verdict + " " + r.dataset.client)`)
	if strings.Join(rows, ", ") != "ignored 192.0.2.2, never-read 192.0.2.3, obeyed 192.0.2.1" {
		t.Errorf("rows %q", rows)
	}
	html := eval[string](t, b, `document.getElementById("audit-result").innerHTML`)
	if !strings.Contains(html, "/private/&lt;b&gt;x.gmi") || strings.Contains(html, "<b>x") || !strings.Contains(html, "denied by line 2") {
		t.Errorf("the examples:\n%s", html)
	}
	if n := eval[int](t, b, `window.auditRequests`); n != 0 {
		t.Errorf("the audit made %d requests; the log must not leave the browser", n)
	}
	// The example's link opens its case in the playground.
	n := b.updates(t)
	b.do(t, chromedp.Click(chromedp.CSS(`#audit-result a[href^="#v1."]`)))
	b.waitUpdates(t, n+1)
	if sel := eval[string](t, b, `document.getElementById("selectors").value`); !strings.Contains(sel, "/private/<b>x.gmi") {
		t.Errorf("the example's link opened selectors %q", sel)
	}
	b.showTab(t, "audit")
	b.axe(t, "audit tab")
	b.noErrors(t)
}

// A 50 MB log read in chunks: the progress bar moves through the file,
// no task of the page runs for a second or more (on a quiet machine),
// and the verdicts come out as for the small log. A .gz file is
// unpacked by the browser.
// It times the page's tasks, so it runs alone, before the tests that
// run in parallel (it does not call t.Parallel).
func TestAuditBigLog(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "access.log")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	size := 0
	for i := 0; size < 50<<20; i++ {
		n, _ := fmt.Fprintf(w, "2025-07-14T08:%02d:%02d+02:00\t198.51.100.%d\t20\tgemini://c.example/page/%d.gmi\n", i/60%60, i%60, i%200, i%5000)
		size += n
	}
	w.WriteString(auditLog)
	w.Flush()
	f.Close()
	gz := filepath.Join(dir, "small.log.gz")
	g, err := os.Create(gz)
	if err != nil {
		t.Fatal(err)
	}
	z := gzip.NewWriter(g)
	z.Write([]byte(auditLog))
	z.Close()
	g.Close()

	b := openBrowser(t)
	b.typeCase(t, "User-agent: *\nDisallow: /private/\n", "/\n", "*\n")
	b.showTab(t, "audit")
	b.do(t, chromedp.Evaluate[chromedp.Void](`window.longest = 0; window.seen = new Set();
		new PerformanceObserver(l => { for (const e of l.getEntries()) window.longest = Math.max(window.longest, e.duration); }).observe({type: "longtask"});
		// Every value the bar is given, as the page sets it.
		new MutationObserver(() => { const p = document.getElementById("audit-progress"); if (!p.hidden) window.seen.add(Math.round(p.value * 10)); })
			.observe(document.getElementById("audit-progress"), {attributes: true});`))
	b.do(t, chromedp.SetUploadFiles(chromedp.ID("audit-file"), []string{path}))
	start := time.Now()
	status := b.runAudit(t)
	took := time.Since(start)
	t.Logf("50 MB of log audited in the page in %s", took.Round(time.Millisecond))
	if status != "1 of 203 clients ignored the file." {
		t.Errorf("status %q", status)
	}
	if n := eval[int](t, b, `[...window.seen].filter(v => v > 0 && v < 10).length`); n < 3 {
		t.Errorf("the progress bar showed %d steps between empty and full", n)
	}
	// No task runs for a second (quiet, the whole audit takes about
	// 3 s). A loaded machine stretches every task alike, so there the
	// bound is a fifth of the whole audit: the reading is still cut into
	// many short tasks.
	limit := max(time.Second, took/5)
	if ms := eval[float64](t, b, `window.longest`); ms >= float64(limit.Milliseconds()) {
		t.Errorf("a task of the page ran %.0f ms while the log was read in %s; want under %s", ms, took.Round(time.Millisecond), limit)
	}
	b.do(t, chromedp.SetUploadFiles(chromedp.ID("audit-file"), []string{gz}))
	if status := b.runAudit(t); status != "1 of 3 clients ignored the file." {
		t.Errorf("the .gz log: status %q", status)
	}
	b.noErrors(t)
}
