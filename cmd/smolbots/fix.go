package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/fix"
)

var fixCmd = &command{
	name: "fix",
	args: "ROBOTS [SELECTOR...]",
	summary: `Rewrites the file so every reader in scope (its dialects, their other
readings, its crawler presets) agrees. By default the reference is strict: a
row is refused when any reader refuses it today, and no step may let a reader
into a path it refuses today. -reference ID keeps one dialect's reading
instead; paths that other readers are then let into are named first. The new
file goes to stdout; each change (with its lint code), each row it could not
make agree (with the line and reader to blame) and each lint finding left go
to stderr, or all of it as one JSON object with -json (docs/fix.md). The rows
are the given selectors and agents, else the file's own rule paths and
agents, and *, plus the agent each crawler preset answers for. A file past
500 KiB is kept whole (crawlers read on past the cut); one whose verdicts fix
cannot prove kept is refused.`,
	examples: []string{
		"smolbots fix -protocol gemini robots.txt > robots.fixed.txt",
		"smolbots fix -reference rfc9309 -agent 'GUS(indexer)' robots.txt /private/x",
		"smolbots fix gemini://capsule.example -json | jq .unresolved",
	},
	exits: []string{
		"0  every row agrees in every reader in scope",
		"1  some row stays unresolved, or the rewrite lets a reader into a path it refuses today",
		"2  usage or input error, or a file too large to rewrite safely, with one sentence on stderr",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		o := fixOptions{}
		fs.StringVar(&o.reference, "reference", fix.Strict, "the reading the file must keep: strict (refused where any reader refuses), or a dialect `ID`")
		fs.Var(&o.agents, "agent", "a crawler whose rows are checked, as `AGENT`, e.g. GUS(indexer); repeatable (default: the agents the file names, and *)")
		fs.BoolVar(&o.json, "json", false, "one JSON object: robots, changes, unresolved, opened, remaining")
		fs.IntVar(&o.max, "max", 20, "show at most `N` unresolved rows in text mode (0: all); -json shows all")
		o.protocol = protocolFlag(fs)
		return func(c *call) error { return runFix(c, o) }
	},
}

type fixOptions struct {
	reference string
	max       int
	agents    stringList
	json      bool
	protocol  *string
}

// runFix rewrites ROBOTS so the dialects in scope agree with the
// reference: the file on stdout, the account on stderr (or all of it as
// one JSON object). Exit 1 when some row stays unresolved.
func runFix(c *call, o fixOptions) error {
	if len(c.args) < 1 {
		return usageErr("give a robots.txt (file, - or URL), then any selectors to check")
	}
	scope, err := scopeOf(*o.protocol, c.args[0])
	if err != nil {
		return err
	}
	if o.max < 0 {
		return usageErr("-max must be 0 (no limit) or more, not %d", o.max)
	}
	opt := fix.Options{Protocol: scope}
	if ref := strings.TrimSpace(o.reference); ref != "" && !strings.EqualFold(ref, fix.Strict) {
		d, ok := crawlers.ReaderByID(strings.TrimSpace(o.reference))
		switch {
		case !ok:
			return usageErr("unknown reference %q; use strict or one of %s", visible(o.reference), dialectIDs())
		case d.Crawler != nil:
			return usageErr("%s is a crawler preset, not a reading fix can keep; use strict (every reader's refusals, the presets' too) or one of %s", d.ID, dialectIDs())
		}
		opt.Reference = d
	}
	for _, s := range o.agents {
		a, err := core.ParseAgent(s)
		if err != nil {
			return usageErr("%s", visible(err.Error()))
		}
		opt.Agents = append(opt.Agents, a)
	}
	for _, s := range c.args[1:] {
		sel, err := core.SelectorFrom(s)
		if err != nil {
			return usageErr("%s", visible(err.Error()))
		}
		opt.Selectors = append(opt.Selectors, sel)
	}
	data, err := readRobots(c.args[0], c.stdin)
	if err != nil {
		return err
	}
	res, err := fix.Fix(data, opt)
	if err != nil {
		return usageErr("%s: %s", visible(c.args[0]), visible(err.Error()))
	}
	if o.json {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(res); err != nil {
			return err
		}
		if _, err := c.stdout.Write(core.EscapeJSONControls(b.Bytes())); err != nil {
			return err
		}
	} else {
		robots := res.Robots
		if isTerminal(c.stdout) {
			robots = visibleText(robots) // as fetch does; redirected, the bytes as they are
		}
		io.WriteString(c.stdout, robots)
		writeFixAccount(c.stderr, c.args[0], res, len(data) == 0, o.max)
	}
	if len(res.Unresolved) > 0 || len(res.Opened) > 0 {
		return &exitError{code: 1}
	}
	return nil
}

// writeFixAccount is text mode's stderr: first, loudly, any path the
// rewrite lets a reader into; then a line per change, per unresolved row
// (at most max) and per lint finding left; then how many rows agree.
func writeFixAccount(w io.Writer, name string, res fix.Result, empty bool, max int) {
	name = visible(name)
	if empty {
		fmt.Fprintf(w, "%s: nothing to fix: an empty robots.txt allows everything in every dialect\n", name)
		return
	}
	for _, s := range fix.OpenedSentences(res.Opened) {
		fmt.Fprintf(w, "%s: WARNING: %s\n", name, visible(s))
	}
	for _, c := range res.Changes {
		fmt.Fprintf(w, "%s:%s: %s: %s\n", name, lineRef(c.Line), c.Code, visible(c.Message))
	}
	for i, u := range res.Unresolved {
		if max > 0 && i == max {
			fmt.Fprintf(w, "%s: %d more unresolved %s not shown; run with -max 0 to see them all, or -json\n", name, len(res.Unresolved)-i, plural(len(res.Unresolved)-i, "row", "rows"))
			break
		}
		fmt.Fprintf(w, "%s: unresolved: %s %s (%s) [%s]: %s\n", name, visible(u.Agent), visible(u.Selector), strings.Join(u.Dialects, ", "), u.Code, visible(u.Reason))
	}
	for _, r := range res.Remaining {
		fmt.Fprintf(w, "%s:%s: still %s: %s (%s)\n", name, lineRef(r.Line), r.Code, visible(r.Message), r.Why)
	}
	readers := "reader"
	if res.Reference != fix.Strict {
		readers = "dialect"
	}
	summary := fmt.Sprintf("%s: %d of %d rows agree with %s in every %s of the %s scope (%d before)", name, res.AgreedAfter, res.Rows, res.Reference, readers, res.Protocol, res.AgreedBefore)
	if n := len(res.Opened); n > 0 {
		summary += fmt.Sprintf("; but the rewrite lets readers into paths they refuse today, %d %s in all (see the warnings above)", n, plural(n, "verdict", "verdicts"))
	}
	fmt.Fprintln(w, summary)
}

func dialectIDs() string {
	var ids []string
	for _, d := range core.Dialects() {
		ids = append(ids, d.ID)
	}
	return strings.Join(ids, ", ")
}
