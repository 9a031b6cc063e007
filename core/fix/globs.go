package fix

import (
	"fmt"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// trailingStarPrefix is the prefix a rule value means when its only
// operator is one final * ("/txt/*" gives "/txt/"), else "". A bare *
// gives "" too: an empty value would allow everything.
func trailingStarPrefix(value string) string {
	p, ok := strings.CutSuffix(value, "*")
	if !ok || p == "" || strings.ContainsAny(p, "*$") {
		return ""
	}
	return p
}

// withoutTrailingStar is line l's text with its value's final * cut.
func withoutTrailingStar(l core.Line) string {
	at := l.ValuePos.Offset - l.Pos.Offset + len(l.Value) - 1
	return l.Text[:at] + l.Text[at+1:]
}

// trailingStarRules are the lines of f whose rule ends in a * that is
// its only operator.
func trailingStarRules(f *core.File) []core.Line {
	var out []core.Line
	for _, l := range f.Lines {
		if (l.Key == core.Allow || l.Key == core.Disallow) && trailingStarPrefix(l.Value) != "" {
			out = append(out, l)
		}
	}
	return out
}

// plainStar are the dialects in scope that read * as a plain character.
func (fx *fixer) plainStar() []string {
	var ids []string
	for _, d := range fx.opt.Protocol.Dialects() {
		if d.Patterns == core.Prefix {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

// cutTrailingStars rewrites "Disallow: /txt/*" as "Disallow: /txt/".
// Where * is a wildcard a final one adds nothing; where it is a plain
// character the rule matched only selectors holding "/txt/*" and now
// matches all of /txt/. The guard keeps the rewrite only where no
// reader is let in (a Disallow refuses more where * was plain; an Allow
// would let more in, and TLGS reads "/txt/" otherwise than "/txt/*").
func cutTrailingStars(fx *fixer) []edit {
	v := fx.view()
	plain := words(fx.plainStar())
	var edits []edit
	for _, l := range trailingStarRules(v.f) {
		id, text := v.id(l.Pos.Line), withoutTrailingStar(l)
		msg := fmt.Sprintf("%q is now %q: a final * adds nothing where * is a wildcard, and where it is a plain character (%s) the rule matched only selectors holding the * itself", l.Rule(), strings.TrimSpace(text), plain)
		edits = append(edits, edit{apply: func(d *doc) (pending, bool) {
			i := d.index(id)
			if i < 0 || d.lines[i].text != l.Text {
				return pending{}, false
			}
			d.lines[i].text = text
			return change(d, "glob-portability", msg, id, []int{id}, nil), true
		}})
	}
	return edits
}

// prefixBeside adds "Disallow: /txt/" after a "Disallow: /txt/*" that
// cutTrailingStars could not rewrite, where some reader would read the
// prefix otherwise: the * line stays for those readers, and the readers
// that take * as a plain character now refuse /txt/ as the others do.
// A Disallow only ever refuses more; the guard keeps it where no reader
// is moved off a refusal and more rows agree.
func prefixBeside(fx *fixer) []edit {
	v := fx.view()
	// The Disallow values each group of the reference has already.
	group := groupOfLine(v.rs)
	have := map[string]bool{}
	key := func(l core.Line, value string) string {
		g, ok := group[l.Pos.Line]
		if !ok {
			g = -1
		}
		return fmt.Sprint(g, " ", value)
	}
	for _, l := range v.f.Lines {
		if l.Key == core.Disallow {
			have[key(l, l.Value)] = true
		}
	}
	plain := words(fx.plainStar())
	var adds []addition
	for _, l := range trailingStarRules(v.f) {
		p := trailingStarPrefix(l.Value)
		if l.Key != core.Disallow || have[key(l, p)] {
			continue
		}
		text := withoutTrailingStar(l)
		msg := fmt.Sprintf("%q is added after %q: %s read * as a plain character and now refuse %s too; the * line stays, as fix could not rewrite it (the finding left on it says why)", strings.TrimSpace(text), l.Rule(), plain, p)
		adds = append(adds, addition{code: "glob-portability", msg: msg, after: v.id(l.Pos.Line), texts: []string{text}})
	}
	return addEach(adds)
}

// whyStarKept says, for each glob-portability finding left on a rule
// with one final *, which reader the rewrite without the * would let
// in, and where: the reason fix kept the line as it is.
func whyStarKept(rem []Remaining, d *doc, held *rowSet) {
	f := d.full()
	var before *table
	for i, r := range rem {
		if r.Code != "glob-portability" || r.Line < 1 || r.Line > len(d.lines) {
			continue
		}
		l := f.Lines[r.Line-1]
		if (l.Key != core.Allow && l.Key != core.Disallow) || trailingStarPrefix(l.Value) == "" {
			continue
		}
		if before == nil {
			t := held.table(f)
			before = &t
		}
		c := d.clone()
		c.lines[r.Line-1].text = withoutTrailingStar(l)
		opened := held.opened(*before, held.table(c.full()))
		if len(opened) == 0 {
			continue
		}
		rem[i].Why = fmt.Sprintf("fix keeps the *: as %q the line would let %s", strings.TrimSpace(c.lines[r.Line-1].text), strings.Join(openedClauses(opened), "; "))
	}
}
