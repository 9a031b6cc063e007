package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestWasmSizeBudget holds the checker's module to at most 2.05 times
// hello world's size under gzip, both built as the page builds them
// (issue 8's budget was 2.0x; on 2026-12-07 two more readers, their
// knobs and a link's record of its verdicts took it to 2.034x, and the
// budget moved to 2.05x: BENCHMARKS.md has the figures). A size is not a timing:
// it is the same on every machine for a given Go, so CI checks it.
func TestWasmSizeBudget(t *testing.T) {
	dir := t.TempDir()
	if err := buildHello(filepath.Join(dir, "hello")); err != nil {
		t.Fatal(err)
	}
	pg := buildPage(t, dir, "-ldflags=-s -w")
	hw, err := os.ReadFile(filepath.Join(dir, "hello", "hello.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	pgz, hgz := gz(pg), gz(hw)
	ratio := float64(pgz) / float64(hgz)
	t.Logf("playground.wasm %d bytes gzip, hello world %d: %.3fx", pgz, hgz, ratio)
	if ratio > 2.05 {
		t.Errorf("playground.wasm is %.3fx hello world under gzip (%d against %d bytes), over the 2.05x budget: move what is not needed before the first verdict into wasm/ondemand", ratio, pgz, hgz)
	}
}

// TestCheckerReadsNoLinks: the checker's module links neither
// core/state's Decode nor compress/flate's reader (about 21 KB gzip):
// main.js reads a shared link, and the on-demand module reads those the
// browser cannot. The function names in the module's name section say
// what it links.
func TestCheckerReadsNoLinks(t *testing.T) {
	b := buildPage(t, t.TempDir())
	if !bytes.Contains(b, []byte("core/state.Marshal")) {
		t.Fatal("the module's name section lists no core/state function: the test no longer sees what the module links")
	}
	for _, name := range []string{"core/state.Decode", "compress/flate.(*decompressor)"} {
		if bytes.Contains(b, []byte(name)) {
			t.Errorf("the checker's module links %s: read links in main.js or the on-demand module", name)
		}
	}
}

// buildPage builds the page's module (wasm/playground) into dir with
// the build flags given, and returns it.
func buildPage(t *testing.T, dir string, flags ...string) []byte {
	t.Helper()
	page := filepath.Join(dir, "playground.wasm")
	args := append(append([]string{"build", "-trimpath"}, flags...), "-o", page, "../../wasm/playground")
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the page's module: %v\n%s", err, out)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
