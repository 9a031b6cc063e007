package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// LintCodes are the codes Lint and ControlLint can report, sorted. They
// are stable: the CLI's JSON and the page expose them, and -ignore and
// the ignore directive name them.
func Codes() []string {
	return slices.Clone(lintCodes)
}

var lintCodes = func() []string {
	c := []string{
		"agent-version", "allow-portability", "binary-file", "blank-line-in-group", "bom", "cr-line-endings",
		"crawl-delay-invalid", "delay-portability", "directive-invalid", "dollar-portability",
		"duplicate-group", "empty-disallow", "empty-file", "empty-user-agent", "field-typo",
		"file-too-large", "glob-portability", "group-without-rules", "invalid-utf8",
		"leading-slash-mismatch", "lf-line-endings", "missing-disallow", "no-colon", "nul-byte",
		"role-user-agent", "rule-outside-group", "setting-invalid", "star-not-last", "star-rules-not-repeated",
		"umn-type-prefix", "unknown-code", "unknown-field", "unreachable-rule",
		"user-agent-portability", "virtual-agent-field-portability", "virtual-agent-typo",
		// Crawler lints: their findings name crawler presets.
		"crawler-agent-case", "crawler-comment-in-value", "crawler-rule-before-agent",
		"gemplex-first-group", "mozz-archiver-agent", "tlgs-empty-disallow-clears",
		"auragem-first-group", "auragem-skips-host", "webproxy-readers",
		"agent-run-broken", "tlgs-off-by-one", "gemplex-bare-disallow", "tlgs-line-too-long",
	}
	slices.Sort(c)
	return c
}()

func isLintCode(code string) bool {
	_, ok := slices.BinarySearch(lintCodes, code)
	return ok
}

// ParseSeverity reads error, warning or info.
func ParseSeverity(s string) (Severity, error) {
	switch sev := Severity(strings.ToLower(strings.TrimSpace(s))); sev {
	case SevError, SevWarning, SevInfo:
		return sev, nil
	}
	return "", fmt.Errorf("unknown severity %q; use error, warning or info", s)
}

// rank orders severities: info < warning < error.
func (s Severity) rank() int {
	switch s {
	case SevError:
		return 2
	case SevWarning:
		return 1
	}
	return 0
}

// LintOptions are the controls a CI job sets on lint's findings.
type Options struct {
	Ignore   []string // codes dropped everywhere
	Severity Severity // the lowest severity kept; "" is warning
	// Protocol the file is served over; "" is any. The findings are
	// scoped to it (Protocol.Scope) before Severity is applied, as the
	// weight of some depends on it.
	Protocol core.Protocol
}

// directivePrefix starts an ignore directive: a comment line of its own,
// `# smolbots: ignore=CODE[,CODE]`. Only whole-line comments count,
// because TLGS reads a comment after a value as part of the path.
const directivePrefix = "smolbots:"

// ControlLint applies o and the file's ignore directives to findings
// (Lint's result for f) and returns what remains in o.Protocol's scope,
// sorted by line then code. A binary file gets one leading error saying so. A code in
// o.Ignore or in a directive that is not a lint code is itself an error
// finding, so that a typo cannot hide a problem.
func Control(f *core.File, findings []Finding, o Options) []Finding {
	min := o.Severity
	if min == "" {
		min = SevWarning
	}
	all := setIDs[inAll]
	var added []Finding
	if f.Binary() {
		added = append(added, Finding{Code: "binary-file", Severity: SevError, Dialects: all,
			Message: "This file looks binary (a NUL byte, or mostly bytes that are not UTF-8), not a text robots.txt: no dialect reads it as a list of rules, and the other findings on it are about noise."})
	}
	ignored := map[string]bool{}
	for _, c := range o.Ignore {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		if !isLintCode(c) {
			added = append(added, unknownCode(0, c, "-ignore"))
			continue
		}
		ignored[c] = true
	}
	// Directives: codes silenced on one line (keyed by line number) or,
	// before the first field line, in the whole file.
	perLine := map[int][]string{}
	seenField := false
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind == core.FieldLine {
			seenField = true
		}
		if l.Kind != core.CommentOnly {
			continue
		}
		codes, ok, bad := parseDirective(l.Text)
		if !ok {
			continue
		}
		if bad != "" {
			added = append(added, Finding{Line: l.Pos.Line, Code: "directive-invalid", Severity: SevError, Dialects: all,
				Message: fmt.Sprintf("This smolbots directive reads %s; the only directive is `# smolbots: ignore=CODE[,CODE]`, so it silences nothing.", quote(bad))})
			continue
		}
		whole, target := !seenField, nextNonComment(f.Lines, i)
		for _, c := range codes {
			switch {
			case !isLintCode(c):
				added = append(added, unknownCode(l.Pos.Line, c, "this directive"))
			case whole:
				ignored[c] = true
			case target > 0:
				perLine[target] = append(perLine[target], c)
			}
		}
	}
	out := make([]Finding, 0, len(findings)+len(added))
	for _, fd := range Scope(o.Protocol, append(slices.Clip(findings), added...)) {
		if fd.Severity.rank() < min.rank() {
			continue
		}
		// A finding about the controls themselves cannot be silenced by
		// them: `-ignore unknown-code,typo` would hide its own typo.
		if !isControlFinding(fd) && (ignored[fd.Code] || slices.Contains(perLine[fd.Line], fd.Code)) {
			continue
		}
		out = append(out, fd)
	}
	slices.SortStableFunc(out, func(a, b Finding) int {
		if lead := isBinaryFinding(b) - isBinaryFinding(a); lead != 0 {
			return lead // the binary-file error leads: it explains the rest
		}
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return strings.Compare(a.Code, b.Code)
	})
	return out
}

func isControlFinding(fd Finding) bool {
	return fd.Code == "unknown-code" || fd.Code == "directive-invalid"
}

func isBinaryFinding(fd Finding) int {
	if fd.Code == "binary-file" {
		return 1
	}
	return 0
}

func unknownCode(line int, code, where string) Finding {
	return Finding{Line: line, Code: "unknown-code", Severity: SevError, Dialects: setIDs[inAll],
		Message: fmt.Sprintf("%s names %s, which is not a lint code, so it silences nothing; `smolbots help lint` lists the codes.", capitalize(where), quote(code))}
}

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// parseDirective reads `# smolbots: ignore=A,B` from a comment line. ok
// says the comment is a smolbots directive at all; bad is its text when
// it is one but not a well-formed ignore.
func parseDirective(text string) (codes []string, ok bool, bad string) {
	s := strings.TrimSpace(text)
	s = strings.TrimSpace(strings.TrimPrefix(s, "#"))
	if len(s) < len(directivePrefix) || !strings.EqualFold(s[:len(directivePrefix)], directivePrefix) {
		return nil, false, ""
	}
	rest := strings.TrimSpace(s[len(directivePrefix):])
	list, found := strings.CutPrefix(rest, "ignore=")
	if !found || strings.TrimSpace(list) == "" {
		return nil, true, rest
	}
	for _, c := range strings.Split(list, ",") {
		if c = strings.TrimSpace(c); c != "" {
			codes = append(codes, c)
		}
	}
	return codes, true, ""
}

// nextNonComment is the number of the first line after Lines[i] that is
// not a whole-line comment, 0 if there is none.
func nextNonComment(lines []core.Line, i int) int {
	for j := i + 1; j < len(lines); j++ {
		if lines[j].Kind != core.CommentOnly {
			return lines[j].Pos.Line
		}
	}
	return 0
}
