package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/smolbots/smolbots/core"
)

// newFlags makes a FlagSet that reports errors through our exit codes
// instead of printing usage and exiting.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return usageErr("see smolbots -help for the usage")
		}
		return usageErr("%v", err)
	}
	return nil
}

// parseDialects reads -dialect: "all" or a comma-separated list of IDs.
func parseDialects(spec string) ([]core.Dialect, error) {
	if spec == "" || spec == "all" {
		return core.Dialects(), nil
	}
	var out []core.Dialect
	for _, id := range strings.Split(spec, ",") {
		id = strings.TrimSpace(id)
		d, ok := core.DialectByID(id)
		if !ok {
			return nil, usageErr("unknown dialect %q; use all or one of %s", id, dialectIDs())
		}
		out = append(out, d)
	}
	return out, nil
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("check")
	dialectSpec := fs.String("dialect", "all", "all, or dialect IDs separated by commas")
	var agentArgs stringList
	fs.Var(&agentArgs, "agent", "crawler under test, e.g. GUS(indexer); repeatable")
	asJSON := fs.Bool("json", false, "one JSON object per line")
	protocolArg := protocolFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() < 2 {
		return usageErr("give a robots.txt (file, - or URL) and at least one selector")
	}
	dialects, err := parseDialects(*dialectSpec)
	if err != nil {
		return err
	}
	scope, err := scopeOf(*protocolArg, fs.Arg(0))
	if err != nil {
		return err
	}
	if !flagGiven(fs, "dialect") {
		dialects = scope.Dialects() // an explicit -dialect still picks any dialect
	}
	if len(agentArgs) == 0 {
		agentArgs = stringList{"*"}
	}
	agents := make([]core.Agent, len(agentArgs))
	for i, s := range agentArgs {
		if agents[i], err = core.ParseAgent(s); err != nil {
			return usageErr("%v", err)
		}
	}
	selectors := make([]string, fs.NArg()-1)
	for i, s := range fs.Args()[1:] {
		if selectors[i], err = core.SelectorFrom(s); err != nil {
			return usageErr("%v", err)
		}
	}
	data, err := readRobots(fs.Arg(0), stdin)
	if err != nil {
		return err
	}
	f := core.Parse(data)

	// verdicts[agent][selector][dialect], computed with one policy per
	// (dialect, agent).
	verdicts := make([][][]core.Verdict, len(agents))
	for ai, a := range agents {
		verdicts[ai] = make([][]core.Verdict, len(selectors))
		for si := range selectors {
			verdicts[ai][si] = make([]core.Verdict, len(dialects))
		}
		for di, d := range dialects {
			p := d.Compile(f).Policy(a)
			for si, sel := range selectors {
				v := p.Test(sel)
				v.Selector = fs.Args()[1+si] // report the selector as the user gave it
				verdicts[ai][si][di] = v
			}
		}
	}

	denied := false
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		for _, bySel := range verdicts {
			for _, byDialect := range bySel {
				for _, v := range byDialect {
					denied = denied || !v.Allowed
					if err := enc.Encode(v); err != nil {
						return err
					}
				}
			}
		}
	} else {
		denied = writeCheckText(stdout, verdicts)
	}
	if denied {
		return &exitError{code: 1}
	}
	return nil
}

// writeCheckText prints, per agent and selector, one line per dialect,
// then the explanations that differ from the ones already printed for
// the same agent. It reports whether anything was denied.
func writeCheckText(w io.Writer, verdicts [][][]core.Verdict) bool {
	denied := false
	first := true
	for _, bySel := range verdicts {
		explained := map[string]string{} // dialect -> last explanation printed
		for _, byDialect := range bySel {
			if !first {
				fmt.Fprintln(w)
			}
			first = false
			v0 := byDialect[0]
			header := fmt.Sprintf("%s may fetch %q?", v0.Agent, v0.Selector)
			if disagree(byDialect) {
				header += "  (dialects disagree)"
			}
			fmt.Fprintln(w, header)
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			for _, v := range byDialect {
				word := "allowed"
				if !v.Allowed {
					word = "DENIED"
					denied = true
				}
				decided := "no rule matched"
				if v.Line > 0 {
					decided = fmt.Sprintf("line %d: %s", v.Line, v.Rule)
				}
				fmt.Fprintf(tw, "  %s\t%s\t%s\n", v.Dialect, word, decided)
			}
			tw.Flush()
			for _, v := range byDialect {
				text := "  " + v.Dialect + ": " + v.Why + "\n"
				if v.Note != "" {
					text += "  " + v.Dialect + " note: " + v.Note + "\n"
				}
				if explained[v.Dialect] != text {
					explained[v.Dialect] = text
					io.WriteString(w, text)
				}
			}
		}
	}
	return denied
}

func disagree(vs []core.Verdict) bool {
	for _, v := range vs[1:] {
		if v.Allowed != vs[0].Allowed {
			return true
		}
	}
	return false
}
