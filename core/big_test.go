package core

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/smolbots/smolbots/internal/benchrobots"
)

// Adversarial 500 KiB files: shapes that make a check or a policy
// quadratic in lines, groups or rules if one slips in.
func bigCases() []benchrobots.Case { return benchrobots.Adversarial(MaxBytes) }

var bigSelectors = benchrobots.Selectors

var bigAgents = []Agent{MustAgent("GUS(indexer)"), MustAgent("*"), MustAgent("Lupa(researcher,archiver)"), MustAgent("archiver")}

// BenchmarkBig times, on each adversarial file, the lints and what the
// playground does for a grid: compile every dialect, choose a policy per
// agent and test every selector.
func BenchmarkBig(b *testing.B) {
	for _, c := range bigCases() {
		f := Parse(c.Data)
		b.Run(c.Name, func(b *testing.B) {
			b.Run("verdicts", func(b *testing.B) {
				b.SetBytes(int64(len(c.Data)))
				b.ReportAllocs()
				for b.Loop() {
					for _, d := range Dialects() {
						rs := d.Compile(f)
						for _, a := range bigAgents {
							p := rs.Policy(a)
							for _, s := range bigSelectors {
								p.Test(s)
							}
						}
					}
				}
			})
		})
	}
}

// The rule index must give the very verdicts of trying every rule: random
// files full of rules that share prefixes, repeat patterns and use every
// operator, under each dialect and bot.
func TestRuleIndex_SameVerdicts(t *testing.T) {
	defer func(m int) { indexMode = m }(indexMode)
	agents := []string{"*", "GUS", "indexer", "archiver", "gus/1.0", "Lupa", "* x", "%2A", "Index"}
	pats := []string{"", "/", "/a", "/a/", "/a/b", "/a/b/c", "/a*", "/a*b", "/*.x$", "/a$", "$", "*", "**", "/*",
		"/%7e", "/%7Ea", "/~a", "/a?b", "/a;p", "a", "a/b", "/A", "/a%2Fb", "/ä", "/a b", "*/b", "/a/*/c$", "/a$b"}
	sels := []string{"", "/", "/a", "/a/", "/a/b", "/a/b/c", "/a/b/c/d", "/ax", "/axb", "/q.x", "/q.x/y", "/a$", "$",
		"/~a", "/%7ea", "/%7Ea/x", "/a?b", "/a;p", "a", "a/b", "/A", "/a%2Fb", "/a/b", "/ä", "/a b", "x/b", "/a/z/c",
		"/robots.txt", "gopher://h/1/a/b", "/a/q/c", "/a$b"}
	for seed := uint32(1); seed <= 40; seed++ {
		x := seed * 2654435761
		rnd := func(n int) int {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			return int(x % uint32(n))
		}
		var b strings.Builder
		for i := 0; i < 300; i++ {
			switch r := rnd(20); {
			case r < 3:
				fmt.Fprintf(&b, "User-agent: %s\n", agents[rnd(len(agents))])
			case r == 3:
				b.WriteString("Virtual-agent: indexer\n")
			case r == 4:
				b.WriteString("\n")
			case r == 5:
				b.WriteString("  \n")
			case r < 9:
				fmt.Fprintf(&b, "Allow: %s\n", pats[rnd(len(pats))])
			default:
				fmt.Fprintf(&b, "Disallow: %s\n", pats[rnd(len(pats))])
			}
		}
		f := Parse([]byte(b.String()))
		for _, d := range Dialects() {
			plain, indexed := d.compile(f), d.compile(f) // not shared through the file
			for _, as := range []string{"*", "GUS(indexer)", "archiver", "Lupa(researcher,archiver)", "gus", "indexer", "Nobody(indexer)"} {
				a := MustAgent(as)
				indexMode = -1
				pp := plain.Policy(a)
				indexMode = 1
				pi := indexed.Policy(a)
				for _, s := range sels {
					want := pp.Test(s)
					got := pi.Test(s)
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("seed %d, %s, %s, %q:\nindexed %+v\nplain   %+v\nfile:\n%s", seed, d.ID, as, s, got, want, b.String())
					}
					if pi.Allowed(s) != want.Allowed {
						t.Fatalf("seed %d, %s, %s, %q: Allowed differs", seed, d.ID, as, s)
					}
				}
			}
		}
	}
}

