// Package conformance is the suite crawler authors run their own
// robots.txt parser on: cases built from the scenarios, the matrix's
// demonstrations and rows of the real files, each with the verdict every
// dialect and crawler preset gives (computed by running them, never
// written by hand), and the runner and scoring behind `smolbots conform`.
//
// A case's ID is a citation: it is derived from where the case comes
// from (scenario file and directive, matrix feature, real file, agent
// and path), never from its position, so adding a case renumbers none.
package conformance

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/changes"
	"github.com/smolbots/smolbots/core/scenario"
)

// Version and Date name the suite. Bump the version (and date it) when a
// case is added, dropped or changes meaning; the golden list of IDs in
// testdata holds the tests to it.
const (
	Version = "3"
	Date    = "2026-12-07"
)

// DefaultAgent is the agent the matrix's demonstrations are asked as
// unless the run names another: a named bot with the indexer role.
const DefaultAgent = "examplebot(indexer)"

// Hosts in case URLs: the reserved .example top-level name.
const (
	geminiHost = "capsule.example"
	gopherHost = "hole.example"
)

// Demo is one of the matrix's demonstrations (core/refsite's Features):
// ROLE in Robots stands for the agent's role; Yes is "allowed" or
// "denied", the verdict that means the reader has the feature.
type Demo struct {
	ID, Question, Robots, Selector, Yes string
}

// Case is one question: may Agent fetch URL under Robots?
type Case struct {
	ID     string          `json:"id"`
	Robots string          `json:"robots"`
	Agent  string          `json:"agent"`
	URL    string          `json:"url"`
	Expect map[string]bool `json:"expect"` // reader ID -> allowed
	// Feature is what the case exercises: a matrix feature ID, a
	// scenario's name, or "real-file".
	Feature string `json:"feature"`
	Cite    string `json:"cite"`
	// Tier is what decides the answer (TierOf): rfc9309,
	// gemini-companion, gopher, reader or implementation-defined.
	Tier string `json:"tier"`
	// Unread names the readers whose own code decides the URL before
	// any robots.txt is read: "ignores-file" (gemini-grc on a gopher://
	// URL; expect is true) or "never-fetched" (TLGS on a raw byte of
	// 0x80 or more; expect is false). Absent when none does.
	Unread map[string]string `json:"unread,omitempty"`
}

// Suite is the whole document `smolbots vectors` prints.
type Suite struct {
	Version string `json:"version"`
	Date    string `json:"date"`
	// Release is the suite's dated release name (Release in release.go).
	Release string   `json:"release"`
	Agent   string   `json:"agent"`   // what the matrix cases were asked as
	Readers []string `json:"readers"` // the keys of every case's expect, in order
	// Tier is set when the document holds only the cases of one tier.
	Tier  string `json:"tier,omitempty"`
	Cases []Case `json:"cases"`
	// LastChange is the changelog of readings' newest entry
	// (core/changes): the expectations are those after it.
	LastChange LastChange `json:"last_change"`
}

// LastChange names a changelog entry: its ID (the anchor on /changes),
// its date and commit, and its address.
type LastChange struct {
	ID     string `json:"id"`
	Date   string `json:"date"`
	Commit string `json:"commit"`
	URL    string `json:"url"`
}

// Sources are what the suite is built from.
type Sources struct {
	FS        fs.FS  // holds the two directories below
	Scenarios string // txtar scenarios, e.g. "testdata/scenarios"
	Real      string // real files and their index.tsv, e.g. "testdata/realworld"
	Demos     []Demo
}

// Build makes the suite: the matrix's demonstrations asked as agent
// ("" for DefaultAgent), then the scenarios' checks, then the real
// files' rows, each with every reader's verdict.
func Build(src Sources, agent string, readers []core.Dialect) (*Suite, error) {
	if agent == "" {
		agent = DefaultAgent
	}
	a, err := core.ParseAgent(agent)
	if err != nil {
		return nil, err
	}
	last := changes.Last()
	s := &Suite{Version: Version, Date: Date, Release: Release, Agent: agent, LastChange: LastChange{
		ID: last.ID, Date: last.Date, Commit: last.Commit, URL: core.Site() + changes.Path(last.ID),
	}}
	for _, d := range readers {
		s.Readers = append(s.Readers, d.ID)
	}
	s.Cases = append(s.Cases, demoCases(src.Demos, a)...)
	sc, err := scenarioCases(src.FS, src.Scenarios)
	if err != nil {
		return nil, err
	}
	s.Cases = append(s.Cases, sc...)
	rc, err := realCases(src.FS, src.Real)
	if err != nil {
		return nil, err
	}
	s.Cases = append(s.Cases, rc...)
	seen := map[string]bool{}
	for i := range s.Cases {
		c := &s.Cases[i]
		if seen[c.ID] {
			return nil, fmt.Errorf("two cases have the ID %q", c.ID)
		}
		seen[c.ID] = true
		c.Expect, c.Unread = expectUnread(readers, c.Robots, c.Agent, c.URL)
		c.Tier = TierOf(c.Robots, c.Agent, c.URL)
	}
	return s, nil
}

