// Package sitereport words the outcome of a walk (core/site) tested
// under every reader, for an admin: per reader the pages refused,
// folded by directory; the pages readers disagree on, grouped by who
// decides what; the pages smolbots kept out of; what each rule of the
// file refuses, and rules that refuse nothing found or nearly match a
// page; and everything the walk did not see. Every list is bounded, so
// the report of a capsule of any size fits on a few screens; the
// per-page detail is site -json's.
package sitereport

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/site"
)

// DefaultMax is how many items a section lists before "and N more".
const DefaultMax = 20

// Reader is one column of verdicts.
type Reader struct {
	Name string // as the report shows it: "gemini", "gemini (GUS)", "TLGS"
	// Dialect: a dialect tested for an -agent, not a crawler preset
	// (which tests its own names).
	Dialect bool
}

// Input is a walk and its verdicts.
type Input struct {
	File     *core.File
	Walk     *site.Result
	Readers  []Reader
	Verdicts [][]core.Verdict // page x reader
	Agents   []core.Agent     // what the dialect readers test
	Max      int              // items per section (DefaultMax when 0)
}

// Write prints the report's sections, each ended by a blank line.
func Write(w io.Writer, in Input) {
	if in.Max <= 0 {
		in.Max = DefaultMax
	}
	writeReaders(w, in)
	writePortLinks(w, in)
	writeHint(w, in)
	writeSplits(w, in)
	writeKeptOut(w, in)
	writeRules(w, in)
}

// whose says whose reading the verdicts give: "the dialects as *, the
// crawlers as themselves".
func whose(in Input) string {
	dialects, crawlers := false, false
	for _, r := range in.Readers {
		dialects = dialects || r.Dialect
		crawlers = crawlers || !r.Dialect
	}
	var parts []string
	if dialects {
		names := make([]string, len(in.Agents))
		for i, a := range in.Agents {
			names[i] = a.Raw
		}
		parts = append(parts, "the dialects as "+core.Visible(strings.Join(names, ", ")))
	}
	if crawlers {
		parts = append(parts, "the crawlers as themselves")
	}
	return strings.Join(parts, ", ")
}

// writePortLinks: mozz-archiver, when it is a reader here, does not
// reach links written with :1965.
func writePortLinks(w io.Writer, in Input) {
	n := in.Walk.PortLinkCount
	if n == 0 || !slices.ContainsFunc(in.Readers, func(r Reader) bool { return r.Name == "mozz-archiver" }) {
		return
	}
	first := in.Walk.PortLinks[0]
	fmt.Fprintf(w, "mozz-archiver does not reach %s written with the port :1965 (the first, %s, on %s): it sends such a link to the host \"1965\" instead (michael-lazar/mozz-archiver@12617d2efca91663699647654bcd3e40f5f388f2:mozz_archiver/responses.py:131-137). Write those links without the port.\n\n",
		verb(n, "1 link", fmt.Sprintf("%d links", n)), core.Visible(first.URL), core.Visible(first.FoundOn))
}

// sels are the selectors of the pages i.
func sels(in Input, is []int) []string {
	out := make([]string, len(is))
	for k, i := range is {
		out[k] = in.Walk.Pages[i].Selector
	}
	return out
}

// writeReaders: readers that refuse the same pages by the same lines
// share one entry; each lists its refused pages by deciding line.
func writeReaders(w io.Writer, in Input) {
	n := len(in.Walk.Pages)
	type entry struct {
		key    string
		names  []string
		byRule []ruleRefusals
		count  int
		// ignores: why the readers read no robots.txt for any page
		// (core.IgnoresFile), "" otherwise.
		ignores string
	}
	var es []*entry
	for j, r := range in.Readers {
		var rs []ruleRefusals
		count, ignored := 0, 0
		for i := range in.Walk.Pages {
			v := &in.Verdicts[i][j]
			if v.Unread == core.IgnoresFile {
				ignored++
			}
			if v.Allowed {
				continue
			}
			count++
			rs = addRefusal(rs, v.Line, v.Rule, i)
		}
		sort.SliceStable(rs, func(a, b int) bool { return rs[a].line < rs[b].line })
		key := fmt.Sprint(rs)
		if n > 0 && ignored == n {
			e := &entry{key: "ignores " + r.Name, ignores: in.Verdicts[0][j].Why}
			e.names = append(e.names, r.Name)
			es = append(es, e)
			continue
		}
		var e *entry
		for _, x := range es {
			if x.key == key {
				e = x
			}
		}
		if e == nil {
			e = &entry{key: key, byRule: rs, count: count}
			es = append(es, e)
		}
		e.names = append(e.names, r.Name)
	}
	fmt.Fprintf(w, "Verdicts (%s):\n", whose(in))
	for _, e := range es {
		who := strings.Join(e.names, ", ")
		switch {
		case e.ignores != "":
			fmt.Fprintf(w, "%s: ignores the file, so %s allowed. %s\n", who, verb(n, "the 1 page", fmt.Sprintf("all %d pages", n)), e.ignores)
		case e.count == 0 && n == 1:
			fmt.Fprintf(w, "%s: the 1 page allowed\n", who)
		case e.count == 0:
			fmt.Fprintf(w, "%s: all %d pages allowed\n", who, n)
		default:
			fmt.Fprintf(w, "%s: %d of %s allowed, %d refused:\n", who, n-e.count, plural(n, "page"), e.count)
			for k, rr := range e.byRule {
				if k == in.Max {
					fmt.Fprintf(w, "  and %d more lines\n", len(e.byRule)-k)
					break
				}
				fmt.Fprintf(w, "  %s: %s\n", lineWords(rr.line, rr.rule), bounded(fold(sels(in, rr.pages)), in.Max))
			}
		}
	}
	fmt.Fprintln(w)
}

