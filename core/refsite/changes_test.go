package refsite

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/changes"
)

// /changes lists every entry of the log under its anchor, in both
// editions, with its date, commit, readers and cases.
func TestChangesPage(t *testing.T) {
	files := allPages(t)
	web, gem := string(files["changes.html"]), string(files["gemini/changes.gmi"])
	if web == "" || gem == "" {
		t.Fatal("changes.html or gemini/changes.gmi is missing")
	}
	for _, e := range changes.Log {
		if !strings.Contains(web, `id="`+e.ID+`"`) {
			t.Errorf("changes.html: no anchor %q", e.ID)
		}
		for _, s := range append([]string{e.Date, e.Commit}, e.Cases...) {
			if !strings.Contains(web, s) || !strings.Contains(gem, s) {
				t.Errorf("%s: %q is not on both editions", e.ID, s)
			}
		}
		for _, r := range e.Readers {
			if !strings.Contains(web, r) {
				t.Errorf("%s: reader %q is not on the page", e.ID, r)
			}
		}
	}
	if !strings.Contains(string(files["reference.html"]), `href="/changes"`) {
		t.Error("the index does not link /changes")
	}
}