// Groups share one array per kind of line; appending to one group's list
// must leave the next group's alone.
func TestCompile_GroupListsAreApart(t *testing.T) {
	f := Parse([]byte("User-agent: a\nUser-agent: b\nDisallow: /1\nCrawl-delay: 1\nCheck: 5\nUser-agent: c\nVirtual-agent: indexer\nDisallow: /2\nAllow: /3\n\nUser-agent: d\nDisallow: /4\n"))
	for _, d := range Dialects() {
		rs := d.Compile(f)
		var before [][4][]string
		lists := func(g *Group) [4][]*Line { return [4][]*Line{g.Agents, g.VirtualAgents, g.Rules, g.Settings} }
		for _, g := range rs.Groups {
			var v [4][]string
			for k, ls := range lists(g) {
				for _, l := range ls {
					v[k] = append(v[k], l.Text)
				}
			}
			before = append(before, v)
		}
		extra := &Line{Text: "extra"}
		for _, g := range rs.Groups {
			_ = append(g.Agents, extra)
			_ = append(g.VirtualAgents, extra)
			_ = append(g.Rules, extra)
			_ = append(g.Settings, extra)
		}
		for i, g := range rs.Groups {
			for k, ls := range lists(g) {
				if len(ls) != len(before[i][k]) {
					t.Fatalf("%s group %d list %d: %d lines, want %d", d.ID, i, k, len(ls), len(before[i][k]))
				}
				for j, l := range ls {
					if l.Text != before[i][k][j] {
						t.Fatalf("%s group %d list %d line %d: %q, want %q", d.ID, i, k, j, l.Text, before[i][k][j])
					}
				}
			}
		}
	}
}

// A built-in dialect groups a file once; a changed dialect of the same ID
// gets its own grouping.
func TestCompile_SharedPerFile(t *testing.T) {
	f := Parse([]byte("User-agent: *\nAllow: /a\nDisallow: /\n"))
	if Gemini.Compile(f) != Gemini.Compile(f) {
		t.Fatal("gemini grouped the same file twice")
	}
	d := Gemini
	d.AllowField = true
	rs := d.Compile(f)
	if rs == Gemini.Compile(f) || !rs.Dialect.AllowField || len(rs.Groups[0].Rules) != 2 {
		t.Fatalf("a changed gemini shares the built-in grouping: %d rules", len(rs.Groups[0].Rules))
	}
	if n := len(Gemini.Compile(f).Groups[0].Rules); n != 1 {
		t.Fatalf("built-in gemini reads %d rules, want 1 (Allow is not a rule there)", n)
	}
	var wg sync.WaitGroup
	got := make([]*Ruleset, 8)
	g := Parse([]byte("User-agent: *\nDisallow: /\n"))
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = RFC9309.Compile(g)
			got[i].Policy(MustAgent("GUS")).Test("/x")
		}()
	}
	wg.Wait()
	for _, rs := range got {
		if rs != got[0] {
			t.Fatal("concurrent readers got different groupings")
		}
	}
}

// A compiled rule matches exactly what PatternSyntax.Match says.
func TestCompiledRule_MatchesLikeMatch(t *testing.T) {
	pats := []string{"/", "/a", "/a*", "*", "**", "$", "/a$", "/a*$", "*$", "/a$b", "/*.x$", "/a*b*c", "/a**b", "a$$", "/$*", "*/b$"}
	sels := []string{"", "/", "/a", "/ab", "/a$", "/a$b", "/x.x", "/x.x/", "/abc", "/a/b/c", "/aXbYc", "a$", "a$$", "/$", "x/b", "/b"}
	for _, d := range Dialects() {
		for _, pat := range pats {
			f := Parse([]byte("User-agent: *\nDisallow: " + pat + "\n"))
			rules, _ := compileRules(&d, d.compile(f).Groups)
			for _, r := range rules {
				for _, s := range sels {
					if got, want := r.matches(d.Patterns, s), d.Patterns.Match(r.pattern, s); got != want {
						t.Errorf("%s: %q against %q: %v, want %v", d.ID, r.pattern, s, got, want)
					}
				}
			}
		}
	}
}

// sameDialect must see a change to any field of a Dialect, or a changed
// dialect would get a built-in one's grouping from the file's cache.
func TestSameDialect_EveryField(t *testing.T) {
	base := RFC9309
	// Every leaf field, by its index path: Facts' fields one by one.
	var paths [][]int
	typ := reflect.TypeOf(base)
	for i := range typ.NumField() {
		if ft := typ.Field(i).Type; ft.Kind() == reflect.Struct {
			for j := range ft.NumField() {
				paths = append(paths, []int{i, j})
			}
		} else {
			paths = append(paths, []int{i})
		}
	}
	for _, path := range paths {
		d := RFC9309
		d.DelayFields = slices.Clone(RFC9309.DelayFields)
		f := reflect.ValueOf(&d).Elem().FieldByIndex(path)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Uint8:
			f.SetUint(f.Uint() + 1)
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.Slice:
			f.Set(reflect.Append(f, reflect.ValueOf(Check)))
		case reflect.Pointer:
			f.Set(reflect.ValueOf(&Crawler{}))
		default:
			t.Fatalf("field %v: kind %s not covered by this test", path, f.Kind())
		}
		if sameDialect(&base, &d) {
			t.Errorf("sameDialect misses a change to field %v (%s)", path, typ.FieldByIndex(path).Name)
		}
	}
	if d := RFC9309; !sameDialect(&base, &d) {
		t.Error("sameDialect: a copy differs")
	}
}
