// Package selfcontained holds one test: the repository's tests read only
// the repository. A user's clone has nothing beside it, so a test that
// reaches for a folder outside the module fails there and nowhere else.
package selfcontained

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/internal/gosource"
)

// Every relative path a test file spells out ("../../testdata/x") must
// stay inside the module root once joined to the test's folder.
func TestTestsReadOnlyTheRepository(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the module root is not two folders up: %v", err)
	}
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		gosource.Strings(f, func(_ token.Pos, s string) {
			if !strings.HasPrefix(s, "../") {
				return
			}
			abs := filepath.Join(filepath.Dir(path), s)
			if rel, err := filepath.Rel(root, abs); err != nil || strings.HasPrefix(rel, "..") {
				t.Errorf("%s reads %q, outside the repository: a user's clone has nothing there", strings.TrimPrefix(path, root+"/"), s)
			}
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("walked only %d test files; the walk missed the tree", files)
	}
}
