package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
)

// TestReaderColumnIsCheck: the page's "Your reader" column, computed as
// the page computes it (core/pageview's dialects, core/grid's model),
// gives the verdicts and deciding lines `check -json -dialect` gives for
// the same spelling.
func TestReaderColumnIsCheck(t *testing.T) {
	cases := []struct{ robots, spelling string }{
		{"User-agent: *\nDisallow: /a\nAllow: /a/b\n", "custom:rfc9309,match=first"},
		{"User-agent: *\nDisallow: /a\nAllow: /a/b\n", "custom:norobots,allow=yes,match=longest"},
		{"Disallow: /pre\nUser-agent: gus\nDisallow: /g\n\nUser-agent: *\nDisallow: /*.cgi$\n", "custom:gemini,before-agents=apply-to-all,patterns=wildcards-and-dollar"},
		{"User-agent: indexer\r\nDisallow: /%7Ex\r\n\r\nUser-agent: *\r\nDisallow: /x # old\r\n", "custom:conner2020,roles=as-user-agents,encoding=raw"},
		{"User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow:\n", "custom:tlgs,empty-clears=no"},
	}
	agents := []string{"*", "GUS(indexer)", "archiver"}
	selectors := []string{"/a/b", "/a", "/pre/x", "/g/1", "/bin/x.cgi", "/bin/x.cgi?q", "/~x", "/x/y"}
	dir := t.TempDir()
	for i, c := range cases {
		d, ok, err := pageview.ReaderDialect(c.spelling)
		if !ok || err != nil {
			t.Fatalf("%s: %v", c.spelling, err)
		}
		dialects := pageview.WithReader(pageview.DialectsShown(nil), d, ok)
		g := grid.Build(grid.Input{Robots: c.robots, Selectors: strings.Join(selectors, "\n"), Agents: strings.Join(agents, "\n"), Dialects: dialects})
		robots := filepath.Join(dir, "robots"+string(rune('0'+i))+".txt")
		if err := os.WriteFile(robots, []byte(c.robots), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"check", "-json", "-dialect", c.spelling}
		for _, a := range agents {
			args = append(args, "-agent", a)
		}
		r := runCLI(t, "", append(append(args, robots), selectors...)...)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		// A reader built on a crawler preset tests the crawler's own
		// names, as check does: one line per selector, which every
		// agent's row of the page must show.
		perAgent := len(lines) == len(selectors) && d.Crawler != nil
		if r.code > 1 || len(lines) != len(g.Rows) && !perAgent {
			t.Fatalf("%s: exit %d, %d lines for %d rows: %s", c.spelling, r.code, len(lines), len(g.Rows), r.stderr)
		}
		differ := false
		for j, row := range g.Rows {
			if perAgent {
				j %= len(selectors)
			}
			v := validJSON(t, lines[j], "check")
			page := row.Cells[len(dialects)-1]
			if v["dialect"] != d.ID || v["allowed"] != page.Allowed || v["line"] != json.Number(strconv.Itoa(page.Line)) {
				t.Errorf("%s, %s %s: check says %v line %v, the page's column %v line %d", c.spelling, row.Agent, row.Selector, v["allowed"], v["line"], page.Allowed, page.Line)
			}
			differ = differ || row.Disagree
		}
		if !differ {
			t.Errorf("%s: every column agrees on every row; the case tells the readers apart nowhere", c.spelling)
		}
	}
}
