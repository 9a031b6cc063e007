package core_test

import (
	"slices"
	"testing"

	"github.com/smolbots/smolbots/core/lint"
)

// Every code FuzzLint accepts is in core.LintCodes, which -ignore and the
// ignore directive check names against; the controls add their own.
func TestLintCodesListed(t *testing.T) {
	listed := lint.Codes()
	for code := range lintCodes {
		if !slices.Contains(listed, code) {
			t.Errorf("lint code %s is missing from core.LintCodes", code)
		}
	}
	for _, code := range listed {
		if !lintCodes[code] && code != "binary-file" && code != "unknown-code" && code != "directive-invalid" {
			t.Errorf("core.LintCodes lists %s, which Lint never reports", code)
		}
	}
}
