package state

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"strings"
	"testing"
)

// recorded is a case with a record of what its page showed: two agents
// (one line the grid could not use), two selectors, two dialects, one
// crawler.
func recorded() State {
	s := State{
		Robots:    "User-agent: *\nDisallow: /private\n",
		Selectors: "/private/x\n\n/public\r\n",
		Agents:    " GUS(indexer)\n(bad\n*",
		Crawlers:  []string{"tlgs"},
	}
	s.Record = &Record{
		Rev: "0f05b81abcde", Date: "2026-12-07",
		Dialects:      []string{"rfc9309", "gemini"},
		Crawlers:      []string{"tlgs"},
		AgentsUsed:    []bool{true, false, true},
		SelectorsUsed: []bool{true, true},
		Cells: []Code{
			Disallow, Disallow, Allow, Allow, // GUS(indexer)
			Disallow, Unknown, Allow, NeverFetched, // *
			SkipHost, Allow, // tlgs
		},
	}
	return s
}

func TestRecordRoundTrip(t *testing.T) {
	s := recorded()
	h := Encode(s)
	if !strings.HasPrefix(h, Prefix) {
		t.Fatalf("a record alone makes no v2 link: %.10q", h)
	}
	got, err := Decode(h)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Fatalf("round trip: %#v\nwant %#v", got.Record, s.Record)
	}
	cells := got.Record.Layout(got)
	want := []Cell{
		{Column: "rfc9309", Agent: "GUS(indexer)", Selector: "/private/x", Code: Disallow},
		{Column: "gemini", Agent: "GUS(indexer)", Selector: "/private/x", Code: Disallow},
		{Column: "rfc9309", Agent: "GUS(indexer)", Selector: "/public", Code: Allow},
	}
	if !reflect.DeepEqual(cells[:3], want) {
		t.Errorf("layout: %#v", cells[:3])
	}
	if last := cells[len(cells)-1]; last != (Cell{Crawler: true, Column: "tlgs", Selector: "/public", Code: Allow}) {
		t.Errorf("last cell %#v", last)
	}
	// The record costs a short link little.
	plain := s
	plain.Record = nil
	if extra := len(h) - len(Encode(plain)); extra > 100 {
		t.Errorf("the record adds %d bytes to the link", extra)
	}
}

// rewrap is s's link with its record's value replaced by edit's.
func rewrap(s State, edit func([]byte) []byte) string {
	raw := Marshal(s)
	// The record is the last tag: find it by re-marshalling without it.
	plain := s
	plain.Record = nil
	head := Marshal(plain)
	rest := raw[len(head):]
	_, n := binary.Uvarint(rest) // tag
	size, k := binary.Uvarint(rest[n:])
	v := rest[n+k : n+k+int(size)]
	v = edit(append([]byte(nil), v...))
	out := append(head, binary.AppendUvarint(nil, tagRecord)...)
	out = binary.AppendUvarint(out, uint64(len(v)))
	return Wrap(deflate(append(out, v...)))
}

// A record that is not the case's, damaged or of another format is
// dropped: the case opens, without it.
func TestRecordDropped(t *testing.T) {
	s := recorded()
	other := s
	other.Robots += "Disallow: /\n" // another case's hash
	otherRec := *s.Record
	other.Record = &otherRec
	cases := map[string]string{
		"wrong hash": rewrap(s, func(v []byte) []byte { v[1] ^= 1; return v }),
		"another case's record": rewrap(s, func([]byte) []byte {
			return marshalRecord(other)
		}),
		"wrong format": rewrap(s, func(v []byte) []byte { v[0] = 2; return v }),
		"truncated":    rewrap(s, func(v []byte) []byte { return v[:len(v)-1] }),
		"trailing":     rewrap(s, func(v []byte) []byte { return append(v, 0) }),
		"too few":      rewrap(s, func(v []byte) []byte { v[len(v)-3]--; return v[:len(v)-1] }),
		"bad code":     rewrap(s, func(v []byte) []byte { v[len(v)-1] |= 0x07 << 1; v[len(v)-2] = 0xff; return v }),
		"empty":        rewrap(s, func([]byte) []byte { return nil }),
	}
	for name, h := range cases {
		got, err := Decode(h)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got.Record != nil {
			t.Errorf("%s: the record was kept: %#v", name, got.Record)
		}
		want := s
		want.Record = nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the case changed", name)
		}
	}
	// Two records: neither.
	raw := Marshal(s)
	plain := s
	plain.Record = nil
	twice := append(raw, raw[len(Marshal(plain)):]...)
	if got, err := Decode(Wrap(deflate(twice))); err != nil || got.Record != nil {
		t.Errorf("two records: %v, %v", err, got.Record)
	}
}

