package crawlers

import (
	"strings"

	"github.com/smolbots/smolbots/core"
)

// ReaderByID finds a built-in dialect or a crawler preset; IDs match
// whatever their case.
func ReaderByID(id string) (core.Dialect, bool) {
	if d, ok := core.DialectByID(id); ok {
		return d, true
	}
	for _, d := range All() {
		if strings.EqualFold(d.ID, id) {
			return d, true
		}
	}
	return core.Dialect{}, false
}
