package sitereport

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/untested"
)

// writeRules says what each Allow and Disallow line decides among the
// pages found, per reader where they differ; then the rules that
// decide none of them, with any near miss (a linked page the rule
// would cover but for a trailing slash, letter case or one path
// segment).
func writeRules(w io.Writer, in Input) {
	var deciding, idle, keptOnly []string
	var misses []string
	pages := make([]string, len(in.Walk.Pages))
	kept := map[int]int{} // line -> pages it kept smolbots out of
	keeper := ""
	for i := range in.Walk.Pages {
		p := &in.Walk.Pages[i]
		pages[i] = p.Selector
		seen := map[int]bool{}
		for _, r := range p.KeptBy {
			if !seen[r.Line] {
				seen[r.Line] = true
				kept[r.Line]++
				keeper = r.Agent
			}
		}
	}
	for i := range in.File.Lines {
		l := &in.File.Lines[i]
		if l.Key != core.Disallow && l.Key != core.Allow {
			continue
		}
		name := lineWords(l.Number(), l.Rule())
		counts := make([]int, len(in.Readers))
		any := false
		for j := range in.Readers {
			for p := range in.Walk.Pages {
				if in.Verdicts[p][j].Line == l.Number() {
					counts[j]++
					any = true
				}
			}
		}
		if !any && kept[l.Number()] > 0 {
			// The walk's own reading used it: the readers above did not.
			keptOnly = append(keptOnly, fmt.Sprintf("%s decides no page for the readers above, yet kept %s out of %s (Not fetched): its group reaches the walk's agent, not theirs",
				name, core.Visible(keeper), plural(kept[l.Number()], "page")))
			continue
		}
		if !any {
			idle = append(idle, name)
			if l.Key == core.Disallow {
				if page, why, ok := nearMiss(l.Value, pages); ok {
					misses = append(misses, fmt.Sprintf("%s covers no page found, but %s is linked: %s", name, pageName(page), why))
				}
			}
			continue
		}
		deed := "refuses"
		if l.Key == core.Allow || l.Value == "" {
			deed = "lets in"
		}
		deciding = append(deciding, name+": "+deed+" "+perReader(counts, in.Readers))
	}
	if len(deciding)+len(idle)+len(keptOnly) == 0 {
		return
	}
	fmt.Fprintf(w, "Your rules, against the %s found (%s):\n", plural(len(pages), "page"), whose(in))
	for k, s := range deciding {
		if k == in.Max {
			fmt.Fprintf(w, "  and %d more rules that decide pages (site -json gives each page's line)\n", len(deciding)-k)
			break
		}
		fmt.Fprintf(w, "  %s\n", s)
	}
	for k, s := range keptOnly {
		if k == in.Max {
			fmt.Fprintf(w, "  and %d more rules that only kept smolbots out\n", len(keptOnly)-k)
			break
		}
		fmt.Fprintf(w, "  %s\n", s)
	}
	if len(idle) > 0 {
		shown := idle
		more := ""
		if len(shown) > in.Max {
			shown, more = shown[:in.Max], fmt.Sprintf(" and %d more", len(idle)-in.Max)
		}
		fmt.Fprintf(w, "  Deciding no page found (%d): %s%s\n", len(idle), strings.Join(shown, ", "), more)
	}
	for k, m := range misses {
		if k == in.Max {
			fmt.Fprintf(w, "  and %d more near misses\n", len(misses)-k)
			break
		}
		fmt.Fprintf(w, "  Near miss: %s\n", m)
	}
	fmt.Fprintln(w)
}

// perReader words how many pages a line decides for each reader: "2
// pages" when every reader agrees, else "2 pages for gemini, TLGS;
// none for rfc9309".
func perReader(counts []int, readers []Reader) string {
	var order []int
	who := map[int][]string{}
	for j, n := range counts {
		if _, ok := who[n]; !ok {
			order = append(order, n)
		}
		who[n] = append(who[n], readers[j].Name)
	}
	if len(order) == 1 {
		return plural(order[0], "page")
	}
	sort.Sort(sort.Reverse(sort.IntSlice(order)))
	parts := make([]string, len(order))
	for i, n := range order {
		c := plural(n, "page")
		if n == 0 {
			c = "none"
		}
		parts[i] = c + " for " + strings.Join(who[n], ", ")
	}
	return strings.Join(parts, "; ")
}

// nearMiss finds a page a plain Disallow value would cover but for a
// trailing slash, letter case, or one path segment, and says which.
func nearMiss(rule string, pages []string) (page, why string, ok bool) {
	if rule == "" || rule == "/" || strings.ContainsAny(rule, "*$") {
		return "", "", false
	}
	bare := strings.TrimSuffix(rule, "/")
	for _, p := range pages {
		if bare != rule && p == bare {
			return p, "the rule ends in / and the page does not", true
		}
	}
	for _, p := range pages {
		if strings.HasPrefix(p, rule) {
			return "", "", false // it covers the page as written: no near miss
		}
	}
	low := strings.ToLower(rule)
	for _, p := range pages {
		if strings.HasPrefix(strings.ToLower(p), low) {
			return p, "they differ only in letter case, and rules match case as written", true
		}
	}
	if short := dropSegment(rule); short != "" && short != "/" {
		for _, p := range pages {
			if strings.HasPrefix(p, short) {
				return p, fmt.Sprintf("it lies under %s, one segment shorter than the rule", core.Visible(short)), true
			}
		}
	}
	for _, p := range pages {
		if short := dropSegment(p); short != "" && strings.HasPrefix(short, rule) {
			return p, fmt.Sprintf("without its first segment it would start with %s", core.Visible(rule)), true
		}
	}
	return "", "", false
}

// dropSegment is a path without its first segment ("/a/b/c" -> "/b/c"),
// "" when it has only one.
func dropSegment(p string) string {
	if !strings.HasPrefix(p, "/") {
		return ""
	}
	i := strings.IndexByte(p[1:], '/')
	if i < 0 {
		return ""
	}
	return p[i+1:]
}

// writeHint says when the file's groups name agents or roles no agent
// tested here carries, so their rules never show in the dialects'
// verdicts (check gives the same hint for one named agent).
func writeHint(w io.Writer, in Input) {
	dialects := false
	for _, r := range in.Readers {
		dialects = dialects || r.Dialect
	}
	if !dialects {
		return
	}
	groups := untested.Groups(in.File, in.Agents)
	var names []string
	for _, g := range groups {
		names = append(names, fmt.Sprintf("%s (line %d)", core.Visible(g.Value), g.Line))
	}
	role := untested.FirstRole(groups)
	if len(names) == 0 {
		return
	}
	shown := names
	if len(shown) > in.Max {
		shown = append(shown[:in.Max:in.Max], fmt.Sprintf("%d more", len(names)-in.Max))
	}
	tested := make([]string, len(in.Agents))
	for i, a := range in.Agents {
		tested[i] = a.Raw
	}
	try := "-agent NAME for a crawler the file names"
	if role != "" {
		try = fmt.Sprintf("-agent 'NAME(%s)' for a crawler in that role, or %s", role, try)
	}
	fmt.Fprintf(w, "Note: the groups for %s apply to no agent tested here (%s), so the dialects' verdicts above never use their rules; add %s.\n\n",
		strings.Join(shown, ", "), core.Visible(strings.Join(tested, ", ")), try)
}
