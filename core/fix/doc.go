package fix

import (
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// line is one line of the file being rewritten. It keeps its id while
// edits move it, so a change can name the lines of the result it made.
type line struct {
	id   int
	orig int    // line number in the input, 0 for a line fix added
	text string // without its terminator
	term string // "\r\n", "\n" or "\r"
}

// doc is the file being rewritten.
type doc struct {
	lines   []line
	noFinal bool   // the input's last line had no terminator
	bom     bool   // the input's UTF-8 byte order mark, kept until a step drops it
	nl      string // terminator for added lines: the file's first one
	nextID  int
	pos     []int32 // position by id, -1 for none; nil when lines moved since
	parsed  *parsed // the last text parsed, shared by clones
	// tail is the input past its last whole line within the cut, kept
	// byte for byte after the lines; "" for a file within the cut.
	tail      string
	tailFirst int // the input's number of the tail's first line
	// reach is how many bytes of the output the readers in scope read
	// (see sized); whole is the last such view parsed, shared by clones.
	reach int
	whole *parsed
}

// parsed keeps the last text a doc was parsed from: the steps each read
// the file, most often unchanged since the last step, and a 500 KiB file
// takes milliseconds to parse.
type parsed struct {
	text string
	f    *core.File
}

func newDoc(f *core.File) *doc {
	d := &doc{nl: "\n", bom: f.BOM, parsed: &parsed{}}
	for _, l := range f.Lines {
		if l.Terminator != "" {
			d.nl = l.Terminator
			break
		}
	}
	for i, l := range f.Lines {
		term := l.Terminator
		if term == "" {
			term, d.noFinal = d.nl, true
		}
		d.lines = append(d.lines, line{id: i + 1, orig: l.Pos.Line, text: l.Text, term: term})
	}
	d.nextID = len(f.Lines) + 1
	return d
}

func (d *doc) clone() *doc {
	c := *d
	c.lines, c.pos = slices.Clone(d.lines), nil
	return &c
}

// String is the file as it would be written.
func (d *doc) String() string {
	var b strings.Builder
	n := 3 + len(d.lines) // the BOM, and a CR more per line at most
	for _, l := range d.lines {
		n += len(l.text) + len(l.term)
	}
	b.Grow(n) // one allocation: a 500 KiB file is built many times
	if d.bom {
		b.WriteString("\uFEFF")
	}
	for i, l := range d.lines {
		b.WriteString(l.text)
		switch {
		case i == len(d.lines)-1 && d.bareEnd():
		case l.term == "\r" && i+1 < len(d.lines) && d.lines[i+1].text == "" && d.lines[i+1].term == "\n":
			// A lone CR then an empty LF line would read as one CRLF
			// once lines moved next to each other: end this line in
			// CRLF, which every dialect reads alike.
			b.WriteString("\r\n")
		default:
			b.WriteString(l.term)
		}
	}
	return b.String()
}

// bareEnd reports whether the last line is written without its
// terminator, as the input's was. An empty last line keeps it: without
// one it would not be a line at all.
func (d *doc) bareEnd() bool {
	return d.noFinal && len(d.lines) > 0 && d.lines[len(d.lines)-1].text != ""
}

// text is the whole output: the lines, then the tail as it came.
func (d *doc) text() string { return d.String() + d.tail }

// full reads the output as the readers in scope do: as far as the last
// of them reads (parse reads only the lines, which the steps edit).
func (d *doc) full() *core.File {
	if d.tail == "" {
		return d.parse()
	}
	head := d.String()
	var text string
	if n := min(len(head)+len(d.tail), d.reach); n <= len(head) {
		text = head[:n]
	} else {
		text = head + d.tail[:n-len(head)]
	}
	if d.whole.f == nil || d.whole.text != text {
		d.whole.text, d.whole.f = text, core.Parse([]byte(text))
	}
	return d.whole.f
}

// parse reads the doc as the dialects do: line i of the result is
// d.lines[i-1], since no text holds a line break.
func (d *doc) parse() *core.File {
	text := d.String()
	if d.parsed.f == nil || d.parsed.text != text {
		d.parsed.text, d.parsed.f = text, core.Parse([]byte(text))
	}
	return d.parsed.f
}

// index is the position of the line with this id, -1 if it is gone.
func (d *doc) index(id int) int {
	if d.pos == nil {
		d.pos = make([]int32, d.nextID+1)
		for i := range d.pos {
			d.pos[i] = -1
		}
		for i, l := range d.lines {
			d.pos[l.id] = int32(i)
		}
	}
	if id < 0 || id >= len(d.pos) {
		return -1
	}
	return int(d.pos[id])
}

func (d *doc) newLine(text string) line {
	d.nextID++
	term := d.nl
	if term == "\r" {
		// Never a bare CR: gopher2019 and the crawlers that end lines
		// at LF only would join the added line to the next.
		term = "\r\n"
	}
	return line{id: d.nextID, text: text, term: term}
}

// insert puts lines before position i.
func (d *doc) insert(i int, ls ...line) {
	d.lines, d.pos = slices.Insert(d.lines, i, ls...), nil
}

// remove takes out the lines with these ids and returns them in file order.
func (d *doc) remove(ids []int) []line {
	var out []line
	gone := set(ids)
	d.pos = nil
	d.lines = slices.DeleteFunc(d.lines, func(l line) bool {
		if gone[l.id] {
			out = append(out, l)
			return true
		}
		return false
	})
	return out
}

// isBlank: empty or only spaces and tabs.
func isBlank(text string) bool { return strings.Trim(text, " \t") == "" }

// tidyBlanks drops a blank line that an edit left doubled, leading or
// trailing around position i, and returns it (none: nil).
func (d *doc) tidyBlanks(i int) []line {
	for _, j := range []int{i, i - 1} {
		if j < 0 || j >= len(d.lines) || !isBlank(d.lines[j].text) {
			continue
		}
		prevBlank := j == 0 || isBlank(d.lines[j-1].text)
		nextBlank := j == len(d.lines)-1 || isBlank(d.lines[j+1].text)
		if prevBlank || nextBlank {
			gone := d.lines[j]
			d.lines, d.pos = slices.Delete(d.lines, j, j+1), nil
			return []line{gone}
		}
	}
	return nil
}

// rebuild does many removals and moves in one pass: it drops the lines
// owner names (by the index of the edit they belong to), takes out the
// moved ones (by the same index) and puts the lines listed in after[id]
// after line id, and drops the blank lines the removals and moves left
// doubled, leading or trailing. It returns, per edit, the lines it
// removed.
func (d *doc) rebuild(n int, owner map[int]int, moved map[int]int, after map[int][]int) [][]line {
	old := d.lines
	gone := make([][]line, n)
	out := make([]line, 0, len(old))
	cut := -1 // the edit whose lines were just dropped: a blank line here may be doubled
	for _, l := range old {
		if i, ok := owner[l.id]; ok {
			gone[i], cut = append(gone[i], l), i
			continue
		}
		if i, ok := moved[l.id]; ok {
			cut = i
			continue
		}
		if cut >= 0 && isBlank(l.text) && (len(out) == 0 || isBlank(out[len(out)-1].text)) {
			gone[cut] = append(gone[cut], l)
			continue
		}
		cut = -1
		out = append(out, l)
		for _, id := range after[l.id] {
			out = append(out, old[d.index(id)])
		}
	}
	if cut >= 0 && len(out) > 0 && isBlank(out[len(out)-1].text) {
		gone[cut] = append(gone[cut], out[len(out)-1])
		out = out[:len(out)-1]
	}
	d.lines, d.pos = out, nil
	return gone
}

func set(ids []int) map[int]bool {
	m := make(map[int]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}
