package lsp

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/fix"
	"github.com/smolbots/smolbots/core/lint"
)

const realFile = "../../testdata/realworld/omar-polo_blog_1.txt"

func readReal(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// lintCodes is what `smolbots lint` reports on text: (line, code) pairs.
func lintCodes(text string, o lint.Options, selectors []string) []string {
	f := core.Parse([]byte(text))
	var out []string
	for _, fd := range lint.Control(f, lint.Lint(f, selectors), o) {
		out = append(out, fd.Code+"@"+itoa(max(fd.Line, 1)))
	}
	return out
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func diagCodes(p published) []string {
	var out []string
	for _, d := range p.Diagnostics {
		out = append(out, d.Code+"@"+itoa(d.Range.Start.Line+1))
	}
	return out
}

// The diagnostics are lint's findings, each with its page's address;
// the settings come from initializationOptions, and a first-line
// comment overrides them.
func TestDiagnosticsAreLints(t *testing.T) {
	text := readReal(t, realFile)
	c := startServer(t, New(Options{}))
	c.initialize(map[string]any{"protocol": "gemini"})
	c.open("file:///a/robots.txt", text)
	got := c.diagnosticsFor("file:///a/robots.txt", 1)
	want := lintCodes(text, lint.Options{Protocol: core.ProtocolGemini}, nil)
	if len(want) == 0 || !slices.Equal(diagCodes(got), want) {
		t.Fatalf("diagnostics %v, lint -protocol gemini says %v", diagCodes(got), want)
	}
	for _, d := range got.Diagnostics {
		if d.CodeDescription == nil || d.CodeDescription.Href != lint.URL(d.Code) {
			t.Errorf("%s: codeDescription %+v, want %s", d.Code, d.CodeDescription, lint.URL(d.Code))
		}
		if d.Severity < 1 || d.Severity > 2 || d.Source != "smolbots" {
			t.Errorf("%s: severity %d source %q", d.Code, d.Severity, d.Source)
		}
	}

	// the file's own settings: gopher scope, info severity, one code ignored
	own := "# smolbots-lsp: protocol=gopher severity=info ignore=gemplex-first-group\n" + text
	c.open("file:///b/robots.txt", own)
	got = c.diagnosticsFor("file:///b/robots.txt", 1)
	want = lintCodes(own, lint.Options{Protocol: core.ProtocolGopher, Severity: lint.SevInfo, Ignore: []string{"gemplex-first-group"}}, nil)
	if !slices.Equal(diagCodes(got), want) || slices.Contains(want, "gemplex-first-group@3") {
		t.Fatalf("with the file's settings: diagnostics %v, lint says %v", diagCodes(got), want)
	}

	// an ignore directive works as in lint
	directive := "User-agent: *\nDisallow: /a\n# smolbots: ignore=blank-line-in-group\n\nDisallow: /b\n"
	c.open("file:///d/robots.txt", directive)
	got = c.diagnosticsFor("file:///d/robots.txt", 1)
	want = lintCodes(directive, lint.Options{Protocol: core.ProtocolGemini}, nil)
	if !slices.Equal(diagCodes(got), want) || slices.Contains(lintCodes(strings.Replace(directive, "# smolbots", "# not", 1), lint.Options{}, nil), "blank-line-in-group@4") == false {
		t.Fatalf("with a directive: diagnostics %v, lint says %v", diagCodes(got), want)
	}
	for _, code := range diagCodes(got) {
		if strings.HasPrefix(code, "blank-line-in-group") {
			t.Fatalf("the directive did not silence %s", code)
		}
	}

	// a setting that cannot be read says so on line 1, as the CLI would
	bad := "# smolbots-lsp: protocol=http colour=red\nUser-agent: *\nDisallow: /x\n"
	c.open("file:///c/robots.txt", bad)
	got = c.diagnosticsFor("file:///c/robots.txt", 1)
	var msgs []string
	for _, d := range got.Diagnostics {
		if d.Code == "settings" {
			msgs = append(msgs, d.Message)
		}
	}
	if len(msgs) != 2 || !strings.Contains(msgs[0], `unknown protocol "http"; use gemini, gopher or any`) && !strings.Contains(msgs[1], "unknown protocol") {
		t.Fatalf("bad settings gave %q", msgs)
	}
}

// An edit re-lints; a stale lint's answer is dropped, and the newer one
// does not wait for it: while the lint of version 1 is held, version
// 2's diagnostics are published.
func TestStaleLintNeverHoldsAKeystroke(t *testing.T) {
	s := New(Options{})
	release := make(chan struct{})
	s.beforeLint = func(version int) {
		if version == 1 {
			<-release
		}
	}
	c := startServer(t, s)
	c.initialize(nil)
	uri := "file:///a/robots.txt"
	c.open(uri, "User-agent: *\nDisallow: /a\n\nDisallow: /b\n")
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"range": span{position{2, 0}, position{3, 0}}, "text": ""}},
	})
	got := c.diagnosticsFor(uri, 2)
	if len(got.Diagnostics) != 0 {
		t.Fatalf("the edited file has no blank line in its group, yet: %+v", got.Diagnostics)
	}
	close(release)
	// Version 1's lint runs now and must publish nothing: the next
	// message is the answer to a request sent after it.
	hover := c.request("textDocument/hover", textPosition{docID{URI: uri}, position{1, 0}})
	if hover.Error != nil {
		t.Fatal(hover.Error)
	}
	c.request("shutdown", nil)
	c.notify("exit", nil)
	for m := range c.msgs {
		if m.Method == "textDocument/publishDiagnostics" {
			t.Fatalf("a stale lint was published: %s", m.Params)
		}
	}
}

