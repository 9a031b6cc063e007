package state

import (
	"encoding/binary"
	"strings"
)

// A link can carry a record of what the sender's page showed (tag 10,
// in v1 and v2 links alike: a page from before records skips the tag
// and opens the case as it always did). The record's value is
//
//	byte     the record's format, RecordFormat (another is ignored)
//	8 bytes  Hash of the case: FNV-1a 64 of Marshal of the state without
//	         its record, little-endian
//	field    Rev, the smolbots commit the page was built from
//	field    Date, the build's date (YYYY-MM-DD)
//	field    Dialects, the verdict grid's column IDs joined by commas, or
//	         "=" and the FNV-1a 32 (8 hex digits) of that list when it
//	         is the case's default (Columns): the link stays shorter
//	field    Crawlers, the Real crawlers table's column IDs, likewise
//	field    AgentsUsed: a bitset over the Agents box's non-blank
//	         lines, bit i set when line i made rows (bit 0 of byte 0
//	         first); a box without one such line is the agent "*"
//	field    SelectorsUsed: the same over the Selectors box
//	field    Cells: 3 bits per cell (a Verdict code), the grid's cells
//	         row by row (agent-major, the dialects across), then the
//	         Real crawlers table's (a row per used selector)
//
// where a field is a uvarint length and that many bytes. Decode keeps
// a record only when its hash is the case's, its format is known and
// its cell count is its layout's: any other is dropped, never shown.
// A case with more than MaxRecordCells cells gets no record.

// RecordFormat is the record's format byte.
const RecordFormat = 1

// MaxRecordCells is the most cells a record holds: a case with more
// (say 12 selectors under 4 agents and every column) gets a link
// without one, which opens as a link without a record does.
const MaxRecordCells = 2048

const tagRecord uint64 = 10

// Columns gives the columns a page shows for a case by default, by ID:
// the grid's and the Real crawlers table's, or nil for a list it cannot
// tell (core/pageview sets it). A record writes a default list as a
// reference, "=" and the list's checksum, and reads one back through
// Columns, dropped where the checksum is not that of the list Columns
// gives (another page's defaults): without Columns, lists are written
// whole and references dropped.
var Columns func(s State) (dialects, crawlers []string)

func columnsOf(s State) (dialects, crawlers []string) {
	if Columns == nil {
		return nil, nil
	}
	return Columns(s)
}

// listField is a column list as a record writes it: a reference when
// it is the default def and longer than one.
func listField(ids, def []string) []byte {
	j := strings.Join(ids, ",")
	if def != nil && strings.Join(def, ",") == j && len(j) > 9 {
		return []byte("=" + sum32(j))
	}
	return []byte(j)
}

// readList reads a column list, resolving a reference against def.
func readList(b []byte, def []string) ([]string, bool) {
	if len(b) > 0 && b[0] == '=' {
		if def == nil || string(b[1:]) != sum32(strings.Join(def, ",")) {
			return nil, false
		}
		return append([]string{}, def...), true
	}
	return ids(b), true
}

// sum32 is FNV-1a 32 of s, in 8 hex digits.
func sum32(s string) string {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	const hex = "0123456789abcdef"
	out := make([]byte, 8)
	for i := range out {
		out[7-i] = hex[h>>(4*i)&15]
	}
	return string(out)
}

// Code is one cell's verdict in a record.
type Code uint8

// The verdicts a record holds.
const (
	Unknown      Code = iota // the reader's answer is not known
	Allow                    // may fetch
	Disallow                 // may not fetch
	SkipHost                 // fetches nothing from the host
	NeverFetched             // never asks for the file
	numCodes
)

// Word is the code as the page and the reports write it.
func (c Code) Word() string {
	switch c {
	case Allow:
		return "allow"
	case Disallow:
		return "deny"
	case SkipHost:
		return "skip host"
	case NeverFetched:
		return "never fetched"
	}
	return "unknown"
}

// Record is what the page showed when it made the link.
type Record struct {
	Rev, Date     string
	Dialects      []string // the grid's columns, by reader ID
	Crawlers      []string // the Real crawlers table's, by preset ID
	AgentsUsed    []bool   // per non-blank line of the Agents box
	SelectorsUsed []bool   // per non-blank line of the Selectors box
	Cells         []Code   // as the layout orders them
}

