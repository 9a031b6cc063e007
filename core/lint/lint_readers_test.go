package lint

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// readers are the six dialects and the crawler presets.
func readers() []core.Dialect { return append(core.Dialects(), crawlers.All()...) }

// verdictsOn are each reader's verdicts on the selectors, by reader ID:
// the dialects asked as examplebot(indexer), the presets as themselves
// (a Gemini crawler given the path behind a gemini:// host).
func verdictsOn(text string, sels []string) map[string][]bool {
	f := core.Parse([]byte(text))
	out := map[string][]bool{}
	for _, d := range readers() {
		a := core.Agent{}
		if d.Crawler == nil {
			a = core.MustAgent("examplebot(indexer)")
		}
		for _, s := range sels {
			if d.Crawler != nil && d.Crawler.Protocol == "gemini" {
				s = "gemini://example.org" + s
			}
			out[d.ID] = append(out[d.ID], core.Decide(f, d, a, s).Allowed)
		}
	}
	return out
}

// differing are the readers whose verdicts on a and b differ.
func differing(a, b string, sels []string) []string {
	va, vb := verdictsOn(a, sels), verdictsOn(b, sels)
	var out []string
	for _, d := range readers() {
		if !slices.Equal(va[d.ID], vb[d.ID]) {
			out = append(out, d.ID)
		}
	}
	return out
}

func findingOf(fs []Finding, code string) *Finding {
	for i := range fs {
		if fs[i].Code == code {
			return &fs[i]
		}
	}
	return nil
}

// cr-line-endings names exactly the readers whose verdicts the bare CRs
// change, checked with core.Decide on the file and on it in CRLF; it is
// an error when one of them is left allowing everything.
func TestLintCRReaders(t *testing.T) {
	for _, c := range []struct {
		name, text string
		sels       []string
		sev        Severity
		// exact: the readers named are those whose verdicts change; else
		// some named lose lines that change none of their verdicts here
		// (TLGS and Gemplex apply rules before any User-agent to all).
		exact bool
	}{
		{"only CRs", "User-agent: *\rDisallow: /private\r", []string{"/private", "/"}, SevError, true},
		{"one CR among CRLF", "User-agent: *\r\nDisallow: /a\rDisallow: /private\r\n", []string{"/private", "/a"}, SevError, true},
		{"CRs before the group", "# robots\r\rUser-agent: *\nDisallow: /private\n", []string{"/private"}, SevError, false},
		{"old Mac file, two groups", "User-agent: indexer\rDisallow: /search\r\rUser-agent: *\rDisallow: /private\rDisallow: /drafts\r", []string{"/private", "/drafts", "/search"}, SevError, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			fd := findingOf(Lint(core.Parse([]byte(c.text)), nil), "cr-line-endings")
			if fd == nil {
				t.Fatal("no cr-line-endings finding")
			}
			crlf := strings.ReplaceAll(strings.ReplaceAll(c.text, "\r\n", "\n"), "\r", "\n")
			crlf = strings.ReplaceAll(crlf, "\n", "\r\n")
			want := differing(c.text, crlf, c.sels)
			if len(want) == 0 {
				t.Fatal("the case changes no verdict: it tests nothing")
			}
			for _, id := range want {
				if !slices.Contains(fd.Dialects, id) {
					t.Errorf("the CRs change %s's verdicts; the finding names %v", id, fd.Dialects)
				}
			}
			if c.exact && !slices.Equal(fd.Dialects, want) {
				t.Errorf("the finding names %v; the readers whose verdicts the CRs change are %v", fd.Dialects, want)
			}
			if fd.Severity != c.sev {
				t.Errorf("severity %s, want %s", fd.Severity, c.sev)
			}
			// Each reader named is named in the message; each other reader
			// is said to read the file as in CRLF, but one whose line
			// splitting was not seen in its code (GUS), which is said to be
			// unseen and is in no other sentence.
			before, unseenPart, _ := strings.Cut(fd.Message, " How ")
			for _, d := range readers() {
				name := d.ID
				if d.Crawler != nil {
					name = d.Crawler.Name
				}
				if !strings.Contains(fd.Message, name) {
					t.Errorf("the message does not name %s: %s", name, fd.Message)
				}
				if d.UnseenWhy(core.LinesUnseen) != "" {
					if !strings.Contains(unseenPart, name) || strings.Contains(before, name+",") || strings.Contains(before, name+" ") || slices.Contains(fd.Dialects, d.ID) {
						t.Errorf("%s, whose line splitting was not seen, must be named as unseen alone: %s", name, fd.Message)
					}
				}
			}
			// gopher2019, whose text ends lines at LF or CRLF only, is the
			// one Gopher reader that can be named: under -protocol gopher
			// the finding is its alone, when it loses a line.
			got := Scope(core.ProtocolGopher, []Finding{*fd})
			if slices.Contains(fd.Dialects, "gopher2019") != (len(got) == 1) || len(got) == 1 && (!slices.Equal(got[0].Dialects, []string{"gopher2019"}) || strings.Contains(got[0].Message, "TLGS")) {
				t.Errorf("-protocol gopher keeps %+v", got)
			}
			if got := Scope(core.ProtocolGemini, []Finding{*fd}); len(got) != 1 || got[0].Severity != c.sev || strings.Contains(got[0].Message, "gopherdraft") || strings.Contains(got[0].Message, "Veronica-2") {
				t.Errorf("-protocol gemini: %+v", got)
			}
		})
	}
	// The readers left with no rule allow everything on the old Mac file.
	text := "User-agent: *\rDisallow: /private\r"
	fd := findingOf(Lint(core.Parse([]byte(text)), nil), "cr-line-endings")
	v := verdictsOn(text, []string{"/private"})
	for _, id := range fd.Dialects {
		if !v[id][0] {
			t.Errorf("%s is named as reading no rule, but refuses /private", id)
		}
	}
	// CRLF and LF files, and CRs that end only comment lines read the
	// same either way, raise nothing.
	for _, text := range []string{"User-agent: *\r\nDisallow: /x\r\n", "User-agent: *\nDisallow: /x\n", "User-agent: *\nDisallow: /x\n# end\r\n"} {
		if fd := findingOf(Lint(core.Parse([]byte(text)), nil), "cr-line-endings"); fd != nil {
			t.Errorf("%q: %+v", text, fd)
		}
	}
}

