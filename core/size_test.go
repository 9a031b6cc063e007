package core_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// longRobots is a file whose rule /late starts at about size bytes.
func longRobots(size int) []byte {
	head := "User-agent: *\nDisallow: /early\n"
	unit := "# " + strings.Repeat("padding ", 8) + "\n"
	return []byte(head + strings.Repeat(unit, (size-len(head))/len(unit)) + "Disallow: /late\n")
}

// The six dialects read RFC 9309's 500 KiB; each preset reads what its
// crawler reads (Dialect.MaxBytes).
func TestMaxBytes_EachReaderItsOwn(t *testing.T) {
	f := core.Parse(longRobots(900 << 10))
	if !f.Truncated {
		t.Fatal("a 900 KiB file is not marked truncated")
	}
	want := map[string]bool{ // /late allowed?
		"gopher2019": true, "gopherdraft": true, "gemini": true, "conner2020": true, "rfc9309": true, "norobots": true,
		"tlgs": false, "gemplex": false, "gemini-grc": false, "kennedy": false, "gus": false, "gus-legacy": false, "mozz-archiver": false,
		"auragem":           false,
		"veronica2":         true,                            // unknown: read as RFC 9309's floor
		"gopher-mcp-gemini": true, "gopher-mcp-gopher": true, // 512,000 bytes, cut
	}
	for _, d := range append(core.Dialects(), crawlers.All()...) {
		v := core.Decide(f, d, core.MustAgent("kiwi"), "gemini://capsule.example/late")
		if d.Crawler == nil {
			v = core.Decide(f, d, core.MustAgent("kiwi"), "/late")
		}
		if w, ok := want[d.ID]; !ok || v.Allowed != w {
			t.Errorf("%s: /late allowed %v, want %v (%s)", d.ID, v.Allowed, w, v.Note)
		}
		if early := core.Decide(f, d, core.MustAgent("kiwi"), "gemini://capsule.example/early"); d.Crawler != nil && early.Allowed {
			t.Errorf("%s: /early allowed", d.ID)
		}
		if d.ID == "veronica2" && !strings.Contains(v.Note, "not known") {
			t.Errorf("veronica2: note %q does not say its limit is unknown", v.Note)
		}
		if d.ID == "tlgs" && !strings.Contains(v.Note, fmt.Sprintf("reads all %d bytes", f.Size)) {
			t.Errorf("tlgs: note %q does not say it reads the whole file", v.Note)
		}
	}
	// Past the cut a preset keeps only the lines that can change its
	// groups: the padding costs no lines.
	if rs := crawlers.TLGS.Compile(f); core.RulesetLines(rs) > len(f.Lines)+2 {
		t.Errorf("TLGS holds %d lines for a file whose first 500 KiB have %d", core.RulesetLines(rs), len(f.Lines))
	}
}

func TestMaxBytes_PastTheLimit(t *testing.T) {
	// TLGS cuts at 2.5 MB.
	v := core.Decide(core.Parse(longRobots(2_600_000)), crawlers.TLGS, core.Agent{}, "gemini://capsule.example/late")
	if !v.Allowed || !strings.Contains(v.Note, "reads the first 2500000 bytes") {
		t.Errorf("tlgs at 2.6 MB: %+v, want allowed with a note on its 2.5 MB", v)
	}
	// gemini-grc takes a response over 1 MiB as a failed fetch.
	v = core.Decide(core.Parse(longRobots(1<<20+100)), crawlers.GeminiGRC, core.Agent{}, "gemini://capsule.example/early")
	if !v.Allowed || !strings.Contains(v.Note, "failed fetch") {
		t.Errorf("gemini-grc over 1 MiB: %+v, want allowed with a note on the failed fetch", v)
	}
	// Python reads everything, smolbots keeps HoldBytes: a note says so.
	v = core.Decide(core.Parse(longRobots(core.HoldBytes+1000)), crawlers.GUS, core.Agent{}, "gemini://capsule.example/late")
	if !v.Allowed || !strings.Contains(v.Note, "all smolbots keeps") {
		t.Errorf("gus past HoldBytes: %+v, want allowed with a note on what smolbots keeps", v)
	}
}

// TestReaderLimitsPage holds the table in docs/python-readers.md to
// what the readers read.
func TestReaderLimitsPage(t *testing.T) {
	page, err := os.ReadFile("../docs/python-readers.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][2]string{}
	for _, line := range strings.Split(string(page), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) == 3 {
			rows[cells[0]] = [2]string{cells[1], cells[2]}
		}
	}
	say := func(d core.Dialect) [2]string {
		switch {
		case d.MaxBytes == core.SizeUnknown:
			return [2]string{"not known", fmt.Sprintf("is read as RFC 9309's %d bytes", core.MaxBytes)}
		case d.MaxBytes == core.NoLimit:
			return [2]string{"all of it", "is read whole"}
		case d.TooLongAllowsAll:
			return [2]string{fmt.Sprintf("%d bytes", d.MaxBytes), "is a failed fetch: everything is allowed"}
		}
		return [2]string{fmt.Sprintf("%d bytes", d.MaxBytes), "is cut"}
	}
	for _, d := range core.Dialects() {
		if got := rows["the six dialects"]; got != say(d) {
			t.Errorf("%s: the page says %q, the dialect %q", d.ID, got, say(d))
		}
	}
	for _, d := range crawlers.All() {
		if got := rows[d.ID]; got != say(d) {
			t.Errorf("%s: the page says %q, the preset %q", d.ID, got, say(d))
		}
	}
	if len(rows) != 1+len(crawlers.All())+1 { // and the header row
		t.Errorf("the table has %d rows, want one per preset and one for the dialects", len(rows)-1)
	}
}

// A file that is one line longer than MaxBytes, and one whose bytes past
// the cut are not UTF-8.
func TestMaxBytes_EdgeFiles(t *testing.T) {
	one := core.Parse([]byte("Disallow: /" + strings.Repeat("a", 600<<10)))
	for _, d := range crawlers.All() {
		v := core.Decide(one, d, core.Agent{}, "gemini://capsule.example/"+strings.Repeat("a", 600<<10))
		if d.ID == "gemini-grc" && v.Allowed {
			t.Errorf("gemini-grc reads its one 600 KiB Disallow whole, yet allows: %+v", v.Rule)
		}
	}
	latin1 := append(longRobots(600<<10), "Disallow: /caf\xe9\n"...)
	v := core.Decide(core.Parse(latin1), crawlers.MozzArchiver, core.Agent{}, "gemini://capsule.example/early")
	if !v.Allowed {
		t.Errorf("mozz-archiver on a file that is not UTF-8 past 500 KiB: disallowed by line %d, want an empty file", v.Line)
	}
}