// A burst of edits closer together than the debounce is linted once,
// at its end.
func TestDebounce(t *testing.T) {
	s := New(Options{Debounce: 3 * time.Second})
	var mu sync.Mutex
	var started []int
	s.beforeLint = func(version int) {
		mu.Lock()
		started = append(started, version)
		mu.Unlock()
	}
	c := startServer(t, s)
	c.initialize(nil)
	uri := "file:///a/robots.txt"
	c.open(uri, "User-agent: *\n")
	for v := 2; v <= 21; v++ {
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": v},
			"contentChanges": []any{map[string]any{"range": span{position{1, 0}, position{1, 0}}, "text": "#"}},
		})
	}
	c.diagnosticsFor(uri, 21)
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(started, []int{1, 21}) && !slices.Equal(started, []int{21}) {
		t.Fatalf("lints started for versions %v; want the open's and the burst's last", started)
	}
}

// $/cancelRequest turns a request's answer into the cancelled error.
func TestCancel(t *testing.T) {
	s := New(Options{})
	release := make(chan struct{})
	s.beforeAnswer = func(method string) {
		if method == "textDocument/hover" {
			<-release
		}
	}
	c := startServer(t, s)
	c.initialize(nil)
	uri := "file:///a/robots.txt"
	c.open(uri, "User-agent: *\nDisallow: /x\n")
	c.send(map[string]any{"id": 100, "method": "textDocument/hover", "params": textPosition{docID{URI: uri}, position{1, 0}}})
	c.notify("$/cancelRequest", map[string]any{"id": 100})
	// answered after the cancel was read: the reading is in order
	if r := c.request("textDocument/completion", textPosition{docID{URI: uri}, position{0, 0}}); r.Error != nil {
		t.Fatal(r.Error)
	}
	close(release)
	r := c.waitFor("the cancelled hover's answer", func(m message) bool { return string(m.ID) == "100" })
	if r.Error == nil || r.Error.Code != codeCancelled {
		t.Fatalf("a cancelled request answered %s %+v", r.Result, r.Error)
	}
}

