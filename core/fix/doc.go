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
	nl      string // terminator for added lines: the file's first one
	nextID  int
	pos     []int32 // position by id, -1 for none; nil when lines moved since
}

func newDoc(f *core.File) *doc {
	d := &doc{nl: "\n"}
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
	for i, l := range d.lines {
		b.WriteString(l.text)
		if i < len(d.lines)-1 || !d.noFinal {
			b.WriteString(l.term)
		}
	}
	return b.String()
}

// parse reads the doc as the dialects do: line i of the result is
// d.lines[i-1], since no text holds a line break.
func (d *doc) parse() *core.File { return core.Parse([]byte(d.String())) }

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
	return line{id: d.nextID, text: text, term: d.nl}
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

func set(ids []int) map[int]bool {
	m := make(map[int]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}
