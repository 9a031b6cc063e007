// Package custom reads and writes a reader of one's own: a dialect or
// crawler preset to start from and the knobs changed from it, as one
// string, `custom:BASE,knob=value,...`. `smolbots check -dialect` takes
// it, and the page's permalink is meant to carry the same string, so a
// post can say "this is how my crawler reads it" and link it.
//
// Knob names and values are plain words, not Go identifiers; Format
// writes only the knobs that differ from the base, in a fixed order, so
// one reader has one spelling.
package custom

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// Prefix starts every custom reader's spelling.
const Prefix = "custom:"

// Knob is one setting a custom reader may change.
type Knob struct {
	Name   string
	Words  string   // what it decides, in plain words
	Values []string // the values it takes, in the order of the setting's constants
	get    func(d *core.Dialect) string
	set    func(d *core.Dialect, v string) bool
}

// enum is a knob over one of core.Dialect's uint8 settings: its values
// name the constants in order.
func enum[T ~uint8](name, words string, field func(*core.Dialect) *T, values ...string) Knob {
	return Knob{Name: name, Words: words, Values: values,
		get: func(d *core.Dialect) string {
			if i := int(*field(d)); i < len(values) {
				return values[i]
			}
			return fmt.Sprint(*field(d))
		},
		set: func(d *core.Dialect, v string) bool {
			i := slices.Index(values, v)
			if i < 0 {
				return false
			}
			*field(d) = T(i)
			return true
		},
	}
}

func flag(name, words string, field func(*core.Dialect) *bool) Knob {
	return Knob{Name: name, Words: words, Values: []string{"no", "yes"},
		get: func(d *core.Dialect) string {
			if *field(d) {
				return "yes"
			}
			return "no"
		},
		set: func(d *core.Dialect, v string) bool {
			switch v {
			case "yes":
				*field(d) = true
			case "no":
				*field(d) = false
			default:
				return false
			}
			return true
		},
	}
}

// Knobs are every knob, in the order Format writes them.
var Knobs = []Knob{
	enum("groups", "how lines form groups: none, records ended by blank lines, Python's records, runs of User-agent lines, or runs ended by any field",
		func(d *core.Dialect) *core.Grouping { return &d.Grouping },
		"none", "blank-lines", "python", "agent-runs", "agent-runs-any-field"),
	enum("agents", "how a User-agent value is compared with the crawler's name",
		func(d *core.Dialect) *core.AgentMatching { return &d.Agents },
		"substring", "token", "product-token", "exact-case", "token-prefix"),
	enum("apply", "which groups apply to the crawler",
		func(d *core.Dialect) *core.Selection { return &d.Selection },
		"all-rules", "first-in-file", "first-then-star", "combine", "most-targeted", "merge-equal", "union", "best-substring", "longest-token", "specific-else-star"),
	enum("match", "how the rules that apply give a verdict: any Disallow, Allow as an exception, the first rule that matches, or the longest",
		func(d *core.Dialect) *core.Decision { return &d.Decision },
		"any-disallow", "allow-exception", "first", "longest", "longest-first"),
	enum("patterns", "how a rule matches a path: a prefix, * wildcards, * and a final $, whole segments, or a prefix with a trailing * cut",
		func(d *core.Dialect) *core.PatternSyntax { return &d.Patterns },
		"prefix", "wildcards", "wildcards-and-dollar", "segments", "trailing-star", "anywhere"),
	enum("encoding", "what is done to percent-encoding and the URL before comparing",
		func(d *core.Dialect) *core.Normalization { return &d.Normalize },
		"raw", "python-quote", "percent", "protego-quote", "path-no-query", "decoded-path", "folded-url", "uri-path", "go-path", "any-spelling"),
	enum("roles", "how virtual agents (indexer, archiver, ...) appear in the file",
		func(d *core.Dialect) *core.RoleFields { return &d.RoleFields },
		"none", "as-user-agents", "virtual-agent-field"),
	flag("allow", "Allow lines are rules", func(d *core.Dialect) *bool { return &d.AllowField }),
	flag("typos", "misspelt field names Google's parser accepts count", func(d *core.Dialect) *bool { return &d.AcceptTypos }),
	enum("lines", "how a line splits into field and value, and where comments start",
		func(d *core.Dialect) *core.LineSyntax { return &d.Lines },
		"standard", "last-colon", "line-start", "disallow-only", "protego", "python", "words", "trimmed"),
	flag("lf-only", "only LF ends a line (a bare CR does not)", func(d *core.Dialect) *bool { return &d.LFLines }),
	flag("trim-cr", "CRs padding the end of a line split at LF are trimmed off", func(d *core.Dialect) *bool { return &d.TrimCR }),
	flag("empty-agent-joins", "an empty User-agent line keeps the run above open", func(d *core.Dialect) *bool { return &d.EmptyAgentJoins }),
	flag("high-bytes-unfetched", "a URL with a raw byte of 0x80 or more is never fetched", func(d *core.Dialect) *bool { return &d.HighBytesUnfetched }),
	flag("utf8-only", "a file that is not UTF-8 is read as empty", func(d *core.Dialect) *bool { return &d.UTF8Only }),
	flag("bom-in-text", "a byte order mark stays in line 1", func(d *core.Dialect) *bool { return &d.BOMInText }),
	enum("before-agents", "what rules before any User-agent line do",
		func(d *core.Dialect) *core.Preamble { return &d.Preamble },
		"ignored", "apply-to-all", "join-star", "star-unless-user-agent"),
	flag("empty-clears", "an empty Disallow drops every rule collected so far", func(d *core.Dialect) *bool { return &d.EmptyClears }),
	flag("each-agent", "each of the crawler's names is read on its own and all must allow", func(d *core.Dialect) *bool { return &d.EachAgent }),
	flag("root-rules", "a rule without a leading / gets one", func(d *core.Dialect) *bool { return &d.RootRules }),
	flag("no-rules-ban-later", "an empty rule list bans every later URL", func(d *core.Dialect) *bool { return &d.NoRulesBanLater }),
	flag("index-allows-dir", "an Allow of .../index.html also allows .../", func(d *core.Dialect) *bool { return &d.IndexAllowsDir }),
	flag("parse-error-skips-host", "a line the parser rejects makes the crawler skip the whole host", func(d *core.Dialect) *bool { return &d.ParseErrorSkipsHost }),
	{Name: "always-allow", Words: "a selector that is always allowed (empty for none)",
		get: func(d *core.Dialect) string { return d.AlwaysAllow },
		set: func(d *core.Dialect, v string) bool { d.AlwaysAllow = v; return true }},
}

