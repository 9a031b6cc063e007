package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/smolbots/smolbots/internal/realservers"
)

// Control characters from a file show as escapes in what people read,
// as lint shows them, while the data attributes keep the exact selector;
// a Gopher server's error text is shown in the fetch details.
func TestControlCharactersShownVisibly(t *testing.T) {
	t.Parallel()
	const hostile = "\x1b]0;X\x07\x1b[2J"
	b := openBrowser(t)
	b.typeCase(t, "User-agent: *\nDisallow: /a"+hostile+"\n", "/a"+hostile+"\n", "*\n")
	b.do(t, chromedp.Click(chromedp.CSS(`button.cell[data-dialect="gemini"]`)))
	explain := eval[string](t, b, `document.getElementById("explain").textContent`)
	if !strings.Contains(explain, `Disallow: /a\x1b]0;X\a\x1b[2J`) || strings.ContainsAny(explain, "\x1b\x07") {
		t.Errorf("explanation %q: want the rule with its control characters escaped", explain)
	}
	grid := eval[string](t, b, `document.getElementById("grid").textContent`)
	if !strings.Contains(grid, `/a\x1b]0;X\a\x1b[2J`) || strings.ContainsAny(grid, "\x1b\x07") {
		t.Errorf("grid text %q: want the selector escaped", grid)
	}
	if sel := eval[string](t, b, `document.querySelector('button.cell[data-dialect="gemini"]').dataset.selector`); sel != "/a"+hostile {
		t.Errorf("data-selector %q, want the exact selector", sel)
	}

	empty := realservers.StartGopher(t, map[string][]byte{"about.txt": []byte("hi\n")})
	if _, details := b.fetchURL(t, "gopher://"+empty); !strings.Contains(details, "the server said “Error: File or directory not found!") {
		t.Errorf("fetch details lack the server's error text: %s", details)
	}
	b.noErrors(t)
}
