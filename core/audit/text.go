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

// WriteText writes the report people read: which dialects judged what,
// one line per client (worst first), each ignoring client's first three
// offending requests with the deciding line and a permalink, then the
// notes. Nothing from the log reaches the terminal raw.
func WriteText(w io.Writer, res *Result, robotsName string) error {
	var b strings.Builder
	b.WriteString(InForce(robotsName) + "\n")
	for _, s := range ScopeSentences(res) {
		b.WriteString(s + "\n")
	}
	if len(res.Clients) == 0 {
		b.WriteString("\nNo requests to audit.\n")
	} else {
		b.WriteString("\n")
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "VERDICT\tCLIENT\tCRAWLER\tREQUESTS\tROBOTS.TXT FIRST\tVIOLATIONS\tDISPUTED\tBEFORE ROBOTS.TXT")
		for _, c := range res.Clients {
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
	}
	for _, c := range res.Clients {
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
		out = append(out, fmt.Sprintf("%s requests are judged under %s (agent *).", scopeName(s.Protocol), strings.Join(s.Dialects, ", ")))
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
