package core_test

// A differential test against CPython's own urllib.robotparser (Debian's
// /usr/bin/python3): on every scenario and every real file, each also
// with a BOM put in front and its line ends turned into CRLF and into a
// lone CR, norobots and the GUS presets must answer as
// RobotFileParser.can_fetch does after read() (decode as UTF-8,
// splitlines, parse). Python runs once for all the files.
//
// norobots differs from Python on purpose in two ways (DIALECTS.md), and
// the oracle is told so rather than the rows being dropped: a bare `*`
// rule matches every selector, and only the first 500 KiB are read. The
// GUS presets run on real CPython, so they get no such allowance.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// pythonPath is Debian's python3: the one on PATH may be another build.
const pythonPath = "/usr/bin/python3"

type pyFile struct {
	Body    []byte      `json:"body"` // base64 in JSON
	StarAll bool        `json:"star_all"`
	Protego bool        `json:"protego"`
	Queries [][2]string `json:"queries"`
}

// askPython answers every file's queries with one python process.
func askPython(t *testing.T, files []pyFile) [][]bool {
	t.Helper()
	req, err := json.Marshal(map[string]any{"files": files})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pythonPath, "testdata/robotparser_oracle.py")
	cmd.Stdin = bytes.NewReader(req)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("cannot start %s (the python3 Debian package): %v", pythonPath, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("python did not answer within 2 minutes")
	}
	if err != nil {
		t.Fatalf("python: %v\n%s", err, stderr.String())
	}
	var resp struct {
		Answers [][]bool `json:"answers"`
		Version string   `json:"version"`
	}
	if err := json.Unmarshal(out.Bytes(), &resp); err != nil {
		t.Fatalf("python's answer is not JSON: %v", err)
	}
	if len(resp.Answers) != len(files) {
		t.Fatalf("python answered %d files of %d", len(resp.Answers), len(files))
	}
	if !strings.HasPrefix(resp.Version, "3.11.") {
		t.Fatalf("%s is Python %s; the cited lines are 3.11's", pythonPath, resp.Version)
	}
	return resp.Answers
}

type pySource struct {
	name  string
	body  []byte
	sels  []string // selectors the source itself asks about
	agent []string
	// odd: Python breaks or trims its lines where norobots, on purpose,
	// does not (DIALECTS.md: lines end at CR, LF or CRLF, fields are
	// trimmed of spaces and tabs); only the GUS presets are held to it.
	odd bool
}

func pySources(t *testing.T) []pySource {
	var out []pySource
	for _, sc := range loadScenarios(t) {
		s := pySource{name: "scenarios/" + sc.name, body: sc.robots}
		for _, d := range sc.directives {
			s.agent = append(s.agent, d.agent)
			if d.sel != "" && !core.IsCrawlURL(d.sel) {
				s.sels = append(s.sels, d.sel)
			}
		}
		out = append(out, s)
	}
	paths, err := filepath.Glob("../testdata/realworld/*.txt")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no real files in ../testdata/realworld (%v)", err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, pySource{name: "realworld/" + filepath.Base(p), body: b})
	}
	return append(append(append(out, pyLongFiles()...), pyOddFiles()...), pyRandomFiles(200)...)
}

// pyRandomFiles are files strung together from the pieces where readers
// part ways: fields, values, comments, every line break and space Python
// knows. The seed is fixed, so a failure repeats.
func pyRandomFiles(n int) []pySource {
	pieces := []string{"User-agent:", "user-agent: ", "Disallow:", "Allow:", "Crawl-delay: 5", "Sitemap: /s", " *", " /a", "/b", " /a b", "%7E", "?q", "gus", " indexer", "kiwi",
		"#", " ", "\t", ":", "\n", "\n", "\n", "\r", "\r\n", "\n\n", "\v", "\f", "\x1c", "\x1f", "\u0085", "\u2028", "\u00a0", "\u3000", "\ufeff"}
	r := rand.New(rand.NewPCG(25, 2))
	var out []pySource
	for i := range n {
		var b strings.Builder
		for range 4 + r.IntN(40) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		out = append(out, pySource{name: fmt.Sprintf("random/%d", i), body: []byte(b.String()), odd: core.PyOdd(b.String()),
			sels: []string{"/a", "/a b", "/b", "/~", "/?q", "/s"}})
	}
	return out
}

