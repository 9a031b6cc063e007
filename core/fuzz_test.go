package core_test

// Native fuzz targets. Their seeds are the commented files under
// ../testdata/fuzz (each says why it is there); crashers that
// `go test -fuzz` finds are written to testdata/fuzz/<Target> in this
// directory and kept as regression inputs.

import (
	"bufio"
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/internal/fuzzseed"
)

const seedDir = "../testdata/fuzz"

// addRobotsSeeds adds every file of the robots seed corpus, and the empty
// file, which cannot carry a comment.
func addRobotsSeeds(f *testing.F) {
	f.Helper()
	fuzzseed.AddFiles(f, filepath.Join(seedDir, "robots", "*.txt"))
}

// seedLines reads a line-per-seed file, skipping # comments.
func seedLines(f *testing.F, name string) []string {
	f.Helper()
	file, err := os.Open(filepath.Join(seedDir, name))
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	var out []string
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		if line := sc.Text(); !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		f.Fatal(err)
	}
	if len(out) == 0 {
		f.Fatalf("%s has no seeds", name)
	}
	return out
}

// FuzzParse: Parse never panics, its lines give back exactly the bytes it
// read, and every position points where it says.
func FuzzParse(f *testing.F) {
	addRobotsSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		file := core.Parse(data)
		checkParsed(t, data, file)
	})
}

func checkParsed(t *testing.T, data []byte, file *core.File) {
	t.Helper()
	if file.Size != len(data) {
		t.Fatalf("Size %d, input %d bytes", file.Size, len(data))
	}
	read := data
	if file.Truncated != (len(data) > core.MaxBytes) {
		t.Fatalf("Truncated=%v for %d bytes", file.Truncated, len(data))
	}
	if file.Truncated {
		read = read[:core.MaxBytes]
	}
	base := 0
	if file.BOM != bytes.HasPrefix(read, []byte("\xEF\xBB\xBF")) {
		t.Fatalf("BOM=%v, input starts %q", file.BOM, read[:min(3, len(read))])
	}
	if file.BOM {
		read, base = read[3:], 3
	}
	if file.Text != string(read) {
		t.Fatalf("Text is not the bytes read after the BOM")
	}
	var rebuilt strings.Builder
	offset := base
	for i := range file.Lines {
		l := &file.Lines[i]
		if l.Pos != (core.Pos{Line: i + 1, Col: 1, Offset: offset}) {
			t.Fatalf("line %d: Pos %+v, want line %d col 1 offset %d", i+1, l.Pos, i+1, offset)
		}
		if strings.ContainsAny(l.Text, "\r\n") {
			t.Fatalf("line %d: Text %q holds a line break", i+1, l.Text)
		}
		switch l.Terminator {
		case "\n", "\r\n":
		case "\r":
			if i+1 < len(file.Lines) && file.Lines[i+1].Text == "" && strings.HasPrefix(file.Lines[i+1].Terminator, "\n") {
				t.Fatalf("line %d ends in a lone CR followed by LF: that is one CRLF", i+1)
			}
		case "":
			if i != len(file.Lines)-1 {
				t.Fatalf("line %d has no terminator but is not last", i+1)
			}
		default:
			t.Fatalf("line %d: terminator %q", i+1, l.Terminator)
		}
		if (l.Kind == core.Empty) != (l.Text == "") {
			t.Fatalf("line %d: kind %d for text %q", i+1, l.Kind, l.Text)
		}
		if l.Kind == core.FieldLine {
			checkValuePos(t, l, base, string(read))
		}
		rebuilt.WriteString(l.Text)
		rebuilt.WriteString(l.Terminator)
		offset += len(l.Text) + len(l.Terminator)
	}
	if rebuilt.String() != string(read) {
		t.Fatalf("lines rebuild %q, read %q", rebuilt.String(), read)
	}
	wantBad, wantNUL := 0, 0
	for i := range file.Lines {
		if wantBad == 0 && !utf8.ValidString(file.Lines[i].Text) {
			wantBad = i + 1
		}
		if wantNUL == 0 && strings.IndexByte(file.Lines[i].Text, 0) >= 0 {
			wantNUL = i + 1
		}
	}
	if file.InvalidUTF8Line != wantBad || file.NULLine != wantNUL {
		t.Fatalf("InvalidUTF8Line %d NULLine %d, want %d %d", file.InvalidUTF8Line, file.NULLine, wantBad, wantNUL)
	}
}

