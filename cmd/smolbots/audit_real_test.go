package main

import (
	"bufio"
	"crypto/tls"
	"encoding/json"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smolbots/smolbots/internal/realservers"
)

// The three scripted clients of issue 21, each from its own loopback
// address (any 127.x.y.z is this machine, so the servers see three
// clients): one reads robots.txt and stays out, one reads it and goes in,
// one never reads it.
var scripted = []struct {
	addr    string
	verdict string
	paths   []string // Gemini paths; the Gopher run asks for the same selectors
}{
	{"127.0.0.2", "obeyed", []string{"/robots.txt", "/index.gmi", "/public.gmi"}},
	{"127.0.0.3", "ignored", []string{"/robots.txt", "/index.gmi", "/private/secret.gmi", "/private/other.gmi"}},
	{"127.0.0.4", "never-read", []string{"/index.gmi", "/private/secret.gmi"}},
}

const scriptedRobots = "User-agent: *\nDisallow: /private\n"

var scriptedFiles = map[string][]byte{
	"robots.txt":         []byte(scriptedRobots),
	"index.gmi":          []byte("# index\n"),
	"public.gmi":         []byte("public\n"),
	"private/secret.gmi": []byte("secret\n"),
	"private/other.gmi":  []byte("other\n"),
}

func dialFrom(t *testing.T, from, to string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", to)
	if err != nil {
		t.Fatalf("dial %s from %s: %v", to, from, err)
	}
	c.SetDeadline(time.Now().Add(10 * time.Second))
	return c
}

// TestAuditRealServers drives the three clients against molly-brown and
// gophernicus on loopback, then audits the servers' own log files.
func TestAuditRealServers(t *testing.T) {
	robots := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(robots, []byte(scriptedRobots), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("molly-brown", func(t *testing.T) {
		g := realservers.StartGemini(t, scriptedFiles, realservers.GeminiOptions{})
		requests := 0
		for _, c := range scripted {
			for _, p := range c.paths {
				conn := dialFrom(t, c.addr, "127.0.0.1:"+g.Host[strings.LastIndexByte(g.Host, ':')+1:])
				tc := tls.Client(conn, &tls.Config{InsecureSkipVerify: true, ServerName: "localhost"})
				if _, err := io.WriteString(tc, g.URL+p+"\r\n"); err != nil {
					t.Fatal(err)
				}
				head, _ := bufio.NewReader(tc).ReadString('\n')
				if !strings.HasPrefix(head, "20 ") {
					t.Fatalf("%s %s: %q", c.addr, p, head)
				}
				tc.Close()
				requests++
			}
		}
		waitScripted(t, g.AccessLog, requests)
		auditScripted(t, robots, g.AccessLog, "molly-brown")
	})
	t.Run("gophernicus", func(t *testing.T) {
		files := map[string][]byte{}
		for name, body := range scriptedFiles {
			files[strings.Replace(name, ".gmi", ".txt", 1)] = body
		}
		addr, log := realservers.StartGopherLogged(t, files)
		requests := 0
		for _, c := range scripted {
			for _, p := range c.paths {
				sel := strings.Replace(p, ".gmi", ".txt", 1)
				if sel == "/robots.txt" {
					sel = "robots.txt" // as crawlers ask for it; gophernicus logs it as 0/robots.txt
				}
				conn := dialFrom(t, c.addr, addr)
				if _, err := io.WriteString(conn, sel+"\r\n"); err != nil {
					t.Fatal(err)
				}
				io.Copy(io.Discard, conn)
				conn.Close()
				requests++
			}
		}
		waitScripted(t, log, requests)
		auditScripted(t, robots, log, "gophernicus")
	})
}

// waitScripted waits until the server has logged each scripted
// client's requests, n in all: realservers' check that the server
// listens may be logged too, so a count of all lines could be reached
// before the clients' last one is written.
func waitScripted(t *testing.T, log string, n int) {
	t.Helper()
	total := 0
	for _, c := range scripted {
		realservers.WaitLog(t, log, len(c.paths), c.addr)
		total += len(c.paths)
	}
	if total != n {
		t.Fatalf("the clients made %d requests, the script has %d", n, total)
	}
}

func auditScripted(t *testing.T, robots, log, format string) {
	t.Helper()
	raw, _ := os.ReadFile(log)
	t.Logf("%s's log:\n%s", format, raw)
	r := runBin(t, "", "audit", "-json", robots, log)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1 (a client ignored the file)\n%s%s", r.code, r.stdout, r.stderr)
	}
	checkJSONLines(t, "audit", r.stdout)
	got := map[string]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var c map[string]any
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		got[c["client"].(string)] = c
	}
	for _, c := range scripted {
		v, ok := got[c.addr]
		if !ok {
			t.Errorf("%s: client %s is missing from the audit:\n%s", format, c.addr, r.stdout)
			continue
		}
		t.Logf("%s: %s %s (requests %v, violations %v, before_robots %v)", format, c.addr, v["verdict"], v["requests"], v["violations"], v["before_robots"])
		if v["verdict"] != c.verdict || int(v["requests"].(float64)) != len(c.paths) {
			t.Errorf("%s: %s: verdict %v after %v requests, want %s after %d", format, c.addr, v["verdict"], v["requests"], c.verdict, len(c.paths))
		}
	}
	// 127.0.0.1 is realservers' own probe, which connects to see the
	// server listen (molly-brown logs it as 40 with no request; gophernicus
	// as a request for its root menu).
	delete(got, "127.0.0.1")
	if len(got) != len(scripted) {
		t.Errorf("%s: %d clients besides the probe, want %d:\n%s", format, len(got), len(scripted), r.stdout)
	}
	ign := got["127.0.0.3"]
	if ign["violations"] != 2.0 || len(ign["examples"].([]any)) != 2 {
		t.Errorf("%s: the ignoring client: %v", format, ign)
	}
	if !strings.Contains(r.stderr, format) || strings.Contains(r.stderr, "match no format") || strings.Contains(r.stderr, "matches no format") {
		t.Errorf("%s: every line should be read as %s:\n%s", format, format, r.stderr)
	}
	text := runBin(t, "", "audit", robots, log)
	if text.code != 1 || !strings.Contains(text.stdout, "127.0.0.3 ignored the file: 2 requests after reading it; the first 2:") || !strings.Contains(text.stdout, "line 2: Disallow: /private") {
		t.Errorf("%s: text output:\n%s%s", format, text.stdout, text.stderr)
	}
}
