package lint

import (
	"crypto/rand"
	"slices"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
)

func codesOf(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

func linesOf(fs []Finding, code string) []int {
	var out []int
	for _, f := range fs {
		if f.Code == code {
			out = append(out, f.Line)
		}
	}
	return out
}

func control(text string, o Options) []Finding {
	f := core.Parse([]byte(text))
	return Control(f, Lint(f, nil), o)
}

// The fixture has a blank line inside a group (line 4), silenced by the
// directive above it, and a glob on line 7 that only -ignore removes.
const controlled = "User-agent: *\n" + // 1
	"Disallow: /a\n" + // 2
	"# smolbots: ignore=blank-line-in-group\n" + // 3: the next line only
	"\n" + // 4: blank-line-in-group, silenced
	"Disallow: /b\n" + // 5
	"User-agent: x\n" + // 6
	"Disallow: /c*d\n" + // 7: glob-portability
	"Flavour: mint\n" // 8: unknown-field, an info

func TestControlLintDirectivesAndSeverity(t *testing.T) {
	f := core.Parse([]byte(controlled))
	all := Lint(f, nil)
	if !slices.Equal(linesOf(all, "blank-line-in-group"), []int{4}) || len(linesOf(all, "glob-portability")) == 0 {
		t.Fatalf("fixture no longer shows its findings: %v", all)
	}
	got := Control(f, all, Options{})
	if l := linesOf(got, "blank-line-in-group"); len(l) > 0 {
		t.Errorf("the directive on line 3 did not silence line 4: %v", got)
	}
	if l := linesOf(got, "glob-portability"); !slices.Equal(l, []int{7}) {
		t.Errorf("glob-portability on %v, want line 7 kept", l)
	}
	for _, fd := range got {
		if fd.Severity == SevInfo {
			t.Errorf("info finding kept at the default severity (warning): %+v", fd)
		}
	}
	if l := linesOf(Control(f, all, Options{Severity: SevInfo}), "unknown-field"); !slices.Equal(l, []int{8}) {
		t.Errorf("severity info: unknown-field on %v, want [8]", l)
	}
	onlyErrors := Control(f, all, Options{Severity: SevError})
	for _, fd := range onlyErrors {
		if fd.Severity != SevError {
			t.Errorf("severity error kept %+v", fd)
		}
	}
	ig := Control(f, all, Options{Ignore: []string{"glob-portability", " lf-line-endings"}})
	if slices.Contains(codesOf(ig), "glob-portability") || slices.Contains(codesOf(ig), "lf-line-endings") {
		t.Errorf("-ignore kept its codes: %v", codesOf(ig))
	}
}

func TestControlLintWholeFileDirective(t *testing.T) {
	text := "# A capsule.\n# smolbots: ignore=lf-line-endings, glob-portability\nUser-agent: *\nDisallow: /a*b\n# smolbots: ignore=glob-portability\n"
	got := control(text, Options{})
	if c := codesOf(got); slices.Contains(c, "lf-line-endings") || slices.Contains(c, "glob-portability") {
		t.Errorf("a directive before the first field did not cover the file: %v", got)
	}
	// The same directive after the first field line covers only the next line.
	late := "User-agent: *\n# smolbots: ignore=glob-portability\nDisallow: /x\nDisallow: /a*b\n"
	if l := linesOf(control(late, Options{}), "glob-portability"); !slices.Contains(l, 4) {
		t.Errorf("a late directive silenced line 4 too: %v", l)
	}
	// A comment after a value is not a directive.
	trailing := "User-agent: *\nDisallow: /a*b # smolbots: ignore=glob-portability\n"
	if l := linesOf(control(trailing, Options{}), "glob-portability"); !slices.Contains(l, 2) {
		t.Errorf("a trailing comment acted as a directive")
	}
}

func TestControlLintUnknownCodesAreFindings(t *testing.T) {
	text := "User-agent: *\n# smolbots: ignore=glob-portabilty\nDisallow: /a*b\n# smolbots: ignroe=x\nDisallow: /c\n"
	got := control(text, Options{Ignore: []string{"lf-line-ending"}, Severity: SevError})
	if l := linesOf(got, "unknown-code"); !slices.Equal(l, []int{0, 2}) {
		t.Errorf("unknown-code on lines %v, want [0 2] (the flag, the directive): %v", l, got)
	}
	if l := linesOf(got, "directive-invalid"); !slices.Equal(l, []int{4}) {
		t.Errorf("directive-invalid on lines %v, want [4]", l)
	}
	for _, fd := range got {
		if fd.Code == "unknown-code" && !strings.Contains(fd.Message, "not a lint code") {
			t.Errorf("message %q", fd.Message)
		}
	}
	// The controls cannot silence what is said about them.
	got = control(text, Options{Ignore: []string{"unknown-code", "directive-invalid", "lf-line-ending"}, Severity: SevError})
	if l := linesOf(got, "unknown-code"); !slices.Equal(l, []int{0, 2}) {
		t.Errorf("-ignore unknown-code hid its own typo: unknown-code on lines %v, want [0 2]", l)
	}
	if l := linesOf(got, "directive-invalid"); !slices.Equal(l, []int{4}) {
		t.Errorf("-ignore directive-invalid hid it: lines %v, want [4]", l)
	}
}

func TestControlLintBinary(t *testing.T) {
	random := make([]byte, 64<<10)
	rand.Read(random)
	latin1 := []byte("User-agent: *\n# caf\xe9 cr\xe8me\nDisallow: /\xe9t\xe9\n")
	utf16 := []byte("U\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00\n\x00")
	noNUL := []byte(strings.Repeat("\xff\xfe\x80ab", 200))
	for _, c := range []struct {
		name   string
		data   []byte
		binary bool
	}{{"random", random, true}, {"utf16", utf16, true}, {"invalid without NUL", noNUL, true}, {"latin1", latin1, false}, {"text", []byte(controlled), false}} {
		f := core.Parse(c.data)
		if f.Binary() != c.binary {
			t.Errorf("%s: Binary() = %v", c.name, !c.binary)
		}
		got := Control(f, Lint(f, nil), Options{})
		lead := len(got) > 0 && got[0].Code == "binary-file" && got[0].Severity == SevError
		if lead != c.binary || len(linesOf(got, "binary-file")) > 1 {
			t.Errorf("%s: want one leading binary-file error: %v", c.name, codesOf(got)[:min(3, len(got))])
		}
	}
}

func TestParseSeverity(t *testing.T) {
	for _, s := range []string{"error", "Warning", " info"} {
		if _, err := ParseSeverity(s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	if _, err := ParseSeverity("fatal"); err == nil || !strings.Contains(err.Error(), "error, warning or info") {
		t.Errorf("fatal: %v", err)
	}
}

// The registry has a rule for every code Lint and Control report, and
// no other: a new code is listed in Codes and given its rule in Rules.
func TestRulesCoverCodes(t *testing.T) {
	var ruled []string
	for _, r := range Rules() {
		ruled = append(ruled, r.Code)
	}
	if !slices.Equal(ruled, Codes()) {
		t.Errorf("Rules() has codes %v,\nCodes() has %v", ruled, Codes())
	}
}
