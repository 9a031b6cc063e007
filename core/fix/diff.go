package fix

import (
	"slices"
	"strings"
)

// Row is one row of a side-by-side view of the input and the result.
// A side with no line has number 0 and text "".
type Row struct {
	Old     int    `json:"old"`
	New     int    `json:"new"`
	OldText string `json:"old_text"`
	NewText string `json:"new_text"`
	// Changed: the two sides differ (text or line ending; not the missing
	// ending of a file's last line), or one is empty.
	Changed bool `json:"changed"`
	// Changes are the indexes in Result.Changes of the changes that
	// wrote, moved or removed this row's lines.
	Changes []int `json:"changes"`
}

// diffLine is a line as Diff shows it.
type diffLine struct {
	text, term string
	orig       int // the input's line it came from, 0 for an added line
}

func linesOf(d *doc) []diffLine {
	out := make([]diffLine, len(d.lines))
	for i, l := range d.lines {
		out[i] = diffLine{text: l.text, term: l.term, orig: l.orig}
		if i == len(d.lines)-1 && d.bareEnd() {
			out[i].term = ""
		}
	}
	return out
}

// Diff lays the input and the result side by side. Lines fix kept in
// order face each other (changed if their text or ending changed); a
// line it moved shows as removed at its old place and added at its new
// one; removed and added lines between two kept ones share rows. It is
// built from the lines fix tracked, not guessed from the texts.
func (r Result) Diff() []Row {
	// The tail past the cut, which no change touches, faces itself:
	// its lines are made here, only for a caller that draws the diff.
	if r.tail != "" {
		tail := tailLines(r.tail, r.tailFirst)
		r.before = append(slices.Clip(r.before), tail...)
		r.after = append(slices.Clip(r.after), tail...)
	}
	touchedOld, touchedNew := map[int]bool{}, map[int]bool{}
	for _, c := range r.Changes {
		for _, o := range c.olds {
			touchedOld[o] = true
		}
		for _, n := range c.news {
			touchedNew[n] = true
		}
	}
	kept := keptInOrder(r.after, func(k int) bool { return touchedNew[k] || touchedOld[r.after[k-1].orig] })
	var rows []Row
	o, n := 1, 1                    // next input and result line to show
	flush := func(oEnd, nEnd int) { // lines before the next kept pair
		for o < oEnd || n < nEnd {
			row := Row{Changed: true}
			if o < oEnd {
				row.Old, row.OldText = o, r.before[o-1].text
				o++
			}
			if n < nEnd {
				row.New, row.NewText = n, r.after[n-1].text
				n++
			}
			rows = append(rows, row)
		}
	}
	for _, k := range kept {
		a := r.after[k-1]
		flush(a.orig, k)
		b := r.before[a.orig-1]
		rows = append(rows, Row{Old: a.orig, New: k, OldText: b.text, NewText: a.text, Changed: b.text != a.text || b.term != a.term && b.term != "" && a.term != ""})
		o, n = a.orig+1, k+1
	}
	flush(len(r.before)+1, len(r.after)+1)
	for i := range rows {
		rows[i].Changes = []int{}
		for ci, c := range r.Changes {
			if slices.Contains(c.olds, rows[i].Old) || slices.Contains(c.news, rows[i].New) {
				rows[i].Changes = append(rows[i].Changes, ci)
			}
		}
	}
	return rows
}

// keptInOrder picks the result lines (by number) that face their input
// line: a run whose input lines increase, holding every line no change
// touched (those never move) and as many touched ones as fit, so that
// only lines a change moved show as moved. A weighted longest increasing
// run, found with a max Fenwick tree over input line numbers.
func keptInOrder(after []diffLine, touched func(k int) bool) []int {
	n := 0
	for _, l := range after {
		n = max(n, l.orig)
	}
	type best struct{ weight, at int }
	tree := make([]best, n+1) // prefix maxima of the best run ending at each input line
	query := func(o int) (b best) {
		for ; o > 0; o -= o & -o {
			if tree[o].weight > b.weight {
				b = tree[o]
			}
		}
		return b
	}
	prev := make([]int, len(after)+1)
	var top best
	for k := 1; k <= len(after); k++ {
		o := after[k-1].orig
		if o == 0 {
			continue
		}
		w := 1
		if !touched(k) {
			w = len(after) + 1 // always worth more than every touched line
		}
		b := query(o - 1)
		prev[k] = b.at
		cur := best{b.weight + w, k}
		if cur.weight > top.weight {
			top = cur
		}
		for i := o; i <= n; i += i & -i {
			if cur.weight > tree[i].weight {
				tree[i] = cur
			}
		}
	}
	var out []int
	for k := top.at; k > 0; k = prev[k] {
		out = append(out, k)
	}
	slices.Reverse(out)
	return out
}

// tailLines are the lines of a tail kept as it came, numbered from
// first, as the lexer splits them (CRLF, LF or a lone CR).
func tailLines(tail string, first int) []diffLine {
	var out []diffLine
	for n := first; tail != ""; n++ {
		end := strings.IndexAny(tail, "\r\n")
		if end < 0 {
			return append(out, diffLine{text: tail, orig: n})
		}
		term := tail[end : end+1]
		if strings.HasPrefix(tail[end:], "\r\n") {
			term = "\r\n"
		}
		out = append(out, diffLine{text: tail[:end], term: term, orig: n})
		tail = tail[end+len(term):]
	}
	return out
}
