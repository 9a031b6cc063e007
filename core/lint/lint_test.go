package lint

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/lint from the current linter")

// want is one expected finding: code, line, severity and the dialects
// it concerns (comma separated, in display order).
type want struct {
	line     int
	code     string
	sev      Severity
	dialects string
}

type lintCase struct {
	name      string
	in        string
	selectors []string
	want      []want
	// absent are codes that must not be reported at all.
	absent []string
}

func runLintCases(t *testing.T, cases []lintCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Lint(core.Parse([]byte(c.in)), c.selectors)
			checkInvariants(t, core.Parse([]byte(c.in)), got)
			for _, w := range c.want {
				f := findFinding(got, w.line, w.code)
				if f == nil {
					t.Errorf("no %s on line %d; got:\n%s", w.code, w.line, dump(got))
					continue
				}
				if f.Severity != w.sev {
					t.Errorf("%s line %d: severity %s, want %s", w.code, w.line, f.Severity, w.sev)
				}
				if d := strings.Join(f.Dialects, ","); d != w.dialects {
					t.Errorf("%s line %d: dialects %s, want %s (message: %s)", w.code, w.line, d, w.dialects, f.Message)
				}
			}
			for _, code := range c.absent {
				for _, f := range got {
					if f.Code == code {
						t.Errorf("unexpected %s on line %d: %s", code, f.Line, f.Message)
					}
				}
			}
		})
	}
}

func findFinding(fs []Finding, line int, code string) *Finding {
	for i := range fs {
		if fs[i].Line == line && fs[i].Code == code {
			return &fs[i]
		}
	}
	return nil
}

func dump(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "  %d %s %s [%s] %s\n", f.Line, f.Code, f.Severity, strings.Join(f.Dialects, ","), f.Message)
	}
	return b.String()
}

// checkInvariants: sorted by line then code, no (line, code) twice, lines
// within the file, known severities and dialect IDs, plain messages.
func checkInvariants(t *testing.T, f *core.File, got []Finding) {
	t.Helper()
	ids := map[string]bool{}
	for _, d := range append(core.Dialects(), crawlers.All()...) {
		ids[d.ID] = true
	}
	for i, fd := range got {
		if i > 0 {
			p := got[i-1]
			if p.Line > fd.Line || p.Line == fd.Line && p.Code >= fd.Code {
				t.Errorf("findings out of order or repeated: (%d %s) then (%d %s)", p.Line, p.Code, fd.Line, fd.Code)
			}
		}
		if fd.Line < 0 || fd.Line > len(f.Lines) {
			t.Errorf("%s: line %d outside the file (%d lines)", fd.Code, fd.Line, len(f.Lines))
		}
		switch fd.Severity {
		case SevError, SevWarning, SevInfo:
		default:
			t.Errorf("%s: unknown severity %q", fd.Code, fd.Severity)
		}
		if fd.Dialects == nil || len(fd.Dialects) == 0 {
			t.Errorf("%s line %d: no dialects", fd.Code, fd.Line)
		}
		for _, d := range fd.Dialects {
			if !ids[d] {
				t.Errorf("%s: unknown dialect %q", fd.Code, d)
			}
		}
		if fd.Message == "" || len(fd.Message) > 1200 {
			t.Errorf("%s line %d: message of %d bytes", fd.Code, fd.Line, len(fd.Message))
		}
		if fd.Code == "" || strings.ToLower(fd.Code) != fd.Code || strings.ContainsAny(fd.Code, " _") {
			t.Errorf("code %q is not kebab-case", fd.Code)
		}
	}
}

