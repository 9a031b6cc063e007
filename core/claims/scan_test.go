package claims_test

import (
	"fmt"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/claims"
	"github.com/smolbots/smolbots/internal/gosource"
)

// claimWords are the words by which a sentence says what readers do,
// all of them or none: each use in the prose must be backed by a claim.
var claimWords = regexp.MustCompile(`(?i)\b(every|all|any|no|none of the)( other)? (reading|reader|dialect|crawler|text)s?\b|\ball dialects\b|\bchanges? no verdict|\bno verdict\b|\bsame in every\b|\bdrop(s|ped|ping)?\b|\ball of them\b|\bnever reads?\b|\bonly by\b|\bany line it reads\b|\bis not read\b|\btakes? the first record\b|\breads lines as\b`)

// proseFiles are the Go files whose strings are prose about readers:
// lint messages, the reference pages (and so explain), the page's notes.
var proseFiles = []string{
	"../lint/*.go",
	"../refsite/*.go", "../matrix/*.go", "../custom/*.go", "../pageview/render.go", "../pageview/reader.go", "../pageview/answer.go", "../report/report.go",
	"../crawlerpolicy.go", "../policy.go", "../verdict.go", "../narrate/*.go", "../crawlers/presets.go", "../crawlers/presets_gophermcp.go", "../dialect.go",
}

// proseDocs are the documentation pages that state what readers do:
// each paragraph is prose as a Go string is (issue 35 found a false
// sentence in docs/dialects.md and one in docs/python-readers.md).
var proseDocs = []string{
	"../../docs/dialects.md", "../../docs/python-readers.md", "../../docs/crawlers.md",
	"../../docs/auragem-and-proxies.md", "../../docs/line-ends-and-marks.md",
}

type literal struct {
	where string
	text  string
}

func literals(t *testing.T) []literal {
	var out []literal
	fset := token.NewFileSet()
	for _, f := range gosource.Parse(t, fset, proseFiles...) {
		gosource.Strings(f, func(pos token.Pos, s string) {
			out = append(out, literal{fset.Position(pos).String(), flat(s)})
		})
	}
	return out
}

// docParagraphs are the paragraphs (and list items) of the prose
// documents, each flattened to one line.
func docParagraphs(t *testing.T) []literal {
	var out []literal
	for _, name := range proseDocs {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		line := 1
		for _, para := range regexp.MustCompile(`\n\s*\n|\n(?:- |\| )`).Split(string(data), -1) {
			out = append(out, literal{fmt.Sprintf("%s:%d", name, line), flat(para)})
			line += strings.Count(para, "\n") + 1
		}
	}
	return out
}

func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestClaimWordsBacked: every claim-word in the prose lies inside the
// Quote of a claim (checked by TestClaims) or of a sentence about
// smolbots itself, and every Quote still stands in the prose.
func TestClaimWordsBacked(t *testing.T) {
	var quotes []string
	for _, c := range claims.All() {
		quotes = append(quotes, flat(c.Quote))
	}
	for q := range claims.AboutSmolbots {
		quotes = append(quotes, flat(q))
	}
	used := map[string]bool{}
	for _, l := range append(literals(t), docParagraphs(t)...) {
		var covered [][2]int
		for _, q := range quotes {
			if whole, ok := strings.CutPrefix(q, "="); ok {
				if l.text == whole {
					covered = append(covered, [2]int{0, len(whole)})
					used[q] = true
				}
				continue
			}
			if q == "" {
				continue
			}
			for i := 0; ; {
				j := strings.Index(l.text[i:], q)
				if j < 0 {
					break
				}
				covered = append(covered, [2]int{i + j, i + j + len(q)})
				used[q] = true
				i += j + 1
			}
		}
	word:
		for _, m := range claimWords.FindAllStringIndex(l.text, -1) {
			for _, c := range covered {
				if m[0] >= c[0] && m[1] <= c[1] {
					continue word
				}
			}
			t.Errorf("%s: %q says what readers do in %q, and no claim backs it", l.where, l.text[m[0]:m[1]], sentenceAt(l.text, m[0]))
		}
	}
	for _, q := range quotes {
		if q != "" && !used[q] {
			t.Errorf("no prose holds the quote %q any more", q)
		}
	}
}

// sentenceAt is the sentence of s around byte i.
func sentenceAt(s string, i int) string {
	start := strings.LastIndex(s[:i], ". ") + 1
	end := strings.Index(s[i:], ". ")
	if end < 0 {
		end = len(s) - i
	}
	return strings.TrimSpace(s[start : i+end])
}
