package untested

import (
	"testing"

	"github.com/smolbots/smolbots/core"
)

func TestGroups(t *testing.T) {
	f := core.Parse([]byte("User-agent: archiver\nUser-agent: GUS\nDisallow: /a\n\nUser-agent: *\nUser-agent: Indexer\nDisallow: /b\n\nUser-agent: gus\nUser-agent: a(b\nDisallow: /c\n"))
	got := Groups(f, []core.Agent{core.MustAgent("mybot(indexer)")})
	want := []struct {
		value string
		line  int
		role  bool
		valid bool
	}{{"archiver", 1, true, true}, {"GUS", 2, false, true}, {"a(b", 10, false, false}}
	if len(got) != len(want) {
		t.Fatalf("groups %+v", got)
	}
	for i, w := range want {
		g := got[i]
		if g.Value != w.value || g.Line != w.line || g.Role != w.role || g.Valid != w.valid {
			t.Errorf("group %d: %+v, want %+v", i, g, w)
		}
	}
	if got[0].Agent.Name != "" || len(got[0].Agent.Roles) != 1 || got[1].Agent.Name != "GUS" {
		t.Errorf("agents %+v %+v", got[0].Agent, got[1].Agent)
	}
	if FirstRole(got) != "archiver" || FirstRole(got[1:]) != "" {
		t.Errorf("first role %q", FirstRole(got))
	}
}
