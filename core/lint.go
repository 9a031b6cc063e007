package core

// Severity of a lint finding.
type Severity string

const (
	SevError   Severity = "error"   // the file does not mean what it seems to in some dialect
	SevWarning Severity = "warning" // dialects disagree or a common mistake
	SevInfo    Severity = "info"    // worth knowing, harmless
)

// Finding is one lint result, tied to a line (0 for the whole file).
type Finding struct {
	Line     int      `json:"line"`
	Col      int      `json:"col,omitempty"`
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	Dialects []string `json:"dialects"`
}

// Lint checks the file against every dialect. Selectors are the ones
// under test: lints such as leading-slash-mismatch compare them with the
// patterns. Findings come sorted by line, then code.
func Lint(f *File, selectors []string) []Finding {
	return nil // filled in by the linter
}
