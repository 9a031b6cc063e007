package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/state"
	"github.com/smolbots/smolbots/internal/realservers"
)

// lintCodes opens the lint tab and lists the codes of its items.
func (b *browser) lintCodes(t testing.TB) []string {
	t.Helper()
	b.showTab(t, "lint")
	return eval[[]string](t, b, `[...document.querySelectorAll("#lints [data-code]")].map(e => e.dataset.code)`)
}

// showTab chooses a tab of the lower pane, as a click on it does.
func (b *browser) showTab(t testing.TB, name string) {
	t.Helper()
	if !eval[bool](t, b, `document.getElementById("tab-`+name+`").checked`) {
		b.do(t, chromedp.Click(chromedp.CSS(`label[for=tab-`+name+`]`)))
	}
}

// TestFetchCRLF: gophernicus serves text files with CRLF line ends. The
// fetched file keeps them although the textarea holds LF: the control
// says CRLF, the lint does not ask for CRLF, and the permalink holds the
// CRLF file and opens it as such.
func TestFetchCRLF(t *testing.T) {
	t.Parallel()
	addr := realservers.StartGopherText(t, map[string][]byte{"robots.txt": []byte(served)})
	crlf := strings.ReplaceAll(served, "\n", "\r\n")
	b := openBrowser(t)
	if !slices.Contains(b.lintCodes(t), "lf-line-endings") {
		t.Fatal("the default (LF) case has no lf-line-endings finding to lose")
	}
	b.fetchServed(t, "gopher://"+addr)
	if e := eval[string](t, b, `document.getElementById("line-endings").value`); e != "crlf" {
		t.Errorf("line endings %q after fetching a CRLF file, want crlf", e)
	}
	if codes := b.lintCodes(t); slices.Contains(codes, "lf-line-endings") {
		t.Errorf("a CRLF file from gophernicus gets lf-line-endings: %v", codes)
	}
	// The address is written a moment after the change; it fails here,
	// saying what it held, unless the CRLF file comes.
	link := b.waitLink(t, func(s state.State) bool { return s.Robots == crlf })

	// The link reopens the file as CRLF.
	c := newBrowser(t)
	c.open(t, link[strings.Index(link, "#"):])
	if e := eval[string](t, c, `document.getElementById("line-endings").value`); e != "crlf" {
		t.Errorf("the reopened link shows line endings %q", e)
	}
	if codes := c.lintCodes(t); slices.Contains(codes, "lf-line-endings") {
		t.Errorf("the reopened CRLF link gets lf-line-endings: %v", codes)
	}

	// Switching the control to LF is what serving it with LF would be.
	n := c.updates(t)
	c.do(t, chromedp.SetValue(chromedp.ID("line-endings"), "lf"), chromedp.Evaluate[chromedp.Void](`document.getElementById("line-endings").dispatchEvent(new Event("change"))`))
	c.waitUpdates(t, n+1)
	if codes := c.lintCodes(t); !slices.Contains(codes, "lf-line-endings") {
		t.Errorf("LF chosen, and no lf-line-endings finding: %v", codes)
	}
	b.noErrors(t)
	c.noErrors(t)
}

// TestPasteCRLF: text pasted with CRLF line ends sets the style.
func TestPasteCRLF(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	n := b.updates(t)
	eval[bool](t, b, `(() => {
		const r = document.getElementById("robots"), text = "User-agent: *\r\nDisallow: /x\r\n";
		const dt = new DataTransfer();
		dt.setData("text/plain", text);
		r.focus();
		r.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true}));
		r.value = text;
		r.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste"}));
		return true;
	})()`)
	b.waitUpdates(t, n+1)
	if e := eval[string](t, b, `document.getElementById("line-endings").value`); e != "crlf" {
		t.Errorf("line endings %q after a CRLF paste", e)
	}
	if codes := b.lintCodes(t); slices.Contains(codes, "lf-line-endings") {
		t.Errorf("a pasted CRLF file gets lf-line-endings: %v", codes)
	}
	b.noErrors(t)
}
