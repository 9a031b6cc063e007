package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
)

func frame(t *testing.T, m map[string]any) string {
	t.Helper()
	m["jsonrpc"] = "2.0"
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(b), b)
}

// readFrames splits the server's output into its messages.
func readFrames(t *testing.T, out string) []map[string]json.RawMessage {
	t.Helper()
	r := bufio.NewReader(strings.NewReader(out))
	var msgs []map[string]json.RawMessage
	for {
		line, err := r.ReadString('\n')
		if err == io.EOF && line == "" {
			return msgs
		}
		n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "Content-Length:")))
		if err != nil {
			t.Fatalf("a frame starts %q", line)
		}
		r.ReadString('\n') // the blank line
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("%v: %s", err, body)
		}
		msgs = append(msgs, m)
	}
}

// The verdicts code action on a rule line runs check on the rule's own
// path: its command answers check's text and shows it.
func TestLSPVerdicts(t *testing.T) {
	data, err := os.ReadFile("../../testdata/realworld/omar-polo_blog_1.txt")
	if err != nil {
		t.Fatal(err)
	}
	uri := "file:///capsule/robots.txt"
	args := map[string]any{"uri": uri, "selector": "/cgi/gempkg/", "agents": []any{"archiver", "*"}, "show": true}
	stream := frame(t, map[string]any{"id": 1, "method": "initialize", "params": map[string]any{}}) +
		frame(t, map[string]any{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "plaintext", "version": 1, "text": string(data)}}}) +
		frame(t, map[string]any{"id": 2, "method": "textDocument/codeAction", "params": map[string]any{
			"textDocument": map[string]any{"uri": uri},
			"range":        map[string]any{"start": map[string]any{"line": 2, "character": 0}, "end": map[string]any{"line": 2, "character": 0}},
			"context":      map[string]any{"diagnostics": []any{}, "only": []string{"source"}},
		}}) +
		frame(t, map[string]any{"id": 3, "method": "workspace/executeCommand", "params": map[string]any{"command": "smolbots.verdicts", "arguments": []any{args}}}) +
		frame(t, map[string]any{"id": 4, "method": "workspace/executeCommand", "params": map[string]any{"command": "smolbots.verdicts", "arguments": []any{uri, "/x", "GUS(indexer)", "Mozilla/5.0 (compatible; bot/1.0)"}}}) +
		frame(t, map[string]any{"id": 5, "method": "shutdown"}) +
		frame(t, map[string]any{"method": "exit"})
	r := runCLI(t, stream, "lsp", "-protocol", "gemini")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	check := runCLI(t, string(data), "check", "-protocol", "gemini", "-agent", "archiver", "-agent", "*", "-", "/cgi/gempkg/")
	if check.code != 1 || !strings.Contains(check.stdout, "DENIED") {
		t.Fatalf("check: %+v", check)
	}
	var action, result, shown string
	var badErr string
	for _, m := range readFrames(t, r.stdout) {
		switch {
		case string(m["id"]) == "2":
			var actions []struct {
				Title   string
				Kind    string
				Command struct {
					Command   string
					Arguments []map[string]any
				}
			}
			json.Unmarshal(m["result"], &actions)
			if len(actions) != 2 || actions[1].Kind != "source.fixAll" || len(actions[0].Command.Arguments) != 1 || actions[0].Command.Command != "smolbots.verdicts" || fmt.Sprint(actions[0].Command.Arguments[0]) != fmt.Sprint(args) {
				t.Errorf("the source actions on line 3: %s", m["result"])
			} else {
				action = actions[0].Title
			}
		case string(m["id"]) == "3":
			json.Unmarshal(m["result"], &result)
		case string(m["id"]) == "4":
			badErr = string(m["error"])
		case string(m["method"]) == `"window/showMessage"`:
			var p struct{ Message string }
			json.Unmarshal(m["params"], &p)
			shown = p.Message
		}
	}
	if !strings.Contains(action, "/cgi/gempkg/") || result != check.stdout || shown != check.stdout {
		t.Errorf("action %q\nresult:\n%s\nshown:\n%s\ncheck:\n%s", action, result, shown, check.stdout)
	}
	if !strings.Contains(badErr, "-32602") || !strings.Contains(badErr, "Mozilla") {
		t.Errorf("a bad agent: %s", badErr)
	}
}

func TestLSPUsage(t *testing.T) {
	if r := runCLI(t, "", "lsp", "robots.txt"); r.code != 2 || !strings.Contains(r.stderr, "lsp takes no arguments") {
		t.Errorf("lsp robots.txt: %+v", r)
	}
	if r := runCLI(t, "", "lsp", "-protocol", "http"); r.code != 2 || !strings.Contains(r.stderr, `unknown protocol "http"`) {
		t.Errorf("lsp -protocol http: %+v", r)
	}
	// standard input closed at once: a clean end
	if r := runCLI(t, "", "lsp"); r.code != 0 {
		t.Errorf("lsp on an empty stream: %+v", r)
	}
	// exit without shutdown: 1, as the protocol says
	if r := runCLI(t, frame(t, map[string]any{"method": "exit"}), "lsp"); r.code != 1 || r.stderr != "" {
		t.Errorf("exit without shutdown: %+v", r)
	}
	// the stream ends inside a message
	if r := runCLI(t, "Content-Length: 10\r\n\r\n{", "lsp"); r.code != 2 || r.stderr != "smolbots lsp: the input ended inside a message\n" {
		t.Errorf("a cut message: %+v", r)
	}
}
