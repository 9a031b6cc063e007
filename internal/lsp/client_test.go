package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"testing"
	"time"
)

// client talks to a Server in the same process over pipes, as an
// editor does over stdio.
type client struct {
	t    testing.TB
	in   *io.PipeWriter // the server's stdin
	out  *bufio.Reader  // the server's stdout
	msgs chan message
	done chan error
	next int
}

func startServer(t testing.TB, s *Server) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, out: bufio.NewReader(outR), msgs: make(chan message, 1024), done: make(chan error, 1)}
	go func() {
		err := s.Run(inR, outW)
		outW.Close()
		c.done <- err
	}()
	go func() {
		defer close(c.msgs)
		for {
			body, err := readFrame(c.out)
			if err != nil {
				return
			}
			var m message
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("the server wrote a body that is not JSON: %q", body)
				return
			}
			c.msgs <- m
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-c.done:
		case <-time.After(30 * time.Second):
			t.Errorf("the server did not stop after its input closed")
		}
		outR.Close()
	})
	return c
}

func (c *client) raw(b []byte) {
	c.t.Helper()
	if _, err := c.in.Write(b); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

func (c *client) send(m map[string]any) {
	c.t.Helper()
	m["jsonrpc"] = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		c.t.Fatal(err)
	}
	c.raw([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)))
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"method": method, "params": params})
}

// request sends a request and waits for its response, collecting any
// notifications that come meanwhile into c.pending.
func (c *client) request(method string, params any) message {
	c.t.Helper()
	c.next++
	id := c.next
	m := map[string]any{"id": id, "method": method}
	if params != nil {
		m["params"] = params
	}
	c.send(m)
	return c.waitFor(fmt.Sprintf("the response to %s", method), func(m message) bool { return string(m.ID) == fmt.Sprint(id) })
}

// waitFor reads messages until one satisfies ok; others are dropped.
func (c *client) waitFor(what string, ok func(message) bool) message {
	c.t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		select {
		case m, open := <-c.msgs:
			if !open {
				c.t.Fatalf("the server closed its output before %s", what)
			}
			if ok(m) {
				return m
			}
		case <-deadline:
			c.t.Fatalf("no %s within 60 s", what)
		}
	}
}

func (c *client) initialize(opts any) {
	c.t.Helper()
	r := c.request("initialize", map[string]any{"capabilities": map[string]any{}, "initializationOptions": opts})
	if r.Error != nil {
		c.t.Fatalf("initialize: %v", r.Error)
	}
	c.notify("initialized", map[string]any{})
}

func (c *client) open(uri, text string) {
	c.t.Helper()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "plaintext", "version": 1, "text": text}})
}

type published struct {
	URI         string       `json:"uri"`
	Version     int          `json:"version"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

// diagnosticsFor waits for the diagnostics of uri at version.
func (c *client) diagnosticsFor(uri string, version int) published {
	c.t.Helper()
	var p published
	c.waitFor(fmt.Sprintf("diagnostics for %s version %d", uri, version), func(m message) bool {
		if m.Method != "textDocument/publishDiagnostics" {
			return false
		}
		p = published{}
		json.Unmarshal(m.Params, &p)
		return p.URI == uri && p.Version == version
	})
	return p
}
