// Package tabletest runs the tests that are a table of inputs and the
// string a function must give for each.
package tabletest

import "testing"

// Strings checks that f gives, for every input in cases, the string
// the table holds for it, and names f as name in each failure.
func Strings(t testing.TB, name string, f func(string) string, cases map[string]string) {
	t.Helper()
	for in, want := range cases {
		if got := f(in); got != want {
			t.Errorf("%s(%q) = %q, want %q", name, in, got, want)
		}
	}
}
