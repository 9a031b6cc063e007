package refsite

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/fix"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
)

// lintFindings lints a case as the CLI does (lint.Lint, then the
// controls at severity min, then the protocol's scope).
func lintFindings(c Case, min lint.Severity) []lint.Finding {
	f := core.Parse([]byte(c.Robots))
	sels := make([]string, 0, len(c.Selectors))
	for _, s := range c.Selectors {
		if sel, err := core.SelectorFrom(s); err == nil {
			sels = append(sels, sel)
		}
	}
	return lint.Control(f, lint.Lint(f, sels), lint.Options{Severity: min, Protocol: c.protocol()})
}

// cliArgs are the flags of the lint command a page shows for a case.
func cliArgs(c Case, sev lint.Severity) []string {
	var args []string
	if sev != lint.SevWarning {
		args = append(args, "-severity", string(sev))
	}
	if p := c.protocol(); p != core.ProtocolAny {
		args = append(args, "-protocol", string(p))
	}
	for _, s := range c.Selectors {
		if !strings.HasPrefix(s, "gemini://") {
			args = append(args, "-selector", s)
		}
	}
	return args
}

// cliCommand is the lint command a page shows for a case.
func cliCommand(c Case, sev lint.Severity) string {
	return strings.Join(append(append([]string{"smolbots", "lint"}, cliArgs(c, sev)...), "robots.txt"), " ")
}

// LintExample is a lint page's example as its page runs the CLI on it:
// the file, lint's flags, and the output the page shows.
type LintExample struct {
	Code   string
	Robots string
	Args   []string // lint's flags; the file comes after them
	Output string   // what the page says lint prints, for a file named robots.txt
}

// LintExamples are every lint page's example, for the CLI's tests to
// run the real command on.
func LintExamples() []LintExample {
	var out []LintExample
	for _, e := range lintEntries() {
		sev := lint.SevWarning
		for _, fd := range lintFindings(e.Example, lint.SevInfo) {
			if fd.Code == e.Code && fd.Severity == lint.SevInfo {
				sev = lint.SevInfo
			}
			if fd.Code == e.Code {
				break
			}
		}
		out = append(out, LintExample{Code: e.Code, Robots: e.Example.Robots, Args: cliArgs(e.Example, sev),
			Output: CLIText("robots.txt", lintFindings(e.Example, sev))})
	}
	return out
}

// CLIText is what `smolbots lint` prints for findings of a file named
// name: a line per finding, then the For more information list. The
// CLI's own output is held to this by its tests.
func CLIText(name string, findings []lint.Finding) string {
	var b strings.Builder
	var codes []string
	for _, fd := range findings {
		line := "file" // a finding about the whole file (line 0 in JSON)
		if fd.Line > 0 {
			line = strconv.Itoa(fd.Line)
		}
		fmt.Fprintf(&b, "%s:%s: %s: %s [%s] (%s)\n", name, line, fd.Severity, core.Visible(fd.Message), fd.Code, strings.Join(fd.Dialects, ", "))
		if !slices.Contains(codes, fd.Code) {
			codes = append(codes, fd.Code)
		}
	}
	b.WriteString(MoreInformation(codes))
	return b.String()
}

// MoreInformation is the list lint's text output ends with, as
// ShellCheck's does: each code printed, once, with its page's address
// and its summary.
func MoreInformation(codes []string) string {
	if len(codes) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\nFor more information:\n")
	for _, c := range codes {
		b.WriteString("  " + lint.URL(c) + " -- " + Summary(c) + "\n")
	}
	return b.String()
}

// readerRow is one reader's verdicts on a case's selectors.
type readerRow struct {
	ID, Name string
	Page     string // its page's path
	Verdicts []core.Verdict
}

// readCase runs the six dialects (with the case's agent) and the eight
// crawler presets (with their own names) on a case, as the playground's
// two tables do.
func readCase(c Case) []readerRow {
	g := grid.Build(grid.Input{Robots: c.Robots, Selectors: strings.Join(c.Selectors, "\n"), Agents: c.agent(), Dialects: core.Dialects()})
	var rows []readerRow
	for i, d := range g.Dialects {
		r := readerRow{ID: d.ID, Name: d.ID, Page: "/dialects/" + d.ID}
		for _, gr := range g.Rows {
			r.Verdicts = append(r.Verdicts, gr.Cells[i])
		}
		rows = append(rows, r)
	}
	f := core.Parse([]byte(c.Robots))
	cells := grid.Crawlers(f, g.Selectors, crawlers.All())
	for i, d := range crawlers.All() {
		r := readerRow{ID: d.ID, Name: d.Crawler.Name, Page: "/crawlers/" + d.ID}
		for _, sr := range cells {
			r.Verdicts = append(r.Verdicts, sr[i].Verdict)
		}
		rows = append(rows, r)
	}
	return rows
}