// Cell is one recorded cell with its place.
type Cell struct {
	Crawler  bool   // a cell of the Real crawlers table, not the grid
	Column   string // dialect or preset ID
	Agent    string // the grid's agent as typed (trimmed); "" for a crawler cell
	Selector string // as typed
	Code     Code
}

// Layout is the record's cells with their places, in its order; nil
// when the record does not fit the case (its counts differ).
func (r *Record) Layout(s State) []Cell {
	agents := usedLines(s.Agents, r.AgentsUsed, true)
	sels := usedLines(s.Selectors, r.SelectorsUsed, false)
	if agents == nil || sels == nil {
		return nil
	}
	if len(agents) == 0 {
		agents = []string{"*"}
	}
	n := len(agents)*len(sels)*len(r.Dialects) + len(sels)*len(r.Crawlers)
	if n != len(r.Cells) || n > MaxRecordCells {
		return nil
	}
	out := make([]Cell, 0, n)
	for _, a := range agents {
		for _, sel := range sels {
			for _, d := range r.Dialects {
				out = append(out, Cell{Column: d, Agent: a, Selector: sel, Code: r.Cells[len(out)]})
			}
		}
	}
	for _, sel := range sels {
		for _, c := range r.Crawlers {
			out = append(out, Cell{Crawler: true, Column: c, Selector: sel, Code: r.Cells[len(out)]})
		}
	}
	return out
}

// usedLines is the box's non-blank lines (as core/grid splits a box:
// CR, LF or CRLF; blank when only spaces and tabs) whose bit is set,
// trimmed for the Agents box. nil when the bitset is not the box's.
func usedLines(box string, used []bool, trim bool) []string {
	var all []string
	for _, l := range strings.FieldsFunc(box, func(r rune) bool { return r == '\r' || r == '\n' }) {
		if strings.Trim(l, " \t") != "" {
			all = append(all, l)
		}
	}
	if (len(all)+7)/8 != (len(used)+7)/8 || len(used) < len(all) {
		return nil
	}
	out := []string{}
	for i, l := range all {
		if used[i] {
			if trim {
				l = strings.TrimSpace(l)
			}
			out = append(out, l)
		}
	}
	return out
}

// UsedLines is the bitset of a box's non-blank lines whose text is in
// used (for the agents, trimmed): what the page writes into a record.
func UsedLines(box string, used []string, trim bool) []bool {
	set := map[string]bool{}
	for _, u := range used {
		set[u] = true
	}
	var out []bool
	for _, l := range strings.FieldsFunc(box, func(r rune) bool { return r == '\r' || r == '\n' }) {
		if strings.Trim(l, " \t") == "" {
			continue
		}
		if trim {
			l = strings.TrimSpace(l)
		}
		out = append(out, set[l])
	}
	return out
}

// Hash is the case's hash a record carries: FNV-1a 64 of Marshal of
// the state without its record.
func Hash(s State) uint64 {
	s.Record = nil
	h := uint64(14695981039346656037)
	for _, b := range Marshal(s) {
		h ^= uint64(b)
		h *= 1099511628211
	}
	return h
}

// marshalRecord is tag 10's value for s's record, nil when it holds
// too many cells.
func marshalRecord(s State) []byte {
	r := s.Record
	if len(r.Cells) > MaxRecordCells {
		return nil
	}
	out := []byte{RecordFormat}
	out = binary.LittleEndian.AppendUint64(out, Hash(s))
	field := func(b []byte) {
		out = binary.AppendUvarint(out, uint64(len(b)))
		out = append(out, b...)
	}
	field([]byte(r.Rev))
	field([]byte(r.Date))
	dl, cl := columnsOf(s)
	field(listField(r.Dialects, dl))
	field(listField(r.Crawlers, cl))
	field(packBools(r.AgentsUsed))
	field(packBools(r.SelectorsUsed))
	codes := make([]byte, (len(r.Cells)*3+7)/8)
	for i, c := range r.Cells {
		for k := 0; k < 3; k++ {
			if c>>k&1 == 1 {
				codes[(i*3+k)/8] |= 1 << ((i*3 + k) % 8)
			}
		}
	}
	field(codes)
	return out
}

