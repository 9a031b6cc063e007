package refsite

import (
	"fmt"
	"strings"
	"sync"

	smolbots "github.com/smolbots/smolbots"
	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/conformance"
	"github.com/smolbots/smolbots/core/crawlers"
)

// The conformance suite's page (/conformance) and document
// (/conformance.json): the same suite `smolbots vectors` prints.

// Demos are the matrix's demonstrations as the suite asks them.
func Demos() []conformance.Demo { return conformance.MatrixDemos() }

// SuiteReaders are every reader the suite's expectations name: the six
// dialects, then the crawler presets.
func SuiteReaders() []core.Dialect {
	return append(core.Dialects(), crawlers.All()...)
}

// Suite builds the conformance suite from the scenarios, the matrix's
// demonstrations (asked as agent, "" for the default) and the real
// files the binary carries.
func Suite(agent string, readers []core.Dialect) (*conformance.Suite, error) {
	return conformance.Build(conformance.Sources{
		FS: smolbots.Testdata, Scenarios: "testdata/scenarios", Real: "testdata/realworld", Demos: Demos(),
	}, agent, readers)
}

var (
	suiteOnce sync.Once
	suite     *conformance.Suite
	suiteErr  error
)

// defaultSuite is the published suite, built once.
func defaultSuite() (*conformance.Suite, error) {
	suiteOnce.Do(func() { suite, suiteErr = Suite("", SuiteReaders()) })
	return suite, suiteErr
}

