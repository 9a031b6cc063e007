package pageview

import "time"

// Inputs up to SmallBytes update straight from the input event: a
// keystroke costs well under a frame. Bigger ones update at the next
// animation frame, so a burst of keys (or a paste and its follow-up
// events) costs one update and the browser lays the page out once; the
// textarea itself never waits, so no typed text is lost or lags.
const (
	SmallBytes = 32 * 1024
	SmallRows  = 2000
)

// NextFrame says whether to update at the next animation frame instead
// of inside the input event.
func NextFrame(inputBytes, rows int) bool {
	return inputBytes > SmallBytes || rows > SmallRows
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

// IdleGCDelay is how long a big file's page waits after a keystroke
// before it may collect garbage: long enough that a burst of keys is
// over, short enough to come before most next keys.
const IdleGCDelay = 120 * time.Millisecond

// StatusTime is how long a "copied" message stays up.
const StatusTime = 4 * time.Second

// UndoableBytes bounds the text the page replaces as an edit the
// browser's undo takes back (execCommand's insertText, the only way a
// page has to reach a textarea's undo stack). Chromium inserts such text
// line by line: 8 KiB took 0.55 s, 32 KiB 3.2 s and 64 KiB 11.6 s on the
// shared test machine, and 500 KiB did not finish in three minutes.
// Longer texts are set at once and only Revert takes them back. Every
// real robots.txt of the team's sample is under this (the largest, 7 KB).
const UndoableBytes = 8 * 1024