// checkValuePos: the value sits where ValuePos says, on the same line,
// after the colon, and the name is what precedes the colon.
func checkValuePos(t *testing.T, l *core.Line, base int, text string) {
	t.Helper()
	vp := l.ValuePos
	if vp.Line != l.Pos.Line || vp.Col < 2 || vp.Offset != l.Pos.Offset+vp.Col-1 || vp.Col-1 > len(l.Text) {
		t.Fatalf("line %d: ValuePos %+v for line at %+v, text %q", l.Pos.Line, vp, l.Pos, l.Text)
	}
	if !strings.HasPrefix(text[vp.Offset-base:], l.Value) {
		t.Fatalf("line %d: value %q not at offset %d", l.Pos.Line, l.Value, vp.Offset)
	}
	if !strings.HasSuffix(strings.TrimRight(l.Text[:vp.Col-1], " \t"), ":") {
		t.Fatalf("line %d: no colon right before the value", l.Pos.Line)
	}
	if name, _, _ := strings.Cut(l.Text, ":"); strings.Trim(name, " \t") != l.Name {
		t.Fatalf("line %d: Name %q, text before the colon %q", l.Pos.Line, l.Name, name)
	}
}

// canonical writes the parsed lines back as text in one spelling: LF
// endings, `Name: Value` field lines, no indentation, comments kept as
// written. Every dialect must read it as it read the original.
func canonical(file *core.File) []byte {
	var b bytes.Buffer
	if file.BOM {
		b.WriteString("\xEF\xBB\xBF") // norobots reads it
	}
	for i := range file.Lines {
		l := &file.Lines[i]
		content, comment, _ := strings.Cut(l.Text, "#")
		switch l.Kind {
		case core.FieldLine:
			b.WriteString(l.Name + ": " + l.Value)
		case core.Blank:
			b.WriteString(" ")
		case core.NoColon:
			b.WriteString(strings.Trim(content, " \t"))
		}
		if l.HasComment {
			if l.Kind != core.CommentOnly {
				b.WriteByte(' ')
			}
			b.WriteString("#" + comment)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// queries derives a few agents and selectors from the file itself, so the
// fuzzer can steer groups and rules towards each other.
func queries(file *core.File) (agents []core.Agent, selectors []string) {
	agents = []core.Agent{core.MustAgent("*"), core.MustAgent("GUS(indexer)")}
	selectors = []string{"/", "", "/robots.txt"}
	for i := range file.Lines {
		l := &file.Lines[i]
		if l.Kind != core.FieldLine {
			continue
		}
		if strings.Contains(strings.ToLower(l.Name), "agent") && len(agents) < 4 {
			if a, err := core.ParseAgent(l.Value); err == nil {
				agents = append(agents, a)
			}
		} else if l.Value != "" && len(selectors) < 9 {
			v := strings.TrimSuffix(l.Value, "$")
			selectors = append(selectors, v, v+"x")
		}
	}
	return agents, selectors
}

// FuzzDialects: every dialect answers every derived query without
// panicking, the same way twice, the same way through Allowed,
// DecidingRule and Decide, and the same way on the canonical re-spelling
// of the file.
func FuzzDialects(f *testing.F) {
	addRobotsSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		file := core.Parse(data)
		canon := canonical(file)
		if len(canon) > core.MaxBytes {
			return // the re-spelling would be cut elsewhere
		}
		again := core.Parse(canon)
		if len(again.Lines) != len(file.Lines) {
			t.Fatalf("canonical form has %d lines, original %d", len(again.Lines), len(file.Lines))
		}
		if !bytes.Equal(canonical(again), canon) {
			t.Fatalf("canonical form is not stable:\n%q\n%q", canon, canonical(again))
		}
		agents, selectors := queries(file)
		for _, d := range core.Dialects() {
			rs, rs2 := d.Compile(file), d.Compile(again)
			for _, a := range agents {
				p, p2 := rs.Policy(a), rs2.Policy(a)
				if !reflect.DeepEqual(p.Settings(), p2.Settings()) {
					t.Fatalf("%s %s: settings differ after re-spelling: %+v vs %+v", d.ID, a, p.Settings(), p2.Settings())
				}
				for _, sel := range selectors {
					v := p.Test(sel)
					if w := p.Test(sel); !reflect.DeepEqual(v, w) {
						t.Fatalf("%s %s %q: two calls differ:\n%+v\n%+v", d.ID, a, sel, v, w)
					}
					if fast := p.Allowed(sel); fast != v.Allowed {
						t.Fatalf("%s %s %q: Allowed %v, Test %v", d.ID, a, sel, fast, v.Allowed)
					}
					if ok, line, rule := p.DecidingRule(sel); ok != v.Allowed || line != v.Line || rule != v.Rule {
						t.Fatalf("%s %s %q: DecidingRule %v %d %q, Test %v %d %q", d.ID, a, sel, ok, line, rule, v.Allowed, v.Line, v.Rule)
					}
					if w := core.Decide(file, d, a, sel); !reflect.DeepEqual(v, w) {
						t.Fatalf("%s %s %q: Decide differs from the policy:\n%+v\n%+v", d.ID, a, sel, v, w)
					}
					if w := p2.Test(sel); !(d.LFLines && file.LoneCR) && !reflect.DeepEqual(v, w) {
						t.Fatalf("%s %s %q: verdict changes after re-spelling the file:\n%+v\n%+v", d.ID, a, sel, v, w)
					}
					if v.Line < 0 || v.Line > len(file.Lines) || (v.Line == 0) != (v.Rule == "") {
						t.Fatalf("%s %s %q: line %d rule %q", d.ID, a, sel, v.Line, v.Rule)
					}
				}
			}
		}
	})
}

// FuzzPresets: every crawler preset answers every derived query, raw and
// as a gemini:// URL, without panicking, the same way twice, and the
// same way through its Allowed fast path, DecidingRule and Decide.
func FuzzPresets(f *testing.F) {
	addRobotsSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		file := core.Parse(data)
		_, raw := queries(file)
		selectors := raw
		for _, s := range raw {
			selectors = append(selectors, "gemini://capsule.example:1965"+s, "gemini://capsule.example/"+s+"?q=1#f")
		}
		for _, d := range crawlers.All() {
			p := d.Compile(file).Policy(core.Agent{})
			for _, sel := range selectors {
				v := p.Test(sel)
				if w := p.Test(sel); !reflect.DeepEqual(v, w) {
					t.Fatalf("%s %q: two calls differ:\n%+v\n%+v", d.ID, sel, v, w)
				}
				if fast := p.Allowed(sel); fast != v.Allowed {
					t.Fatalf("%s %q: Allowed %v, Test %v", d.ID, sel, fast, v.Allowed)
				}
				if ok, line, rule := p.DecidingRule(sel); ok != v.Allowed || line != v.Line || rule != v.Rule {
					t.Fatalf("%s %q: DecidingRule %v %d %q, Test %v %d %q", d.ID, sel, ok, line, rule, v.Allowed, v.Line, v.Rule)
				}
				if w := core.Decide(file, d, core.MustAgent("x"), sel); !reflect.DeepEqual(v, w) {
					t.Fatalf("%s %q: Decide differs from the policy:\n%+v\n%+v", d.ID, sel, v, w)
				}
				if v.Line < 0 || v.Line > len(file.Lines) || (v.Line == 0) != (v.Rule == "") || v.Agent != d.Crawler.Identity() {
					t.Fatalf("%s %q: line %d rule %q agent %q", d.ID, sel, v.Line, v.Rule, v.Agent)
				}
			}
		}
	})
}

