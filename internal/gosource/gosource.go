// Package gosource reads the repository's own Go files, for the tests
// that hold the words in its source to what they claim: which strings a
// file spells out, which calls it makes.
package gosource

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Parse parses the Go files each glob matches, test files left out, in
// fset. A glob that matches no file, or a file that does not parse,
// fails t.
func Parse(t testing.TB, fset *token.FileSet, globs ...string) []*ast.File {
	t.Helper()
	var out []*ast.File
	for _, glob := range globs {
		names, err := filepath.Glob(glob)
		if err != nil || len(names) == 0 {
			t.Fatalf("no file for %s", glob)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, f)
		}
	}
	return out
}

// Strings calls yield with each string literal under n, unquoted, and
// where it stands.
func Strings(n ast.Node, yield func(pos token.Pos, s string)) {
	ast.Inspect(n, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		if s, err := strconv.Unquote(lit.Value); err == nil {
			yield(lit.Pos(), s)
		}
		return true
	})
}
