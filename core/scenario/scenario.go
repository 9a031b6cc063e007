// Package scenario reads the conformance scenarios of testdata/scenarios:
// txtar archives whose comment holds options and directives and whose
// file robots.txt is the case. core's scenario test and the conformance
// suite (core/conformance) read them through this one reader.
package scenario

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Archive is a parsed txtar file: the comment and the files, in order.
type Archive struct {
	Comment string
	Files   map[string][]byte
}

// ParseTxtar reads the txtar format: a comment, then files introduced by
// lines "-- NAME --". It is small enough not to need a dependency.
func ParseTxtar(data []byte) (Archive, error) {
	a := Archive{Files: map[string][]byte{}}
	var name string
	var body []byte
	inFile := false
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i+1], data[i+1:]
		} else {
			data = nil
		}
		t := strings.TrimRight(string(line), "\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			if inFile {
				a.Files[name] = body
			}
			name, body, inFile = strings.TrimSpace(t[3:len(t)-3]), nil, true
			if _, dup := a.Files[name]; dup {
				return a, fmt.Errorf("file %q appears twice", name)
			}
			continue
		}
		if inFile {
			body = append(body, line...)
		} else {
			a.Comment += string(line)
		}
	}
	if inFile {
		a.Files[name] = body
	}
	return a, nil
}

// Words splits a directive line into words; a word starting with a double
// quote is a Go string literal, and `note~"..."` keeps its literal too.
func Words(line string) ([]string, error) {
	var out []string
	for {
		line = strings.TrimLeft(line, " \t")
		if line == "" {
			return out, nil
		}
		prefix := ""
		if strings.HasPrefix(line, "note~\"") || strings.HasPrefix(line, "why~\"") {
			i := strings.IndexByte(line, '~')
			prefix, line = line[:i+1], line[i+1:]
		}
		if line[0] == '"' {
			lit, err := strconv.QuotedPrefix(line)
			if err != nil {
				return nil, fmt.Errorf("bad quoted string in %q: %v", line, err)
			}
			s, _ := strconv.Unquote(lit)
			out = append(out, prefix+s)
			line = line[len(lit):]
			continue
		}
		end := strings.IndexAny(line, " \t")
		if end < 0 {
			end = len(line)
		}
		out = append(out, prefix+line[:end])
		line = line[end:]
	}
}

// RobotsBytes applies the options to the Archive's robots.txt.
func RobotsBytes(opts []string, raw []byte) ([]byte, error) {
	data := raw
	for i := 0; i < len(opts); i++ {
		switch opts[i] {
		case "-escapes":
			s := strings.ReplaceAll(string(data), `"`, `\"`)
			s = strings.ReplaceAll(s, "\n", `\n`)
			u, err := strconv.Unquote(`"` + s + `"`)
			if err != nil {
				return nil, fmt.Errorf("-escapes: %v", err)
			}
			data = []byte(u)
		case "-crlf":
			data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
		case "-cr":
			data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r"))
		case "-nofinal":
			data = bytes.TrimSuffix(bytes.TrimSuffix(data, []byte("\n")), []byte("\r"))
		case "-bom":
			data = append([]byte("\xEF\xBB\xBF"), data...)
		case "-pad":
			if i+1 >= len(opts) {
				return nil, fmt.Errorf("-pad needs a byte offset")
			}
			n, err := strconv.Atoi(opts[i+1])
			i++
			if err != nil {
				return nil, fmt.Errorf("-pad: %v", err)
			}
			at := bytes.Index(data, []byte("#PAD\n"))
			if at < 0 {
				return nil, fmt.Errorf("-pad: robots.txt has no #PAD line")
			}
			fill := n - at - len("#\n")
			if fill < 0 {
				return nil, fmt.Errorf("-pad: offset %d is before the #PAD line", n)
			}
			pad := append([]byte("#"), bytes.Repeat([]byte("x"), fill)...)
			data = append(append(append([]byte{}, data[:at]...), pad...), data[at+len("#PAD"):]...)
		default:
			return nil, fmt.Errorf("unknown option %q", opts[i])
		}
	}
	return data, nil
}
