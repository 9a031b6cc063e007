package custom_test

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/custom"
)

// TestWords: every knob the page shows has a question, every value an
// answer of its own, and within a knob no two answers read the same.
func TestWords(t *testing.T) {
	for _, k := range custom.Knobs {
		if k.Label() == "" {
			t.Errorf("knob %s has no label", k.Name)
		}
		seen := map[string]bool{}
		for _, v := range k.Values {
			w := k.Say(v)
			if w == v || w == "" {
				t.Errorf("knob %s, value %s has no words", k.Name, v)
			}
			if seen[w] {
				t.Errorf("knob %s: two values read %q", k.Name, w)
			}
			seen[w] = true
		}
	}
}

// TestSpell: the selects' values, every knob given, spell only the
// knobs that differ; a bad value is refused in Parse's words.
func TestSpell(t *testing.T) {
	base, _ := crawlers.ReaderByID("rfc9309")
	values := map[string]string{}
	for _, k := range custom.Knobs {
		values[k.Name] = k.Value(base)
	}
	values["match"] = "first"
	s, d, err := custom.Spell("rfc9309", values)
	if err != nil || s != "custom:rfc9309,match=first" || d.ID != s {
		t.Errorf("Spell = %q (ID %q), %v; want custom:rfc9309,match=first", s, d.ID, err)
	}
	if _, _, err := custom.Spell("rfc9309", map[string]string{"match": "sideways"}); err == nil || !strings.Contains(err.Error(), "longest") {
		t.Errorf("a bad value: %v; want the values it takes", err)
	}
}

// TestChanges: a reader's base and changed knobs, as the reports list
// them, are those its spelling names: Format from them gives the
// spelling back, each change's base value is the base's own, and a
// dialect that is no custom reader has none.
func TestChanges(t *testing.T) {
	for _, s := range []string{"custom:rfc9309", "custom:rfc9309,match=first,always-allow=/x", "custom:gus,agents=token,lf-only=yes"} {
		d, err := custom.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		base, changed, ok := custom.Changes(d)
		if !ok || base.ID != custom.BaseID(s) {
			t.Fatalf("%s: base %q, ok %v", s, base.ID, ok)
		}
		spelled := custom.Prefix + base.ID
		for _, c := range changed {
			spelled += "," + c.Knob.Name + "=" + c.Value
			if c.Base != c.Knob.Value(base) || c.Value == c.Base {
				t.Errorf("%s: %s changes %q from %q; the base has %q", s, c.Knob.Name, c.Value, c.Base, c.Knob.Value(base))
			}
		}
		if spelled != d.ID {
			t.Errorf("%s: the changes spell %q, the reader is %q", s, spelled, d.ID)
		}
	}
	if _, _, ok := custom.Changes(core.RFC9309); ok {
		t.Error("rfc9309 itself reads as a custom reader")
	}
	if got := custom.BaseName(core.RFC9309); got != "rfc9309: RFC 9309" {
		t.Errorf("BaseName(rfc9309) = %q", got)
	}
	gus, _ := crawlers.ReaderByID("gus")
	if got := custom.BaseName(gus); got != gus.Crawler.Name {
		t.Errorf("BaseName(gus) = %q, want the crawler's name %q", got, gus.Crawler.Name)
	}
	for _, k := range custom.Knobs {
		if k.Values == nil && k.Say("") != "none" {
			t.Errorf("the free-text knob %s, left empty, says %q", k.Name, k.Say(""))
		}
	}
}
