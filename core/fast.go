package core

// Allowed answers whether the bot may fetch selector, like Test but
// without building the explanation: no strings, no allocations for plain
// selectors. It uses the same decision as Test, so
// p.Allowed(s) == p.Test(s).Allowed for every selector.
func (p *Policy) Allowed(selector string) bool {
	if r := p.decide(selector, nil); r != nil {
		return r.allow
	}
	return true
}