func verdictWord(v core.Verdict) string {
	if v.Allowed {
		if v.Line > 0 {
			return fmt.Sprintf("allowed (line %d)", v.Line)
		}
		return "allowed"
	}
	return fmt.Sprintf("denied (line %d)", v.Line)
}

func verdictClass(v core.Verdict) string {
	if v.Allowed {
		return "allow"
	}
	return "deny"
}

// splitSentence says who denies and who allows a selector, in words:
// "On `/private`: denied by gemini, TLGS; allowed by rfc9309."
func splitSentence(sel string, rows []readerRow, i int) []span {
	var denied, allowed []string
	for _, r := range rows {
		if r.Verdicts[i].Allowed {
			allowed = append(allowed, r.Name)
		} else {
			denied = append(denied, r.Name)
		}
	}
	out := []span{t("On "), code(sel), t(": ")}
	switch {
	case len(denied) == 0:
		out = append(out, t("every reader allows it."))
	case len(allowed) == 0:
		out = append(out, t("every reader denies it."))
	default:
		out = append(out, t("denied by "+strings.Join(denied, ", ")+"; allowed by "+strings.Join(allowed, ", ")+"."))
	}
	return out
}

// lintPage is a lint code's page.
func lintPage(e lintEntry) (*page, error) {
	p := &page{Path: "lint/" + e.Code, Title: e.Code, Lead: upperFirst(e.Summary) + "."}
	ex, in := e.Example, e.instead()
	all := lintFindings(ex, lint.SevInfo)
	var own []lint.Finding
	for _, fd := range all {
		if fd.Code == e.Code {
			own = append(own, fd)
		}
	}
	if len(own) == 0 {
		return nil, fmt.Errorf("lint/%s: the example does not raise %s", e.Code, e.Code)
	}

	// The strip: severity, who it concerns, fix, how to silence it.
	var sevs []string
	for _, s := range e.Severities {
		sevs = append(sevs, string(s))
	}
	var concerns []span
	seen := map[string]bool{}
	for _, fd := range own {
		for _, id := range fd.Dialects {
			if seen[id] {
				continue
			}
			seen[id] = true
			if len(concerns) > 0 {
				concerns = append(concerns, t(", "))
			}
			d, _ := crawlers.ReaderByID(id)
			if d.Crawler != nil {
				concerns = append(concerns, link(d.Crawler.Name, "/crawlers/"+id))
			} else {
				concerns = append(concerns, link(id, "/dialects/"+id))
			}
		}
	}
	if len(concerns) == 0 {
		concerns = []span{t("the file itself, whoever reads it")}
	}
	concerns = append(concerns, t(" (in the example)"))
	fixes := []span{t("no: it needs the admin's judgement")}
	if slices.Contains(fix.Codes(), e.Code) {
		fixes = []span{code("smolbots fix"), t(" rewrites it where no reader is let into a path it refuses today")}
	}
	silence := []span{code("# smolbots: ignore=" + e.Code), t(" on a line of its own above the line (or before the first field line, for the whole file), or "), code("-ignore " + e.Code)}
	if e.Code == "unknown-code" || e.Code == "directive-invalid" {
		silence = []span{t("it cannot be: it is about the controls themselves")}
	}
	if !slices.Contains(e.Severities, lint.SevError) && !slices.Contains(e.Severities, lint.SevWarning) {
		silence = append(silence, t("; as an info finding it shows only with "), code("-severity info"))
	}
	strip := facts{ID: "summary", Items: []fact{
		{"Severity", []span{t(sevWords(sevs, own[0].Severity))}},
		{"Concerns", concerns},
		{"Fixed by fix", fixes},
		{"Silence it", silence},
	}}
	p.Body = append(p.Body, strip)

	// Example, with the CLI's own words on it: on the first screen,
	// under the strip, so the flagged code is the first thing shown.
	p.Body = append(p.Body, heading{2, "example", "Example"})
	p.Body = append(p.Body, caseBlocks(p, ex, "robots.txt that raises "+e.Code, "lint example of "+e.Code)...)
	sev := lint.SevWarning
	if own[0].Severity == lint.SevInfo {
		sev = lint.SevInfo
	}
	shownFindings := lintFindings(ex, sev)
	p.Body = append(p.Body, para{[]span{t("What "), code(cliCommand(ex, sev)), t(" prints for it:")}})
	p.Body = append(p.Body, pre{ID: "cli", Alt: "the output of smolbots lint", Text: CLIText("robots.txt", shownFindings), Wrap: true})

	p.Body = append(p.Body, heading{2, "what-it-flags", "What it flags"})
	p.Body = append(p.Body, paras(e.Flags)...)

	// Why it matters: the readers' verdicts on the example.
	p.Body = append(p.Body, heading{2, "why-it-matters", "Why it matters"})
	p.Body = append(p.Body, paras(e.Matters)...)
	rows := readCase(ex)
	sels := ex.Selectors
	for i, s := range sels {
		p.Body = append(p.Body, para{splitSentence(s, rows, i)})
	}
	tb := table{ID: "readers", Caption: "Each reader's verdict on the example (dialects as " + ex.agent() + ", crawlers as themselves)", Class: "verdicts"}
	tb.Head = append(tb.Head, "Reader")
	for _, s := range sels {
		tb.Head = append(tb.Head, s)
	}
	cells := compatCells()
	for _, f := range e.Features {
		tb.Head = append(tb.Head, "Matrix: "+f)
	}
	for _, r := range rows {
		tr := row{ID: "reader-" + r.ID, Cells: []cell{{Spans: []span{link(r.Name, r.Page)}, Header: true}}}
		for _, v := range r.Verdicts {
			tr.Cells = append(tr.Cells, cell{Spans: []span{t(verdictWord(v))}, Class: verdictClass(v)})
		}
		for _, f := range e.Features {
			c, ok := cells[f][r.ID]
			if !ok {
				return nil, fmt.Errorf("lint/%s: no matrix row %q", e.Code, f)
			}
			tr.Cells = append(tr.Cells, cell{Spans: []span{{Text: c.Support, Href: "/compat#" + cellID(f, r.ID), Web: true}}, Class: c.Support})
		}
		tb.Rows = append(tb.Rows, tr)
	}
	p.Body = append(p.Body, tb)

	p.Body = append(p.Body, heading{2, "use-instead", "Use instead"})
	p.Body = append(p.Body, caseBlocks(p, in, "robots.txt that means the same and raises nothing", "use instead of "+e.Code)...)
	left := lintFindings(in, lint.SevWarning)
	if len(left) == 0 {
		p.Body = append(p.Body, para{[]span{code(cliCommand(in, lint.SevWarning)), t(" finds nothing at warning or above in it.")}})
	}

	p.Body = append(p.Body, heading{2, "when-to-leave-it", "When to leave it"})
	p.Body = append(p.Body, paras(e.Leave)...)

	p.Body = append(p.Body, heading{2, "evidence", "Evidence"})
	ev := list{ID: "sources"}
	for i, x := range e.Evidence {
		if x.check != "" {
			return nil, fmt.Errorf("lint/%s: evidence: %s", e.Code, x.check)
		}
		sp := []span{t(x.Text)}
		if x.Href != "" {
			sp = []span{link(x.Text, x.Href)}
		}
		ev.Items = append(ev.Items, item{ID: fmt.Sprintf("source-%d", i+1), Spans: sp})
	}
	for _, f := range e.Features {
		ev.Items = append(ev.Items, item{ID: "matrix-" + f, Spans: []span{t("The matrix row "), link(f, "/compat#"+f), t(": each reader's answer on its demonstration, with the code line that decides it.")}})
	}
	p.Body = append(p.Body, ev)
	return p, nil
}

