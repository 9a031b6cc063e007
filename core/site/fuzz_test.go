package site_test

// Native fuzz targets for the link readers. Their seeds are the files
// under testdata/fuzz/gemtext and testdata/fuzz/menus, each opening with
// a line that says why it is there (a heading, an info line); crashers
// `go test -fuzz` finds go to testdata/fuzz/<Target> and stay as
// regression inputs.

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/smolbots/smolbots/core/site"
	"github.com/smolbots/smolbots/internal/fuzzseed"
)

func addSeeds(f *testing.F, dir string) {
	f.Helper()
	fuzzseed.AddFiles(f, filepath.Join("testdata", "fuzz", dir, "*"))
}

// checkLink: a link comes out in canonical form, text a request can be
// built from (valid UTF-8 is not promised: a selector is bytes).
func checkLink(t *testing.T, l string) {
	t.Helper()
	c, ok := site.Canonical(l)
	if !ok || c != l {
		t.Fatalf("link %q is not canonical: Canonical gives %q, %v", l, c, ok)
	}
	if strings.ContainsAny(l, "\r\n\t ") {
		t.Fatalf("link %q holds white space", l)
	}
	if strings.HasPrefix(l, "gemini://") || strings.HasPrefix(l, "gopher://") {
		if site.Origin(l) == "" {
			t.Fatalf("link %q has no origin", l)
		}
	}
}

// FuzzGeminiLinks: any page gives at most one link per "=>" line, each
// canonical, and reading the links of a page never panics.
func FuzzGeminiLinks(f *testing.F) {
	addSeeds(f, "gemtext")
	f.Fuzz(func(t *testing.T, body []byte) {
		links := site.GeminiLinks("gemini://cap.example/dir/page.gmi", body)
		if n := bytes.Count(body, []byte("=>")); len(links) > n {
			t.Fatalf("%d links from %d => markers", len(links), n)
		}
		for _, l := range links {
			checkLink(t, l)
			if !utf8.ValidString(l) {
				t.Fatalf("link %q is not UTF-8: a URL parsed from text is escaped", l)
			}
		}
	})
}

// FuzzGopherLinks: any menu gives at most one link per line, each
// canonical, and a gopher:// link gives back its item's selector.
func FuzzGopherLinks(f *testing.F) {
	addSeeds(f, "menus")
	f.Fuzz(func(t *testing.T, body []byte) {
		links := site.GopherLinks(body)
		if n := bytes.Count(body, []byte("\n")) + 1; len(links) > n {
			t.Fatalf("%d links from %d lines", len(links), n)
		}
		for _, l := range links {
			checkLink(t, l)
			if !strings.HasPrefix(l, "gopher://") {
				continue
			}
			sel, err := site.Selector(l)
			if err != nil {
				t.Fatalf("link %q: %v", l, err)
			}
			if !bytes.Contains(body, []byte("\t"+sel+"\t")) {
				t.Fatalf("link %q gives the selector %q, which no item of the menu holds", l, sel)
			}
		}
	})
}
