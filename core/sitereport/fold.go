package sitereport

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// folded is a set of pages shown as one item: a single page, or the
// pages under one directory ("/private/" with Count 12).
type folded struct {
	Prefix string // the page, or the directory the pages share
	Count  int
}

func (f folded) String() string {
	if f.Count == 1 {
		return pageName(f.Prefix)
	}
	return fmt.Sprintf("%d pages under %s", f.Count, pageName(f.Prefix))
}

// pageName is how the report names a selector: Gopher's root menu has
// an empty one.
func pageName(sel string) string {
	if sel == "" {
		return "the root menu"
	}
	return core.Visible(sel)
}

// fold groups selectors by their first directory ("/gemlog/"), each
// group named by the directory all its pages share, most pages first.
// A lone page stands for itself.
func fold(sels []string) []folded {
	groups := map[string][]string{}
	var order []string
	for _, s := range sels {
		k := firstDir(s)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], s)
	}
	out := make([]folded, 0, len(order))
	for _, k := range order {
		g := groups[k]
		if len(g) == 1 {
			out = append(out, folded{Prefix: g[0], Count: 1})
			continue
		}
		out = append(out, folded{Prefix: commonDir(g), Count: len(g)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Count > out[j].Count })
	return out
}

// firstDir is s up to and including the first slash after its first
// character ("/gemlog/2024/a.gmi" -> "/gemlog/"); s itself when there
// is none.
func firstDir(s string) string {
	if len(s) < 2 {
		return s
	}
	if i := strings.IndexByte(s[1:], '/'); i >= 0 {
		return s[:i+2]
	}
	return s
}

// commonDir is the longest directory (ending in /) every s starts
// with, or the longest common prefix when they share no slash.
func commonDir(ss []string) string {
	p := ss[0]
	for _, s := range ss[1:] {
		n := 0
		for n < len(p) && n < len(s) && p[n] == s[n] {
			n++
		}
		p = p[:n]
	}
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i+1]
	}
	return p
}

// bounded shows at most max items, then how many more pages there are.
func bounded(items []folded, max int) string {
	var parts []string
	more := 0
	for i, it := range items {
		if i < max {
			parts = append(parts, it.String())
		} else {
			more += it.Count
		}
	}
	if more > 0 {
		return strings.Join(parts, ", ") + fmt.Sprintf(" and %s more", plural(more, "page"))
	}
	if len(parts) > 1 {
		return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	return strings.Join(parts, "")
}

// Pages words a list of selectors for a sentence: folded by directory,
// at most max items, then how many more pages.
func Pages(sels []string, max int) string {
	return bounded(fold(sels), max)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
