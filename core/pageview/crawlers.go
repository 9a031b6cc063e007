package pageview

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/grid"
)

// The "Real crawlers" table: one row per selector, one column per chosen
// crawler preset, each cell its verdict; a chosen cell is explained in
// the lower pane with the crawler's code linked at the commit read.

// CrawlersShown are the presets a choice shows, in display order: nil
// is the default (every verified preset); unknown IDs are dropped.
func CrawlersShown(choice []string) []core.Dialect {
	if choice == nil {
		return grid.DefaultCrawlers()
	}
	var out []core.Dialect
	for _, d := range crawlers.All() {
		if contains(choice, d.ID) {
			out = append(out, d)
		}
	}
	return out
}

// CleanCrawlers is the choice a link keeps: known IDs once each, in
// display order, and nil when that is the default, so the default case's
// link stays as it was before the table existed.
func CleanCrawlers(choice []string) []string {
	if choice == nil {
		return nil
	}
	out := []string{}
	for _, d := range CrawlersShown(choice) {
		out = append(out, d.ID)
	}
	var def []string
	for _, d := range grid.DefaultCrawlers() {
		def = append(def, d.ID)
	}
	if strings.Join(out, ",") == strings.Join(def, ",") {
		return nil
	}
	return out
}

// CrawlerChooserHTML is the chooser's checkboxes, one per preset, ticked
// for those shown; an unverified preset says so.
func CrawlerChooserHTML(shown []core.Dialect) string {
	var b strings.Builder
	b.WriteString(`<legend>Crawlers shown</legend>`)
	for _, d := range crawlers.All() {
		ticked := false
		for _, s := range shown {
			ticked = ticked || s.ID == d.ID
		}
		b.WriteString(`<label><input type="checkbox"`)
		attr(&b, "id", "show-crawler-"+d.ID)
		attr(&b, "data-crawler-toggle", d.ID)
		if ticked {
			b.WriteString(` checked`)
		}
		b.WriteString(`> `)
		b.WriteString(esc(d.Crawler.Name))
		if !d.Crawler.Verified {
			b.WriteString(` <span class="unverified">unverified: no code read</span>`)
		}
		b.WriteString(`</label>`)
	}
	return b.String()
}

// CrawlerChooserLabel is the chooser button's text.
func CrawlerChooserLabel(shown int) string {
	return fmt.Sprintf("Choose (%d of %d)", shown, len(crawlers.All()))
}

// CrawlerShape names the table's rows and columns, as GridShape does for
// the grid: while it holds, the page patches changed cells only.
func CrawlerShape(presets []core.Dialect, selectors []string) string {
	var b strings.Builder
	for _, d := range presets {
		b.WriteString(d.ID)
		b.WriteByte(0)
	}
	for _, s := range selectors {
		b.WriteByte(1)
		b.WriteString(s)
	}
	return b.String()
}

