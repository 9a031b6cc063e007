package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// The base protocol: each message is headers, a blank line, and a JSON
// body of Content-Length bytes. Hand-written: it is a few dozen lines,
// and the libraries that do it bring a logger, websockets or code
// generation along.

// Limits on what one message may hold. A robots.txt is read up to 500
// KiB; the CLI refuses input past 64 MiB, and so does the server (with
// room for the JSON around the text).
const (
	maxHeaderLine = 1 << 10
	maxHeaders    = 32
	// MaxMessageBytes is the longest body the server reads.
	MaxMessageBytes = 70 << 20
)

// JSON-RPC error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
	codeNotInitialized = -32002
	codeCancelled      = -32800
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

// message is any JSON-RPC 2.0 message: a request (ID and Method), a
// notification (Method only) or a response (ID with Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// errFrame is a message whose headers or body could not be read as one;
// the reader has skipped it and can go on. Any other error ends the stream.
type errFrame struct{ msg string }

func (e *errFrame) Error() string { return e.msg }

// readFrame reads one message's body. It returns io.EOF when the stream
// ends between messages, an *errFrame for a message it skipped, and
// another error when the stream ends inside a message.
func readFrame(r *bufio.Reader) ([]byte, error) {
	length, bad := -1, ""
	lines := 0
	for {
		line, err := readHeaderLine(r)
		switch {
		case errors.Is(err, io.EOF) && lines == 0 && line == "":
			return nil, io.EOF
		case errors.Is(err, io.EOF):
			return nil, io.ErrUnexpectedEOF
		case errors.Is(err, errLongLine):
			if bad == "" {
				bad = fmt.Sprintf("a header line is longer than %d bytes", maxHeaderLine)
			}
		case err != nil:
			return nil, err // the stream failed: reading on would fail again
		}
		lines++
		if line == "" && err == nil {
			break // the blank line that ends the headers
		}
		if lines > maxHeaders {
			if bad == "" {
				bad = fmt.Sprintf("more than %d header lines", maxHeaders)
			}
			continue // read on to the blank line
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			if bad == "" {
				bad = fmt.Sprintf("the header line %q has no colon", clip(line))
			}
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				if bad == "" {
					bad = fmt.Sprintf("Content-Length %q is not a byte count", clip(value))
				}
				continue
			}
			length = n
		}
	}
	switch {
	case bad != "" && length < 0:
		return nil, &errFrame{bad}
	case length < 0:
		return nil, &errFrame{"the message has no Content-Length header"}
	case length > MaxMessageBytes:
		if _, err := io.CopyN(io.Discard, r, int64(length)); err != nil {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, &errFrame{fmt.Sprintf("the message is %d bytes, over the %d MiB the server reads", length, MaxMessageBytes>>20)}
	}
	// Read what comes rather than trust the length with an allocation.
	body, err := io.ReadAll(io.LimitReader(r, int64(length)))
	if err != nil || len(body) < length {
		return nil, io.ErrUnexpectedEOF
	}
	if bad != "" {
		return nil, &errFrame{bad}
	}
	return body, nil
}

var errLongLine = errors.New("a header line is too long")

// readHeaderLine reads one header line without its CRLF (or LF). A line
// longer than maxHeaderLine is read to its end and refused.
func readHeaderLine(r *bufio.Reader) (string, error) {
	var b []byte
	long := false
	for {
		chunk, err := r.ReadSlice('\n')
		if len(b)+len(chunk) <= maxHeaderLine {
			b = append(b, chunk...)
		} else {
			long = true
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			return string(b), err
		}
		break
	}
	if long {
		return "x", errLongLine
	}
	return string(bytes.TrimRight(b, "\r\n")), nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// conn writes messages; any goroutine may call it.
type conn struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error
}

func (c *conn) write(m *message) error {
	// Put together by hand: json.Marshal of the message would check and
	// compact the params again, half the cost of a long file's
	// diagnostics.
	body := make([]byte, 0, len(m.Params)+len(m.Result)+64)
	body = append(body, `{"jsonrpc":"2.0"`...)
	if len(m.ID) > 0 {
		body = append(body, `,"id":`...)
		body = append(body, m.ID...)
	}
	if m.Method != "" {
		method, _ := json.Marshal(m.Method)
		body = append(append(body, `,"method":`...), method...)
	}
	if len(m.Params) > 0 {
		body = append(append(body, `,"params":`...), m.Params...)
	}
	if m.Error != nil {
		e, err := json.Marshal(m.Error)
		if err != nil {
			return err
		}
		body = append(append(body, `,"error":`...), e...)
	} else if len(m.Result) > 0 {
		body = append(append(body, `,"result":`...), m.Result...)
	}
	body = append(body, '}')
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return c.err
	}
	fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n", len(body))
	c.w.Write(body)
	c.err = c.w.Flush()
	return c.err
}

func (c *conn) reply(id json.RawMessage, result any, err *rpcError) error {
	m := &message{ID: id}
	if len(m.ID) == 0 {
		m.ID = json.RawMessage("null")
	}
	if err != nil {
		m.Error = err
	} else {
		raw, merr := json.Marshal(result)
		if merr != nil {
			m.Error = &rpcError{codeInternalError, merr.Error()}
		} else {
			m.Result = raw
		}
	}
	return c.write(m)
}

func (c *conn) notify(method string, params any) error {
	raw, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return c.write(&message{Method: method, Params: raw})
}
