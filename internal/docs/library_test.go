package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every Go block of docs/library.md is, line for line, the body of an
// Example_library that go test compiles and runs, so the library's
// front page cannot drift from the API.
func TestLibraryExamplesCompiled(t *testing.T) {
	md, err := os.ReadFile(filepath.Join(root, "docs", "library.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(md), -1)
	if len(blocks) < 2 {
		t.Fatalf("docs/library.md has %d Go blocks, want the reading's and the presets' and lints'", len(blocks))
	}
	var examples []string
	for _, f := range []string{"core/example_test.go", "core/lint/example_test.go"} {
		src, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		i := strings.Index(string(src), "func Example_library() {\n")
		if i < 0 {
			t.Fatalf("%s has no Example_library", f)
		}
		body := string(src[i:])
		body = body[strings.Index(body, "\n")+1 : strings.Index(body, "\n}\n")]
		examples = append(examples, strings.ReplaceAll("\n"+body, "\n\t", "\n"))
	}
	for _, b := range blocks {
		found := false
		for _, ex := range examples {
			found = found || strings.Contains(ex, "\n"+b[1])
		}
		if !found {
			t.Errorf("this block of docs/library.md is in no Example_library:\n%s", b[1])
		}
	}
}