// The lexical rules shared by every dialect (DIALECTS.md).
func TestLint_Shared_Lexical(t *testing.T) {
	big := strings.Repeat("Disallow: /a-rather-long-path/that-repeats/\n", core.MaxBytes/40)
	runLintCases(t, []lintCase{
		{name: "no-colon looking like a rule", in: "User-agent: *\r\nDisallow /private\r\n",
			want: []want{{2, "no-colon", SevError, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "no-colon prose", in: "User-agent: *\r\nDisallow: /x\r\nplease be nice\r\n",
			want: []want{{3, "no-colon", SevWarning, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "no-colon misspelt field", in: "User-agent: *\r\nDissalow /x\r\n",
			want: []want{{2, "no-colon", SevError, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "no-colon two-word name", in: "User agent *\r\nDisallow: /x\r\n",
			want: []want{{1, "no-colon", SevError, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "no-colon with equals", in: "User-agent = *\r\nDisallow: /x\r\n",
			want: []want{{1, "no-colon", SevError, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "unknown field", in: "User-agent: *\r\nDisallow: /x\r\nNoindex: /y\r\n",
			want: []want{{3, "unknown-field", SevInfo, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "bom", in: "\xEF\xBB\xBFUser-agent: *\r\nDisallow: /x\r\n",
			want: []want{{1, "bom", SevWarning, "norobots,tlgs,gemplex,kennedy,gus,gus-legacy,mozz-archiver,auragem,gopher-mcp-gopher"}}},
		{name: "invalid utf-8", in: "User-agent: *\r\nDisallow: /ok\r\nDisallow: /caf\xE9\r\n",
			want: []want{{3, "invalid-utf8", SevWarning, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "nul byte", in: "User-agent: *\r\nDisallow: /a\x00b\r\n",
			want: []want{{2, "nul-byte", SevError, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "empty file", in: "",
			want:   []want{{0, "empty-file", SevInfo, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}},
			absent: []string{"lf-line-endings"}},
		{name: "comments only", in: "# nothing\n\n  \n# here\n",
			want:   []want{{0, "empty-file", SevInfo, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}},
			absent: []string{"lf-line-endings"}},
		{name: "bom only", in: "\xEF\xBB\xBF",
			want: []want{{0, "empty-file", SevInfo, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}, {0, "bom", SevInfo, "norobots,tlgs,gemplex,gemini-grc,kennedy,gus,gus-legacy,mozz-archiver,auragem,gopher-mcp-gopher"}}},
		{name: "file too large", in: "User-agent: *\r\n" + big,
			want: []want{{0, "file-too-large", SevError, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "only carriage returns", in: "User-agent: *\rDisallow: /x\r",
			want: []want{{0, "lf-line-endings", SevInfo, "gopherdraft"}, {0, "cr-line-endings", SevError, "gopher2019,tlgs,gemplex,gemini-grc,kennedy"}}},
	})
}

// Google's parser accepts some misspellings (RFC 9309 readers follow it);
// every other dialect ignores the line.
func TestLint_RFC9309_FieldTypo(t *testing.T) {
	all := "gopher2019,gopherdraft,gemini,conner2020,norobots"
	agents := "gopherdraft,gemini,conner2020,norobots"
	runLintCases(t, []lintCase{
		{name: "Dissallow", in: "User-agent: *\r\nDissallow: /x\r\n", want: []want{{2, "field-typo", SevError, all}}},
		{name: "Disalow", in: "User-agent: *\r\nDisalow: /x\r\n", want: []want{{2, "field-typo", SevError, all}}},
		{name: "User agent", in: "User agent: *\r\nDisallow: /x\r\n", want: []want{{1, "field-typo", SevError, agents}}},
		{name: "Useragent", in: "Useragent: *\r\nDisallow: /x\r\n", want: []want{{1, "field-typo", SevError, agents}}},
		// Not in Google's list: no dialect reads these.
		{name: "Usr-agent", in: "Usr-agent: *\r\nDisallow: /x\r\n", want: []want{{1, "field-typo", SevError, "gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "Alow", in: "User-agent: *\r\nDisallow: /x\r\nAlow: /x/y\r\n", want: []want{{3, "field-typo", SevError, "gopherdraft,conner2020,rfc9309,norobots"}}},
		{name: "Crawl-dealy", in: "User-agent: *\r\nDisallow: /x\r\nCrawl-dealy: 5\r\n", want: []want{{3, "field-typo", SevError, "gopherdraft,conner2020,norobots"}}},
		{name: "Virtual agent", in: "Virtual agent: indexer\r\nDisallow: /x\r\n", want: []want{{1, "field-typo", SevError, "conner2020"}}},
		{name: "Sitemaps", in: "User-agent: *\r\nDisallow: /x\r\nSitemaps: /map\r\n", want: []want{{3, "field-typo", SevInfo, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "far names stay unknown", in: "User-agent: *\r\nDisallow: /x\r\nClean-param: a\r\nVisit-time: 0600\r\n",
			want:   []want{{3, "unknown-field", SevInfo, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}, {4, "unknown-field", SevInfo, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}},
			absent: []string{"field-typo"}},
	})
}

func TestLint_RFC9309_Patterns(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "dollar read literally elsewhere", in: "User-agent: *\r\nDisallow: /cgi$\r\n",
			want: []want{{2, "dollar-portability", SevWarning, "gopher2019,gopherdraft,gemini,conner2020,norobots"}}},
		{name: "dollar inside is literal everywhere", in: "User-agent: *\r\nDisallow: /a$b\r\n", absent: []string{"dollar-portability"}},
	})
}

// The 2019 gopher proposal: no groups, selectors without a leading slash,
// `*` globbing, `$` literal.
func TestLint_Gopher2019_LeadingSlash(t *testing.T) {
	sels := []string{"robots.txt", "private/y", "/private/x", ""}
	runLintCases(t, []lintCase{
		{name: "slash pattern, bare selectors", in: "User-agent: *\r\nDisallow: /private\r\n", selectors: sels,
			want: []want{{2, "leading-slash-mismatch", SevWarning, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "bare pattern, slash selectors", in: "User-agent: *\r\nDisallow: private\r\n", selectors: sels,
			want: []want{{2, "leading-slash-mismatch", SevWarning, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "empty selector and Disallow: / (robotparser asks for / instead)", in: "User-agent: *\r\nDisallow: /\r\n", selectors: []string{""},
			want: []want{{2, "leading-slash-mismatch", SevWarning, "gopher2019,gopherdraft,gemini,conner2020,rfc9309"}}},
		{name: "unrelated selectors are not reported", in: "User-agent: *\r\nDisallow: /private\r\n", selectors: []string{"robots.txt", "/about"},
			absent: []string{"leading-slash-mismatch"}},
		{name: "covered both ways", in: "User-agent: *\r\nDisallow: /private\r\nDisallow: private\r\n", selectors: []string{"/private/x"},
			absent: []string{"leading-slash-mismatch"}},
	})
}

func TestLint_Gopher2019_UMNTypePrefix(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "typed selector", in: "User-agent: *\r\nDisallow: /phlog\r\n", selectors: []string{"1/phlog/2024", "0/robots.txt"},
			want:   []want{{2, "umn-type-prefix", SevWarning, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}},
			absent: []string{"leading-slash-mismatch"}},
		{name: "typed pattern matches", in: "User-agent: *\r\nDisallow: 1/phlog\r\n", selectors: []string{"1/phlog/2024"},
			absent: []string{"umn-type-prefix", "leading-slash-mismatch"}},
	})
}

func TestLint_Gopher2019_EmptyDisallow(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "alone", in: "User-agent: *\r\nDisallow:\r\n", want: []want{{2, "empty-disallow", SevInfo, "gopher2019"}}},
		{name: "followed by rules: robotparser shadows them", in: "User-agent: *\r\nDisallow:\r\nDisallow: /x\r\n",
			want: []want{{2, "empty-disallow", SevInfo, "gopher2019,norobots"}}},
	})
}

func TestLint_Gopher2019_GlobPortability(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "trailing star", in: "User-agent: *\r\nDisallow: /txt/*\r\n",
			want: []want{{2, "glob-portability", SevWarning, "gopherdraft,gemini,conner2020,norobots"}}},
		{name: "star inside", in: "User-agent: *\r\nDisallow: /*/snapshot\r\n",
			want: []want{{2, "glob-portability", SevWarning, "gopherdraft,gemini,conner2020,norobots"}}},
		{name: "bare star: robotparser reading matches all", in: "User-agent: *\r\nDisallow: *\r\n",
			want: []want{{2, "glob-portability", SevWarning, "gopherdraft,gemini,conner2020"}}},
		{name: "no star", in: "User-agent: *\r\nDisallow: /txt/\r\n", absent: []string{"glob-portability"}},
	})
}

func TestLint_Gopher2019_NoGroups(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "rules before any User-agent", in: "Disallow: /search\r\nUser-agent: *\r\nDisallow: /v\r\n",
			want: []want{{1, "rule-outside-group", SevError, "gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "delay before any User-agent", in: "Crawl-delay: 5\r\nUser-agent: *\r\nDisallow: /v\r\n",
			want: []want{{1, "rule-outside-group", SevWarning, "gopherdraft,conner2020,norobots"}}},
		{name: "a specific group binds every robot", in: "User-agent: Google\r\nDisallow: /\r\n\r\nUser-agent: *\r\nDisallow:\r\n",
			want: []want{{1, "user-agent-portability", SevWarning, "gopher2019"}}},
		{name: "star groups are fine", in: "User-agent: *\r\nDisallow: /x\r\n", absent: []string{"user-agent-portability"}},
	})
}

// The modern Gopher draft: records separated by blank lines, the first
// matching record wins, CRLF line endings, at least one Disallow.
func TestLint_GopherDraft_StarNotLast(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "star first", in: "User-agent: *\r\nDisallow: /\r\n\r\nUser-agent: GUS\r\nDisallow: /x\r\n",
			want: []want{{1, "star-not-last", SevWarning, "gopherdraft"}}},
		{name: "star last", in: "User-agent: GUS\r\nDisallow: /x\r\n\r\nUser-agent: *\r\nDisallow: /\r\n",
			absent: []string{"star-not-last"}},
	})
}

func TestLint_GopherDraft_MissingDisallow(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "allow only", in: "User-agent: GUS\r\nAllow: /pub\r\n",
			want: []want{{1, "missing-disallow", SevWarning, "gopherdraft"}}},
		{name: "delay only", in: "User-agent: GUS\r\nCrawl-delay: 10\r\n",
			want: []want{{1, "missing-disallow", SevWarning, "gopherdraft"}}},
		{name: "has disallow", in: "User-agent: GUS\r\nDisallow:\r\nCrawl-delay: 10\r\n", absent: []string{"missing-disallow"}},
	})
}

func TestLint_GopherDraft_LFLineEndings(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "lf", in: "User-agent: *\nDisallow: /x\n", want: []want{{0, "lf-line-endings", SevInfo, "gopherdraft"}}},
		{name: "mixed", in: "User-agent: *\r\nDisallow: /x\n", want: []want{{0, "lf-line-endings", SevInfo, "gopherdraft"}}},
		{name: "crlf, no final newline", in: "User-agent: *\r\nDisallow: /x", absent: []string{"lf-line-endings"}},
	})
	// One finding for the file, however many lines.
	fs := Lint(core.Parse([]byte(strings.Repeat("User-agent: *\nDisallow: /x\n", 50))), nil)
	n := 0
	for _, f := range fs {
		if f.Code == "lf-line-endings" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d lf-line-endings findings, want 1", n)
	}
}

func TestLint_GopherDraft_CrawlDelayInvalid(t *testing.T) {
	readers := "gopherdraft,conner2020,norobots"
	runLintCases(t, []lintCase{
		{name: "fraction", in: "User-agent: *\r\nDisallow: /x\r\nCrawl-delay: 1.5\r\n", want: []want{{3, "crawl-delay-invalid", SevWarning, readers}}},
		{name: "negative", in: "User-agent: *\r\nDisallow: /x\r\nCrawl-delay: -2\r\n", want: []want{{3, "crawl-delay-invalid", SevWarning, readers}}},
		{name: "unit", in: "User-agent: *\r\nDisallow: /x\r\nCrawl-delay: 10 seconds\r\n", want: []want{{3, "crawl-delay-invalid", SevWarning, readers}}},
		{name: "empty", in: "User-agent: *\r\nDisallow: /x\r\nCrawl-delay:\r\n", want: []want{{3, "crawl-delay-invalid", SevWarning, readers}}},
		{name: "whole number", in: "User-agent: *\r\nDisallow: /x\r\nCrawl-delay: 10\r\n", absent: []string{"crawl-delay-invalid"},
			want: []want{{3, "delay-portability", SevInfo, "gopher2019,gemini,rfc9309"}}},
	})
}

// The Gemini companion spec: the 1994 format, virtual agents as
// User-agent values, no Allow.
func TestLint_Gemini_BlankLineInGroup(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "between agent and rules", in: "User-agent: *\n\nDisallow: /git/\nDisallow: /x/\n",
			want:   []want{{2, "blank-line-in-group", SevError, "gopherdraft,gemini,norobots"}},
			absent: []string{"rule-outside-group", "group-without-rules"}},
		{name: "between rules", in: "User-agent: *\nDisallow: /a\n\nDisallow: /b\n",
			want:   []want{{3, "blank-line-in-group", SevError, "gopherdraft,gemini,norobots"}},
			absent: []string{"rule-outside-group"}},
		// Python ends a record only at a truly empty line.
		{name: "spaces only", in: "User-agent: *\n  \nDisallow: /a\n",
			want: []want{{2, "blank-line-in-group", SevError, "gopherdraft,gemini"}}},
		{name: "between groups is fine", in: "User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n",
			absent: []string{"blank-line-in-group"}},
		{name: "comment lines do not end records", in: "User-agent: *\n# note\nDisallow: /a\n",
			absent: []string{"blank-line-in-group"}},
	})
}

func TestLint_Gemini_VirtualAgentTypo(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "indexers", in: "User-agent: indexers\nDisallow: /\n", want: []want{{1, "virtual-agent-typo", SevWarning, "gopherdraft,gemini,rfc9309,norobots"}}},
		{name: "web-proxy", in: "User-agent: web-proxy\nDisallow: /\n", want: []want{{1, "virtual-agent-typo", SevWarning, "gopherdraft,gemini,rfc9309,norobots"}}},
		// Substring matching rescues `archive` in the 1994-style readers.
		{name: "archive", in: "User-agent: archive\nDisallow: /\n", want: []want{{1, "virtual-agent-typo", SevWarning, "rfc9309"}}},
		{name: "research", in: "User-agent: research\nDisallow: /\n", want: []want{{1, "virtual-agent-typo", SevWarning, "rfc9309"}}},
		{name: "archivebot", in: "User-agent: archivebot\nDisallow: /\n", want: []want{{1, "virtual-agent-typo", SevWarning, "gopherdraft,gemini,rfc9309,norobots"}}},
		{name: "in Virtual-agent", in: "Virtual-agent: indexers\nDisallow: /\n", want: []want{{1, "virtual-agent-typo", SevWarning, "conner2020"}}},
		{name: "real roles and names", in: "User-agent: indexer\nUser-agent: GUS\nUser-agent: ia_archiver\nUser-agent: archive.org_bot\nDisallow: /\n",
			absent: []string{"virtual-agent-typo"}},
	})
}