// FuzzLint: Lint never panics; every finding points at a line of the
// file (or 0), has a known code, a severity, a message and known
// dialects, and findings come sorted by line then code.
func FuzzLint(f *testing.F) {
	addRobotsSeeds(f)
	ids := map[string]bool{}
	for _, d := range append(core.Dialects(), crawlers.All()...) {
		ids[d.ID] = true // crawler lints name presets
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file := core.Parse(data)
		_, selectors := queries(file)
		findings := lint.Lint(file, selectors)
		for i, fd := range findings {
			if fd.Line < 0 || fd.Line > len(file.Lines) {
				t.Fatalf("finding %+v: line outside 0..%d", fd, len(file.Lines))
			}
			if !slices.Contains(lint.Codes(), fd.Code) {
				t.Fatalf("finding %+v: unknown code %q", fd, fd.Code)
			}
			switch fd.Severity {
			case lint.SevError, lint.SevWarning, lint.SevInfo:
			default:
				t.Fatalf("finding %+v: severity %q", fd, fd.Severity)
			}
			if strings.TrimSpace(fd.Message) == "" {
				t.Fatalf("finding %+v has no message", fd)
			}
			for _, id := range fd.Dialects {
				if !ids[id] {
					t.Fatalf("finding %+v: unknown dialect %q", fd, id)
				}
			}
			if i > 0 {
				prev := findings[i-1]
				if prev.Line > fd.Line || prev.Line == fd.Line && prev.Code > fd.Code {
					t.Fatalf("findings out of order: %+v before %+v", prev, fd)
				}
			}
		}
		// Under a protocol, messages name only dialects in scope.
		for _, p := range []core.Protocol{core.ProtocolGemini, core.ProtocolGopher} {
			for _, fd := range lint.Scope(p, findings) {
				for _, id := range outOfScope(p) {
					if namesID(fd.Message, id) {
						t.Fatalf("-protocol %s: %+v names %s", p, fd, id)
					}
				}
			}
		}
	})
}