// ruleRefusals are the pages one deciding line refuses.
type ruleRefusals struct {
	line  int
	rule  string
	pages []int
}

func addRefusal(rs []ruleRefusals, line int, rule string, page int) []ruleRefusals {
	for k := range rs {
		if rs[k].line == line && rs[k].rule == rule {
			rs[k].pages = append(rs[k].pages, page)
			return rs
		}
	}
	return append(rs, ruleRefusals{line: line, rule: rule, pages: []int{page}})
}

// lineWords names a deciding line: "line 4 (Disallow: /private/)", or
// what decided when no line did.
func lineWords(line int, rule string) string {
	if line == 0 {
		return "the fetch of robots.txt, before any rule"
	}
	return fmt.Sprintf("line %d (%s)", line, core.Visible(rule))
}

// writeSplits lists the pages readers disagree on (some allow, some
// refuse), grouped by who refuses by which line and who allows: two
// readers that both allow are never shown as disagreeing, whatever
// line (or none) let them in.
func writeSplits(w io.Writer, in Input) {
	type split struct {
		refused, allowed []string
		pages            []int
	}
	var order []string
	groups := map[string]*split{}
	total := 0
	for i, row := range in.Verdicts {
		var refused, allowed []string
		for j := range row {
			v := &row[j]
			if v.Allowed {
				allowed = append(allowed, in.Readers[j].Name)
			} else {
				refused = append(refused, in.Readers[j].Name+"\x00"+lineWords(v.Line, v.Rule))
			}
		}
		if len(refused) == 0 || len(allowed) == 0 {
			continue
		}
		total++
		key := strings.Join(refused, "\x01") + "\x02" + strings.Join(allowed, "\x01")
		g := groups[key]
		if g == nil {
			g = &split{refused: refused, allowed: allowed}
			groups[key] = g
			order = append(order, key)
		}
		g.pages = append(g.pages, i)
	}
	if total == 0 {
		return
	}
	sort.SliceStable(order, func(a, b int) bool { return len(groups[order[a]].pages) > len(groups[order[b]].pages) })
	fmt.Fprintf(w, "The readers disagree on %s:\n", plural(total, "page"))
	for k, key := range order {
		if k == in.Max {
			rest := 0
			for _, key := range order[k:] {
				rest += len(groups[key].pages)
			}
			fmt.Fprintf(w, "  and %s in %d more groups (site -json lists every page)\n", plural(rest, "page"), len(order)-k)
			break
		}
		g := groups[key]
		fmt.Fprintf(w, "  %s:\n", bounded(fold(sels(in, g.pages)), in.Max))
		fmt.Fprintf(w, "    refused by %s\n", byLine(g.refused))
		fmt.Fprintf(w, "    allowed by %s\n", strings.Join(g.allowed, ", "))
	}
	fmt.Fprintln(w)
}

// byLine joins "reader\x00line words" pairs by line:
// "gemini, conner2020 (line 4 (Disallow: /p)); TLGS (line 9 (...))".
func byLine(pairs []string) string {
	var lines []string
	who := map[string][]string{}
	for _, p := range pairs {
		name, line, _ := strings.Cut(p, "\x00")
		if _, ok := who[line]; !ok {
			lines = append(lines, line)
		}
		who[line] = append(who[line], name)
	}
	parts := make([]string, len(lines))
	for i, l := range lines {
		parts[i] = strings.Join(who[l], ", ") + ": " + l
	}
	return strings.Join(parts, "; ")
}

// writeKeptOut lists the pages robots.txt kept smolbots out of,
// grouped by the readings and lines that did.
func writeKeptOut(w io.Writer, in Input) {
	var order []string
	groups := map[string][]int{}
	firstLine := map[string]int{}
	agent := ""
	for i := range in.Walk.Pages {
		p := &in.Walk.Pages[i]
		if !p.Refused {
			continue
		}
		if len(p.KeptBy) > 0 {
			agent = p.KeptBy[0].Agent
		}
		if _, ok := groups[p.Why]; !ok {
			order = append(order, p.Why)
			if len(p.KeptBy) > 0 {
				firstLine[p.Why] = p.KeptBy[0].Line
			}
		}
		groups[p.Why] = append(groups[p.Why], i)
	}
	if len(order) == 0 {
		return
	}
	sort.SliceStable(order, func(a, b int) bool { return firstLine[order[a]] < firstLine[order[b]] })
	n := 0
	for _, is := range groups {
		n += len(is)
	}
	if agent == "" {
		agent = "smolbots"
	}
	fmt.Fprintf(w, "Not fetched: robots.txt keeps %s, the walk's own agent (not the readers above), out of %s, so what %s to stays unseen:\n",
		core.Visible(agent), plural(n, "page"), verb(n, "it links", "they link"))
	for k, why := range order {
		if k == in.Max {
			fmt.Fprintf(w, "  and %d more reasons\n", len(order)-k)
			break
		}
		fmt.Fprintf(w, "  %s: %s\n", core.Visible(why), bounded(fold(sels(in, groups[why])), in.Max))
	}
	fmt.Fprintln(w)
}

func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
