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
)

// realDir holds real robots.txt files as admins publish them, with
// their sources in index.tsv.
const realDir = "../../testdata/realworld"

// realAgents are the rows' crawlers on every real file: * plus two
// named crawlers that declare roles.
var realAgents = []string{"*", "GUS(indexer)", "Lupa(archiver,researcher)"}

// Every real file, fixed under the scope it is served over (and under
// any), keeps every reference verdict on its own rule paths and on 50
// selectors derived from them, and agrees on at least as many rows as
// before.
func TestRealFiles(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(realDir, "index.tsv"))
	if err != nil {
		t.Fatalf("the real files are missing: %v", err)
	}
	for _, scope := range []string{"served", "any"} {
		t.Run(scope, func(t *testing.T) { realFiles(t, string(index), scope) })
	}
}

func realFiles(t *testing.T, index string, scope string) {
	r := rand.New(rand.NewPCG(24, 10))
	var files, changed, rows, before, after int
	unresolved := map[string]int{}
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
		for _, a := range realAgents {
			opt.Agents = append(opt.Agents, core.MustAgent(a))
		}
		res, err := Fix(data, opt)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		files++
		if len(res.Changes) > 0 {
			changed++
		}
		rows, before, after = rows+res.Rows, before+res.AgreedBefore, after+res.AgreedAfter
		counted := map[string]bool{} // a row counts once per reason
		for _, u := range res.Unresolved {
			if k := u.Agent + " " + u.Selector + " " + u.Code; !counted[k] {
				counted[k] = true
				unresolved[u.Code]++
			}
		}
		if again, _ := Fix([]byte(res.Robots), opt); len(again.Changes) > 0 {
			t.Errorf("%s: fixing the result again changes it: %+v", name, again.Changes)
		}
		if res.AgreedAfter < res.AgreedBefore {
			t.Errorf("%s: %d rows agreed before the rewrite, only %d after", name, res.AgreedBefore, res.AgreedAfter)
		}
		orig, fixed := core.Parse(data), core.Parse([]byte(res.Robots))
		paths := filePaths(orig)
		sels := append([]string{}, paths...)
		for len(paths) > 0 && len(sels) < len(paths)+50 {
			sels = append(sels, derive(r, paths[r.IntN(len(paths))]))
		}
		if msg := changedVerdict(opt.Protocol.DefaultReference(), orig, fixed, probes(orig, opt.Agents), sels); msg != "" {
			t.Errorf("%s: %s", name, msg)
		}
	}
	if files != 24 {
		t.Errorf("read %d real files, want 24", files)
	}
	var codes []string
	for c, n := range unresolved {
		codes = append(codes, c+" "+strconv.Itoa(n))
	}
	sort.Strings(codes)
	t.Logf("%s scope: %d of %d real files needed changes; %d rows, %d agreed before, %d after; unresolved rows by reason: %s",
		scope, changed, files, rows, before, after, strings.Join(codes, ", "))
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
