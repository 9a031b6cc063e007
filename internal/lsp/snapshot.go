package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/fix"
	"github.com/smolbots/smolbots/core/lint"
)

// Settings are what lint's flags give on the CLI: -protocol, -selector,
// -ignore and -severity. The client sends them as initializationOptions
// or workspace settings, either as they are or under a "smolbots" key;
// a first-line comment of the file overrides them (SettingsPrefix).
type Settings struct {
	Protocol  string   `json:"protocol"`
	Selectors []string `json:"selectors"`
	Ignore    []string `json:"ignore"`
	Severity  string   `json:"severity"`
}

// SettingsPrefix starts the first-line comment that sets the file's
// own settings: `# smolbots-lsp: protocol=gemini selector=/a ignore=bom`.
// It is not `# smolbots:`, which lint reads as an ignore directive and
// would take for a malformed one.
const SettingsPrefix = "smolbots-lsp:"

// settingsFrom reads the client's settings over base (the command
// line's): a key the client gives replaces base's.
func settingsFrom(raw json.RawMessage, base Settings) Settings {
	var wrapped struct {
		Smolbots *Settings `json:"smolbots"`
	}
	var given Settings
	if json.Unmarshal(raw, &wrapped) == nil && wrapped.Smolbots != nil {
		given = *wrapped.Smolbots
	} else {
		json.Unmarshal(raw, &given)
	}
	return overlay(base, given)
}

// overlay is base with the keys top gives replaced.
func overlay(base, top Settings) Settings {
	if top.Protocol != "" {
		base.Protocol = top.Protocol
	}
	if top.Selectors != nil {
		base.Selectors = top.Selectors
	}
	if top.Ignore != nil {
		base.Ignore = top.Ignore
	}
	if top.Severity != "" {
		base.Severity = top.Severity
	}
	return base
}

// fileSettings reads the first line's settings comment over base, and
// the sentences of what it could not read.
func fileSettings(text string, base Settings) (Settings, []string) {
	first := text[:lineEnd(text, 0)]
	first = strings.TrimPrefix(first, "\uFEFF")
	body, ok := strings.CutPrefix(strings.TrimSpace(first), "#")
	if !ok {
		return base, nil
	}
	body = strings.TrimSpace(body)
	if len(body) < len(SettingsPrefix) || !strings.EqualFold(body[:len(SettingsPrefix)], SettingsPrefix) {
		return base, nil
	}
	var problems []string
	fromFile := Settings{}
	for _, word := range strings.Fields(body[len(SettingsPrefix):]) {
		key, value, ok := strings.Cut(word, "=")
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("%q is not key=value; the keys are protocol, selector, ignore and severity", word))
		case key == "protocol":
			fromFile.Protocol = value
		case key == "selector":
			fromFile.Selectors = append(fromFile.Selectors, value)
		case key == "ignore":
			fromFile.Ignore = append(fromFile.Ignore, strings.Split(value, ",")...)
		case key == "severity":
			fromFile.Severity = value
		default:
			problems = append(problems, fmt.Sprintf("%q is not a setting; the keys are protocol, selector, ignore and severity", key))
		}
	}
	return overlay(base, fromFile), problems
}

// maxDocBytes is the largest document linted, as the CLI reads at most
// 64 MiB (only the first 500 KiB count).
const maxDocBytes = 64 << 20

// maxDiagnostics bounds the diagnostics of one file; a note says how
// many more lint finds.
const maxDiagnostics = 1000

// snapshot is one version of a document and what is worked out from it,
// each part once, when first asked.
type snapshot struct {
	text      string
	version   int
	settings  Settings
	problems  []string // settings that could not be read
	protocol  core.Protocol
	selectors []string
	severity  lint.Severity

	fileOnce sync.Once
	file     *core.File
	starts   []int

	fixOnce sync.Once
	fixRes  fix.Result
	fixErr  error
	diff    []fix.Row

	readOnce sync.Once
	readers  []reading
}

