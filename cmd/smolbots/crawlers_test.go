package main

import (
	"encoding/json"
	"github.com/smolbots/smolbots/core"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/internal/realservers"
)

type checkLine struct {
	Dialect, Agent, Selector, Target, Note string
	Allowed                                bool
	Line                                   int
}

func checkLines(t *testing.T, out string) []checkLine {
	t.Helper()
	var ls []checkLine
	for _, s := range strings.Split(strings.TrimSpace(out), "\n") {
		var l checkLine
		if err := json.Unmarshal([]byte(s), &l); err != nil {
			t.Fatalf("not JSON: %q", s)
		}
		ls = append(ls, l)
	}
	return ls
}

// Presets test their own names: -agent does not apply to them, and each
// JSON line names the crawler's identity; "crawlers" lists every preset,
// "all" keeps meaning the six dialects.
func TestCheckCrawlerPresets(t *testing.T) {
	robots := "User-agent: *\nDisallow: /private\n\nUser-agent: indexer\nDisallow:\n"
	r := runCLI(t, robots, "check", "-json", "-dialect", "tlgs,gus,gemini", "-agent", "GUS(indexer)", "-agent", "googlebot", "-", "/private/x", "gemini://capsule.example/private-notes?q")
	if r.code != 1 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	ls := checkLines(t, r.stdout)
	// gemini: 2 agents x 2 selectors; the presets once per selector.
	if len(ls) != 4+2*2 {
		t.Fatalf("%d lines:\n%s", len(ls), r.stdout)
	}
	byKey := map[string]checkLine{}
	for _, l := range ls {
		byKey[l.Dialect+" "+l.Selector] = l
	}
	tl := byKey["tlgs /private/x"]
	if !tl.Allowed || tl.Agent != "*,tlgs,indexer" || !strings.Contains(tl.Note, "tlgsutils/robots_txt_parser.cpp:45-46") {
		t.Errorf("tlgs: %+v", tl)
	}
	if g := byKey["gus /private/x"]; g.Allowed || g.Agent != "indexer,gus" || g.Line != 2 {
		t.Errorf("gus: %+v", g)
	}
	if g := byKey["gus gemini://capsule.example/private-notes?q"]; g.Allowed || g.Target != "/private-notes%3Fq" && g.Target != "/private-notes?q" {
		t.Errorf("gus on a URL: %+v", g)
	}

	r = runCLI(t, robots, "check", "-dialect", "gemini,tlgs", "-", "/x")
	if !strings.Contains(r.stdout, "agent * /x: ") || !strings.Contains(r.stdout, "real crawlers /x: ") {
		t.Errorf("text output does not head the presets' rows as real crawlers:\n%s", r.stdout)
	}
	r = runCLI(t, robots, "check", "-json", "-dialect", "crawlers", "-", "/x")
	if ls := checkLines(t, r.stdout); len(ls) != 11 {
		t.Errorf("-dialect crawlers gave %d lines, want the 11 presets", len(ls))
	}
	// A dialect named twice, or by a list and by its ID, answers once.
	r = runCLI(t, robots, "check", "-json", "-dialect", "all,gemini,tlgs,crawlers,gemini", "-", "/x")
	if ls := checkLines(t, r.stdout); len(ls) != 17 {
		t.Errorf("-dialect all,gemini,tlgs,crawlers,gemini gave %d lines, want 17 (six dialects, eleven presets)", len(ls))
	}
	r = runCLI(t, robots, "check", "-json", "-dialect", "all", "-", "/x")
	for _, l := range checkLines(t, r.stdout) {
		if l.Agent != "*" {
			t.Errorf("-dialect all includes %s", l.Dialect)
		}
	}
	// By default, as on site: the scope's dialects, then its crawlers.
	r = runCLI(t, robots, "check", "-json", "-", "/x")
	all := crawlers.All()
	if ls := checkLines(t, r.stdout); len(ls) != 6+len(all) || ls[5].Dialect != "norobots" || ls[6].Dialect != all[0].ID || ls[len(ls)-1].Dialect != all[len(all)-1].ID {
		t.Errorf("the default gave %d lines, want the six dialects then the %d presets: %+v", len(ls), len(all), ls)
	}
	r = runCLI(t, robots, "check", "-json", "-protocol", "gemini", "-", "/x")
	if ls, n := checkLines(t, r.stdout), len(crawlers.For(core.ProtocolGemini)); len(ls) != 4+n {
		t.Errorf("the default under gemini gave %d lines, want four dialects and %d presets", len(ls), n)
	}
	r = runCLI(t, robots, "check", "-dialect", "tlgs,nope", "-", "/x")
	if r.code != 2 || !strings.Contains(r.stderr, "crawlers") || !strings.Contains(r.stderr, "gemini-grc") {
		t.Errorf("unknown dialect: exit %d %q", r.code, r.stderr)
	}
}

// fetch and URL arguments say what each crawler makes of the reply: a
// robots.txt reached through a redirect is none at all to the crawlers
// that follow no redirect (or, Gemplex, refuse a moved one).
func TestCrawlersReadTheFetch(t *testing.T) {
	file := []byte("User-agent: *\nDisallow: /private\n")
	g := realservers.StartGemini(t, map[string][]byte{"robots.txt": file, "moved.txt": file}, realservers.GeminiOptions{})
	r := runCLI(t, "", "fetch", "-json", g.URL)
	var res struct {
		Outcome  string
		Crawlers []crawlers.CrawlerConclusion
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || res.Outcome != "found" || len(res.Crawlers) != 9 {
		t.Fatalf("fetch -json: %v %+v\n%s", err, res, r.stdout)
	}
	for _, c := range res.Crawlers {
		if c.Reading != "read" {
			t.Errorf("%s on a 20 text/plain robots.txt: %+v", c.Crawler, c)
		}
	}

	moved := realservers.StartGemini(t, map[string][]byte{"moved.txt": file}, realservers.GeminiOptions{TempRedirects: map[string]string{"^/robots.txt$": "/moved.txt"}})
	r = runCLI(t, "", "check", "-json", "-dialect", "gemini,tlgs,gemplex,mozz-archiver", moved.URL, "/private/x")
	if r.code != 1 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, l := range checkLines(t, r.stdout) {
		wantAllowed := l.Dialect != "gemini"
		if l.Allowed != wantAllowed || wantAllowed && !strings.Contains(l.Note, "redirect") {
			t.Errorf("%s after a redirect: %+v", l.Dialect, l)
		}
	}
	if !strings.Contains(r.stderr, "crawler tlgs: allow-all") {
		t.Errorf("stderr lacks the crawlers' readings:\n%s", r.stderr)
	}

	empty := realservers.StartGemini(t, map[string][]byte{"index.gmi": []byte("# hi\n")}, realservers.GeminiOptions{})
	r = runCLI(t, "", "fetch", empty.URL)
	wantAll(t, "fetch of a host without robots.txt: stderr", r.stderr, "crawler tlgs: allow-all: TLGS finds no robots.txt", "crawler gemplex: allow-all", "crawler gus: unknown")
}

// The usage text names every preset, so a new one cannot be forgotten.
func TestUsageNamesPresets(t *testing.T) {
	for _, d := range crawlers.All() {
		if !strings.Contains(usage(), d.ID) {
			t.Errorf("usage does not name the preset %s", d.ID)
		}
	}
}
