package lint

import (
	"slices"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

func TestParseProtocol(t *testing.T) {
	for in, want := range map[string]core.Protocol{"": core.ProtocolAny, "any": core.ProtocolAny, "Gemini": core.ProtocolGemini, " gopher ": core.ProtocolGopher} {
		got, err := core.ParseProtocol(in)
		if err != nil || got != want {
			t.Errorf("ParseProtocol(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := core.ParseProtocol("http"); err == nil || err.Error() != `unknown protocol "http"; use gemini, gopher or any` {
		t.Errorf("ParseProtocol(http) error = %v", err)
	}
}

func TestProtocolOfURL(t *testing.T) {
	for in, want := range map[string]core.Protocol{"gemini://capsule.example": core.ProtocolGemini, "GOPHER://capsule.example:70/0/robots.txt": core.ProtocolGopher} {
		if got, ok := core.ProtocolOfURL(in); !ok || got != want {
			t.Errorf("ProtocolOfURL(%q) = %q, %v", in, got, ok)
		}
	}
	for _, in := range []string{"robots.txt", "-", "https://capsule.example/robots.txt"} {
		if got, ok := core.ProtocolOfURL(in); ok {
			t.Errorf("ProtocolOfURL(%q) = %q, want none", in, got)
		}
	}
}

// DIALECTS.md, "Protocol scope": the dialects each scope keeps.
func TestProtocolDialects(t *testing.T) {
	want := map[core.Protocol][]string{
		core.ProtocolGemini: {"gemini", "conner2020", "rfc9309", "norobots"},
		core.ProtocolGopher: {"gopher2019", "gopherdraft", "conner2020", "rfc9309", "norobots"},
		core.ProtocolAny:    {"gopher2019", "gopherdraft", "gemini", "conner2020", "rfc9309", "norobots"},
	}
	for p, ids := range want {
		var got []string
		for _, d := range p.Dialects() {
			got = append(got, d.ID)
		}
		if !slices.Equal(got, ids) {
			t.Errorf("%s: %v, want %v", p, got, ids)
		}
	}
}

// CRAWLERS.md: the crawler presets are Gemini crawlers, Veronica-2 is Gopher's.
func TestProtocolCrawlerPresets(t *testing.T) {
	for _, id := range []string{"tlgs", "gemplex", "gemini-grc", "kennedy", "gus", "gus-legacy", "mozz-archiver"} {
		if !crawlers.InScope(core.ProtocolGemini, id) || crawlers.InScope(core.ProtocolGopher, id) || !crawlers.InScope(core.ProtocolAny, id) {
			t.Errorf("%s should be in the gemini and any scopes only", id)
		}
	}
	if crawlers.InScope(core.ProtocolGemini, "veronica2") || !crawlers.InScope(core.ProtocolGopher, "veronica2") {
		t.Error("veronica2 should be in the gopher scope only")
	}
	if crawlers.InScope(core.ProtocolGemini, "my-own-variant") || !crawlers.InScope(core.ProtocolAny, "my-own-variant") {
		t.Error("an unknown ID should count under any only")
	}
}

func TestDefaultReference(t *testing.T) {
	for p, id := range map[core.Protocol]string{core.ProtocolAny: "rfc9309", core.ProtocolGemini: "gemini", core.ProtocolGopher: "gopherdraft"} {
		if got := p.DefaultReference().ID; got != id {
			t.Errorf("%s: %s, want %s", p, got, id)
		}
	}
}

// The example: a plain Gemini file with LF line endings has only
// a gopherdraft finding, which the gemini scope drops and gopher keeps.
func TestScopeFindings(t *testing.T) {
	f := core.Parse([]byte("User-agent: *\nDisallow: /private\nCrawl-delay: 10\n"))
	all := Lint(f, nil)
	if !hasCode(all, "lf-line-endings") {
		t.Fatalf("expected an lf-line-endings finding, got %+v", all)
	}
	if got := Scope(core.ProtocolGemini, all); hasCode(got, "lf-line-endings") {
		t.Errorf("gemini scope kept a gopherdraft-only finding: %+v", got)
	}
	if got := Scope(core.ProtocolGopher, all); !hasCode(got, "lf-line-endings") {
		t.Errorf("gopher scope dropped lf-line-endings: %+v", got)
	} else if got[0].Code != "lf-line-endings" || got[0].Severity != SevWarning || all[0].Severity != SevInfo {
		t.Errorf("lf-line-endings is %s in Lint's output and %s served over Gopher; want info, then warning", all[0].Severity, got[0].Severity)
	}
	// The page's scope, with the Gopher columns shown on a Gemini file:
	// the finding stays, as information.
	shown := func(id string) bool { return crawlers.InScope(core.ProtocolGemini, id) || id == "gopherdraft" }
	if got := ScopeFor(core.ProtocolGemini, all, shown); !hasCode(got, "lf-line-endings") || got[0].Severity != SevInfo {
		t.Errorf("a Gemini file with gopherdraft shown: %+v", got)
	}
	mixed := []Finding{
		{Line: 1, Code: "a", Dialects: []string{"gopher2019", "gemini", "tlgs", "veronica2"}},
		{Line: 2, Code: "b", Dialects: []string{"gopherdraft"}},
		{Line: 0, Code: "c"},
	}
	got := Scope(core.ProtocolGemini, mixed)
	if len(got) != 2 || !slices.Equal(got[0].Dialects, []string{"gemini", "tlgs"}) || got[1].Code != "c" {
		t.Errorf("gemini scope: %+v", got)
	}
	if !slices.Equal(mixed[0].Dialects, []string{"gopher2019", "gemini", "tlgs", "veronica2"}) {
		t.Errorf("Scope changed its input: %v", mixed[0].Dialects)
	}
	if got := Scope(core.ProtocolAny, mixed); len(got) != 3 {
		t.Errorf("any scope dropped findings: %+v", got)
	}
}

func hasCode(fs []Finding, code string) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}

// Every crawler preset belongs to exactly one protocol: a new preset
// the scope table does not know would show only under any.
func TestProtocolKnowsEveryPreset(t *testing.T) {
	var gemini, gopher []string
	for _, d := range crawlers.All() {
		if crawlers.InScope(core.ProtocolGemini, d.ID) == crawlers.InScope(core.ProtocolGopher, d.ID) {
			t.Errorf("preset %s is in the gemini scope: %v, in the gopher scope: %v; want exactly one", d.ID, crawlers.InScope(core.ProtocolGemini, d.ID), crawlers.InScope(core.ProtocolGopher, d.ID))
		}
	}
	for _, d := range crawlers.For(core.ProtocolGemini) {
		gemini = append(gemini, d.ID)
	}
	for _, d := range crawlers.For(core.ProtocolGopher) {
		gopher = append(gopher, d.ID)
	}
	if !slices.Equal(gopher, []string{"veronica2", "gopher-mcp-gopher"}) || len(gemini) != len(crawlers.All())-2 || len(crawlers.For(core.ProtocolAny)) != len(crawlers.All()) {
		t.Errorf("presets by scope: gemini %v, gopher %v", gemini, gopher)
	}
}
