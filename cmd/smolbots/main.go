// Command smolbots answers robots.txt questions for Gopher and Gemini
// crawlers from the command line: check, lint, fix, fetch, site, audit,
// explain and serve.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"
)

// commands in the order the usage lists them.
var commands = []*command{checkCmd, lintCmd, fixCmd, fetchCmd, siteCmd, auditCmd, explainCmd, vectorsCmd, conformCmd, manCmd, serveCmd, lspCmd}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// usage is the short usage: every command's synopsis, made from its flags.
func usage() string {
	var b strings.Builder
	b.WriteString("smolbots: one robots.txt, six readings.\n\nUsage:\n")
	for _, c := range commands {
		b.WriteString("  " + c.synopsis() + "\n")
	}
	b.WriteString("  smolbots version\n  smolbots help [COMMAND]\n\n")
	b.WriteString(usageNotes)
	return b.String()
}

// usageNotes end the short usage and begin the manual page's
// description: what the arguments are, and the exit status.
const usageNotes = `ROBOTS is a file, - for standard input, or a gopher:// or gemini:// URL.
SELECTOR is a raw selector or path, or a gopher:// or gemini:// URL.
Dialects (all): gopher2019, gopherdraft, gemini, conner2020, rfc9309, norobots.
Crawler presets (crawlers; they test their own agent names, not -agent):
  tlgs, gemplex, gemini-grc, kennedy, gus, gus-legacy, mozz-archiver,
  auragem, veronica2 (unverified), gopher-mcp-gemini, gopher-mcp-gopher.
Flags may come before or after the arguments; -- ends them.

-protocol says what the file is served over, so which dialects count
(default any, or the ROBOTS URL's scheme). fix rewrites the file so they
agree with the reference dialect: the new file on stdout, each change and
each row it could not make agree on stderr.

site walks a capsule or Gopher hole from a URL, politely, and tests every
page it finds under every reader.

Exit status: 0 nothing to report (check: all allowed; lint: no finding at
or above -severity), 1 something to report (check: something denied; lint:
a finding at or above -severity; fix: a row left unresolved; site: a page
some reader refuses; audit: a client ignored the file), 2 usage or input error.
Run smolbots help COMMAND (or smolbots COMMAND -h) for one command's flags.
`

// versionCmd and helpCmd are run by run itself, not by a FlagSet; they
// are described here so that help and the manual page word them once.
var (
	versionCmd = &command{
		name: "version",
		summary: `Prints the module version, the commit the binary was built from and the
Go release that built it, on one line.`,
		exits: []string{"0  the version was printed", "2  an argument was given"},
	}
	helpCmd = &command{
		name: "help",
		args: "[COMMAND]",
		summary: `Prints the usage: every command's synopsis, what the arguments are and the
exit status. With COMMAND, prints that command's help instead: its synopsis,
what it does, every flag with its default, examples and exit status, as
smolbots COMMAND -h and smolbots COMMAND --help do. Both go to stdout.`,
		exits: []string{"0  the help was printed", "2  COMMAND is not a command"},
	}
)

// exitError carries an exit status and a one-sentence message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &exitError{code: 2, msg: fmt.Sprintf(format, args...)}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: tests call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help":
		fmt.Fprint(stdout, usage())
		return 0
	case "help":
		if len(args) == 1 {
			fmt.Fprint(stdout, usage())
			return 0
		}
		// version and help are listed in the usage too, so help knows them.
		switch args[1] {
		case "help", "-h", "-help", "--help":
			fmt.Fprint(stdout, usage())
			return 0
		case "version":
			fmt.Fprint(stdout, versionCmd.help())
			return 0
		}
		cmd := lookup(args[1])
		if cmd == nil {
			fmt.Fprintf(stderr, "smolbots help: unknown command %q; run smolbots help for the list.\n", args[1])
			return 2
		}
		fmt.Fprint(stdout, cmd.help())
		return 0
	case "version":
		if len(args) > 1 {
			switch args[1] {
			case "-h", "-help", "--help":
				fmt.Fprint(stdout, versionCmd.help())
				return 0
			}
			fmt.Fprintf(stderr, "smolbots version: version takes no arguments, not %q\n", visible(args[1]))
			return 2
		}
		fmt.Fprintln(stdout, version())
		return 0
	}
	if strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		// A flag before the command (smolbots -json check ...): the
		// command's flags may stand anywhere after its name, so read them
		// there. No command at all: one sentence, not the whole usage.
		i := slices.IndexFunc(args, func(a string) bool { return lookup(a) != nil })
		if i < 0 || slices.Contains(args[:i], "--") {
			fmt.Fprintf(stderr, "smolbots: %s is a flag, not a command: give the command first, then its flags (smolbots help lists the commands)\n", visible(args[0]))
			return 2
		}
		args = slices.Concat(args[i:i+1], args[:i], args[i+1:])
	}
	cmd := lookup(args[0])
	if cmd == nil {
		fmt.Fprintf(stderr, "smolbots: unknown command %q; run smolbots help for the list.\n", visible(args[0]))
		fmt.Fprint(stderr, usage())
		return 2
	}
	fs, runCmd := cmd.flags()
	pos, err := parseArgs(fs, args[1:])
	if err != nil && !errors.Is(err, errHelp) {
		// a bad flag: the sentence, then the short usage to fix it by
		fmt.Fprintf(stderr, "smolbots %s: %s\nUsage: %s\n", cmd.name, err, cmd.synopsis())
		return 2
	}
	if err == nil {
		err = runCmd(&call{args: pos, stdin: stdin, stdout: stdout, stderr: stderr})
	}
	var ee *exitError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errHelp):
		fmt.Fprint(stdout, cmd.help())
		return 0
	case errors.As(err, &ee):
		if ee.msg != "" {
			fmt.Fprintf(stderr, "smolbots %s: %s\n", cmd.name, ee.msg)
		}
		return ee.code
	default:
		fmt.Fprintf(stderr, "smolbots %s: %s\n", cmd.name, err)
		return 2
	}
}

// revision is the commit the binary was built from, for builds where Go
// records no VCS information (a git worktree, a source tarball): build.sh
// sets it with -ldflags -X main.revision=....
var revision string

// moduleVersion is the module version the binary was built as,
// "(devel)" for a build from a checkout.
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// version is the module version and the VCS revision the binary was
// built from, as the Go toolchain recorded them.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "smolbots: no build information in this binary"
	}
	v := "smolbots " + bi.Main.Version
	var rev, when, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", with local changes"
			}
		}
	}
	if rev == "" {
		rev = revision
	}
	if rev != "" {
		if when != "" {
			rev += ", " + when
		}
		v += " (revision " + rev + modified + ")"
	} else {
		v += " (no VCS revision recorded)"
	}
	return v + ", " + bi.GoVersion
}
