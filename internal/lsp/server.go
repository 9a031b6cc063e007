// Package lsp is smolbots' Language Server Protocol server: the lints as
// diagnostics, each reader's reading of a line on hover, fix's steps as
// code actions, completion of field and agent names, and check's grid of
// verdicts as a command, for robots.txt files in the admin's own editor.
// It speaks JSON-RPC over any reader and writer (stdio for `smolbots
// lsp`); the framing and the few message types are written here by hand.
package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Options are what the command gives the server.
type Options struct {
	// Verdicts answers the smolbots.verdicts command: check's text for
	// the robots.txt under the protocol, selector and agents. The CLI
	// runs its own check, so that the text is check's.
	Verdicts func(robots []byte, protocol, selector string, agents []string) (string, error)
	// Debounce is how long after a change the lint waits for the next
	// one; 0 is DefaultDebounce.
	Debounce time.Duration
	Version  string
	// Defaults are the settings before the client's (the command line's).
	Defaults Settings
}

// DefaultDebounce: an edit that comes less than this after the one
// before waits this long for the next keystroke before its lint starts;
// an edit after a longer pause is linted at once. A lint that is running
// when the next change comes goes on, but its answer is dropped: the
// new one starts beside it and never waits for it.
const DefaultDebounce = 15 * time.Millisecond

// maxLintRuns bounds the lints running at once, stale ones included
// (they cannot be stopped half-way, only ignored).
const maxLintRuns = 4

// Server is one session with one client.
type Server struct {
	opt  Options
	conn *conn

	mu          sync.Mutex
	docs        map[string]*document
	settings    Settings // from initializationOptions and the workspace
	initialized bool
	shutdown    bool
	cancelled   map[string]bool // request IDs the client cancelled
	running     map[string]bool // request IDs being answered

	lintRuns chan struct{}
	wg       sync.WaitGroup

	beforeLint   func(version int)   // tests: called as a lint starts
	beforeAnswer func(method string) // tests: called as a request's answer starts
}

// document is an open file.
type document struct {
	uri     string
	version int
	text    string
	gen     int // bumped on every change: a lint of an older gen is stale
	timer   *time.Timer
	changed time.Time // when the last edit came
	snap    *snapshot
	publish sync.Mutex // one publication at a time, newest last
}

// New makes a server.
func New(opt Options) *Server {
	if opt.Debounce == 0 {
		opt.Debounce = DefaultDebounce
	}
	return &Server{opt: opt, docs: map[string]*document{}, cancelled: map[string]bool{}, running: map[string]bool{},
		lintRuns: make(chan struct{}, maxLintRuns)}
}

// ErrNoShutdown: the client said exit without shutdown first, which
// the protocol says ends the server with exit status 1.
var ErrNoShutdown = errors.New("the client said exit without shutdown first")

// Run serves the client on in and out until it says exit or in ends.
// It returns nil after shutdown and exit, ErrNoShutdown after exit
// alone, and the reading error otherwise (io.EOF when the client closed
// the stream between messages).
func (s *Server) Run(in io.Reader, out io.Writer) error {
	s.conn = &conn{w: bufio.NewWriter(out)}
	r := bufio.NewReaderSize(in, 64<<10)
	defer s.stop()
	for {
		body, err := readFrame(r)
		var fe *errFrame
		switch {
		case errors.As(err, &fe):
			s.conn.reply(nil, nil, &rpcError{codeParseError, fe.msg})
			continue
		case err != nil:
			return err
		}
		if s.handle(body) {
			s.mu.Lock()
			down := s.shutdown
			s.mu.Unlock()
			if !down {
				return ErrNoShutdown
			}
			return nil
		}
	}
}

