// Package table is the conformance table: the robots.txt libraries a
// small-web crawler can pick, how each one's adapter in examples/conform
// is run, and what each answered on the suite, kept in answers/ as the
// runs wrote them.
//
// Nothing here is written by hand but the list of libraries and how to
// run them. The answers (and each library's version, as the installed
// package reports it) are written by
//
//	go test ./core/conformance/table -run TestAnswers -update
//
// and the same test, without -update, runs every adapter again and fails
// when one answers otherwise than its file says, or when a library cannot
// be installed or started. The reference site (core/refsite) scores the
// kept answers against the suite when it is built, so the published table
// is the test run's.
package table

import (
	"embed"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// Library is one row of the table.
type Library struct {
	ID       string // the page's path and the answers file's name
	Name     string // what the library is called
	Language string
	From     string // where the test run installs it from
	// Agent is the agent the matrix's demonstrations are asked as
	// (conform -agent); "" is the suite's default.
	Agent string
	// Module, for a Go adapter, is its module's directory: the test
	// builds it and runs the binary as Cmd[0].
	Module string
	// Cmd runs the adapter in conform -jsonl mode, paths relative to the
	// repository's root; "BIN" stands for the built binary.
	Cmd []string
	// VersionCmd prints the installed version (relative paths as Cmd's,
	// run from the repository's root); VersionDir, if set, is the
	// directory it is run in.
	VersionCmd []string
	VersionDir string
	// Asked says how the adapter hands a case to the library, in a
	// sentence.
	Asked string
}

// Libraries are the table's rows, in its order.
var Libraries = []Library{
	{
		ID: "robotparser", Name: "urllib.robotparser", Language: "Python", From: "CPython, Debian's python3",
		Cmd:        []string{"/usr/bin/python3", "examples/conform/robotparser.py", "--jsonl"},
		VersionCmd: []string{"/usr/bin/python3", "-c", "import platform; print(platform.python_version())"},
		Asked:      "The file decoded as strict UTF-8 and split with splitlines, as RobotFileParser.read() does; the agent's name; the whole URL.",
	},
	{
		ID: "protego", Name: "Protego", Language: "Python", From: "Debian's python3-protego",
		Agent:      "archiver-mozz(archiver)",
		Cmd:        []string{"/usr/bin/python3", "examples/conform/protego_adapter.py", "--agent", "archiver-mozz", "--jsonl"},
		VersionCmd: []string{"dpkg-query", "-W", "-f", "${Version}", "python3-protego"},
		Asked:      "As mozz-archiver asks it through Scrapy: always as archiver-mozz, the demonstrations written for an archiver, the whole URL.",
	},
	{
		ID: "temoto", Name: "temoto/robotstxt", Language: "Go", From: "the Go module github.com/temoto/robotstxt",
		Agent:      "indexer",
		Module:     "examples/conform/temoto",
		Cmd:        []string{"BIN", "-jsonl", "-auragem", "-agent", "indexer"},
		VersionCmd: []string{"go", "list", "-m", "-f", "{{.Version}}", "github.com/temoto/robotstxt"},
		VersionDir: "examples/conform/temoto",
		Asked:      "As AuraGem asks it: always as indexer, the URL's decoded path, and User-Agent: * put in front of a file without the text User-Agent:.",
	},
	{
		ID: "grobotstxt", Name: "jimsmart/grobotstxt", Language: "Go", From: "the Go module github.com/jimsmart/grobotstxt, a port of Google's C++ parser",
		Module:     "examples/conform/grobotstxt",
		Cmd:        []string{"BIN", "-jsonl"},
		VersionCmd: []string{"go", "list", "-m", "-f", "{{.Version}}", "github.com/jimsmart/grobotstxt"},
		VersionDir: "examples/conform/grobotstxt",
		Asked:      "The file as it is, the agent's name, the whole URL (the library reads its path).",
	},
	{
		ID: "robots-parser", Name: "robots-parser", Language: "JavaScript", From: "npm, pinned in examples/conform/robots-parser",
		Cmd:        []string{"node", "examples/conform/robots-parser/adapter.js", "--jsonl"},
		VersionCmd: []string{"node", "-p", "require('robots-parser/package.json').version"},
		VersionDir: "examples/conform/robots-parser",
		Asked:      "The file as that URL's origin's /robots.txt, the agent's name, the whole URL.",
	},
	{
		ID: "robotrules", Name: "WWW::RobotRules", Language: "Perl", From: "Debian's libwww-robotrules-perl",
		Cmd:        []string{"/usr/bin/perl", "examples/conform/robotrules.pl", "--jsonl"},
		VersionCmd: []string{"dpkg-query", "-W", "-f", "${Version}", "libwww-robotrules-perl"},
		Asked:      "The URL with its scheme made http (the module allows every other scheme), the file as that host's /robots.txt, the agent's name.",
	},
	{
		ID: "webrobots", Name: "webrobots", Language: "Ruby", From: "Debian's ruby-webrobots",
		Cmd:        []string{"/usr/bin/ruby", "examples/conform/webrobots.rb", "--jsonl"},
		VersionCmd: []string{"dpkg-query", "-W", "-f", "${Version}", "ruby-webrobots"},
		Asked:      "The URL with its scheme made http (the library refuses other schemes), the file returned by its fetch hook, Crawl-delay ignored, the agent's name.",
	},
}

// Answers is what one library answered on the suite, as the test run
// wrote it.
type Answers struct {
	Library string `json:"library"`
	Version string `json:"version"` // as the installed package reports it
	Suite   string `json:"suite"`   // the suite's version the run asked
	Agent   string `json:"agent"`   // what the demonstrations were asked as
	// Answers maps each case's ID to "allowed", "disallowed" or
	// "error: WHY".
	Answers map[string]string `json:"answers"`
}

//go:embed answers/*.json
var answersFS embed.FS

// Load is every library's kept answers, in the table's order.
func Load() ([]Answers, error) {
	var out []Answers
	for _, l := range Libraries {
		a, err := LoadOne(l.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// LoadOne is one library's kept answers.
func LoadOne(id string) (Answers, error) {
	var a Answers
	data, err := answersFS.ReadFile("answers/" + id + ".json")
	if err != nil {
		return a, fmt.Errorf("no kept answers for %s: %v", id, err)
	}
	if err := json.Unmarshal(data, &a); err != nil {
		return a, fmt.Errorf("answers/%s.json: %v", id, err)
	}
	return a, nil
}

// Encode is a library's answers as the kept file holds them: one case a
// line, in ID order (encoding/json sorts a map's keys), so a change
// shows as the lines it changes.
func Encode(a Answers) ([]byte, error) {
	b, err := json.MarshalIndent(a, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// ByID is the library with that ID.
func ByID(id string) (Library, bool) {
	for _, l := range Libraries {
		if l.ID == id {
			return l, true
		}
	}
	return Library{}, false
}

// Command is the adapter's command line with paths made absolute under
// root, the repository's root, and bin, the built Go adapter (if any).
func (l Library) Command(root, bin string) []string {
	return abs(l.Cmd, root, bin)
}

func abs(args []string, root, bin string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		switch {
		case a == "BIN":
			out[i] = bin
		case strings.HasPrefix(a, "examples/"):
			out[i] = filepath.Join(root, filepath.FromSlash(a))
		default:
			out[i] = a
		}
	}
	return out
}
