package fix

import (
	"bytes"
	"fmt"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// A file longer than core.MaxBytes is read in part by the six dialects
// and in full, or up to their own limits, by some crawlers (TLGS 2.5 MB,
// Gemplex and GUS all of it). fix rewrites only the whole lines within
// the first MaxBytes (the head), keeps every byte after them (the tail)
// as it is, and judges each edit on the output as each reader reads it.
// Two files it refuses: one that a reader in scope reads past the
// core.HoldBytes that core keeps (no verdict of that reader can be
// known), and one whose tail, in the part the readers read, holds more
// rule paths than fix can hold every reader to.

// shrinkSlack is how many bytes shorter than the input's the rewritten
// head may be when a tail follows: each byte it loses brings a byte of
// the tail into the readers' view, and the tail's paths fix holds are
// taken that far past what they read today.
const shrinkSlack = 4096

// sized is how fix splits and reads a file past the cut.
type sized struct {
	headEnd int // bytes of the whole lines within MaxBytes (the input's)
	// reach is how many bytes of the output are read to learn every
	// in-scope reader's verdicts: past its last reader's limit by one,
	// so that "longer than" shows, and never more than the file.
	reach int
	// tailPaths are the rule paths of the tail within the readers'
	// view, and shrinkSlack bytes past it.
	tailPaths []string
}

// planSize splits data into head and tail and says how much of the
// output the readers in scope read, or why fix cannot rewrite it.
func planSize(data []byte, scope core.Protocol) (sized, error) {
	size := len(data)
	if size <= core.MaxBytes {
		return sized{headEnd: size, reach: size}, nil
	}
	need := core.MaxBytes + 1 // the six dialects
	var past, pastCut []string
	for _, d := range crawlers.For(scope) { // every preset, those fix does not make agree too
		var r int
		switch {
		case d.TooLongAllowsAll && d.MaxBytes > 0 && size > d.MaxBytes:
			// A failed fetch: it reads nothing, once it sees the size.
			if d.MaxBytes < core.HoldBytes {
				need = max(need, d.MaxBytes+1)
			}
			continue
		case d.MaxBytes == core.NoLimit:
			r = size
		case d.MaxBytes == core.SizeUnknown:
			r = core.MaxBytes // as core reads it
		default:
			r = min(d.MaxBytes, size)
		}
		if r > core.HoldBytes {
			past = append(past, d.Crawler.Name)
		}
		if r > core.MaxBytes {
			pastCut = append(pastCut, d.Crawler.Name)
		}
		need = max(need, r+1)
	}
	if len(past) > 0 {
		hint := "split the file"
		if scope != core.ProtocolGopher && readsAtMost(core.ProtocolGopher, core.MaxBytes) {
			hint += fmt.Sprintf(", or give -protocol gopher if it is served over Gopher only, whose readers read at most %d KiB", core.MaxBytes/1024)
		}
		return sized{}, fmt.Errorf("this file is %s bytes, and %s %s more of it than the first %s bytes that smolbots reads, so fix cannot prove that a rewrite keeps %s out of the paths %s today; nothing is rewritten (%s)",
			thousands(size), words(past), plural(len(past), "reads", "read"), thousands(core.HoldBytes), plural(len(past), "it", "them"), plural(len(past), "it refuses", "they refuse"), hint)
	}
	s := sized{reach: min(size, need), headEnd: headEnd(data)}
	seen := map[string]bool{}
	end := min(size, s.reach+shrinkSlack)
	for _, p := range rulePaths(data[s.headEnd:end]) {
		if !seen[p] {
			seen[p] = true
			s.tailPaths = append(s.tailPaths, p)
		}
	}
	if len(s.tailPaths) > maxRowPaths {
		who := "the readers"
		if len(pastCut) > 0 {
			who = words(pastCut)
		}
		return sized{}, fmt.Errorf("this file is %s bytes, and past the first %d KiB, which the dialects read, it has %s rule paths that %s %s; fix holds each reader to its verdicts on at most %s of them, so it cannot prove that a rewrite keeps every reader out of the paths it refuses today; nothing is rewritten",
			thousands(size), core.MaxBytes/1024, thousands(len(s.tailPaths)), who, plural(max(len(pastCut), 2), "reads", "read"), thousands(maxRowPaths))
	}
	return s, nil
}

// readsAtMost: no preset of scope reads more than n bytes of a file
// (the dialects read MaxBytes).
func readsAtMost(scope core.Protocol, n int) bool {
	for _, d := range crawlers.For(scope) {
		if d.MaxBytes == core.NoLimit || d.MaxBytes > n {
			return false
		}
	}
	return true
}

// headEnd is where the whole lines within the first MaxBytes of data
// end: the line the cut falls in, even a CR whose LF is past the cut,
// goes to the tail.
func headEnd(data []byte) int {
	cut := core.MaxBytes
	if data[cut-1] == '\r' && data[cut] == '\n' {
		cut--
	}
	return bytes.LastIndexAny(data[:cut], "\r\n") + 1
}

// rulePaths are the values of the Allow and Disallow lines (and their
// typos) in text, read in pieces no longer than the cut.
func rulePaths(text []byte) []string {
	var out []string
	for len(text) > 0 {
		n := len(text)
		if n > core.MaxBytes {
			n = bytes.LastIndexAny(text[:core.MaxBytes], "\r\n") + 1
			if n == 0 {
				n = core.MaxBytes // one line longer than the cut: its start
			}
		}
		out = append(out, rulePathsOf(core.Parse(text[:n]), -1)...)
		text = text[n:]
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// thousands writes n with commas: 3,145,728.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