func newSnapshot(text string, version int, base Settings) *snapshot {
	sn := &snapshot{text: text, version: version}
	sn.settings, sn.problems = fileSettings(text, base)
	var err error
	if sn.protocol, err = core.ParseProtocol(sn.settings.Protocol); err != nil {
		sn.problems = append(sn.problems, err.Error())
		sn.protocol = core.ProtocolAny
	}
	for _, raw := range sn.settings.Selectors {
		sel, err := core.SelectorFrom(raw)
		if err != nil {
			sn.problems = append(sn.problems, err.Error())
			continue
		}
		sn.selectors = append(sn.selectors, sel)
	}
	sev := sn.settings.Severity
	if sev == "" {
		sev = "warning"
	}
	if sn.severity, err = lint.ParseSeverity(sev); err != nil {
		sn.problems = append(sn.problems, err.Error())
		sn.severity = lint.SevWarning
	}
	return sn
}

func (sn *snapshot) parsed() *core.File {
	sn.fileOnce.Do(func() {
		sn.file = core.Parse([]byte(sn.text))
		sn.starts = lineStarts(sn.text)
	})
	return sn.file
}

// lineSpan is the range of line n (1-based) from the 1-based byte
// column col (0: the start) to its end, in UTF-16 units.
func (sn *snapshot) lineSpan(n, col int) span {
	sn.parsed()
	if n < 1 {
		n = 1
	}
	if n > len(sn.starts) {
		n = len(sn.starts)
	}
	start := sn.starts[n-1]
	text := sn.text[start:lineEnd(sn.text, start)]
	end := utf16Len(text)
	from := 0
	if col > 1 { // core counts columns in bytes
		from = utf16Len(text[:min(col-1, len(text))])
	}
	return span{Start: position{n - 1, from}, End: position{n - 1, end}}
}

type diagnostic struct {
	Range           span             `json:"range"`
	Severity        int              `json:"severity"`
	Code            string           `json:"code,omitempty"`
	CodeDescription *codeDescription `json:"codeDescription,omitempty"`
	Source          string           `json:"source"`
	Message         string           `json:"message"`
}

type codeDescription struct {
	Href string `json:"href"`
}

func severityNumber(s lint.Severity) int {
	switch s {
	case lint.SevError:
		return 1
	case lint.SevWarning:
		return 2
	}
	return 3
}

// diagnostics are lint's findings on the text as `smolbots lint` with
// the snapshot's settings reports them.
func (sn *snapshot) diagnostics() []diagnostic {
	out := []diagnostic{}
	for _, p := range sn.problems {
		out = append(out, diagnostic{Range: sn.lineSpan(1, 0), Severity: 1, Source: "smolbots", Code: "settings",
			Message: "The " + SettingsPrefix + " settings: " + p})
	}
	if len(sn.text) > maxDocBytes {
		return append(out, diagnostic{Range: sn.lineSpan(1, 0), Severity: 1, Source: "smolbots",
			Message: fmt.Sprintf("This file is larger than %d MiB, so it is not linted; a robots.txt is read only up to 500 KiB anyway.", maxDocBytes>>20)})
	}
	f := sn.parsed()
	findings := lint.Control(f, lint.Lint(f, sn.selectors), lint.Options{Ignore: sn.settings.Ignore, Severity: sn.severity, Protocol: sn.protocol})
	return sn.toDiagnostics(out, findings)
}

// toDiagnostics appends lint's findings to out as diagnostics.
func (sn *snapshot) toDiagnostics(out []diagnostic, findings []lint.Finding) []diagnostic {
	for i, fd := range findings {
		if i == maxDiagnostics {
			n := len(findings) - i
			out = append(out, diagnostic{Range: sn.lineSpan(fd.Line, 0), Severity: 3, Source: "smolbots",
				Message: fmt.Sprintf("%d more findings are not shown here; smolbots lint -max 0 lists them all.", n)})
			break
		}
		msg := fd.Message
		if len(fd.Dialects) > 0 {
			msg += " (" + strings.Join(fd.Dialects, ", ") + ")"
		}
		out = append(out, diagnostic{Range: sn.lineSpan(fd.Line, fd.Col), Severity: severityNumber(fd.Severity),
			Code: fd.Code, CodeDescription: &codeDescription{lint.URL(fd.Code)}, Source: "smolbots", Message: msg})
	}
	return out
}
