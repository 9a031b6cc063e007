package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Control characters in the robots.txt show in the editor's overlay as
// marked cells with lint's escape, each as wide as the textarea draws
// the character, so the caret stays on its text; the explanation quotes
// the deciding rule the way lint does.
func TestControlCharactersShown(t *testing.T) {
	t.Parallel()
	b := openBrowser(t)
	robots := "User-agent: *\nDisallow: /a\x1b[2J\x7f\u0085\n"
	b.typeCase(t, robots, "/a\x1b[2J\x7f\u0085x\n", "*\n")
	marks := eval[[]string](t, b, `[...document.querySelectorAll("#robots-hl .ctl")].map(e => e.dataset.escape + " " + getComputedStyle(e).backgroundColor)`)
	if len(marks) != 3 || !strings.HasPrefix(marks[0], `\x1b `) || !strings.HasPrefix(marks[1], `\x7f `) || !strings.HasPrefix(marks[2], `\u0085 `) {
		t.Fatalf("overlay marks %q, want \\x1b, \\x7f and \\u0085", marks)
	}
	for _, m := range marks {
		if strings.HasSuffix(m, "rgba(0, 0, 0, 0)") {
			t.Errorf("mark %q has no background: the style sheet does not colour it", m)
		}
	}
	// The overlay's line 2 against the raw text laid out in the editor's
	// font, as the transparent textarea lays it out.
	widths := eval[[]float64](t, b, `(() => {
		const line = document.querySelectorAll("#robots-hl .line")[1];
		const probe = document.createElement("span");
		probe.style.font = getComputedStyle(document.getElementById("robots")).font;
		probe.style.whiteSpace = "pre";
		probe.style.position = "absolute";
		probe.textContent = document.getElementById("robots").value.split("\n")[1];
		document.body.appendChild(probe);
		const r = [line.getBoundingClientRect().width, probe.getBoundingClientRect().width];
		probe.remove();
		return r;
	})()`)
	if d := widths[0] - widths[1]; d > 0.5 || d < -0.5 {
		t.Errorf("overlay line is %.2fpx wide, the editor's text %.2fpx: the caret would drift", widths[0], widths[1])
	}
	b.do(t, chromedp.Click(chromedp.CSS(`button.cell[data-dialect="gemini"]`)))
	explain := eval[string](t, b, `document.getElementById("explain").textContent`)
	if !strings.Contains(explain, `Disallow: /a\x1b[2J\x7f\u0085`) || strings.ContainsAny(explain, "\x1b\x7f\u0085") {
		t.Errorf("the explanation does not quote the rule as lint does: %q", explain)
	}
	b.noErrors(t)
}