// CrawlerTableHTML draws the table's caption, head and body; selected is
// the chosen cell's grid.CrawlerKey ("" for none).
func CrawlerTableHTML(rows [][]grid.CrawlerCell, presets []core.Dialect, selectors []string, selected string) string {
	var b strings.Builder
	b.Grow(256 + len(selectors)*(120+len(presets)*300))
	b.WriteString(`<caption>What real crawlers do: one row per selector, one column per crawler, each as its own code reads the file and testing its own names (the Agents box does not apply). Choose a cell for the reason and the code; arrow keys move between cells.</caption><thead><tr><th scope="col">Selector</th>`)
	stop := tabStop(len(rows) > 0 && len(presets) > 0, func(key string) (int, int, bool) { return grid.FindCrawler(rows, key) }, selected)
	for c, d := range presets {
		b.WriteString(`<th scope="col">`)
		// A name's part in brackets may go under it ("gopher-mcp (Gemini)":
		// web/style.css does so on a wide screen, so ten columns fit it).
		name := esc(d.Crawler.Name)
		if i := strings.Index(name, " ("); i >= 0 {
			name = name[:i] + `<span class="bracket">` + name[i:] + `</span>`
		}
		headerLink(&b, CrawlerPage(d.ID), name, d.Title+", from "+d.Source, c, stop == [2]int{-1, c})
		if !d.Crawler.Verified {
			b.WriteString(` <span class="unverified">unverified</span>`)
		}
		b.WriteString(`</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	switch {
	case len(presets) == 0:
		b.WriteString(`<tr><td>No crawler is chosen: tick one under “Choose”.</td></tr>`)
	case len(selectors) == 0:
		fmt.Fprintf(&b, `<tr><td colspan="%d">No rows yet: write a selector (one per line) to test.</td></tr>`, len(presets)+1)
	}
	for i, r := range rows {
		b.WriteString(`<tr><td class="sel"`)
		attr(&b, "title", selectors[i])
		b.WriteString(`>`)
		b.WriteString(breakable(selectors[i]))
		b.WriteString(`</td>`)
		for j, c := range r {
			chosen := grid.CrawlerKey(c.Crawler, c.Selector) == selected
			b.WriteString(`<td><button type="button" class="`)
			b.WriteString(CellClass(c.Verdict, chosen))
			b.WriteString(`" aria-pressed="`)
			b.WriteString(strconv.FormatBool(chosen))
			b.WriteByte('"')
			attr(&b, "data-crawler", c.Crawler)
			attr(&b, "data-selector", c.Selector)
			attr(&b, "data-verdict", VerdictAttr(c.Verdict.Allowed))
			attr(&b, "data-line", strconv.Itoa(c.Verdict.Line))
			attr(&b, "data-row", strconv.Itoa(i))
			attr(&b, "data-col", strconv.Itoa(j))
			b.WriteString(tabindex(stop == [2]int{i, j}))
			b.WriteString(`>`)
			b.WriteString(CrawlerCellInner(c))
			b.WriteString(`</button></td>`)
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody>`)
	return b.String()
}

// CrawlerCellInner is what a crawler cell shows: as a grid cell, with
// the crawler named for screen readers.
func CrawlerCellInner(c grid.CrawlerCell) string {
	v := c.Verdict
	v.Dialect = c.Name
	return CellInner(v)
}

// ExplainCrawlerHTML says why a crawler cell has its verdict, with each
// code reference linked to the crawler's repository at the commit read.
func ExplainCrawlerHTML(rows [][]grid.CrawlerCell, presets []core.Dialect, row, col int) string {
	if row < 0 || row >= len(rows) || col < 0 || col >= len(rows[row]) || col >= len(presets) {
		return NoChoice
	}
	c := rows[row][col]
	v, cr := c.Verdict, presets[col].Crawler
	var b strings.Builder
	named := v
	named.Agent = cr.Name // the sentence names the crawler, not the names it tests
	sentence, said := sentenceHTML("", presets[col], named)
	b.WriteString(sentence)
	b.WriteString(`<dl>`)
	dt := func(term, def string) { b.WriteString(`<dt>` + term + `</dt><dd>` + def + `</dd>`) }
	code := esc(cr.Repo)
	if u := repoURL(cr); u != "" {
		code = `<a href="` + escExact(u) + `">` + esc(cr.Repo) + ` at ` + esc(shortCommit(cr.Commit)) + `</a>`
	}
	if cr.Verified {
		dt("Crawler", esc(presets[col].Title)+` <span class="src">(code read: `+code+`)</span>`)
	} else {
		dt("Crawler", esc(presets[col].Title)+` <span class="unverified">unverified</span> <span class="src">(no code read; built from `+code+`)</span>`)
	}
	names := "none: it ignores User-agent"
	if len(cr.Agents) > 0 {
		quoted := make([]string, len(cr.Agents))
		for i, a := range cr.Agents {
			quoted[i] = `<code>` + esc(a) + `</code>`
		}
		names = strings.Join(quoted, ", ")
	}
	dt("Names it tests", names)
	if v.Target != "" && v.Target != c.Selector {
		dt("It compares", `<code>`+esc(v.Target)+`</code>`)
	}
	group := v.Group
	if group == "" {
		group = "none"
	}
	dt("Group chosen", esc(group))
	cites := c.Cites
	if v.Why != "" {
		dt("Why this group", linkRefs(v.Why, &cites))
	}
	if v.Unread != "" {
		dt("Deciding line", "none: "+map[string]string{core.IgnoresFile: "it reads no robots.txt for this URL, so it fetches it", core.NeverFetched: "it never fetches this URL, whatever the file says"}[v.Unread])
	} else if v.SkipHost {
		dt("Line its parser fails on", fmt.Sprintf(`<button type="button" class="goto" data-line="%d">line %d</button> <code>%s</code>: it fetches nothing from the host`, v.Line, v.Line, esc(v.Rule)))
	} else if v.Line > 0 {
		dt("Deciding line", fmt.Sprintf(`<button type="button" class="goto" data-line="%d">line %d</button> <code>%s</code>`, v.Line, v.Line, esc(v.Rule)))
	} else {
		dt("Deciding line", "none: no rule matched, so the selector is allowed")
	}
	if v.Note != "" {
		dt("Interpretation note", linkRefs(v.Note, &cites))
	}
	if a := v.Alternative; a != nil {
		alt := Word(a.Allowed)
		if a.Line > 0 {
			alt += fmt.Sprintf(" (line %d: <code>%s</code>)", a.Line, esc(a.Rule))
		}
		dt("Other reading", esc(a.Reading)+": "+alt)
	}
	for _, s := range cr.Sources {
		if s.Key == "decision" {
			dt("How it decides", esc(s.What)+" ("+linkRef(cr, s.Ref)+")")
		}
	}
	var others []string
	for j, o := range rows[row] {
		if j == col {
			continue
		}
		others = append(others, otherVerdict(o.Name, WordOf(o.Verdict), o.Verdict.Line))
	}
	return endExplain(&b, dt, "Other crawlers", others, termsHTML(said, "Group chosen", v.Why, v.Note))
}

// linkRefs escapes text and turns the references cites names, in order,
// into links; it consumes the cites it used, so a reference that occurs
// in the why and again in the note is linked in each.
func linkRefs(text string, cites *[]grid.Cite) string {
	out := esc(text)
	pos := 0
	for len(*cites) > 0 {
		c := (*cites)[0]
		i := strings.Index(out[pos:], c.Ref)
		if i < 0 {
			break
		}
		*cites = (*cites)[1:]
		i += pos
		link := `<code>` + c.Ref + `</code>`
		if c.URL != "" {
			link = `<a href="` + escExact(c.URL) + `"><code>` + c.Ref + `</code></a>`
		}
		out = out[:i] + link + out[i+len(c.Ref):]
		pos = i + len(link)
	}
	return out
}

// linkRef is one of the crawler's references as a link when its code is
// on GitHub, as code otherwise.
func linkRef(cr *core.Crawler, ref string) string {
	c := []grid.Cite{{Ref: ref, URL: cr.URL(ref)}}
	return linkRefs(ref, &c)
}

// repoURL is the crawler's repository at the commit read, "" when it is
// not on GitHub.
func repoURL(cr *core.Crawler) string {
	u := cr.URL("") // …/blob/COMMIT/ for the repository's root
	if u == "" {
		return ""
	}
	return strings.Replace(strings.TrimSuffix(u, "/"), "/blob/", "/tree/", 1)
}

func shortCommit(c string) string {
	if len(c) > 10 {
		return c[:10]
	}
	return c
}

// CrawlerFetchHTML says what each crawler preset of the fetch's protocol
// makes of its first reply: whether it reads the body, allows everything
// or skips the host, citing its code; "" when no preset fetches over
// that protocol.
func CrawlerFetchHTML(r *FetchResult) string {
	status := ""
	if len(r.Attempts) > 0 {
		status = r.Attempts[0].Status
	}
	cs := crawlers.ConcludeFetch(r.URL, status, r.Outcome == "found")
	if len(cs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<table class="conclusions crawler-conclusions"><caption>What each real crawler makes of the first reply</caption><thead><tr><th scope="col">Crawler</th><th scope="col">Reading</th><th scope="col">Why</th></tr></thead><tbody>`)
	for _, c := range cs {
		d, ok := crawlers.ReaderByID(c.Crawler)
		if !ok || d.Crawler == nil {
			continue
		}
		b.WriteString(`<tr`)
		attr(&b, "data-crawler", c.Crawler)
		attr(&b, "data-reading", c.Reading)
		b.WriteString(`><th scope="row">`)
		b.WriteString(esc(d.Crawler.Name))
		if !d.Crawler.Verified {
			b.WriteString(` <span class="unverified">unverified</span>`)
		}
		b.WriteString(`</th><td>`)
		b.WriteString(crawlerReadingWords(c.Reading))
		b.WriteString(`</td><td>`)
		cites := grid.CitesIn(d.Crawler, c.Note)
		b.WriteString(linkRefs(c.Note, &cites))
		b.WriteString(`</td></tr>`)
	}
	b.WriteString(`</tbody></table>`)
	return b.String()
}

func crawlerReadingWords(r string) string {
	switch r {
	case "read":
		return "reads it as its robots.txt"
	case "allow-all":
		return "everything allowed"
	case "skip-host":
		return "skips the whole host for now"
	case "deny-all":
		return "everything refused for now"
	}
	return "not known"
}
