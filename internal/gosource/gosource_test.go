package gosource

import (
	"go/token"
	"slices"
	"testing"
)

// This package's own file, parsed: its test file left out, and its
// strings read unquoted where they stand.
func TestParseAndStrings(t *testing.T) {
	fset := token.NewFileSet()
	files := Parse(t, fset, "*.go")
	if len(files) != 1 || fset.Position(files[0].Pos()).Filename != "gosource.go" {
		t.Fatalf("parsed %d files, want gosource.go alone", len(files))
	}
	var got []string
	Strings(files[0], func(pos token.Pos, s string) {
		if fset.Position(pos).Filename != "gosource.go" {
			t.Errorf("%q stands at %s", s, fset.Position(pos))
		}
		got = append(got, s)
	})
	for _, want := range []string{"go/ast", "_test.go", "no file for %s"} {
		if !slices.Contains(got, want) {
			t.Errorf("the strings %q lack %q", got, want)
		}
	}
}
