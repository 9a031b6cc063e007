// Package goldenfile keeps the golden files tests compare their output
// with.
package goldenfile

import (
	"os"
	"path/filepath"
	"testing"
)

// Read returns the golden file at path, first written from got when
// update is set (go test -update); a file that cannot be read fails t.
func Read(t testing.TB, path string, got []byte, update bool) string {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	return string(want)
}
