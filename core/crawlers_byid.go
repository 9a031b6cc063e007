package core

import "strings"

// ReaderByID finds a built-in dialect or a crawler preset; IDs match
// whatever their case.
func ReaderByID(id string) (Dialect, bool) {
	if d, ok := DialectByID(id); ok {
		return d, true
	}
	for _, d := range Presets() {
		if strings.EqualFold(d.ID, id) {
			return d, true
		}
	}
	return Dialect{}, false
}