// Expect is every reader's verdict on one case: a dialect asked as the
// agent, a crawler preset as itself (it tests its own names).
func Expect(readers []core.Dialect, robots, agent, url string) map[string]bool {
	out, _ := expectUnread(readers, robots, agent, url)
	return out
}

// expectUnread is Expect, and the readers whose verdict is unread
// (core.Verdict.Unread), nil when none.
func expectUnread(readers []core.Dialect, robots, agent, url string) (map[string]bool, map[string]string) {
	f := core.Parse([]byte(robots))
	a, err := core.ParseAgent(agent)
	out := map[string]bool{}
	var unread map[string]string
	for _, d := range readers {
		ask := a
		if d.Crawler != nil || err != nil {
			ask = core.Agent{}
		}
		v := d.Compile(f).Policy(ask).Test(url)
		out[d.ID] = v.Allowed
		if v.Unread != "" {
			if unread == nil {
				unread = map[string]string{}
			}
			unread[d.ID] = v.Unread
		}
	}
	return out, unread
}

// Role is the virtual agent that stands for ROLE in the demonstrations
// asked as a: its first role, else indexer.
func Role(a core.Agent) string {
	if len(a.Roles) > 0 {
		return a.Roles[0]
	}
	return "indexer"
}

func demoCases(demos []Demo, a core.Agent) []Case {
	var out []Case
	for _, d := range demos {
		out = append(out, Case{
			ID:      "matrix/" + d.ID,
			Robots:  strings.ReplaceAll(d.Robots, "ROLE", Role(a)),
			Agent:   a.Raw,
			URL:     "gemini://" + geminiHost + d.Selector,
			Feature: d.ID,
			Cite:    core.Site() + "/compat#" + d.ID,
		})
	}
	return out
}

// scenarioCases are the scenarios' check directives, one case per
// scenario, agent and selector (a directive names several dialects; the
// case asks all readers). A check whose agent the dialects cannot read
// or whose selector no URL carries exactly is left out.
func scenarioCases(fsys fs.FS, dir string) ([]Case, error) {
	paths, err := fs.Glob(fsys, dir+"/*.txtar")
	if err != nil || len(paths) == 0 {
		return nil, fmt.Errorf("no scenarios in %s", dir)
	}
	var out []Case
	for _, p := range paths {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(path.Base(p), ".txtar")
		a, err := scenario.ParseTxtar(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		var opts []string
		var checks [][2]string
		about := ""
		for _, line := range strings.Split(a.Comment, "\n") {
			line = strings.TrimSpace(line)
			switch {
			case line == "":
			case strings.HasPrefix(line, "#"):
				if about == "" || !strings.HasSuffix(about, ".") {
					about = strings.TrimSpace(about + " " + strings.TrimSpace(strings.TrimPrefix(line, "#")))
				}
			case strings.HasPrefix(line, "-"):
				opts = append(opts, strings.Fields(line)...)
			case strings.HasPrefix(line, "check "):
				w, err := scenario.Words(line)
				if err != nil || len(w) < 4 {
					return nil, fmt.Errorf("%s: %q: %v", name, line, err)
				}
				if !slices.Contains(checks, [2]string{w[2], w[3]}) {
					checks = append(checks, [2]string{w[2], w[3]})
				}
			}
		}
		robots, err := scenario.RobotsBytes(opts, a.Files["robots.txt"])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if len(robots) > MaxRobots || !utf8.Valid(robots) {
			continue // too long to repeat per case; JSON cannot carry bytes that are not UTF-8
		}
		cite := "testdata/scenarios/" + name + ".txtar"
		if about != "" {
			cite += ": " + firstSentence(about)
		}
		for _, ch := range checks {
			agent, sel := ch[0], ch[1]
			if _, err := core.ParseAgent(agent); err != nil {
				continue
			}
			u, ok := CaseURL(sel)
			if !ok || strings.Contains(strings.ToLower(u), "example.org") {
				continue // the reserved .example name only
			}
			out = append(out, Case{ID: ScenarioID(name, agent, sel), Robots: string(robots), Agent: agent, URL: u, Feature: name, Cite: cite})
		}
	}
	return out, nil
}

// ScenarioID is the ID of a scenario's check of agent on sel: the URL
// when the scenario gave one (with its new host), control bytes escaped
// as lint escapes them.
func ScenarioID(name, agent, sel string) string {
	asked := sel
	if isURL(sel) {
		asked, _ = CaseURL(sel)
	}
	return "scenario/" + name + ":" + idPart(agent) + ":" + idPart(asked)
}

// idPart is a piece of an ID on one line: control bytes and tabs escaped.
func idPart(s string) string {
	return strings.ReplaceAll(core.Visible(s), "\t", `\t`)
}

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// CaseURL is the URL that asks for sel: a gemini:// URL for a selector
// that starts with / (whatever the file is served over: every reader
// tests the same selector, and most parsers know only paths), a
// gopher:// one (item type 1) for any other; a URL in the scenario keeps
// its path and gets a .example host. False when no URL gives back
// exactly the selector the scenario tests.
func CaseURL(sel string) (string, bool) {
	var u string
	switch {
	case isURL(sel):
		scheme, rest, _ := strings.Cut(sel, "://")
		host, tail := rest, ""
		if i := strings.IndexAny(rest, "/?#"); i >= 0 {
			host, tail = rest[:i], rest[i:]
		}
		if host == "" {
			return "", false
		}
		port := ""
		if i := strings.LastIndexByte(host, ':'); i >= 0 {
			port = host[i:]
		}
		h := geminiHost
		if strings.EqualFold(scheme, "gopher") {
			h = gopherHost
		}
		u = strings.ToLower(scheme) + "://" + h + port + tail
		want, err := core.SelectorFrom(sel)
		got, err2 := core.SelectorFrom(u)
		return u, err == nil && err2 == nil && want == got
	case strings.HasPrefix(sel, "/") && !strings.ContainsAny(sel, "# ") && !hasControl(sel):
		u = "gemini://" + geminiHost + sel
	default:
		u = "gopher://" + gopherHost + "/1" + gopherEscape(sel)
	}
	got, err := core.SelectorFrom(u)
	return u, err == nil && got == sel
}

func isURL(s string) bool {
	s = strings.ToLower(s)
	return strings.HasPrefix(s, "gemini://") || strings.HasPrefix(s, "gopher://")
}

func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f })
}

