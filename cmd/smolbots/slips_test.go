package main

import (
	"strings"
	"testing"
)

// Slips a user makes get one sentence that says how to mend them: a
// duration without its unit, a flag before the command, a lint code
// spelt nearly right.
func TestSlipsGetOneSentence(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // the first line of stderr
	}{
		{[]string{"site", "-delay", "1", "gemini://capsule.example/"}, `smolbots site: -delay: "1" is not a duration; give a duration such as 1s, 500ms or 2m`},
		{[]string{"conform", "-timeout", "10", "--", "true"}, `smolbots conform: -timeout: "10" is not a duration; give a duration such as 1s, 500ms or 2m`},
		{[]string{"-json"}, "smolbots: -json is a flag, not a command: give the command first, then its flags (smolbots help lists the commands)"},
		{[]string{"-json", "check"}, "smolbots check: give a robots.txt (file, - or URL) and at least one selector"},
		{[]string{"explain", "blank-line-in-grop"}, `smolbots explain: "blank-line-in-grop" is not a lint code; did you mean blank-line-in-group? (smolbots help lint lists them all)`},
		{[]string{"explain", "globportability"}, `smolbots explain: "globportability" is not a lint code; did you mean glob-portability? (smolbots help lint lists them all)`},
		{[]string{"explain", "frobnicate"}, `smolbots explain: "frobnicate" is not a lint code; smolbots help lint lists them (agent-run-broken, agent-version, allow-portability, ...)`},
	} {
		r := runCLI(t, "", c.args...)
		lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
		// A bad flag's sentence is followed by the command's one-line
		// synopsis; nothing else may follow, least of all the usage.
		if r.code != 2 || r.stdout != "" || lines[0] != c.want || len(lines) > 2 || len(lines) == 2 && !strings.HasPrefix(lines[1], "Usage: smolbots ") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
	// A flag before the command is read as the command's.
	r := runCLI(t, "User-agent: *\nDisallow: /x\n", "-json", "check", "-", "/x")
	if r.code != 1 || !strings.HasPrefix(r.stdout, `{"dialect":"gopher2019"`) {
		t.Errorf("smolbots -json check - /x: exit %d, stdout %.80q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// A finding about the whole file shows as line "file" in text, and as
// line 0 in JSON (docs/json.md).
func TestWholeFileFindingSaysFile(t *testing.T) {
	const robots = "User-agent: *\nDisallow: /x\n"
	r := runCLI(t, robots, "lint", "-severity", "info", "-protocol", "gopher", "-")
	if !strings.Contains(r.stdout, "-:file: warning: ") || strings.Contains(r.stdout, "-:0:") {
		t.Errorf("lint text: %q", r.stdout)
	}
	r = runCLI(t, robots, "lint", "-severity", "info", "-protocol", "gopher", "-json", "-")
	if !strings.Contains(r.stdout, `"line":0,`) {
		t.Errorf("lint -json: %q", r.stdout)
	}
}