// pyOddFiles hold the line breaks and spaces that str.splitlines and
// str.strip know besides CR, LF, space and tab.
func pyOddFiles() []pySource {
	var out []pySource
	for i, body := range []string{
		"User-agent: *\vDisallow: /vt\n",
		"User-agent: *\fDisallow: /ff\n",
		"User-agent: *\nDisallow: /a\x1c\x1cDisallow: /b\n",
		"User-agent: *\x1dDisallow: /gs\x1eDisallow: /rs\n",
		"User-agent: *\u0085Disallow: /nel\n",
		"User-agent: *\u2028Disallow: /ls\u2029Disallow: /ps\n",
		"User-agent: *\nDisallow: /nb\u00a0\n\u3000Disallow: /ideo\n",
		"User-agent: *\nDisallow: /x\f\nDisallow: /y\n",
		"User-agent: gus\x1f\nDisallow: /us\n\nUser-agent: *\nDisallow: /star\n",
		"User-agent: indexer # a comment\vDisallow: /c#d\n",
	} {
		out = append(out, pySource{name: fmt.Sprintf("odd/%d", i), body: []byte(body), odd: true,
			sels: []string{"/vt", "/ff", "/a", "/b", "/gs", "/rs", "/nel", "/ls", "/ps", "/nb", "/ideo", "/x", "/y", "/us", "/star", "/c"}})
	}
	// Issue 35's Protego cases: an empty User-agent line keeps the run
	// above open (protego.py:357-360,369-371), and the escapes Protego
	// keeps are upper-cased (protego.py:140-141).
	for i, c := range []struct{ body, sel string }{
		{"User-agent: *\nDisallow: /drafts\n\nUser-agent:\nDisallow: /private\n", "/private"},
		{"User-agent: *\nDisallow: /d\nUser-agent:\nUser-agent: bot\nDisallow: /x\n", "/x"},
		{"User-agent: *\nDisallow: /d\nUser-agent:\n\nUser-agent: bot\nDisallow: /x\n", "/x"},
		{"User-agent: *\nDisallow: /a%2Fb\nDisallow: /c%2fd\nDisallow: /e%2a\nDisallow: /g%2f\n", "/a%2fb"},
		{"User-agent: *\nDisallow: /a%2Fb\nDisallow: /c%2fd\nDisallow: /e%2a\nDisallow: /g%2f\n", "/c%2Fd"},
		{"User-agent: *\nDisallow: /a%2Fb\nDisallow: /c%2fd\nDisallow: /e%2a\nDisallow: /g%2f\n", "/e%2A"},
		{"User-agent: *\nDisallow: /a%2Fb\nDisallow: /c%2fd\nDisallow: /e%2a\nDisallow: /g%2f\n", "/g%2F"},
		{"User-agent: *\nDisallow: /a%2Fb\nDisallow: /c%2fd\nDisallow: /e%2a\nDisallow: /g%2f\n", "/exyz"},
	} {
		out = append(out, pySource{name: fmt.Sprintf("odd/protego-%d", i), body: []byte(c.body), odd: true, sels: []string{c.sel}})
	}
	return out
}

// pyLongFiles have rules past the 500 KiB that norobots reads and GUS
// reads on, after padding that does or does not end a record.
func pyLongFiles() []pySource {
	pad := func(unit string, n int) string { return strings.Repeat(unit, n/len(unit)) }
	var out []pySource
	for _, c := range []struct{ name, body string }{
		{"comments", "User-agent: *\nDisallow: /early\n" + pad("# "+strings.Repeat("padding ", 8)+"\n", 520<<10) + "Disallow: /late\n"},
		{"empty-lines", "User-agent: *\nDisallow: /early\n" + pad(strings.Repeat("#", 63)+"\n\n", 520<<10) + "User-agent: indexer\nDisallow: /late\n"},
		{"blank-lines", "User-agent: *\nDisallow: /early\n" + pad(strings.Repeat(" ", 63)+"\n", 520<<10) + "Disallow: /late\n"},
		{"unknown-fields", "User-agent: indexer\n" + pad("x-note: "+strings.Repeat("y", 55)+"\n", 520<<10) + "Disallow: /late\n"},
		{"cut-line", "User-agent: *\n" + pad("#", core.MaxBytes-len("User-agent: *\n")-4) + "\nDisallow: /late\n"},
	} {
		out = append(out, pySource{name: "long/" + c.name, body: []byte(c.body), sels: []string{"/early", "/late"}})
	}
	return out
}

