package refsite

import (
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/internal/gosource"
)

// Every lint code has a page, and no page is about a code that is not
// one.
func TestEveryCodeHasAnEntry(t *testing.T) {
	var have []string
	for _, e := range lintEntries() {
		have = append(have, e.Code)
	}
	if !slices.IsSorted(have) {
		t.Errorf("lint entries are not sorted by code: %v", have)
	}
	if want := lint.Codes(); !slices.Equal(have, want) {
		t.Errorf("entries %v\nlint codes %v", have, want)
	}
}

func codesAt(fs []lint.Finding) []string {
	var out []string
	for _, f := range fs {
		if !slices.Contains(out, f.Code) {
			out = append(out, f.Code)
		}
	}
	return out
}

// As ESLint checks its rule examples: each Example raises its code, and
// at the default severity nothing else but the codes its entry says it
// cannot help raising; each Use instead raises nothing at the default
// severity.
func TestLintExamples(t *testing.T) {
	for _, e := range lintEntries() {
		t.Run(e.Code, func(t *testing.T) {
			all := codesAt(lintFindings(e.Example, lint.SevInfo))
			if !slices.Contains(all, e.Code) {
				t.Errorf("the example does not raise %s; it raises %v", e.Code, all)
			}
			var extra []string
			for _, c := range codesAt(lintFindings(e.Example, lint.SevWarning)) {
				if c != e.Code && !slices.Contains(e.Also, c) {
					extra = append(extra, c)
				}
			}
			if len(extra) > 0 {
				t.Errorf("the example also raises %v at the default severity", extra)
			}
			for _, c := range e.Also {
				if !slices.Contains(all, c) {
					t.Errorf("Also names %s, which the example does not raise", c)
				}
			}
			if left := lintFindings(e.instead(), lint.SevWarning); len(left) > 0 {
				for _, f := range left {
					t.Errorf("Use instead raises %s at line %d: %s", f.Code, f.Line, f.Message)
				}
			}
			if len(e.Example.Selectors) == 0 {
				t.Error("the example names no selector")
			}
			for _, x := range e.Evidence {
				if x.check != "" {
					t.Errorf("evidence: %s", x.check)
				}
			}
		})
	}
}

// The severities a page gives a code are the ones the linter reports it
// at: each severity the lint code passes as a constant is listed, and a
// page lists more only for a code whose severity the code computes.
func TestLintSeverities(t *testing.T) {
	literal, computed := lintCallSeverities(t)
	for _, e := range lintEntries() {
		for _, s := range literal[e.Code] {
			if !slices.Contains(e.Severities, s) {
				t.Errorf("%s: the linter reports it as %s; the entry lists %v", e.Code, s, e.Severities)
			}
		}
		for _, s := range e.Severities {
			if !slices.Contains(literal[e.Code], s) && !computed[e.Code] {
				t.Errorf("%s: the entry lists %s, which the linter never passes", e.Code, s)
			}
		}
		if len(literal[e.Code]) == 0 && !computed[e.Code] {
			t.Errorf("%s: no call in core/lint reports it", e.Code)
		}
	}
}

// lintCallSeverities reads core's lint code: for each call that reports
// a code (lt.add, lt.addServed, lt.addCrawler, a Finding literal), the
// severities it passes, when they are constants.
func lintCallSeverities(t *testing.T) (literal map[string][]lint.Severity, computed map[string]bool) {
	literal, computed = map[string][]lint.Severity{}, map[string]bool{}
	fset := token.NewFileSet()
	sevOf := func(e ast.Expr) (lint.Severity, bool) {
		id, ok := e.(*ast.Ident)
		if !ok {
			return "", false
		}
		switch id.Name {
		case "SevError":
			return lint.SevError, true
		case "SevWarning":
			return lint.SevWarning, true
		case "SevInfo":
			return lint.SevInfo, true
		}
		return "", false
	}
	note := func(code string, e ast.Expr) {
		if s, ok := sevOf(e); ok {
			if !slices.Contains(literal[code], s) {
				literal[code] = append(literal[code], s)
			}
		} else {
			computed[code] = true
		}
	}
	for _, f := range gosource.Parse(t, fset, "../lint/*.go") {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				sel, ok := x.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				var codeArg int
				var sevArgs []int
				switch sel.Sel.Name {
				case "add":
					codeArg, sevArgs = 2, []int{3}
				case "addServed": // the severity before and after the protocol is known
					codeArg, sevArgs = 2, []int{3, 4}
				case "addCrawler":
					codeArg, sevArgs = 1, []int{2}
				default:
					return true
				}
				if len(x.Args) <= sevArgs[len(sevArgs)-1] {
					return true
				}
				if lit, ok := x.Args[codeArg].(*ast.BasicLit); ok {
					code, _ := strconv.Unquote(lit.Value)
					for _, a := range sevArgs {
						note(code, x.Args[a])
					}
				}
			case *ast.CompositeLit:
				var code string
				var sev ast.Expr
				for _, el := range x.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					switch k, _ := kv.Key.(*ast.Ident); {
					case k == nil:
					case k.Name == "Code":
						if lit, ok := kv.Value.(*ast.BasicLit); ok {
							code, _ = strconv.Unquote(lit.Value)
						}
					case k.Name == "Severity":
						sev = kv.Value
					}
				}
				if code != "" && sev != nil {
					note(code, sev)
				}
			}
			return true
		})
	}
	if len(literal) < 30 {
		t.Fatalf("found the severities of only %d codes in ../lint/*.go", len(literal))
	}
	return literal, computed
}

// Every sentence a rule leaves to the reference (lint.Computed) is one
// the reference builds: none reaches a page as its mark.
func TestLintComputedSentencesResolved(t *testing.T) {
	for _, e := range lintEntries() {
		for _, s := range []string{e.Flags, e.Matters} {
			if strings.Contains(s, "{{") {
				t.Errorf("%s: an unresolved sentence in %q", e.Code, s)
			}
		}
		for _, ev := range e.Evidence {
			if ev.check != "" {
				t.Errorf("%s: %s", e.Code, ev.check)
			}
		}
	}
}
