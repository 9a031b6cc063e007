package goldenfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadWritesOnUpdateOnly: with update the file is written from got
// (its folder made) and read back; without, the file as it stands is
// returned, whatever got is.
func TestReadWritesOnUpdateOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "a.golden")
	if want := Read(t, path, []byte("one\n"), true); want != "one\n" {
		t.Errorf("after an update the file reads %q, want %q", want, "one\n")
	}
	if want := Read(t, path, []byte("two\n"), false); want != "one\n" {
		t.Errorf("without update the file reads %q, want it unchanged %q", want, "one\n")
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != "one\n" {
		t.Errorf("the file holds %q (err %v) after a read without update", data, err)
	}
}
