package pageview

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
)

// TestReportIsTheCaseShown: the on-demand module's report holds the
// case's file, rows and link, its lints scoped as the page scopes them,
// the columns left out, and the file's CRLF line ends seen by the lints.
func TestReportIsTheCaseShown(t *testing.T) {
	c := ReportCase{
		Robots:    "User-agent: indexer\nDisallow: /private\n\nUser-agent: *\nDisallow: /cgi-bin\nno colon\n",
		Ends:      CRLF,
		Selectors: "/private/x.gmi\n/cgi-bin/a\n",
		Agents:    "GUS(indexer)\n",
		Hidden:    []string{"norobots", "rfc9309"},
		Protocol:  core.ProtocolGopher,
		Link:      "https://example.invalid/#v1.abc",
	}
	text := Report(c)
	for _, want := range []string{"User-agent: indexer", "/private/x.gmi", "GUS(indexer)", "DENY", c.Link, "no-colon"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "lf-line-endings") {
		t.Errorf("the CRLF file got an lf-line-endings lint:\n%s", text)
	}
	all := c
	all.Hidden = nil
	if n, m := strings.Count(text, "rfc9309"), strings.Count(Report(all), "rfc9309"); n >= m {
		t.Errorf("the hidden rfc9309 column is named %d times, %d times when shown", n, m)
	}
	c.Ends = LF
	if lf := Report(c); !strings.Contains(lf, "lf-line-endings") {
		t.Errorf("an LF file served over Gopher gets no lf-line-endings lint:\n%s", lf)
	}
	c.Gemtext = true
	if gem := Report(c); !strings.Contains(gem, "```") || !strings.Contains(gem, "=> "+c.Link) {
		t.Errorf("the Gemtext report has no preformatted block or link line:\n%s", gem)
	}
}
