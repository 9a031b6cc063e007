package core

// Presets are the crawler presets in scope, in display order.
func (p Protocol) Presets() []Dialect {
	var out []Dialect
	for _, d := range Presets() {
		if p.Includes(d.ID) {
			out = append(out, d)
		}
	}
	return out
}

