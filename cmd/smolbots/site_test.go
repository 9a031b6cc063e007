package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smolbots/smolbots/internal/realservers"
)

// smolbots site on the real test capsule (molly-brown) and Gopher hole
// (gophernicus), on loopback. Every run but one sets -delay 0, so the
// tests take no longer than the requests.

// normalize takes the port and the time out of a run's text, for a
// golden file.
func normalize(s, port string) string {
	s = strings.ReplaceAll(s, ":"+port, ":PORT")
	return regexp.MustCompile(`in [0-9]+\.[0-9] s\.`).ReplaceAllString(s, "in T s.")
}

func portOf(addr string) string {
	_, port, _ := net.SplitHostPort(addr)
	return port
}

func TestSiteRealCapsule(t *testing.T) {
	g := realservers.StartGemini(t, realservers.Capsule(), realservers.GeminiOptions{})
	r := runCLI(t, "", "site", "-delay", "0", g.URL+"/")
	if r.code != 1 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 1 (readers refuse pages) and nothing on stderr", r.code, r.stderr)
	}
	golden(t, "site-capsule.golden", normalize(r.stdout, portOf(g.Host)))
	// The 9 requests the report counts (robots.txt and 8 pages), once
	// molly-brown has logged them.
	log := realservers.WaitLog(t, g.AccessLog, 9, "\t"+g.URL+"/")
	for _, never := range []string{"/private/", "/files/data.bin", "not-a-link"} {
		if bytes.Contains(log, []byte(never)) {
			t.Errorf("molly-brown's access log shows a request for %s, which smolbots must not fetch:\n%s", never, log)
		}
	}
	if n := bytes.Count(log, []byte("\t"+g.URL+"/")); n != 9 {
		t.Errorf("%d requests in the access log, want 9 (robots.txt and 8 pages):\n%s", n, log)
	}
}

func TestSiteRealHole(t *testing.T) {
	addr, logPath := realservers.StartGopherLogged(t, realservers.Hole())
	start := "gopher://localhost:" + portOf(addr)
	r := runCLI(t, "", "site", "-delay", "0", start)
	if r.code != 1 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	golden(t, "site-hole.golden", normalize(r.stdout, portOf(addr)))
	// The walk's 4 requests (as core/site's test of this hole counts
	// them), once gophernicus has logged them.
	log := realservers.WaitLog(t, logPath, 4, `"GET `)
	if realservers.GopherRequested(log, "private") {
		t.Errorf("gophernicus's access log shows a request for /private:\n%s", log)
	}
}

// -json: check's line per page and reader, with url, found_on, fetched
// and status; the summary goes to stderr.
func TestSiteJSON(t *testing.T) {
	g := realservers.StartGemini(t, realservers.Capsule(), realservers.GeminiOptions{})
	r := runCLI(t, "", "site", "-json", "-delay", "0", "-agent", "*", "-agent", "GUS(indexer)", g.URL)
	if r.code != 1 || !strings.HasPrefix(r.stderr, "Pages: 10 pages found from "+g.URL+"/, 8 fetched") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	checkJSONLines(t, "site", r.stdout)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(lines) != 10*(2*4+9) {
		t.Fatalf("%d lines, want 10 pages x (2 agents x 4 dialects + 9 crawlers)", len(lines))
	}
	type row struct {
		Dialect, Agent, Selector, URL string
		FoundOn                       string `json:"found_on"`
		Fetched, Allowed              bool
		Line                          int
		Status                        string
		KeptOut                       []struct {
			Reader, Agent, Rule string
			Line                int
		} `json:"kept_out"`
	}
	var keys []string
	byPage := map[string][]row{}
	for _, l := range lines {
		var m map[string]any
		json.Unmarshal([]byte(l), &m)
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		if keys == nil {
			keys = ks
		} else if !slices.Equal(keys, ks) {
			t.Fatalf("keys differ between lines: %q and %q", keys, ks)
		}
		var v row
		json.Unmarshal([]byte(l), &v)
		byPage[v.Selector] = append(byPage[v.Selector], v)
	}
	if s := byPage["/"][0]; s.FoundOn != "" || !s.Fetched || s.URL != g.URL+"/" || s.Status != "20 text/gemini, 11 links" {
		t.Errorf("the start page: %+v", s)
	}
	p := byPage["/private/secret.gmi"]
	if p[0].FoundOn != g.URL+"/" || p[0].Fetched || p[0].Allowed ||
		p[0].Status != "not fetched: robots.txt refuses it (line 2: Disallow: /private/ (gemini, conner2020, rfc9309, norobots))" {
		t.Errorf("a refused page: %+v", p[0])
	}
	// A page kept out by one reading names it, though the verdicts of
	// the agents tested allow it.
	d := byPage["/files/data.bin"]
	if k := d[0].KeptOut; d[0].Fetched || len(k) != 1 || k[0].Reader != "rfc9309" || k[0].Agent != "smolbots(researcher)" ||
		k[0].Line != 3 || k[0].Rule != "Disallow: /files/*.bin" {
		t.Errorf("a page one reading keeps smolbots out of: %+v", d[0])
	}
	if k := byPage["/"][0].KeptOut; k == nil || len(k) != 0 {
		t.Errorf("the start page's kept_out is %v, want []", k)
	}
	if d := byPage["/dir/sub/deep.gmi"][0]; d.FoundOn != g.URL+"/dir/page.gmi" || !d.Fetched {
		t.Errorf("a deep page: %+v", d)
	}
	// GUS(indexer) reads the indexer record; * does not.
	for _, v := range byPage["/archive/old.gmi"] {
		if v.Dialect == "gemini" && v.Allowed != (v.Agent == "*") {
			t.Errorf("/archive/old.gmi under gemini for %s: allowed %v", v.Agent, v.Allowed)
		}
	}
}

