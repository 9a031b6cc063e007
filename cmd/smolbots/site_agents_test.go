package main

import (
	"strings"
	"testing"
)

// issue 39, item 5: the walk reads robots.txt as smolbots(researcher),
// the verdicts as each -agent (default *) and each crawler. A rule for
// researchers keeps smolbots out of pages no reader tested is refused:
// every section names whose reading it gives, and the rules section
// never says "decides no page" of a line that kept smolbots out.
func TestSiteSectionsNameTheirAgent(t *testing.T) {
	files := map[string][]byte{
		"robots.txt":  []byte("# capsule\n\nUser-agent: *\nDisallow: /tmp/\n\n# studies of this capsule\n\nUser-agent: researcher\nDisallow: /notes/\n"),
		"index.gmi":   []byte("=> /notes/a.gmi\n=> /notes/b.gmi\n=> /about.gmi\n"),
		"about.gmi":   []byte("# about\n"),
		"notes/a.gmi": []byte("a\n"),
		"notes/b.gmi": []byte("b\n"),
	}
	g, r := walkCapsule(t, files, "-dialect", "gemini,rfc9309")
	if r.code != 0 {
		t.Errorf("exit %d, want 0: no reader tested refuses a page", r.code)
	}
	wantAll(t, "the text", r.stdout,
		"Verdicts (the dialects as *):\ngemini, rfc9309: all 4 pages allowed\n",
		"Not fetched: robots.txt keeps smolbots(researcher), the walk's own agent (not the readers above), out of 2 pages,",
		"  line 9: Disallow: /notes/ (gemini): 2 pages under /notes/\n",
		"Your rules, against the 4 pages found (the dialects as *):\n",
		"  line 9 (Disallow: /notes/) decides no page for the readers above, yet kept smolbots(researcher) out of 2 pages (Not fetched): its group reaches the walk's agent, not theirs\n",
		"  Deciding no page found (1): line 4 (Disallow: /tmp/)\n")
	// No near miss is claimed for a rule that covers the pages as written.
	if strings.Contains(r.stdout, "Near miss") {
		t.Errorf("a near miss of a rule that covers the pages:\n%s", r.stdout)
	}
	// As a researcher, the readers and smolbots agree on line 9.
	res := runCLI(t, "", "site", "-delay", "0", "-dialect", "gemini,rfc9309", "-agent", "mybot(researcher)", g.URL+"/")
	wantAll(t, "-agent mybot(researcher)", res.stdout,
		"Verdicts (the dialects as mybot(researcher)):\n",
		"gemini (mybot(researcher)): 2 of 4 pages allowed, 2 refused:\n  line 9 (Disallow: /notes/): 2 pages under /notes/\n",
		"  line 9 (Disallow: /notes/): refuses 2 pages for gemini (mybot(researcher)); none for rfc9309 (mybot(researcher))\n")
	// The crawlers' own readings are named as such by default.
	def := runCLI(t, "", "site", "-delay", "0", g.URL+"/")
	wantAll(t, "the default readers", def.stdout, "Verdicts (the dialects as *, the crawlers as themselves):\n", "(the dialects as *, the crawlers as themselves):\n")
}
