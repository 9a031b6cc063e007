package main

import (
	"bufio"
	"encoding/json"
	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/internal/realservers"
)

func TestFetchJSONFromMollyBrown(t *testing.T) {
	file := realservers.File(t, "gemini-robots.txt")
	g := realservers.StartGemini(t, map[string][]byte{"robots.txt": file}, realservers.GeminiOptions{})
	r := runCLI(t, "", "fetch", "-json", g.URL)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d stderr %q", r.code, r.stderr)
	}
	var res fetch.Result
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || strings.Count(r.stdout, "\n") != 1 {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, r.stdout)
	}
	if res.Outcome != fetch.Found || res.Body != string(file) || res.Fingerprint != g.Fingerprint || res.URL != g.URL {
		t.Fatalf("result %+v", res)
	}
}

func TestFetchTextFromGophernicus(t *testing.T) {
	file := realservers.File(t, "umn-robots.txt")
	addr := realservers.StartGopher(t, map[string][]byte{"0/robots.txt": file})
	r := runCLI(t, "", "fetch", "gopher://"+addr)
	if r.code != 0 || r.stdout != string(file) {
		t.Fatalf("exit %d stdout %q, want the file", r.code, r.stdout)
	}
	wantAll(t, "stderr", r.stderr, `sent "robots.txt\r\n": not found: error text`, `sent "0/robots.txt\r\n": found`, "outcome: found (34 bytes)")
}

func TestFetchFailures(t *testing.T) {
	closed := realservers.ClosedAddr(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"fetch"}, "give one URL"},
		{[]string{"fetch", "http://capsule.example"}, "only gopher:// and gemini://"},
		{[]string{"fetch", "gemini://[::1"}, "closing bracket"},
		{[]string{"fetch", "gopher://" + closed}, "could not connect"},
		{[]string{"fetch", "-json", "gemini://" + closed}, ""},
	} {
		r := runCLI(t, "", c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d stderr %q, want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
		if len(c.args) > 1 && c.args[1] == "-json" && !strings.Contains(r.stdout, `"outcome":"unreachable"`) {
			t.Errorf("-json on a closed port printed %q", r.stdout)
		}
	}
}

