package fix

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/lint"
)

// realDir holds real robots.txt files as admins publish them, with
// their sources in index.tsv.
const realDir = "../../testdata/realworld"

// realAgents are the rows' crawlers on every real file: * plus two
// named crawlers that declare roles.
var realAgents = []string{"*", "GUS(indexer)", "Lupa(archiver,researcher)"}

// Every real file, fixed with default flags (the strict reference) under
// the scope it is served over and under any, lets no reader in scope (a
// dialect, its other reading, a crawler preset) into a path it refuses
// before: on its own rule paths, a path just inside and one just beside
// each, and 50 selectors derived from them, for * and every agent it
// names and two crawlers that declare roles. No fewer rows agree after,
// fixing again changes nothing, and every lint finding left at warning
// or above is listed with why.
func TestRealFiles(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(realDir, "index.tsv"))
	if err != nil {
		t.Fatalf("the real files are missing: %v", err)
	}
	for _, scope := range []string{"served", "any"} {
		for _, agents := range []string{"file", "named"} {
			t.Run(scope+"/"+agents, func(t *testing.T) { realFiles(t, string(index), scope, agents == "named") })
		}
	}
}

func realFiles(t *testing.T, index string, scope string, named bool) {
	r := rand.New(rand.NewPCG(24, 10))
	var files, changed, rows, before, after, clean int
	unresolved := map[string]int{}
	readers := map[string]int{}
	for _, row := range strings.Split(strings.TrimSpace(index), "\n")[1:] {
		cols := strings.Split(row, "\t")
		name, served := cols[0], strings.Fields(cols[4])[0]
		data, err := os.ReadFile(filepath.Join(realDir, name))
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{Protocol: core.Protocol(served)}
		if scope == "any" {
			opt.Protocol = core.ProtocolAny
		}
		if named {
			for _, a := range realAgents {
				opt.Agents = append(opt.Agents, core.MustAgent(a))
			}
		}
		res, err := Fix(data, opt)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		files++
		if len(res.Changes) > 0 {
			changed++
		}
		if len(res.Remaining) == 0 {
			clean++
		}
		rows, before, after = rows+res.Rows, before+res.AgreedBefore, after+res.AgreedAfter
		counted := map[string]bool{} // a row counts once per reason
		for _, u := range res.Unresolved {
			if k := u.Agent + " " + u.Selector + " " + u.Code; !counted[k] {
				counted[k] = true
				unresolved[u.Code]++
			}
			for _, d := range u.Dialects {
				readers[d]++
			}
		}
		if len(res.Opened) > 0 {
			t.Errorf("%s: the strict rewrite reports opened rows: %v", name, OpenedSentences(res.Opened))
		}
		if again, _ := Fix([]byte(res.Robots), opt); len(again.Changes) > 0 {
			t.Errorf("%s: fixing the result again changes it: %+v", name, again.Changes)
		}
		if res.AgreedAfter < res.AgreedBefore {
			t.Errorf("%s: %d rows agreed before the rewrite, only %d after", name, res.AgreedBefore, res.AgreedAfter)
		}
		orig, fixed := core.Parse(data), core.Parse([]byte(res.Robots))
		var lints []string
		for _, fd := range lint.Scope(opt.Protocol, lint.Lint(fixed, nil)) {
			if fd.Severity != lint.SevInfo {
				lints = append(lints, fd.Code)
			}
		}
		var listed []string
		for _, rm := range res.Remaining {
			listed = append(listed, rm.Code)
			if rm.Why == "" {
				t.Errorf("%s: the finding %s left is not explained", name, rm.Code)
			}
		}
		if strings.Join(lints, " ") != strings.Join(listed, " ") {
			t.Errorf("%s: lint of the result finds %v, fix lists %v", name, lints, listed)
		}
		var sels []string
		for _, p := range filePaths(orig) {
			base := strings.TrimSuffix(p, "/")
			sels = append(sels, p, base+"/x", base+"x")
		}
		for n := len(sels); len(sels) > 0 && len(sels) < n+50; {
			sels = append(sels, derive(r, sels[r.IntN(n)]))
		}
		agents := append(fileAgents(orig), opt.Agents...)
		for _, a := range realAgents {
			agents = append(agents, core.MustAgent(a))
		}
		if msg := openedFor(opt.Protocol, orig, fixed, agents, sels); msg != "" {
			t.Errorf("%s: %s", name, msg)
		}
	}
	if files != 24 {
		t.Errorf("read %d real files, want 24", files)
	}
	t.Logf("%s scope, %s agents: %d of %d real files changed; %d rows, %d agreed before, %d after; unresolved rows by reason: %s; by reader: %s; lint-clean after: %d of %d",
		scope, map[bool]string{true: "named", false: "the file's"}[named], changed, files, rows, before, after, counts(unresolved), counts(readers), clean, files)
}

func counts(m map[string]int) string {
	var out []string
	for k, n := range m {
		out = append(out, k+" "+strconv.Itoa(n))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// derive makes a selector near a rule path: longer, shorter, another
// case, without or with a slash.
func derive(r *rand.Rand, p string) string {
	switch r.IntN(6) {
	case 0:
		return p + "/index.gmi"
	case 1:
		return p + "x"
	case 2:
		return p[:r.IntN(len(p)+1)]
	case 3:
		return strings.ToUpper(p)
	case 4:
		return strings.TrimPrefix(p, "/")
	}
	return "/" + p + "?q=1"
}
