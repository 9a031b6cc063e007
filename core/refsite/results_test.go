package refsite

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/conformance"
	ctable "github.com/smolbots/smolbots/core/conformance/table"
)

// The suite `vectors` prints today is its release's kept file byte for
// byte, every kept file still has the digest it was cut with, names
// itself, and the site serves each as it is.
func TestReleasesKept(t *testing.T) {
	now, err := conformanceJSON()
	if err != nil {
		t.Fatal(err)
	}
	kept, err := conformance.KeptRelease(conformance.Release)
	if err != nil {
		t.Fatalf("the suite's release %s is not kept: cut it with `smolbots vectors > core/conformance/releases/%s.json` and add its sha256sum line to SHA256SUMS: %v", conformance.Release, conformance.Release, err)
	}
	if !bytes.Equal(now, kept) {
		t.Errorf("the suite changed since release %s was cut (a case or a verdict): a kept release never changes, so bump conformance.Version, name a new Release and cut it (docs/conformance.md, Releases)", conformance.Release)
	}
	sums, err := conformance.KeptSums()
	if err != nil {
		t.Fatal(err)
	}
	names := conformance.Releases()
	if len(sums) != len(names) {
		t.Errorf("SHA256SUMS lists %d files, releases/ holds %d", len(sums), len(names))
	}
	files, err := Pages()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		data, err := conformance.KeptRelease(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := conformance.SHA256(data); got != sums[name+".json"] {
			t.Errorf("release %s's file changed: sha256 %s, cut as %s", name, got, sums[name+".json"])
		}
		var s struct{ Release string }
		if err := json.Unmarshal(data, &s); err != nil || s.Release != name {
			t.Errorf("release %s's file names itself %q (%v)", name, s.Release, err)
		}
		if !bytes.Equal(files["conformance/"+name+".json"], data) {
			t.Errorf("the site does not serve release %s as it was cut", name)
		}
	}
}

// Every library of the table has its row on /conformance/results, its
// own page listing each case where it differs with a playground link,
// a badge naming the release and its closest reader, and its entry in
// results.json with the same figures.
func TestResultsPages(t *testing.T) {
	files, err := Pages()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := Results()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(ctable.Libraries) || len(rows) < 7 {
		t.Fatalf("%d rows for %d libraries", len(rows), len(ctable.Libraries))
	}
	var data ResultsData
	if err := json.Unmarshal(files["conformance/results.json"], &data); err != nil {
		t.Fatal(err)
	}
	table := string(files["conformance/results.html"])
	gem := string(files["gemini/conformance/results.gmi"])
	for i, r := range rows {
		id := r.Library.ID
		if !strings.Contains(table, `id="lib-`+id+`"`) || !strings.Contains(gem, r.Library.Name) {
			t.Errorf("%s has no row on the results page", id)
		}
		lib := string(files["conformance/results/"+id+".html"])
		for _, d := range r.Differs {
			if !strings.Contains(lib, `id="case-`+anchorOf(d.Case.ID)+`"`) {
				t.Errorf("%s's page does not list %s", id, d.Case.ID)
			}
		}
		if n := strings.Count(lib, `href="/#v1.`); n < len(r.Differs) {
			t.Errorf("%s's page has %d playground links for %d differing cases", id, n, len(r.Differs))
		}
		badge := string(files["conformance/badges/"+id+".svg"])
		if !strings.Contains(badge, conformance.Release) || !strings.Contains(badge, "reads like "+r.Closest) {
			t.Errorf("%s's badge does not name the release and %s: %s", id, r.Closest, badge)
		}
		j := data.Libraries[i]
		if j.ID != id || j.Closest != r.Closest || j.Agreed != r.Agree || len(j.Differs) != len(r.Differs) || j.Agreed+len(j.Differs) != j.Cases {
			t.Errorf("results.json's %s: %+v", id, j)
		}
	}
	if data.Release != conformance.Release || data.Version == "" || data.Built == "" {
		t.Errorf("results.json: release %q version %q built %q", data.Release, data.Version, data.Built)
	}
}

// /conformance is the page even though conformance/ is a directory
// (results, badges and releases under it), and /conformance/results
// the page under it.
func TestPrettyURLsPageBesideDirectory(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"conformance.html": "suite", "conformance/results.html": "table", "conformance/2026.12.json": "{}"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(http.FileServer(PrettyURLs(http.Dir(dir))))
	defer srv.Close()
	for path, want := range map[string]string{"/conformance": "suite", "/conformance/results": "table", "/conformance/2026.12.json": "{}"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || string(body) != want {
			t.Errorf("%s: %d %q, want %q", path, res.StatusCode, body, want)
		}
	}
}
