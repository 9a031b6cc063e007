package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/refsite"
)

var lintCmd = &command{
	name: "lint",
	args: "ROBOTS",
	summary: `Reports what each dialect reads differently from what the file seems to
say, and common mistakes, one finding per line. Findings below -severity are
left out. A whole-line comment "# smolbots: ignore=CODE[,CODE]" silences
those codes on the next line that is not a comment, or in the whole file
when it stands before the first field line (a comment after a value does
not count: TLGS reads it as part of the path). An unknown code in -ignore
or in a directive is itself an error finding, which neither can silence.
A binary file gets one
leading error. The text output shows at most -max findings; -json is never
cut (docs/json.md).

Codes: ` + wrapWords(strings.Join(core.LintCodes(), ", "), 70, "  "),
	examples: []string{
		"smolbots lint robots.txt                          # warnings and errors; exit 1 if any",
		"smolbots lint -severity error -ignore lf-line-endings gemini://capsule.example",
		"smolbots lint robots.txt -json -max 0 | jq -r .code | sort | uniq -c",
	},
	exits: []string{
		"0  no finding at or above -severity remains",
		"1  some finding at or above -severity remains",
		"2  usage or input error, with one sentence on stderr",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		o := lintOptions{}
		fs.BoolVar(&o.json, "json", false, "one JSON object per finding, each on its own line")
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
	protocol  *string
	selectors stringList
	ignore    stringList
	severity  string
	max       int
}

func runLint(c *call, o lintOptions) error {
	if len(c.args) != 1 {
		return usageErr("give exactly one robots.txt (file, - or URL); got %d arguments besides the flags", len(c.args))
	}
	sev, err := core.ParseSeverity(o.severity)
	if err != nil {
		return usageErr("-severity: %s", visible(err.Error()))
	}
	if o.max < 0 {
		return usageErr("-max must be 0 (no limit) or more, not %d", o.max)
	}
	scope, err := scopeOf(*o.protocol, c.args[0])
	if err != nil {
		return err
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
	data, err := readRobots(c.args[0], c.stdin)
	if err != nil {
		return err
	}
	f := core.Parse(data)
	// Scope last, so that the findings ControlLint adds (a binary file)
	// list only the dialects in scope too.
	findings := scope.Scope(core.ControlLint(f, core.Lint(f, selectors), core.LintOptions{Ignore: ignore, Severity: sev}))
	out := bufio.NewWriter(c.stdout)
	name := visible(c.args[0])
	var buf []byte
	var shown []string // the codes printed, in order of first appearance
	for i, fd := range findings {
		if o.json {
			buf = appendFinding(buf[:0], &fd)
			out.Write(buf)
			continue
		}
		if o.max > 0 && i == o.max {
			fmt.Fprintf(out, "%s: %d more %s not shown; run with -max 0 to see them all, or -json\n", name, len(findings)-i, plural(len(findings)-i, "finding", "findings"))
			break
		}
		fmt.Fprintf(out, "%s:%d: %s: %s [%s] (%s)\n", name, fd.Line, fd.Severity, visible(fd.Message), fd.Code, strings.Join(fd.Dialects, ", "))
		if !slices.Contains(shown, fd.Code) {
			shown = append(shown, fd.Code)
		}
	}
	if !o.json && len(findings) == 0 {
		fmt.Fprintf(out, "%s: no findings at or above %s\n", name, sev)
	}
	writeMoreInfo(out, shown)
	if err := out.Flush(); err != nil {
		return err
	}
	if len(findings) > 0 {
		return &exitError{code: 1}
	}
	return nil
}

// writeMoreInfo ends lint's text output, as ShellCheck's does: each code
// printed, once, with the address of its page and its summary
// (smolbots explain CODE prints the same page here).
func writeMoreInfo(w io.Writer, codes []string) {
	io.WriteString(w, refsite.MoreInformation(codes))
}

// appendFinding writes one lint line, every key present (docs/json.md).
func appendFinding(b []byte, fd *core.Finding) []byte {
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
	b = appendKey(b, "url", core.LintURL(fd.Code))
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
