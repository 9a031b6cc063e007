package refsite

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/conformance"
	ctable "github.com/smolbots/smolbots/core/conformance/table"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/state"
)

// The conformance table (/conformance/results, a page per library under
// it, /conformance/results.json and a badge per library): each library's
// answers, kept in core/conformance/table by the test that runs its
// adapter, scored against the suite when the site is built.

var (
	resultsOnce sync.Once
	resultsRows []ctable.Row
	resultsErr  error
	// resultsSuites are the suites the rows were scored on, by agent.
	resultsSuites = map[string]*conformance.Suite{}
)

// Results are the table's rows, scored once.
func Results() ([]ctable.Row, error) {
	resultsOnce.Do(func() {
		suites := resultsSuites
		for _, l := range ctable.Libraries {
			a, err := ctable.LoadOne(l.ID)
			if err != nil {
				resultsErr = err
				return
			}
			s := suites[l.Agent]
			if s == nil {
				if s, err = Suite(l.Agent, SuiteReaders()); err != nil {
					resultsErr = err
					return
				}
				suites[l.Agent] = s
			}
			r, err := ctable.Score(l, a, s, Demos())
			if err != nil {
				resultsErr = err
				return
			}
			resultsRows = append(resultsRows, r)
		}
	})
	return resultsRows, resultsErr
}

// readerHref is a reader's page: a dialect's or a crawler preset's.
func readerHref(id string) string {
	if d, ok := crawlers.ReaderByID(id); ok && d.Crawler != nil {
		return "/crawlers/" + id
	}
	return "/dialects/" + id
}

func libraryPath(id string) string { return "conformance/results/" + id }

func badgePath(id string) string { return "conformance/badges/" + id + ".svg" }

// sitePermalink is a permalink conform wrote (the site's address, then
// /#...) as the pages link it, recorded with what it opens.
func sitePermalink(p *page, abs, what string) string {
	_, frag, _ := strings.Cut(abs, "#")
	st, err := state.Decode(frag)
	if err != nil {
		return abs
	}
	return p.permalink(st, what)
}

// demoCase is a feature's demonstration in the suite a row was scored
// on.
func demoCase(r ctable.Row, feature string) (conformance.Case, bool) {
	s := resultsSuites[r.Library.Agent]
	if s == nil {
		return conformance.Case{}, false
	}
	for _, c := range s.Cases {
		if c.ID == "matrix/"+feature {
			return c, true
		}
	}
	return conformance.Case{}, false
}

