// Package auditview draws an audit (core/audit) for the page's Audit tab:
// the same table the CLI prints, one row per client, worst first, each
// ignoring client's first offending requests with their deciding line
// and a link that opens the case in the playground, then the notes.
// Everything from the log is escaped; pure Go, tested natively.
package auditview

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/audit"
)

var esc = html.EscapeString

// text escapes what came from a log: control bytes shown, then HTML.
func text(s string) string { return esc(core.Visible(s)) }

// HTML is the audit's answer as the Audit tab shows it.
func HTML(res *audit.Result) string {
	var b strings.Builder
	b.WriteString(`<p class="audit-in-force">`)
	b.WriteString(esc(audit.InForce("The robots.txt in the editor")))
	b.WriteString(`</p>`)
	for _, s := range audit.ScopeSentences(res) {
		b.WriteString(`<p>` + esc(s) + `</p>`)
	}
	if len(res.Clients) == 0 {
		b.WriteString(`<p class="audit-none">No requests to audit.</p>`)
	} else {
		if n := res.Ignored(); n > 0 {
			fmt.Fprintf(&b, `<p class="audit-summary"><strong>%d %s ignored the file.</strong></p>`, n, plural(n, "client", "clients"))
		} else if res.Breached() {
			b.WriteString(`<p class="audit-summary"><strong>No client ignored the file as ` + text(strings.Join(res.Agents, ", ")) + `, but the file gives it no rule: see below who went where its other groups refuse.</strong></p>`)
		} else {
			b.WriteString(`<p class="audit-summary">No client ignored the file.</p>`)
		}
		b.WriteString(`<div class="table-wrap"><table id="audit-table"><caption>Clients, worst first. A violation is a request for a path the file denies under every dialect in scope; a disputed one, a path only some deny.</caption>`)
		b.WriteString(`<thead><tr><th scope="col">Verdict</th><th scope="col">Client</th><th scope="col">Crawler</th><th scope="col">Requests</th><th scope="col">robots.txt first</th><th scope="col">Violations</th><th scope="col">Disputed</th><th scope="col">Before robots.txt</th></tr></thead><tbody>`)
		for _, c := range res.Clients {
			fmt.Fprintf(&b, `<tr data-verdict="%s" data-client="%s"><td class="verdict %s">%s</td><th scope="row">%s</th><td>%s</td><td>%d</td><td>%s</td><td>%d</td><td>%s</td><td>%d</td></tr>`,
				esc(c.Verdict), text(c.Client), esc(c.Verdict), esc(c.Verdict), text(c.Client), dash(esc(c.CrawlerName)), c.Requests, dash(esc(c.RobotsFetched)), c.Violations, disputed(c), c.BeforeRobots)
		}
		b.WriteString(`</tbody></table></div>`)
	}
	for _, c := range res.Clients {
		if c.Verdict != audit.Ignored || len(c.Examples) == 0 {
			continue
		}
		fmt.Fprintf(&b, `<h3>%s went in anyway</h3><ul class="audit-examples">`, text(c.Client))
		for _, ex := range c.Examples {
			b.WriteString(`<li>`)
			if ex.Time != "" {
				b.WriteString(esc(ex.Time) + `: `)
			}
			b.WriteString(`<code>` + text(ex.URL) + `</code>`)
			if ex.Line > 0 {
				fmt.Fprintf(&b, `, denied by line %d <code>%s</code>`, ex.Line, text(ex.Rule))
			}
			if len(ex.Dialects) > 0 {
				b.WriteString(` (` + esc(strings.Join(ex.Dialects, ", ")) + `)`)
			}
			if ex.Link != "" {
				b.WriteString(` <a href="` + esc(ex.Link) + `">open this case</a>`)
			}
			b.WriteString(`</li>`)
		}
		b.WriteString(`</ul>`)
	}
	if us := audit.UntestedSentences(res, audit.DefaultMax); len(us) > 0 {
		b.WriteString(`<div class="audit-untested">`)
		for _, u := range us {
			b.WriteString(`<p>` + text(strings.TrimSpace(u)) + `</p>`)
		}
		b.WriteString(`</div>`)
	}
	notes := audit.Notes(res)
	if len(notes) > 0 {
		b.WriteString(`<ul class="audit-notes">`)
		for _, n := range notes {
			b.WriteString(`<li>` + esc(strings.TrimSpace(n)) + `</li>`)
		}
		b.WriteString(`</ul>`)
	}
	return b.String()
}

func disputed(c audit.Client) string {
	s := strconv.Itoa(c.Disputed)
	if len(c.DisputedBy) > 0 {
		s += " (" + esc(strings.Join(c.DisputedBy, ", ")) + ")"
	}
	return s
}

func dash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
