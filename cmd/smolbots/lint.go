package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/smolbots/smolbots/core"
)

func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("lint")
	asJSON := fs.Bool("json", false, "one JSON object per line")
	var selectorArgs stringList
	fs.Var(&selectorArgs, "selector", "a selector under test, for lints that compare patterns with selectors; repeatable")
	protocolArg := protocolFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageErr("give exactly one robots.txt (file, - or URL)")
	}
	scope, err := scopeOf(*protocolArg, fs.Arg(0))
	if err != nil {
		return err
	}
	selectors := make([]string, len(selectorArgs))
	for i, s := range selectorArgs {
		if selectors[i], err = core.SelectorFrom(s); err != nil {
			return usageErr("%v", err)
		}
	}
	data, err := readRobots(fs.Arg(0), stdin)
	if err != nil {
		return err
	}
	findings := scope.Scope(core.Lint(core.Parse(data), selectors))
	serious := false
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	for _, fd := range findings {
		serious = serious || fd.Severity != core.SevInfo
		if *asJSON {
			if err := enc.Encode(fd); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(stdout, "%s:%d: %s: %s [%s] (%s)\n", fs.Arg(0), fd.Line, fd.Severity, fd.Message, fd.Code, strings.Join(fd.Dialects, ", "))
	}
	if !*asJSON && len(findings) == 0 {
		fmt.Fprintf(stdout, "%s: no findings\n", fs.Arg(0))
	}
	if serious {
		return &exitError{code: 1}
	}
	return nil
}
