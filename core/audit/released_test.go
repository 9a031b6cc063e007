package audit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smolbots/smolbots/internal/goldenfile"
)

// A block of testdata/released.txt: lines of one format, or other lines
// of one server, with the source they were written from.
type releasedBlock struct {
	kind, format, source, tag string
	lines                     []string
}

func releasedBlocks(t testing.TB) []releasedBlock {
	t.Helper()
	data, err := os.ReadFile("testdata/released.txt")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []releasedBlock
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "@tag "):
			blocks[len(blocks)-1].tag = strings.TrimPrefix(line, "@tag ")
		case strings.HasPrefix(line, "@ "):
			f := strings.SplitN(line, " ", 4)
			if len(f) != 4 || (f[1] != "request" && f[1] != "other") || FormatByName(f[2]) == nil || !strings.Contains(f[3], "@") {
				t.Fatalf("released.txt:%d: bad block header %q", n+1, line)
			}
			blocks = append(blocks, releasedBlock{kind: f[1], format: f[2], source: f[3]})
		default:
			if len(blocks) == 0 {
				t.Fatalf("released.txt:%d: a line before any block", n+1)
			}
			blocks[len(blocks)-1].lines = append(blocks[len(blocks)-1].lines, line)
		}
	}
	return blocks
}

// TestReleasedLines reads each line of testdata/released.txt as its
// server writes it (syslog-only formats under their own tag): a request
// of the block's format, or a line of its server that records none. The
// readings are pinned in testdata/released.golden.
func TestReleasedLines(t *testing.T) {
	var out strings.Builder
	for _, b := range releasedBlocks(t) {
		f := FormatByName(b.format)
		fmt.Fprintf(&out, "@ %s %s %s\n", b.kind, b.format, b.source)
		for _, line := range b.lines {
			text := line
			if f.syslogOnly {
				text = framings[0].frame(releasedTag(b), line)
			}
			var e Entry
			k := reader(t, "auto").Read([]byte(text), &e)
			got := describe(k, &e)
			fmt.Fprintf(&out, "%s\n", got)
			switch {
			case b.kind == "request" && (k != Request || e.Format != f):
				t.Errorf("%s: %q reads as %s, want a request of %s", b.source, line, got, b.format)
			case b.kind == "other" && (k != Other || e.Format == nil || e.Format.Family != f.Family):
				t.Errorf("%s: %q reads as %s, want another line of %s", b.source, line, got, f.Family)
			}
		}
	}
	checkGolden(t, "testdata/released.golden", out.String())
}

func checkGolden(t *testing.T, golden, got string) {
	t.Helper()
	want := goldenfile.Read(t, golden, []byte(got), *update)
	if got != want {
		t.Errorf("differs from %s:\n--- got\n%s--- want\n%s", golden, got, want)
	}
}

// releasedTag is the tag a block's lines are logged under by default.
func releasedTag(b releasedBlock) string {
	if b.tag != "" {
		return b.tag
	}
	f := FormatByName(b.format)
	if f.ident != "" {
		return f.ident
	}
	return f.Family
}

// The framings a line of any server arrives in: what syslog daemons
// write to files, what journalctl prints, and LOG_PERROR's header-less
// copy. The framing's time is 2025-03-01 12:34:56 in testLoc (CEST,
// +02:00) where it has a zone to say so.
type framing struct {
	name string
	// frame wraps a message logged under tag (PID 812).
	frame func(tag, msg string) string
	// hasTime: the framing gives a time.
	hasTime bool
}

var framingTime = time.Date(2025, 3, 1, 12, 34, 56, 0, testLoc).Unix()

var framings = []framing{
	{"traditional syslog", func(tag, msg string) string { return "Mar  1 12:34:56 capsule " + tag + "[812]: " + msg }, true},
	{"traditional syslog with <PRI>", func(tag, msg string) string { return "<30>Mar  1 12:34:56 capsule " + tag + "[812]: " + msg }, true},
	{"RFC 3339 syslog", func(tag, msg string) string {
		return "2025-03-01T12:34:56.123456+02:00 capsule " + tag + "[812]: " + msg
	}, true},
	{"RFC 5424", func(tag, msg string) string {
		app, rest, _ := strings.Cut(tag, " ") // motsognir's blank: a daemon keeps the first word as APP-NAME
		if rest != "" {
			msg = rest + "[812]: " + msg
		}
		return "<30>1 2025-03-01T12:34:56.123+02:00 capsule " + app + " 812 - - " + msg
	}, true},
	{"journalctl -o short", func(tag, msg string) string { return "Mar 01 12:34:56 capsule " + tag + "[812]: " + msg }, true},
	{"journalctl -o short-precise", func(tag, msg string) string {
		return "Mar 01 12:34:56.123456 capsule " + tag + "[812]: " + msg
	}, true},
	{"journalctl -o short-iso", func(tag, msg string) string { return "2025-03-01T12:34:56+0200 capsule " + tag + "[812]: " + msg }, true},
	{"header-less ident[pid]:", func(tag, msg string) string { return tag + "[812]: " + msg }, false},
}

