package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/core/state"
)

// copied clicks a copy button and returns what reached the user: the
// clipboard when the browser allowed it, else the fallback box.
func (b *browser) copied(t testing.TB, button string) (text, status string) {
	t.Helper()
	b.do(t, chromedp.Evaluate[chromedp.Void](`document.getElementById("copy-status").textContent = ""`), chromedp.Click(chromedp.ID(button)))
	// "Writing the report…" waits for the on-demand module.
	status = waitValue[string](t, b, "the copy's status", `(s => s && !s.startsWith("Writing") ? s : null)(document.getElementById("copy-status").textContent)`,
		`document.getElementById("copy-status").textContent`)
	if strings.Contains(status, "copied to the clipboard") {
		return eval[string](t, b, `navigator.clipboard.readText()`), status
	}
	if hidden := eval[bool](t, b, `document.getElementById("copy-fallback-wrap").hidden`); hidden {
		t.Fatalf("copy failed and the fallback box is hidden (status %q)", status)
	}
	return eval[string](t, b, `document.getElementById("copy-fallback").value`), status
}

// grantClipboard lets the page read and write the clipboard.
func (b *browser) grantClipboard(t testing.TB) {
	t.Helper()
	b.grantClipboardAt(t, server.URL)
}

// grantClipboardAt lets pages of origin read and write the clipboard.
func (b *browser) grantClipboardAt(t testing.TB, origin string) {
	t.Helper()
	b.do(t, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		for _, name := range []string{"clipboard-read", "clipboard-write"} {
			if _, err := chromedp.CallBrowser(ctx, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
				Permission: &cdpbrowser.PermissionDescriptor{Name: name, AllowWithoutSanitization: true},
				Setting:    cdpbrowser.PermissionSettingGranted,
				Origin:     origin,
			}); err != nil {
				return err
			}
		}
		return nil
	}))
}

// TestCopyLink: a link copied right after a keystroke, before the
// address bar's update is due, already holds that keystroke; the address
// bar gets the same link, and the page says "copied" in a status line.
func TestCopyLink(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.grantClipboard(t)
	n := b.updates(t)
	b.do(t, chromedp.Evaluate[chromedp.Void](`(s => { s.focus(); s.setSelectionRange(s.value.length, s.value.length); })(document.getElementById("selectors"))`),
		chromedp.KeyEvent("/just-typed"))
	b.waitUpdates(t, n+len("/just-typed"))
	text, status := b.copied(t, "copy-link")
	if !strings.Contains(status, "Link copied") {
		t.Errorf("status %q", status)
	}
	if role := eval[string](t, b, `document.getElementById("copy-status").getAttribute("role")`); role != "status" {
		t.Errorf("the copy status has role %q, want status", role)
	}
	if !strings.HasPrefix(text, server.URL+"/#v1.") {
		t.Fatalf("copied %q, not a permalink to this page", text)
	}
	st, err := state.Decode(text[strings.Index(text, "#"):])
	if err != nil {
		t.Fatal(err)
	}
	want := eval[string](t, b, `document.getElementById("selectors").value`)
	if !strings.HasSuffix(want, "/just-typed") || st.Selectors != want {
		t.Errorf("the copied link holds selectors %q, want the box's %q", st.Selectors, want)
	}
	if href := eval[string](t, b, `location.href`); href != text {
		t.Errorf("the address bar holds %q, the copied link %q", href, text)
	}
	compressed := len(text)

	// A browser without CompressionStream writes the records in stored
	// blocks: a longer link that opens the same case.
	b.do(t, chromedp.Evaluate[chromedp.Void](`delete window.CompressionStream; (s => { s.focus(); s.setSelectionRange(s.value.length, s.value.length); })(document.getElementById("selectors"))`),
		chromedp.KeyEvent("2"))
	text, _ = b.copied(t, "copy-link")
	if st, err = state.Decode(text[strings.Index(text, "#"):]); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(st.Selectors, "/just-typed2") || len(text) <= compressed {
		t.Errorf("without CompressionStream: selectors %q, link of %d bytes against %d compressed", st.Selectors, len(text), compressed)
	}
	b.noErrors(t)
}

