package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	auditRobots = "testdata/audit/robots.txt"
	auditLog    = "testdata/audit/capsule.log"
)

// The report people read and the JSON scripts read, on a constructed log
// that mixes molly-brown, gmid through syslog, agate without --log-ip,
// a published crawler address, another program's syslog line and a line
// in no format.
func TestAuditGolden(t *testing.T) {
	r := runCLI(t, "", "audit", auditRobots, auditLog)
	if r.code != 1 || r.stderr != "" {
		t.Fatalf("exit %d, want 1; stderr %s", r.code, r.stderr)
	}
	golden(t, "audit-capsule.golden", r.stdout)
	j := runCLI(t, "", "audit", "-json", auditRobots, auditLog)
	if j.code != 1 {
		t.Fatalf("-json: exit %d; stderr %s", j.code, j.stderr)
	}
	golden(t, "audit-capsule-json.golden", j.stdout)
	// In JSON mode the sentences go to stderr, escaped, one per line.
	wantAll(t, "-json stderr", j.stderr, "smolbots audit: testdata/audit/robots.txt is taken as the robots.txt in force", "cannot be told apart", `no log line\x1b[1m at all`)
	if strings.ContainsRune(r.stdout+j.stdout+j.stderr, 0x1b) {
		t.Error("a raw escape byte from the log reached the output")
	}
}

// LOG may be standard input or gzip (by its bytes, whatever its name);
// several LOGs are read in the order given; exit 0 when no client ignored
// the file.
func TestAuditInputs(t *testing.T) {
	data, err := os.ReadFile(auditLog)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gz := filepath.Join(dir, "capsule.log.1.gz")
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(data)
	w.Close()
	os.WriteFile(gz, z.Bytes(), 0o644)
	want := runCLI(t, "", "audit", "-json", auditRobots, auditLog)
	if r := runCLI(t, string(data), "audit", "-json", auditRobots, "-"); r.stdout != want.stdout || r.code != 1 {
		t.Errorf("standard input: exit %d\n%s", r.code, r.stdout)
	}
	if r := runCLI(t, "", "audit", "-json", auditRobots, gz); r.stdout != want.stdout || r.code != 1 {
		t.Errorf("gzip: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// Split in two files, read in order, the same clients.
	lines := strings.SplitAfter(string(data), "\n")
	a, b := filepath.Join(dir, "a.log"), filepath.Join(dir, "b.log")
	os.WriteFile(a, []byte(strings.Join(lines[:5], "")), 0o644)
	os.WriteFile(b, []byte(strings.Join(lines[5:], "")), 0o644)
	if r := runCLI(t, "", "audit", "-json", auditRobots, a, b); r.stdout != want.stdout {
		t.Errorf("two files: %s", r.stdout)
	}
	clean := filepath.Join(dir, "clean.log")
	os.WriteFile(clean, []byte("2025-07-14T08:00:00Z\t192.0.2.1\t20\tgemini://capsule.example/robots.txt\n2025-07-14T08:00:01Z\t192.0.2.1\t20\tgemini://capsule.example/index.gmi\n"), 0o644)
	if r := runCLI(t, "", "audit", auditRobots, clean); r.code != 0 || !strings.Contains(r.stdout, "obeyed") {
		t.Errorf("nobody ignored: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// -protocol gopher leaves every Gemini request out; -format reads only
	// the named format (inside syslog framing too, so the three syslog
	// lines are other programs' lines, not lines of no format).
	if r := runCLI(t, "", "audit", "-protocol", "gopher", auditRobots, auditLog); r.code != 0 || !strings.Contains(r.stdout, "No requests to audit.") || !strings.Contains(r.stdout, "13 requests over another protocol") {
		t.Errorf("-protocol gopher: exit %d\n%s", r.code, r.stdout)
	}
	if r := runCLI(t, "", "audit", "-format", "agate", auditRobots, auditLog); r.code != 0 || !strings.Contains(r.stdout, "11 lines match no format") || !strings.Contains(r.stdout, "3 other lines") {
		t.Errorf("-format agate: exit %d\n%s", r.code, r.stdout)
	}
}

// Usage and input errors: exit 2 and one sentence, before any report.
func TestAuditErrors(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "core")
	os.WriteFile(bin, append([]byte("\x7fELF\x02\x01\x01"), make([]byte, 64)...), 0o644)
	fake := filepath.Join(dir, "old.log.gz")
	os.WriteFile(fake, []byte("plain text\n"), 0o644)
	badgz := filepath.Join(dir, "cut.gz")
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(bytes.Repeat([]byte("2025-07-14T08:00:00Z\t192.0.2.1\t20\tgemini://h/\n"), 500))
	w.Close()
	os.WriteFile(badgz, z.Bytes()[:z.Len()/2], 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"audit", auditRobots}, "give a robots.txt (file, - or URL) and at least one log"},
		{[]string{"audit", auditRobots, filepath.Join(dir, "nope.log")}, "does not exist"},
		{[]string{"audit", auditRobots, dir}, "is a directory, not a log file"},
		{[]string{"audit", auditRobots, bin}, "is a binary file, not a server's access log"},
		{[]string{"audit", auditRobots, fake}, "is named .gz but is not gzip"},
		{[]string{"audit", auditRobots, badgz}, "reading " + badgz + " failed: unexpected EOF"},
		{[]string{"audit", "-format", "apache", auditRobots, auditLog}, `unknown log format "apache"; use auto or one of molly-brown,`},
		{[]string{"audit", "-protocol", "spartan", auditRobots, auditLog}, `unknown protocol "spartan"`},
		{[]string{"audit", "-since", "yesterday", auditRobots, auditLog}, `-since takes a time`},
		{[]string{"audit", "-", "-"}, "standard input (-) can be read only once"},
		{[]string{"audit", filepath.Join(dir, "robots.txt"), auditLog}, "does not exist"},
	} {
		r := runCLI(t, "", c.args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, c.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
}

// What `journalctl -u jetforce` prints: its banner and its requests under
// the unit's tag. Every line is jetforce's: the requests are audited and
// nothing asks whether this is an access log.
func TestAuditJetforceJournal(t *testing.T) {
	var log strings.Builder
	for _, m := range []string{
		"You are now riding on...",
		"_________    _____________",
		"An Experimental Gemini Server, v1.0.0",
		"Server hostname is capsule.example (gemini://capsule.example)",
		"Listening on 0.0.0.0:1965",
		`203.0.113.7 [14/Jul/2025:08:00:00 +0200] "gemini://capsule.example/robots.txt" 20 "text/plain" 40`,
		`203.0.113.7 [14/Jul/2025:08:00:01 +0200] "gemini://capsule.example/private/diary.gmi" 20 "text/gemini" 12`,
	} {
		log.WriteString("Jul 14 08:00:00 capsule jetforce[812]: " + m + "\n")
	}
	r := runCLI(t, log.String(), "audit", auditRobots, "-")
	if r.code != 1 || !strings.Contains(r.stdout, "203.0.113.7 ignored the file") || !strings.Contains(r.stdout, "Read 7 lines (jetforce 7): 2 requests, 5 other lines.") || strings.Contains(r.stdout, "no format") {
		t.Errorf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
