package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/audit"
	"github.com/smolbots/smolbots/core/state"
)

var auditCmd = &command{
	name: "audit",
	args: "ROBOTS LOG...",
	summary: `Reads a Gemini or Gopher server's own access log and says, client by client
(clients are addresses: Gemini sends no User-agent), whether it read
robots.txt and stayed out (obeyed), read it and went in anyway (ignored),
or never read it (never-read). A request is a violation when the file denies
its path to * (or an -agent) under every dialect in scope (-protocol; by
default the dialects of the request's own protocol), and disputed when only
some do. A client at an address its crawler's operator publishes is named
and checked under that crawler's preset instead. ROBOTS is taken as the file
in force for the whole log. LOG is a file, - for standard input, or gzip
(.gz). Give rotated logs oldest first: the order of the lines is the order
of the requests. Lines in no format are counted and the first three shown;
syslog lines of other programs are skipped; a LOG with no line in a known
format is refused. -json prints one object per client (docs/json.md);
docs/audit.md says how each verdict is reached.

A client is judged as * unless -agent says who it is. The file's groups for
the names and roles no agent tested carries (a file for archiver, indexer
and researcher alone gives * no rule) are audited apart: the report names
each, and the clients that read robots.txt and then went where it refuses.
Without -agent, such a client makes the exit 1 when * gets no group. The
text lists at most -max clients, the rest counted by verdict.

Formats, recognised line by line unless -format names one:
  ` + wrapWords(strings.Join(audit.FormatNames(), ", "), 72, "  "),
	examples: []string{
		"smolbots audit robots.txt /var/log/molly-brown/access.log   # one line per client, worst first",
		"smolbots audit -agent 'mybot(indexer)' robots.txt access.log   # as indexers",
		"smolbots audit -json robots.txt - < access.log | jq 'select(.verdict == \"ignored\")'",
	},
	exits: []string{
		"0  no client ignored the file",
		"1  some client ignored the file; or, without -agent, the file gives * no group and some client would have ignored it as an agent or role its groups name",
		"2  usage or input error (a LOG that is missing, binary, not gzip as it claims, or no log: none of its lines in a format audit reads), with one sentence on stderr",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		o := auditOptions{}
		fs.StringVar(&o.format, "format", "auto", "the log's format, as `auto|NAME`: auto recognises each line's format; a NAME (or a server with several styles, gmid) reads only that one")
		fs.StringVar(&o.protocol, "protocol", "", "what ROBOTS is served over, as `gemini|gopher|any`: its dialects judge every request, and requests over the other protocol are left out (default: each request by its own protocol's dialects, or the ROBOTS URL's scheme)")
		fs.BoolVar(&o.json, "json", false, "one JSON object per client, each on its own line; the notes go to stderr")
		fs.StringVar(&o.since, "since", "", "leave out requests before `TIME`: 2024-03-01T12:00:00Z, 2024-03-01 (local midnight), or a span back from now such as 36h or 7d")
		fs.Var(&o.agents, "agent", "who every client is taken to be, as `AGENT` (mybot, mybot(indexer), indexer); repeatable: a request is a violation when every dialect denies it to one of them (default *; the file's groups for other agents and roles are then audited apart)")
		fs.IntVar(&o.max, "max", audit.DefaultMax, "the most clients the text lists, as `N`, and the most per untested group; the rest are counted")
		return func(c *call) error { return runAudit(c, o) }
	},
}

type auditOptions struct {
	format, protocol, since string
	json                    bool
	agents                  stringList
	max                     int
}