func TestSiteExitCodes(t *testing.T) {
	g := realservers.StartGemini(t, realservers.BigCapsule(5, 100), realservers.GeminiOptions{})
	r := runCLI(t, "", "site", "-delay", "0", g.URL)
	// Readers that answer alike share a line.
	if r.code != 0 || !regexp.MustCompile(`(?m)^gemini, .*\bTLGS\b.*: all 5 pages allowed$`).MatchString(r.stdout) {
		t.Errorf("every page allowed: exit %d\n%s", r.code, r.stdout)
	}
	none := realservers.StartGemini(t, map[string][]byte{"index.gmi": []byte("=> a.gmi\n"), "a.gmi": []byte("")}, realservers.GeminiOptions{})
	r = runCLI(t, "", "site", "-delay", "0", none.URL)
	if r.code != 0 || !strings.Contains(r.stdout, "robots.txt: "+none.URL+" has none, so every dialect allows everything.") {
		t.Errorf("no robots.txt: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	closed := realservers.ClosedAddr(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"site"}, "give one URL"},
		{[]string{"site", g.URL, g.URL}, "give one URL"},
		{[]string{"site", "https://capsule.example/"}, "not a gemini:// or gopher:// URL"},
		{[]string{"site", "robots.txt"}, "not a gemini:// or gopher:// URL"},
		{[]string{"site", "gopher://localhost/0a%0D%0Ab"}, "carriage return"},
		{[]string{"site", "-max-pages", "0", g.URL}, "-max-pages must be at least 1"},
		{[]string{"site", "-max-pages", "x", g.URL}, "not a valid N"},
		{[]string{"site", "-delay", "-1s", g.URL}, "-delay cannot be negative"},
		{[]string{"site", "-delay", "1", g.URL}, "is not a duration; give a duration such as 1s"},
		{[]string{"site", "-dialect", "nope", g.URL}, "unknown dialect"},
		{[]string{"site", "-agent", "GUS(indexer", g.URL}, "parenthesis"},
		{[]string{"site", "gemini://" + closed}, "could not be read"},
	} {
		r := runCLI(t, "", c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
}

// The defaults are the issue's: 200 pages, a second between requests.
func TestSiteDefaultsAndDelay(t *testing.T) {
	help := runCLI(t, "", "help", "site").stdout
	wantAll(t, "help site", help, "-max-pages N\n", "(default 200)", "-delay D\n", "(default 1s)")
	g := realservers.StartGemini(t, realservers.BigCapsule(4, 100), realservers.GeminiOptions{})
	began := time.Now()
	r := runCLI(t, "", "site", "-delay", "150ms", g.URL)
	if took := time.Since(began); r.code != 0 || took < 4*150*time.Millisecond {
		t.Errorf("4 pages after robots.txt with -delay 150ms took %v (exit %d); want at least 600ms", took, r.code)
	}
}

func TestSiteLimits(t *testing.T) {
	g := realservers.StartGemini(t, realservers.BigCapsule(20, 100), realservers.GeminiOptions{})
	r := runCLI(t, "", "site", "-delay", "0", "-max-pages", "5", "-dialect", "gemini", g.URL)
	if r.code != 0 || !strings.Contains(r.stdout, "gemini: all 5 pages allowed") ||
		!strings.Contains(r.stdout, "Limit: -max-pages 5 was reached; 2 other pages on this host were not followed.") {
		t.Errorf("-max-pages 5: exit %d\n%s", r.code, r.stdout)
	}
	// A page that trickles past the total time limit: the walk stops at
	// the limit and says so; the pages found are still tested.
	trickle := realservers.ListenGemini(t, func(c net.Conn, req string) {
		if strings.HasSuffix(req, "/robots.txt") {
			c.Write([]byte("51 Not found\r\n"))
			return
		}
		c.Write([]byte("20 text/gemini\r\n=> /next\n"))
		for i := 0; i < 30; i++ {
			if _, err := c.Write([]byte("\n")); err != nil {
				return
			}
			time.Sleep(time.Second)
		}
	})
	defer func(d time.Duration) { siteTimeLimit = d }(siteTimeLimit)
	siteTimeLimit = 1500 * time.Millisecond
	began := time.Now()
	r = runCLI(t, "", "site", "-delay", "0", "gemini://"+trickle+"/")
	if took := time.Since(began); took > 4*time.Second || r.code != 0 || !strings.Contains(r.stdout, "Stopped early: the time limit (1.5s) ran out.") {
		t.Errorf("time limit: took %v, exit %d\n%s%s", took, r.code, r.stdout, r.stderr)
	}
}

// Memory stays bounded: 200 pages of 500 KiB, walked by the real binary.
// The peak is the child's VmHWM, read while it runs: its rusage would
// count the test process too, whose memory the child shares until exec.
func TestSitePeakMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and serves 100 MB")
	}
	g := realservers.StartGemini(t, realservers.BigCapsule(200, 500<<10), realservers.GeminiOptions{})
	cmd := exec.Command(binary(t), "site", "-delay", "0", "-dialect", "crawlers", g.URL)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	began := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	peak := 0 // KiB
	status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
	for waiting := true; waiting; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("%v: %s%s", err, out.String(), errOut.String())
			}
			waiting = false
		case <-time.After(2 * time.Millisecond):
			b, _ := os.ReadFile(status) // gone once the child has exited
			if m := regexp.MustCompile(`VmHWM:\s+([0-9]+) kB`).FindSubmatch(b); m != nil {
				var kb int
				fmt.Sscan(string(m[1]), &kb)
				peak = max(peak, kb)
			}
		}
	}
	took := time.Since(began)
	summary := out.String()[strings.Index(out.String(), "Pages:"):]
	t.Logf("200 pages of 500 KiB: %s; %.1f s; peak RSS %.1f MiB", strings.SplitN(summary, "\n", 2)[0], took.Seconds(), float64(peak)/1024)
	if !strings.Contains(out.String(), "Pages: 200 pages found from "+g.URL+"/, 200 fetched;") {
		t.Errorf("output:\n%s", out.String())
	}
	if peak == 0 || peak > 64<<10 {
		t.Errorf("peak RSS %d KiB: want some, under 64 MiB (the walk holds links, not pages)", peak)
	}
}

