package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/smolbots/smolbots/internal/fuzzseed"
)

// FuzzFraming: any stream of framed and unframed messages ends the
// session without a panic or a hang, and everything the server wrote is
// well framed JSON-RPC. Seeds: whole sessions and broken streams in
// ../../testdata/fuzz/lsp, each file one stream.
func FuzzFraming(f *testing.F) {
	fuzzseed.AddFiles(f, "../../testdata/fuzz/lsp/*.txt")
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		done := make(chan error, 1)
		go func() { done <- New(Options{}).Run(bytes.NewReader(data), &out) }()
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, ErrNoShutdown) {
				t.Fatalf("Run: %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("the server still runs 20 s after its input ended: %q", data)
		}
		r := bufio.NewReader(&out)
		for {
			body, err := readFrame(r)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("the server wrote a bad frame: %v in %q", err, out.String())
			}
			var m message
			if err := json.Unmarshal(body, &m); err != nil || m.JSONRPC != "2.0" {
				t.Fatalf("the server wrote %q", body)
			}
		}
	})
}

// A stream that fails ends the reading: no loop on an error that
// comes again.
func TestReadFrameFailingStream(t *testing.T) {
	r, w := io.Pipe()
	r.Close()
	done := make(chan error, 1)
	go func() { _, err := readFrame(bufio.NewReader(r)); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, io.ErrClosedPipe) {
			t.Fatalf("readFrame on a closed pipe: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("readFrame still loops on a closed pipe after 30 s")
	}
	w.Close()
}

// readFrame on headers it cannot read skips the message and says so;
// the next message is read whole.
func TestReadFrame(t *testing.T) {
	stream := "Content-Length: 2\r\n\r\n{}" +
		"no colon\r\nContent-Length: 2\r\n\r\n[]" +
		"Content-Length: 1" + string(bytes.Repeat([]byte("0"), 2000)) + "\r\n\r\n" +
		"content-length:3\n\n{ }" +
		"Content-Length: 99999999999\r\n\r\nshort"
	r := bufio.NewReader(bytes.NewReader([]byte(stream)))
	var got []string
	for {
		body, err := readFrame(r)
		var fe *errFrame
		switch {
		case errors.As(err, &fe):
			got = append(got, "error")
			continue
		case err != nil:
			got = append(got, err.Error())
		default:
			got = append(got, string(body))
			continue
		}
		break
	}
	want := []string{"{}", "error", "error", "{ }", io.ErrUnexpectedEOF.Error()}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
}