func runAudit(c *call, o auditOptions) error {
	if len(c.args) < 2 {
		return usageErr("give a robots.txt (file, - or URL) and at least one log (file, - or .gz)")
	}
	// Permalinks open the case in the playground at the site's address.
	opt := audit.Options{Format: o.format, Link: func(s state.State) string { return core.Site() + "/#" + state.Encode(s) }}
	switch p, fromURL := core.ProtocolOfURL(c.args[0]); {
	case o.protocol != "":
		pr, err := core.ParseProtocol(o.protocol)
		if err != nil {
			return usageErr("%s", visible(err.Error()))
		}
		opt.Protocol = pr
	case fromURL:
		opt.Protocol = p
	}
	if o.max < 1 {
		return usageErr("-max must be at least 1")
	}
	if len(o.agents) > audit.MaxAgents {
		return usageErr("-agent is given %d times; at most %d agents can be audited at once", len(o.agents), audit.MaxAgents)
	}
	for _, s := range o.agents {
		ag, err := core.ParseAgent(s)
		if err != nil {
			return usageErr("%s", visible(err.Error()))
		}
		opt.Agents = append(opt.Agents, ag)
	}
	if o.since != "" {
		t, err := audit.ParseSince(o.since, time.Now(), time.Local)
		if err != nil {
			return usageErr("%s", visible(err.Error()))
		}
		opt.Since = t
	}
	stdinUsed := c.args[0] == "-"
	for _, name := range c.args[1:] {
		if name == "-" {
			if stdinUsed {
				return usageErr("standard input (-) can be read only once, as ROBOTS or as one LOG")
			}
			stdinUsed = true
		}
	}
	// Every LOG is opened and its start checked before any is read, so a
	// missing or binary one stops the audit before it says anything.
	logs := make([]io.Reader, 0, len(c.args)-1)
	for _, name := range c.args[1:] {
		r, closeLog, err := openLog(name, c.stdin)
		if err != nil {
			return err
		}
		defer closeLog()
		logs = append(logs, r)
	}
	data, err := readRobots(c.args[0], c.stdin)
	var missing *noRobotsError
	if errors.As(err, &missing) {
		data, err = nil, nil
		fmt.Fprintf(c.stderr, "smolbots audit: %s\n", missing.note())
	}
	if err != nil {
		return err
	}
	a, err := audit.New(data, opt)
	if err != nil {
		return usageErr("%s", visible(err.Error()))
	}
	for i, r := range logs {
		name := c.args[1+i]
		if name == "-" {
			name = "standard input"
		}
		a.Begin(name)
		if _, err := a.ReadFrom(r); err != nil {
			return usageErr("reading %s failed: %s", visible(name), visible(unwrapPathError(err).Error()))
		}
		if lines, unmatched, first := a.Source(); lines > 0 && unmatched == lines {
			return notALog(name, lines, first)
		}
	}
	res := a.Result()
	out := bufio.NewWriterSize(c.stdout, 64<<10)
	if o.json {
		fmt.Fprintf(c.stderr, "smolbots audit: %s\n", audit.InForce(c.args[0]))
		for _, n := range append(audit.UntestedSentences(res, o.max), audit.Notes(res)...) {
			fmt.Fprintf(c.stderr, "smolbots audit: %s\n", strings.TrimLeft(n, " "))
		}
		for i := range res.Clients {
			b, err := json.Marshal(&res.Clients[i])
			if err != nil {
				return err
			}
			out.Write(core.EscapeJSONControls(b))
			out.WriteByte('\n')
		}
	} else if err := audit.WriteTextMax(out, res, c.args[0], o.max); err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return err
	}
	if res.Breached() {
		return &exitError{code: 1}
	}
	return nil
}

// notALog is the error for a LOG none of whose lines is in a format
// audit reads: a robots.txt given as the log (the arguments swapped),
// or some other file.
func notALog(name string, lines int, first string) error {
	field, _, _ := strings.Cut(first, ":")
	switch strings.ToLower(strings.TrimSpace(field)) {
	case "user-agent", "disallow", "allow", "virtual-agent", "crawl-delay", "sitemap":
		return usageErr("%s looks like a robots.txt (line 1: %s), not an access log: give the robots.txt first, then the log: smolbots audit ROBOTS LOG...", visible(name), visible(first))
	}
	return usageErr("%s is not an access log audit reads: none of its %d %s is in a known format (line 1: %s); smolbots help audit lists the formats, and ROBOTS comes first, then LOG", visible(name), lines, plural(lines, "line", "lines"), visible(first))
}

// openLog opens one LOG: a file or "-", gunzipped when it starts with
// gzip's magic bytes, and refused when its start is binary.
func openLog(name string, stdin io.Reader) (io.Reader, func(), error) {
	shown := visible(name)
	var src io.Reader = stdin
	closeLog := func() {}
	if name == "-" {
		shown = "standard input"
	} else {
		fi, err := os.Stat(name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, nil, usageErr("the log %s does not exist", shown)
		case errors.Is(err, fs.ErrPermission):
			return nil, nil, usageErr("the log %s cannot be read: permission denied", shown)
		case err != nil:
			return nil, nil, usageErr("the log %s cannot be read: %v", shown, unwrapPathError(err))
		case fi.IsDir():
			return nil, nil, usageErr("%s is a directory, not a log file", shown)
		}
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, usageErr("the log %s cannot be read: %v", shown, unwrapPathError(err))
		}
		src, closeLog = f, func() { f.Close() }
	}
	br := bufio.NewReaderSize(src, 256<<10)
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		z, err := gzip.NewReader(br)
		if err != nil {
			closeLog()
			return nil, nil, usageErr("%s starts as gzip but is not: %v", shown, err)
		}
		br = bufio.NewReaderSize(z, 256<<10)
	} else if strings.HasSuffix(name, ".gz") {
		closeLog()
		return nil, nil, usageErr("%s is named .gz but is not gzip", shown)
	}
	start, err := br.Peek(audit.SniffBytes)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		closeLog()
		return nil, nil, usageErr("reading %s failed: %v", shown, unwrapPathError(err))
	}
	if audit.LooksBinary(start) {
		closeLog()
		return nil, nil, usageErr("%s is a binary file, not a server's access log", shown)
	}
	return br, closeLog, nil
}
