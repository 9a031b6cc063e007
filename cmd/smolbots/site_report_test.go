package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/internal/realservers"
)

// What site's text says, on capsules made for each point and served by
// molly-brown: the report stays bounded, says what the walk did not
// see, and points at what an admin would fix.

// walkCapsule serves files with molly-brown and runs site on it, with no
// delay and the flags given.
func walkCapsule(t *testing.T, files map[string][]byte, flags ...string) (*realservers.Gemini, result) {
	t.Helper()
	g := realservers.StartGemini(t, files, realservers.GeminiOptions{})
	args := append(append([]string{"site", "-delay", "0"}, flags...), g.URL+"/")
	return g, runCLI(t, "", args...)
}

// A page of 10,000 links: robots.txt keeps smolbots out of every one,
// so only the front page is requested, yet each is tested under every
// reader. The text fits on a few screens; -json lists every page.
func TestSiteReportOfTenThousandLinksIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Many links\n")
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&b, "=> /p/%d.gmi\n=> /q/%d.gmi\n", i, i)
	}
	files := map[string][]byte{
		// /p/ is refused to all, but for an Allow that only some
		// readers weigh; /q/ only to researchers, which Gemplex is.
		"robots.txt": []byte("User-agent: *\nDisallow: /p/\nAllow: /p/1\n\nUser-agent: researcher\nDisallow: /q/\n"),
		"index.gmi":  []byte(b.String()),
	}
	g, r := walkCapsule(t, files, "-max-pages", "10001")
	if r.code != 1 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 1", r.code, r.stderr)
	}
	lines := strings.Count(r.stdout, "\n")
	t.Logf("%d lines:\n%s", lines, r.stdout)
	if lines > 60 || len(r.stdout) > 8000 {
		t.Errorf("%d lines, %d bytes: want a report of a few screens (at most 60 lines, 8,000 bytes):\n%s", lines, len(r.stdout), r.stdout)
	}
	wantAll(t, "the text", r.stdout,
		"Pages: 10001 pages found from "+g.URL+"/, 1 fetched, 10000 kept out by robots.txt",
		"5000 pages under /q/",
		"The readers disagree on ",
		"refused by Gemplex",
		"line 2 (Disallow: /p/): refuses ",
	)
	// Readers that allow alike never disagree: no group lists an
	// "allowed by" reader as refusing too.
	if regexp.MustCompile(`refused by [^\n]*\bno rule matched`).MatchString(r.stdout) {
		t.Errorf("an allowed verdict is shown as a refusal:\n%s", r.stdout)
	}
	j := runCLI(t, "", "site", "-json", "-delay", "0", "-max-pages", "10001", "-dialect", "gemini", g.URL+"/")
	if n := strings.Count(j.stdout, "\n"); n != 10001 {
		t.Errorf("-json printed %d lines, want 10001 (every page, one reader)", n)
	}
}

// Everything the walk did not see is said: a page cut at 512 KiB, a
// link too long to request, a page not read for links. The file's
// groups name only roles, so with the default agent the dialects never
// use them, and the text says so; a rule that misses a linked page by a
// trailing slash or one segment is a near miss.
func TestSiteReportSaysWhatItDidNotSee(t *testing.T) {
	big := strings.Repeat("# filler line that is not a link\n", 17000) + "=> /after-the-cut.gmi\n"
	files := map[string][]byte{
		"robots.txt": []byte("User-agent: archiver\nUser-agent: researcher\nDisallow: /drafts/\nDisallow: /cgi/gempkg/\nDisallow: /nothing-here/\n"),
		"index.gmi": []byte("=> /big.gmi\n=> /" + strings.Repeat("a", 1100) + ".gmi\n=> /picture.png\n" +
			"=> /cgi/gempkg\n=> /blog/drafts/one.gmi\n"),
		"big.gmi":     []byte(big),
		"picture.png": []byte("\x89PNG\r\n"),
		"cgi/gempkg":  []byte("# not a directory\n"),
	}
	g, r := walkCapsule(t, files)
	wantAll(t, "the text", r.stdout,
		"Unseen: 1 page cut at 512 KiB, so the links past the cut are unseen: /big.gmi.",
		"Unseen: 1 link on this host no request can carry, never followed: "+g.URL+"/aaaa",
		"longer than 1024",
		"Unseen: 2 pages not text/gemini or a menu, so tested but not read for links: /picture.png and /cgi/gempkg.",
		"Note: the groups for archiver (line 1), researcher (line 2) apply to no agent tested here (*)",
		"-agent 'NAME(archiver)'",
		"Near miss: line 4 (Disallow: /cgi/gempkg/) covers no page found, but /cgi/gempkg is linked: the rule ends in / and the page does not",
		"Near miss: line 3 (Disallow: /drafts/) covers no page found, but /blog/drafts/one.gmi is linked: without its first segment it would start with /drafts/",
		"Deciding no page found (3): line 3 (Disallow: /drafts/), line 4 (Disallow: /cgi/gempkg/), line 5 (Disallow: /nothing-here/)",
	)
	if strings.Contains(r.stdout, "after-the-cut") {
		t.Errorf("a link past the 512 KiB cut was seen:\n%s", r.stdout)
	}
	// With the role the file names, the dialects use its rules and the
	// hint is gone.
	r = runCLI(t, "", "site", "-delay", "0", "-agent", "mybot(archiver)", g.URL+"/")
	if strings.Contains(r.stdout, "Note: the groups for archiver") || !strings.Contains(r.stdout, "Note: the groups for researcher (line 2)") {
		t.Errorf("with -agent mybot(archiver), the note should name only researcher:\n%s", r.stdout)
	}
}

// A local copy whose links name its public host stops at the start
// page, and the text says how to walk it as that host; -host does.
func TestSiteReportPublicHostName(t *testing.T) {
	files := map[string][]byte{
		"robots.txt": []byte("User-agent: *\nDisallow: /private/\n"),
		"index.gmi":  []byte("=> gemini://capsule.example/a.gmi\n=> gemini://capsule.example/private/b.gmi\n"),
		"a.gmi":      []byte("=> gemini://capsule.example:1965/c.gmi\n"),
		"c.gmi":      []byte("# C\n"),
	}
	g, r := walkCapsule(t, files, "-dialect", "gemini")
	want := "Hint: the walk stopped at the start page because its links name gemini://capsule.example, not this host; " +
		"if that is this capsule's public name, walk it as that host: smolbots site -host capsule.example " + g.URL + "/"
	if r.code != 0 || !strings.Contains(r.stdout, want) {
		t.Fatalf("exit %d; the text lacks %q:\n%s", r.code, want, r.stdout)
	}
	r = runCLI(t, "", "site", "-delay", "0", "-dialect", "gemini", "-host", "capsule.example", g.URL+"/")
	if r.code != 1 || !strings.Contains(r.stdout, "Pages: 4 pages found from "+g.URL+"/, 3 fetched, 1 kept out by robots.txt") ||
		strings.Contains(r.stdout, "Hint:") {
		t.Errorf("with -host: exit %d\n%s", r.code, r.stdout)
	}
	for _, bad := range [][]string{{"-host", "capsule.example:1965"}, {"-host", "gemini://capsule.example"}, {"-max", "0"}} {
		r = runCLI(t, "", append(append([]string{"site"}, bad...), g.URL+"/")...)
		if r.code != 2 || r.stdout != "" || !strings.HasPrefix(r.stderr, "smolbots site: ") {
			t.Errorf("site %q: exit %d, stderr %q; want 2 and one sentence", bad, r.code, r.stderr)
		}
	}
}