// Hover names each reader in scope with its reading of the line; on a
// User-agent line it names the crawlers the group reaches.
func TestHover(t *testing.T) {
	text := readReal(t, realFile)
	c := startServer(t, New(Options{}))
	c.initialize(map[string]any{"smolbots": map[string]any{"protocol": "gemini"}})
	c.open("file:///a/robots.txt", text)
	value := func(line int) string {
		r := c.request("textDocument/hover", textPosition{docID{URI: "file:///a/robots.txt"}, position{line, 0}})
		var h struct {
			Contents struct{ Value string }
		}
		if r.Error != nil || json.Unmarshal(r.Result, &h) != nil {
			t.Fatalf("hover on line %d: %s %v", line+1, r.Result, r.Error)
		}
		return h.Contents.Value
	}
	rule := value(2) // Disallow: /cgi/gempkg/ of the archiver group
	for _, d := range core.ProtocolGemini.Dialects() {
		if !strings.Contains(rule, "**"+d.ID+"**: ") {
			t.Errorf("hover leaves out %s:\n%s", d.ID, rule)
		}
	}
	for _, d := range crawlers.For(core.ProtocolGemini) {
		if !strings.Contains(rule, "**"+d.Crawler.Name+"**: ") {
			t.Errorf("hover leaves out %s:\n%s", d.Crawler.Name, rule)
		}
	}
	// conner2020 reads User-agent: archiver as a crawler's name, not the role
	if !strings.Contains(rule, "**conner2020**: a rule of the group lines 2-3 (User-agent: archiver). archiver may not fetch") {
		t.Errorf("conner2020's reading of line 3:\n%s", rule)
	}
	if strings.Contains(rule, "gopher2019") {
		t.Errorf("a Gopher reader in the gemini scope:\n%s", rule)
	}
	// Gemplex reads the first group as its own (gemplex-first-group):
	// the sentence is narrate's, naming the crawler.
	if !strings.Contains(rule, "**Gemplex**: a rule of the group it reads, lines 2-3 (User-agent: * assumed before line 1, User-agent: archiver). Gemplex may not fetch /cgi/gempkg/: line 3 `Disallow: /cgi/gempkg/` covers it") {
		t.Errorf("Gemplex's reading of line 3:\n%s", rule)
	}
	agent := value(4) // User-agent: indexer
	if !strings.Contains(agent, "This group reaches ") || !strings.Contains(agent, "GUS") {
		t.Errorf("the indexer group's reach:\n%s", agent)
	}
	if r := c.request("textDocument/hover", textPosition{docID{URI: "file:///a/robots.txt"}, position{0, 3}}); string(r.Result) != "null" {
		t.Errorf("hover on a comment: %s", r.Result)
	}
}

// applyEdits applies non-overlapping edits to text.
func applyEdits(t testing.TB, text string, edits []textEdit) string {
	t.Helper()
	slices.SortFunc(edits, func(a, b textEdit) int {
		if a.Range.Start.Line != b.Range.Start.Line {
			return b.Range.Start.Line - a.Range.Start.Line
		}
		return b.Range.Start.Character - a.Range.Start.Character
	})
	for _, e := range edits {
		var err error
		text, err = applyChanges(text, []change{{Range: &e.Range, Text: e.NewText}})
		if err != nil {
			t.Fatal(err)
		}
	}
	return text
}

// Each code action is one of fix's steps for the lines asked about, its
// edit writing fix's own lines; the fixAll action writes fix's file.
func TestCodeActionsAreFixSteps(t *testing.T) {
	for _, name := range []string{"omar-polo_blog_1.txt", "fe1inae_grimoire_3.txt", "elektito_gemplex_1.txt"} {
		t.Run(name, func(t *testing.T) {
			text := readReal(t, "../../testdata/realworld/"+name)
			res, err := fix.Fix([]byte(text), fix.Options{Protocol: core.ProtocolGemini})
			if err != nil || len(res.Changes) == 0 {
				t.Fatalf("fix: %v, %d changes", err, len(res.Changes))
			}
			c := startServer(t, New(Options{}))
			c.initialize(map[string]any{"protocol": "gemini"})
			c.open("file:///a/robots.txt", text)
			r := c.request("textDocument/codeAction", map[string]any{
				"textDocument": map[string]any{"uri": "file:///a/robots.txt"},
				"range":        span{position{0, 0}, position{strings.Count(text, "\n") + 1, 0}},
				"context":      map[string]any{"diagnostics": []any{}},
			})
			var actions []codeAction
			if r.Error != nil || json.Unmarshal(r.Result, &actions) != nil {
				t.Fatalf("codeAction: %s %v", r.Result, r.Error)
			}
			quick := 0
			resultLines := lineTexts(res.Robots)
			verdicts := 0
			for _, a := range actions {
				if a.Kind == verdictsKind {
					if a.Edit != nil || a.Command == nil || a.Command.Command != CommandVerdicts {
						t.Errorf("a verdicts action: %+v", a)
					}
					verdicts++
					continue
				}
				edits := a.Edit.Changes["file:///a/robots.txt"]
				if a.Kind == "source.fixAll" {
					if got := applyEdits(t, text, edits); got != res.Robots {
						t.Errorf("fixAll writes %q, fix writes %q", got, res.Robots)
					}
					continue
				}
				quick++
				if !slices.ContainsFunc(res.Changes, func(ch fix.Change) bool {
					return strings.Contains(a.Title, ch.Message) && strings.Contains(a.Title, "("+ch.Code+")")
				}) {
					t.Errorf("the action %q is no change of fix", a.Title)
				}
				for _, e := range edits {
					for _, l := range lineTexts(e.NewText) {
						if !slices.Contains(resultLines, l) {
							t.Errorf("%q writes %q, a line fix's result does not hold", a.Title, l)
						}
					}
				}
			}
			if verdicts == 0 {
				t.Errorf("no verdicts action on a file of rules")
			}
			if quick != len(res.Changes) {
				t.Errorf("%d quick fixes for %d changes of fix", quick, len(res.Changes))
			}
		})
	}
}