// A case with more cells than MaxRecordCells gets a link without one.
func TestRecordTooLarge(t *testing.T) {
	s := recorded()
	var sels []string
	var used []bool
	for i := 0; i < MaxRecordCells; i++ {
		sels = append(sels, "/"+strings.Repeat("x", i%7))
		used = append(used, true)
	}
	s.Selectors = strings.Join(sels, "\n")
	s.Record.SelectorsUsed = used
	s.Record.Cells = make([]Code, 2*len(sels)*2+len(sels))
	got, err := Decode(Encode(s))
	if err != nil || got.Record != nil {
		t.Fatalf("%v, record %v", err, got.Record != nil)
	}
}

// Old links open as before: a v1 link without tag 10 has no record.
func TestOldLinksHaveNoRecord(t *testing.T) {
	for _, c := range readGolden(t) {
		got, err := Decode(c.Hash)
		if err != nil || got.Record != nil {
			t.Errorf("%s: %v, record %v", c.Name, err, got.Record)
		}
	}
}

// Hash is FNV-1a 64 of the records without tag 10 (main.js computes it
// the same way): pinned here.
func TestHashPinned(t *testing.T) {
	if h := Hash(State{}); h != 14695981039346656037 {
		t.Errorf("empty: %d", h)
	}
	if h := Hash(State{Robots: "a"}); h != 0xd0a69c1867296f62 { // FNV-1a 64 of 01 01 61
		t.Errorf("robots a: %#x", h)
	}
}

func FuzzRecord(f *testing.F) {
	s := recorded()
	f.Add(Encode(s), []byte{}, 0)
	f.Add(rewrap(s, func(v []byte) []byte { return v[:5] }), []byte{1, 2}, 3)
	f.Add(rewrap(s, func(v []byte) []byte { return append(v, bytes.Repeat([]byte{0xff}, 4096)...) }), []byte{0}, 1)
	f.Add(rewrap(s, func(v []byte) []byte { v[2] ^= 4; return v }), []byte{}, 0)      // a wrong hash
	f.Add(rewrap(s, func(v []byte) []byte { v[0] = 2; return v }), []byte{1}, 0)      // a format of a newer page
	f.Add(rewrap(s, func(v []byte) []byte { return v[:len(v)/2] }), []byte{0x80}, 12) // cut in a field
	f.Fuzz(func(t *testing.T, hash string, edit []byte, at int) {
		// The fragment as the mutator bends it, and the good link with
		// its record's value bent.
		bent := rewrap(s, func(v []byte) []byte {
			if at < 0 {
				at = -at
			}
			if len(v) > 0 {
				at %= len(v) + 1
				v = append(v[:at], edit...)
			}
			return v
		})
		for _, h := range []string{hash, bent} {
			got, err := Decode(h)
			if err != nil || got.Record == nil {
				continue
			}
			// Whatever record is kept is the case's, and fits it.
			if binary.LittleEndian.Uint64(marshalRecord(got)[1:9]) != Hash(got) {
				t.Fatal("a record kept with a hash not the case's")
			}
			cells := got.Record.Layout(got)
			if cells == nil || len(cells) > MaxRecordCells {
				t.Fatalf("a record kept that does not fit its case: %d cells", len(cells))
			}
			for _, c := range cells {
				if c.Code >= numCodes {
					t.Fatalf("a code out of range: %d", c.Code)
				}
			}
		}
	})
}

// A default column list is written as a reference (shorter) and read
// back through Columns; one whose checksum is not that of the reader's
// defaults, or read without Columns, drops the record.
func TestRecordColumnReference(t *testing.T) {
	saved := Columns
	defer func() { Columns = saved }()
	s := recorded()
	whole, wholeValue := Encode(s), RecordBytes(s)
	Columns = func(State) ([]string, []string) { return []string{"rfc9309", "gemini"}, []string{"tlgs"} }
	h := Encode(s)
	if v := RecordBytes(s); !bytes.Contains(v, []byte("=")) || len(v) >= len(wholeValue) {
		t.Errorf("no shorter reference written: %q", v)
	}
	got, err := Decode(h)
	if err != nil || got.Record == nil || strings.Join(got.Record.Dialects, ",") != "rfc9309,gemini" || strings.Join(got.Record.Crawlers, ",") != "tlgs" {
		t.Fatalf("read back: %v, %+v", err, got.Record)
	}
	Columns = func(State) ([]string, []string) { return []string{"gemini", "rfc9309"}, []string{"tlgs"} }
	if got, _ := Decode(h); got.Record != nil {
		t.Error("a reference read against other defaults was kept")
	}
	Columns = nil
	if got, _ := Decode(h); got.Record != nil {
		t.Error("a reference read without Columns was kept")
	}
	if got, _ := Decode(whole); got.Record == nil {
		t.Error("whole lists need no Columns")
	}
}
