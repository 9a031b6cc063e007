package pageview

import "time"

// Inputs up to SmallBytes update straight from the input event: a
// keystroke costs well under a frame. Bigger ones wait for a pause in
// typing of BigDelay so a burst of keys costs one update; the textarea
// itself never waits, so no typed text is lost or lags.
const (
	SmallBytes = 32 * 1024
	SmallRows  = 2000
	BigDelay   = 60 * time.Millisecond
)

// Delay is how long to wait after an input event before rebuilding.
func Delay(inputBytes, rows int) time.Duration {
	if inputBytes <= SmallBytes && rows <= SmallRows {
		return 0
	}
	return BigDelay
}

// LintDelay is how long a big file waits, after the last keystroke,
// for its lint (the verdicts do not wait).
const LintDelay = 400 * time.Millisecond

// HashDelay is how long the permalink waits after the last change: a
// link is compressed from the whole state, so big cases wait longer.
func HashDelay(inputBytes int) time.Duration {
	switch {
	case inputBytes <= SmallBytes:
		return 250 * time.Millisecond
	case inputBytes <= 256*1024:
		return 800 * time.Millisecond
	}
	return 2 * time.Second
}