// ROBOTS may be a URL: check and lint fetch it directly.
func TestCheckAndLintFetchURLs(t *testing.T) {
	addr := realservers.StartGopher(t, map[string][]byte{"robots.txt": realservers.File(t, "gopher-robots.txt")})
	r := runCLI(t, "", "check", "-dialect", "gopher2019", "-json", "gopher://"+addr, "/private/x", "/public")
	if r.code != 1 || strings.Count(r.stdout, `"allowed":false`) != 1 || strings.Count(r.stdout, `"allowed":true`) != 1 {
		t.Fatalf("check on a gopher URL: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runCLI(t, "", "lint", "-json", "gopher://"+addr)
	if r.code == 2 || r.stdout == "" {
		t.Fatalf("lint on a gopher URL: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	closed := realservers.ClosedAddr(t)
	for url, want := range map[string]string{
		"gemini://" + closed:  "could not be read: could not connect",
		"gemini://exa mple.o": "which no host name has",
	} {
		r := runCLI(t, "", "check", url, "/x")
		if r.code != 2 || !strings.Contains(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("check %s: exit %d stderr %q, want 2 and one line with %q", url, r.code, r.stderr, want)
		}
	}
}

// A host without a robots.txt allows everything: check exits by its
// verdicts and says why on each; lint has nothing to lint.
func TestCheckHostWithoutRobots(t *testing.T) {
	gopher := "gopher://" + realservers.StartGopher(t, map[string][]byte{"0/about.txt": []byte("hello\n")})
	gemini := realservers.StartGemini(t, map[string][]byte{"index.gmi": []byte("# hi\n")}, realservers.GeminiOptions{}).URL
	// The URL's scheme sets the scope: five dialects and the Gopher
	// crawlers read Gopher, four dialects and the Gemini crawlers Gemini.
	onGopher, onGemini := len(crawlers.For(core.ProtocolGopher)), len(crawlers.For(core.ProtocolGemini))
	for host, verdicts := range map[string]int{gopher: 2*5 + 2*onGopher, gemini: 2*4 + 2*onGemini} {
		r := runCLI(t, "", "check", "-json", host, "/x", "/private")
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if r.code != 0 || r.stderr != "" || len(lines) != verdicts {
			t.Fatalf("check %s: exit %d, %d verdicts, stderr %q; want 0 and %d", host, r.code, len(lines), r.stderr, verdicts)
		}
		for _, l := range lines {
			var v struct {
				Dialect string
				Allowed bool
				Note    string
			}
			if err := json.Unmarshal([]byte(l), &v); err != nil || !v.Allowed || strings.Contains(l, `"agent":"*"`) && !strings.Contains(v.Note, host+" has no robots.txt") {
				t.Errorf("check %s: verdict %s, want allowed with a note on the missing file", host, l)
			}
		}
		r = runCLI(t, "", "check", host, "/x")
		if r.code != 0 || strings.Count(r.stdout, "has no robots.txt") != 2 { // once per row (the dialects', the crawlers'), under its bottom line
			t.Errorf("check %s in text: exit %d\n%s", host, r.code, r.stdout)
		}
		r = runCLI(t, "", "lint", host)
		if r.code != 2 || !strings.Contains(r.stderr, "has no robots.txt") {
			t.Errorf("lint %s: exit %d stderr %q, want 2 saying there is no robots.txt", host, r.code, r.stderr)
		}
	}
}

// serve runs as its own process: the page and the relay on one port,
// stopped cleanly by SIGINT.
func TestServePageAndRelay(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "smolbots")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	web := t.TempDir()
	os.WriteFile(filepath.Join(web, "index.html"), []byte("<!doctype html><title>smolbots</title>"), 0o644)
	os.WriteFile(filepath.Join(web, "app.wasm"), []byte("\x00asm\x01\x00\x00\x00"), 0o644)
	file := realservers.File(t, "gopher-robots.txt")
	gopher := "gopher://" + realservers.StartGopher(t, map[string][]byte{"robots.txt": file})

	start := func(args ...string) (string, *exec.Cmd) {
		cmd := exec.Command(bin, append([]string{"serve", "-addr", "127.0.0.1:0", "-dir", web}, args...)...)
		stdout, _ := cmd.StdoutPipe()
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err != nil {
			t.Fatalf("serve printed nothing: %v", err)
		}
		i := strings.Index(line, "http://")
		if i < 0 {
			t.Fatalf("serve's first line has no URL: %q", line)
		}
		return strings.TrimSuffix(strings.Fields(line[i:])[0], "/"), cmd
	}
	get := func(u string) (int, string) {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	robots := func(base, target string) (int, string) {
		return get(base + "/api/robots?url=" + url.QueryEscape(target))
	}

	base, cmd := start("-allow-loopback")
	if code, body := get(base + "/"); code != 200 || !strings.Contains(body, "<title>smolbots</title>") {
		t.Errorf("page: %d %q", code, body)
	}
	if resp, err := http.Get(base + "/app.wasm"); err != nil || resp.Header.Get("Content-Type") != "application/wasm" ||
		!strings.Contains(resp.Header.Get("Content-Security-Policy"), "'wasm-unsafe-eval'") {
		t.Errorf("wasm served with %v, %v", resp.Header, err)
	} else {
		resp.Body.Close()
	}
	code, body := robots(base, gopher)
	var res fetch.Result
	if json.Unmarshal([]byte(body), &res); code != 200 || res.Body != string(file) {
		t.Errorf("relay in test mode: %d %s", code, body)
	}
	if code, body := robots(base, "gemini://10.0.0.1"); code != 403 || !strings.Contains(body, `"error":"refused: `) {
		t.Errorf("private address in test mode: %d %s", code, body)
	}
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve did not exit cleanly on SIGINT: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("serve still running 10s after SIGINT")
	}

	base, _ = start()
	if code, body := robots(base, gopher); code != 403 || !strings.Contains(body, "loopback") {
		t.Errorf("loopback without -allow-loopback: %d %s", code, body)
	}

	r := runCLI(t, "", "serve", "-dir", filepath.Join(t.TempDir(), "nothing"))
	if r.code != 2 || !strings.Contains(r.stderr, "./build.sh build") {
		t.Errorf("serve without a built page: exit %d %q", r.code, r.stderr)
	}
}

// A reply that is not a robots.txt (here a 20 of a type that is not
// text) has nothing for the dialects, so check without crawlers exits 2
// with its sentence. Kennedy and mozz-archiver read it anyway
// (Crawler/Protocols/RobotsChecker.cs:125-127;
// scrapy/downloadermiddlewares/robotstxt.py:95-101), and with
// -dialect crawlers check shows their verdicts (AuraGem's too: it checks
// no MIME type), those of the crawlers
// the reply alone decides for, and says on stderr who gives none.
func TestCheckReplyNotRobots(t *testing.T) {
	url := "gemini://" + realservers.StartCanned(t, []byte("20 application/octet-stream\r\nUser-agent: *\nDisallow: /private\n"), true)
	r := runCLI(t, "", "check", url, "/private/x")
	if r.code != 2 || r.stdout != "" || r.stderr != "smolbots check: "+url+" answered 20 application/octet-stream, which is not a robots.txt\n" {
		t.Errorf("without crawlers: exit %d stdout %q stderr %q, want 2 and the one sentence", r.code, r.stdout, r.stderr)
	}
	r = runCLI(t, "", "check", "-json", "-dialect", "all,crawlers", url, "/private/x", "/public")
	type verdict struct {
		Dialect string
		Allowed bool
		Line    int
		Note    string
	}
	got := map[string][]verdict{}
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var v verdict
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("not JSON: %q\nstderr %s", l, r.stderr)
		}
		got[v.Dialect] = append(got[v.Dialect], v)
	}
	// Read: the rule decides. Decided by the reply: TLGS and gemini-grc
	// allow all, Gemplex skips the host.
	want := map[string][2]bool{
		"kennedy": {false, true}, "mozz-archiver": {false, true},
		"tlgs": {true, true}, "gemini-grc": {true, true}, "gemplex": {false, false},
		"auragem":           {false, true}, // no MIME check (clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:397-409)
		"gopher-mcp-gemini": {true, true},  // a type that is not text is no policy (src/gopher_mcp/gemini_client.py:640-698)
	}
	if r.code != 1 || len(got) != len(want) {
		t.Fatalf("exit %d, rows for %d readers, want 1 and %d:\n%s%s", r.code, len(got), len(want), r.stdout, r.stderr)
	}
	for id, w := range want {
		vs := got[id]
		if len(vs) != 2 || vs[0].Allowed != w[0] || vs[1].Allowed != w[1] {
			t.Errorf("%s: %+v, want allowed %v", id, vs, w)
		}
	}
	if v := got["kennedy"][0]; v.Line != 2 || !strings.Contains(v.Note, "Kennedy reads the reply as its robots.txt") {
		t.Errorf("kennedy: %+v, want line 2 and a note that it reads the reply", v)
	}
	wantAll(t, "stderr", r.stderr,
		url+" answered 20 application/octet-stream, which is not a robots.txt; kennedy, mozz-archiver, auragem read it anyway",
		"tlgs, gemplex, gemini-grc, gopher-mcp-gemini do not read it",
		"crawler tlgs: allow-all: TLGS does not count this media type",
		"no verdict from gus (its code for this reply was not read), gus-legacy (its code for this reply was not read), veronica2 (it reads robots.txt over gopher only), gopher-mcp-gopher (it reads robots.txt over gopher only)",
		"no verdict from the dialects gopher2019, gopherdraft, gemini, conner2020, rfc9309, norobots",
	)
	// Nobody reads a 1x; the crawlers that answer all allow.
	input := "gemini://" + realservers.StartCanned(t, []byte("10 Your name?\r\n"), true)
	r = runCLI(t, "", "check", "-dialect", "crawlers", input, "/private/x")
	if r.code != 0 || !strings.Contains(r.stdout, "allowed by all 7 crawlers") || strings.Contains(r.stderr, "read it anyway") {
		t.Errorf("a 1x: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// issue 39: a gopher:// URL on a Gemini server's port is "could not
// read" (exit 2) with a sentence saying the server speaks TLS, for
// fetch, check and site alike; never "no robots.txt, everything
// allowed".
func TestGopherURLOnRealTLSServer(t *testing.T) {
	g := realservers.StartGemini(t, map[string][]byte{"robots.txt": []byte("User-agent: *\nDisallow: /\n"), "index.gmi": []byte("# hi\n")}, realservers.GeminiOptions{})
	u := "gopher://" + g.Host
	for _, args := range [][]string{{"fetch", u}, {"fetch", "-json", u}, {"check", u, "/x"}, {"site", "-delay", "0", u + "/"}} {
		r := runCLI(t, "", args...)
		out := r.stdout + r.stderr
		if r.code != 2 || !strings.Contains(out, "answers TLS, as a Gemini server does; is the port right?") {
			t.Errorf("%q: exit %d, want 2 saying the server speaks TLS:\n%s", args, r.code, out)
		}
		if strings.Contains(out, "everything is allowed") || strings.Contains(out, "not-found") {
			t.Errorf("%q reads as no robots.txt:\n%s", args, out)
		}
	}
}

// issue 39: fetch with a page's URL says that it reads the host's
// robots.txt, not that page.
func TestFetchSaysItReadsRobotsNotThePath(t *testing.T) {
	g := realservers.StartGemini(t, map[string][]byte{"robots.txt": []byte("User-agent: *\nDisallow: /p\n"), "index.gmi": []byte("# hi\n")}, realservers.GeminiOptions{})
	r := runCLI(t, "", "fetch", g.URL+"/index.gmi")
	want := "smolbots fetch: fetch reads the host's robots.txt, not the page " + g.URL + "/index.gmi: it asks for " + g.URL + "/robots.txt.\n"
	if r.code != 0 || !strings.HasPrefix(r.stderr, want) || r.stdout != "User-agent: *\nDisallow: /p\n" {
		t.Fatalf("exit %d stdout %q stderr:\n%s\nwant it to start %q", r.code, r.stdout, r.stderr, want)
	}
	for _, u := range []string{g.URL, g.URL + "/", g.URL + "/robots.txt"} {
		if r := runCLI(t, "", "fetch", u); strings.Contains(r.stderr, "not the page") {
			t.Errorf("fetch %s: %s", u, r.stderr)
		}
	}
}

// A selector URL on another server than ROBOTS is answered from this
// file, which is not the one a crawler reads for it: check says so, on
// stderr and in the verdict's note; the same server, its default port
// spelt out, gets no note.
func TestCheckSaysWhenTheHostDiffers(t *testing.T) {
	addr := realservers.StartGopher(t, map[string][]byte{"robots.txt": realservers.File(t, "gopher-robots.txt")})
	port := addr[strings.LastIndexByte(addr, ':'):]
	other := "gopher://elsewhere.example" + port + "/0/private/x"
	r := runCLI(t, "", "check", "-dialect", "gopher2019", "-json", "gopher://"+addr, other, "gopher://"+addr+"/0/private/x")
	want := other + " is on gopher://elsewhere.example" + port + ", but this robots.txt came from gopher://" + addr + ": a crawler reads gopher://elsewhere.example" + port + "/robots.txt for that URL, so these verdicts are another server's file's."
	if r.code != 1 || !strings.Contains(r.stderr, "smolbots check: warning: "+want+"\n") || strings.Count(r.stderr, "another server") != 1 || strings.Count(r.stdout, "another server") != 1 {
		t.Errorf("exit %d\nstdout %s\nstderr %s\nwant the note %q once", r.code, r.stdout, r.stderr, want)
	}
	if note := otherHostNote("gemini://Capsule.example", "gemini://capsule.example:1965/x"); note != "" {
		t.Errorf("same server, default port: %q", note)
	}
}
