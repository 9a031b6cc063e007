package core_test

// Hostile and degenerate inputs: each must parse and answer without a
// crash or a hang, and each test checks what the answer is. No timings
// here: speed is for the benchmarks.

import (
	"bytes"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/lint"
)

// answerAll runs every dialect for a few agents and the given selectors
// and returns the verdicts by dialect ID and selector, for agent `*`. It
// also checks that Allowed agrees with Test, and that Lint returns.
func answerAll(t *testing.T, f *core.File, selectors ...string) map[string]map[string]core.Verdict {
	t.Helper()
	out := map[string]map[string]core.Verdict{}
	for _, d := range core.Dialects() {
		out[d.ID] = map[string]core.Verdict{}
		rs := d.Compile(f)
		for _, agent := range []string{"*", "GUS(indexer)", "indexer"} {
			p := rs.Policy(core.MustAgent(agent))
			for _, sel := range selectors {
				v := p.Test(sel)
				if p.Allowed(sel) != v.Allowed {
					t.Fatalf("%s %s %q: Allowed and Test disagree", d.ID, agent, sel)
				}
				if agent == "*" {
					out[d.ID][sel] = v
				}
			}
		}
	}
	lint.Lint(f, selectors)
	return out
}

func wantVerdicts(t *testing.T, got map[string]map[string]core.Verdict, sel string, allowed bool, line int, dialects ...string) {
	t.Helper()
	if len(dialects) == 0 {
		for _, d := range core.Dialects() {
			dialects = append(dialects, d.ID)
		}
	}
	for _, id := range dialects {
		v := got[id][sel]
		if v.Allowed != allowed || v.Line != line {
			t.Errorf("%s %q: allowed=%v line %d, want allowed=%v line %d", id, sel, v.Allowed, v.Line, allowed, line)
		}
	}
}

// TestRobustOddBytes: invalid UTF-8 and NUL bytes are kept as written,
// reported by line, and still match themselves: every dialect compares
// the same bytes on both sides, whatever its normalisation.
func TestRobustOddBytes(t *testing.T) {
	for _, c := range []struct {
		name        string
		in          string
		bad, nul    int // wanted InvalidUTF8Line, NULLine
		lines       int
		hit, miss   string
		hitLine     int
		lastRuleSel string // disallowed by the file's last line
	}{
		{"invalid-utf8", "User-agent: *\nDisallow: /caf\xe9\nDisallow: /ok\n", 2, 0, 3, "/caf\xe9/menu", "/cafe", 2, "/ok"},
		{"nul", "User-agent: *\nDisallow: /a\x00b\n\x00\nDisallow: /c\n", 0, 2, 4, "/a\x00b/x", "/ab", 2, "/c"},
		{"both", "User-agent: *\n\xff\x00\nDisallow: /\xff\x00\n", 2, 2, 3, "/\xff\x00", "/\xff", 3, "/\xff\x00z"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := core.Parse([]byte(c.in))
			if f.InvalidUTF8Line != c.bad || f.NULLine != c.nul || len(f.Lines) != c.lines {
				t.Fatalf("InvalidUTF8Line %d NULLine %d lines %d; want %d %d %d", f.InvalidUTF8Line, f.NULLine, len(f.Lines), c.bad, c.nul, c.lines)
			}
			if rebuilt := f.Lines[1].Text + f.Lines[1].Terminator; !strings.HasPrefix(c.in[len("User-agent: *\n"):], rebuilt) {
				t.Errorf("line 2 %q: the bytes must be kept as written", rebuilt)
			}
			got := answerAll(t, f, c.hit, c.miss, c.lastRuleSel)
			wantVerdicts(t, got, c.hit, false, c.hitLine)
			wantVerdicts(t, got, c.miss, true, 0)
			wantVerdicts(t, got, c.lastRuleSel, false, c.lines)
		})
	}
}

func TestRobustTenMegabytes(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("User-agent: *\n")
	for b.Len() < 600*1024 {
		b.WriteString("Disallow: /early/\n")
	}
	b.WriteString("Disallow: /late/\n") // past the cap: never read
	for b.Len() < 10*1024*1024 {
		b.WriteString("Disallow: /tail/\n")
	}
	data := b.Bytes()
	f := core.Parse(data)
	if !f.Truncated || f.Size != len(data) || len(f.Text) != core.MaxBytes {
		t.Fatalf("Truncated %v Size %d Text %d bytes; want true %d %d", f.Truncated, f.Size, len(f.Text), len(data), core.MaxBytes)
	}
	// 14 bytes of User-agent, then 18-byte Disallow lines up to the cap;
	// the last one is cut mid-line and has no terminator.
	wantLines := 1 + (core.MaxBytes-14+17)/18
	if len(f.Lines) != wantLines || f.Lines[len(f.Lines)-1].Terminator != "" {
		t.Fatalf("%d lines (last terminator %q), want %d ending unterminated", len(f.Lines), f.Lines[len(f.Lines)-1].Terminator, wantLines)
	}
	got := answerAll(t, f, "/early/x", "/late/x", "/tail/x")
	wantVerdicts(t, got, "/early/x", false, 2)
	wantVerdicts(t, got, "/late/x", true, 0)
	wantVerdicts(t, got, "/tail/x", true, 0)
}