func conformanceJSON() ([]byte, error) {
	s, err := defaultSuite()
	if err != nil {
		return nil, err
	}
	b, err := conformance.JSON(s) // compact: the suite is hundreds of cases
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// conformancePage is /conformance.
func conformancePage() (*page, error) {
	s, err := defaultSuite()
	if err != nil {
		return nil, err
	}
	n := map[string]int{}
	var features []string // in the suite's order
	byFeature := map[string][]conformance.Case{}
	for _, c := range s.Cases {
		kind, _, _ := strings.Cut(c.ID, "/")
		n[kind]++
		if byFeature[c.Feature] == nil {
			features = append(features, c.Feature)
		}
		byFeature[c.Feature] = append(byFeature[c.Feature], c)
	}
	p := &page{Path: "conformance", Title: "Conformance suite", Lead: fmt.Sprintf("Test vectors for robots.txt parsers that crawl Gemini and Gopher: %d cases, each with the verdict of every dialect and crawler preset smolbots knows.", len(s.Cases))}
	p.Body = append(p.Body, facts{ID: "summary", Items: []fact{
		{"Suite version", []span{code(s.Version), t(", dated " + s.Date + ", release "), code(s.Release), t(" (kept as "), link("/conformance/"+s.Release+".json", "/conformance/"+s.Release+".json"), t(")")}},
		{"Cases", []span{t(fmt.Sprintf("%d: %d from the matrix's demonstrations, %d from the scenarios, %d from real files", len(s.Cases), n["matrix"], n["scenario"], n["real"]))}},
		{"Readers", []span{t(strings.Join(s.Readers, ", "))}},
		{"The document", []span{link("conformance.json", "/conformance.json"), t(" (its JSON Schema is docs/json/conformance.schema.json in the repository)")}},
	}})
	p.Body = append(p.Body, heading{2, "what", "What it is"})
	p.Body = append(p.Body, paras(`Each case is a robots.txt, an agent and a URL, with the verdict each reader gives: the six dialects asked as the case's agent, each crawler preset as itself. No expected verdict is written by hand: each is the reader's own answer, computed when the suite was built, so a case says "rfc9309 allows this, gemini does not" rather than one right answer.

Cases come from three places. The matrix's demonstrations (IDs `+"`matrix/FEATURE`"+`) are the rows of the `)...)
	last := p.Body[len(p.Body)-1].(para)
	last.Spans = append(last.Spans, t(" "), link("compatibility matrix", "/compat"), t("; from your implementation's answers on them, smolbots conform computes its own row. The scenarios (IDs "), code("scenario/NAME:AGENT:SELECTOR"), t(") are the cases the dialects are tested on, each written from its source. Rows of real files (IDs "), code("real/FILE:AGENT:PATH"), t(") ask the files admins publish, on the root, each rule's path and a path just inside it."))
	p.Body[len(p.Body)-1] = last
	p.Body = append(p.Body, paras(`IDs are citations: an ID is never reused or renumbered, and the suite's version changes when a case is added, dropped or changes meaning. Hosts in URLs are under the reserved `+"`.example`"+` name. Scenarios whose file is longer than 16 KiB (those of the 500 KiB read cap) are left out, to keep the document small.`)...)

	p.Body = append(p.Body, heading{2, "run", "How to run it"})
	p.Body = append(p.Body, para{words("Print the suite, or run your parser on it. Per case, `conform` runs your command with three more arguments, a file holding the robots.txt, the agent and the URL, and reads one word on its stdout: `allowed` or `disallowed`. The exit status (0 allowed, 1 disallowed) counts only when stdout and stderr are both empty, since Python and Node exit 1 when they crash. With `-jsonl` it starts your command once, writes one case a line as `{\"id\",\"robots\",\"agent\",\"url\"}` and reads back `{\"id\",\"allowed\":true}` (or `false`) or `{\"id\",\"error\"}`. A crash or an answer later than `-timeout` (" + conformance.DefaultTimeout.String() + " by default) is an error, never a pass, and with more than 1% of the cases in error no closest reader is named. Every case names its tier (`rfc9309`, `gemini-companion`, `gopher`, `reader` or `implementation-defined`), and `-tier` runs one.")})
	p.Body = append(p.Body, pre{ID: "run-example", Alt: "commands", Wrap: true, Text: `smolbots vectors > conformance.json
smolbots conform -dialect rfc9309 -- ./my-parser
smolbots conform -jsonl -json -- ./my-parser --serve
smolbots conform -agent 'archiver-mozz(archiver)' -dialect mozz-archiver -- ./my-parser
`})
	p.Body = append(p.Body, paras(`It reports how many cases your parser answers as each reader does, the closest reader, its row of the matrix, and every case where it differs from the reader named by `+"`-dialect`"+`, with a link that opens the case in the playground. It exits 1 when there is such a case. `+"`-agent`"+` changes the agent the matrix's demonstrations are asked as (and the role that stands for ROLE in them); the other cases keep their own agents. The repository's examples/conform holds adapters of a few lines for CPython's urllib.robotparser, Protego, temoto/robotstxt, grobotstxt, robots-parser, WWW::RobotRules and webrobots.`)...)
	p.Body = append(p.Body, para{[]span{t("What each of those libraries answers, the reader it reads like and where it parts from it: "), link("the conformance results", "/conformance/results"), t(". To pin the suite in CI, run a kept release: "), code("smolbots conform -release " + conformance.Release + " -- ./my-parser"), t(" runs "), link("/conformance/"+conformance.Release+".json", "/conformance/"+conformance.Release+".json"), t(" as it was cut.")}})

	p.Body = append(p.Body, heading{2, "features", "The IDs by feature"})
	fl := list{ID: "feature-list"}
	for _, f := range features {
		fl.Items = append(fl.Items, item{Spans: []span{link(f, "#feature-"+f), t(fmt.Sprintf(": %d cases", len(byFeature[f])))}})
	}
	p.Body = append(p.Body, fl)
	for _, f := range features {
		cs := byFeature[f]
		p.Body = append(p.Body, heading{3, "feature-" + f, f})
		sp := []span{t("Source: ")}
		if strings.HasPrefix(cs[0].Cite, "http") {
			sp = append(sp, link("the matrix's row", "/compat#"+f))
		} else if f == "real-file" {
			sp = append(sp, t("the files in testdata/realworld, each from its repository at a commit."))
		} else {
			// "testdata/scenarios/NAME.txtar: what it shows": the path
			// as code, the sentence as prose (its `code` too).
			file, about, _ := strings.Cut(cs[0].Cite, ": ")
			sp = append(sp, code(file))
			if about != "" {
				sp = append(sp, t(": "))
				sp = append(sp, words(about)...)
			}
		}
		p.Body = append(p.Body, para{sp})
		l := list{}
		for _, c := range cs {
			allow := 0
			for _, r := range s.Readers {
				if c.Expect[r] {
					allow++
				}
			}
			l.Items = append(l.Items, item{Spans: []span{code(core.Visible(c.ID)), t(fmt.Sprintf(": %s asks for %s; %d of %d readers allow it", core.Visible(c.Agent), core.Visible(c.URL), allow, len(s.Readers)))}})
		}
		p.Body = append(p.Body, l)
	}
	return p, nil
}