func TestCompletion(t *testing.T) {
	c := startServer(t, New(Options{}))
	c.initialize(nil)
	c.open("file:///a/robots.txt", "User-agent: \nDis\n# Us\n")
	labels := func(line, char int) []string {
		r := c.request("textDocument/completion", textPosition{docID{URI: "file:///a/robots.txt"}, position{line, char}})
		var items []completionItem
		json.Unmarshal(r.Result, &items)
		var out []string
		for _, it := range items {
			out = append(out, it.Label)
		}
		return out
	}
	agents := labels(0, 12)
	for _, want := range []string{"*", "indexer", "archiver", "researcher", "webproxy", "tlgs", "gus"} {
		if !slices.Contains(agents, want) {
			t.Errorf("after User-agent: %v lacks %s", agents, want)
		}
	}
	if fields := labels(1, 3); !slices.Contains(fields, "Disallow") || !slices.Contains(fields, "Virtual-agent") {
		t.Errorf("field names: %v", fields)
	}
	if got := labels(2, 4); len(got) != 0 {
		t.Errorf("in a comment: %v", got)
	}
}

// Malformed JSON-RPC gets an error reply and the server goes on.
func TestMalformedMessages(t *testing.T) {
	c := startServer(t, New(Options{}))
	if r := c.request("textDocument/hover", textPosition{}); r.Error == nil || r.Error.Code != codeNotInitialized {
		t.Fatalf("a request before initialize: %s %+v", r.Result, r.Error)
	}
	c.initialize(nil)
	errorReply := func(what string, code int) {
		t.Helper()
		m := c.waitFor("the error reply to "+what, func(m message) bool { return m.Error != nil })
		if m.Error.Code != code {
			t.Errorf("%s: error %+v, want code %d", what, m.Error, code)
		}
	}
	c.raw([]byte("Content-Length: 5\r\n\r\n{oops"))
	errorReply("a body that is not JSON", codeParseError)
	c.raw([]byte("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}\r\n\r\n"))
	errorReply("a message without headers", codeParseError)
	c.raw([]byte("Content-Length: lots\r\n\r\n"))
	errorReply("a Content-Length that is no number", codeParseError)
	c.raw([]byte("Content-Type: x\r\n\r\n"))
	errorReply("no Content-Length", codeParseError)
	c.send(map[string]any{"id": 7})
	errorReply("a request without a method", codeInvalidRequest)
	c.raw([]byte("Content-Length: 2\r\n\r\n[]"))
	errorReply("a batch", codeInvalidRequest)
	c.send(map[string]any{"id": map[string]any{"a": 1}, "method": "shutdown"})
	errorReply("an object as id", codeInvalidRequest)
	if r := c.request("textDocument/definition", textPosition{}); r.Error == nil || r.Error.Code != codeMethodNotFound {
		t.Errorf("an unknown method: %+v", r.Error)
	}
	if r := c.request("textDocument/hover", "not an object"); r.Error == nil || r.Error.Code != codeInvalidParams {
		t.Errorf("params that do not fit: %+v", r.Error)
	}
	// still answering
	c.open("file:///a/robots.txt", "User-agent: *\nDisallow: /x\n")
	if r := c.request("textDocument/hover", textPosition{docID{URI: "file:///a/robots.txt"}, position{1, 0}}); r.Error != nil || !strings.Contains(string(r.Result), "rfc9309") {
		t.Fatalf("hover after the bad messages: %s %+v", r.Result, r.Error)
	}
	if r := c.request("shutdown", nil); r.Error != nil {
		t.Fatal(r.Error)
	}
	c.notify("exit", nil)
	if err := <-c.done; err != nil {
		t.Fatalf("Run after exit: %v", err)
	}
	c.done <- nil // for the cleanup
	for m := range c.msgs {
		t.Fatalf("after exit: %+v", m)
	}
}