// Bytes from the server (a rule, a status line) reach the terminal
// escaped, as lint escapes them.
func TestSiteOutputEscapesControlBytes(t *testing.T) {
	addr := realservers.ListenGemini(t, func(c net.Conn, req string) {
		switch {
		case strings.HasSuffix(req, "/robots.txt"):
			c.Write([]byte("20 text/plain\r\nUser-agent: *\nDisallow: /private\x1b[2J\n"))
		case strings.HasSuffix(req, "/gone"):
			c.Write([]byte("51 Gone\x1b]0;pwned\x07\r\n"))
		default:
			c.Write([]byte("20 text/gemini\r\n=> /private%1B[2J\n=> /gone\n=> /b\x1b[31m.gmi\n"))
		}
	})
	r := runCLI(t, "", "site", "-delay", "0", "-dialect", "gemini", "gemini://"+addr+"/")
	for i := 0; i < len(r.stdout); i++ {
		if c := r.stdout[i]; c < 0x20 && c != '\n' || c == 0x7f {
			t.Fatalf("a raw control byte 0x%02x reached the text output:\n%q", c, r.stdout)
		}
	}
	wantAll(t, "output", r.stdout, `line 2: Disallow: /private\x1b[2J (rfc9309, norobots): /private%1B[2J`, `/gone (linked from /): the server answered 51 Gone\x1b]0;pwned\a.`)
}