func TestLint_Gemini_AllowPortability(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "allow", in: "User-agent: *\nDisallow: /a\nAllow: /a/b\n", want: []want{{3, "allow-portability", SevWarning, "gopher2019,gemini"}}},
	})
}

func TestLint_Gemini_RoleUserAgent(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "role as user agent", in: "User-agent: webproxy\nDisallow: /\n",
			want: []want{{1, "role-user-agent", SevInfo, "gopherdraft,conner2020,rfc9309,norobots"}}},
	})
}

// Duplicate groups: RFC 9309 merges them, gemini combines them, the
// first-match readings use only the first.
func TestLint_RFC9309_DuplicateGroup(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "same agent twice", in: "User-agent: archiver\nDisallow: /a\n\nUser-agent: researcher\nDisallow: /b\n\nUser-agent: Archiver\nDisallow: /c\n",
			want: []want{{7, "duplicate-group", SevWarning, "gopherdraft,conner2020,norobots"}}},
		{name: "star twice", in: "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
			want: []want{{4, "duplicate-group", SevWarning, "gopherdraft,conner2020,norobots"}}},
		{name: "same group", in: "User-agent: a\nUser-agent: a\nDisallow: /x\n", absent: []string{"duplicate-group"}},
	})
}

func TestLint_Norobots_AgentValues(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "version", in: "User-agent: GUS/2.1\nDisallow: /\n",
			want: []want{{1, "agent-version", SevWarning, "gopherdraft,gemini,conner2020,norobots"}}},
		{name: "empty user agent", in: "User-agent:\nDisallow: /\n",
			want: []want{{1, "empty-user-agent", SevWarning, "gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
	})
}