// packBools is a bitset, bit i of byte i/8 for bools[i].
func packBools(bools []bool) []byte {
	out := make([]byte, (len(bools)+7)/8)
	for i, b := range bools {
		if b {
			out[i/8] |= 1 << (i % 8)
		}
	}
	return out
}

// unbits reads n values of width bits each; false when b is not that
// long exactly.
func unbits(b []byte, width, n int) ([]uint8, bool) {
	if len(b) != (n*width+7)/8 {
		return nil, false
	}
	out := make([]uint8, n)
	for i := range out {
		for k := 0; k < width; k++ {
			p := i*width + k
			out[i] |= (b[p/8] >> (p % 8) & 1) << k
		}
	}
	return out, true
}

// readRecord is the record in tag 10's value v for s (the state
// without it), nil when it is not one to show: an unknown format, a
// hash not s's, a damaged value or one that does not fit s's layout.
func readRecord(v []byte, s State) *Record {
	if len(v) < 9 || v[0] != RecordFormat || binary.LittleEndian.Uint64(v[1:9]) != Hash(s) {
		return nil
	}
	v = v[9:]
	var fields [7][]byte
	for i := range fields {
		n, k := binary.Uvarint(v)
		if k <= 0 || n > uint64(len(v)-k) {
			return nil
		}
		fields[i], v = v[k:k+int(n)], v[k+int(n):]
	}
	if len(v) != 0 || len(fields[0]) > 64 || len(fields[1]) > 32 {
		return nil
	}
	r := &Record{Rev: string(fields[0]), Date: string(fields[1])}
	dl, cl := columnsOf(s)
	var ok1, ok2 bool
	r.Dialects, ok1 = readList(fields[2], dl)
	r.Crawlers, ok2 = readList(fields[3], cl)
	if !ok1 || !ok2 {
		return nil
	}
	// The bitsets' exact lengths come from the case: the lines' count
	// rounds up to whole bytes, and Layout checks it against the box.
	r.AgentsUsed = boolsOf(fields[4])
	r.SelectorsUsed = boolsOf(fields[5])
	agents := usedLines(s.Agents, r.AgentsUsed, true)
	sels := usedLines(s.Selectors, r.SelectorsUsed, false)
	if agents == nil || sels == nil {
		return nil
	}
	r.AgentsUsed = r.AgentsUsed[:countLines(s.Agents)]
	r.SelectorsUsed = r.SelectorsUsed[:countLines(s.Selectors)]
	na := max(len(agents), 1)
	n := na*len(sels)*len(r.Dialects) + len(sels)*len(r.Crawlers)
	if n > MaxRecordCells {
		return nil
	}
	codes, ok := unbits(fields[6], 3, n)
	if !ok {
		return nil
	}
	r.Cells = make([]Code, n)
	for i, c := range codes {
		if Code(c) >= numCodes {
			return nil
		}
		r.Cells[i] = Code(c)
	}
	if r.Layout(s) == nil {
		return nil
	}
	return r
}

func ids(b []byte) []string {
	out := []string{}
	for _, id := range strings.Split(string(b), ",") {
		if id != "" {
			out = append(out, id)
		}
	}
	return out
}

func boolsOf(b []byte) []bool {
	out := make([]bool, len(b)*8)
	for i := range out {
		out[i] = b[i/8]>>(i%8)&1 == 1
	}
	return out
}

func countLines(box string) int {
	return len(UsedLines(box, nil, false))
}

// ReadRecord is the record in tag 10's value v for s, the case read
// without it (main.js reads the records and hands this value on): nil
// when Decode would drop it.
func ReadRecord(v []byte, s State) *Record {
	s.Record = nil
	return readRecord(v, s)
}

// RecordBytes is tag 10's value for s's record, nil for none.
func RecordBytes(s State) []byte {
	if s.Record == nil {
		return nil
	}
	return marshalRecord(s)
}
