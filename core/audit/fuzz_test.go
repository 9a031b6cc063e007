package audit

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzReadLine feeds the line readers any bytes. Seeds: every line of
// testdata/formats and testdata/released.txt (alone and framed), and the corpus in testdata/fuzz/FuzzReadLine (cut
// fields, stray quotes and brackets, syslog framing around nothing).
// Properties:
//   - no reader panics, and a request has a format, a target and a
//     protocol the audit knows;
//   - the answer does not depend on what the reader read before (auto
//     tries the last format first): a fresh reader, one that has just
//     read a line of every format, and one told the line's own format
//     all agree;
//   - a request's client holds no blank: no reader lets a field run into
//     the next.
func FuzzReadLine(f *testing.F) {
	files, _ := filepath.Glob("testdata/formats/*.log")
	var warm [][]byte
	for _, file := range files {
		data, _ := os.ReadFile(file)
		lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
		warm = append(warm, lines[0])
		for _, l := range lines {
			f.Add(l)
		}
	}
	// Released versions' lines, alone and framed under a tag not their
	// server's, so the readers of any tag are warmed and seeded too.
	for _, b := range releasedBlocks(f) {
		for _, l := range b.lines {
			f.Add([]byte(l))
			f.Add([]byte(framings[3].frame("gemini", l)))
			f.Add([]byte(framings[7].frame(releasedTag(b), l)))
		}
		warm = append(warm, []byte(framings[4].frame("unit", b.lines[0])))
	}
	fresh := func() *LineReader {
		r, _ := NewLineReader(ReaderOptions{Now: testNow, Location: testLoc})
		return r
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if bytes.IndexByte(line, '\n') >= 0 {
			return // one line at a time; the Auditor splits them
		}
		var e Entry
		k := fresh().Read(line, &e)
		want := describe(k, &e)
		if k == Request {
			if e.Format == nil || len(e.Target) == 0 {
				t.Fatalf("request without format or target: %s", want)
			}
			switch e.Protocol {
			case "gemini", "gopher", "":
			default:
				t.Fatalf("protocol %q", e.Protocol)
			}
			if bytes.ContainsAny(e.Client, " \t") {
				t.Fatalf("client or target spans what the line separates: %s", want)
			}
			if e.HasTime {
				FormatTime(e.Time)
			}
			own := reader(t, e.Format.Name)
			var e2 Entry
			if got := describe(own.Read(line, &e2), &e2); got != want {
				t.Fatalf("auto reads %s, -format %s reads %s", want, e.Format.Name, got)
			}
		}
		w := fresh()
		for _, l := range warm {
			var x Entry
			w.Read(l, &x)
			var e3 Entry
			if got := describe(w.Read(line, &e3), &e3); got != want {
				t.Fatalf("after %q: %s, fresh: %s", l, got, want)
			}
		}
		if !utf8.Valid(line) {
			return
		}
		// Through an Auditor, in two chunks cut anywhere, as the page feeds it.
		a, _ := New([]byte("User-agent: *\nDisallow: /private\n"), Options{Now: testNow, Location: testLoc})
		cut := len(line) / 2
		a.Write(line[:cut])
		a.Write(line[cut:])
		res := a.Result()
		if res.Lines > 1 || res.Requests+res.Other+res.Unmatched != res.Lines {
			t.Fatalf("one line counted as %+v", res.Stats)
		}
	})
}
