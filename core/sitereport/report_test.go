package sitereport

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/site"
)

// The :1965 note appears only where mozz-archiver is a reader and a
// page links with the port.
func TestPortLinksNote(t *testing.T) {
	walk := &site.Result{Pages: []site.Page{{URL: "gemini://example.org/", Selector: "/"}},
		PortLinks: []site.Link{{URL: "gemini://example.org:1965/a", FoundOn: "gemini://example.org/"}}, PortLinkCount: 2}
	in := Input{File: core.Parse([]byte("User-agent: *\nDisallow: /private\n")), Walk: walk,
		Readers: []Reader{{Name: "mozz-archiver"}}, Verdicts: [][]core.Verdict{{{Allowed: true}}}}
	var b strings.Builder
	Write(&b, in)
	if !strings.Contains(b.String(), "mozz-archiver does not reach 2 links written with the port :1965 (the first, gemini://example.org:1965/a, on gemini://example.org/)") || !strings.Contains(b.String(), "responses.py:131-137") {
		t.Errorf("no :1965 note:\n%s", b.String())
	}
	in.Readers, b = []Reader{{Name: "TLGS"}}, strings.Builder{}
	Write(&b, in)
	if strings.Contains(b.String(), ":1965") {
		t.Errorf("a note without mozz-archiver:\n%s", b.String())
	}
}

// A reader that reads no robots.txt for any page says so.
func TestIgnoresFileEntry(t *testing.T) {
	walk := &site.Result{Pages: []site.Page{{URL: "gopher://hole.example/1/", Selector: "/"}, {URL: "gopher://hole.example/0/x", Selector: "/x"}}}
	why := "The crawler gemini-grc checks robots.txt only for gemini:// URLs (common/worker.go:147-157)."
	in := Input{File: core.Parse([]byte("User-agent: *\nDisallow: /\n")), Walk: walk, Readers: []Reader{{Name: "gemini-grc"}},
		Verdicts: [][]core.Verdict{{{Allowed: true, Unread: core.IgnoresFile, Why: why}}, {{Allowed: true, Unread: core.IgnoresFile, Why: why}}}}
	var b strings.Builder
	Write(&b, in)
	if !strings.Contains(b.String(), "gemini-grc: ignores the file, so all 2 pages allowed. "+why) {
		t.Errorf("no ignores-the-file entry:\n%s", b.String())
	}
}
