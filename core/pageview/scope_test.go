package pageview

import (
	"reflect"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
)

func TestScopeFindings(t *testing.T) {
	fs := []lint.Finding{
		{Line: 1, Code: "lf-line-endings", Dialects: []string{"gopherdraft"}},
		{Line: 2, Code: "allow-portability", Dialects: []string{"gopher2019", "gemini", "norobots"}},
		{Line: 3, Code: "empty-file"},
	}
	gemini := core.ProtocolGemini
	got := ScopeFindings(fs, gemini, gemini.Dialects())
	if len(got) != 2 || got[0].Code != "allow-portability" || !reflect.DeepEqual(got[0].Dialects, []string{"gemini", "norobots"}) || got[1].Code != "empty-file" {
		t.Errorf("gemini scope: %+v", got)
	}
	if !reflect.DeepEqual(fs[1].Dialects, []string{"gopher2019", "gemini", "norobots"}) {
		t.Error("the input was changed")
	}
	// The user shows gopherdraft's column: its findings come back.
	shown := append(gemini.Dialects(), core.GopherDraft)
	if got := ScopeFindings(fs, gemini, shown); len(got) != 3 || got[0].Code != "lf-line-endings" {
		t.Errorf("gemini scope with gopherdraft shown: %+v", got)
	}
	// Messages name only the dialects in scope, or shown.
	findings := lint.Lint(core.Parse([]byte("User-agent: *\nAllow: /a\n")), nil)
	for _, c := range []struct {
		shown []core.Dialect
		want  string
	}{
		{gemini.Dialects(), "gemini does not know Allow and ignores this line, so what it opens stays disallowed there. Where it counts, rfc9309 takes"},
		{append(gemini.Dialects(), core.Gopher2019, core.GopherDraft), "gopher2019 and gemini do not know Allow and ignore this line, so what it opens stays disallowed there. Where it counts, gopherdraft lets"},
	} {
		var allow []lint.Finding
		for _, fd := range ScopeFindings(findings, gemini, c.shown) {
			if fd.Code == "allow-portability" {
				allow = append(allow, fd)
			}
		}
		if len(allow) != 1 || !strings.HasPrefix(allow[0].Message, c.want) {
			t.Errorf("gemini scope, %d columns: %+v, want a message starting %q", len(c.shown), allow, c.want)
		}
	}
	if got := ScopeFindings(fs, core.ProtocolAny, nil); !reflect.DeepEqual(got, fs) {
		t.Errorf("any scope filters: %+v", got)
	}
	if got := HiddenFor(gemini); !reflect.DeepEqual(got, []string{"gopher2019", "gopherdraft"}) {
		t.Errorf("HiddenFor(gemini) = %v", got)
	}
	if got := HiddenFor(core.ProtocolGopher); !reflect.DeepEqual(got, []string{"gemini"}) {
		t.Errorf("HiddenFor(gopher) = %v", got)
	}
	for in, want := range map[string]core.Protocol{"": core.ProtocolAny, "gemini": gemini, "GOPHER": core.ProtocolGopher, "http": core.ProtocolAny} {
		if got := ProtocolOf(in); got != want {
			t.Errorf("ProtocolOf(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPortableRows(t *testing.T) {
	g := grid.Build(grid.Input{Robots: "User-agent: *\nDisallow: /p\n", Selectors: "/pub/x\ngemini://capsule.example/pub/x\n/a.cgi", Agents: "GUS(indexer)\n*", Dialects: core.Dialects()})
	agents, sels := PortableRows(&g)
	if !reflect.DeepEqual(agents, []string{"GUS(indexer)", "*"}) || !reflect.DeepEqual(sels, []string{"/pub/x", "/a.cgi"}) {
		t.Errorf("PortableRows = %q, %q", agents, sels)
	}
}
