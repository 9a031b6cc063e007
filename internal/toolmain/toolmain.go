// Package toolmain is the main of the small build tools (web/genref,
// web/gensite): a fixed number of arguments, a usage line and exit 2
// otherwise, and the tool's error as one line and exit 1.
package toolmain

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// Run runs the tool name with the command line's arguments: usage names
// them, one word each (OUTDIR, IN.html OUTDIR), and a command line with
// another count gets "usage: name usage" and exit 2. An error from run
// is printed as "name: error" with exit 1.
func Run(name, usage string, run func(args ...string) error) {
	os.Exit(Main(os.Stderr, os.Args[1:], name, usage, run))
}

// Main is Run on args, writing to stderr; it returns the exit status.
func Main(stderr io.Writer, args []string, name, usage string, run func(args ...string) error) int {
	if len(args) != len(strings.Fields(usage)) {
		fmt.Fprintf(stderr, "usage: %s %s\n", name, usage)
		return 2
	}
	if err := run(args...); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 1
	}
	return 0
}
