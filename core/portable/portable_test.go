package portable

import (
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/fix"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/pageview"
)

// messy needs most of fix's steps under gemini: the * group comes
// first, an Allow, a glob no prefix dialect reads, a role group.
const messy = "User-agent: *\nDisallow: /private\nDisallow: /*.cgi\n\nUser-agent: indexer\nDisallow: /\nAllow: /pub\n"

// Rows fix laid out: a run of changed rows is one hunk, with the changes
// that made it; a row whose only change is its line end is not changed.
func TestHunksOf(t *testing.T) {
	changes := []fix.Change{{Code: "star-not-last"}, {Code: lineEndsCode}, {Code: "bom"}}
	rows := []fix.Row{
		{Old: 1, New: 0, OldText: "User-agent: *", Changes: []int{0, 1}},
		{Old: 2, New: 1, OldText: "a", NewText: "a", Changes: []int{1}},
		{Old: 3, New: 2, OldText: "b", NewText: "b", Changes: []int{1, 2}},
		{Old: 0, New: 3, NewText: "User-agent: *", Changes: []int{0, 1}},
		{Old: 4, New: 4, OldText: "c", NewText: "c!", Changes: []int{}},
	}
	got := hunksOf(rows, changes)
	want := []hunk{{0, 1, []int{0}}, {2, 5, []int{0, 2}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("hunksOf = %+v, want %+v", got, want)
	}
}

var (
	whyRowRe = regexp.MustCompile(`<tr class="why"><td colspan="4"><ul class="changes">(.*?)</ul></td></tr>`)
	codeRe   = regexp.MustCompile(`<li data-code="([a-z-]+)" data-line="([0-9]+)">`)
	rowRe    = regexp.MustCompile(`<tr>(<td class="ln">[0-9]*</td><td[^>]*>.*?</td>){2}</tr>`)
)

// The pane for a messy file under gemini: the rewrite is fix's own,
// every change is explained exactly once in the diff, above the lines
// it wrote, and the row fix cannot make agree is listed with its reason.
func TestPortableMessyGemini(t *testing.T) {
	g := grid.Build(grid.Input{Robots: messy, Selectors: "/pub/x\n/a.cgi\n/private/x", Agents: "GUS(indexer)\n*", Dialects: core.Dialects()})
	agents, sels := pageview.PortableRows(&g)
	v := Rewrite(messy, agents, sels, core.ProtocolGemini, "gemini")
	res, err := fix.Fix([]byte(messy), fix.Options{
		Protocol: core.ProtocolGemini, Reference: core.Gemini,
		Agents:    []core.Agent{core.MustAgent("GUS(indexer)"), core.MustAgent("*")},
		Selectors: []string{"/pub/x", "/a.cgi", "/private/x"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if v.Robots != res.Robots || !v.Changed {
		t.Fatalf("the pane's rewrite differs from fix's:\n%s\nwant\n%s", v.Robots, res.Robots)
	}
	var explained []string
	for _, m := range whyRowRe.FindAllStringSubmatch(v.HTML, -1) {
		for _, c := range codeRe.FindAllStringSubmatch(m[1], -1) {
			explained = append(explained, c[1]+":"+c[2])
		}
	}
	var want []string
	for _, c := range res.Changes {
		want = append(want, c.Code+":"+strconv.Itoa(c.Line))
	}
	if len(explained) < len(want) {
		t.Errorf("the diff explains %v, fix made %v", explained, want)
	}
	for _, w := range want {
		if !slices.Contains(explained, w) {
			t.Errorf("change %s is not explained beside its lines: %v", w, explained)
		}
	}
	for _, s := range []string{
		`Reference: <strong>gemini</strong>`,
		`<span class="vh">added: </span>Virtual-agent: indexer`,
		`<span class="vh">added: </span>User-agent: GUS`,
		`<h3>Rows that still disagree (1)</h3>`,
		`<li data-code="glob"><code>*</code> <code>/a.cgi</code> <span class="dialects">(rfc9309)</span>: line `,
		`Rows on which every dialect read over Gemini agree with it: `,
	} {
		if !strings.Contains(v.HTML, s) {
			t.Errorf("the pane lacks %q:\n%s", s, v.HTML)
		}
	}
	// Rows far from any change fold into one "unchanged lines" row; the
	// rest of fix's layout is drawn.
	gap := regexp.MustCompile(`<tr class="gap"><td colspan="4">(\d+) unchanged lines?</td></tr>`)
	folded := 0
	for _, m := range gap.FindAllStringSubmatch(v.HTML, -1) {
		n, _ := strconv.Atoi(m[1])
		folded += n
	}
	if n, want := len(rowRe.FindAllString(v.HTML, -1)), len(res.Diff()); n+folded != want || n == 0 {
		t.Errorf("%d diff rows drawn and %d folded, fix lays out %d", n, folded, want)
	}
}

// A file already portable: nothing to apply, no table, every row agrees.
func TestPortableNothingToDo(t *testing.T) {
	const clean = "User-agent: *\nDisallow: /private\n"
	v := Rewrite(clean, []string{"*"}, []string{"/private/x"}, core.ProtocolGemini, "rfc9309")
	if v.Changed || v.Robots != clean {
		t.Errorf("a clean file changed: %q", v.Robots)
	}
	for _, s := range []string{"Nothing to change.", "Reference: <strong>rfc9309</strong>", `class="agreed"`} {
		if !strings.Contains(v.HTML, s) {
			t.Errorf("lacks %q: %s", s, v.HTML)
		}
	}
	if strings.Contains(v.HTML, "<table") {
		t.Errorf("a table for no change: %s", v.HTML)
	}
}

// Under gopher the rewrite has CRLF line ends: the lines stay, so there
// is no table, and the change is listed for the whole file.
func TestPortableLineEndingsOnly(t *testing.T) {
	const lf = "User-agent: *\nDisallow: /private\n"
	v := Rewrite(lf, nil, nil, core.ProtocolGopher, "")
	if !v.Changed || v.Robots != "User-agent: *\r\nDisallow: /private\r\n" {
		t.Fatalf("rewrite %q", v.Robots)
	}
	if strings.Contains(v.HTML, "<table") || !strings.Contains(v.HTML, `<ul class="changes whole"><li data-code="lf-line-endings"`) {
		t.Errorf("line endings shown as:\n%s", v.HTML)
	}
	// Beside other changes, it is still listed once, for the whole file.
	v = Rewrite("User-agent: *\nDisallow: /a\n\nUser-agent: b\nDisallow: /\n", nil, nil, core.ProtocolGopher, "")
	if n := strings.Count(v.HTML, `data-code="lf-line-endings"`); n != 1 || !strings.Contains(v.HTML, `<ul class="changes whole"><li data-code="lf-line-endings"`) || !strings.Contains(v.HTML, `<tr class="why">`) {
		t.Errorf("line endings listed %d times, or not for the whole file:\n%s", n, v.HTML)
	}
}

// Input fix cannot read gets a sentence, not a crash; text from the
// file is escaped, its control bytes shown as lint shows them.
func TestPortableBadInput(t *testing.T) {
	v := Rewrite("User-agent: *\x00\n", []string{"bad agent("}, nil, core.ProtocolAny, "nonsense")
	if v.Changed || v.Robots != "User-agent: *\x00\n" || !strings.Contains(v.HTML, "Nothing was rewritten: ") || !strings.Contains(v.HTML, "NUL byte") {
		t.Errorf("NUL: %+v", v)
	}
	const nasty = "User-agent: <b>\x1b[31m\nDisallow: /\n\nUser-agent: <b>\x1b[31m\nDisallow: /x\n"
	v = Rewrite(nasty, nil, nil, core.ProtocolAny, "")
	if strings.Contains(v.HTML, "<b>") || strings.Contains(v.HTML, "\x1b") || !strings.Contains(v.HTML, `&lt;b&gt;\x1b[31m`) {
		t.Errorf("file text not escaped:\n%s", v.HTML)
	}
}

// A long rewrite is drawn up to MaxDiffRows rows, with a note; Apply
// still gets the whole file.
func TestPortableDiffBounded(t *testing.T) {
	var in strings.Builder
	in.WriteString("User-agent: *\n")
	for i := 0; i < 2*MaxDiffRows; i++ {
		in.WriteString("Allow: /a" + strconv.Itoa(i) + "\n")
	}
	in.WriteString("Disallow: /\n")
	v := Rewrite(in.String(), nil, []string{"/a1"}, core.ProtocolGemini, "")
	if n := strings.Count(v.Robots, "# Allow: /a"); n != 2*MaxDiffRows {
		t.Fatalf("%d Allow lines commented out, want %d", n, 2*MaxDiffRows)
	}
	if n := len(rowRe.FindAllString(v.HTML, -1)); n != MaxDiffRows {
		t.Errorf("%d rows drawn, want %d", n, MaxDiffRows)
	}
	if !strings.Contains(v.HTML, "Only the first 1500 rows") {
		t.Errorf("no note that the diff is cut")
	}
}

// The page's default reference is strict: the file of issue 17, with an
// indexer group beside a * group, lets no crawler in; kept to the gemini
// reading, the rewrite lets GUS into /cgi-bin/search, and the pane says
// so above everything else, naming reader and path.
func TestPortableSaysWhatItOpens(t *testing.T) {
	file := "User-agent: indexer\nDisallow: /private/\n\nUser-agent: *\nDisallow: /cgi-bin/\n"
	agents, sels := []string{"GUS(indexer)"}, []string{"/cgi-bin/search", "/private/x"}
	strict := Rewrite(file, agents, sels, core.ProtocolGemini, "strict")
	if strings.Contains(strict.HTML, `class="opened"`) || !strings.Contains(strict.HTML, `Reference: <strong>strict</strong>`) {
		t.Errorf("strict: %s", strict.HTML)
	}
	if def := Rewrite(file, agents, sels, core.ProtocolGemini, ""); def.Robots != strict.Robots {
		t.Errorf("the default reference is not strict:\n%s\nwant\n%s", def.Robots, strict.Robots)
	}
	gem := Rewrite(file, agents, sels, core.ProtocolGemini, "gemini")
	if !strings.HasPrefix(gem.HTML, `<div class="opened" role="alert">`) || !strings.Contains(gem.HTML, "GUS and GUS (2020) into /cgi-bin/search") || strings.Contains(gem.HTML, `class="agreed"`) {
		t.Errorf("gemini: the warning does not lead:\n%s", gem.HTML)
	}
}
