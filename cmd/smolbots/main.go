// Command smolbots answers robots.txt questions for Gopher and Gemini
// crawlers from the command line: check, lint, fetch and serve.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

const usage = `smolbots: one robots.txt, six readings.

Usage:
  smolbots check [-dialect all|ID[,ID]] [-protocol gemini|gopher|any] [-agent AGENT]... [-json] ROBOTS SELECTOR...
  smolbots lint  [-json] [-protocol gemini|gopher|any] ROBOTS
  smolbots fix   [-reference ID] [-protocol gemini|gopher|any] [-agent AGENT]... [-json] ROBOTS [SELECTOR...]
  smolbots fetch [-json] gopher://host[:port] | gemini://host[:port]
  smolbots serve [-addr 127.0.0.1:8080] [-dir build/web] [-allow-loopback]

ROBOTS is a file, - for standard input, or a gopher:// or gemini:// URL.
SELECTOR is a raw selector or path, or a gopher:// or gemini:// URL.
Dialects: gopher2019, gopherdraft, gemini, conner2020, rfc9309, norobots.

-protocol says what the file is served over, so which dialects count
(default any, or the ROBOTS URL's scheme). fix rewrites the file so they
agree with the reference dialect: the new file on stdout, each change and
each row it could not make agree on stderr.

Exit status: 0 all allowed, 1 something disallowed (check), a lint
error found (lint) or a row left unresolved (fix), 2 usage or input error.
`

// exitError carries an exit status and a one-sentence message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &exitError{code: 2, msg: fmt.Sprintf(format, args...)}
}

type command func(args []string, stdin io.Reader, stdout, stderr io.Writer) error

var commands = map[string]command{
	"check": runCheck,
	"lint":  runLint,
	"fix":   runFix,
	"fetch": runFetch,
	"serve": runServe,
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: tests call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stderr, usage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "smolbots: unknown command %q; run smolbots -help for the list.\n", args[0])
		return 2
	}
	err := cmd(args[1:], stdin, stdout, stderr)
	var ee *exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		if ee.msg != "" {
			fmt.Fprintf(stderr, "smolbots %s: %s\n", args[0], ee.msg)
		}
		return ee.code
	default:
		fmt.Fprintf(stderr, "smolbots %s: %s\n", args[0], err)
		return 2
	}
}
