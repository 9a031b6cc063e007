package core_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// What a file that is mostly line ends costs a crawler that parses it
// once and keeps a policy per dialect. Every input is 10 MB; Parse reads
// the first MaxBytes of it.
var paddingCases = []struct {
	name string
	data func() []byte
}{
	{"lf-only", func() []byte { return bytes.Repeat([]byte("\n"), 10<<20) }},
	{"cr-only", func() []byte { return bytes.Repeat([]byte("\r"), 10<<20) }},
	{"crlf-only", func() []byte { return bytes.Repeat([]byte("\r\n"), 5<<20) }},
	{"group-then-cr", func() []byte {
		head := "User-agent: *\nDisallow: /x\n"
		b := bytes.Repeat([]byte("\r"), 10<<20)
		copy(b, head) // one buffer, as a crawler reads a body
		return b
	}},
	{"empty-fields", func() []byte { return bytes.Repeat([]byte(":\n"), 5<<20) }},                    // the most lines with field parts
	{"star-records", func() []byte { return bytes.Repeat([]byte("User-agent:*\r\r"), (10<<20)/14) }}, // the most groups, each noted
	{"group-then-fields", func() []byte {
		head := "User-agent: *\nDisallow: /x\n"
		b := bytes.Repeat([]byte("x:\r"), (10<<20)/3)
		copy(b, head)
		return b
	}},
	{"role-agents", func() []byte { return bytes.Repeat([]byte("User-agent:indexer\n"), (10<<20)/19) }}, // a note each under conner2020
	{"random-bytes", func() []byte {
		b := make([]byte, 10<<20)
		r := rand.New(rand.NewPCG(1, 2))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}},
}

const (
	// bytes: parse, six dialects compiled and tested. 64 MB until
	// 2026-11-27; the empty-fields case then went 58.8 -> 61.6 MB when
	// Parse began keeping the text past the cut for the presets that
	// read further (HoldBytes, 3 MiB), and to 64.5 MB with the AuraGem
	// preset's merge (about 2 MB not yet traced).
	maxPeakRSS = 68_000_000
	// six policies kept after garbage collection; the file keeps up to
	// HoldBytes of a long input for the presets that read past MaxBytes
	maxKeptHeap = 8<<20 + core.HoldBytes
)

// sixPolicies parses data and keeps one tested policy per dialect, as a
// crawler caching policies per host does.
func sixPolicies(data []byte) []*core.Policy {
	f := core.Parse(data)
	var ps []*core.Policy
	for _, d := range core.Dialects() {
		p := d.Compile(f).Policy(core.MustAgent("GUS(indexer)"))
		for _, s := range []string{"/x", "/x/y", "/", "0/robots.txt"} {
			if p.Test(s).Allowed != p.Allowed(s) {
				panic("Test and Allowed disagree on " + s)
			}
		}
		ps = append(ps, p)
	}
	return ps
}

// TestPaddingKeptHeap: the policies must not keep the file's line array.
func TestPaddingKeptHeap(t *testing.T) {
	for _, c := range paddingCases {
		t.Run(c.name, func(t *testing.T) {
			kept := keptHeap(c.data)
			t.Logf("%s: six policies keep %.2f MiB", c.name, float64(kept)/(1<<20))
			if kept > maxKeptHeap {
				t.Errorf("six policies keep %d bytes after garbage collection, over %d", kept, maxKeptHeap)
			}
		})
	}
	if *core.NoFieldParts != (core.FieldParts{}) {
		t.Errorf("the parts lines without a field share were written: %+v", *core.NoFieldParts)
	}
}

// keptHeap is the live heap the six policies hold once the input and the
// file are gone.
func keptHeap(data func() []byte) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ps := sixPolicies(data())
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(ps)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

