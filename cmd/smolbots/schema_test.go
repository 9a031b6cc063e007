package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/lint"
)

// A validator for the part of JSON Schema that docs/json/*.schema.json
// use: type, enum, required, properties, additionalProperties (false, or
// the schema of every other key's value), items, minimum, minLength,
// pattern. A keyword it does not know fails
// the test, so the schemas cannot quietly say more than is checked.

type schema map[string]any

var knownKeywords = []string{"$schema", "title", "type", "enum", "required", "properties", "additionalProperties", "items", "minimum", "minLength", "pattern"}

func loadSchema(t *testing.T, kind string) schema {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "json", kind+".schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s schema
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s schema: %v", kind, err)
	}
	return s
}

func typeOf(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		if _, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

// validate returns what is wrong with v under s, "" when nothing is.
func validate(s schema, v any, at string) string {
	for k := range s {
		if !slices.Contains(knownKeywords, k) {
			return fmt.Sprintf("%s: the schema uses %q, which this validator does not check", at, k)
		}
	}
	if want, ok := s["type"]; ok {
		types := []any{want}
		if list, ok := want.([]any); ok {
			types = list
		}
		if !slices.Contains(types, any(typeOf(v))) {
			return fmt.Sprintf("%s: %s, want %v", at, typeOf(v), want)
		}
	}
	if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, v) {
		return fmt.Sprintf("%s: %v is not one of %v", at, v, enum)
	}
	switch v := v.(type) {
	case json.Number:
		if min, ok := s["minimum"].(float64); ok {
			if n, _ := v.Float64(); n < min {
				return fmt.Sprintf("%s: %v < %v", at, v, min)
			}
		}
	case string:
		if n, ok := s["minLength"].(float64); ok && len([]rune(v)) < int(n) {
			return fmt.Sprintf("%s: %q is shorter than %v", at, v, n)
		}
		if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(v) {
			return fmt.Sprintf("%s: %q does not match %s", at, v, p)
		}
	case []any:
		if items, ok := s["items"].(map[string]any); ok {
			for i, e := range v {
				if msg := validate(items, e, fmt.Sprintf("%s[%d]", at, i)); msg != "" {
					return msg
				}
			}
		}
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		required, _ := s["required"].([]any)
		for _, r := range required {
			if _, ok := v[r.(string)]; !ok {
				return fmt.Sprintf("%s: missing key %q", at, r)
			}
		}
		for k, e := range v {
			ps, ok := props[k].(map[string]any)
			if !ok {
				if s["additionalProperties"] == false {
					return fmt.Sprintf("%s: key %q is not in the schema", at, k)
				}
				if ps, ok = s["additionalProperties"].(map[string]any); !ok {
					continue
				}
			}
			if msg := validate(ps, e, at+"."+k); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// checkJSONLines validates every line of out against the kind's schema,
// and what the schema cannot say: check's group and group_lines agree,
// lint's codes and fix's change codes are known lint codes. Golden tests
// call it on what they pin.
func checkJSONLines(t *testing.T, kind, out string) {
	t.Helper()
	s := loadSchema(t, kind)
	for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		d := json.NewDecoder(strings.NewReader(line))
		d.UseNumber()
		var v any
		if err := d.Decode(&v); err != nil || d.More() {
			t.Fatalf("line %d is not one JSON value: %v: %s", i+1, err, line)
		}
		if msg := validate(s, v, kind); msg != "" {
			t.Errorf("line %d: %s\n%s", i+1, msg, line)
			continue
		}
		m := v.(map[string]any)
		switch kind {
		case "check", "site":
			if msg := groupsAgree(m["group"].(string), m["group_lines"].([]any)); msg != "" {
				t.Errorf("line %d: %s\n%s", i+1, msg, line)
			}
			if !isSentences(m["note"].(string)) {
				t.Errorf("line %d: the note is not whole sentences: %q", i+1, m["note"])
			}
		case "lint":
			if !slices.Contains(lint.Codes(), m["code"].(string)) {
				t.Errorf("line %d: unknown code %v", i+1, m["code"])
			}
			if m["url"] != lint.URL(m["code"].(string)) {
				t.Errorf("line %d: url %v is not the page of %v", i+1, m["url"], m["code"])
			}
		case "fix":
			for _, c := range m["changes"].([]any) {
				if code := c.(map[string]any)["code"].(string); !slices.Contains(lint.Codes(), code) {
					t.Errorf("fix: change code %q is not a lint code", code)
				} else if u := c.(map[string]any)["url"]; u != lint.URL(code) {
					t.Errorf("fix: change url %v is not the page of %s", u, code)
				}
			}
		}
	}
}

var groupLabel = regexp.MustCompile(`^lines? ([0-9]+)(-[0-9]+)? \(`)

// groupsAgree: group names one label per entry of group_lines, each
// starting at that line.
func groupsAgree(group string, lines []any) string {
	var labels []string
	if group != "" {
		labels = strings.Split(group, "; ")
	}
	if len(labels) != len(lines) {
		return fmt.Sprintf("group has %d labels and group_lines %d entries", len(labels), len(lines))
	}
	for i, l := range labels {
		m := groupLabel.FindStringSubmatch(l)
		if m == nil || m[1] != fmt.Sprint(lines[i]) {
			return fmt.Sprintf("group label %q does not start at group_lines[%d] = %v", l, i, lines[i])
		}
	}
	return ""
}

// The validator itself must catch what it is there to catch.
func TestSchemaValidatorRejects(t *testing.T) {
	good := `{"line":3,"col":0,"code":"star-not-last","severity":"warning","message":"m","dialects":["gopherdraft"],"url":"https://smolbots.netlify.app/lint/star-not-last"}`
	s := loadSchema(t, "lint")
	for _, bad := range []string{
		`{"line":3,"code":"star-not-last","severity":"warning","message":"m","dialects":["gopherdraft"],"url":"https://smolbots.netlify.app/lint/star-not-last"}`,
		`{"line":3,"col":0,"code":"star-not-last","severity":"fatal","message":"m","dialects":["gopherdraft"],"url":"https://smolbots.netlify.app/lint/star-not-last"}`,
		`{"line":-1,"col":0,"code":"star-not-last","severity":"warning","message":"m","dialects":["gopherdraft"],"url":"https://smolbots.netlify.app/lint/star-not-last"}`,
		`{"line":3,"col":0,"code":"star-not-last","severity":"warning","message":"m","dialects":null,"url":"https://smolbots.netlify.app/lint/star-not-last"}`,
		`{"line":3,"col":0,"code":"star-not-last","severity":"warning","message":"m","dialects":[],"url":"https://smolbots.netlify.app/lint/star-not-last","extra":1}`,
		`{"line":3.5,"col":0,"code":"star-not-last","severity":"warning","message":"m","dialects":[],"url":"https://smolbots.netlify.app/lint/star-not-last"}`,
		`{"line":3,"col":0,"code":"star-not-last","severity":"warning","message":"m","dialects":["gopherdraft"]}`,
		`{"line":3,"col":0,"code":"star-not-last","severity":"warning","message":"m","dialects":["gopherdraft"],"url":"star-not-last"}`,
	} {
		for i, doc := range []string{good, bad} {
			d := json.NewDecoder(bytes.NewReader([]byte(doc)))
			d.UseNumber()
			var v any
			d.Decode(&v)
			if msg := validate(s, v, "lint"); (msg == "") != (i == 0) {
				t.Errorf("%s: validate says %q", doc, msg)
			}
		}
	}
	if msg := groupsAgree("lines 3-12 (all Disallow lines)", []any{json.Number("3")}); msg != "" {
		t.Error(msg)
	}
	if groupsAgree("lines 2-5 (User-agent: GUS); lines 11-12 (User-agent: indexer)", []any{json.Number("2")}) == "" ||
		groupsAgree("lines 3-12 (User-agent: *)", []any{json.Number("4")}) == "" {
		t.Error("groupsAgree accepts a group_lines that disagrees")
	}
}

// The crawler presets' answers on the real files, from the real binary,
// have check's shape, and their notes are whole sentences too (a note
// may open with a crawler's lower-case name).
func TestCrawlerAnswersOnRealFiles(t *testing.T) {
	const realDir = "../../testdata/realworld"
	files, err := filepath.Glob(filepath.Join(realDir, "*.txt"))
	if err != nil || len(files) < 20 {
		t.Fatalf("the real files are missing from %s: %d found, %v", realDir, len(files), err)
	}
	notes := 0
	for _, f := range files {
		r := runBin(t, "", "check", "-json", "-dialect", "crawlers", f,
			"/", "/private/x", "gemini://capsule.example/a/../cgi-bin/%7Ex?q", "/.well-known/x")
		if r.code == 2 {
			t.Fatalf("%s: exit 2: %s", f, r.stderr)
		}
		checkJSONLines(t, "check", r.stdout)
		notes += strings.Count(r.stdout, `"note":"`) - strings.Count(r.stdout, `"note":""`)
	}
	if notes == 0 {
		t.Error("no preset answer carried a note; the sentence check saw nothing")
	}
}
