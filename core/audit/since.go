package audit

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// ParseSince reads -since: an RFC 3339 time ("2024-03-01T12:00:00Z"), a
// date and time without a zone (taken in loc), a date ("2024-03-01",
// midnight in loc), or a span back from now ("36h", "90m", "7d").
func ParseSince(s string, now time.Time, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if loc == nil {
		loc = time.Local
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, nil
		}
	}
	if days, ok := strings.CutSuffix(s, "d"); ok {
		if n, err := strconv.Atoi(days); err == nil && n >= 0 {
			return now.Add(-time.Duration(n) * 24 * time.Hour), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return now.Add(-d), nil
	}
	return time.Time{}, errors.New("-since takes a time (2024-03-01T12:00:00Z, 2024-03-01) or a span back from now (36h, 7d), not " + strconv.Quote(s))
}

// SniffBytes is how much of a log LooksBinary wants to see.
const SniffBytes = 8 << 10

// LooksBinary reports whether the start of a log is not text: a NUL
// byte, or more than a quarter of its bytes not UTF-8 (the rule
// core.File.Binary applies to a robots.txt). A log line with a few
// control bytes is still text, and is read.
func LooksBinary(start []byte) bool {
	if bytes.IndexByte(start, 0) >= 0 {
		return true
	}
	bad := 0
	for s := start; len(s) > 0; {
		r, n := utf8.DecodeRune(s)
		if r == utf8.RuneError && n == 1 && (len(s) >= utf8.UTFMax || utf8.FullRune(s)) {
			bad++
		}
		s = s[n:]
	}
	return bad*4 > len(start)
}