// stop ends the timers and waits for the answers under way.
func (s *Server) stop() {
	s.mu.Lock()
	for _, d := range s.docs {
		d.gen++
		s.stopTimer(d)
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// handle takes one message; true means exit.
func (s *Server) handle(body []byte) bool {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) > 0 && trimmed[0] == '[' {
		s.conn.reply(nil, nil, &rpcError{codeInvalidRequest, "batches are not part of the Language Server Protocol; send one message at a time"})
		return false
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		s.conn.reply(nil, nil, &rpcError{codeParseError, "the message is not a JSON object: " + err.Error()})
		return false
	}
	isRequest := len(m.ID) > 0 && !bytes.Equal(m.ID, []byte("null"))
	if isRequest && !validID(m.ID) {
		s.conn.reply(nil, nil, &rpcError{codeInvalidRequest, "a request's id is a number or a string"})
		return false
	}
	if m.JSONRPC != "2.0" || m.Method == "" {
		if m.Method == "" && (m.Result != nil || m.Error != nil) {
			return false // a response to a request of ours: there are none
		}
		if isRequest || m.Method == "" {
			s.conn.reply(m.ID, nil, &rpcError{codeInvalidRequest, `a request needs "jsonrpc": "2.0" and a method`})
		}
		return false
	}
	if m.Method == "exit" {
		return true
	}
	s.mu.Lock()
	ready, down := s.initialized, s.shutdown
	s.mu.Unlock()
	switch {
	case m.Method == "initialize":
		if ready {
			s.conn.reply(m.ID, nil, &rpcError{codeInvalidRequest, "the server is already initialized"})
			return false
		}
		s.initialize(m)
		return false
	case !ready:
		if isRequest {
			s.conn.reply(m.ID, nil, &rpcError{codeNotInitialized, "the server is not initialized yet"})
		}
		return false
	case down && isRequest:
		s.conn.reply(m.ID, nil, &rpcError{codeInvalidRequest, "the server is shutting down"})
		return false
	}
	if !isRequest {
		s.notification(m)
		return false
	}
	handler, ok := requests[m.Method]
	if m.Method == "shutdown" {
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		s.conn.reply(m.ID, nil, nil)
		return false
	}
	if !ok {
		s.conn.reply(m.ID, nil, &rpcError{codeMethodNotFound, "smolbots lsp does not answer " + strconv.Quote(m.Method)})
		return false
	}
	// Requests are answered beside the reading, so a slow one (fix on a
	// long file) never holds up a keystroke.
	key := string(m.ID)
	s.mu.Lock()
	s.running[key] = true
	s.mu.Unlock()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		if s.beforeAnswer != nil {
			s.beforeAnswer(m.Method)
		}
		result, rerr := handler(s, m.Params)
		s.mu.Lock()
		cancelled := s.cancelled[key]
		delete(s.cancelled, key)
		delete(s.running, key)
		s.mu.Unlock()
		if cancelled {
			rerr = &rpcError{codeCancelled, "the request was cancelled"}
		}
		s.conn.reply(m.ID, result, rerr)
	}()
	return false
}

func validID(id json.RawMessage) bool {
	var v any
	if json.Unmarshal(id, &v) != nil {
		return false
	}
	switch v.(type) {
	case float64, string:
		return true
	}
	return false
}

type handlerFunc func(s *Server, params json.RawMessage) (any, *rpcError)

var requests map[string]handlerFunc

func init() {
	requests = map[string]handlerFunc{
		"shutdown":                 nil,
		"textDocument/hover":       (*Server).hover,
		"textDocument/codeAction":  (*Server).codeAction,
		"textDocument/completion":  (*Server).completion,
		"workspace/executeCommand": (*Server).executeCommand,
	}
}

func decode(params json.RawMessage, v any) *rpcError {
	if len(params) == 0 {
		return &rpcError{codeInvalidParams, "the request has no params"}
	}
	if err := json.Unmarshal(params, v); err != nil {
		return &rpcError{codeInvalidParams, "the params do not fit: " + err.Error()}
	}
	return nil
}

// CommandVerdicts is the command that answers the grid of verdicts.
const CommandVerdicts = "smolbots.verdicts"

func (s *Server) initialize(m message) {
	var p struct {
		InitializationOptions json.RawMessage `json:"initializationOptions"`
	}
	if len(m.Params) > 0 {
		if err := json.Unmarshal(m.Params, &p); err != nil {
			s.conn.reply(m.ID, nil, &rpcError{codeInvalidParams, "the initialize params do not fit: " + err.Error()})
			return
		}
	}
	s.mu.Lock()
	s.settings = settingsFrom(p.InitializationOptions, s.opt.Defaults)
	s.initialized = true
	s.mu.Unlock()
	s.conn.reply(m.ID, map[string]any{
		"capabilities": map[string]any{
			"positionEncoding": "utf-16",
			"textDocumentSync": map[string]any{"openClose": true, "change": 2},
			"hoverProvider":    true,
			"codeActionProvider": map[string]any{
				"codeActionKinds": []string{"quickfix", "source.fixAll", verdictsKind},
			},
			"completionProvider":     map[string]any{"triggerCharacters": []string{":", " "}},
			"executeCommandProvider": map[string]any{"commands": []string{CommandVerdicts}},
		},
		"serverInfo": map[string]any{"name": "smolbots", "version": s.opt.Version},
	}, nil)
}

type textDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

// IsRobots says whether the server takes a document: a file named
// robots.txt (in any case), or one the client sends as robots-txt. A
// generic client may send every plain-text file; the others are left
// alone.
func IsRobots(uri, languageID string) bool {
	switch strings.ToLower(languageID) {
	case "robots-txt", "robotstxt", "robots":
		return true
	}
	if u, err := url.Parse(uri); err == nil && u.Path != "" {
		uri = u.Path
	}
	return strings.EqualFold(path.Base(uri), "robots.txt")
}