func knob(name string) (Knob, bool) {
	for _, k := range Knobs {
		if k.Name == name {
			return k, true
		}
	}
	return Knob{}, false
}

// Is says whether s spells a custom reader.
func Is(s string) bool { return strings.HasPrefix(strings.ToLower(s), Prefix) }

// Parse reads `custom:BASE,knob=value,...`: the base dialect or preset
// with the knobs set. The reader's ID is its canonical spelling (Format),
// so two spellings of one reader have one ID.
func Parse(s string) (core.Dialect, error) {
	if !Is(s) {
		return core.Dialect{}, fmt.Errorf("%q is not a custom reader; write custom:BASE,knob=value,... such as custom:rfc9309,match=first", s)
	}
	parts := strings.Split(s[len(Prefix):], ",")
	baseID := strings.TrimSpace(parts[0])
	base, ok := crawlers.ReaderByID(baseID)
	if !ok {
		return core.Dialect{}, fmt.Errorf("custom reader %q: %q is not a dialect or crawler preset to start from", s, baseID)
	}
	d := base
	seen := map[string]bool{}
	for _, p := range parts[1:] {
		name, value, found := strings.Cut(strings.TrimSpace(p), "=")
		if !found {
			return core.Dialect{}, fmt.Errorf("custom reader %q: %q is not knob=value", s, p)
		}
		k, ok := knob(name)
		if !ok {
			return core.Dialect{}, fmt.Errorf("custom reader %q: %q is not a knob; the knobs are %s", s, name, knobNames())
		}
		if seen[name] {
			return core.Dialect{}, fmt.Errorf("custom reader %q: the knob %s is set twice", s, name)
		}
		seen[name] = true
		if !k.set(&d, value) {
			return core.Dialect{}, fmt.Errorf("custom reader %q: %s takes %s, not %q", s, name, strings.Join(k.Values, ", "), value)
		}
	}
	d.ID = Format(base, d)
	d.Title = "custom reader from " + base.ID
	d.Source = "a reader of the user's own: " + base.ID + " with knobs changed"
	return d, nil
}

// Format spells d as a custom reader built on base: the knobs whose
// value differs from base's, in Knobs' order.
func Format(base, d core.Dialect) string {
	var b strings.Builder
	b.WriteString(Prefix + base.ID)
	// Not through changes: this runs in the checker's module, where
	// Change's slice would add to what every visitor loads.
	for _, k := range Knobs {
		if v := k.get(&d); v != k.get(&base) {
			b.WriteString("," + k.Name + "=" + v)
		}
	}
	return b.String()
}

// Change is a knob a reader sets otherwise than its base: the values,
// as the spelling writes them, of the reader and of the base.
type Change struct {
	Knob        Knob
	Value, Base string
}

// changes are the knobs whose value in d differs from base's, in
// Knobs' order.
func changes(base, d core.Dialect) []Change {
	var out []Change
	for _, k := range Knobs {
		if v, was := k.get(&d), k.get(&base); v != was {
			out = append(out, Change{Knob: k, Value: v, Base: was})
		}
	}
	return out
}

// BaseID is the base a spelling starts from, "" when s spells no
// custom reader.
func BaseID(s string) string {
	if !Is(s) {
		return ""
	}
	base, _, _ := strings.Cut(s[len(Prefix):], ",")
	return strings.TrimSpace(base)
}

// Changes are a custom reader's base and the knobs it changes from it,
// in Knobs' order; ok is false when d is not a custom reader (its ID
// names no known base).
func Changes(d core.Dialect) (base core.Dialect, changed []Change, ok bool) {
	base, ok = crawlers.ReaderByID(BaseID(d.ID))
	if !ok || !Is(d.ID) {
		return core.Dialect{}, nil, false
	}
	return base, changes(base, d), true
}

func knobNames() string {
	var names []string
	for _, k := range Knobs {
		names = append(names, k.Name)
	}
	return strings.Join(names, ", ")
}
