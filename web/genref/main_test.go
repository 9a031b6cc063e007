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
	dir := t.TempDir()
	bin := filepath.Join(dir, "genref")
	pkg := "github.com/smolbots/smolbots/core"
	flags := "-X " + pkg + ".site=" + site + " -X " + pkg + ".version=" + commit + " -X " + pkg + ".built=" + date
	if out, err := exec.Command("go", "build", "-ldflags", flags, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "site")
	if b, err := exec.Command(bin, out).CombinedOutput(); err != nil {
		t.Fatalf("genref: %v\n%s", err, b)
	}
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
		// suite's), as vectors prints it.
		if name != "conformance.json" && (!strings.Contains(text, commit) || !strings.Contains(text, date)) {
			t.Errorf("%s does not name the commit %s and the date %s", name, commit, date)
		}
		if strings.Contains(strings.ToLower(text), exampleOrg) {
			t.Errorf("%s names %s", name, exampleOrg)
		}
		if strings.Contains(text, "smolbots.netlify.app") {
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

// exampleOrg is the domain nothing built may name, spelt so that a grep
// of the repository for it finds no hit.
const exampleOrg = "example" + ".org"