func resultsPages() ([]*page, error) {
	rows, err := Results()
	if err != nil {
		return nil, err
	}
	p := &page{Path: "conformance/results", Title: "Conformance results", Lead: fmt.Sprintf("%d robots.txt libraries a small-web crawler can pick, each run on the conformance suite by its adapter: the reader each reads like, and where it parts from it.", len(rows))}
	suite := rows[0].Suite
	p.Body = append(p.Body, facts{ID: "summary", Items: []fact{
		{"Suite", []span{code(suite), t(", release "), code(conformance.Release), t(" ("), link("the suite", "/conformance"), t(", "), link("its kept file", "/conformance/"+conformance.Release+".json"), t(")")}},
		{"Libraries", []span{t(fmt.Sprint(len(rows)))}},
		{"The data", []span{link("results.json", "/conformance/results.json")}},
		{"How it is measured", []span{t("Each library's adapter (examples/conform in the repository) answers every case; the test "), code("go test ./core/conformance/table -run TestAnswers"), t(" runs them all again in the test run and fails when one answers otherwise than its kept answers, or cannot be installed. The site scores the kept answers when it is built.")}},
	}})

	p.Body = append(p.Body, heading{2, "table", "The table"})
	p.Body = append(p.Body, paras(`The closest reader is the dialect or crawler preset whose verdicts the library's answers match most often; "agreed" counts the cases answered as that reader does, tier by tier. An error (the library raised or gave no verdict) never counts as agreeing.`)...)
	var tiers []string
	for _, tc := range rows[0].Tiers {
		tiers = append(tiers, tc.Tier)
	}
	tb := table{ID: "results", Caption: "Each library, the reader it reads like and the cases agreed", Class: "results"}
	tb.Head = []string{"Library", "Version", "Closest reader", "Agreed"}
	for _, tr := range tiers {
		tb.Head = append(tb.Head, "Tier "+tr)
	}
	tb.Head = append(tb.Head, "Differs", "Badge")
	for _, r := range rows {
		l := r.Library
		cells := []cell{
			{Spans: []span{link(l.Name, "/"+libraryPath(l.ID)), t(" (" + l.Language + ")")}, Header: true},
			{Spans: []span{code(r.Version)}},
			{Spans: []span{link(r.Closest, readerHref(r.Closest))}},
			{Spans: []span{t(fmt.Sprintf("%d of %d", r.Agree, r.Cases))}},
		}
		for _, tc := range r.Tiers {
			cells = append(cells, cell{Spans: []span{t(fmt.Sprintf("%d of %d", tc.Agreed, tc.Cases))}})
		}
		differ := fmt.Sprintf("%d cases", len(r.Differs))
		if r.Errors > 0 {
			differ += fmt.Sprintf(", %d of them errors", r.Errors)
		}
		cells = append(cells, cell{Spans: []span{link(differ, "/"+libraryPath(l.ID)+"#differs")}}, cell{Spans: []span{link(l.ID+".svg", "/"+badgePath(l.ID))}})
		tb.Rows = append(tb.Rows, row{ID: "lib-" + l.ID, Cells: cells})
	}
	p.Body = append(p.Body, tb)

	p.Body = append(p.Body, heading{2, "features", "Rows of the matrix"})
	p.Body = append(p.Body, para{[]span{t("Each library's row of the "), link("compatibility matrix", "/compat"), t(", from its own answers on the features' demonstrations (the cases "), code("matrix/FEATURE"), t("). Each cell opens the case that decides it in the playground, with the library's closest reader's cell chosen; a cell marked * differs from that reader's.")}})
	demos := Demos()
	ft := table{ID: "feature-rows", Caption: "Features by library: yes or no, from the library's answer on the feature's demonstration", Class: "matrix"}
	ft.Head = []string{"Library"}
	for _, d := range demos {
		ft.Head = append(ft.Head, d.ID)
	}
	for _, r := range rows {
		tr := row{ID: "features-" + r.Library.ID, Cells: []cell{{Spans: []span{link(r.Library.Name, "/"+libraryPath(r.Library.ID)+"#features")}, Header: true}}}
		for _, d := range demos {
			text := r.Features[d.ID]
			if text != r.ClosestFeatures[d.ID] {
				text += " *"
			}
			sp := []span{t(text)}
			if c, ok := demoCase(r, d.ID); ok {
				href := sitePermalink(p, conformance.Permalink(c, r.Closest), "conformance case "+c.ID+" for "+r.Closest)
				sp = []span{link(text, href)}
			}
			tr.Cells = append(tr.Cells, cell{Spans: sp, Class: r.Features[d.ID], ID: "features-" + r.Library.ID + "." + d.ID})
		}
		ft.Rows = append(ft.Rows, tr)
	}
	p.Body = append(p.Body, ft)

	p.Body = append(p.Body, heading{2, "asked", "How each library is asked"})
	al := list{ID: "asked-list"}
	for _, r := range rows {
		l := r.Library
		al.Items = append(al.Items, item{ID: "asked-" + l.ID, Spans: []span{link(l.Name, "/"+libraryPath(l.ID)), t(fmt.Sprintf(" %s, from %s. %s", r.Version, l.From, l.Asked))}})
	}
	p.Body = append(p.Body, al)

	p.Body = append(p.Body, heading{2, "badges", "Badges"})
	p.Body = append(p.Body, para{[]span{t("Each library has a badge naming the suite's release and its closest reader, at "), code("/conformance/badges/LIBRARY.svg"), t(". For your own parser, "), code("smolbots conform -badge FILE.svg"), t(" writes one from its run (docs/conformance.md in the repository, Badges); "), link("how to run the suite", "/conformance#run"), t(".")}})

	pages := []*page{p}
	for _, r := range rows {
		pages = append(pages, libraryPage(r))
	}
	return pages, nil
}

