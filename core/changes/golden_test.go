package changes_test

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/changes"
	"github.com/smolbots/smolbots/core/conformance"
	"github.com/smolbots/smolbots/core/refsite"
)

var update = flag.Bool("update", false, "rewrite testdata/expect.golden, once every change it holds has its entry")

const goldenPath = "testdata/expect.golden"

// golden is testdata/expect.golden read: the entry it was written
// after, the readers in column order, and per case ID one letter per
// reader (a allowed, d denied, - not asked).
type golden struct {
	after   string
	readers []string
	cases   map[string]string
	order   []string
}

// expectations is the suite's in the golden file's form.
func expectations(s *conformance.Suite, after string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# The conformance suite's expectations, one line per case: its ID, then\n")
	fmt.Fprintf(&b, "# one letter per reader in the order below (a allowed, d denied, - not\n")
	fmt.Fprintf(&b, "# asked). Written by go test ./core/changes -update after the entry named.\n")
	fmt.Fprintf(&b, "after %s\n", after)
	fmt.Fprintf(&b, "readers %s\n", strings.Join(s.Readers, " "))
	for _, c := range s.Cases {
		b.WriteString(c.ID)
		b.WriteByte('\t')
		b.WriteString(letters(c, s.Readers))
		b.WriteByte('\n')
	}
	return b.String()
}

func letters(c conformance.Case, readers []string) string {
	out := make([]byte, len(readers))
	for i, r := range readers {
		v, ok := c.Expect[r]
		switch {
		case !ok:
			out[i] = '-'
		case v:
			out[i] = 'a'
		default:
			out[i] = 'd'
		}
	}
	return string(out)
}

func readGolden(t *testing.T, text string) golden {
	t.Helper()
	g := golden{cases: map[string]string{}}
	for n, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, "after "):
			g.after = strings.TrimPrefix(l, "after ")
		case strings.HasPrefix(l, "readers "):
			g.readers = strings.Fields(strings.TrimPrefix(l, "readers "))
		default:
			id, v, ok := strings.Cut(l, "\t")
			if !ok || len(v) != len(g.readers) {
				t.Fatalf("%s:%d: not a case line: %q", goldenPath, n+1, l)
			}
			g.cases[id] = v
			g.order = append(g.order, id)
		}
	}
	return g
}

// change is one expectation that differs from the golden file.
type change struct{ id, reader, was, now string }

// diff lists the expectations of s that differ from g: a case both
// hold, under a reader both hold, with another verdict; and every
// case under a reader g does not have (a new reader's answers are
// changes of reading too). Cases new to the suite are not changes.
func diff(g golden, s *conformance.Suite) []change {
	var out []change
	word := map[byte]string{'a': "allowed", 'd': "denied", '-': "not asked"}
	for _, c := range s.Cases {
		old, ok := g.cases[c.ID]
		if !ok {
			continue
		}
		now := letters(c, s.Readers)
		for i, r := range s.Readers {
			j := slices.Index(g.readers, r)
			if j < 0 {
				if now[i] != '-' {
					out = append(out, change{c.ID, r, "not a reader", word[now[i]]})
				}
				continue
			}
			if old[j] != now[i] {
				out = append(out, change{c.ID, r, word[old[j]], word[now[i]]})
			}
		}
	}
	return out
}

// pending are the entries after the one the golden file was written
// after.
func pending(t *testing.T, after string) []changes.Entry {
	for i, e := range changes.Log {
		if e.ID == after {
			return changes.Log[i+1:]
		}
	}
	t.Fatalf("%s was written after %q, which is no entry of the log", goldenPath, after)
	return nil
}

// unexplained are the changes no pending entry names (case and
// reader), and the pending entries' claims that no change bears out (a
// case named under none of its readers' changes).
func unexplained(changed []change, entries []changes.Entry) (missing []change, idle []string) {
	for _, c := range changed {
		if !slices.ContainsFunc(entries, func(e changes.Entry) bool {
			return e.Names(c.id, c.reader)
		}) {
			missing = append(missing, c)
		}
	}
	for _, e := range entries {
		for _, id := range e.Cases {
			if id == changes.EveryCase {
				continue // a new reader: every case is its own change
			}
			if !slices.ContainsFunc(changed, func(c change) bool { return c.id == id && slices.Contains(e.Readers, c.reader) }) {
				idle = append(idle, fmt.Sprintf("entry %s names %s, whose expectation changed under none of its readers", e.ID, id))
			}
		}
	}
	return missing, idle
}

