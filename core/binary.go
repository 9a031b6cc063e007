package core

import "unicode/utf8"

// Binary reports whether the file is not text: it holds a NUL byte, or
// more than a quarter of its bytes are not UTF-8 (a Latin-1 file has a
// few such bytes; random bytes about half).
func (f *File) Binary() bool {
	if f.NULLine > 0 {
		return true
	}
	if f.InvalidUTF8Line == 0 {
		return false
	}
	bad := 0
	for s := f.Text; s != ""; {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && n == 1 {
			bad++
		}
		s = s[n:]
	}
	return bad*4 > len(f.Text)
}