// bom names the readers whose reading of line 1 the mark changes: every
// reader whose verdicts the mark changes, checked with core.Decide, is
// among them, and the only dialect is one that keeps the mark.
func TestLintBOMReaders(t *testing.T) {
	for _, plain := range []string{
		"User-agent: *\r\nDisallow: /private\r\n",
		"Disallow: /private\r\nUser-agent: *\r\nDisallow: /drafts\r\n",
		"User-agent: examplebot\r\nDisallow: /private\r\n\r\nUser-agent: *\r\nDisallow: /drafts\r\n",
	} {
		sels := []string{"/private", "/drafts"}
		fd := findingOf(Lint(core.Parse([]byte("\uFEFF"+plain)), nil), "bom")
		if fd == nil || fd.Severity != SevWarning {
			t.Fatalf("%q: %+v", plain, fd)
		}
		for _, id := range differing("\uFEFF"+plain, plain, sels) {
			if !slices.Contains(fd.Dialects, id) {
				t.Errorf("%q: the mark changes %s's verdicts, and the finding names only %v", plain, id, fd.Dialects)
			}
		}
		for _, id := range fd.Dialects {
			d, _ := crawlers.ReaderByID(id)
			if d.Crawler == nil && !d.BOMInText {
				t.Errorf("%q: names %s, which drops the mark", plain, id)
			}
		}
		if got := Scope(core.ProtocolGopher, []Finding{*fd}); len(got) != 1 || !slices.Equal(got[0].Dialects, []string{"norobots", "gopher-mcp-gopher"}) || strings.Contains(got[0].Message, "GUS") {
			t.Errorf("-protocol gopher: %+v", got)
		}
	}
	// A mark before a comment changes nothing: information, naming the
	// readers for which it would join a field on line 1.
	fd := findingOf(Lint(core.Parse([]byte("\uFEFF# robots\r\nUser-agent: *\r\nDisallow: /private\r\n")), nil), "bom")
	if fd == nil || fd.Severity != SevInfo || !slices.Contains(fd.Dialects, "norobots") {
		t.Errorf("a mark before a comment: %+v", fd)
	}
}

// lf-line-endings on the real files: information without a protocol
// (so not at the default severity), left out for Gemini, a warning for
// Gopher. The figures are in the report of the change that made it so.
func TestLFLineEndingsRealFiles(t *testing.T) {
	names, _ := filepath.Glob("../../testdata/realworld/*.txt")
	if len(names) < 20 {
		t.Fatalf("%d real files", len(names))
	}
	count := func(p core.Protocol, sev Severity, code string, edit func(string) string) (n int, sevs map[Severity]int) {
		sevs = map[Severity]int{}
		for _, name := range names {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f := core.Parse([]byte(edit(string(data))))
			if fd := findingOf(Control(f, Lint(f, nil), Options{Severity: sev, Protocol: p}), code); fd != nil {
				n++
				sevs[fd.Severity]++
			}
		}
		return n, sevs
	}
	same := func(s string) string { return s }
	lf := func(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }
	all := len(names)
	for _, c := range []struct {
		p    core.Protocol
		sev  Severity
		want int
		as   Severity
	}{
		{core.ProtocolAny, SevWarning, 0, ""},
		{core.ProtocolAny, SevInfo, all, SevInfo},
		{core.ProtocolGemini, SevInfo, 0, ""},
		{core.ProtocolGopher, SevWarning, all, SevWarning},
	} {
		if n, sevs := count(c.p, c.sev, "lf-line-endings", lf); n != c.want || c.want > 0 && sevs[c.as] != n {
			t.Errorf("-protocol %s -severity %s: lf-line-endings on %d of %d files (%v), want %d as %s", c.p, c.sev, n, all, sevs, c.want, c.as)
		}
	}
	// The real files have no bare CR and no mark; made old-Mac style, or
	// given a mark, each raises the lint at error or warning.
	for _, code := range []string{"cr-line-endings", "bom"} {
		if n, _ := count(core.ProtocolAny, SevInfo, code, same); n != 0 {
			t.Errorf("%s on %d real files as they are", code, n)
		}
	}
	mac := func(s string) string { return strings.ReplaceAll(lf(s), "\n", "\r") }
	if n, sevs := count(core.ProtocolAny, SevWarning, "cr-line-endings", mac); n != all || sevs[SevError] != all {
		t.Errorf("cr-line-endings on %d of %d files with bare CRs (%v)", n, all, sevs)
	}
	if n, _ := count(core.ProtocolGopher, SevInfo, "cr-line-endings", mac); n != all {
		t.Errorf("-protocol gopher: cr-line-endings (gopher2019's) on %d of %d files with bare CRs", n, all)
	}
	marked := func(s string) string { return "\uFEFF" + s }
	if n, sevs := count(core.ProtocolAny, SevInfo, "bom", marked); n != all {
		t.Errorf("bom on %d of %d files with a mark (%v)", n, all, sevs)
	}
}