// Only robots.txt files are taken: a generic client may send every
// plain-text file.
func TestOnlyRobotsFiles(t *testing.T) {
	for _, c := range []struct {
		uri, lang string
		want      bool
	}{
		{"file:///srv/gemini/robots.txt", "", true},
		{"file:///srv/gemini/ROBOTS.TXT", "plaintext", true},
		{"file:///srv/a%20b/robots.txt", "text", true},
		{"untitled:Untitled-1", "robots-txt", true},
		{"file:///srv/gemini/notes.txt", "plaintext", false},
		{"file:///srv/robots.txt/index.gmi", "gemtext", false},
	} {
		if got := IsRobots(c.uri, c.lang); got != c.want {
			t.Errorf("IsRobots(%q, %q) = %v", c.uri, c.lang, got)
		}
	}
	cl := startServer(t, New(Options{}))
	cl.initialize(nil)
	cl.open("file:///srv/notes.txt", "Disallow: /x\n")
	cl.open("file:///srv/robots.txt", "Disallow: /x\n")
	if p := cl.diagnosticsFor("file:///srv/robots.txt", 1); len(p.Diagnostics) == 0 {
		t.Fatal("no diagnostics on a rule before any User-agent line")
	}
	if r := cl.request("textDocument/hover", textPosition{docID{URI: "file:///srv/notes.txt"}, position{0, 0}}); string(r.Result) != "null" {
		t.Errorf("hover on notes.txt: %s", r.Result)
	}
}

// A finding's column counts bytes in core; the range counts UTF-16.
func TestDiagnosticColumn(t *testing.T) {
	text := "User-agent: *\nDisallow: /é𝄞/*.cgi\n"
	f := core.Parse([]byte(text))
	var col int
	for _, fd := range lint.Lint(f, nil) {
		if fd.Line == 2 && fd.Col > 0 {
			col = fd.Col
		}
	}
	if col == 0 {
		t.Fatal("no finding with a column on line 2")
	}
	sn := newSnapshot(text, 1, Settings{})
	got := sn.lineSpan(2, col)
	// byte 19 is the star: 11 + é (2 bytes, 1 unit) + 𝄞 (4 bytes, 2 units) + /
	if want := 15; col != 19 || got.Start.Character != want || got.End.Character != 20 {
		t.Fatalf("column %d (bytes) gave %+v, want character %d", col, got, want)
	}
}

func TestIncrementalChanges(t *testing.T) {
	text := "User-agent: *\r\nDisallow: /é𝄞x\rAllow: /\n"
	got, err := applyChanges(text, []change{
		{Range: &span{position{1, 14}, position{1, 15}}, Text: "y"}, // the x after a surrogate pair
		{Range: &span{position{2, 0}, position{2, 5}}, Text: "Disallow"},
		{Range: &span{position{3, 0}, position{3, 0}}, Text: "# end"},
	})
	if want := "User-agent: *\r\nDisallow: /é𝄞y\rDisallow: /\n# end"; err != nil || got != want {
		t.Fatalf("got %q (%v), want %q", got, err, want)
	}
	if _, err := applyChanges(text, []change{{Range: &span{position{1, 3}, position{0, 0}}}}); err == nil {
		t.Fatal("a backwards range was applied")
	}
}
