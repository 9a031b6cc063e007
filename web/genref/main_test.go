package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// genref built as web/build-site.sh builds it, with the site's address,
// the commit and the date passed in: every page it writes, HTML and
// Gemtext, and compat.json name that commit and date, and nothing it
// writes names the .org example domain (documentation hosts are .example
// names, RFC 2606).
func TestStampOnEveryPage(t *testing.T) {
	const (
		commit = "0123456789abcdef0123456789abcdef01234567"
		date   = "2026-11-27"
		site   = "https://stamp-test.netlify.app"
	)
	out := genrefWith(t, site, commit, date)
	n := 0
	err := filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		name, _ := filepath.Rel(out, path)
		text := string(data)
		n++
		// conformance.json is data with its own dated version (the
		// suite's), as vectors prints it; a kept release is the file as
		// it was cut.
		if name != "conformance.json" && !keptRelease(name) && (!strings.Contains(text, commit) || !strings.Contains(text, date)) {
			t.Errorf("%s does not name the commit %s and the date %s", name, commit, date)
		}
		if strings.Contains(strings.ToLower(text), exampleOrg) {
			t.Errorf("%s names %s", name, exampleOrg)
		}
		if strings.Contains(text, "smolbots.netlify.app") && !keptRelease(name) { // a release cites the address it was cut with
			t.Errorf("%s names the default address, not the one passed in", name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("genref wrote %d files", n)
	}
	var c struct{ Site, Version, Built string }
	data, err := os.ReadFile(filepath.Join(out, "compat.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	if c.Site != site || c.Version != commit || c.Built != date {
		t.Errorf("compat.json says site %q version %q built %q, want %q %q %q", c.Site, c.Version, c.Built, site, commit, date)
	}
}

// keptRelease says a written file is a kept release of the suite
// (conformance/2026.12.json).
func keptRelease(name string) bool {
	name = filepath.ToSlash(name)
	return strings.HasPrefix(name, "conformance/") && strings.Count(name, "/") == 1 && strings.HasSuffix(name, ".json") && name != "conformance/results.json"
}

// genrefWith builds genref as web/build-site.sh does, with the site's
// address ("" for the default), a commit and a date, and runs it; it
// returns the directory written.
func genrefWith(t *testing.T, site, commit, date string) string {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "genref")
	pkg := "github.com/smolbots/smolbots/core"
	flags := "-X " + pkg + ".version=" + commit + " -X " + pkg + ".built=" + date
	if site != "" {
		flags += " -X " + pkg + ".site=" + site
	}
	if out, err := exec.Command("go", "build", "-ldflags", flags, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "site")
	if b, err := exec.Command(bin, out).CombinedOutput(); err != nil {
		t.Fatalf("genref: %v\n%s", err, b)
	}
	return out
}

// A kept release is written byte for byte the same by two builds of
// different commits and dates, and is the file kept in the repository.
func TestReleaseByteIdentical(t *testing.T) {
	a := genrefWith(t, "", "1111111111111111111111111111111111111111", "2026-12-01")
	b := genrefWith(t, "", "2222222222222222222222222222222222222222", "2027-01-02")
	kept, err := filepath.Glob("../../core/conformance/releases/*.json")
	if err != nil || len(kept) == 0 {
		t.Fatalf("no kept releases (%v)", err)
	}
	for _, k := range kept {
		name := "conformance/" + filepath.Base(k)
		want, err := os.ReadFile(k)
		if err != nil {
			t.Fatal(err)
		}
		for _, dir := range []string{a, b} {
			got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("%s in %s differs from %s", name, dir, k)
			}
		}
	}
	// while the results, like every page, name their build
	ra, _ := os.ReadFile(filepath.Join(a, "conformance", "results.json"))
	rb, _ := os.ReadFile(filepath.Join(b, "conformance", "results.json"))
	if len(ra) == 0 || string(ra) == string(rb) {
		t.Errorf("results.json is missing or names no build (%d bytes)", len(ra))
	}
}

// exampleOrg is the domain nothing built may name, spelt so that a grep
// of the repository for it finds no hit.
const exampleOrg = "example" + ".org"
