package core

import (
	"strings"
	"testing"
)

func TestMatch_Table(t *testing.T) {
	for _, c := range []struct {
		syntax     PatternSyntax
		pattern    string
		sel        string
		want       bool
		whyComment string
	}{
		// Prefix: literal, `*` and `$` included.
		{Prefix, "/foo", "/foo/bar", true, "prefix"},
		{Prefix, "/foo", "foo", false, "no slash is added"},
		{Prefix, "/a*", "/ab", false, "star is literal"},
		{Prefix, "/a*", "/a*b", true, "star is literal"},
		{Prefix, "/x$", "/x$y", true, "dollar is literal"},
		{Prefix, "/x$", "/x", false, "dollar is literal"},
		{Prefix, "", "/x", true, "empty pattern is a prefix of everything (the evaluators skip it)"},
		{Prefix, "/A", "/a", false, "case sensitive"},

		// Glob (gopher2019): anchored at the start, `*` any run, no end anchor.
		{Glob, "*/", "foo/bar", true, "seed 000 example"},
		{Glob, "*/", "robots.txt", false, "seed 000: no slash"},
		{Glob, "*/", "/", true, "zero characters"},
		{Glob, "/a*c", "/a\nb\nc", true, "star crosses newlines"},
		{Glob, "/a*c", "/abd", false, ""},
		{Glob, "/a*c", "/xac", false, "anchored at the start"},
		{Glob, "/x$", "/x$", true, "dollar is literal"},
		{Glob, "/x$", "/x", false, "dollar is literal"},
		{Glob, "$", "$", true, ""},
		{Glob, "*", "", true, ""},
		{Glob, "**", "abc", true, ""},
		{Glob, "a**b", "ab", true, ""},
		{Glob, "*a*a*a*a*a*a*b", strings.Repeat("a", 40) + "b", true, ""},
		{Glob, "*a*a*a*a*a*a*b", strings.Repeat("a", 40), false, "no b"},
		{Glob, "*a*a*a*a*a*a*b", "aaaaab", false, "five a, pattern needs six"},
		{Glob, "*a*a*a*a*a*a*b", "aaaaaab", true, "exactly six"},
		{Glob, "*a*a*a*a*a*a*b", "xaxaxaxaxaxaxbx", true, "no end anchor"},

		// GlobDollar (rfc9309): a final `$` anchors the end.
		{GlobDollar, "/*.php$", "/a.php", true, ""},
		{GlobDollar, "/*.php$", "/a.php?x", false, ""},
		{GlobDollar, "/*.php$", "/a.php.php", true, "the last piece is a suffix"},
		{GlobDollar, "/*.php$", "/.php", true, ""},
		{GlobDollar, "/*.php$", "/php", false, ""},
		{GlobDollar, "/x$", "/x", true, ""},
		{GlobDollar, "/x$", "/xy", false, ""},
		{GlobDollar, "/x$y", "/x$y", true, "a dollar inside is literal"},
		{GlobDollar, "/$", "/", true, ""},
		{GlobDollar, "$", "", true, ""},
		{GlobDollar, "$", "/", false, ""},
		{GlobDollar, "/a*$", "/a", true, ""},
		{GlobDollar, "/a*b$", "/ab/b", true, "greedy first piece must not stop the suffix"},
		{GlobDollar, "/a*bb$", "/abb", true, ""},
		{GlobDollar, "/a*bb$", "/ab", false, "pieces may not overlap"},
		{GlobDollar, "/aa*aa$", "/aaa", false, "the prefix and the suffix may not overlap"},
		{GlobDollar, "/aa*aa$", "/aaaa", true, ""},
		{GlobDollar, "*a*a*a*a*a*a*b$", strings.Repeat("a", 40) + "b", true, ""},
		{GlobDollar, "*a*a*a*a*a*a*b$", strings.Repeat("a", 40) + "bx", false, ""},
		{GlobDollar, "*a*a*a*a*a*a*b", strings.Repeat("a", 40) + "bx", true, ""},
		{GlobDollar, "/fish*", "/fish", true, "trailing star is a no-op"},
		{GlobDollar, "/$$", "/$", true, "only the last dollar anchors"},
	} {
		if got := c.syntax.Match(c.pattern, c.sel); got != c.want {
			t.Errorf("syntax %d: Match(%q, %q) = %v, want %v %s", c.syntax, c.pattern, c.sel, got, c.want, c.whyComment)
		}
	}
}

// A pathological pattern against a long selector still answers (the
// matcher is linear; the benchmark below measures it).
func TestMatch_Pathological(t *testing.T) {
	sel := strings.Repeat("a", 100000)
	pattern := strings.Repeat("*a", 50) + "*b"
	for _, s := range []PatternSyntax{Glob, GlobDollar} {
		if s.Match(pattern, sel) {
			t.Errorf("syntax %d matched without a b", s)
		}
		if !s.Match(pattern, sel+"b") {
			t.Errorf("syntax %d missed the final b", s)
		}
	}
}

func BenchmarkMatch_Pathological(b *testing.B) {
	sel := strings.Repeat("a", 10000)
	pattern := strings.Repeat("*a", 50) + "*b$"
	for i := 0; i < b.N; i++ {
		GlobDollar.Match(pattern, sel)
	}
}

func TestMatch_HasOperators(t *testing.T) {
	for _, c := range []struct {
		p           string
		star, dolar bool
	}{
		{"/a", false, false}, {"/a*", true, false}, {"/a$", false, true}, {"/*$", true, true}, {"/$a", false, false},
	} {
		if s, d := HasOperators(c.p); s != c.star || d != c.dolar {
			t.Errorf("HasOperators(%q) = %v %v", c.p, s, d)
		}
	}
}
