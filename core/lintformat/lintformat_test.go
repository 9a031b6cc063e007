package lintformat

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/lint"
)

// GitHub reads a workflow command's properties up to , and :, and its
// message up to the end of the line: both must come back whole.
func TestGitHubEscaping(t *testing.T) {
	var b strings.Builder
	files := []File{{Path: "a:b,c%d/robots.txt", Data: []byte("x\ny\n"), Findings: []lint.Finding{
		{Line: 2, Col: 1, Code: "no-colon", Severity: lint.SevError, Message: "100% sure\r\nsecond line: a, b", Dialects: []string{"gemini"}},
		{Code: "empty-file", Severity: lint.SevInfo, Message: "whole file"},
	}}}
	if err := GitHub(&b, files); err != nil {
		t.Fatal(err)
	}
	want := "::error file=a%3Ab%2Cc%25d/robots.txt,line=2,col=1,title=no-colon::100%25 sure%0D%0Asecond line: a, b (gemini)\n" +
		"::notice file=a%3Ab%2Cc%25d/robots.txt,title=empty-file::whole file\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestCharColumn(t *testing.T) {
	data := []byte("Disallow: /a\nDisallow: /\u00e9\u00e9*\n")
	for _, c := range []struct{ line, col, want int }{
		{1, 12, 12},
		{2, 16, 14}, // the * after two two-byte characters
		{2, 99, 99}, // past the text: kept
		{9, 3, 3},   // past the last line: kept
	} {
		if got := charColumn(data, c.line, c.col); got != c.want {
			t.Errorf("line %d byte column %d: character column %d, want %d", c.line, c.col, got, c.want)
		}
	}
}

func TestSARIFUnknownRule(t *testing.T) {
	var b strings.Builder
	err := SARIF(&b, Tool{Name: "t"}, nil, []File{{Path: "r", Findings: []lint.Finding{{Line: 1, Code: "nope"}}}})
	if err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("a finding without a rule: %v, want an error naming it", err)
	}
}
