package lsp

import (
	"fmt"
	"unicode/utf8"
)

// Positions in LSP are a line and a character offset in UTF-16 code
// units; lines end at LF, CRLF or a bare CR, as core.Parse splits them.

type position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type span struct {
	Start position `json:"start"`
	End   position `json:"end"`
}

// lineStarts is the byte offset of each line's start.
func lineStarts(text string) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		case '\n':
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineEnd is the offset where the line starting at start ends, before
// its terminator.
func lineEnd(text string, start int) int {
	for i := start; i < len(text); i++ {
		if text[i] == '\n' || text[i] == '\r' {
			return i
		}
	}
	return len(text)
}

// utf16Len counts s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// offsetOf is the byte offset of p in text; a position past a line's
// end is its end, and past the last line the text's end.
func offsetOf(text string, starts []int, p position) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(starts) {
		return len(text)
	}
	start := starts[p.Line]
	end := lineEnd(text, start)
	units := 0
	for i := start; i < end; {
		if units >= p.Character {
			return i
		}
		r, size := utf8.DecodeRuneInString(text[i:end])
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
		i += size
	}
	return end
}

// positionOf is the position of byte offset off in text.
func positionOf(text string, starts []int, off int) position {
	lo, hi := 0, len(starts)-1
	for lo < hi { // the last start at or before off
		mid := (lo + hi + 1) / 2
		if starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return position{Line: lo, Character: utf16Len(text[starts[lo]:min(off, len(text))])}
}

// change is one entry of didChange's contentChanges: a range and its new
// text, or the whole text when Range is nil.
type change struct {
	Range *span  `json:"range"`
	Text  string `json:"text"`
}

// applyChanges applies the changes in order, as the protocol says.
func applyChanges(text string, changes []change) (string, error) {
	for _, c := range changes {
		if c.Range == nil {
			text = c.Text
			continue
		}
		starts := lineStarts(text)
		from, to := offsetOf(text, starts, c.Range.Start), offsetOf(text, starts, c.Range.End)
		if to < from {
			return "", fmt.Errorf("the change's range ends before it starts")
		}
		if len(text)-(to-from)+len(c.Text) > MaxMessageBytes {
			return "", fmt.Errorf("the document would grow past %d MiB", MaxMessageBytes>>20)
		}
		text = text[:from] + c.Text + text[to:]
	}
	return text, nil
}
