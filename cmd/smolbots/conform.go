package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/conformance"
	"github.com/smolbots/smolbots/core/custom"
	"github.com/smolbots/smolbots/core/refsite"
)

var vectorsCmd = &command{
	name: "vectors",
	summary: `Prints the conformance suite as one JSON object: its version and date, and
every case (a stable ID, the robots.txt, agent and URL, each reader's
verdict, the feature it exercises and where it comes from), and the last
entry of the changes of reading its expectations follow (last_change, see
/changes). The same document is published as /conformance.json
(docs/conformance.md).`,
	examples: []string{
		"smolbots vectors > conformance.json",
		"smolbots vectors -dialect gemini,rfc9309 | jq '.cases | length'",
	},
	exits: []string{
		"0  the suite was printed",
		"2  usage error, with one sentence on stderr",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		dialects := fs.String("dialect", "", "whose verdicts each case carries, as `all|crawlers|ID[,ID]` (default: the six dialects and every crawler preset)")
		agent := fs.String("agent", conformance.DefaultAgent, "the `AGENT` the matrix's demonstrations are asked as; its role stands for ROLE in them")
		return func(c *call) error {
			if len(c.args) > 0 {
				return usageErr("vectors takes no arguments, not %q", visible(c.args[0]))
			}
			s, err := buildSuite(*dialects, *agent)
			if err != nil {
				return err
			}
			b, err := conformance.JSON(s)
			if err != nil {
				return err
			}
			_, err = c.stdout.Write(append(b, '\n'))
			return err
		}
	},
}

// buildSuite is the suite with the readers of -dialect ("" for every
// reader), asked as agent.
func buildSuite(dialects, agent string) (*conformance.Suite, error) {
	readers := refsite.SuiteReaders()
	if dialects != "" {
		var err error
		if readers, err = parseDialects(dialects); err != nil {
			return nil, err
		}
	}
	if _, err := core.ParseAgent(agent); err != nil {
		return nil, usageErr("-agent: %s", err)
	}
	return refsite.Suite(agent, readers)
}

var conformCmd = &command{
	name: "conform",
	args: "-- CMD [ARG...]",
	summary: `Runs a robots.txt implementation on the conformance suite and says which
reader it reads like. Per case it runs CMD ARG... ROBOTS-FILE AGENT URL:
exit 0 is allowed, 1 disallowed, anything else (or no answer within
-timeout) an error, never a pass; cases run a few at a time. With -jsonl it
starts CMD once, writes one case a line ({"id","robots","agent","url"})
and reads {"id","allowed"} or {"id","error"} back. It prints the agreement
with each dialect and crawler preset, the closest reader, the
implementation's own row of the matrix, and every case where it differs
from -dialect, with a playground link. -json prints one object per case,
then a summary (docs/conformance.md).`,
	examples: []string{
		"smolbots conform -dialect norobots -- /usr/bin/python3 examples/conform/robotparser.py",
		"smolbots conform -jsonl -json -- ./my-parser --jsonl | tail -1 | jq .closest",
	},
	exits: []string{
		"0  it answers as -dialect on every case",
		"1  it differs from -dialect somewhere, or a case is an error",
		"2  usage error, or CMD cannot be started, with one sentence on stderr",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		o := conformOptions{}
		fs.StringVar(&o.dialect, "dialect", "rfc9309", "the `ID` of the dialect or crawler preset the implementation should read like, or a reader of your own, custom:BASE,knob=value,...")
		fs.StringVar(&o.agent, "agent", conformance.DefaultAgent, "the `AGENT` the matrix's demonstrations are asked as; its role stands for ROLE in them")
		fs.DurationVar(&o.timeout, "timeout", conformance.DefaultTimeout, "how long one case may take, as a `D` such as 30s or 500ms")
		fs.BoolVar(&o.jsonl, "jsonl", false, "start CMD once and speak JSON lines with it, instead of once per case")
		fs.BoolVar(&o.json, "json", false, "one JSON object per case, then a summary object")
		return func(c *call) error { return runConform(c, o) }
	},
}