func TestCopyReport(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	b.typeCase(t, clash, "/index.gmi\n", "GUS(indexer)\n")
	link := b.waitCurrentLink(t)

	// With clipboard access granted, the report goes to the clipboard.
	b.grantClipboard(t)
	text, status := b.copied(t, "copy-report")
	checkReport(t, "plain", text, link)
	if !strings.Contains(status, "copied to the clipboard") {
		t.Logf("clipboard refused even with permission (%q); the fallback was checked instead", status)
	}

	// Where the browser refuses, the text waits selected in a box.
	b.do(t, chromedp.Evaluate[chromedp.Void](`navigator.clipboard.writeText = () => Promise.reject(new Error("denied"))`))
	text, status = b.copied(t, "copy-gemtext")
	if !strings.Contains(status, "could not be copied") {
		t.Errorf("status %q after a refused copy", status)
	}
	checkReport(t, "gemtext", text, link)
	if sel := eval[int](t, b, `(() => { const f = document.getElementById("copy-fallback"); return document.activeElement === f ? f.selectionEnd - f.selectionStart : -1; })()`); sel != len([]rune(text)) && sel != len(text) {
		t.Errorf("the fallback text is not selected and focused (%d of %d)", sel, len(text))
	}

	// The report's Real crawlers are those the page shows: with TLGS
	// unticked, its column and notes are gone.
	b.do(t, chromedp.Click(chromedp.ID("crawlers-choose")))
	n := b.updates(t)
	b.do(t, chromedp.Click(chromedp.ID("show-crawler-tlgs")))
	b.waitUpdates(t, n+1)
	b.do(t, chromedp.Click(chromedp.CSS(`#crawler-chooser button[popovertargetaction=hide]`)))
	text, _ = b.copied(t, "copy-report")
	crawlers := text[strings.Index(text, "\nReal crawlers\n")+1:]
	if strings.Contains(crawlers, "TLGS") || !strings.Contains(crawlers, "Kennedy") {
		t.Errorf("with TLGS unticked the report's crawlers are:\n%s", crawlers)
	}
	b.noErrors(t)
}

func checkReport(t *testing.T, kind, text, link string) {
	t.Helper()
	// The page's Real crawlers table is there too, with a crawler's note.
	for _, want := range []string{"User-agent: indexer", "Disallow: /private", "/index.gmi", "GUS(indexer)", "DENY", link,
		"Real crawlers", "mozz-archiver", "GUS, on /index.gmi"} {
		if kind == "gemtext" && want == "DENY" {
			continue
		}
		if !strings.Contains(text, want) {
			t.Errorf("%s report lacks %q:\n%s", kind, want, text)
		}
	}
	if kind == "plain" {
		// The permalink stands whole on a line of its own, so mail
		// clients link it; every other line is at most 72 columns.
		lines := strings.Split(text, "\n")
		if !slices.Contains(lines, link) {
			t.Errorf("the plain report has no line that is the link %q:\n%s", link, text)
		}
		for i, l := range lines {
			if len([]rune(l)) > 72 && l != link {
				t.Errorf("plain report line %d is %d columns: %q", i+1, len([]rune(l)), l)
			}
		}
	}
}

type axeResult struct {
	Violations []struct {
		ID    string `json:"id"`
		Help  string `json:"help"`
		Nodes []struct {
			Target  []any  `json:"target"`
			Summary string `json:"failureSummary"`
		} `json:"nodes"`
	} `json:"violations"`
	Passes []json.RawMessage `json:"passes"`
}

// TestAccessibility runs axe-core in the page, light and dark, with a
// chosen cell, lints and the fallback copy box showing, then with a
// Real crawlers cell explained and the crawler chooser open.
func TestAccessibility(t *testing.T) {
	t.Parallel()
	axe, err := os.ReadFile(filepath.Join("..", "..", "tools", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core is missing (./build.sh deps installs tools/node_modules): %v", err)
	}
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			b := newBrowser(t)
			b.emulateScheme(t, scheme == "dark")
			b.open(t, "")
			b.setInput(t, "robots", "User-agent: indexer\nDisallow: /\nno colon\n\nUser-agent: *\nDisallow: /private\n")
			b.do(t, chromedp.Click(chromedp.CSS(`button.cell[data-dialect="gemini"]`)))
			b.do(t, chromedp.Evaluate[chromedp.Void](`navigator.clipboard.writeText = () => Promise.reject(new Error("denied"))`))
			b.copied(t, "copy-report")
			if dark := eval[bool](t, b, `matchMedia("(prefers-color-scheme: dark)").matches`); dark != (scheme == "dark") {
				t.Fatalf("scheme emulation failed")
			}
			eval[bool](t, b, string(axe)+";true")
			// Each tab of the lower pane in turn: hidden panes are not checked.
			for _, tab := range []string{"why", "lint", "facts"} {
				b.do(t, chromedp.Click(chromedp.CSS(`label[for=tab-`+tab+`]`)))
				res := eval[axeResult](t, b, `axe.run(document, {resultTypes: ["violations"]})`)
				for _, v := range res.Violations {
					for _, n := range v.Nodes {
						t.Errorf("%s tab: axe %s (%s) at %v: %s", tab, v.ID, v.Help, n.Target, n.Summary)
					}
				}
				if len(res.Passes) == 0 && len(res.Violations) == 0 {
					t.Log("axe reported nothing at all")
				}
			}
			// A crawler cell explained, then the crawler chooser open.
			b.do(t, chromedp.Click(chromedp.CSS(`#crawlers button.cell`)))
			for _, step := range []string{"crawler explained", "crawler chooser"} {
				if step == "crawler chooser" {
					b.do(t, chromedp.Click(chromedp.ID("crawlers-choose")), chromedp.Click(chromedp.ID("show-crawler-veronica2")))
				}
				for _, v := range eval[axeResult](t, b, `axe.run(document, {resultTypes: ["violations"]})`).Violations {
					t.Errorf("%s: axe %s (%s) at %v", step, v.ID, v.Help, v.Nodes)
				}
			}
			b.noErrors(t)
		})
	}
}