func TestLint_Norobots_GroupWithoutRules(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "at end of file", in: "User-agent: *\nDisallow: /x\n\nUser-agent: GUS\n",
			want: []want{{4, "group-without-rules", SevWarning, "gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		// A blank line between agent lines: the 1994 readers give the first
		// agent nothing; the agent-run readers share the rules.
		{name: "blank between agents", in: "User-agent: a\n\nUser-agent: b\nDisallow: /x\n",
			want: []want{{1, "group-without-rules", SevWarning, "gopherdraft,gemini,norobots"}}},
		{name: "delay only is a group", in: "User-agent: a\nCrawl-delay: 5\n", absent: []string{"group-without-rules"}},
	})
}

// First-match readings (Conner's 2021 message, Python's robotparser).
func TestLint_Conner_UnreachableRule(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "allow all first", in: "User-agent: *\nAllow: /\nDisallow: /private\n",
			want: []want{{3, "unreachable-rule", SevWarning, "conner2020,norobots"}}},
		{name: "redundant", in: "User-agent: *\nDisallow: /search\nDisallow: /search_jump\n",
			want: []want{{3, "unreachable-rule", SevInfo, "conner2020,norobots"}}},
		{name: "duplicate rule", in: "User-agent: *\nDisallow: /a\nDisallow: /a\n",
			want: []want{{3, "unreachable-rule", SevInfo, "conner2020,norobots"}}},
		{name: "specific first is fine", in: "User-agent: *\nAllow: /private/pub\nDisallow: /private\n",
			absent: []string{"unreachable-rule"}},
		{name: "other groups do not shadow", in: "User-agent: a\nAllow: /\n\nUser-agent: b\nDisallow: /x\n",
			absent: []string{"unreachable-rule"}},
	})
}

