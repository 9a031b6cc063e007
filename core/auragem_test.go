package core_test

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/temoto/robotstxt"
)

// auragemOracle is AuraGem's own reading, run on the library it calls: a
// copy of its wrapper around temoto/robotstxt v1.1.2
// (clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:401-409 the
// prepend and the parse, :494 FindGroup("indexer"), :505,531 the test of
// url.URL.Path). A parse error leaves robots nil, and FindGroup on nil
// panics: the crawler drops the host (crawler/crawl.go:82-96).
func auragemOracle(body []byte, target string) (allowed, skipHost bool) {
	dataStr := string(body)
	if !strings.Contains(dataStr, "User-Agent:") {
		dataStr = "User-Agent: *\n" + dataStr
	}
	robots, _ := robotstxt.FromString(dataStr)
	if robots == nil {
		return false, true
	}
	g := robots.FindGroup("indexer")
	u, _ := url.Parse(target) // the callers pass only targets that parse
	return g.Test(u.Path), false
}

// oracleInput is a file to compare a reading with its library on, and
// the selectors its scenario asks about.
type oracleInput struct {
	name string
	body []byte
	sels []string
}

// oracleInputs are every scenario and every real file.
func oracleInputs(t *testing.T) []oracleInput {
	var out []oracleInput
	for _, s := range loadScenarios(t) {
		var sels []string
		for _, d := range s.directives {
			sels = append(sels, d.sel)
		}
		out = append(out, oracleInput{"scenario " + s.name, s.robots, sels})
	}
	paths, err := filepath.Glob("../testdata/realworld/*.txt")
	if err != nil || len(paths) < 20 {
		t.Fatalf("real files: %d found (%v)", len(paths), err)
	}
	for _, p := range paths {
		body, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, oracleInput{"real " + filepath.Base(p), body, nil})
	}
	return out
}

// auragemTargets are the paths worth asking about a file: fixed ones,
// and each rule's value as written, continued, inside a longer path,
// with its operators filled in, cut short, escaped, and with a query.
func auragemTargets(f *core.File, extra []string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, s := range append([]string{"", "/", "/index.gmi", "/~user/", "/a%20b", "/cgi-bin/x", "/private/", "gemini://host", "gemini://host/", "gemini://host/x?y"}, extra...) {
		add(s)
	}
	for i := range f.Lines {
		l := &f.Lines[i]
		words, _ := core.TemotoWords(l.Text)
		vals := []string{l.Value}
		if len(words) > 1 {
			vals = append(vals, words[1])
		}
		for _, v := range vals {
			if v == "" || len(out) > 4000 {
				continue
			}
			p := v
			if !strings.HasPrefix(p, "/") {
				p = "/" + p
			}
			filled := strings.NewReplacer("*", "zz", "$", "").Replace(p)
			bare := strings.NewReplacer("*", "", "$", "").Replace(p)
			for _, s := range []string{p, filled, bare, bare + "x", bare + "/y", "/a" + bare, "/a" + filled, bare[:len(bare)-1], bare + "?q=1", strings.ReplaceAll(bare, "/", "/%7E"), "gemini://host" + filled} {
				add(s)
			}
		}
	}
	return out
}

// TestAuraGem_AgreesWithTemoto: on every scenario and every real file,
// the preset answers each target as temoto/robotstxt does through
// AuraGem's wrapper, skip-the-host included.
func TestAuraGem_AgreesWithTemoto(t *testing.T) {
	type input struct {
		name  string
		body  []byte
		extra []string
	}
	var inputs []input
	for _, in := range oracleInputs(t) {
		inputs = append(inputs, input{in.name, in.body, in.sels})
	}
	// The quirks themselves, each once.
	for i, body := range []string{
		"User-agent: googlebot\nDisallow: /\n",
		"User-Agent: *\nCrawl-delay: 10s\nDisallow: /x\n",
		"User-agent: *\nCrawl-delay:\nDisallow: /x\n",
		"Disallow: /x\nUser-Agent: *\nDisallow: /y\n",
		"Disallow: /x\nUser-agent: *\nDisallow: /y\n",
		"User-agent: index\nDisallow: /p\n\nUser-agent: *\nDisallow: /q\n",
		"User-agent: i\nDisallow: /p\nUser-agent: *\nDisallow: /q\n",
		"User-agent: indexer\nDisallow: /a\n\nUser-agent: INDEXER\nAllow: /a/b\n",
		"User-agent: *\nDisallow: /cgi*/x\nDisallow: /a$\nAllow: /a.b*\nDisallow: *\nDisallow: /*\nAllow: /\n",
		"User-agent: *\nDisallow: /p # c\nDisallow: /q#r\nDisallow /s t\nAllow: /p/\n",
		"\ufeffUser-agent: *\nDisallow: /bom\n",
		"\ufeffUser-Agent: *\nDisallow: /bom\n",
		"\ufeffUser-agent: indexer\nDisallow: /bom\nUser-agent: *\nDisallow: /star\n",
		"\ufeffUser-agent: indexer\nDisallow: /bom\nUser-Agent: *\nDisallow: /star\n",
		"User-agent: *\r\nDisallow: /crlf\rDisallow: /cr\n",
		"User-agent: indexer\nUser-agent: *\nSitemap: x\nDisallow: /both\n",
		"User-agent: *\nDisallow: /x\nUser-agent: indexer\n",
		"User-agent: *\nDisallow:",
		"User-agent: *\nDisallow:\nDisallow: /z$x\nAllow: /z$\n",
	} {
		inputs = append(inputs, input{"quirk " + string(rune('a'+i)), []byte(body), []string{"/x", "/y", "/p", "/q", "/a/b", "/a", "/cgi1/x", "/a/cgi1/x", "/a.b", "/axb", "/p/", "/q#r", "/s", "/bom", "/star", "/crlf", "/cr", "/both", "/z", "/zx"}})
	}
	rows, skips, capped := 0, 0, 0
	for _, in := range inputs {
		f := core.Parse(in.body)
		if f.Truncated {
			// AuraGem reads it all (context.go:401), and so does its
			// preset, up to the HoldBytes smolbots keeps of any file.
			in.body = in.body[:min(len(in.body), core.HoldBytes)]
			capped++
		}
		p := crawlers.AuraGem.Compile(f).Policy(core.Agent{})
		for _, target := range auragemTargets(f, in.extra) {
			if _, err := url.Parse(target); err != nil {
				continue // AuraGem's Get fails on such a URL before it asks (context.go:505-506)
			}
			wantAllow, wantSkip := auragemOracle(in.body, target)
			v := p.Test(target)
			rows++
			if wantSkip {
				skips++
			}
			if v.Allowed != wantAllow || v.SkipHost != wantSkip {
				t.Errorf("%s, %q: preset %s (line %d, %s), temoto through AuraGem's wrapper: allowed=%v skip-host=%v\n%.300q", in.name, target, v.Word(), v.Line, v.Why, wantAllow, wantSkip, in.body)
			}
			if fast := p.Allowed(target); fast != v.Allowed {
				t.Errorf("%s, %q: Allowed says %v, Test %v", in.name, target, fast, v.Allowed)
			}
		}
	}
	if rows < 2000 || skips == 0 {
		t.Errorf("only %d rows compared (%d skip the host): the inputs are missing", rows, skips)
	}
	t.Logf("%d files, %d rows compared with temoto (%d skip the host); %d files over %d bytes, read whole by both", len(inputs), rows, skips, capped, core.MaxBytes)
}
