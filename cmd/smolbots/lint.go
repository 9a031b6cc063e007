package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/core/lintformat"
	"github.com/smolbots/smolbots/core/refsite"
)

var lintCmd = &command{
	name: "lint",
	args: "ROBOTS...",
	summary: `Reports what each dialect reads differently from what the file seems to
say, and common mistakes, one finding per line (ROBOTS:LINE: ..., LINE
"file" for a finding about the whole file). Findings below -severity are
left out. A whole-line comment "# smolbots: ignore=CODE[,CODE]" silences
those codes on the next line that is not a comment, or in the whole file
when it stands before the first field line (a comment after a value does
not count: TLGS reads it as part of the path). An unknown code in -ignore
or in a directive is itself an error finding, which neither can silence.
A binary file gets one
leading error. The text output shows at most -max findings per file; -json
is never cut (docs/json.md). -format sarif writes one SARIF 2.1.0 log for
code scanning, every code a rule with its page's address; -format github
writes GitHub Actions annotations. Several ROBOTS are linted one after
the other (not with -json, whose lines do not name the file). -protocol
keeps the findings that concern readers of files served over it, and
weighs lf-line-endings (only the Gopher draft asks for CRLF): a warning
under gopher, information when no protocol is given.

Codes: ` + wrapWords(strings.Join(lint.Codes(), ", "), 70, "  "),
	examples: []string{
		"smolbots lint robots.txt                          # warnings and errors; exit 1 if any",
		"smolbots lint -protocol gopher robots.txt         # a Gopher hole's file: CRLF line ends too",
		"smolbots lint -format sarif robots.txt > smolbots.sarif  # for code scanning",
	},
	exits: []string{
		"0  no finding at or above -severity remains",
		"1  some finding at or above -severity remains",
		"2  usage or input error, with one sentence on stderr",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		o := lintOptions{}
		fs.BoolVar(&o.json, "json", false, "one JSON object per finding, each on its own line; the same as -format json")
		fs.StringVar(&o.format, "format", "text", "the output, as `text|json|sarif|github`: text for people, json lines, one SARIF 2.1.0 log, or GitHub Actions annotations")
		fs.Var(&o.selectors, "selector", "a `SELECTOR` under test, for the findings that compare patterns with selectors; repeatable")
		fs.Var(&o.ignore, "ignore", "drop the findings with these codes, as `CODE[,CODE]`; repeatable")
		fs.StringVar(&o.severity, "severity", "warning", "the lowest severity reported, as `error|warning|info`; a finding at or above it makes the exit status 1")
		o.protocol = protocolFlag(fs)
		fs.IntVar(&o.max, "max", 100, "show at most `N` findings in the text output, then how many more there are; 0 shows them all")
		return func(c *call) error { return runLint(c, o) }
	},
}

type lintOptions struct {
	json      bool
	format    string
	protocol  *string
	selectors stringList
	ignore    stringList
	severity  string
	max       int
}

func runLint(c *call, o lintOptions) error {
	format := o.format
	if o.json {
		if format != "text" && format != "json" {
			return usageErr("-json is -format json; give one of them, not -json with -format %s", visible(format))
		}
		format = "json"
	}
	if !slices.Contains([]string{"text", "json", "sarif", "github"}, format) {
		return usageErr("-format: %q is not text, json, sarif or github", visible(format))
	}
	if len(c.args) == 0 {
		return usageErr("give a robots.txt (file, - or URL)")
	}
	if len(c.args) > 1 && format == "json" {
		return usageErr("-json takes one robots.txt, as its lines do not name the file; give -format sarif or github for several")
	}
	if n := len(slices.DeleteFunc(slices.Clone(c.args), func(a string) bool { return a != "-" })); n > 1 {
		return usageErr("- (standard input) can be given once")
	}
	sev, err := lint.ParseSeverity(o.severity)
	if err != nil {
		return usageErr("-severity: %s", visible(err.Error()))
	}
	if o.max < 0 {
		return usageErr("-max must be 0 (no limit) or more, not %d", o.max)
	}
	selectors := make([]string, len(o.selectors))
	for i, s := range o.selectors {
		if selectors[i], err = core.SelectorFrom(s); err != nil {
			return usageErr("%s", visible(err.Error()))
		}
	}
	var ignore []string
	for _, list := range o.ignore {
		ignore = append(ignore, strings.Split(list, ",")...)
	}
	files := make([]lintformat.File, len(c.args))
	found := false
	for i, arg := range c.args {
		scope, err := scopeOf(*o.protocol, arg)
		if err != nil {
			return err
		}
		data, err := readRobots(arg, c.stdin)
		if err != nil {
			return err
		}
		f := core.Parse(data)
		// ControlLint scopes what it adds (a binary file) too, and weighs
		// the findings for the protocol before it drops those below sev.
		findings := lint.Control(f, lint.Lint(f, selectors), lint.Options{Ignore: ignore, Severity: sev, Protocol: scope})
		files[i] = lintformat.File{Path: arg, Data: data, Findings: findings}
		found = found || len(findings) > 0
	}
	out := bufio.NewWriter(c.stdout)
	switch format {
	case "sarif":
		err = lintformat.SARIF(out, lintformat.Tool{Name: "smolbots", Version: moduleVersion(), InformationURI: core.Site()}, lintRules(), files)
	case "github":
		for i := range files {
			for j := range files[i].Findings {
				// no terminal escapes into the CI log
				files[i].Findings[j].Message = visible(files[i].Findings[j].Message)
			}
		}
		err = lintformat.GitHub(out, files)
	default:
		writeLintText(out, files, sev, o.json || format == "json", o.max)
	}
	if err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if found {
		return &exitError{code: 1}
	}
	return nil
}

