package fix

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
)

// FuzzFix: on any input, any reference and any scope, fix never panics,
// fails only on a binary file, writes a file that holds no NUL, keeps the
// reference's verdicts, draws a diff that accounts for both files and
// needs no second pass. Seeds: the shared robots corpus and the
// commented files in ../../testdata/fuzz/fix, each saying what it tries.
func FuzzFix(f *testing.F) {
	var seeds []string
	for _, dir := range []string{"robots", "fix"} {
		paths, err := filepath.Glob(filepath.Join("../../testdata/fuzz", dir, "*.txt"))
		if err != nil || len(paths) == 0 {
			f.Fatalf("no seeds in testdata/fuzz/%s (err %v)", dir, err)
		}
		seeds = append(seeds, paths...)
	}
	for i, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(i), uint8(i/6))
	}
	f.Add([]byte{}, uint8(0), uint8(0))
	dialects := core.Dialects()
	f.Fuzz(func(t *testing.T, data []byte, refN, scopeN uint8) {
		opt := Options{Reference: dialects[int(refN)%len(dialects)], Protocol: core.Protocols()[int(scopeN)%3]}
		res, err := Fix(data, opt)
		before := core.Parse(data)
		if err != nil {
			if !before.Binary() {
				t.Fatalf("error on a text file: %v", err)
			}
			return
		}
		after := core.Parse([]byte(res.Robots))
		if after.NULLine > 0 {
			t.Fatalf("the result holds a NUL byte: %q", res.Robots)
		}
		var sels []string
		for _, p := range filePaths(before) {
			sels = append(sels, p, p+"/x", strings.TrimSuffix(p, "/"))
		}
		sels = append(sels, "/", "", "/robots.txt", "a")
		if msg := changedVerdict(opt.Reference, before, after, probes(before, nil), sels); msg != "" {
			t.Fatalf("%s, %s scope: %s\nbefore: %q\nafter: %q", opt.Reference.ID, opt.Protocol, msg, data, res.Robots)
		}
		if msg := diffAccounts(res); msg != "" {
			t.Fatalf("%s, %s scope: %s\nbefore: %q\nafter: %q", opt.Reference.ID, opt.Protocol, msg, data, res.Robots)
		}
		if again, _ := Fix([]byte(res.Robots), opt); len(again.Changes) > 0 {
			t.Fatalf("%s, %s scope: fixing the result again changes it: %+v\nbefore: %q\nafter: %q", opt.Reference.ID, opt.Protocol, again.Changes, data, res.Robots)
		}
	})
}
