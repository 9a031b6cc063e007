package audit

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/smolbots/smolbots/core"
)

// InForce is the sentence every report starts with: the audit judges the
// whole log by the one file it was given.
func InForce(robotsName string) string {
	return fmt.Sprintf("%s is taken as the robots.txt in force for the whole log: the audit cannot know earlier versions, and a request the file denies today may have been allowed when it was made.", core.Visible(robotsName))
}

// DefaultMax is how many clients the text lists before "and N more".
const DefaultMax = 20

// WriteText is WriteTextMax with DefaultMax.
func WriteText(w io.Writer, res *Result, robotsName string) error {
	return WriteTextMax(w, res, robotsName, DefaultMax)
}

// WriteTextMax writes the report people read: which dialects judged
// what, one line per client (worst first, at most max, the rest
// counted by verdict), each listed ignoring client's first three
// offending requests with the deciding line and a permalink, what the
// groups for agents not tested would have said, then the notes.
// Nothing from the log reaches the terminal raw.
func WriteTextMax(w io.Writer, res *Result, robotsName string, max int) error {
	if max <= 0 {
		max = DefaultMax
	}
	var b strings.Builder
	b.WriteString(InForce(robotsName) + "\n")
	for _, s := range ScopeSentences(res) {
		b.WriteString(s + "\n")
	}
	shown := res.Clients[:min(len(res.Clients), max)]
	if len(res.Clients) == 0 {
		b.WriteString("\nNo requests to audit.\n")
	} else {
		b.WriteString("\n")
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "VERDICT\tCLIENT\tCRAWLER\tREQUESTS\tROBOTS.TXT FIRST\tVIOLATIONS\tDISPUTED\tBEFORE ROBOTS.TXT")
		for _, c := range shown {
			crawler := c.CrawlerName
			if crawler == "" {
				crawler = "-"
			}
			fetched := c.RobotsFetched
			if fetched == "" {
				fetched = "-"
			}
			disputed := strconv.Itoa(c.Disputed)
			if len(c.DisputedBy) > 0 {
				disputed += " (" + strings.Join(c.DisputedBy, ", ") + ")"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%d\t%s\t%d\n", c.Verdict, core.Visible(c.Client), crawler, c.Requests, fetched, c.Violations, disputed, c.BeforeRobots)
		}
		tw.Flush()
		if rest := res.Clients[len(shown):]; len(rest) > 0 {
			fmt.Fprintf(&b, "and %d more %s: %s (-max N lists more; -json lists every client)\n", len(rest), plural(len(rest), "client", "clients"), verdictCounts(rest))
		}
	}
	for _, c := range shown {
		if c.Verdict != Ignored {
			continue
		}
		n := 0
		for _, ex := range c.Examples {
			if !ex.Disputed {
				n++
			}
		}
		who := core.Visible(c.Client)
		if c.CrawlerName != "" {
			who += " (" + c.CrawlerName + ")"
		}
		fmt.Fprintf(&b, "\n%s ignored the file: %d %s after reading it; the first %s:\n", who, c.Violations, plural(c.Violations, "request", "requests"), plural(n, "one", strconv.Itoa(n)))
		for _, ex := range c.Examples {
			if ex.Disputed {
				continue
			}
			t := ex.Time
			if t == "" {
				t = "(no time)"
			}
			fmt.Fprintf(&b, "  %s  %s\n", t, core.Visible(ex.URL))
			fmt.Fprintf(&b, "    line %d: %s (denied by %s)\n", ex.Line, core.Visible(ex.Rule), strings.Join(ex.Dialects, ", "))
			if ex.Link != "" {
				fmt.Fprintf(&b, "    %s\n", ex.Link)
			}
		}
	}
	if us := UntestedSentences(res, max); len(us) > 0 {
		b.WriteString("\n")
		for _, u := range us {
			b.WriteString(u + "\n")
		}
	}
	if notes := Notes(res); len(notes) > 0 {
		b.WriteString("\n")
		for _, n := range notes {
			b.WriteString(n + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ScopeSentences say which dialects judged the requests of each
// protocol seen, a sentence each.
func ScopeSentences(res *Result) []string {
	var out []string
	for _, s := range res.Scopes {
		out = append(out, fmt.Sprintf("%s requests are judged under %s (%s %s).", scopeName(s.Protocol), strings.Join(s.Dialects, ", "), plural(len(res.Agents), "agent", "agents"), core.Visible(strings.Join(res.Agents, ", "))))
	}
	return out
}

func scopeName(p string) string {
	switch p {
	case "gemini":
		return "Gemini"
	case "gopher":
		return "Gopher"
	}
	return "All"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Notes are the report's closing sentences: what was read, and what was
// left out or could not be told. Log text in them is escaped.
func Notes(res *Result) []string {
	var out []string
	var formats []string
	for _, f := range res.Formats {
		formats = append(formats, fmt.Sprintf("%s %d", f.Format, f.Lines))
	}
	read := fmt.Sprintf("Read %d %s", res.Lines, plural(res.Lines, "line", "lines"))
	if len(formats) > 0 {
		read += " (" + strings.Join(formats, ", ") + ")"
	}
	out = append(out, read+fmt.Sprintf(": %d %s, %d other %s.", res.Requests, plural(res.Requests, "request", "requests"), res.Other, plural(res.Other, "line", "lines")))
	if res.Requests == 0 {
		out = append(out, noRequestWhy(res)...)
	}
	if res.Anonymous > 0 {
		out = append(out, fmt.Sprintf("%d %s no client address (%s): %s counted together as client \"-\", so clients cannot be told apart there; its verdict sums them all.",
			res.Anonymous, plural(res.Anonymous, "request carries", "requests carry"), anonymousWhy(res.AnonymousFormats), plural(res.Anonymous, "it is", "they are")))
	}
	if res.OutOfScope > 0 {
		out = append(out, fmt.Sprintf("%d %s over another protocol (HTTP or Spartan through PyGopherd, or the one -protocol leaves out) %s left out.", res.OutOfScope, plural(res.OutOfScope, "request", "requests"), plural(res.OutOfScope, "was", "were")))
	}
	if res.BeforeSince > 0 {
		out = append(out, fmt.Sprintf("%d %s before -since %s left out (a robots.txt fetch among them still counts as read).", res.BeforeSince, plural(res.BeforeSince, "request", "requests"), plural(res.BeforeSince, "was", "were")))
	}
	if res.Undated > 0 {
		out = append(out, fmt.Sprintf("%d %s no time, so -since could not place %s: left out.", res.Undated, plural(res.Undated, "request has", "requests have"), plural(res.Undated, "it", "them")))
	}
	if res.Untimed > 0 {
		out = append(out, fmt.Sprintf("%d %s no time (gmid's legacy lines in a file, PyGopherd's standard output, syslog messages copied to standard error with no header); their order in the log is taken as the order they were made.", res.Untimed, plural(res.Untimed, "request has", "requests have")))
	}
	if res.Unmatched > 0 {
		s := fmt.Sprintf("%d %s no format", res.Unmatched, plural(res.Unmatched, "line matches", "lines match"))
		if res.Lines == res.Unmatched {
			s += "; is this an access log of a Gemini or Gopher server (smolbots help audit lists the formats)?"
		} else {
			s += "; the first:"
		}
		out = append(out, s)
		for _, l := range res.UnmatchedLines {
			out = append(out, fmt.Sprintf("  %s:%d: %s", core.Visible(l.File), l.Line, core.Visible(l.Text)))
		}
	}
	return out
}

func anonymousWhy(formats []string) string {
	var why []string
	for _, f := range formats {
		switch f {
		case "agate":
			why = append(why, "agate writes \"-\" unless it runs with --log-ip")
		case "geminid":
			why = append(why, "geminid records none")
		case "agate-legacy":
			why = append(why, "agate 1.3 to 2.3 records none")
		default:
			why = append(why, f+" wrote none")
		}
	}
	return strings.Join(why, "; ")
}

// quietLines says, for each server, what its lines that record no
// request are, and where its requests are when they are not there.
var quietLines = map[string]string{
	"molly-brown": "connections that sent no request it could read (its URL is -)",
	"agate":       "its start, connections that failed before a request (status 00 or 01) and other messages; agate 1.3 to 2.3 wrote a request as `Got request for \"URL\"`, which this log does not hold (agate 1.3 only with AGATE_LOG=info)",
	"jetforce":    "its start-up banner and messages, which it writes to standard error; its requests go to standard output",
	"gmid":        "its messages about itself, not requests (requests are logged unless `log off`)",
	"gophernicus": "its messages other than requests; it logs requests to syslog unless -ns, to a file only with -l",
	"geomyidae":   "connections opened and closed, with no selector",
	"pygopherd":   "exceptions, not requests",
	"gemserv":     "messages of its modules other than gemserv::logger, where requests are",
	"motsognir":   "its raw queries and other messages; requests are its `Requested resource:` lines",
	"geminid":     "lines with no request",
}

// noRequestWhy: a log of a known server that yields no request says
// whose it is and what its lines are, so "0 requests" is never bare.
func noRequestWhy(res *Result) []string {
	var out []string
	foreign := res.Other
	for _, f := range res.Formats {
		foreign -= f.Lines
		why, ok := quietLines[f.Format]
		if !ok {
			continue
		}
		out = append(out, fmt.Sprintf("No request was read: %d %s %s, and %s none: %s.", f.Lines, plural(f.Lines, "line is", "lines are"), f.Format+"'s", plural(f.Lines, "it records", "they record"), why))
	}
	if foreign > 0 {
		out = append(out, fmt.Sprintf("%d %s other programs' syslog or journal %s, not a Gemini or Gopher server's.", foreign, plural(foreign, "line is", "lines are"), plural(foreign, "line", "lines")))
	}
	return out
}

// verdictCounts words how many clients have each verdict:
// "3 ignored, 0 never-read, 977 obeyed".
func verdictCounts(cs []Client) string {
	n := map[string]int{}
	for _, c := range cs {
		n[c.Verdict]++
	}
	return fmt.Sprintf("%d %s, %d %s, %d %s", n[Ignored], Ignored, n[NeverRead], NeverRead, n[Obeyed], Obeyed)
}

// UntestedSentences say which of the file's groups name agents or roles
// the audit did not test as, so that its verdicts never use their
// rules, and which clients, after reading robots.txt, asked for paths
// each of them refuses (every dialect in scope that applies it): the
// audit would report as that agent. At most max clients a group.
func UntestedSentences(res *Result, max int) []string {
	if len(res.Untested) == 0 {
		return nil
	}
	if max <= 0 {
		max = DefaultMax
	}
	tested := core.Visible(strings.Join(res.Agents, ", "))
	var names, skipped []string
	role := ""
	for _, g := range res.Untested {
		names = append(names, groupName(g))
		if !g.Audited {
			skipped = append(skipped, groupName(g))
		}
		if role == "" && g.Role {
			role = strings.ToLower(strings.TrimSpace(g.Agent))
		}
	}
	out := []string{fmt.Sprintf("Untested: the groups for %s apply to no agent tested here (%s), so the verdicts above never use their rules.", joinAnd(names, max), tested)}
	if res.NoGroup {
		out = append(out, fmt.Sprintf("No group of the file applies to %s, so \"obeyed\" above says only that the file gives %s no rule: it is no all-clear.", tested, plural(len(res.Agents), "it", "them")))
	}
	audited := 0
	for _, g := range res.Untested {
		if !g.Audited {
			continue
		}
		if audited == max {
			out = append(out, fmt.Sprintf("  and %d more groups (-json gives each client's breaches)", countAudited(res.Untested)-audited))
			break
		}
		audited++
		if g.Clients == 0 {
			out = append(out, fmt.Sprintf("  As %s: no client, after reading robots.txt, asked for a path every dialect that applies the group refuses.", groupName(g)))
			continue
		}
		var who []string
		for _, c := range res.Clients {
			for _, br := range c.Untested {
				if br.Agent != g.Agent || br.Line != g.Line {
					continue
				}
				if len(who) < max {
					who = append(who, fmt.Sprintf("%s (%d %s, the first %s, refused by line %d: %s)", core.Visible(c.Client), br.Violations, plural(br.Violations, "request", "requests"), core.Visible(br.URL), br.RuleLine, core.Visible(br.Rule)))
				}
			}
		}
		more := ""
		if g.Clients > len(who) {
			more = fmt.Sprintf(" and %d more", g.Clients-len(who))
		}
		out = append(out, fmt.Sprintf("  As %s: %d %s read robots.txt and then asked for paths every dialect that applies the group refuses, a breach if %s: %s%s.",
			groupName(g), g.Clients, plural(g.Clients, "client", "clients"), whoIf(g, g.Clients), strings.Join(who, "; "), more))
	}
	if len(skipped) > 0 {
		out = append(out, fmt.Sprintf("  Not audited (not an agent name, or past the first %d groups): %s.", maxShadows, joinAnd(skipped, max)))
	}
	try := "-agent NAME for a crawler the file names"
	if role != "" {
		try = fmt.Sprintf("-agent 'NAME(%s)' for a crawler in that role, or %s", role, try)
	}
	out = append(out, "To audit every client as one of them, add "+try+".")
	return out
}

// whoIf: "it is an indexer", "they are GUS".
func whoIf(g UntestedGroup, n int) string {
	subject := plural(n, "it is", "they are")
	if g.Role {
		return subject + " " + plural(n, article(g.Agent), "") + core.Visible(strings.ToLower(strings.TrimSpace(g.Agent))) + plural(n, "", "s")
	}
	return subject + " " + core.Visible(g.Agent)
}

func article(word string) string {
	if strings.ContainsRune("aeiouAEIOU", rune(strings.TrimSpace(word)[0])) {
		return "an "
	}
	return "a "
}

func groupName(g UntestedGroup) string {
	return fmt.Sprintf("%s (line %d)", core.Visible(g.Agent), g.Line)
}

func countAudited(gs []UntestedGroup) int {
	n := 0
	for _, g := range gs {
		if g.Audited {
			n++
		}
	}
	return n
}

// joinAnd joins at most max items with commas and "and", counting the
// rest.
func joinAnd(items []string, max int) string {
	if len(items) > max {
		return strings.Join(items[:max], ", ") + fmt.Sprintf(" and %d more", len(items)-max)
	}
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
