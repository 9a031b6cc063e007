package lint

import (
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// A lint message that names dialects is written as a template: the
// names, the verbs that agree with them and the clauses about one
// dialect are marked, so that a scope (a protocol, the page's shown
// columns) can word the message again naming only the dialects it
// keeps. Lint renders every template for all six dialects;
// ScopeFindings renders it for the scope.
//
// The marks are control bytes, which no message carries otherwise:
// text from the file or from a selector reaches a message through
// quote, which escapes them. A set is the byte after its mark, setByte
// + the set.
const (
	mNames = '\x1e' // mNames S: the names of S in scope ("gemini and rfc9309")
	mVerb  = '\x1d' // mVerb S one mOr many mEnd: the verb agreeing with S in scope
	mOr    = '\x1c'
	mEnd   = '\x1f'
	mIf    = '\x1b' // mIf S then mElse else mFi: then when S has a dialect in scope, else otherwise
	mElse  = '\x19'
	mFi    = '\x1a'

	setByte = 0x40
)

// The marks of a clause about one dialect, for messages that are
// constants: ifGemini + text + endIf is inGemini.only(text). A test
// holds them to the sets.
const (
	ifGopher2019  = "\x1bA" // mIf, setByte + inGopher2019
	ifGopherDraft = "\x1bB"
	ifGemini      = "\x1bD"
	endIf         = "\x19\x1a" // mElse, mFi
)

// The marks of every set, side by side: a set's mark is a slice of
// these, so writing one costs nothing.
var namesMarks, verbMarks, ifMarks = markPairs(mNames), markPairs(mVerb), markPairs(mIf)

func markPairs(m byte) string {
	b := make([]byte, 0, 2*(inAll+1))
	for s := range inAll + 1 {
		b = append(b, m, setByte+byte(s))
	}
	return string(b)
}

func pair(marks string, s dialectSet) string {
	s &= inAll
	return marks[2*s : 2*s+2]
}

// inEveryScope are the dialects every protocol keeps (bothSchemes): a
// set of them alone is written out, as no scope words it otherwise, and
// a message naming only them is no template (Lint writes many).
var inEveryScope = func() (s dialectSet) {
	for i, d := range lintDialects {
		if slices.Contains(core.BothSchemes, d.ID) {
			s |= 1 << i
		}
	}
	return s
}()

// String is a template naming the dialects of s: "gemini, gopherdraft
// and norobots" for all six, only those in scope for a scope.
//
//go:noinline
func (s dialectSet) String() string {
	if s&^inEveryScope == 0 {
		return setNames[s&inAll]
	}
	return pair(namesMarks, s)
}

// verb is one or many, agreeing with the number of s's dialects in
// scope.
//
//go:noinline
func (s dialectSet) verb(one, many string) string {
	switch {
	case s&^inEveryScope != 0:
		return pair(verbMarks, s) + one + string(mOr) + many + string(mEnd)
	case s&(s-1) == 0:
		return one
	}
	return many
}

// says joins the dialect names with a verb agreeing in number.
//
//go:noinline
func (s dialectSet) says(one, many string) string {
	if s&^inEveryScope == 0 {
		return setNames[s&inAll] + " " + s.verb(one, many)
	}
	return pair(namesMarks, s) + " " + pair(verbMarks, s) + one + string(mOr) + many + string(mEnd)
}

// only is text when s has a dialect in scope, else nothing.
func (s dialectSet) only(text string) string { return s.either(text, "") }

// either is text when s has a dialect in scope, else other.
//
//go:noinline
func (s dialectSet) either(text, other string) string {
	switch {
	case s == 0:
		return other
	case s&^inEveryScope == 0:
		return text // in scope wherever it is read
	}
	return pair(ifMarks, s) + text + string(mElse) + other + string(mFi)
}

// listItem is one part of a wordList: text, kept when set has a
// dialect in scope.
type listItem struct {
	set  dialectSet
	text string
}

// wordList joins the items whose dialects are in scope as joinWords
// does ("a, b and c"): each item is kept with the separator that its
// kept neighbours call for.
func wordList(items []listItem) string {
	out := ""
	var before dialectSet
	for i, it := range items {
		var after dialectSet
		for _, later := range items[i+1:] {
			after |= later.set
		}
		sep := ""
		if i > 0 {
			sep = before.only(after.either(", ", " and "))
		}
		out += it.set.only(sep + it.text)
		before |= it.set
	}
	return out
}

// isTemplate: the message has marked parts.
func isTemplate(msg string) bool { return strings.ContainsAny(msg, "\x1e\x1d\x1b") }

// render words a template for the dialects of scope.
func render(t string, scope dialectSet) string {
	if !isTemplate(t) {
		return t
	}
	b := make([]byte, 0, len(t))
	renderTo(&b, t, scope&inAll, true)
	return string(b)
}

// renderOnce is render, remembered in done: the same templates come back
// many times in a large file.
func renderOnce(done map[string]string, t string, scope dialectSet) string {
	m, ok := done[t]
	if !ok {
		m = render(t, scope)
		done[t] = m
	}
	return m
}

// renderTo appends t to b (when write) up to its end or to the mElse or
// mFi that ends the part it is in, and returns what follows that byte
// and the byte.
func renderTo(b *[]byte, t string, scope dialectSet, write bool) (string, byte) {
	for {
		i := strings.IndexAny(t, "\x1e\x1d\x1b\x19\x1a")
		if i < 0 || i+1 == len(t) && t[i] != mElse && t[i] != mFi {
			i = len(t) // no mark, or one cut short: plain text
		}
		if write {
			*b = append(*b, t[:i]...)
		}
		if i == len(t) {
			return "", 0
		}
		c := t[i]
		if c == mElse || c == mFi {
			return t[i+1:], c
		}
		s := dialectSet(t[i+1]-setByte) & scope
		t = t[i+2:]
		text := ""
		switch c {
		case mNames:
			text = setNames[s]
		case mVerb:
			one, rest, _ := strings.Cut(t, string(mOr))
			text, t, _ = strings.Cut(rest, string(mEnd))
			if s&(s-1) == 0 {
				text = one
			}
		case mIf:
			var stop byte
			if t, stop = renderTo(b, t, scope, write && s != 0); stop == mElse {
				t, _ = renderTo(b, t, scope, write && s == 0)
			}
		}
		if write {
			*b = append(*b, text...)
		}
	}
}
