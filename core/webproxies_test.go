package core_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/lint"
	"github.com/temoto/robotstxt"
)

// gemportalOracle is Gemportal's IsWebProxyAllowed on temoto/robotstxt
// (JVMerkle/gemportal@59c234eade8c63c79c7e3d45bca8f48bf0596d19:app/gemportal.go:141-145,166-188): a
// body of 4096 bytes or more is none, a parse error allows all, and
// only the group whose Agent is webproxy is obeyed. Gemportal's temoto
// (a68aeca) sets Group.Agent; v1.1.2 does not, so the chosen group is
// webproxy's own exactly when the name minus its last letter chooses
// another.
func gemportalOracle(body []byte, target string) (honoured, allowed bool) {
	if len(body) >= crawlers.GemportalMax {
		return false, true
	}
	robots, err := robotstxt.FromBytes(body)
	if err != nil {
		return false, true
	}
	g := robots.FindGroup("webproxy")
	if g == robots.FindGroup("webprox") {
		return false, true
	}
	u, _ := url.Parse(target)
	return true, g.Test(u.Path)
}

// TestGemportal_AgreesWithTemoto: what the webproxy-readers finding says
// of Gemportal, and its verdicts where it obeys the file, are temoto's
// through Gemportal's wrapper, on every scenario and real file and on
// its own edge cases.
func TestGemportal_AgreesWithTemoto(t *testing.T) {
	bodies := map[string][]byte{
		"exact":   []byte("User-agent: *\nDisallow: /p\n\nUser-agent: webproxy\nDisallow: /w\n"),
		"case":    []byte("User-agent: WebProxy\nDisallow: /w\n"),
		"mozz":    []byte("User-agent: webproxy-mozz\nDisallow: /\n"),
		"prefix":  []byte("User-agent: web\nDisallow: /\n"),
		"star":    []byte("User-agent: *\nDisallow: /\n"),
		"norules": []byte("User-agent: webproxy\n\nUser-agent: *\nDisallow: /s\n"),
		"error":   []byte("User-agent: webproxy\nCrawl-delay: 5s\nDisallow: /\n"),
		"before":  []byte("Disallow: /b\nUser-agent: webproxy\nDisallow: /w\n"),
		"big":     []byte("User-agent: webproxy\nDisallow: /\n#" + strings.Repeat("x", 4100) + "\n"),
	}
	for _, in := range oracleInputs(t) {
		bodies[in.name] = in.body
	}
	honoured, rows := 0, 0
	for name, body := range bodies {
		f := core.Parse(body)
		if f.Truncated {
			continue // Gemportal reads none of it, nor does smolbots read it all
		}
		ok, why := crawlers.GemportalReads(f)
		want, _ := gemportalOracle(body, "/")
		if ok != want {
			t.Errorf("%s: GemportalReads %v (%s), temoto through Gemportal's wrapper %v", name, ok, why, want)
			continue
		}
		if !ok {
			continue
		}
		honoured++
		p := crawlers.Gemportal.Compile(f).Policy(core.Agent{})
		for _, target := range auragemTargets(f, []string{"/w", "/w/x", "/p", "/s"}) {
			if _, err := url.Parse(target); err != nil {
				continue
			}
			_, allowed := gemportalOracle(body, target)
			rows++
			if v := p.Test(target); v.Allowed != allowed {
				t.Errorf("%s, %q: preset reading %v (line %d), temoto %v", name, target, v.Allowed, v.Line, allowed)
			}
		}
	}
	if honoured < 3 || rows < 20 {
		t.Errorf("only %d files Gemportal obeys, %d rows: the inputs are missing", honoured, rows)
	}
	t.Logf("%d files, %d that Gemportal obeys, %d rows compared with temoto", len(bodies), honoured, rows)
	for _, c := range []struct{ name, want string }{
		{"exact", "Gemportal obeys it"}, {"mozz", "names exactly webproxy"}, {"big", "4096 bytes or more"}, {"error", "parser fails on line 2"},
	} {
		fs := lint.Lint(core.Parse(bodies[c.name]), nil)
		found := false
		for _, f := range fs {
			if f.Code == "webproxy-readers" {
				found = true
				if !strings.Contains(f.Message, c.want) || !strings.Contains(f.Message, "portal.mozz.us stopped") {
					t.Errorf("%s: %q lacks %q", c.name, f.Message, c.want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no webproxy-readers finding", c.name)
		}
	}
}
