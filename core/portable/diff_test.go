package portable

import (
	"math/rand"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
)

// checkScript fails unless ops walk both texts from the first line to
// the last, pairing only equal lines, and returns how many it kept.
func checkScript(t *testing.T, a, b []string, ops []DiffOp) int {
	t.Helper()
	i, j, kept := 0, 0, 0
	for _, op := range ops {
		switch op.Kind {
		case '=':
			if op.Old != i+1 || op.New != j+1 || a[i] != b[j] {
				t.Fatalf("kept %+v at old %d new %d: %q vs %q", op, i+1, j+1, a[min(i, len(a)-1)], b[min(j, len(b)-1)])
			}
			i, j, kept = i+1, j+1, kept+1
		case '-':
			if op.Old != i+1 || op.New != 0 {
				t.Fatalf("removed %+v at old %d", op, i+1)
			}
			i++
		case '+':
			if op.New != j+1 || op.Old != 0 {
				t.Fatalf("added %+v at new %d", op, j+1)
			}
			j++
		default:
			t.Fatalf("op kind %q", op.Kind)
		}
	}
	if i != len(a) || j != len(b) {
		t.Fatalf("the script ends at old %d of %d, new %d of %d", i, len(a), j, len(b))
	}
	return kept
}

// lcs is the length of a longest common subsequence, by the table.
func lcs(a, b []string) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return t[0][0]
}

// On random texts over a small alphabet (many repeats, so many choices)
// the script is valid and shortest: it keeps as many lines as the
// longest common subsequence has.
func TestDiffLinesShortest(t *testing.T) {
	r := rand.New(rand.NewSource(10))
	for n := 0; n < 2000; n++ {
		gen := func() []string {
			out := make([]string, r.Intn(14))
			for i := range out {
				out[i] = string(rune('a' + r.Intn(4)))
			}
			return out
		}
		a, b := gen(), gen()
		kept := checkScript(t, a, b, DiffLines(a, b))
		if want := lcs(a, b); kept != want {
			t.Fatalf("%q -> %q keeps %d lines, the longest common subsequence has %d", a, b, kept, want)
		}
	}
}

func TestDiffLinesShapes(t *testing.T) {
	a := strings.Split("User-agent: *|Disallow: /a||User-agent: gus|Disallow: /", "|")
	b := strings.Split("User-agent: gus|Disallow: /||User-agent: *|Disallow: /a", "|")
	got := DiffLines(a, b)
	checkScript(t, a, b, got)
	if n := lcs(a, b); checkScript(t, a, b, got) != n {
		t.Errorf("not shortest: %v", got)
	}
	same := []string{"x", "y"}
	if got := DiffLines(same, same); !reflect.DeepEqual(got, []DiffOp{{'=', 1, 1}, {'=', 2, 2}}) {
		t.Errorf("equal texts: %v", got)
	}
	if got := DiffLines(nil, same); !reflect.DeepEqual(got, []DiffOp{{'+', 0, 1}, {'+', 0, 2}}) {
		t.Errorf("from nothing: %v", got)
	}
	if got := DiffLines(same, nil); !reflect.DeepEqual(got, []DiffOp{{'-', 1, 0}, {'-', 2, 0}}) {
		t.Errorf("to nothing: %v", got)
	}
}

// Past maxDiffEdits the middle is removed and added whole: still a
// valid script, found quickly, and the common ends are kept.
func TestDiffLinesTooManyEdits(t *testing.T) {
	var a, b []string
	a = append(a, "head")
	b = append(b, "head")
	for i := 0; i < 3*maxDiffEdits; i++ {
		a = append(a, "a"+strconv.Itoa(i))
		b = append(b, "b"+strconv.Itoa(i))
	}
	a = append(a, "tail")
	b = append(b, "tail")
	ops := DiffLines(a, b)
	if kept := checkScript(t, a, b, ops); kept != 2 {
		t.Errorf("kept %d lines, want the head and the tail", kept)
	}
	if ops[1] != (DiffOp{'-', 2, 0}) || ops[len(ops)-2] != (DiffOp{'+', 0, len(b) - 1}) {
		t.Errorf("the middle is not removed then added: %v ... %v", ops[1], ops[len(ops)-2])
	}
}

func TestSplitLines(t *testing.T) {
	for in, want := range map[string][]string{
		"":              nil,
		"a":             {"a"},
		"a\n":           {"a"},
		"a\r\nb\rc\nd":  {"a", "b", "c", "d"},
		"\n\n":          {"", ""},
		"a\r\n\r\n":     {"a", ""},
		"x\r":           {"x"},
		"ünï\ncødé\r\n": {"ünï", "cødé"},
	} {
		if got := SplitLines(in); !reflect.DeepEqual(got, want) {
			t.Errorf("SplitLines(%q) = %q, want %q", in, got, want)
		}
	}
}

// SplitLines numbers lines as the parser does, so fix's line numbers
// point at the right rows of the diff.
func TestSplitLinesAsParser(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	parts := []string{"a", "Disallow: /x", "\r", "\n", "\r\n", " ", "#c"}
	for n := 0; n < 500; n++ {
		var b strings.Builder
		for k := r.Intn(12); k > 0; k-- {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		s := b.String()
		got := SplitLines(s)
		f := core.Parse([]byte(s))
		if len(got) != len(f.Lines) {
			t.Fatalf("%q: %d lines, the parser reads %d", s, len(got), len(f.Lines))
		}
		for i, l := range f.Lines {
			if got[i] != l.Text {
				t.Fatalf("%q line %d: %q, the parser reads %q", s, i+1, got[i], l.Text)
			}
		}
	}
}