// The golden file holds the suite's expectations as of the last entry:
// an expectation that changes fails here until an entry names its case
// and reader, and only then may -update write the new one.
func TestExpectationsGolden(t *testing.T) {
	s, err := refsite.Suite("", refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	g := readGolden(t, string(data))
	entries := pending(t, g.after)
	changed := diff(g, s)
	missing, idle := unexplained(changed, entries)
	for _, c := range missing {
		t.Errorf("%s under %s: %s, now %s, and no entry of core/changes after %s names it: add one (its readers and cases, the date, the commit, why), then run go test ./core/changes -update", c.id, c.reader, c.was, c.now, g.after)
	}
	for _, m := range idle {
		t.Error(m)
	}
	want := expectations(s, changes.Last().ID)
	if string(data) == want {
		return
	}
	if t.Failed() {
		return
	}
	if *update {
		if err := os.WriteFile(goldenPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is not the suite's expectations after %s (%d changed, %d entries since %s): run go test ./core/changes -update", goldenPath, changes.Last().ID, len(changed), len(entries), g.after)
}

// The check itself: an expectation changed without an entry is caught,
// and one with an entry naming its case and reader passes.
func TestUnexplainedChangeFails(t *testing.T) {
	s, err := refsite.Suite("", refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	g := readGolden(t, expectations(s, "x"))
	// The golden file as if the first case's first reader had answered
	// the other way.
	id, r := s.Cases[0].ID, s.Readers[0]
	old := []byte(g.cases[id])
	old[0] = map[byte]byte{'a': 'd', 'd': 'a', '-': 'a'}[old[0]]
	g.cases[id] = string(old)
	changed := diff(g, s)
	if len(changed) != 1 || changed[0].id != id || changed[0].reader != r {
		t.Fatalf("diff = %v, want the one change of %s under %s", changed, id, r)
	}
	if missing, _ := unexplained(changed, nil); len(missing) != 1 {
		t.Errorf("a change with no entry passed")
	}
	other := changes.Entry{ID: "e", Readers: []string{r + "-not"}, Cases: []string{id}}
	if missing, idle := unexplained(changed, []changes.Entry{other}); len(missing) != 1 || len(idle) != 1 {
		t.Errorf("an entry naming the case under another reader explained it (%v, %v)", missing, idle)
	}
	right := changes.Entry{ID: "e", Readers: []string{r}, Cases: []string{id}}
	if missing, idle := unexplained(changed, []changes.Entry{right}); len(missing) != 0 || len(idle) != 0 {
		t.Errorf("the entry naming it did not explain it: %v, %v", missing, idle)
	}
}

// Every entry is well formed: a unique ID, dates in order, readers and
// cases that the suite knows (an entry with cases names its readers).
func TestLogWellFormed(t *testing.T) {
	s, err := refsite.Suite("", refsite.SuiteReaders())
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, c := range s.Cases {
		ids[c.ID] = true
	}
	seen := map[string]bool{}
	last := ""
	for _, e := range changes.Log {
		if e.ID == "" || seen[e.ID] || strings.ContainsAny(e.ID, " #/") {
			t.Errorf("entry ID %q: empty, repeated or not an anchor", e.ID)
		}
		seen[e.ID] = true
		if len(e.Date) != 10 || e.Date < last {
			t.Errorf("%s: date %q not YYYY-MM-DD or before the entry above", e.ID, e.Date)
		}
		last = e.Date
		if e.Title == "" || e.Why == "" || e.Source == "" {
			t.Errorf("%s: lacks its title, why or what showed it", e.ID)
		}
		if len(e.Cases) > 0 && len(e.Readers) == 0 {
			t.Errorf("%s: cases without readers", e.ID)
		}
		for _, r := range e.Readers {
			if !slices.Contains(s.Readers, r) {
				t.Errorf("%s: %q is no reader of the suite", e.ID, r)
			}
		}
		for _, c := range e.Cases {
			if !ids[c] && !(c == changes.EveryCase && len(e.Cases) == 1) {
				t.Errorf("%s: %q is no case of the suite", e.ID, c)
			}
		}
	}
}