type conformOptions struct {
	dialect, agent string
	timeout        time.Duration
	jsonl, json    bool
}

func runConform(c *call, o conformOptions) error {
	if len(c.args) == 0 {
		return usageErr("conform needs the command to run, after --, such as smolbots conform -- ./my-parser")
	}
	if o.timeout <= 0 {
		return usageErr("-timeout must be more than 0, not %v", o.timeout)
	}
	readers := refsite.SuiteReaders()
	d, ok := core.DialectByID(o.dialect)
	if custom.Is(o.dialect) {
		var err error
		if d, err = custom.Parse(o.dialect); err != nil {
			return usageErr("%s", visible(err.Error()))
		}
		readers, ok = append(readers, d), true
	}
	if !ok {
		return usageErr("unknown dialect %q; use one of %s, %s, or custom:BASE,knob=value,...", visible(o.dialect), dialectIDs(), presetIDs())
	}
	if _, err := core.ParseAgent(o.agent); err != nil {
		return usageErr("-agent: %s", err)
	}
	s, err := refsite.Suite(o.agent, readers)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	answers, err := conformance.Run(ctx, s.Cases, conformance.Options{Cmd: c.args, JSONL: o.jsonl, Timeout: o.timeout, Workers: runtime.NumCPU()})
	var se *conformance.StartError
	if errors.As(err, &se) {
		return &exitError{code: 2, msg: fmt.Sprintf("cannot start %s: %v", visible(c.args[0]), se.Err)}
	}
	if err != nil {
		return err
	}
	demos := refsite.Demos()
	results, sum := conformance.Score(s, answers, d.ID, demos)
	w := bufio.NewWriter(c.stdout)
	if o.json {
		for _, v := range append(anySlice(results), sum) {
			b, err := conformance.JSON(v)
			if err != nil {
				return err
			}
			w.Write(append(b, '\n'))
		}
	} else {
		conformText(w, s, results, sum, demos)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if sum.Differs > 0 {
		return &exitError{code: 1}
	}
	return nil
}

// conformText is the report for a person.
func conformText(w *bufio.Writer, s *conformance.Suite, results []conformance.Result, sum conformance.Summary, demos []conformance.Demo) {
	fmt.Fprintf(w, "Suite %s: %d cases, the matrix's demonstrations asked as %s. Errors: %d.\n\n", sum.Suite, sum.Cases, visible(sum.Agent), sum.Errors)
	fmt.Fprintln(w, "Agreement, case by case:")
	for _, r := range s.Readers {
		mark := ""
		if r == sum.Closest {
			mark = "  <- closest"
		}
		fmt.Fprintf(w, "  %-14s %4d/%d%s\n", r, sum.Agree[r], sum.Cases, mark)
	}
	closest := conformance.Row(s, sum.Closest, demos)
	fmt.Fprintf(w, "\nIts row of the matrix (from its answers on the demonstrations), beside %s's:\n", sum.Closest)
	for _, d := range demos {
		fmt.Fprintf(w, "  %-22s %-5s %s\n", d.ID, sum.Features[d.ID], closest[d.ID])
	}
	if sum.Differs == 0 {
		fmt.Fprintf(w, "\nIt answers as %s on every case.\n", sum.Dialect)
		return
	}
	expect := map[string]bool{}
	for _, c := range s.Cases {
		expect[c.ID] = c.Expect[sum.Dialect]
	}
	fmt.Fprintf(w, "\n%d cases where it differs from %s:\n", sum.Differs, sum.Dialect)
	for _, r := range results {
		if !r.Differs {
			continue
		}
		what := fmt.Sprintf("it says %s, %s %s", allowWord(r.Allowed), sum.Dialect, allowWord(expect[r.ID]))
		if r.Error != "" {
			what = "error: " + r.Error
		}
		fmt.Fprintf(w, "  %s: %s\n    %s\n", visible(r.ID), visible(what), r.Permalink)
	}
}

func anySlice[T any](s []T) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

func allowWord(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}
