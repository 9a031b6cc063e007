package realservers

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// LogWait bounds WaitLog. A loaded machine delays a server's log line
// by seconds at most; a request that was never made never shows.
const LogWait = 30 * time.Second

// WaitLog waits until the access log at path holds at least n lines
// that contain every one of words, and returns the whole log. A server
// writes its line after it has answered (molly-brown from a goroutine
// of its own, gophernicus from the process that served the
// connection), so a client that has its answer may look before the
// line is there: a test that counts what the log holds at once counts
// too few on a busy machine. After LogWait the test fails, saying what
// was awaited and what the log held.
func WaitLog(t testing.TB, path string, n int, words ...string) []byte {
	t.Helper()
	var log []byte
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		var err error
		log, err = os.ReadFile(path)
		if err != nil && !os.IsNotExist(err) {
			t.Fatalf("realservers: reading the access log: %v", err)
		}
		if LogLines(log, words...) >= n {
			return log
		}
		if time.Since(start) > LogWait {
			t.Fatalf("realservers: waited %s for %d lines holding %q in %s; it has %d:\n%s", LogWait, n, words, path, LogLines(log, words...), log)
		}
	}
}

// LogLines counts the whole lines of log (a line being written is not
// one yet) that contain every one of words.
func LogLines(log []byte, words ...string) int {
	n := 0
	for line := range bytes.Lines(log) {
		all := bytes.HasSuffix(line, []byte("\n"))
		for _, w := range words {
			all = all && strings.Contains(string(line), w)
		}
		if all {
			n++
		}
	}
	return n
}

// gopherRequest is the request field of a gophernicus access-log line:
// `"GET SELECTOR HTTP/1.0"`. The line's referrer field is not the
// client's: gophernicus keeps its last request per client address in a
// session shared by every gophernicus on the machine, so it may name
// another server's selector.
var gopherRequest = regexp.MustCompile(`"GET ([^"]*) HTTP/1\.0"`)

// GopherRequested says whether a gophernicus access log shows a request
// for a selector holding word.
func GopherRequested(log []byte, word string) bool {
	for _, m := range gopherRequest.FindAllSubmatch(log, -1) {
		if bytes.Contains(m[1], []byte(word)) {
			return true
		}
	}
	return false
}
