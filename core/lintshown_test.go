package core_test

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
)

// shownCorpus is every robots.txt the lint tests read, and files made to
// reach each message that names dialects in its own way.
func shownCorpus(t *testing.T) map[string]string {
	t.Helper()
	corpus := map[string]string{
		"typos":         "User-agent: *\nDisalow: /a\nuseragent: b\nUser-agent *\nUser agent: x\nCrawldelay: 3\n",
		"agents":        "User-agent:\nDisallow: /a\n\nUser-agent: GUS/2.1\nDisallow: /b\n\nUser-agent: indexer\nDisallow: /c\n\nUser-agent: indexr\nDisallow: /d\n\nUser-agent: archivebot\nDisallow: /e\n",
		"virtual":       "User-agent: *\nDisallow: /x\n\nVirtual-agent: indexer\nDisallow: /private\n\nUser-agent: GUS\nVirtual-agent: researcher\nDisallow: /r\n\nVirtual-agent: archivr\nDisallow: /a\n",
		"patterns":      "User-agent: *\nDisallow: /a$\nDisallow: /tmp*\nDisallow: *\nDisallow:\nDisallow: /b\nAllow: /b/c\n",
		"delays":        "User-agent: *\nDisallow: /x\nCrawl-delay: 1.5\nCrawl-delay: 10s\nCheck: soon\nRequest-rate: fast\n",
		"unreachable":   "User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /a/c\nDisallow:\nDisallow: /z\n",
		"duplicates":    "User-agent: GUS\nDisallow: /a\n\nUser-agent: gus\nDisallow: /b\n\nUser-agent: *\nDisallow: /c\n\nUser-agent: Lupa\n\nUser-agent: x\nDisallow: /d\n",
		"blank lines":   "User-agent: *\n\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n \nDisallow: /c\n",
		"outside":       "Disallow: /first\nUser-agent: *\nDisallow: /x\n",
		"bytes":         "User-agent: *\nDisallow: /caf\xe9\n",
		"star not last": "User-agent: *\nDisallow: /x\n\nUser-agent: GUS\nDisallow: /y\n",
	}
	for _, glob := range []string{"../testdata/lint/*.robots.txt", "../testdata/realworld/*.txt", "../testdata/fuzz/robots/*.txt"} {
		paths, err := filepath.Glob(glob)
		if err != nil || len(paths) == 0 {
			t.Fatalf("no files for %s (%v)", glob, err)
		}
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			corpus[p] = string(data)
		}
	}
	return corpus
}

// namesOf are the words by which a message names each dialect: its ID,
// and the texts and programs behind it.
var namesOf = map[string]*regexp.Regexp{
	"gopher2019":  regexp.MustCompile(`\bgopher2019\b|2019 gopher`),
	"gopherdraft": regexp.MustCompile(`\bgopherdraft\b|Gopher draft`),
	"gemini":      regexp.MustCompile(`\bgemini\b[^-:]|Gemini text`),
	"conner2020":  regexp.MustCompile(`\bconner2020\b|Conner`),
	"rfc9309":     regexp.MustCompile(`\brfc9309\b|RFC 9309`),
	"norobots":    regexp.MustCompile(`\bnorobots\b|Python|robotparser`),
}

// quoted is file text a message quotes, which may hold any word.
var quoted = regexp.MustCompile("`[^`]*`|\"(?:[^\"\\\\]|\\\\.)*\"")

// TestLintShown: for every choice of dialects shown, over every file the
// lint tests read, LintShown keeps a finding only if it bites in a
// dialect shown, its Dialects list only those, and its message names no
// other dialect, by ID or by the text behind it; with every dialect
// shown it is Lint.
func TestLintShown(t *testing.T) {
	dialects := core.Dialects()
	presets := map[string]bool{}
	for _, d := range core.Presets() {
		presets[d.ID] = true
	}
	for name, robots := range shownCorpus(t) {
		f := core.Parse([]byte(robots))
		_, selectors := queries(f)
		all := core.Lint(f, selectors)
		var ids []string
		for _, d := range dialects {
			ids = append(ids, d.ID)
		}
		if got := core.LintShown(f, selectors, ids); !reflect.DeepEqual(got, all) {
			t.Errorf("%s: LintShown with every dialect differs from Lint", name)
		}
		for mask := 1; mask < 1<<len(dialects)-1; mask++ {
			var shown []string
			for i, d := range dialects {
				if mask&(1<<i) != 0 {
					shown = append(shown, d.ID)
				}
			}
			for _, fd := range core.LintShown(f, selectors, shown) {
				crawler := false
				for _, id := range fd.Dialects {
					crawler = crawler || presets[id]
					if !presets[id] && !slices.Contains(shown, id) {
						t.Errorf("%s, shown %v: %s line %d lists %s", name, shown, fd.Code, fd.Line, id)
					}
				}
				if !slices.ContainsFunc(all, func(a core.Finding) bool { return a.Line == fd.Line && a.Code == fd.Code }) {
					t.Errorf("%s, shown %v: %s line %d is not one of Lint's findings", name, shown, fd.Code, fd.Line)
				}
				if crawler {
					continue // crawler lints name crawlers, and how they read the file
				}
				prose := quoted.ReplaceAllString(fd.Message, "``")
				for id, re := range namesOf {
					if !slices.Contains(shown, id) && re.MatchString(prose) {
						t.Errorf("%s, shown %v: %s line %d names %s: %s", name, shown, fd.Code, fd.Line, id, fd.Message)
					}
				}
			}
		}
	}
}

// TestLintShownKeepsWhatBites: a finding of Lint that concerns a dialect
// shown is kept, unless it contrasts that dialect with one not shown
// (a * or $ read one way here and another way there); one about the
// file itself always is.
func TestLintShownKeepsWhatBites(t *testing.T) {
	contrast := []string{"glob-portability", "dollar-portability"}
	for name, robots := range shownCorpus(t) {
		f := core.Parse([]byte(robots))
		_, selectors := queries(f)
		all := core.Lint(f, selectors)
		for _, shown := range [][]string{{"gemini", "conner2020", "rfc9309", "norobots"}, {"gopher2019", "gopherdraft"}, {"gemini"}, {"rfc9309"}} {
			got := core.LintShown(f, selectors, shown)
			for _, a := range all {
				bites := len(a.Dialects) == 0
				for _, id := range a.Dialects {
					bites = bites || slices.Contains(shown, id) || !slices.ContainsFunc(core.Dialects(), func(d core.Dialect) bool { return d.ID == id })
				}
				if bites && !slices.Contains(contrast, a.Code) && !slices.ContainsFunc(got, func(g core.Finding) bool { return g.Line == a.Line && g.Code == a.Code }) {
					t.Errorf("%s, shown %v: %s line %d (%s) is left out", name, shown, a.Code, a.Line, strings.Join(a.Dialects, ", "))
				}
			}
		}
	}
}