// caseBlocks shows a case: the file, what it is tested on, and the link
// that opens it in the playground.
func caseBlocks(p *page, c Case, alt, what string) []block {
	text := c.Shown
	if text == "" {
		text = shown(c.Robots)
	}
	if text == "" {
		text = "(an empty file)\n"
	}
	out := []block{pre{Alt: alt, Text: text}}
	var tested []span
	tested = append(tested, t("Tested on "))
	for i, s := range c.Selectors {
		if i > 0 {
			tested = append(tested, t(", "))
		}
		tested = append(tested, code(s))
	}
	tested = append(tested, t(", the dialects as "), code(c.agent()))
	if allCRLF(c.Robots) && c.Shown == "" {
		tested = append(tested, t("; its lines end in CR LF"))
	}
	if pr := c.protocol(); pr != core.ProtocolAny {
		tested = append(tested, t(", linted as served over "+string(pr)))
	}
	tested = append(tested, t(". "), link("Open in the playground", p.permalink(c.state(), what)))
	if c.Shown != "" {
		tested = append(tested, t(" (the link holds the whole file)"))
	}
	return append(out, para{tested})
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// sevWords says a code's severities, and which the example shows when
// there are several.
func sevWords(sevs []string, example lint.Severity) string {
	if len(sevs) == 1 {
		return sevs[0]
	}
	return strings.Join(sevs, " or ") + "; " + string(example) + " in the example"
}
