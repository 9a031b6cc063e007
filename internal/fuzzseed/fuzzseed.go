// Package fuzzseed fills the seed corpus of native fuzz targets from
// files kept in the repository.
package fuzzseed

import (
	"os"
	"path/filepath"
	"testing"
)

// AddFiles adds the bytes of every file glob matches to f's seed corpus,
// and the empty input, which no file can carry with a comment saying
// why it is there. A glob that matches no file fails f: a target with
// no seeds would fuzz from nothing and still pass.
func AddFiles(f *testing.F, glob string) {
	f.Helper()
	paths, err := filepath.Glob(glob)
	if err != nil || len(paths) == 0 {
		f.Fatalf("no seeds match %s (err %v)", glob, err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte{})
}