func TestLint_Norobots_UnreachableAfterEmptyDisallow(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "empty disallow first", in: "User-agent: *\nDisallow:\nDisallow: /private\n",
			want: []want{{3, "unreachable-rule", SevWarning, "norobots"}}},
	})
}

func TestLint_Conner_VirtualAgentField(t *testing.T) {
	others := "gopher2019,gopherdraft,gemini,rfc9309,norobots"
	runLintCases(t, []lintCase{
		// In rfc9309 the rules below join the * group: an error.
		{name: "after a group", in: "User-agent: *\nDisallow: /private\n\nVirtual-agent: indexer\nDisallow: /\n",
			want: []want{{4, "virtual-agent-field-portability", SevError, others}}},
		{name: "first in file", in: "Virtual-agent: indexer\nDisallow: /\n",
			want: []want{{1, "virtual-agent-field-portability", SevWarning, others}, {2, "rule-outside-group", SevError, "gopherdraft,gemini,rfc9309,norobots"}}},
		{name: "with a user agent", in: "User-agent: GUS\nVirtual-agent: indexer\nDisallow: /x\n",
			want: []want{{2, "virtual-agent-field-portability", SevWarning, others}}},
		// What fix writes for a role User-agent: every dialect reads the group.
		{name: "beside the same user agent", in: "User-agent: archiver\nVirtual-agent: Archiver\nDisallow: /x\n",
			absent: []string{"virtual-agent-field-portability"}},
	})
}

