package fuzzseed

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// The files a glob matches are the seeds, with the empty input: the
// target runs once on each (checked in a plain go test run; build.sh also
// fuzzes it, when the inputs run elsewhere).
func FuzzAddFiles(f *testing.F) {
	dir := f.TempDir()
	for name, body := range map[string]string{"a.txt": "alpha", "b.txt": "beta", "c.md": "not matched"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	AddFiles(f, filepath.Join(dir, "*.txt"))
	seen := map[string]bool{}
	f.Cleanup(func() {
		if fuzzing := flag.Lookup("test.fuzz"); fuzzing != nil && fuzzing.Value.String() != "" {
			return // under -fuzz the inputs run in worker processes, not here
		}
		if len(seen) != 3 || !seen["alpha"] || !seen["beta"] || !seen[""] {
			f.Errorf("the target ran on %v, want alpha, beta and the empty input", seen)
		}
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		seen[string(data)] = true
	})
}