type docID struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

// notification takes the document and settings notifications; others
// are dropped, as the protocol allows.
func (s *Server) notification(m message) {
	switch m.Method {
	case "$/cancelRequest":
		var p struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(m.Params, &p) == nil {
			s.mu.Lock()
			if s.running[string(p.ID)] {
				s.cancelled[string(p.ID)] = true
			}
			s.mu.Unlock()
		}
	case "textDocument/didOpen":
		var p struct {
			TextDocument textDocumentItem `json:"textDocument"`
		}
		if json.Unmarshal(m.Params, &p) != nil || !IsRobots(p.TextDocument.URI, p.TextDocument.LanguageID) {
			return
		}
		s.mu.Lock()
		d := &document{uri: p.TextDocument.URI, version: p.TextDocument.Version, text: p.TextDocument.Text, changed: time.Now()}
		if old := s.docs[d.uri]; old != nil {
			old.gen++
			d.gen = old.gen
		}
		s.docs[d.uri] = d
		s.schedule(d, 0)
		s.mu.Unlock()
	case "textDocument/didChange":
		var p struct {
			TextDocument   docID    `json:"textDocument"`
			ContentChanges []change `json:"contentChanges"`
		}
		if json.Unmarshal(m.Params, &p) != nil {
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		d := s.docs[p.TextDocument.URI]
		if d == nil {
			return
		}
		text, err := applyChanges(d.text, p.ContentChanges)
		if err != nil {
			s.conn.notify("window/logMessage", map[string]any{"type": 1, "message": "smolbots: " + err.Error() + "; the change was not applied"})
			return
		}
		d.text, d.version = text, p.TextDocument.Version
		// An edit after a pause is linted at once; edits closer together
		// than the debounce wait for a pause that long.
		delay, now := time.Duration(0), time.Now()
		if now.Sub(d.changed) < s.opt.Debounce {
			delay = s.opt.Debounce
		}
		d.changed = now
		s.schedule(d, delay)
	case "textDocument/didClose":
		var p struct {
			TextDocument docID `json:"textDocument"`
		}
		if json.Unmarshal(m.Params, &p) != nil {
			return
		}
		s.mu.Lock()
		d := s.docs[p.TextDocument.URI]
		if d != nil {
			d.gen++
			s.stopTimer(d)
			delete(s.docs, d.uri)
		}
		s.mu.Unlock()
		if d != nil {
			d.publish.Lock()
			s.conn.notify("textDocument/publishDiagnostics", map[string]any{"uri": d.uri, "diagnostics": []diagnostic{}})
			d.publish.Unlock()
		}
	case "workspace/didChangeConfiguration":
		var p struct {
			Settings json.RawMessage `json:"settings"`
		}
		if json.Unmarshal(m.Params, &p) != nil {
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		s.settings = settingsFrom(p.Settings, s.opt.Defaults)
		for _, d := range s.docs {
			s.schedule(d, 0)
		}
	}
}

// schedule starts d's lint after delay, for its text as it is now. s.mu
// is held.
func (s *Server) schedule(d *document, delay time.Duration) {
	d.gen++
	gen, snap := d.gen, newSnapshot(d.text, d.version, s.settings)
	d.snap = snap
	s.stopTimer(d)
	s.wg.Add(1)
	run := func() {
		defer s.wg.Done()
		s.lint(d, gen, snap)
	}
	if delay <= 0 {
		go run()
		return
	}
	d.timer = time.AfterFunc(delay, run)
}

// stopTimer stops d's pending lint; a timer stopped before it fired
// never runs, so its count in s.wg is handed back here. s.mu is held.
func (s *Server) stopTimer(d *document) {
	if d.timer != nil && d.timer.Stop() {
		s.wg.Done()
	}
	d.timer = nil
}

func (s *Server) stale(d *document, gen int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return d.gen != gen
}

// lint publishes snap's diagnostics unless a newer text has come.
func (s *Server) lint(d *document, gen int, snap *snapshot) {
	if s.stale(d, gen) {
		return
	}
	if s.beforeLint != nil {
		s.beforeLint(snap.version)
	}
	s.lintRuns <- struct{}{}
	defer func() { <-s.lintRuns }()
	if s.stale(d, gen) {
		return
	}
	diags := snap.diagnostics()
	d.publish.Lock()
	defer d.publish.Unlock()
	if s.stale(d, gen) {
		return
	}
	params := map[string]any{"uri": d.uri, "diagnostics": diags}
	if snap.version != 0 {
		params["version"] = snap.version
	}
	s.conn.notify("textDocument/publishDiagnostics", params)
}

// current is the snapshot of the open document uri, or nil.
func (s *Server) current(uri string) *snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.docs[uri]; d != nil {
		return d.snap
	}
	return nil
}