// FuzzSelectorFrom: never panics; raw selectors come back unchanged; a
// selector put into a gopher or gemini URL comes back out of it.
func FuzzSelectorFrom(f *testing.F) {
	for _, s := range seedLines(f, "selectors.txt") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		sel, err := core.SelectorFrom(in)
		if scheme, _, ok := strings.Cut(in, "://"); !ok || strings.ContainsAny(scheme, "/?#") {
			if err != nil || sel != in {
				t.Fatalf("raw input %q gave %q, %v; want it unchanged", in, sel, err)
			}
		} else if err == nil && strings.EqualFold(scheme, "gemini") && !strings.HasPrefix(sel, "/") {
			t.Fatalf("gemini URL %q gave selector %q without a leading /", in, sel)
		}
		if err != nil && err.Error() == "" {
			t.Fatalf("%q: empty error message", in)
		}
		// Round trips, where they hold: a gopher selector without a tab
		// survives escaping into a URL; a gemini path without a fragment
		// survives as written.
		if !strings.Contains(in, "\t") {
			u := "gopher://capsule.example/1" + url.PathEscape(in)
			if got, err := core.SelectorFrom(u); err != nil || got != in {
				t.Fatalf("gopher round trip of %q via %q: %q, %v", in, u, got, err)
			}
		}
		if p := "/" + in; !strings.Contains(p, "#") {
			if got, err := core.SelectorFrom("gemini://capsule.example" + p); err != nil || got != p {
				t.Fatalf("gemini round trip of %q: %q, %v", p, got, err)
			}
		}
	})
}

// FuzzParseAgent: never panics; an accepted agent has a clean name and
// lower-case roles, and writing it back without its raw text parses to
// the same agent (except an unnamed bot with one unknown role, which
// reads back as a name).
func FuzzParseAgent(f *testing.F) {
	for _, s := range seedLines(f, "agents.txt") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := core.ParseAgent(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error message", s)
			}
			return
		}
		if a.Raw != strings.TrimSpace(s) {
			t.Fatalf("%q: Raw %q", s, a.Raw)
		}
		if strings.ContainsAny(a.Name, "*\r\n\t(/") || a.Name != strings.TrimSpace(a.Name) {
			t.Fatalf("%q: name %q", s, a.Name)
		}
		for _, r := range a.Roles {
			if r == "" || r != strings.ToLower(r) || strings.ContainsAny(r, "(),") {
				t.Fatalf("%q: role %q", s, r)
			}
		}
		if a.Name == "" && len(a.Roles) == 1 && !slices.Contains(core.Roles, a.Roles[0]) {
			return
		}
		back := core.Agent{Name: a.Name, Roles: a.Roles}.String()
		b, err := core.ParseAgent(back)
		if err != nil {
			t.Fatalf("%q parsed as %+v, written back as %q, which fails: %v", s, a, back, err)
		}
		if b.Name != a.Name || !slices.Equal(b.Roles, a.Roles) {
			t.Fatalf("%q parsed as %+v, written back as %q, parsed again as %+v", s, a, back, b)
		}
	})
}

// refMatch is a reference matcher by dynamic programming over a star-only
// glob that must match the whole selector.
func refMatch(pattern, sel string) bool {
	// ok[j]: pattern[:i] matches sel[:j]
	ok := make([]bool, len(sel)+1)
	ok[0] = true
	for i := 0; i < len(pattern); i++ {
		next := make([]bool, len(sel)+1)
		if pattern[i] == '*' {
			seen := false
			for j := 0; j <= len(sel); j++ {
				seen = seen || ok[j]
				next[j] = seen
			}
		} else {
			for j := 1; j <= len(sel); j++ {
				next[j] = ok[j-1] && sel[j-1] == pattern[i]
			}
		}
		ok = next
	}
	return ok[len(sel)]
}

// reference gives each syntax's meaning in terms of refMatch.
func reference(s core.PatternSyntax, pattern, sel string) bool {
	switch s {
	case core.Prefix:
		return len(sel) >= len(pattern) && sel[:len(pattern)] == pattern // `*` is literal
	case core.GlobDollar:
		if strings.HasSuffix(pattern, "$") {
			return refMatch(pattern[:len(pattern)-1], sel)
		}
	}
	return refMatch(pattern+"*", sel)
}

// FuzzMatch: the linear matcher agrees with the reference on short inputs.
func FuzzMatch(f *testing.F) {
	for _, line := range seedLines(f, "patterns.txt") {
		pattern, sel, ok := strings.Cut(line, "\t")
		if !ok {
			f.Fatalf("patterns.txt: %q has no tab", line)
		}
		f.Add(pattern, sel)
	}
	f.Fuzz(func(t *testing.T, pattern, sel string) {
		if len(pattern) > 64 || len(sel) > 256 {
			return // the reference is quadratic
		}
		for _, s := range []core.PatternSyntax{core.Prefix, core.Glob, core.GlobDollar} {
			if got, want := s.Match(pattern, sel), reference(s, pattern, sel); got != want {
				t.Fatalf("syntax %d: Match(%q, %q) = %v, reference %v", s, pattern, sel, got, want)
			}
		}
	})
}
