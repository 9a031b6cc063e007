package lint

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
)

// Crawler lints, one case per code, each from the crawler's code it
// names; the absent lists check that a file written the safe way stays
// quiet.
func TestLint_Crawlers(t *testing.T) {
	crawlerCodes := []string{"mozz-archiver-agent", "crawler-rule-before-agent", "tlgs-empty-disallow-clears", "crawler-comment-in-value", "crawler-agent-case", "gemplex-first-group", "auragem-skips-host", "auragem-first-group"}
	runLintCases(t, []lintCase{
		// michael-lazar/mozz-archiver@12617d2efca91663699647654bcd3e40f5f388f2:mozz_archiver/settings/local.py:12
		{name: "mozz-archiver agent", in: "User-agent: *\nDisallow: /x\n\nUser-agent: mozz-archiver\nDisallow: /\n",
			want: []want{{4, "mozz-archiver-agent", SevWarning, "mozz-archiver"}}},
		// tlgsutils/robots_txt_parser.cpp:20; cmd/gemplex/crawl.go:586-587;
		// crawler/context.go:404-407 (AuraGem's prepend: no "User-Agent:" here)
		{name: "rule before any agent", in: "Disallow: /x\nUser-agent: *\nDisallow: /y\n",
			want: []want{{1, "crawler-rule-before-agent", SevWarning, "tlgs,gemplex,auragem"}}, absent: []string{"auragem-skips-host"}},
		// With the exact text User-Agent: nothing is put first, and
		// temoto fails on the rule (temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:87-90).
		{name: "rule before User-Agent", in: "Disallow: /x\nUser-Agent: *\nDisallow: /y\n",
			want: []want{{1, "crawler-rule-before-agent", SevWarning, "tlgs,gemplex"}, {1, "auragem-skips-host", SevWarning, "auragem"}}},
		// temoto/robotstxt@6f1dda1c91b03c13bd51557a97f29e655255429c:parser.go:239-240
		{name: "crawl-delay with a unit", in: "User-agent: *\nCrawl-delay: 10s\nDisallow: /y\n",
			want: []want{{2, "auragem-skips-host", SevWarning, "auragem"}}},
		// tlgsutils/robots_txt_parser.cpp:45-46: the clear reaches the * group above.
		{name: "empty disallow clears", in: "User-agent: *\nDisallow: /private\n\nUser-agent: indexer\nDisallow:\n",
			want: []want{{5, "tlgs-empty-disallow-clears", SevWarning, "tlgs"}}},
		// An empty Disallow first clears nothing; one in a group TLGS
		// does not read clears nothing either.
		{name: "empty disallow first", in: "User-agent: indexer\nDisallow:\n\nUser-agent: *\nDisallow: /private\nUser-agent: googlebot\nDisallow:\n",
			absent: []string{"tlgs-empty-disallow-clears", "gemplex-first-group"}},
		// tlgsutils/robots_txt_parser.cpp:17,44
		{name: "comment in value", in: "User-agent: *\nDisallow: /page # old page\n",
			want: []want{{2, "crawler-comment-in-value", SevWarning, "tlgs,gemplex,gemini-grc"}}},
		// tlgsutils/robots_txt_parser.cpp:32,35; cmd/gemplex/crawl.go:610-619
		{name: "agent case", in: "User-agent: *\nDisallow: /a\nUser-agent: Indexer\nDisallow: /b\nUser-agent: TLGS\nDisallow: /c\n",
			want: []want{{3, "crawler-agent-case", SevWarning, "tlgs,gemplex"}, {5, "crawler-agent-case", SevWarning, "tlgs"}}},
		// cmd/gemplex/crawl.go:586-599
		{name: "gemplex first group", in: "User-agent: googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n",
			want: []want{{1, "gemplex-first-group", SevWarning, "gemplex"}, {1, "auragem-first-group", SevWarning, "auragem"}}},
		// clseibold/auragem_sis@5af3f8df4fbf9965fe4f4e2ce636906c7a312a5b:crawler/context.go:404-407: a
		// group for indexer is AuraGem's own, and the text User-Agent:
		// stops the prepend.
		{name: "auragem has its own group", in: "User-agent: googlebot\nDisallow: /\n\nUser-agent: indexer\nDisallow: /private\n",
			want: []want{{1, "gemplex-first-group", SevWarning, "gemplex"}}, absent: []string{"auragem-first-group"}},
		{name: "no prepend", in: "User-Agent: googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n",
			want: []want{{1, "gemplex-first-group", SevWarning, "gemplex"}}, absent: []string{"auragem-first-group"}},
		// A Disallow before any User-agent ends Gemplex's first run, so the
		// group after it is not the first (cmd/gemplex/crawl.go:605).
		{name: "gemplex first run closed early", in: "Disallow: /x\nUser-agent: googlebot\nDisallow: /g\n",
			want: []want{{1, "crawler-rule-before-agent", SevWarning, "tlgs,gemplex,auragem"}}, absent: []string{"gemplex-first-group"}},
		// The proxies a webproxy group is for: Gemportal reads only a group
		// named exactly webproxy (JVMerkle/gemportal@59c234eade8c63c79c7e3d45bca8f48bf0596d19:app/gemportal.go:179-188).
		{name: "webproxy group", in: "User-agent: *\nDisallow: /p\n\nUser-agent: webproxy\nDisallow: /\n",
			want: []want{{4, "webproxy-readers", SevInfo, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "webproxy-mozz group", in: "User-agent: webproxy-mozz\nDisallow: /\n",
			want: []want{{1, "webproxy-readers", SevInfo, "gopher2019,gopherdraft,gemini,conner2020,rfc9309,norobots"}}},
		{name: "safe file", in: "User-agent: *\nDisallow: /private\n\nUser-agent: indexer\nDisallow: /search\n# a comment on its own line\nUser-agent: archiver-mozz\nDisallow: /\n",
			absent: crawlerCodes},
	})
}

// tlgs-line-too-long: from TLGSLongLine bytes (the measured crash, on
// any line kind) the file is an error for TLGS; one byte less is quiet.
// TLGS splits at LF only, so lone CRs join lines into one long line.
func TestLint_TLGSLongLine(t *testing.T) {
	long := func(n int) string { return "Disallow: /" + strings.Repeat("a", n-len("Disallow: /")) }
	runLintCases(t, []lintCase{
		{name: "at the measured crash", in: "User-agent: *\n" + long(TLGSLongLine) + "\n",
			want: []want{{2, "tlgs-line-too-long", SevError, "tlgs"}}},
		{name: "a long comment, CRLF", in: "User-agent: *\r\nDisallow: /x\r\n#" + strings.Repeat("-", TLGSLongLine) + "\r\n",
			want: []want{{3, "tlgs-line-too-long", SevError, "tlgs"}}},
		{name: "one byte short", in: "User-agent: *\n" + long(TLGSLongLine-1) + "\r\n", absent: []string{"tlgs-line-too-long"}},
		{name: "short lines joined by lone CRs", in: "User-agent: *\n" + strings.Repeat("Disallow: /a\r", TLGSLongLine/13+1) + "\n",
			want: []want{{2, "tlgs-line-too-long", SevError, "tlgs"}}},
	})
	if f := findingOf(Lint(core.Parse([]byte(TLGSLongFile())), nil), "tlgs-line-too-long"); f == nil || !strings.Contains(f.Message, "27,000 bytes") {
		t.Errorf("the example's finding: %+v", f)
	}
}
