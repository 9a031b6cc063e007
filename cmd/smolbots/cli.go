package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
)

// command is one subcommand: what help prints about it and how it runs.
// Help, the short usage and flag parsing are written once, here, from
// these fields, so a new command only describes itself.
type command struct {
	name     string
	args     string   // the positional arguments, as the synopsis names them
	summary  string   // what it does, a few sentences
	examples []string // each "command line  # what it shows"
	exits    []string // each "N  when", for the help's exit status section
	// define registers the command's flags on fs and returns what runs
	// it once they are parsed.
	define func(fs *flag.FlagSet) func(c *call) error
}

// call is one run of a command: its positional arguments and streams.
type call struct {
	args   []string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// flags makes the command's FlagSet and the function that runs it.
func (cmd *command) flags() (*flag.FlagSet, func(c *call) error) {
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors come back as our own sentences
	if cmd.define == nil {
		return fs, nil // version and help, which run runs itself
	}
	return fs, cmd.define(fs)
}

// synopsis is the one-line usage, made from the registered flags so it
// cannot leave one out.
func (cmd *command) synopsis() string {
	fs, _ := cmd.flags()
	var b strings.Builder
	b.WriteString("smolbots " + cmd.name)
	fs.VisitAll(func(f *flag.Flag) {
		if isBool(f) {
			fmt.Fprintf(&b, " [-%s]", f.Name)
			return
		}
		name, _ := flag.UnquoteUsage(f)
		fmt.Fprintf(&b, " [-%s %s]", f.Name, name)
		if _, ok := f.Value.(*stringList); ok {
			b.WriteString("...")
		}
	})
	if cmd.args != "" {
		b.WriteString(" " + cmd.args)
	}
	return b.String()
}

// help is the command's whole usage: synopsis, what it does, every flag
// with its default, examples and exit codes.
func (cmd *command) help() string {
	fs, _ := cmd.flags()
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: %s\n\n%s\n", cmd.synopsis(), cmd.summary)
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		b.WriteString("\nFlags (before or after the arguments; -- ends them):\n")
		fs.VisitAll(func(f *flag.Flag) {
			name, usage := flag.UnquoteUsage(f)
			if isBool(f) {
				fmt.Fprintf(&b, "  -%s\n", f.Name)
			} else {
				fmt.Fprintf(&b, "  -%s %s\n", f.Name, name)
			}
			b.WriteString("        " + usage)
			if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "[]" {
				fmt.Fprintf(&b, " (default %s)", f.DefValue)
			}
			b.WriteString("\n")
		})
	}
	if len(cmd.examples) > 0 {
		b.WriteString("\nExamples:\n")
		for _, e := range cmd.examples {
			b.WriteString("  " + e + "\n")
		}
	}
	if len(cmd.exits) > 0 {
		b.WriteString("\nExit status:\n")
		for _, e := range cmd.exits {
			b.WriteString("  " + e + "\n")
		}
	}
	return b.String()
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// isDuration: the flag takes a time.Duration, which needs its unit.
func isDuration(f *flag.Flag) bool {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	_, ok = g.Get().(time.Duration)
	return ok
}

// errHelp asks for the command's help on stdout.
var errHelp = errors.New("help requested")

// parseArgs reads flags wherever they stand among the positional
// arguments; "--" ends the flags. It returns the positional arguments.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(pos, args[i+1:]...), nil
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a) // "-" alone is standard input
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		value, hasValue := "", false
		if k := strings.IndexByte(name, '='); k >= 0 {
			name, value, hasValue = name[:k], name[k+1:], true
		}
		if name == "h" || name == "help" {
			return nil, errHelp
		}
		f := fs.Lookup(name)
		if f == nil {
			return nil, usageErr("%s is not a flag of %s; see smolbots help %s", visible(a), fs.Name(), fs.Name())
		}
		if !hasValue {
			if isBool(f) {
				value = "true"
			} else {
				if i+1 >= len(args) {
					return nil, usageErr("-%s needs a value", f.Name)
				}
				i++
				value = args[i]
			}
		}
		if err := fs.Set(f.Name, value); err != nil {
			if isBool(f) {
				return nil, usageErr("-%s takes no value, or true or false, not %q", f.Name, visible(value))
			}
			if isDuration(f) {
				return nil, usageErr("-%s: %q is not a duration; give a duration such as 1s, 500ms or 2m", f.Name, visible(value))
			}
			if name, _ := flag.UnquoteUsage(f); name != "" {
				return nil, usageErr("-%s: %q is not a valid %s", f.Name, visible(value), name)
			}
			return nil, usageErr("-%s: %q is not a valid value", f.Name, visible(value))
		}
	}
	return pos, nil
}
