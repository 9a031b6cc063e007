package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/fix"
)

// runFix rewrites ROBOTS so the dialects in scope agree with the
// reference: the file on stdout, the account on stderr (or all of it as
// one JSON object). Exit 1 when some row stays unresolved.
func runFix(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("fix")
	refArg := fs.String("reference", "", "the dialect whose verdicts the file must keep (default: rfc9309, gemini for -protocol gemini, gopherdraft for gopher)")
	var agentArgs stringList
	fs.Var(&agentArgs, "agent", "a crawler whose rows are checked, e.g. GUS(indexer); repeatable (default: the agents the file names, and *)")
	asJSON := fs.Bool("json", false, "one JSON object: robots, changes, unresolved")
	protocolArg := protocolFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() < 1 {
		return usageErr("give a robots.txt (file, - or URL), then any selectors to check")
	}
	scope, err := scopeOf(*protocolArg, fs.Arg(0))
	if err != nil {
		return err
	}
	opt := fix.Options{Protocol: scope, Reference: scope.DefaultReference()}
	if *refArg != "" {
		d, ok := core.DialectByID(strings.TrimSpace(*refArg))
		if !ok {
			return usageErr("unknown reference dialect %q; use one of %s", *refArg, dialectIDs())
		}
		opt.Reference = d
	}
	for _, s := range agentArgs {
		a, err := core.ParseAgent(s)
		if err != nil {
			return usageErr("%v", err)
		}
		opt.Agents = append(opt.Agents, a)
	}
	for _, s := range fs.Args()[1:] {
		sel, err := core.SelectorFrom(s)
		if err != nil {
			return usageErr("%v", err)
		}
		opt.Selectors = append(opt.Selectors, sel)
	}
	data, err := readRobots(fs.Arg(0), stdin)
	if err != nil {
		return err
	}
	res, err := fix.Fix(data, opt)
	if err != nil {
		return usageErr("%s: %v", fs.Arg(0), err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(res); err != nil {
			return err
		}
	} else {
		io.WriteString(stdout, res.Robots)
		writeFixAccount(stderr, fs.Arg(0), res, len(data) == 0)
	}
	if len(res.Unresolved) > 0 {
		return &exitError{code: 1}
	}
	return nil
}

// writeFixAccount is text mode's stderr: a line per change and per
// unresolved row, then how many rows agree.
func writeFixAccount(w io.Writer, name string, res fix.Result, empty bool) {
	name = printable(name)
	if empty {
		fmt.Fprintf(w, "%s: nothing to fix: an empty robots.txt allows everything in every dialect\n", name)
		return
	}
	for _, c := range res.Changes {
		fmt.Fprintf(w, "%s:%d: %s: %s\n", name, c.Line, c.Code, c.Message)
	}
	for _, u := range res.Unresolved {
		fmt.Fprintf(w, "%s: unresolved: %s %s (%s) [%s]: %s\n", name, printable(u.Agent), printable(u.Selector), strings.Join(u.Dialects, ", "), u.Code, u.Reason)
	}
	fmt.Fprintf(w, "%s: %d of %d rows agree with %s in every dialect of the %s scope (%d before)\n", name, res.AgreedAfter, res.Rows, res.Reference, res.Protocol, res.AgreedBefore)
}

// printable quotes s when it holds bytes a terminal would act on.
func printable(s string) string {
	for _, r := range s {
		if !unicode.IsPrint(r) || r == unicode.ReplacementChar {
			return strconv.Quote(s)
		}
	}
	if s == "" {
		return `""`
	}
	return s
}

func dialectIDs() string {
	var ids []string
	for _, d := range core.Dialects() {
		ids = append(ids, d.ID)
	}
	return strings.Join(ids, ", ")
}
