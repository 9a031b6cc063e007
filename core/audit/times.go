package audit

import "time"

// The servers' time stamps, read by hand into Unix seconds: a log of
// millions of lines has one on every line, and time.Parse cost more than
// the rest of a line's reading. Each reader checks every digit and
// returns ok false for anything else, so a line that only looks like a
// format is not taken for one.

// digits reads n ASCII digits at b[i:], or -1.
func digits(b []byte, i, n int) int {
	if i < 0 || i+n > len(b) {
		return -1
	}
	v := 0
	for _, c := range b[i : i+n] {
		if c < '0' || c > '9' {
			return -1
		}
		v = v*10 + int(c-'0')
	}
	return v
}

// daysFromCivil is the number of days from 1970-01-01 to y-m-d in the
// proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
func daysFromCivil(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}

// unix is y-m-d h:mi:s at offset seconds east of UTC, as Unix seconds;
// ok false for a field out of range.
func unix(y, mo, d, h, mi, s, offset int) (int64, bool) {
	if y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 60 {
		return 0, false
	}
	return daysFromCivil(y, mo, d)*86400 + int64(h*3600+mi*60+s) - int64(offset), true
}

// dateTime reads "YYYY-MM-DD?HH:MM:SS" at b[i:], with sep between the
// date and the time.
func dateTime(b []byte, i int, sep byte) (y, mo, d, h, mi, s int, ok bool) {
	if i+19 > len(b) || b[i+4] != '-' || b[i+7] != '-' || b[i+10] != sep || b[i+13] != ':' || b[i+16] != ':' {
		return
	}
	y, mo, d = digits(b, i, 4), digits(b, i+5, 2), digits(b, i+8, 2)
	h, mi, s = digits(b, i+11, 2), digits(b, i+14, 2), digits(b, i+17, 2)
	ok = y >= 0 && mo >= 0 && d >= 0 && h >= 0 && mi >= 0 && s >= 0
	return
}

// zone reads "Z", "+HH:MM" or "+HHMM" (or "-") at b[i:]: the offset in
// seconds and the bytes read.
func zone(b []byte, i int) (offset, n int, ok bool) {
	if i >= len(b) {
		return 0, 0, false
	}
	switch b[i] {
	case 'Z', 'z':
		return 0, 1, true
	case '+', '-':
	default:
		return 0, 0, false
	}
	hh := digits(b, i+1, 2)
	if hh < 0 {
		return 0, 0, false
	}
	n = 3
	if i+3 < len(b) && b[i+3] == ':' {
		n++
	}
	mm := digits(b, i+n, 2)
	if mm < 0 || hh > 23 || mm > 59 {
		return 0, 0, false
	}
	n += 2
	offset = hh*3600 + mm*60
	if b[i] == '-' {
		offset = -offset
	}
	return offset, n, true
}

// rfc3339 reads "2024-03-01T12:34:56Z", "...56.123+01:00" or "...56+0100"
// (gmid's %FT%T%z) at the start of b: Unix seconds and the bytes read.
func rfc3339(b []byte) (t int64, n int, ok bool) {
	y, mo, d, h, mi, s, ok := dateTime(b, 0, 'T')
	if !ok {
		return 0, 0, false
	}
	n = 19
	if n < len(b) && (b[n] == '.' || b[n] == ',') {
		n++
		for n < len(b) && b[n] >= '0' && b[n] <= '9' {
			n++
		}
	}
	off, zn, ok := zone(b, n)
	if !ok {
		return 0, 0, false
	}
	t, ok = unix(y, mo, d, h, mi, s, off)
	return t, n + zn, ok
}

var months = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// month reads an English three-letter month name at b[i:]: 1 to 12, or 0.
func month(b []byte, i int) int {
	if i+3 > len(b) {
		return 0
	}
	for k, m := range months {
		if b[i] == m[0] && b[i+1] == m[1] && b[i+2] == m[2] {
			return k + 1
		}
	}
	return 0
}

// clf reads the Common Log Format's "01/Mar/2024:12:34:56 +0100" at the
// start of b (26 bytes).
func clf(b []byte) (int64, bool) {
	if len(b) < 26 || b[6] != '/' {
		return 0, false
	}
	return clfAt(b, 1)
}

// gmidStamp reads gmid's common and combined time at the start of b:
// "01/Mar/2024:12:34:56 +0100", or as every release up to 2.1.1 writes it,
// with no slash between month and year, "01/Mar2024:12:34:56 +0100"
// (gmid.c's strftime "%d/%b%Y:%H:%M:%S %z"): the time and its length.
func gmidStamp(b []byte) (t int64, n int, ok bool) {
	if len(b) > 6 && b[6] == '/' {
		t, ok = clfAt(b, 1)
		return t, 26, ok
	}
	t, ok = clfAt(b, 0)
	return t, 25, ok
}

// clfAt reads "DD/Mon" then slash (0 or 1) bytes, then
// "YYYY:HH:MM:SS +ZZZZ".
func clfAt(b []byte, slash int) (int64, bool) {
	y0 := 6 + slash
	if len(b) < y0+19 || b[2] != '/' || b[y0+4] != ':' || b[y0+7] != ':' || b[y0+10] != ':' || b[y0+13] != ' ' {
		return 0, false
	}
	d, mo, y := digits(b, 0, 2), month(b, 3), digits(b, y0, 4)
	h, mi, s := digits(b, y0+5, 2), digits(b, y0+8, 2), digits(b, y0+11, 2)
	off, n, ok := zone(b, y0+14)
	if !ok || n != 5 || d < 0 || mo == 0 || y < 0 || h < 0 || mi < 0 || s < 0 {
		return 0, false
	}
	return unix(y, mo, d, h, mi, s, off)
}

// spaceDateTimeZone reads geomyidae's "%F %T %z", "2024-03-01 12:34:56
// +0000" (25 bytes).
func spaceDateTimeZone(b []byte) (int64, bool) {
	y, mo, d, h, mi, s, ok := dateTime(b, 0, ' ')
	if !ok || len(b) < 25 || b[19] != ' ' {
		return 0, false
	}
	off, n, ok := zone(b, 20)
	if !ok || n != 5 {
		return 0, false
	}
	return unix(y, mo, d, h, mi, s, off)
}

// syslogStamp reads the traditional syslog "Mar  1 12:34:56" (15 bytes),
// which has no year and no zone: it is taken in loc, in the year that
// puts it at most a day after now (a log read in January holds December's
// lines of the year before).
func syslogStamp(b []byte, now time.Time, loc *time.Location) (int64, bool) {
	if len(b) < 15 || b[3] != ' ' || b[6] != ' ' || b[9] != ':' || b[12] != ':' {
		return 0, false
	}
	mo := month(b, 0)
	var d int
	if b[4] == ' ' {
		d = digits(b, 5, 1)
	} else {
		d = digits(b, 4, 2)
	}
	h, mi, s := digits(b, 7, 2), digits(b, 10, 2), digits(b, 13, 2)
	if mo == 0 || d < 1 || h < 0 || mi < 0 || s < 0 || h > 23 || mi > 59 || s > 60 {
		return 0, false
	}
	y := now.In(loc).Year()
	t := time.Date(y, time.Month(mo), d, h, mi, s, 0, loc)
	if t.After(now.Add(24 * time.Hour)) {
		t = time.Date(y-1, time.Month(mo), d, h, mi, s, 0, loc)
	}
	return t.Unix(), true
}

// FormatTime writes a Unix time as the audit prints every time: RFC 3339
// in UTC.
func FormatTime(t int64) string {
	return time.Unix(t, 0).UTC().Format(time.RFC3339)
}
