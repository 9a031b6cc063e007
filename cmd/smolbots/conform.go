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
	"slices"
	"strings"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/conformance"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/custom"
	"github.com/smolbots/smolbots/core/refsite"
)

var vectorsCmd = &command{
	name: "vectors",
	summary: `Prints the conformance suite as one JSON object: its version and date, its
dated release name, every case (a stable ID, the robots.txt, agent and
URL, each reader's verdict, the feature it exercises and where it comes
from), and the last entry of the changes of reading its expectations
follow (last_change, see /changes). The same document is published as
/conformance.json, and each kept release as /conformance/NAME.json
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
		tier := fs.String("tier", "", tierUsage)
		return func(c *call) error {
			if len(c.args) > 0 {
				return usageErr("vectors takes no arguments, not %q", visible(c.args[0]))
			}
			if err := checkTier(*tier); err != nil {
				return err
			}
			s, err := buildSuite(*dialects, *agent)
			if err != nil {
				return err
			}
			if *tier != "" {
				s.OnlyTier(*tier)
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

const tierUsage = "only the cases of one `TIER`: rfc9309, gemini-companion, gopher, reader or implementation-defined (docs/conformance.md)"

// checkTier refuses a -tier that is not one of the tiers.
func checkTier(t string) error {
	if t == "" || conformance.KnownTier(t) {
		return nil
	}
	return usageErr("unknown tier %q; use one of %s", visible(t), strings.Join(conformance.Tiers, ", "))
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
reader it reads like. Per case it runs CMD ARG... ROBOTS-FILE AGENT URL
and reads one word on stdout, allowed or disallowed; with stdout empty,
exit 0 is allowed and 1 disallowed only if stderr is empty too. A crash
(a traceback or any stderr with nothing on stdout), another exit status
or no answer within -timeout is an error, never a pass; cases run a few
at a time. With -jsonl it starts CMD once, writes one case a line
({"id","robots","agent","url"}) and reads {"id","allowed":true|false} or
{"id","error"} back; lines that are not JSON are skipped and reported
once. It prints the agreement with each dialect and crawler preset, the
closest reader, the implementation's own row of the matrix (both withheld
when more than 1% of the cases are errors), the first errors with their
stderr, and every case where it differs from -dialect, with a playground
link. -json prints one object per case, then a summary
(docs/conformance.md). -release runs a kept release of the suite instead
of the current one, to pin in CI; -badge writes an SVG badge naming the
release and the closest reader.`,
	examples: []string{
		"smolbots conform -dialect norobots -- /usr/bin/python3 examples/conform/robotparser.py",
		"smolbots conform -jsonl -json -- ./my-parser --jsonl | tail -1 | jq .closest",
		"smolbots conform -release 2026.12 -jsonl -badge conformance.svg -- ./my-parser --jsonl",
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
		fs.StringVar(&o.tier, "tier", "", tierUsage)
		fs.StringVar(&o.release, "release", "", "run the kept release `NAME` of the suite (such as "+conformance.Release+"), as it was cut, instead of the current suite")
		fs.StringVar(&o.badge, "badge", "", "also write an SVG badge naming the release and the closest reader to `FILE`")
		return func(c *call) error { return runConform(c, o) }
	},
}

type conformOptions struct {
	dialect, agent, tier string
	release, badge       string
	timeout              time.Duration
	jsonl, json          bool
}