// A request line as a server writes it, with the reading it must keep in
// every framing.
type framedCase struct {
	where, msg, tag string
	format          *Format
	want            Entry
}

// framedCases are every request line of testdata/formats and
// testdata/released.txt, the message alone (syslog-only formats' lines
// out of their own framing).
func framedCases(t *testing.T) []framedCase {
	t.Helper()
	var cases []framedCase
	add := func(where, msg, tag string, f *Format) {
		var e Entry
		r := reader(t, f.Name)
		var k Kind
		if f.syslogOnly {
			k = r.Read([]byte(framings[0].frame(tag, msg)), &e)
			e.HasTime, e.Time = false, 0 // the framing's
		} else {
			k = r.Read([]byte(msg), &e)
		}
		if k != Request {
			return
		}
		want := e
		want.Client, want.Target = bytes.Clone(e.Client), bytes.Clone(e.Target)
		cases = append(cases, framedCase{where, msg, tag, f, want})
	}
	files, _ := filepath.Glob("testdata/formats/*.log")
	for _, file := range files {
		f := FormatByName(strings.TrimSuffix(filepath.Base(file), ".log"))
		data, _ := os.ReadFile(file)
		for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			msg, tag := line, f.Family
			if f.ident != "" {
				tag = f.ident
			}
			var e Entry
			if f.read(reader(t, f.Name), []byte(line), &e) != Request {
				// a line in its syslog framing: take the message out
				_, _, tg, m, _, ok := reader(t, f.Name).syslogFrame([]byte(line))
				if !ok {
					continue
				}
				msg, tag = string(m), string(tg)
				if i := strings.LastIndexByte(tag, '['); i > 0 && allDigits([]byte(tag[i+1:len(tag)-1])) {
					tag = tag[:i] // the framings add their own PID
				}
			}
			add(fmt.Sprintf("%s:%d", file, n+1), msg, tag, f)
		}
	}
	for _, b := range releasedBlocks(t) {
		if b.kind != "request" {
			continue
		}
		for _, line := range b.lines {
			add(b.source, line, releasedTag(b), FormatByName(b.format))
		}
	}
	return cases
}

// TestFramings: every request line of every supported format, alone and
// inside every framing, under its own tag and under tags a unit gives it
// (agate's ships as "gemini"; jetforce run by python3), is read as the
// same request: the same format, client, target, protocol and status,
// and the time the line has or else the framing's. No request of a
// supported server is dropped.
func TestFramings(t *testing.T) {
	cases := framedCases(t)
	formatsSeen := map[string]bool{}
	checked := 0
	for _, c := range cases {
		formatsSeen[c.format.Name] = true
		tags := []string{c.tag}
		if !strings.HasPrefix(c.tag, "motsognir") {
			tags = append(tags, "gemini", "python3", "in."+c.tag)
		}
		for _, fr := range framings {
			for _, tag := range tags {
				line := fr.frame(tag, c.msg)
				for _, mode := range []string{"auto", c.format.Name} {
					var e Entry
					r := reader(t, mode)
					k := r.Read([]byte(line), &e)
					want := c.want
					if !want.HasTime {
						want.HasTime = fr.hasTime
						if fr.hasTime {
							want.Time = framingTime
						}
					}
					checked++
					if k != Request || e.String() != want.String() {
						t.Errorf("%s, %s under %q, -format %s:\n  %s\n  reads %s\n  want  %s", c.where, fr.name, tag, mode, line, describe(k, &e), "request "+want.String())
					}
				}
			}
		}
		if !c.format.syslogOnly {
			var e Entry
			if k := reader(t, "auto").Read([]byte(c.msg), &e); k != Request || e.String() != c.want.String() {
				t.Errorf("%s alone: reads %s, want %s", c.where, describe(k, &e), c.want.String())
			}
		}
	}
	for _, f := range Formats() {
		if !formatsSeen[f.Name] {
			t.Errorf("format %s has no request line in the framings test", f.Name)
		}
	}
	t.Logf("%d request lines of %d formats in %d framings: %d readings", len(cases), len(formatsSeen), len(framings), checked)
}

