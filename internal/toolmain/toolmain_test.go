package toolmain

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestArgumentsAndErrors(t *testing.T) {
	var got []string
	run := func(args ...string) error {
		got = args
		if args[0] == "bad" {
			return errors.New("it broke")
		}
		return nil
	}
	for _, c := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"in.html", "out"}, 0, ""},
		{[]string{"out"}, 2, "usage: gensite IN.html OUTDIR\n"},
		{[]string{"a", "b", "c"}, 2, "usage: gensite IN.html OUTDIR\n"},
		{[]string{"bad", "out"}, 1, "gensite: it broke\n"},
	} {
		got = nil
		var stderr strings.Builder
		code := Main(&stderr, c.args, "gensite", "IN.html OUTDIR", run)
		if code != c.code || stderr.String() != c.stderr {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", c.args, code, stderr.String(), c.code, c.stderr)
		}
		if ran := got != nil; ran != (c.code != 2) || ran && !slices.Equal(got, c.args) {
			t.Errorf("%q: run got %q", c.args, got)
		}
	}
}
