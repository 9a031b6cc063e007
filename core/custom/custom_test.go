package custom_test

import (
	"strings"
	"testing"

	smolbots "github.com/smolbots/smolbots"
	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/conformance"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/custom"
)

func readers() []core.Dialect { return append(core.Dialects(), crawlers.All()...) }

// Every reader's every knob has a name, so each can be a base, and a
// base with no knob changed is spelled custom:ID.
func TestEveryValueHasAName(t *testing.T) {
	for _, d := range readers() {
		if got := custom.Format(d, d); got != custom.Prefix+d.ID {
			t.Errorf("%s unchanged spells %q", d.ID, got)
		}
		for _, k := range custom.Knobs {
			if k.Values == nil {
				continue
			}
			found := false
			for _, v := range k.Values {
				x, err := custom.Parse(custom.Prefix + d.ID + "," + k.Name + "=" + v)
				if err != nil {
					t.Fatal(err)
				}
				if custom.Format(d, x) == custom.Prefix+d.ID {
					found = true // the base's own value
				}
			}
			if !found {
				t.Errorf("%s: its %s is none of %v (a new setting needs a name here)", d.ID, k.Name, k.Values)
			}
		}
	}
}

// Changing every knob to every value and reading the spelling back gives
// the same reader, with the same verdicts on the suite's cases.
func TestRoundTrip(t *testing.T) {
	for _, base := range []core.Dialect{core.RFC9309, core.Gemini, crawlers.MozzArchiver} {
		for _, k := range custom.Knobs {
			for _, v := range append(append([]string{}, k.Values...), "/x") {
				if k.Values != nil && v == "/x" || k.Values == nil && v != "/x" {
					continue
				}
				spec := custom.Prefix + strings.ToUpper(base.ID) + "," + k.Name + "=" + v
				d, err := custom.Parse(spec)
				if err != nil {
					t.Fatal(err)
				}
				again, err := custom.Parse(d.ID)
				if err != nil {
					t.Fatalf("%s: its spelling %q does not parse: %v", spec, d.ID, err)
				}
				if again.ID != d.ID || custom.Format(base, again) != d.ID {
					t.Errorf("%s: %q then %q", spec, d.ID, again.ID)
				}
			}
		}
	}
}

// custom:ID is ID: the same verdict on every case of the suite; one knob
// changed changes some.
func TestSameVerdicts(t *testing.T) {
	s, err := conformance.Build(conformance.Sources{FS: smolbots.Testdata, Scenarios: "testdata/scenarios", Real: "testdata/realworld"}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	first, err := custom.Parse("custom:norobots,match=longest")
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for _, d := range readers() {
		c, err := custom.Parse(custom.Prefix + d.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, cs := range s.Cases {
			want := conformance.Expect([]core.Dialect{d}, cs.Robots, cs.Agent, cs.URL)[d.ID]
			if got := conformance.Expect([]core.Dialect{c}, cs.Robots, cs.Agent, cs.URL)[c.ID]; got != want {
				t.Errorf("%s: %s says %v, %s %v", cs.ID, c.ID, got, d.ID, want)
			}
			if d.ID == "norobots" && conformance.Expect([]core.Dialect{first}, cs.Robots, cs.Agent, cs.URL)[first.ID] != want {
				changed++
			}
		}
	}
	if changed == 0 {
		t.Error("norobots with longest match answers every case as norobots")
	}
}

func TestParseErrors(t *testing.T) {
	for spec, want := range map[string]string{
		"rfc9309":                          "not a custom reader",
		"custom:nope":                      `"nope" is not a dialect`,
		"custom:rfc9309,match":             "is not knob=value",
		"custom:rfc9309,colour=blue":       `"colour" is not a knob`,
		"custom:rfc9309,match=best":        "match takes any-disallow, allow-exception, first, longest",
		"custom:rfc9309,allow=no,allow=no": "set twice",
	} {
		if _, err := custom.Parse(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
	}
}
