package audit

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/state"
)

// Several agents: a request is a violation when every dialect denies it
// to one of them, and its deciding line and permalink are that agent's.
// A named agent's group is read by every dialect; a role's only by the
// dialects that apply a group to it.
func TestAgents(t *testing.T) {
	robots := "User-agent: GUS\nDisallow: /gus-only\n\nUser-agent: indexer\nDisallow: /no-index\n\nUser-agent: *\nDisallow: /private\n"
	log := strings.Join([]string{
		"2024-03-01T12:00:00Z\t192.0.2.1\t20\tgemini://c.example/robots.txt",
		"2024-03-01T12:00:01Z\t192.0.2.1\t20\tgemini://c.example/gus-only/a",
		"2024-03-01T12:00:00Z\t192.0.2.2\t20\tgemini://c.example/robots.txt",
		"2024-03-01T12:00:01Z\t192.0.2.2\t20\tgemini://c.example/no-index/a",
		"2024-03-01T12:00:00Z\t192.0.2.3\t20\tgemini://c.example/robots.txt",
		"2024-03-01T12:00:01Z\t192.0.2.3\t20\tgemini://c.example/open",
	}, "\n") + "\n"
	run := func(agents ...string) *Result {
		var as []core.Agent
		for _, s := range agents {
			as = append(as, core.MustAgent(s))
		}
		a, err := New([]byte(robots), Options{Agents: as, Link: func(s state.State) string { return "agent=" + s.Agents }})
		if err != nil {
			t.Fatal(err)
		}
		a.Write([]byte(log))
		return a.Result()
	}
	verdicts := func(res *Result) string {
		var out []string
		for _, c := range res.Clients {
			out = append(out, c.Client+" "+c.Verdict)
		}
		return strings.Join(out, ", ")
	}
	res := run("GUS", "crawler(indexer)")
	if got := verdicts(res); got != "192.0.2.1 ignored, 192.0.2.2 ignored, 192.0.2.3 obeyed" {
		t.Errorf("GUS and crawler(indexer): %s", got)
	}
	if ex := res.Clients[0].Examples; len(ex) != 1 || ex[0].Link != "agent=GUS" || ex[0].Line != 2 {
		t.Errorf("GUS's violation: %+v", ex)
	}
	if ex := res.Clients[1].Examples; len(ex) != 1 || ex[0].Link != "agent=crawler(indexer)" || ex[0].Line != 5 || strings.Join(ex[0].Dialects, ",") != "gemini" {
		t.Errorf("the indexer's violation (gemini alone applies the role's group): %+v", ex)
	}
	if !res.AgentsGiven || res.NoGroup || len(res.Untested) != 0 || !res.Breached() {
		t.Errorf("agents given %v, no group %v, untested %+v", res.AgentsGiven, res.NoGroup, res.Untested)
	}
	// As * (the default), the two other groups are audited apart: each
	// names its client; * has its group, so the exit stays with *.
	res = run()
	if got := verdicts(res); got != "192.0.2.1 obeyed, 192.0.2.2 obeyed, 192.0.2.3 obeyed" {
		t.Errorf("*: %s", got)
	}
	if len(res.Untested) != 2 || res.Untested[0].Clients != 1 || res.Untested[1].Clients != 1 || res.NoGroup || res.Breached() {
		t.Errorf("untested %+v no group %v", res.Untested, res.NoGroup)
	}
	if u := res.Clients[0].Untested; len(u) != 1 || u[0].Agent != "GUS" || u[0].RuleLine != 2 {
		t.Errorf("192.0.2.1's breaches: %+v", u)
	}
}