// gopherEscape percent-escapes what cannot stand in a URL's path.
func gopherEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= 0x20 || c >= 0x7f || c == '%' || c == '#' || c == '?' {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// MaxRobots bounds a case's file: the scenarios of the 500 KiB read cap
// would make the document megabytes long, once per case.
const MaxRobots = 16 << 10

// realAgentCap and realPathCap bound the rows taken from one real file.
const (
	realAgentCap = 3
	realPathCap  = 12
)

// realCases are rows of the real files: the default agent and the
// agents a file names, on the root, each rule's path and a path just
// inside it.
func realCases(fsys fs.FS, dir string) ([]Case, error) {
	index, err := fs.ReadFile(fsys, dir+"/index.tsv")
	if err != nil {
		return nil, err
	}
	var out []Case
	sc := bufio.NewScanner(strings.NewReader(string(index)))
	first := true
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 5 {
			first = false
			continue
		}
		file, repo, where, commit := cols[0], cols[1], cols[2], cols[3]
		data, err := fs.ReadFile(fsys, dir+"/"+file)
		if err != nil {
			return nil, err
		}
		f := core.Parse(data)
		agents := []string{DefaultAgent}
		var paths []string
		add := func(p string) {
			if len(paths) < realPathCap && !slices.Contains(paths, p) {
				paths = append(paths, p)
			}
		}
		add("/")
		for i := range f.Lines {
			l := &f.Lines[i]
			if l.Kind != core.FieldLine {
				continue
			}
			switch l.Key {
			case core.UserAgent:
				if _, err := core.ParseAgent(l.Value); err == nil && l.Value != "*" && len(agents) < realAgentCap && !slices.Contains(agents, l.Value) {
					agents = append(agents, l.Value)
				}
			case core.Disallow, core.Allow:
				v := l.Value
				if !strings.HasPrefix(v, "/") || strings.ContainsAny(v, "*$") {
					continue
				}
				add(v)
				if strings.HasSuffix(v, "/") {
					add(v + "x")
				} else {
					add(v + "/x")
				}
			}
		}
		stem := strings.TrimSuffix(file, ".txt")
		cite := fmt.Sprintf("testdata/realworld/%s, from %s@%s:%s", file, repo, commit, where)
		for _, a := range agents {
			for _, p := range paths {
				u, ok := CaseURL(p)
				if !ok {
					continue
				}
				out = append(out, Case{ID: "real/" + stem + ":" + idPart(a) + ":" + idPart(p), Robots: string(data), Agent: a, URL: u, Feature: "real-file", Cite: cite})
			}
		}
	}
	return out, nil
}

// digest is a short fingerprint of a case's question.
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}
