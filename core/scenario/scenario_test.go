package scenario

import "testing"

// TestTxtarParser pins the hand-written txtar reader on the format's edge
// cases: no files, a file without a final newline, a marker-like line.
func TestTxtarParser(t *testing.T) {
	a, err := ParseTxtar([]byte("check x\n-- a --\none\n-- b --\ntwo"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Comment != "check x\n" || string(a.Files["a"]) != "one\n" || string(a.Files["b"]) != "two" {
		t.Errorf("got %+v", a)
	}
	a, _ = ParseTxtar([]byte("only a comment\n--x--\n"))
	if len(a.Files) != 0 || a.Comment != "only a comment\n--x--\n" {
		t.Errorf("got %+v", a)
	}
	if _, err := ParseTxtar([]byte("-- a --\n-- a --\n")); err == nil {
		t.Error("a repeated file name should be an error")
	}
}
