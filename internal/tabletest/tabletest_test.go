package tabletest

import (
	"fmt"
	"strings"
	"testing"
)

// TestStringsFailsOnAWrongRow: a row the function does not give fails
// the test and names the input; right rows pass.
func TestStringsFailsOnAWrongRow(t *testing.T) {
	rec := &recorder{TB: t}
	Strings(rec, "upper", strings.ToUpper, map[string]string{"a": "A", "b": "b"})
	if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], `upper("b") = "B", want "b"`) {
		t.Errorf("failures %q, want one for \"b\"", rec.errs)
	}
	ok := &recorder{TB: t}
	Strings(ok, "upper", strings.ToUpper, map[string]string{"a": "A", "": ""})
	if len(ok.errs) != 0 {
		t.Errorf("right rows failed: %q", ok.errs)
	}
}

type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
