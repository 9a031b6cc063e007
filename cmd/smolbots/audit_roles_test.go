package main

import (
	"bufio"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/internal/realservers"
)

// issue 39, item 2: a real file whose groups are only for roles
// (omar-polo's blog: archiver, indexer and researcher may not enter
// /cgi/gempkg/), a real molly-brown log, and a client that reads
// robots.txt and then goes into /cgi/gempkg/. Tested as * it obeys
// vacuously; the audit must say so, name the client under each role,
// and not exit 0.
func TestAuditRoleOnlyFileRealLog(t *testing.T) {
	robotsData, err := os.ReadFile(filepath.Join("..", "..", "testdata", "realworld", "omar-polo_blog_1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	robots := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(robots, robotsData, 0o644); err != nil {
		t.Fatal(err)
	}
	g := realservers.StartGemini(t, map[string][]byte{
		"robots.txt":           robotsData,
		"index.gmi":            []byte("# blog\n=> /cgi/gempkg/ packages\n"),
		"cgi/gempkg/index.gmi": []byte("# packages\n"),
		"cgi/gempkg/vim.gmi":   []byte("vim\n"),
		"2024/hello-world.gmi": []byte("hi\n"),
	}, realservers.GeminiOptions{})
	port := g.Host[strings.LastIndexByte(g.Host, ':')+1:]
	clients := []struct {
		addr  string
		paths []string
	}{
		{"127.0.0.7", []string{"/robots.txt", "/index.gmi", "/cgi/gempkg/", "/cgi/gempkg/vim.gmi"}},
		{"127.0.0.8", []string{"/robots.txt", "/index.gmi", "/2024/hello-world.gmi"}},
	}
	for _, c := range clients {
		for i, p := range c.paths {
			tc := tls.Client(dialFrom(t, c.addr, "127.0.0.1:"+port), &tls.Config{InsecureSkipVerify: true, ServerName: "localhost"})
			if _, err := io.WriteString(tc, g.URL+p+"\r\n"); err != nil {
				t.Fatal(err)
			}
			if head, _ := bufio.NewReader(tc).ReadString('\n'); !strings.HasPrefix(head, "20 ") {
				t.Fatalf("%s %s: %q", c.addr, p, head)
			}
			tc.Close()
			// The audit reads the log's order: each request waits for
			// its log line, so the log keeps the order asked in (a run
			// under load once logged robots.txt after the next ones).
			realservers.WaitLog(t, g.AccessLog, i+1, c.addr)
		}
	}

	r := runCLI(t, "", "audit", robots, g.AccessLog)
	if r.code != 1 {
		t.Errorf("role-only file, no -agent: exit %d, want 1\n%s%s", r.code, r.stdout, r.stderr)
	}
	wantAll(t, "the text", r.stdout,
		"Untested: the groups for archiver (line 2), indexer (line 5) and researcher (line 8) apply to no agent tested here (*), so the verdicts above never use their rules.",
		`No group of the file applies to *, so "obeyed" above says only that the file gives it no rule: it is no all-clear.`,
		"  As indexer (line 5): 1 client read robots.txt and then asked for paths every dialect that applies the group refuses, a breach if it is an indexer: 127.0.0.7 (2 requests, the first gemini://"+g.Host+"/cgi/gempkg/, refused by line 6: Disallow: /cgi/gempkg/).",
		"  As archiver (line 2): 1 client",
		"  As researcher (line 8): 1 client",
		"To audit every client as one of them, add -agent 'NAME(archiver)' for a crawler in that role, or -agent NAME for a crawler the file names.")
	if strings.Contains(r.stdout, "127.0.0.8 (") {
		t.Errorf("127.0.0.8 stayed out, yet is named in breach:\n%s", r.stdout)
	}

	// -json: the breaches are on the client's line, and the sentences on
	// stderr.
	j := runCLI(t, "", "audit", "-json", robots, g.AccessLog)
	checkJSONLines(t, "audit", j.stdout)
	if j.code != 1 || !strings.Contains(j.stderr, "As indexer (line 5): 1 client") {
		t.Errorf("-json: exit %d stderr:\n%s", j.code, j.stderr)
	}
	var breaches []string
	for _, line := range strings.Split(strings.TrimSpace(j.stdout), "\n") {
		var c struct {
			Client   string `json:"client"`
			Verdict  string `json:"verdict"`
			Untested []struct {
				Agent      string `json:"agent"`
				Violations int    `json:"violations"`
				RuleLine   int    `json:"rule_line"`
			} `json:"untested"`
		}
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		for _, b := range c.Untested {
			breaches = append(breaches, c.Client+" "+c.Verdict+" "+b.Agent)
			if b.Violations != 2 {
				t.Errorf("%s under %s: %d violations, want 2", c.Client, b.Agent, b.Violations)
			}
		}
	}
	if strings.Join(breaches, ", ") != "127.0.0.7 obeyed archiver, 127.0.0.7 obeyed indexer, 127.0.0.7 obeyed researcher" {
		t.Errorf("breaches %q", breaches)
	}

	// -agent as the role: the client ignored the file, plainly.
	ix := runCLI(t, "", "audit", "-agent", "mybot(indexer)", robots, g.AccessLog)
	if ix.code != 1 || !strings.Contains(ix.stdout, "127.0.0.7 ignored the file: 2 requests after reading it; the first 2:") ||
		!strings.Contains(ix.stdout, "(agent mybot(indexer))") || !strings.Contains(ix.stdout, "As archiver (line 2): 1 client") || strings.Contains(ix.stdout, "As indexer") {
		t.Errorf("-agent mybot(indexer): exit %d\n%s%s", ix.code, ix.stdout, ix.stderr)
	}
	// An agent the file names nowhere: its verdicts are its own (exit 0),
	// and the text still says they rest on no group.
	named := runCLI(t, "", "audit", "-agent", "mybot", robots, g.AccessLog)
	if named.code != 0 || !strings.Contains(named.stdout, "No group of the file applies to mybot") {
		t.Errorf("-agent mybot: exit %d\n%s%s", named.code, named.stdout, named.stderr)
	}
}

// issue 39: the arguments swapped (the log given as ROBOTS, the
// robots.txt as LOG), or a LOG that is some other text, is no log: exit
// 2 with one sentence, not an empty all-clear.
func TestAuditNotALog(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	log := filepath.Join(dir, "access.log")
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\n"), 0o644)
	os.WriteFile(log, []byte("2024-03-01T12:34:56Z\t203.0.113.7\t20\tgemini://example.org/robots.txt\n"), 0o644)
	os.WriteFile(notes, []byte("shopping list\neggs\nmilk\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"audit", log, robots}, robots + " looks like a robots.txt (line 1: User-agent: *), not an access log: give the robots.txt first, then the log: smolbots audit ROBOTS LOG...\n"},
		{[]string{"audit", robots, log, notes}, notes + " is not an access log audit reads: none of its 3 lines is in a known format (line 1: shopping list); smolbots help audit lists the formats, and ROBOTS comes first, then LOG\n"},
		{[]string{"audit", "-json", log, robots}, "looks like a robots.txt"},
	} {
		r := runCLI(t, "", c.args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, c.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%q: exit %d stdout %q stderr %q, want 2 and %q", c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
	if r := runCLI(t, "", "audit", robots, log); r.code != 0 {
		t.Errorf("the right order: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// wantAll fails the test for each of wants that text lacks.
func wantAll(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

// issue 39: the text of a 1,000-client log fits on a screen: -max
// clients (20 by default), the rest counted by verdict; -json keeps
// every client.
func TestAuditMaxBoundsTheText(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	log := filepath.Join(dir, "access.log")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\n"), 0o644)
	var b strings.Builder
	for i := 0; i < 1000; i++ {
		addr := fmt.Sprintf("198.51.%d.%d", i/250, i%250+1)
		fmt.Fprintf(&b, "2024-03-01T12:00:00Z\t%s\t20\tgemini://example.org/robots.txt\n", addr)
		if i%100 == 0 { // 10 clients go in anyway
			fmt.Fprintf(&b, "2024-03-01T12:00:01Z\t%s\t20\tgemini://example.org/private/%d.gmi\n", addr, i)
		}
	}
	os.WriteFile(log, []byte(b.String()), 0o644)
	r := runCLI(t, "", "audit", robots, log)
	if n := strings.Count(r.stdout, "\n"); r.code != 1 || n > 80 {
		t.Fatalf("exit %d, %d lines, want 1 and at most 80:\n%s", r.code, n, r.stdout)
	}
	wantAll(t, "the text", r.stdout, "and 980 more clients: 0 ignored, 0 never-read, 980 obeyed (-max N lists more; -json lists every client)")
	small := runCLI(t, "", "audit", "-max", "3", robots, log)
	wantAll(t, "-max 3", small.stdout, "and 997 more clients: 7 ignored, 0 never-read, 990 obeyed")
	if n := strings.Count(small.stdout, " ignored the file: "); n != 3 {
		t.Errorf("-max 3 shows the examples of %d ignoring clients, want 3:\n%s", n, small.stdout)
	}
	j := runCLI(t, "", "audit", "-json", "-max", "3", robots, log)
	if n := strings.Count(j.stdout, "\n"); n != 1000 {
		t.Errorf("-json gives %d clients, want all 1000", n)
	}
	if bad := runCLI(t, "", "audit", "-max", "0", robots, log); bad.code != 2 || bad.stderr != "smolbots audit: -max must be at least 1\n" {
		t.Errorf("-max 0: exit %d stderr %q", bad.code, bad.stderr)
	}
}
