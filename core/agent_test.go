package core

import (
	"reflect"
	"strings"
	"testing"
)

// The agent syntax of DIALECTS.md: a name plus zero or more virtual
// agents, `GUS(indexer)` or `Lupa(researcher,archiver)`; a bare role is an
// unnamed bot with that role; `*` is an unnamed bot with no role; a name
// loses its /version.
func TestAgent_Parse(t *testing.T) {
	for _, c := range []struct {
		in    string
		name  string
		roles []string
	}{
		{"*", "", nil},
		{" * ", "", nil},
		{"*/1.0", "", nil},
		{"GUS", "GUS", nil},
		{"GUS/2.1", "GUS", nil},
		{"GUS/2.1/extra", "GUS", nil},
		{"GUS(indexer)", "GUS", []string{"indexer"}},
		{"GUS (indexer)", "GUS", []string{"indexer"}},
		{"GUS/2.1 (indexer)", "GUS", []string{"indexer"}},
		{"Lupa(researcher,archiver)", "Lupa", []string{"researcher", "archiver"}},
		{"Lupa(researcher, archiver)", "Lupa", []string{"researcher", "archiver"}},
		{"Lupa( Researcher ,ARCHIVER )", "Lupa", []string{"researcher", "archiver"}},
		{"Reader(feed)", "Reader", []string{"feed"}}, // any virtual agent, not only the four of the spec
		{"GUS()", "GUS", nil},
		{"GUS(indexer,)", "GUS", []string{"indexer"}},
		{"indexer", "", []string{"indexer"}},
		{"Indexer", "", []string{"indexer"}},
		{"archiver", "", []string{"archiver"}},
		{"researcher", "", []string{"researcher"}},
		{"webproxy", "", []string{"webproxy"}},
		{"WEBPROXY/1.0", "", []string{"webproxy"}},
		{"(indexer)", "", []string{"indexer"}},
		{"*(indexer)", "", []string{"indexer"}},
		{"indexers", "indexers", nil}, // not a role: a bot of that name
		{"web-proxy", "web-proxy", nil},
		{"indexer(archiver)", "indexer", []string{"archiver"}}, // with explicit roles the name stays a name
		{"Foo Bar", "Foo Bar", nil},
		{"FigTree Robot libwww-perl/5.04", "FigTree Robot libwww-perl", nil},
	} {
		a, err := ParseAgent(c.in)
		if err != nil {
			t.Errorf("ParseAgent(%q): %v", c.in, err)
			continue
		}
		if a.Name != c.name || !reflect.DeepEqual(a.Roles, c.roles) {
			t.Errorf("ParseAgent(%q) = name %q roles %q, want %q %q", c.in, a.Name, a.Roles, c.name, c.roles)
		}
		if a.Raw != strings.TrimSpace(c.in) || a.String() != a.Raw {
			t.Errorf("ParseAgent(%q): Raw %q, String %q", c.in, a.Raw, a.String())
		}
		if a.Unnamed() != (c.name == "") {
			t.Errorf("ParseAgent(%q).Unnamed() = %v", c.in, a.Unnamed())
		}
	}
}

func TestAgent_ParseErrors(t *testing.T) {
	for _, in := range []string{"", "   ", "GUS(indexer", "GUS)indexer(", "GUS)", "GUS(a(b))", "Bad*Name", "a\tb(indexer)", "Lupa(x)y", "/2.1", " /x(indexer)",
		"Mozilla/5.0 (compatible; mycrawler/1.0)", "GUS(indexer archiver)", "GUS(index/1)", "Bot;1", "Bot\x1b[2J", "Bo\u0085t"} {
		a, err := ParseAgent(in)
		if err == nil {
			t.Errorf("ParseAgent(%q) = %+v, want an error", in, a)
			continue
		}
		if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
			t.Errorf("ParseAgent(%q): unclear error %q", in, msg)
		}
	}
	// A browser-style string is refused with the reason, not read as the
	// name Mozilla with the role "compatible; mycrawler/1.0".
	_, err := ParseAgent("Mozilla/5.0 (compatible; mycrawler/1.0)")
	if err == nil || !strings.Contains(err.Error(), `"compatible; mycrawler/1.0" in the parentheses is not a virtual agent`) {
		t.Errorf("browser-style agent: error %v, want one naming the parenthesised text", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustAgent of a bad agent should panic")
		}
	}()
	MustAgent("GUS(")
}

func TestAgent_String(t *testing.T) {
	for _, c := range []struct {
		a    Agent
		want string
	}{
		{Agent{}, "*"},
		{Agent{Name: "GUS"}, "GUS"},
		{Agent{Name: "GUS", Roles: []string{"indexer"}}, "GUS(indexer)"},
		{Agent{Roles: []string{"indexer"}}, "indexer"},
		{Agent{Roles: []string{"researcher", "archiver"}}, "(researcher,archiver)"},
		{Agent{Raw: "Lupa( x )", Name: "Lupa", Roles: []string{"x"}}, "Lupa( x )"},
	} {
		if got := c.a.String(); got != c.want {
			t.Errorf("%+v.String() = %q, want %q", c.a, got, c.want)
		}
		// What String writes reads back as the same agent.
		back, err := ParseAgent(c.a.String())
		if err != nil || back.Name != c.a.Name || !reflect.DeepEqual(back.Roles, c.a.Roles) {
			t.Errorf("ParseAgent(%q) = %+v, %v; want %+v", c.a.String(), back, err, c.a)
		}
	}
}

// Dialects without virtual agents try a named bot by its name only and
// an unnamed bot by its roles' names.
func TestAgent_NamesWithoutRoles(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"GUS(indexer)", []string{"GUS"}},
		{"indexer", []string{"indexer"}},
		{"(researcher,archiver)", []string{"researcher", "archiver"}},
		{"*", nil},
	} {
		if got := MustAgent(c.in).namesWithoutRoles(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
	}
	if StripVersion("GUS/2.1") != "GUS" || StripVersion("GUS") != "GUS" || StripVersion("/x") != "" {
		t.Error("stripVersion")
	}
}

// Each dialect's agent comparison, value from the file against a name.
func TestAgent_Matching(t *testing.T) {
	for _, c := range []struct {
		d           Dialect
		value, name string
		want        bool
	}{
		{Gemini, "gus", "GUSbot", true},
		{Gemini, "GUSbot", "gus", false},
		{Gemini, "GUS/1.0", "GUS", false}, // the file's value keeps its version
		{Gemini, "", "GUS", false},        // an empty value names no robot
		{Gemini, "indexer", "indexer", true},
		{GopherDraft, "Googlebot", "Googlebot-Image", true},
		{Norobots, "", "GUS", true}, // Python: "" is in every name
		{Norobots, "fig%20tree", "Fig Tree Bot", true},
		{Conner2020, "gus", "GUS", true},
		{Conner2020, "gus", "GUSbot", false},
		{Conner2020, "GUS/1.0", "GUS", false},
		{RFC9309, "FooBot/1.0", "foobot", true},
		{RFC9309, "Foo Bar", "Foo", true},
		{RFC9309, "FooBot", "FooBotX", false},
		{RFC9309, "*", "FooBot", false},
		{RFC9309, "FooBot", "", false},
	} {
		if got := c.d.AgentMatches(c.value, c.name); got != c.want {
			t.Errorf("%s: value %q vs name %q: %v, want %v", c.d.ID, c.value, c.name, got, c.want)
		}
	}
}
