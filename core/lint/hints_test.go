package lint

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/internal/tabletest"
)

func TestRoleNote(t *testing.T) {
	f := core.Parse([]byte("User-agent: GUS\nDisallow: /a\n\nUser-agent: indexer\nDisallow: /\n\nUser-agent: archiver\nDisallow: /b\n"))
	note := RoleNote(f, core.MustAgent("GUS"))
	for _, want := range []string{"GUS declares no virtual agent", "indexer (line 4) and archiver (line 7)", "GUS(indexer)."} {
		if !strings.Contains(note, want) {
			t.Errorf("note %q lacks %q", note, want)
		}
	}
	for _, a := range []string{"GUS(indexer)", "indexer", "*"} {
		if n := RoleNote(f, core.MustAgent(a)); n != "" {
			t.Errorf("%s: unexpected note %q", a, n)
		}
	}
	if n := RoleNote(core.Parse([]byte("User-agent: *\nDisallow: /\n")), core.MustAgent("GUS")); n != "" {
		t.Errorf("no role groups, still a note: %q", n)
	}
	conner := core.Parse([]byte("User-agent: *\nVirtual-agent: researcher\nDisallow: /r\n"))
	if n := RoleNote(conner, core.MustAgent("Lupa")); !strings.Contains(n, "researcher (line 2)") {
		t.Errorf("Virtual-agent groups not named: %q", n)
	}
}

// An agent that names a crawler preset is told to try that crawler's own
// roles, whatever role the file's first role group is for.
func TestRoleNoteKnownCrawler(t *testing.T) {
	f := core.Parse([]byte("User-agent: webproxy\nDisallow: /w\n\nUser-agent: archiver\nDisallow: /a\n\nUser-agent: indexer\nDisallow: /\n"))
	want := map[string]string{
		"tlgs": "indexer", "gemplex": "indexer,researcher", "gemini-grc": "archiver", "kennedy": "indexer",
		"gus": "indexer", "gus-legacy": "indexer", "mozz-archiver": "archiver", "auragem": "indexer", "veronica2": "",
		"gopher-mcp-gemini": "webproxy,indexer", "gopher-mcp-gopher": "",
	}
	claimed := map[string]bool{} // an agent name two presets test is the first one's
	for _, d := range crawlers.All() {
		c := d.Crawler
		names := []string{d.ID, strings.ToUpper(d.ID)}
		if !strings.Contains(c.Name, " ") { // "GUS (2020)" is no agent name
			names = append(names, c.Name)
		}
		for _, n := range c.Agents {
			if n != "*" && !core.IsRole(n) && !strings.Contains(n, "/") && !claimed[n] {
				names = append(names, n)
			}
			claimed[n] = true
		}
		if got := strings.Join(c.Roles, ","); got != want[d.ID] {
			t.Errorf("%s: roles %q, want %q", d.ID, got, want[d.ID])
		}
		for _, name := range names {
			a := core.MustAgent(name)
			note := RoleNote(f, a)
			if len(c.Roles) == 0 {
				if !strings.HasSuffix(note, "is the "+d.ID+" preset, which has no role.") || strings.Contains(note, "give the agent as") {
					t.Errorf("-agent %q: %q", name, note)
				}
				continue
			}
			if suggest := "give the agent as " + a.Name + "(" + want[d.ID] + ")."; !strings.HasSuffix(note, suggest) {
				t.Errorf("-agent %q: %q does not end %q", name, note, suggest)
			}
		}
	}
	if n := RoleNote(f, core.MustAgent("Lupa")); !strings.HasSuffix(n, "give the agent as Lupa(webproxy).") {
		t.Errorf("an unknown crawler is not given the file's first role: %q", n)
	}
}

func TestNormalizeNote(t *testing.T) {
	for in, want := range map[string]string{
		"gemini://h/a/../private/x":  "`/private/x` instead of `/a/../private/x`",
		"gemini://h/./%7euser/%2f?q": "`/~user/%2F?q` instead of `/./%7euser/%2f?q`",
		"GEMINI://h/a/./b/..":        "`/a/` instead of",
		"gemini://h/aA?q=%41%2f":     "`/aA?q=A%2F` instead of `/aA?q=%41%2f`", // escapes in the query too
		"gemini://h/private/x":       "",
		"/a/../b":                    "", // a raw selector is compared as given, no note
		"gopher://h/0/a/../b":        "",
	} {
		got := NormalizeNote(in)
		if want == "" && got != "" || !strings.Contains(got, want) {
			t.Errorf("NormalizeNote(%q) = %q, want it to say %q", in, got, want)
		}
	}
}

func TestRemoveDotSegments(t *testing.T) {
	// RFC 3986 section 5.2.4's own examples, plus edges.
	tabletest.Strings(t, "removeDotSegments", core.RemoveDotSegments, map[string]string{
		"/a/b/c/./../../g":   "/a/g",
		"mid/content=5/../6": "mid/6",
		"/..":                "/",
		"/a/..":              "/",
		"/a/b/.":             "/a/b/",
		"/":                  "/",
		"":                   "",
	})
}

func TestInputNote(t *testing.T) {
	big := core.Parse([]byte(strings.Repeat("# padding\n", core.MaxBytes/10+10)))
	if n := InputNote(big); !strings.Contains(n, "only the first 512000") {
		t.Errorf("truncated: %q", n)
	}
	if n := InputNote(core.Parse([]byte("User-agent: *\x00\x01\n"))); !strings.Contains(n, "binary") {
		t.Errorf("binary: %q", n)
	}
	if n := InputNote(core.Parse([]byte("User-agent: *\n"))); n != "" {
		t.Errorf("plain file: %q", n)
	}
}
