package custom_test

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
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
	base, _ := core.DialectByID("rfc9309")
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
