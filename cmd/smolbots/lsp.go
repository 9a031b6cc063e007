package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"strings"

	"github.com/smolbots/smolbots/internal/lsp"
)

var lspCmd = &command{
	name: "lsp",
	summary: `Serves the Language Server Protocol on standard input and output, for
robots.txt files in an editor (docs/editors.md). Diagnostics are lint's
findings, each with its page's address; hover on a line says how each reader
in scope reads it, and on a User-agent line which crawlers its group
reaches; code actions are fix's steps for the lines chosen, under its strict
default (no step lets a reader in); completion offers field names, virtual
agents and the crawlers' agent names; the command smolbots.verdicts gives
check's text for a selector. The flags are the defaults; the client's
settings (initializationOptions or workspace settings: protocol, selectors,
ignore, severity) replace them, and a first-line comment "# smolbots-lsp:
protocol=gemini selector=/a ignore=CODE" replaces both for its file.`,
	examples: []string{
		"smolbots lsp                                     # started by the editor",
		"smolbots lsp -protocol gemini                    # every file is a capsule's",
	},
	exits: []string{
		"0  the client said shutdown then exit, or closed standard input",
		"1  the client said exit without shutdown",
		"2  usage error, or the input ended inside a message, with one sentence on stderr",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		o := lspOptions{}
		o.protocol = protocolFlag(fs)
		fs.Var(&o.selectors, "selector", "a `SELECTOR` under test, as on lint; repeatable")
		fs.Var(&o.ignore, "ignore", "drop the findings with these codes, as `CODE[,CODE]`; repeatable")
		fs.StringVar(&o.severity, "severity", "warning", "the lowest severity shown, as `error|warning|info`")
		return func(c *call) error { return runLSP(c, o) }
	},
}

type lspOptions struct {
	protocol  *string
	selectors stringList
	ignore    stringList
	severity  string
}

func runLSP(c *call, o lspOptions) error {
	if len(c.args) != 0 {
		return usageErr("lsp takes no arguments besides its flags; the editor sends the files")
	}
	if _, err := scopeOf(*o.protocol, ""); err != nil {
		return err
	}
	var ignore []string
	for _, list := range o.ignore {
		ignore = append(ignore, strings.Split(list, ",")...)
	}
	srv := lsp.New(lsp.Options{
		Version:  moduleVersion(),
		Defaults: lsp.Settings{Protocol: *o.protocol, Selectors: o.selectors, Ignore: ignore, Severity: o.severity},
		Verdicts: checkText,
	})
	err := srv.Run(c.stdin, c.stdout)
	switch {
	case err == nil || errors.Is(err, io.EOF):
		return nil
	case errors.Is(err, lsp.ErrNoShutdown):
		return &exitError{code: 1} // as the protocol asks
	case errors.Is(err, io.ErrUnexpectedEOF):
		return usageErr("the input ended inside a message")
	}
	return usageErr("%v", err)
}

// checkText is check's own text for the verdicts command: the robots.txt
// on standard input, under the protocol, for the selector and agents.
func checkText(robots []byte, protocol, selector string, agents []string) (string, error) {
	args := []string{"-protocol", protocol}
	for _, a := range agents {
		args = append(args, "-agent", a)
	}
	args = append(args, "--", "-", selector)
	fs, runCheck := checkCmd.flags()
	pos, err := parseArgs(fs, args)
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	err = runCheck(&call{args: pos, stdin: bytes.NewReader(robots), stdout: &out, stderr: io.Discard})
	var ee *exitError
	if err == nil || errors.As(err, &ee) && ee.code == 1 {
		return out.String(), nil // 1: some reader denies, an answer like 0
	}
	return "", err
}