func runConform(c *call, o conformOptions) error {
	if len(c.args) == 0 {
		return usageErr("conform needs the command to run, after --, such as smolbots conform -- ./my-parser")
	}
	if o.timeout <= 0 {
		return usageErr("-timeout must be more than 0, not %v", o.timeout)
	}
	if err := checkTier(o.tier); err != nil {
		return err
	}
	readers := refsite.SuiteReaders()
	d, ok := crawlers.ReaderByID(o.dialect)
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
	s, err := conformSuite(o, readers, d)
	if err != nil {
		return err
	}
	if o.tier != "" {
		s.OnlyTier(o.tier)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := conformance.RunReport(ctx, s.Cases, conformance.Options{Cmd: c.args, JSONL: o.jsonl, Timeout: o.timeout, Workers: runtime.NumCPU()})
	var se *conformance.StartError
	if errors.As(err, &se) {
		return &exitError{code: 2, msg: fmt.Sprintf("cannot start %s: %v", visible(c.args[0]), se.Err)}
	}
	if err != nil {
		return err
	}
	demos := conformance.AskedDemos(s, refsite.Demos())
	results, sum := conformance.Score(s, rep.Answers, d.ID, demos)
	sum.Notes = rep.Notes
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
	if o.badge != "" {
		label, msg := conformance.BadgeText(sum.Release, sum)
		svg := conformance.Badge(label, msg, sum.Differs == 0, "smolbots conform, suite "+sum.Suite)
		if err := os.WriteFile(o.badge, svg, 0o644); err != nil {
			return &exitError{code: 2, msg: fmt.Sprintf("-badge: %v", err)}
		}
	}
	if sum.Differs > 0 {
		return &exitError{code: 1}
	}
	return nil
}

// conformSuite is the suite conform runs: the current one asked as
// -agent, or the kept release -release names, whose verdicts are those it
// was cut with.
func conformSuite(o conformOptions, readers []core.Dialect, d core.Dialect) (*conformance.Suite, error) {
	if o.release == "" {
		return refsite.Suite(o.agent, readers)
	}
	s, err := conformance.LoadRelease(o.release)
	if err != nil {
		return nil, usageErr("-release: %s", visible(err.Error()))
	}
	if o.agent != s.Agent {
		return nil, usageErr("-release %s asks the matrix's demonstrations as %s, as it was cut; -agent cannot change a kept release", o.release, s.Agent)
	}
	if !slices.Contains(s.Readers, d.ID) {
		return nil, usageErr("-release %s carries the verdicts of %s only; -dialect %s is not among them", o.release, strings.Join(s.Readers, ", "), visible(d.ID))
	}
	return s, nil
}

// shownStderr is how many errors the text report shows the
// implementation's stderr for.
const shownStderr = 3

// conformText is the report for a person.
func conformText(w *bufio.Writer, s *conformance.Suite, results []conformance.Result, sum conformance.Summary, demos []conformance.Demo) {
	tier := ""
	if sum.Tier != "" {
		tier = fmt.Sprintf(" of the tier %s", sum.Tier)
	}
	fmt.Fprintf(w, "Suite %s: %d cases%s, the matrix's demonstrations asked as %s. Errors: %d.\n", sum.Suite, sum.Cases, tier, visible(sum.Agent), sum.Errors)
	for _, n := range sum.Notes {
		fmt.Fprintf(w, "Note: %s\n", visible(n))
	}
	shown, last := 0, ""
	for _, r := range results {
		if r.Error == "" || shown == shownStderr {
			continue
		}
		if shown == 0 {
			fmt.Fprintf(w, "\nThe first errors, with what the implementation wrote on stderr:\n")
		}
		shown++
		fmt.Fprintf(w, "  %s: %s\n", visible(r.ID), visible(r.Error))
		switch r.Stderr {
		case "":
			fmt.Fprintln(w, "    (nothing on stderr)")
			continue
		case last:
			fmt.Fprintln(w, "    (the same on stderr as above)")
			continue
		}
		last = r.Stderr
		for _, line := range strings.Split(r.Stderr, "\n") {
			fmt.Fprintf(w, "    | %s\n", visible(line))
		}
	}
	fmt.Fprintln(w)
	if sum.Withheld != "" {
		fmt.Fprintf(w, "No closest reader and no row of the matrix: %s.\n", sum.Withheld)
		fmt.Fprintf(w, "\nAgreement on the %d cases it answered:\n", sum.Cases-sum.Errors)
	} else {
		fmt.Fprintln(w, "Agreement, case by case:")
	}
	for _, r := range s.Readers {
		mark := ""
		if r == sum.Closest {
			mark = "  <- closest"
		}
		fmt.Fprintf(w, "  %-14s %4d/%d%s\n", r, sum.Agree[r], sum.Cases, mark)
	}
	if sum.Withheld == "" && len(demos) > 0 {
		closest := conformance.Row(s, sum.Closest, demos)
		fmt.Fprintf(w, "\nIts row of the matrix (from its answers on the demonstrations), beside %s's:\n", sum.Closest)
		for _, d := range demos {
			fmt.Fprintf(w, "  %-22s %-5s %s\n", d.ID, sum.Features[d.ID], closest[d.ID])
		}
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