// The other lines of a known server (jetforce's banner, agate's start
// and status lines) are that server's in every framing and under any
// tag, never lines of no format, and never requests.
func TestFramedOtherLines(t *testing.T) {
	for _, b := range releasedBlocks(t) {
		if b.kind != "other" {
			continue
		}
		fam := FormatByName(b.format).Family
		for _, line := range b.lines {
			for _, fr := range framings {
				for _, tag := range []string{fam, "gemini", "python3"} {
					framed := fr.frame(tag, line)
					var e Entry
					k := reader(t, "auto").Read([]byte(framed), &e)
					if k != Other || e.Format == nil || e.Format.Family != fam {
						t.Errorf("%s under %q: %q reads %s, want another line of %s", fr.name, tag, framed, describe(k, &e), fam)
					}
				}
			}
		}
	}
}

// A log of a known server that holds no request says whose lines they
// are and why none is a request; jetforce's banner is not a reason to
// ask whether the file is an access log.
func TestNoRequestSaysWhy(t *testing.T) {
	for _, c := range []struct {
		name, log string
		want      []string
	}{
		{"jetforce's banner", "You are now riding on...\n_________    _____________\n\nAn Experimental Gemini Server, v1.0.0\nListening on 0.0.0.0:1965\n",
			[]string{"No request was read: 4 lines are jetforce's, and they record none: its start-up banner"}},
		{"jetforce's banner in the journal", "Mar 01 12:34:56 capsule jetforce[812]: You are now riding on...\nMar 01 12:34:56 capsule jetforce[812]: Listening on [::]:1965\n",
			[]string{"2 lines are jetforce's"}},
		{"agate 1.3 without AGATE_LOG=info", "[2020-12-01T12:34:56Z ERROR agate] Custom { kind: InvalidData, error: \"received corrupt message\" }\n",
			[]string{"1 line is agate's, and it records none", "agate 1.3 to 2.3 wrote a request as `Got request for"}},
		{"molly-brown, nothing readable", "2024-03-01T12:34:56Z\t203.0.113.7\t59\t-\n",
			[]string{"1 line is molly-brown's"}},
		{"other programs' syslog", "Mar  1 12:34:56 capsule sshd[1]: Accepted publickey for root\n",
			[]string{"1 line is other programs' syslog or journal line"}},
	} {
		a, _ := New([]byte("User-agent: *\nDisallow: /private\n"), Options{Now: testNow, Location: testLoc})
		a.Write([]byte(c.log))
		res := a.Result()
		notes := strings.Join(Notes(res), "\n")
		for _, w := range c.want {
			if !strings.Contains(notes, w) {
				t.Errorf("%s: notes lack %q:\n%s", c.name, w, notes)
			}
		}
		if res.Unmatched != 0 || strings.Contains(notes, "access log") {
			t.Errorf("%s: %d unmatched lines, notes:\n%s", c.name, res.Unmatched, notes)
		}
	}
	// agate 1.3 to 2.3's two-line requests are read, from no known client.
	a, _ := New([]byte("User-agent: *\nDisallow: /private\n"), Options{})
	a.Write([]byte("[2021-03-01T12:34:56Z INFO  agate] Got request for \"gemini://capsule.example/private/x.gmi\"\n[2021-03-01T12:34:56Z INFO  agate] Responding with status 20 and meta [\"text/gemini\"]\n"))
	res := a.Result()
	notes := strings.Join(Notes(res), "\n")
	if res.Requests != 1 || len(res.Clients) != 1 || !res.Clients[0].Anonymous || !strings.Contains(notes, "agate 1.3 to 2.3 records none") {
		t.Errorf("agate-legacy: %+v\n%s", res.Stats, notes)
	}
}

// Under a known server's ident, a message of no request is that
// server's, even when another format would call it its own (jetforce's
// "Listening on" from gmid).
func TestOwnIdentKeepsOtherLines(t *testing.T) {
	for _, c := range []struct{ line, family string }{
		{"Mar  1 12:34:56 capsule gmid[812]: Listening on 0.0.0.0:1965", "gmid"},
		{"Mar  1 12:34:56 capsule in.gophernicus[812]: Listening on 0.0.0.0:70", "gophernicus"},
		{"Mar  1 12:34:56 capsule gemini[812]: Listening on 0.0.0.0:1965", "jetforce"},
	} {
		var e Entry
		if k := reader(t, "auto").Read([]byte(c.line), &e); k != Other || e.Format == nil || e.Format.Family != c.family {
			t.Errorf("%q reads %s, want another line of %s", c.line, describe(k, &e), c.family)
		}
	}
}
