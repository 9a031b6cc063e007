package core

// Hooks for the tests of package core_test, which read the presets and
// the lints and so cannot be internal tests.

// RulesetLines is how many lines a ruleset holds.
func RulesetLines(rs *Ruleset) int { return len(rs.lines) }

var (
	IsCrawlURL       = isCrawlURL
	PyOdd            = pyOdd
	VerdictWord      = word
	MaxRepeatedNotes = maxRepeatedNotes
	NoFieldParts     = noFieldParts
	TemotoWords      = temotoWords
	SegmentMatch     = segmentMatch
)