// libraryPage is /conformance/results/<id>: the cases where the library
// parts from its closest reader.
func libraryPage(r ctable.Row) *page {
	l := r.Library
	p := &page{Path: libraryPath(l.ID), Title: l.Name + " on the conformance suite", Lead: fmt.Sprintf("%s %s (%s) reads like %s on %d of %d cases; these are the other %d.", l.Name, r.Version, l.Language, r.Closest, r.Agree, r.Cases, len(r.Differs))}
	agent := r.Agent
	p.Body = append(p.Body, facts{ID: "summary", Items: []fact{
		{"Version", []span{code(r.Version), t(", from " + l.From)}},
		{"How it is asked", []span{t(l.Asked + " The matrix's demonstrations are asked as "), code(agent), t(".")}},
		{"Closest reader", []span{link(r.Closest, readerHref(r.Closest)), t(fmt.Sprintf(": %d of %d cases agreed", r.Agree, r.Cases))}},
		{"Suite", []span{code(r.Suite), t(", release "), code(conformance.Release)}},
		{"Badge", []span{link(l.ID+".svg", "/"+badgePath(l.ID))}},
		{"The table", []span{link("all the libraries", "/conformance/results")}},
	}})
	p.Body = append(p.Body, heading{2, "features", "Its row of the matrix"})
	fl := list{ID: "feature-list"}
	for _, d := range Demos() {
		sp := []span{code(d.ID), t(fmt.Sprintf(": %s, %s %s", r.Features[d.ID], r.Closest, r.ClosestFeatures[d.ID]))}
		if c, ok := demoCase(r, d.ID); ok {
			sp = append(sp, t(" ("), link("the case", sitePermalink(p, conformance.Permalink(c, r.Closest), "conformance case "+c.ID+" for "+r.Closest)), t(")"))
		}
		fl.Items = append(fl.Items, item{ID: "feature-" + d.ID, Spans: sp})
	}
	p.Body = append(p.Body, fl)

	p.Body = append(p.Body, heading{2, "differs", "Where it differs from " + r.Closest})
	if len(r.Differs) == 0 {
		p.Body = append(p.Body, para{[]span{t("Nowhere: it answers every case as " + r.Closest + " does.")}})
		return p
	}
	p.Body = append(p.Body, paras(fmt.Sprintf("Each case: its ID, what the library answered and what %s answers, and a link that opens the case in the playground with %s's cell chosen.", r.Closest, r.Closest))...)
	dl := list{ID: "differ-list"}
	for _, d := range r.Differs {
		what := fmt.Sprintf(": it says %s, %s %s; %s asks for %s. ", d.Answer, r.Closest, d.Closest, core.Visible(d.Case.Agent), core.Visible(d.Case.URL))
		dl.Items = append(dl.Items, item{ID: "case-" + anchorOf(d.Case.ID), Spans: []span{code(core.Visible(d.Case.ID)), t(what), link("Open the case", sitePermalink(p, d.Permalink, "conformance case "+d.Case.ID+" for "+r.Closest))}})
	}
	p.Body = append(p.Body, dl)
	return p
}

// anchorOf is an ID made fit for an anchor: bytes outside [A-Za-z0-9-_.]
// as _XX.
func anchorOf(id string) string {
	var b strings.Builder
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '.':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "_%02X", c)
		}
	}
	return b.String()
}

// ResultsData is /conformance/results.json.
type ResultsData struct {
	Site      string          `json:"site"`
	Version   string          `json:"version"` // the commit the site was built from
	Built     string          `json:"built"`
	Suite     string          `json:"suite"`
	Release   string          `json:"release"`
	Libraries []LibraryResult `json:"libraries"`
}

// LibraryResult is one library's row in results.json.
type LibraryResult struct {
	ID              string             `json:"id"`
	Name            string             `json:"name"`
	Language        string             `json:"language"`
	Version         string             `json:"version"`
	From            string             `json:"from"`
	Asked           string             `json:"asked"`
	Agent           string             `json:"agent"`
	Closest         string             `json:"closest"`
	Agreed          int                `json:"agreed"`
	Cases           int                `json:"cases"`
	Errors          int                `json:"errors"`
	Agree           map[string]int     `json:"agree"`
	Tiers           []ctable.TierCount `json:"tiers"`
	Features        map[string]string  `json:"features"`
	ClosestFeatures map[string]string  `json:"closest_features"`
	Differs         []DifferResult     `json:"differs"`
	Page            string             `json:"page"`
	Badge           string             `json:"badge"`
}

// DifferResult is a case where a library parts from its closest reader.
type DifferResult struct {
	ID        string `json:"id"`
	Answer    string `json:"answer"`
	Closest   string `json:"closest"`
	Permalink string `json:"permalink"`
}

func resultsJSON() ([]byte, error) {
	rows, err := Results()
	if err != nil {
		return nil, err
	}
	out := ResultsData{Site: core.Site(), Version: core.Version(), Built: core.BuildDate(), Suite: rows[0].Suite, Release: conformance.Release}
	for _, r := range rows {
		l := r.Library
		lr := LibraryResult{ID: l.ID, Name: l.Name, Language: l.Language, Version: r.Version, From: l.From, Asked: l.Asked, Agent: r.Agent,
			Closest: r.Closest, Agreed: r.Agree, Cases: r.Cases, Errors: r.Errors, Agree: r.AgreeAll, Tiers: r.Tiers,
			Features: r.Features, ClosestFeatures: r.ClosestFeatures, Differs: []DifferResult{},
			Page: core.Site() + "/" + libraryPath(l.ID), Badge: core.Site() + "/" + badgePath(l.ID)}
		for _, d := range r.Differs {
			lr.Differs = append(lr.Differs, DifferResult{ID: d.Case.ID, Answer: d.Answer, Closest: d.Closest, Permalink: d.Permalink})
		}
		out.Libraries = append(out.Libraries, lr)
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// badges are the libraries' badges by file path.
func badges() (map[string][]byte, error) {
	rows, err := Results()
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, r := range rows {
		sum := conformance.Summary{Closest: r.Closest, Cases: r.Cases, Agree: r.AgreeAll}
		label, msg := conformance.BadgeText(conformance.Release, sum)
		out[badgePath(r.Library.ID)] = conformance.Badge(r.Library.Name+" · "+label, msg, len(r.Differs) == 0, stamp())
	}
	return out, nil
}