// pyVariants: the file as it is, with a BOM in front, and with its line
// ends made CRLF and lone CRs.
func pyVariants(body []byte) map[string][]byte {
	lf := bytes.ReplaceAll(bytes.ReplaceAll(body, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	v := map[string][]byte{
		"as-is": body,
		"crlf":  bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n")),
		"cr":    bytes.ReplaceAll(lf, []byte("\n"), []byte("\r")),
	}
	if !bytes.HasPrefix(body, []byte("\xEF\xBB\xBF")) {
		v["bom"] = append([]byte("\xEF\xBB\xBF"), body...)
	}
	return v
}

// pyAgents: names both sides read the same way (no virtual agents in
// parentheses), those the file and its directives name included. The
// agent * is left out where a User-agent value is empty: to smolbots it
// is an unnamed bot, which no name-matching record names, while
// can_fetch("*") asks for a bot called "*", in which the empty value
// occurs (Lib/urllib/robotparser.py:261-263).
func pyAgents(f *core.File, more []string) []string {
	list := []string{"indexer", "archiver", "researcher", "gus", "GUS/2.1", "figtree", "Googlebot", "kiwi"}
	star := true
	for i := range f.Lines {
		if l := &f.Lines[i]; l.Kind == core.FieldLine && l.Key == core.UserAgent {
			list = append(list, l.Value)
			star = star && l.Value != ""
		}
	}
	list = append(append(list, "*"), more...)
	var out []string
	for _, a := range list {
		if a == "" || a == "*" && !star || strings.ContainsAny(a, "(),") || slices.Contains(out, a) {
			continue
		}
		if _, err := core.ParseAgent(a); err != nil {
			continue
		}
		out = append(out, a)
	}
	return out
}

// pySelectors: fixed paths, and around every rule value of the file.
func pySelectors(f *core.File, more []string) []string {
	list := []string{"", "/", "/x", "/private", "/private/x", "/a b", "/%7Ejoe", "/~joe", "/?q=1", "/a;p", "/a#f", "/index.gmi", "/robots.txt", "robots.txt", "0/robots.txt", "/ü"}
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind != core.FieldLine || l.Key != core.Allow && l.Key != core.Disallow || l.Value == "" {
			continue
		}
		v := l.Value
		list = append(list, v, v+"x", v+"/a")
		if len(v) > 1 {
			list = append(list, v[:len(v)-1])
		}
		if v[0] != '/' {
			list = append(list, "/"+v)
		}
	}
	list = append(list, more...)
	var out []string
	for _, s := range list {
		// JSON would carry a selector that is not UTF-8 as another one.
		if utf8.ValidString(s) && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// pyRow is one question put to both sides.
type pyRow struct {
	file, variant, reader, agent, sel string
	got                               bool
	ask                               []int // indexes into the file's queries; all must allow
}

func TestPythonDifferential(t *testing.T) {
	var files []pyFile
	var rows [][]pyRow
	nFiles := 0
	for _, src := range pySources(t) {
		for vname, body := range pyVariants(src.body) {
			nFiles++
			f := core.Parse(body)
			agents, sels := pyAgents(f, src.agent), pySelectors(f, src.sels)
			if src.odd {
				agents = nil // norobots: DIALECTS.md's line ends and trimming
			}

			// norobots: every agent and selector, against CPython with
			// DIALECTS.md's two choices.
			nb := body
			if len(nb) > core.MaxBytes {
				nb = nb[:core.MaxBytes]
			}
			pf, rs := pyFile{Body: nb, StarAll: true}, []pyRow{}
			ruleset := core.Norobots.Compile(f)
			for _, a := range agents {
				p := ruleset.Policy(core.MustAgent(a))
				for _, s := range sels {
					rs = append(rs, pyRow{src.name, vname, "norobots", a, s, p.Test(s).Allowed, []int{len(pf.Queries)}})
					pf.Queries = append(pf.Queries, [2]string{a, s})
				}
			}
			files, rows = append(files, pf), append(rows, rs)

			// The GUS presets are given the URL they crawl and ask
			// robotparser once per agent name.
			pf, rs = pyFile{Body: body}, nil
			asked := map[[2]string]int{}
			ask := func(agent, url string) int {
				k := [2]string{agent, url}
				if i, ok := asked[k]; ok {
					return i
				}
				asked[k] = len(pf.Queries)
				pf.Queries = append(pf.Queries, k)
				return asked[k]
			}
			for _, d := range []core.Dialect{crawlers.GUS, crawlers.GUSLegacy} {
				p := d.Compile(f).Policy(core.Agent{})
				for _, s := range sels {
					if s != "" && s[0] != '/' {
						continue // not the path of a gemini:// URL
					}
					url := "gemini://capsule.example" + s
					r := pyRow{src.name, vname, d.ID, strings.Join(d.Crawler.Agents, "+"), url, p.Test(url).Allowed, nil}
					for _, a := range d.Crawler.Agents {
						r.ask = append(r.ask, ask(a, url))
					}
					rs = append(rs, r)
				}
			}
			files, rows = append(files, pf), append(rows, rs)
		}
	}
	answers := askPython(t, files)
	compared, undecodable, bad := 0, 0, 0
	byReader := map[string]int{}
	for i, fileRows := range rows {
		if answers[i] == nil {
			// read() raises UnicodeDecodeError: no answer to compare.
			undecodable++
			continue
		}
		for _, r := range fileRows {
			want := true
			for _, q := range r.ask {
				want = want && answers[i][q]
			}
			compared++
			byReader[r.reader]++
			if r.got != want {
				if bad++; bad <= 40 {
					t.Errorf("%s (%s), %s, agent %q, %q: smolbots %s, CPython %s", r.file, r.variant, r.reader, r.agent, r.sel, core.VerdictWord(r.got), core.VerdictWord(want))
				}
			}
		}
	}
	if bad > 40 {
		t.Errorf("%d rows differ in all", bad)
	}
	if compared < 10000 {
		t.Errorf("only %d rows compared", compared)
	}
	t.Logf("%d rows compared over %d files and variants %v; %d readings not UTF-8, which read() cannot decode", compared, nFiles, byReader, undecodable)
}

// TestProtegoDifferential puts the mozz-archiver preset (Scrapy with
// Protego 0.1.16) beside Debian's Protego on the same files and
// variants. Debian ships 0.2.1, which differs from 0.1.16 where a verdict
// can change in one line: an empty URL path is read as "/" (0.2.1's
// _quote_path ends `return path or '/'`, 0.1.16's `return path`,
// src/protego.py:173). So a URL with no path is held to the preset's
// verdict for "/" and counted apart; every other row must agree.
func TestProtegoDifferential(t *testing.T) {
	agent := crawlers.MozzArchiver.Crawler.Agents[0]
	var files []pyFile
	var rows [][]pyRow
	for _, src := range pySources(t) {
		for vname, body := range pyVariants(src.body) {
			f := core.Parse(body)
			p := crawlers.MozzArchiver.Compile(f).Policy(core.Agent{})
			pf, rs := pyFile{Body: body, Protego: true}, []pyRow{}
			for _, s := range pySelectors(f, src.sels) {
				if s != "" && s[0] != '/' {
					continue
				}
				url := "gemini://capsule.example" + s
				r := pyRow{src.name, vname, "mozz-archiver", agent, url, p.Test(url).Allowed, []int{len(pf.Queries)}}
				if s == "" {
					r.reader = "protego-0.2.1" // the version gap: asked as "/"
					r.got = p.Test(url + "/").Allowed
				}
				rs = append(rs, r)
				pf.Queries = append(pf.Queries, [2]string{agent, url})
			}
			files, rows = append(files, pf), append(rows, rs)
		}
	}
	answers := askPython(t, files)
	compared, gap, bad := 0, 0, 0
	for i, fileRows := range rows {
		for _, r := range fileRows {
			want := answers[i][r.ask[0]]
			compared++
			if r.reader != "mozz-archiver" {
				gap++
			}
			if r.got != want {
				if bad++; bad <= 40 {
					t.Errorf("%s (%s), %q: %s %s, Debian's Protego %s", r.file, r.variant, r.sel, r.reader, core.VerdictWord(r.got), core.VerdictWord(want))
				}
			}
		}
	}
	if compared < 5000 {
		t.Errorf("only %d rows compared", compared)
	}
	t.Logf("%d rows compared, %d of them URLs with no path, held to the preset's verdict for /", compared, gap)
}
