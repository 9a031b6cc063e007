package audit

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smolbots/smolbots/internal/tabletest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/ from the current readers")

// The readers' clock for traditional syslog stamps, which have no year.
var (
	testNow = time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)
	testLoc = time.FixedZone("CEST", 2*3600)
)

func reader(t testing.TB, format string) *LineReader {
	t.Helper()
	r, err := NewLineReader(ReaderOptions{Format: format, Now: testNow, Location: testLoc})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func describe(k Kind, e *Entry) string {
	switch k {
	case NoMatch:
		return "no match"
	case Other:
		if e.Format == nil {
			return "other (another program)"
		}
		return "other (" + e.Format.Family + ")"
	}
	return "request " + e.String()
}

// Golden tests on constructed lines, one file per format in
// testdata/formats (lines written for these tests from each format's
// code, not copied from any log). Each line is read with -format auto
// and with the file's own format, which must agree; the results are
// pinned in NAME.golden. Run go test ./core/audit -update after checking
// a diff.
func TestFormatsGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/formats/*.log")
	if err != nil || len(files) == 0 {
		t.Fatalf("no format files: %v", err)
	}
	seen := map[string]bool{}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".log")
		t.Run(name, func(t *testing.T) {
			f := FormatByName(name)
			if f == nil {
				t.Fatalf("no format %q", name)
			}
			seen[name] = true
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			auto, own := reader(t, "auto"), reader(t, name)
			var out strings.Builder
			requests := 0
			sc := bufio.NewScanner(bytes.NewReader(data))
			for n := 1; sc.Scan(); n++ {
				line := sc.Bytes()
				var e1, e2 Entry
				k1 := auto.Read(line, &e1)
				d1 := describe(k1, &e1)
				if d2 := describe(own.Read(line, &e2), &e2); d1 != d2 {
					t.Errorf("line %d: auto reads %s, -format %s reads %s", n, d1, name, d2)
				}
				if k1 == NoMatch {
					t.Errorf("line %d of a %s file matches no format: %q", n, name, line)
				}
				if k1 == Request {
					requests++
					if e1.Format != f {
						t.Errorf("line %d: read as %s, not %s", n, e1.Format.Name, name)
					}
				}
				fmt.Fprintf(&out, "%d: %s\n", n, d1)
			}
			if requests == 0 {
				t.Errorf("no request in %s", file)
			}
			checkGolden(t, strings.TrimSuffix(file, ".log")+".golden", out.String())
		})
	}
	for _, f := range Formats() {
		if !seen[f.Name] {
			t.Errorf("format %s has no testdata/formats/%s.log", f.Name, f.Name)
		}
	}
}

// No request line of one format is a request under any other: forced to
// another format, the reader finds no request in it.
func TestFormatsDoNotOverlap(t *testing.T) {
	files, _ := filepath.Glob("testdata/formats/*.log")
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".log")
		data, _ := os.ReadFile(file)
		for _, other := range Formats() {
			if other.Name == name || other.Name == FormatByName(name).Family {
				continue // -format gophernicus reads both of its outputs
			}
			r := reader(t, other.Name)
			for n, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
				var e Entry
				if k := r.Read(line, &e); k == Request {
					t.Errorf("%s line %d is a request as %s too: %s", name, n+1, other.Name, e.String())
				}
			}
		}
	}
}

// -format takes auto, every format's name and each family; anything else
// is refused with the list.
func TestFormatNames(t *testing.T) {
	for _, n := range append([]string{"auto", "", "AUTO", "gmid"}, FormatNames()...) {
		if _, err := NewLineReader(ReaderOptions{Format: n}); err != nil {
			t.Errorf("%q: %v", n, err)
		}
	}
	_, err := NewLineReader(ReaderOptions{Format: "apache"})
	if err == nil || !strings.Contains(err.Error(), "molly-brown") {
		t.Errorf("apache: %v", err)
	}
}

// Each time reader against time.Parse on the same instant.
func TestTimes(t *testing.T) {
	want := time.Date(2024, 2, 29, 23, 59, 58, 0, time.FixedZone("", -(3*3600+30*60))).Unix()
	for _, c := range []struct {
		in   string
		read func([]byte) (int64, bool)
	}{
		{"2024-02-29T23:59:58-03:30", func(b []byte) (int64, bool) { t, n, ok := rfc3339(b); return t, ok && n == len(b) }},
		{"2024-02-29T23:59:58.999-0330", func(b []byte) (int64, bool) { t, n, ok := rfc3339(b); return t, ok && n == len(b) }},
		{"2024-03-01T03:29:58Z", func(b []byte) (int64, bool) { t, n, ok := rfc3339(b); return t, ok && n == len(b) }},
		{"29/Feb/2024:23:59:58 -0330", clf},
		{"29/Feb/2024:23:59:58 -0330", func(b []byte) (int64, bool) { t, n, ok := gmidStamp(b); return t, ok && n == len(b) }},
		{"29/Feb2024:23:59:58 -0330", func(b []byte) (int64, bool) { t, n, ok := gmidStamp(b); return t, ok && n == len(b) }},
		{"2024-02-29 23:59:58 -0330", spaceDateTimeZone},
	} {
		got, ok := c.read([]byte(c.in))
		if !ok || got != want {
			t.Errorf("%s: %v %v, want %v", c.in, got, ok, want)
		}
	}
	for _, bad := range []string{"2024-13-01T00:00:00Z", "2024-02-29T24:00:00Z", "2024-02-29T23:59:58", "2024-02-29T23:59:58+5", "29/Fev/2024:23:59:58 -0330", "29/Feb/2024:23:59:58 -03:30", "29/Feb2024:23:59:58 -03:30", "29/Feb 2024:23:59:58 -0330"} {
		if _, ok := clf([]byte(bad)); ok {
			t.Errorf("clf accepts %q", bad)
		}
		if _, _, ok := gmidStamp([]byte(bad)); ok {
			t.Errorf("gmidStamp accepts %q", bad)
		}
		if _, n, ok := rfc3339([]byte(bad)); ok && n == len(bad) {
			t.Errorf("rfc3339 accepts %q", bad)
		}
	}
	// No year: the year that puts the stamp at most a day after now.
	now := time.Date(2025, 1, 10, 12, 0, 0, 0, time.UTC)
	syslogAt := func(in string) string {
		got, ok := syslogStamp([]byte(in), now, time.UTC)
		if !ok {
			return "not read"
		}
		return FormatTime(got)
	}
	tabletest.Strings(t, "syslogStamp", syslogAt, map[string]string{
		"Dec 31 23:00:00": "2024-12-31T23:00:00Z",
		"Jan 10 13:00:00": "2025-01-10T13:00:00Z",
		"Jan  2 03:04:05": "2025-01-02T03:04:05Z",
		"Jan 12 00:00:00": "2024-01-12T00:00:00Z",
	})
}