func TestLint_Conner_CheckInvalid(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "check with unit", in: "User-agent: *\nDisallow: /x\nCheck: 1 day\n", want: []want{{3, "setting-invalid", SevWarning, "conner2020"}}},
		{name: "request-rate", in: "User-agent: *\nDisallow: /x\nRequest-rate: fast\n", want: []want{{3, "setting-invalid", SevWarning, "norobots"}}},
		{name: "valid", in: "User-agent: *\nDisallow: /x\nCheck: 3600\nRequest-rate: 1/10\n", absent: []string{"setting-invalid"}},
	})
}

// Clean files give no findings at all.
func TestLint_Clean(t *testing.T) {
	for _, c := range []struct {
		in        string
		selectors []string
	}{
		// (A path one byte longer than /private/, such as /private/x, is
		// one TLGS lets through: tlgs-off-by-one.)
		{"User-agent: *\r\nDisallow: /private/\r\n", []string{"/private/notes", "/about", "robots.txt"}},
		{"# A quiet hole\r\nUser-agent: *\r\nDisallow: /cgi-bin/\r\nDisallow: /tmp/\r\n", nil},
		// Both spellings of the selectors are covered.
		{"User-agent: *\r\nDisallow: /private\r\nDisallow: private\r\n", []string{"/private/x", "private/y", "/about"}},
		{"User-agent: *\r\nDisallow: /\r\nDisallow: 0/\r\nDisallow: 1/\r\n", []string{"1/phlog", "/phlog"}},
	} {
		if got := Lint(core.Parse([]byte(c.in)), c.selectors); len(got) != 0 {
			t.Errorf("Lint(%q) = \n%s want nothing", c.in, dump(got))
		}
	}
	if got := Lint(core.Parse(lintCleanFile()), []string{"/area3/section4/page"}); len(got) != 0 {
		t.Errorf("the clean benchmark file has findings:\n%s", dump(got[:min(len(got), 5)]))
	}
	if got := Lint(nil, nil); got != nil {
		t.Errorf("Lint(nil) = %v", got)
	}
}

// Odd inputs never panic and keep the invariants (FuzzLintInvariants
// below searches for more; fuzz_test.go checks the codes).
func TestLint_NeverPanics(t *testing.T) {
	inputs := []string{
		"\r\r\r\r", "\n", ":", "::::", "#", "\x00\x00", "\xff\xfe", "User-agent", "User-agent:\r",
		"Disallow: *\r\nDisallow:", "User-agent: *\n\n\n", "Virtual-agent:\nVirtual-agent: *\n",
		strings.Repeat("User-agent: a\n", 100), "Allow:\nAllow: *\n", "User-agent: */x\nDisallow: $",
		"User-agent: *\nDisallow: \xff*\xfe$", strings.Repeat("a", 10000) + ":" + strings.Repeat("b", 10000),
	}
	for _, in := range inputs {
		f := core.Parse([]byte(in))
		checkInvariants(t, f, Lint(f, []string{"", "/", "0/x", "\xff", "x"}))
	}
}

func FuzzLintInvariants(f *testing.F) {
	for _, seed := range []string{
		"User-agent: *\nDisallow: /\n",            // the smallest real file
		"User-agent: *\n\nDisallow: /x\n",         // blank line inside a record
		"Virtual-agent: indexer\nDisallow: /x\n",  // Conner's field
		"Dissallow: /x\nUser agent: y\nnocolon\n", // misspellings
		"\xEF\xBB\xBF\x00\xff\r\r",                // bad bytes and bare CRs
		"User-agent: *\nAllow: /\nDisallow: /a*$\nDisallow:\n",
	} {
		f.Add([]byte(seed), "0/x")
	}
	f.Fuzz(func(t *testing.T, data []byte, sel string) {
		p := core.Parse(data)
		checkInvariants(t, p, Lint(p, []string{sel, "/" + sel}))
	})
}

// Golden files: testdata/lint/NAME.robots.txt (with optional
// NAME.selectors, one per line) gives NAME.golden, one JSON finding a line.
func TestLintGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("..", "..", "testdata", "lint", "*.robots.txt"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no golden inputs under testdata/lint (%v)", err)
	}
	for _, in := range inputs {
		base := strings.TrimSuffix(in, ".robots.txt")
		t.Run(filepath.Base(base), func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			var sels []string
			if s, err := os.ReadFile(base + ".selectors"); err == nil {
				sels = strings.Split(strings.TrimSuffix(string(s), "\n"), "\n")
			}
			f := core.Parse(data)
			fs := Lint(f, sels)
			checkInvariants(t, f, fs)
			var got bytes.Buffer
			for _, fd := range fs {
				line, err := json.Marshal(fd)
				if err != nil {
					t.Fatal(err)
				}
				got.Write(line)
				got.WriteByte('\n')
			}
			golden := base + ".golden"
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			wantBytes, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./core -run TestLintGolden -update)", err)
			}
			if !bytes.Equal(got.Bytes(), wantBytes) {
				t.Errorf("%s differs from the linter's output; rerun with -update if the change is intended.\ngot:\n%s\nwant:\n%s", golden, got.Bytes(), wantBytes)
			}
		})
	}
}

