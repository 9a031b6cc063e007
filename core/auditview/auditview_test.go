package auditview

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/audit"
	"github.com/smolbots/smolbots/core/state"
)

// A molly-brown log of three clients, as the Audit tab draws it: one row
// each, worst first; the ignoring client's offending request with its
// deciding line and a link to the case; nothing from the log unescaped.
func TestHTML(t *testing.T) {
	robots := "User-agent: *\nDisallow: /private/\n"
	log := strings.Join([]string{
		"2025-07-14T08:15:02+02:00\t192.0.2.1\t20\tgemini://c.example/robots.txt",
		"2025-07-14T08:15:03+02:00\t192.0.2.1\t20\tgemini://c.example/index.gmi",
		"2025-07-14T08:15:04+02:00\t192.0.2.2\t20\tgemini://c.example/robots.txt",
		"2025-07-14T08:15:05+02:00\t192.0.2.2\t20\tgemini://c.example/private/<script>x.gmi",
		"2025-07-14T08:15:06+02:00\t192.0.2.3\t20\tgemini://c.example/index.gmi",
		"not a log line <b>\x1b[2J",
	}, "\n") + "\n"
	a, err := audit.New([]byte(robots), audit.Options{Link: func(s state.State) string { return "#" + state.Encode(s) }})
	if err != nil {
		t.Fatal(err)
	}
	a.Begin("pasted lines")
	for _, chunk := range []string{log[:50], log[50:170], log[170:]} { // lines cut across writes
		a.Write([]byte(chunk))
	}
	got := HTML(a.Result())
	for _, want := range []string{
		`<tr data-verdict="ignored" data-client="192.0.2.2">`,
		`<tr data-verdict="obeyed" data-client="192.0.2.1">`,
		`<tr data-verdict="never-read" data-client="192.0.2.3">`,
		`<strong>1 client ignored the file.</strong>`,
		`denied by line 2 <code>Disallow: /private/</code>`,
		`<a href="#v1.`,
		`/private/&lt;script&gt;x.gmi`,
		`not a log line &lt;b&gt;\x1b[2J`,
		`taken as the robots.txt in force for the whole log`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %q:\n%s", want, got)
		}
	}
	if strings.Index(got, `data-verdict="ignored"`) > strings.Index(got, `data-verdict="obeyed"`) {
		t.Error("the ignoring client is not listed first")
	}
	if strings.ContainsAny(got, "\x1b") || strings.Contains(got, "<script>") {
		t.Errorf("log text reaches the page raw:\n%s", got)
	}
}

// issue 39: a file whose groups are only for roles gives * no rule; the
// view must not say "No client ignored the file." and leave it there.
func TestHTMLRoleOnlyFile(t *testing.T) {
	robots := "User-agent: archiver\nDisallow: /cgi/gempkg/\n\nUser-agent: indexer\nDisallow: /cgi/gempkg/\n"
	a, err := audit.New([]byte(robots), audit.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a.Write([]byte("2025-07-14T08:15:02+02:00\t192.0.2.1\t20\tgemini://c.example/robots.txt\n2025-07-14T08:15:03+02:00\t192.0.2.1\t20\tgemini://c.example/cgi/gempkg/vim\n"))
	got := HTML(a.Result())
	for _, want := range []string{
		`No client ignored the file as *, but the file gives it no rule`,
		`As indexer (line 4): 1 client read robots.txt and then asked for paths every dialect that applies the group refuses, a breach if it is an indexer: 192.0.2.1`,
		`As archiver (line 1): 1 client`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the view lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "No client ignored the file.") {
		t.Errorf("an all-clear on a file that gives * no rule:\n%s", got)
	}
}