// TestPaddingPeakRSS runs each case in a process of its own (this test
// binary again) and reads the peak resident size the kernel recorded.
func TestPaddingPeakRSS(t *testing.T) {
	if name := os.Getenv("SMOLBOTS_PADDING_CHILD"); name != "" {
		for _, c := range paddingCases {
			if c.name == name {
				runtime.KeepAlive(sixPolicies(c.data()))
				// The kernel's high-water mark of this process alone (the
				// rusage of a child counts its parent's memory at exec).
				status, err := os.ReadFile("/proc/self/status")
				if err != nil {
					t.Fatal(err)
				}
				for _, line := range strings.Split(string(status), "\n") {
					if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
						fmt.Printf("peak-kB %s\n", strings.TrimSpace(strings.TrimSuffix(v, "kB")))
					}
				}
				return
			}
		}
		t.Fatalf("no padding case %q", name)
	}
	for _, c := range paddingCases {
		t.Run(c.name, func(t *testing.T) {
			peak := childPeakRSS(t, c.name)
			t.Logf("%s: peak RSS %.1f MB", c.name, float64(peak)/1e6)
			if peak > maxPeakRSS {
				t.Errorf("peak RSS %d bytes, over %d", peak, maxPeakRSS)
			}
		})
	}
}

func childPeakRSS(t *testing.T, name string) int64 {
	cmd := exec.Command(os.Args[0], "-test.run=^TestPaddingPeakRSS$", "-test.count=1")
	cmd.Env = append(os.Environ(), "SMOLBOTS_PADDING_CHILD="+name)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child for %s: %v\n%s", name, err, out)
	}
	if !strings.Contains(string(out), "PASS") {
		t.Fatalf("child for %s did not pass:\n%s", name, out)
	}
	_, rest, ok := strings.Cut(string(out), "peak-kB ")
	if !ok {
		t.Fatalf("child for %s gave no peak:\n%s", name, out)
	}
	kb, err := strconv.ParseInt(strings.Fields(rest)[0], 10, 64)
	if err != nil {
		t.Fatalf("child for %s: %v", name, err)
	}
	return kb * 1024
}

// Lines that each call for the same kind of note (ruleless records,
// User-agent lines naming the bot's role) get it only for the first few;
// the rest share one, so thousands of them do not make a kept policy
// hold a note apiece.
func TestRepeatedNotesBounded(t *testing.T) {
	for _, c := range []struct {
		d            core.Dialect
		unit         string
		extra        int
		prefix, last string
	}{
		{core.Gemini, "User-agent: *\n\n", 2, "The * record at line ",
			"2 more records that name this robot or * have no rule this dialect reads either, so they are not used (the last at line 9)."},
		{core.Conner2020, "User-agent: indexer\n", 4, "Here line ",
			`4 more User-agent lines name a user agent called "indexer", not the virtual agent (the last at line 7).`},
	} {
		f := core.Parse([]byte(strings.Repeat(c.unit, core.MaxRepeatedNotes+c.extra)))
		p := c.d.Compile(f).Policy(core.MustAgent("GUS(indexer)"))
		each := 0
		for _, n := range p.Notes {
			if strings.HasPrefix(n, c.prefix) {
				each++
			}
		}
		if last := p.Notes[len(p.Notes)-1]; each != core.MaxRepeatedNotes || last != c.last {
			t.Errorf("%s on %q: %d notes of their own, last note %q", c.d.ID, c.unit, each, last)
		}
	}
}

// Every preset names at most three lines its own line syntax reads
// otherwise, then says there are more: a file of thousands of such lines
// (Protego's second chance reads each "disallow /x") keeps the notes of
// every verdict short.
func TestPresetLineNotesBounded(t *testing.T) {
	f := core.Parse([]byte("User-agent: *\n" + strings.Repeat("disallow /x\nDisallow :/y\n", 5000)))
	for _, d := range crawlers.All() {
		p := d.Compile(f).Policy(core.MustAgent("*"))
		if len(p.Notes) > 6 {
			t.Errorf("%s: %d notes on a file of 10,000 odd lines; want at most a few", d.ID, len(p.Notes))
		}
	}
}