func TestRobustOneMegabyteLine(t *testing.T) {
	data := []byte("Disallow: /" + strings.Repeat("a", 1024*1024))
	f := core.Parse(data)
	if !f.Truncated || len(f.Lines) != 1 {
		t.Fatalf("Truncated %v, %d lines; want true, 1", f.Truncated, len(f.Lines))
	}
	l := f.Lines[0]
	if len(l.Text) != core.MaxBytes || l.Terminator != "" || l.Kind != core.FieldLine || len(l.Value) != core.MaxBytes-len("Disallow: ") {
		t.Fatalf("line: %d bytes, terminator %q, kind %d, value %d bytes", len(l.Text), l.Terminator, l.Kind, len(l.Value))
	}
	long := "/" + strings.Repeat("a", 1024*1024)
	got := answerAll(t, f, long, "/a")
	// Only gopher2019 has rules outside groups; the others drop the line.
	wantVerdicts(t, got, long, false, 1, "gopher2019")
	wantVerdicts(t, got, "/a", true, 0, "gopher2019")
	wantVerdicts(t, got, long, true, 0, "gopherdraft", "gemini", "conner2020", "rfc9309", "norobots")
}

func TestRobustOnlyLineBreaks(t *testing.T) {
	for _, c := range []struct {
		in    string
		lines int
		term  string
	}{
		{"\r\r\r", 3, "\r"},
		{"\r\n\r\n", 2, "\r\n"},
		{"\n\n\n\n", 4, "\n"},
		{strings.Repeat("\r", 100000), 100000, "\r"},
	} {
		f := core.Parse([]byte(c.in))
		if len(f.Lines) != c.lines {
			t.Errorf("%d bytes of %q: %d lines, want %d", len(c.in), c.term, len(f.Lines), c.lines)
			continue
		}
		for i, l := range f.Lines {
			if l.Kind != core.Empty || l.Terminator != c.term || l.Pos.Line != i+1 {
				t.Fatalf("%q line %d: kind %d terminator %q", c.term, i+1, l.Kind, l.Terminator)
			}
		}
		got := answerAll(t, f, "/")
		wantVerdicts(t, got, "/", true, 0)
	}
}

func TestRobustOnlyComments(t *testing.T) {
	f := core.Parse([]byte("# a capsule with nothing to say\n   # indented\n\t#Disallow: /\n#User-agent: *\n"))
	if len(f.Lines) != 4 {
		t.Fatalf("%d lines, want 4", len(f.Lines))
	}
	for _, l := range f.Lines {
		if l.Kind != core.CommentOnly || !l.HasComment {
			t.Errorf("line %d: kind %d, want CommentOnly", l.Pos.Line, l.Kind)
		}
	}
	got := answerAll(t, f, "/", "/private")
	wantVerdicts(t, got, "/", true, 0)
	wantVerdicts(t, got, "/private", true, 0)
	for _, d := range core.Dialects() {
		if n := len(d.Compile(f).Policy(core.MustAgent("*")).Groups); n > 1 || n == 1 && d.ID != "gopher2019" {
			t.Errorf("%s: %d groups from a file of comments", d.ID, n)
		}
	}
}

func TestRobustEmpty(t *testing.T) {
	for _, in := range [][]byte{nil, {}, []byte("\xEF\xBB\xBF")} {
		f := core.Parse(in)
		if len(f.Lines) != 0 || f.Truncated || f.Size != len(in) || f.Text != "" {
			t.Fatalf("%q: %d lines, truncated %v, size %d, text %q", in, len(f.Lines), f.Truncated, f.Size, f.Text)
		}
		if f.BOM != (len(in) == 3) {
			t.Errorf("%q: BOM %v", in, f.BOM)
		}
		got := answerAll(t, f, "/", "", "robots.txt")
		wantVerdicts(t, got, "/", true, 0)
		wantVerdicts(t, got, "", true, 0)
	}
}

// TestRobustManyStars: the pattern that makes backtracking matchers
// explode, on 100,000 bytes, must still give the right answer.
func TestRobustManyStars(t *testing.T) {
	as := strings.Repeat("a", 100000)
	for _, c := range []struct {
		syntax  core.PatternSyntax
		pattern string
		sel     string
		want    bool
	}{
		{core.Glob, "*a*a*a*a*a*a*b", as, false},
		{core.Glob, "*a*a*a*a*a*a*b", as + "b", true},
		{core.Glob, "*a*a*a*a*a*a*b", "b" + as, false},
		{core.Glob, "*a*a*a*a*a*a*b", as[:5] + "b" + as, false},
		{core.Glob, "*a*a*a*a*a*a*b", as[:6] + "b" + as, true},
		{core.GlobDollar, "*a*a*a*a*a*a*b$", as + "b", true},
		{core.GlobDollar, "*a*a*a*a*a*a*b$", as + "ba", false},
		{core.GlobDollar, "*a*a*a*a*a*a*b$", as + "b" + as + "b", true},
		{core.Prefix, "*a*a*a*a*a*a*b", as, false},
	} {
		if got := c.syntax.Match(c.pattern, c.sel); got != c.want {
			t.Errorf("syntax %d: %q against %d bytes: %v, want %v", c.syntax, c.pattern, len(c.sel), got, c.want)
		}
	}
	// The same through a whole file, as rfc9309 reads it.
	f := core.Parse([]byte("User-agent: *\nDisallow: /*a*a*a*a*a*a*b\n"))
	p := core.RFC9309.Compile(f).Policy(core.MustAgent("GUS"))
	if v := p.Test("/" + as); !v.Allowed {
		t.Errorf("/%d a's: disallowed by line %d", len(as), v.Line)
	}
	if v := p.Test("/" + as + "b"); v.Allowed || v.Line != 2 {
		t.Errorf("/%d a's then b: allowed=%v line %d, want disallowed by line 2", len(as), v.Allowed, v.Line)
	}
}
