package core_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/lint"
)

// manyCodes raises most lint codes at once (the lint golden files, the
// scenarios and the real files add the rest).
const manyCodes = `Disallow: /early
User-agent: GUS/2.1
User-agent:
Dissallow: /typo
Disalow: /typo2
Virtual-agent: indexr
Disallow: /private*
Disallow: /a/*/b
Disallow: /page$
Disallow: *
Allow: /private/ok
Disallow:
Disallow: /private/deeper
Crawl-delay: 10s
Request-rate: fast
Check: soon
Frobnicate: yes
no colon here

User-agent: *
Disallow: /x
User-agent: archiver
User-agent: indexers
User-agent: mozz-archiver
User-agent: TLGS

Disallow: /after-blank # comment
Virtual-agent: researcher
Disallow: /r
User-agent: googlebot
User-agent: archiver
Disallow: /g
User-agent: *
Disallow: /y
User-agent: web-proxy
`

// outOfScope are the IDs a message may not name under a protocol.
func outOfScope(p core.Protocol) []string {
	var out []string
	for _, d := range append(core.Dialects(), crawlers.All()...) {
		if !crawlers.InScope(p, d.ID) {
			out = append(out, d.ID)
		}
	}
	return out
}

// quoted is what a message quotes from the file or a selector, which may
// hold any word.
var quoted = regexp.MustCompile("`[^`]*`( \\(cut short\\))?|\"(?:[^\"\\\\]|\\\\.)*\"")

// namesID: the message names id as a word (not inside gemini-grc or a
// gemini:// URL), outside what it quotes.
func namesID(msg, id string) bool {
	re := regexp.MustCompile(`(?:^|[^\w-])` + regexp.QuoteMeta(id) + `(?:$|[^\w:-]|:[^/])`)
	return re.MatchString(quoted.ReplaceAllString(msg, "``"))
}

// Under a protocol every lint message names only dialects in scope, as
// its dialects list does: "* is a wildcard in gopher2019 and rfc9309"
// reads "* is a wildcard in rfc9309" for a Gemini file. Checked on
// files that together raise every code Lint reports.
func TestLintMessagesFollowScope(t *testing.T) {
	type input struct {
		name      string
		data      []byte
		selectors []string
	}
	sels := []string{"/x", "x", "/private", "0/x", "1/a/x/b", ""}
	inputs := []input{{"manyCodes", []byte(manyCodes), sels},
		{"crlf", []byte("User-agent: *\r\nDisallow: /a\n\n"), nil},
		{"big", append([]byte("\uFEFFUser-agent: *\nDisallow: /\x00\xff\n"), bytes.Repeat([]byte("# pad\n"), core.MaxBytes/6+10)...), nil},
		{"empty", nil, nil},
		{"tlgs-long-line", []byte(lint.TLGSLongFile()), nil}}
	for _, glob := range []string{"../testdata/lint/*.robots.txt", "../testdata/realworld/*.txt", "../testdata/scenarios/*.txtar"} {
		files, _ := filepath.Glob(glob)
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(name, ".txtar") {
				_, data, _ = bytes.Cut(data, []byte("-- robots.txt --\n"))
			}
			inputs = append(inputs, input{filepath.Base(name), data, sels})
		}
	}
	raised := map[string]bool{}
	for _, in := range inputs {
		findings := lint.Lint(core.Parse(in.data), in.selectors)
		for _, fd := range findings {
			raised[fd.Code] = true
		}
		unscoped := map[[2]any]string{}
		for _, fd := range findings {
			unscoped[[2]any{fd.Line, fd.Code}] = fd.Message
		}
		for _, p := range []core.Protocol{core.ProtocolGemini, core.ProtocolGopher} {
			for _, fd := range lint.Scope(p, findings) {
				for _, id := range outOfScope(p) {
					if namesID(fd.Message, id) {
						t.Errorf("%s, -protocol %s: %s on line %d names %s: %q", in.name, p, fd.Code, fd.Line, id, fd.Message)
					}
				}
				// A clause whose dialects are all out of scope goes; it
				// never turns into "no dialect".
				if all := unscoped[[2]any{fd.Line, fd.Code}]; strings.Count(fd.Message, "no dialect") > strings.Count(all, "no dialect") {
					t.Errorf("%s, -protocol %s: %s on line %d lost its dialects: %q", in.name, p, fd.Code, fd.Line, fd.Message)
				}
			}
		}
	}
	for _, code := range lint.Codes() {
		if controlOnly := code == "binary-file" || code == "unknown-code" || code == "directive-invalid"; !controlOnly && !raised[code] {
			t.Errorf("no input raises %s", code)
		}
	}
}

// Scope words a message again; any leaves it as Lint wrote it, and the
// input is not changed.
func TestScopeRewordsMessages(t *testing.T) {
	f := core.Parse([]byte("User-agent: *\nDisallow: /a*b\n"))
	findings := lint.Lint(f, nil)
	var glob lint.Finding
	for _, fd := range findings {
		if fd.Code == "glob-portability" {
			glob = fd
		}
	}
	const all = "* is a wildcard in gopher2019 and rfc9309 but a literal character in gopherdraft, gemini, conner2020 and norobots"
	if !strings.HasPrefix(glob.Message, all) {
		t.Fatalf("glob-portability: %q", glob.Message)
	}
	for p, want := range map[core.Protocol]string{
		core.ProtocolAny:    all,
		core.ProtocolGemini: "* is a wildcard in rfc9309 but a literal character in gemini, conner2020 and norobots",
		core.ProtocolGopher: "* is a wildcard in gopher2019 and rfc9309 but a literal character in gopherdraft, conner2020 and norobots",
	} {
		for _, fd := range lint.Scope(p, findings) {
			if fd.Code == "glob-portability" && !strings.HasPrefix(fd.Message, want) {
				t.Errorf("%s: %q, want it to start %q", p, fd.Message, want)
			}
		}
	}
	if findings[0].Message != lint.Lint(f, nil)[0].Message {
		t.Error("Scope changed its input")
	}
	// The page's scope: Gemini plus the gopher2019 column shown.
	keep := func(id string) bool { return crawlers.InScope(core.ProtocolGemini, id) || id == "gopher2019" }
	for _, fd := range lint.ScopeFindings(findings, keep) {
		if fd.Code == "glob-portability" && !strings.HasPrefix(fd.Message, "* is a wildcard in gopher2019 and rfc9309 but a literal character in gemini, conner2020 and norobots") {
			t.Errorf("gemini with gopher2019 shown: %q", fd.Message)
		}
	}
}