// lintBenchFile builds about 500 KiB of varied robots.txt: many groups,
// rules, comments, blank lines, misspellings and virtual agents.
func lintBenchFile() []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < core.MaxBytes-2048; i++ {
		fmt.Fprintf(&b, "# group %d\r\n", i)
		fmt.Fprintf(&b, "User-agent: bot%d/1.%d\r\n", i, i%7)
		if i%5 == 0 {
			fmt.Fprintf(&b, "Virtual-agent: indexer%d\r\n", i%3)
		}
		if i%9 == 0 {
			b.WriteString("\r\n")
		}
		for j := 0; j < 12; j++ {
			switch j % 6 {
			case 0:
				fmt.Fprintf(&b, "Disallow: /private/%d/%d\r\n", i, j)
			case 1:
				fmt.Fprintf(&b, "Allow: /private/%d\r\n", i)
			case 2:
				fmt.Fprintf(&b, "Disallow: /*/tmp/%d$\r\n", j)
			case 3:
				fmt.Fprintf(&b, "Dissallow: /x%d\r\n", j)
			case 4:
				fmt.Fprintf(&b, "Disallow: phlog/%d/%d\r\n", i%50, j)
			default:
				fmt.Fprintf(&b, "Crawl-delay: %d.5\r\n", j)
			}
		}
		b.WriteString("\n")
	}
	return b.Bytes()
}

// lintCleanFile builds about 500 KiB of well-formed rules, the usual
// case: no findings, so the figure is the cost of the checks themselves.
func lintCleanFile() []byte {
	var b bytes.Buffer
	b.WriteString("User-agent: *\r\n")
	for i := 0; b.Len() < core.MaxBytes-1024; i++ {
		fmt.Fprintf(&b, "# area %d\r\n", i)
		for j := 0; j < 20; j++ {
			fmt.Fprintf(&b, "Disallow: /area%d/section%d/\r\n", i, j)
		}
	}
	return b.Bytes()
}

// BenchmarkLint: about 500 KiB, parsed once; "varied" has a finding on
// nearly every line, "clean" has none.
func BenchmarkLint(b *testing.B) {
	sels := []string{"robots.txt", "0/robots.txt", "/private/1/0", "phlog/3/4", ""}
	for _, c := range []struct {
		name string
		data []byte
	}{{"varied", lintBenchFile()}, {"clean", lintCleanFile()}} {
		f := core.Parse(c.data)
		for _, crawlers := range []bool{true, false} {
			name := c.name
			if !crawlers {
				name += "/no-crawler-lints"
			}
			b.Run(name, func(b *testing.B) {
				lintCrawlerChecks = crawlers
				defer func() { lintCrawlerChecks = true }()
				b.SetBytes(int64(len(c.data)))
				b.ReportAllocs()
				for b.Loop() {
					Lint(f, sels)
				}
			})
		}
	}
}

// Long agent and selector lists are cut short in messages.
func TestLint_MessagesStayShort(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&b, "User-agent: bot%d\n", i)
	}
	b.WriteString("Disallow: /\n")
	var sels []string
	for i := 0; i < 300; i++ {
		sels = append(sels, fmt.Sprintf("sel%d", i), fmt.Sprintf("1/sel%d", i))
	}
	f := core.Parse([]byte(b.String()))
	checkInvariants(t, f, Lint(f, sels))
}

