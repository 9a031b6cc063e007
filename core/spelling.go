package core

import (
	"fmt"
	"strconv"
	"strings"
)

// AnySpelling: a reader that tests every spelling of a target against
// every spelling of a rule, any match refusing (gopher-mcp's gate).

// spellingsRef is where gopher-mcp builds and tests the spellings.
const spellingsRef = "cameronrye/gopher-mcp@43f5afc2bc562c50043ff803334cab827a121ec0:src/gopher_mcp/robots.py:180-193,246-266"

// Spellings are the targets an AnySpelling reader tests for s, first the
// one as given; typed says whether a Gopher item type was known (from a
// gopher:// URL), without which the typed spellings are missing.
func (d *Dialect) Spellings(s string) (spellings []string, typed bool) {
	if d.Crawler != nil && d.Crawler.Protocol == "gopher" {
		typ, sel, ok := gopherTyped(s)
		if !strings.HasPrefix(sel, "/") {
			sel = "/" + sel
		}
		if !ok {
			return expandSpellings([]string{sel}), false
		}
		return expandSpellings([]string{sel, "/" + typ + sel, typ + sel}), true
	}
	path := s
	if rest, ok := splitGeminiURL(s); ok {
		path = rest
	} else if sel, err := SelectorFrom(s); err == nil {
		path = sel // a gopher:// URL: its selector
	}
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	if path == "" {
		path = "/"
	}
	return expandSpellings([]string{geminiPath(path)}), true
}

// gopherTyped gives a gopher:// URL's item type and selector (the type
// "1" of the root menu when the URL has no path); ok is false for a bare
// selector, returned as it is.
func gopherTyped(s string) (typ, sel string, ok bool) {
	sel, err := SelectorFrom(s)
	if err != nil {
		return "", s, false
	}
	if !isCrawlURL(s) || !equalFoldASCII(s[:6], "gopher") {
		return "", sel, false
	}
	_, path, _ := strings.Cut(s[len("gopher://"):], "/")
	if path == "" {
		return "1", sel, true
	}
	return path[:1], sel, true
}

// geminiPath is gopher-mcp's normalize_gemini_path: %2e in any case
// decoded to ".", then RFC 3986's dot-segment removal
// (cameronrye/gopher-mcp@43f5afc2bc562c50043ff803334cab827a121ec0:src/gopher_mcp/gemini_parse.py:42,45-94).
func geminiPath(p string) string {
	for i := 0; i+2 < len(p); i++ {
		if p[i] == '%' && p[i+1] == '2' && (p[i+2] == 'e' || p[i+2] == 'E') {
			p = p[:i] + "." + p[i+3:]
		}
	}
	var out []string
	for p != "" {
		switch {
		case strings.HasPrefix(p, "../"):
			p = p[3:]
		case strings.HasPrefix(p, "./"):
			p = p[2:]
		case strings.HasPrefix(p, "/./"):
			p = "/" + p[3:]
		case p == "/.":
			p = "/"
		case strings.HasPrefix(p, "/../"), p == "/..":
			p = "/" + p[min(4, len(p)):]
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		case p == "." || p == "..":
			p = ""
		default:
			start := 0
			if p[0] == '/' {
				start = 1
			}
			end := strings.IndexByte(p[start:], '/')
			if end < 0 {
				end = len(p)
			} else {
				end += start
			}
			out = append(out, p[:end])
			p = p[end:]
		}
	}
	return strings.Join(out, "")
}

// expandSpellings is gopher-mcp's expand_path_candidates: each path as
// given and percent-decoded, and each of those with its dot segments
// resolved by posixpath.normpath (a final / kept) when it holds "./" or
// ends in "/..", without repeats.
func expandSpellings(paths []string) []string {
	var out []string
	add := func(s string) {
		for _, x := range out {
			if x == s {
				return
			}
		}
		out = append(out, s)
	}
	for _, p := range paths {
		for _, v := range []string{p, pyUnquote(p)} {
			add(v)
			if strings.Contains(v, "./") || strings.HasSuffix(v, "/..") {
				r := pyNormpath(v)
				if strings.HasSuffix(v, "/") && !strings.HasSuffix(r, "/") {
					r += "/"
				}
				add(r)
			}
		}
	}
	return out
}

// pyNormpath is Python's posixpath.normpath: repeated slashes folded
// (two leading ones kept), "." dropped, ".." resolved where it can be,
// "." for an empty result.
func pyNormpath(p string) string {
	if p == "" {
		return "."
	}
	lead := ""
	if strings.HasPrefix(p, "/") {
		lead = "/"
		if strings.HasPrefix(p, "//") && !strings.HasPrefix(p, "///") {
			lead = "//"
		}
	}
	var out []string
	for _, c := range strings.Split(p, "/") {
		switch {
		case c == "" || c == ".":
		case c != ".." || lead == "" && len(out) == 0 || len(out) > 0 && out[len(out)-1] == "..":
			out = append(out, c)
		case len(out) > 0:
			out = out[:len(out)-1]
		}
	}
	s := lead + strings.Join(out, "/")
	if s == "" {
		return "."
	}
	return s
}

// decideSpellings is decide for an AnySpelling reader: the first
// spelling a rule refuses decides, with that spelling as the target.
func (p *Policy) decideSpellings(sel string, notes *[]string) (*compiledRule, string) {
	d := &p.Dialect
	spellings, typed := d.Spellings(sel)
	if notes != nil && !typed && p.typedRules() {
		*notes = append(*notes, fmt.Sprintf("A bare selector gives no item type, so only its spellings without one were tested; %s also tests /T%s and T%s, T being the item type (%s): give a gopher://host/T... URL for those.", d.name(), spellings[0], spellings[0], d.cite("target")))
	}
	for _, s := range spellings {
		r := p.decideTarget(s, nil)
		if r == nil {
			continue
		}
		if notes != nil && (s != spellings[0] || r.pattern != r.line.Value) {
			*notes = append(*notes, fmt.Sprintf("%s tests every spelling of the target (%s) against each rule as written and percent-decoded, and any match refuses (%s): %s matched %s.", d.name(), quoteNames(spellings), d.cite("spellings"), strconv.Quote(r.pattern), strconv.Quote(s)))
		}
		return r, s
	}
	return nil, spellings[0]
}

// typedRules: a rule of the policy could match a spelling with an item
// type ("0/x", "/1/x", "/1") that it does not match without one; only
// then does a bare selector's missing type matter.
func (p *Policy) typedRules() bool {
	if p.tab == nil {
		return false
	}
	for i := range p.tab.rules {
		r := p.tab.rules[i].pattern
		switch {
		case r == "" || r == "/":
		case r[0] != '/', r[1] == '*', len(r) == 2, r[2] == '/' || r[2] == '*' || r[2] == '$':
			return true
		}
	}
	return false
}
