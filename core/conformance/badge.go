package conformance

import (
	"fmt"
	"html"
	"strings"
)

// BadgeText is what a badge says for a run: its label names the suite's
// release, its message the closest reader and how many cases agree with
// it, such as "robots.txt 2026.12" and "reads like rfc9309 598/644".
func BadgeText(release string, sum Summary) (label, message string) {
	label = "robots.txt " + release
	if sum.Closest == "" {
		return label, "no answers"
	}
	return label, fmt.Sprintf("reads like %s %d/%d", sum.Closest, sum.Agree[sum.Closest], sum.Cases)
}

// Badge draws a flat two-part badge as SVG: the label on grey, the
// message on green when every case agrees with the closest reader, blue
// otherwise. note is written into it as a comment (what built it), ""
// for none. Text widths are estimated from the character count, as the
// badge carries no font.
func Badge(label, message string, allAgree bool, note string) []byte {
	const charW, pad = 6.6, 10.0
	lw := float64(len([]rune(label)))*charW + 2*pad
	mw := float64(len([]rune(message)))*charW + 2*pad
	w := lw + mw
	color := "#3b6fb6"
	if allAgree {
		color = "#2e7d32"
	}
	esc := html.EscapeString
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="20" role="img" aria-label="%s: %s">`+"\n", w, esc(label), esc(message))
	if note != "" {
		b.WriteString("<!-- " + strings.ReplaceAll(note, "--", "- -") + " -->\n")
	}
	fmt.Fprintf(&b, "<title>%s: %s</title>\n", esc(label), esc(message))
	fmt.Fprintf(&b, `<rect width="%.0f" height="20" rx="3" fill="#555"/>`+"\n", w)
	fmt.Fprintf(&b, `<rect x="%.0f" width="%.0f" height="20" rx="3" fill="%s"/>`+"\n", lw, mw, color)
	fmt.Fprintf(&b, `<rect x="%.0f" width="4" height="20" fill="%s"/>`+"\n", lw, color)
	b.WriteString(`<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">` + "\n")
	fmt.Fprintf(&b, `<text x="%.1f" y="14">%s</text>`+"\n", lw/2, esc(label))
	fmt.Fprintf(&b, `<text x="%.1f" y="14">%s</text>`+"\n", lw+mw/2, esc(message))
	b.WriteString("</g>\n</svg>\n")
	return []byte(b.String())
}