func TestLint_Shared_NamelessField(t *testing.T) {
	runLintCases(t, []lintCase{
		{name: "colon first", in: "User-agent: *\r\n: /x\r\nDisallow: /y\r\n",
			want: []want{{2, "unknown-field", SevInfo, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
	})
}

// A record whose rules follow a blank line: the 1994-style readers lose
// them, the agent-run readers keep them.
func ExampleLint() {
	f := core.Parse([]byte("User-agent: *\r\n\r\nDisallow: /drafts/\r\n"))
	for _, fd := range Lint(f, nil) {
		fmt.Println(fd.Line, fd.Code, fd.Severity, fd.Dialects)
	}
	// Output:
	// 2 blank-line-in-group error [gopherdraft gemini norobots]
}

// The near-miss detectors: misspellings are caught, real names are not.
func TestLint_NearMisses(t *testing.T) {
	fields := map[string]core.Field{
		"Usr-agent": core.UserAgent, "user_agent": core.UserAgent, "UserAgents": core.UserAgent, "Dissalow": core.Disallow,
		"Disallows": core.Disallow, "Alow": core.Allow, "Allowed": core.Allow, "Crawl-dealy": core.CrawlDelay, "crawldelay": core.CrawlDelay,
		"Virtualagent": core.VirtualAgent, "Sitemaps": core.Sitemap, "Hots": core.Host,
		"Noindex": "", "Clean-param": "", "Comment": "", "http": "", "Agent": "", "ab": "",
	}
	for name, want := range fields {
		got, ok := nearField(name)
		if got != want || ok != (want != "") {
			t.Errorf("nearField(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	roles := map[string]string{
		"indexers": "indexer", "index": "indexer", "indexing": "indexer", "indexbot": "indexer",
		"archive": "archiver", "archivers": "archiver", "archivebot": "archiver", "archiving": "archiver",
		"research": "researcher", "researchers": "researcher", "web-proxy": "webproxy", "web proxy": "webproxy",
		"proxy": "webproxy", "webproxies": "webproxy",
		"gus": "", "googlebot": "", "ia_archiver": "", "archive.org_bot": "", "researchgate": "",
		"reader": "", "crawler": "", "indexer-gus": "", "*": "", "": "",
	}
	for value, want := range roles {
		got, ok := roleNearMiss(value)
		if got != want || ok != (want != "") {
			t.Errorf("roleNearMiss(%q) = %q, %v; want %q", value, got, ok, want)
		}
	}
}

func TestLint_EditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"disallow", "disallow", 2, 0},
		{"dissallow", "disallow", 2, 1},
		{"diasllow", "disallow", 2, 1}, // a swap of neighbours counts once
		{"alow", "allow", 1, 1},
		{"crawldealy", "crawldelay", 2, 1},
		{"useragent", "disallow", 2, 3}, // over the limit: limit+1
		{"", "host", 1, 2},
	} {
		if got := editDistance(c.a, c.b, c.limit); got != c.want {
			t.Errorf("editDistance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
	}
}

func TestLint_DelayProblem(t *testing.T) {
	for v, want := range map[string]string{
		"": "has no value", "-3": "is negative", "1.5": "is not a whole number", "2,5": "is not a whole number",
		"10s": "has a unit", "10 seconds": "has a unit", "soon": "is not a number", "1/10": "is not a number",
	} {
		if got := delayProblem(v); got != want {
			t.Errorf("delayProblem(%q) = %q, want %q", v, got, want)
		}
	}
}

func TestLint_MessageHelpers(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{lineList([]int{3}), "line 3"},
		{lineList([]int{3, 4, 5}), "lines 3-5"},
		{lineList([]int{3, 7, 9}), "lines 3, 7 and 9"},
		{lineList([]int{1, 3, 5, 7, 9, 11, 13, 15}), "lines 1, 3, 5, 7, 9, 11 and 2 more"},
		{quote("Disallow"), "`Disallow`"},
		{quote("a\x00b"), `"a\x00b"`},
		{quote("caf\xe9"), `"caf\xe9"`},
		{quote(strings.Repeat("é", 40)), "`" + strings.Repeat("é", 30) + "` (cut short)"},
		{render((inGemini | inNorobots).String(), inAll), "gemini and norobots"},
		{render((inGopherDraft|inGemini|inNorobots).says("ignores", "ignore"), inAll), "gopherdraft, gemini and norobots ignore"},
		{render((inGopherDraft|inGemini|inNorobots).says("ignores", "ignore"), inGemini|inRFC9309), "gemini ignores"},
		{render(inRFC9309.says("accepts", "accept"), inAll), "rfc9309 accepts"},
		{render("a"+inGemini.either("b "+inGemini.String(), "c")+"d", inAll), "ab gemini" + "d"},
		{render("a"+inGemini.either("b "+inGemini.String(), "c")+"d", inRFC9309), "acd"},
		{render("a"+inGemini.only("b")+"d", inRFC9309), "ad"},
		{ifGopher2019 + "x" + endIf, inGopher2019.only("x")},
		{ifGopherDraft + "x" + endIf, inGopherDraft.only("x")},
		{ifGemini + "x" + endIf, inGemini.only("x")},
		{inRFC9309.either("x", "y"), "x"}, // in every scope: no template
		{render((inGopher2019|inRFC9309).either("x", "y"), inRFC9309), "x"},
		{render(inGopher2019.either("x", "y"), inRFC9309), "y"},
		{render(wordList([]listItem{{inGemini, "x in " + inGemini.String()}, {inRFC9309, "y"}, {inNorobots, "z"}}), inAll), "x in gemini, y and z"},
		{render(wordList([]listItem{{inGemini, "x in " + inGemini.String()}, {inRFC9309, "y"}, {inNorobots, "z"}}), inNorobots|inRFC9309), "y and z"},
		{render(wordList([]listItem{{inGemini, "x"}}), inRFC9309), ""},
		{render(wordList([]listItem{{inGemini, "x"}, {inGopher2019, "y"}, {inGopherDraft, "z"}}), inGemini|inGopherDraft), "x and z"},
		{render(wordList([]listItem{{inGemini, "x"}, {inGopher2019, "y"}, {inGopherDraft, "z"}}), inGemini|inGopher2019), "x and y"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