// writeLintText is lint's text output (or its JSON lines): each file's
// findings, then one "For more information" list for them all.
func writeLintText(out io.Writer, files []lintformat.File, sev lint.Severity, asJSON bool, limit int) {
	var buf []byte
	var shown []string // the codes printed, in order of first appearance
	for _, file := range files {
		name := visible(file.Path)
		for i, fd := range file.Findings {
			if asJSON {
				buf = appendFinding(buf[:0], &fd)
				out.Write(buf)
				continue
			}
			if limit > 0 && i == limit {
				n := len(file.Findings) - i
				fmt.Fprintf(out, "%s: %d more %s not shown; run with -max 0 to see them all, or -json\n", name, n, plural(n, "finding", "findings"))
				break
			}
			fmt.Fprintf(out, "%s:%s: %s: %s [%s] (%s)\n", name, lineRef(fd.Line), fd.Severity, visible(fd.Message), fd.Code, strings.Join(fd.Dialects, ", "))
			if !slices.Contains(shown, fd.Code) {
				shown = append(shown, fd.Code)
			}
		}
		if !asJSON && len(file.Findings) == 0 {
			fmt.Fprintf(out, "%s: no findings at or above %s\n", name, sev)
		}
	}
	writeMoreInfo(out, shown)
}

// lineRef is a finding's line in text output: its number, or "file"
// for a finding about the whole file (line 0 in JSON).
func lineRef(n int) string {
	if n == 0 {
		return "file"
	}
	return strconv.Itoa(n)
}

// lintRules describes every lint code for SARIF, from the reference
// pages' own text: the summary, what it flags, and the whole page as
// smolbots explain prints it.
func lintRules() []lintformat.Rule {
	codes := lint.Codes()
	rules := make([]lintformat.Rule, len(codes))
	for i, code := range codes {
		help, _ := refsite.Explain(code)
		rules[i] = lintformat.Rule{ID: code, Summary: refsite.Summary(code), Full: refsite.Flags(code), Help: help, HelpURI: lint.URL(code)}
	}
	return rules
}

// writeMoreInfo ends lint's text output, as ShellCheck's does: each code
// printed, once, with the address of its page and its summary
// (smolbots explain CODE prints the same page here).
func writeMoreInfo(w io.Writer, codes []string) {
	io.WriteString(w, refsite.MoreInformation(codes))
}

// appendFinding writes one lint line, every key present (docs/json.md).
func appendFinding(b []byte, fd *lint.Finding) []byte {
	b = append(b, `{"line":`...)
	b = appendInt(b, fd.Line)
	b = append(b, `,"col":`...)
	b = appendInt(b, fd.Col)
	b = append(b, ',')
	b = appendKey(b, "code", fd.Code)
	b = append(b, ',')
	b = appendKey(b, "severity", string(fd.Severity))
	b = append(b, ',')
	b = appendKey(b, "message", fd.Message)
	b = append(b, `,"dialects":[`...)
	for i, d := range fd.Dialects {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, d)
	}
	b = append(b, `],`...)
	b = appendKey(b, "url", lint.URL(fd.Code))
	return append(b, "}\n"...)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// wrapWords breaks s into lines of at most width bytes, each after the
// first starting with indent.
func wrapWords(s string, width int, indent string) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(s) {
		if i > 0 && n+1+len(w) > width {
			b.WriteString("\n" + indent)
			n = len(indent)
		} else if i > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}
