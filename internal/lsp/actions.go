package lsp

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/fix"
)

// fixed is fix's result on the snapshot under its default reference
// (strict: no step lets a reader in) and the snapshot's scope, and its
// side-by-side rows.
func (sn *snapshot) fixed() (fix.Result, []fix.Row, error) {
	sn.fixOnce.Do(func() {
		sn.fixRes, sn.fixErr = fix.Fix([]byte(sn.text), fix.Options{Protocol: sn.protocol, Selectors: sn.selectors})
		if sn.fixErr == nil {
			sn.diff = sn.fixRes.Diff()
		}
	})
	return sn.fixRes, sn.diff, sn.fixErr
}

type textEdit struct {
	Range   span   `json:"range"`
	NewText string `json:"newText"`
}

// lineTexts splits text into lines with their terminators.
func lineTexts(text string) []string {
	starts := lineStarts(text)
	out := make([]string, 0, len(starts))
	for i, s := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		if s == end && i == len(starts)-1 {
			break // nothing after the last line end
		}
		out = append(out, text[s:end])
	}
	return out
}

// stepEdits are the edits of change ci: each run of consecutive changed
// rows that the change wrote, moved or removed becomes one edit that
// puts the result's lines in place of the input's. hit says whether one
// of its input lines (or, for an insertion, the line it goes before) is
// in [from, to], 1-based.
func (sn *snapshot) stepEdits(res fix.Result, rows []fix.Row, ci, from, to int) (edits []textEdit, hit bool) {
	sn.parsed()
	newLines := lineTexts(res.Robots)
	for i := 0; i < len(rows); {
		if !rows[i].Changed || !slices.Contains(rows[i].Changes, ci) {
			i++
			continue
		}
		j := i
		oldFrom, oldTo, text := 0, 0, ""
		for ; j < len(rows) && rows[j].Changed && slices.Contains(rows[j].Changes, ci); j++ {
			if o := rows[j].Old; o != 0 {
				if oldFrom == 0 {
					oldFrom = o
				}
				oldTo = o
			}
			if n := rows[j].New; n != 0 && n <= len(newLines) {
				text += newLines[n-1]
			}
		}
		var start, end int // byte offsets in the input
		if oldFrom == 0 {
			// only added lines: they go before the next input line
			before := 0
			for k := j; k < len(rows) && before == 0; k++ {
				before = rows[k].Old
			}
			if before == 0 {
				start = len(sn.text)
				oldFrom = len(sn.starts)
			} else {
				start = sn.starts[before-1]
				oldFrom = before
			}
			end, oldTo = start, oldFrom
		} else {
			start = sn.starts[oldFrom-1]
			end = len(sn.text)
			if oldTo < len(sn.starts) {
				end = sn.starts[oldTo]
			}
		}
		if start == len(sn.text) && text != "" && len(sn.text) > 0 && !endsLine(sn.text) {
			text = "\n" + text // after a last line without an end
		}
		edits = append(edits, textEdit{Range: span{positionOf(sn.text, sn.starts, start), positionOf(sn.text, sn.starts, end)}, NewText: text})
		hit = hit || oldFrom <= to && oldTo >= from
		i = j
	}
	return edits, hit
}

func endsLine(s string) bool {
	return s[len(s)-1] == '\n' || s[len(s)-1] == '\r'
}

type codeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind"`
	Diagnostics []diagnostic   `json:"diagnostics,omitempty"`
	Edit        *workspaceEdit `json:"edit,omitempty"`
	Command     *lspCommand    `json:"command,omitempty"`
}

type lspCommand struct {
	Title     string `json:"title"`
	Command   string `json:"command"`
	Arguments []any  `json:"arguments"`
}

// verdictArgs are smolbots.verdicts' arguments as an object. Show asks
// the server to show the text too (window/showMessage), for a client
// that runs a code action's command and drops its result.
type verdictArgs struct {
	URI      string   `json:"uri"`
	Selector string   `json:"selector"`
	Agents   []string `json:"agents,omitempty"`
	Show     bool     `json:"show,omitempty"`
}

type workspaceEdit struct {
	Changes map[string][]textEdit `json:"changes"`
}

func (s *Server) codeAction(params json.RawMessage) (any, *rpcError) {
	var p struct {
		TextDocument docID `json:"textDocument"`
		Range        span  `json:"range"`
		Context      struct {
			Only []string `json:"only"`
		} `json:"context"`
	}
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	out := []codeAction{}
	sn := s.current(p.TextDocument.URI)
	if sn == nil || len(sn.text) > maxDocBytes {
		return out, nil
	}
	res, rows, err := sn.fixed()
	if err != nil {
		return out, nil // a binary file: nothing to fix
	}
	want := func(kind string) bool {
		return len(p.Context.Only) == 0 || slices.ContainsFunc(p.Context.Only, func(k string) bool {
			return k == kind || len(kind) > len(k) && kind[:len(k)+1] == k+"."
		})
	}
	uri := p.TextDocument.URI
	if want("quickfix") {
		from, to := p.Range.Start.Line+1, p.Range.End.Line+1
		for ci, c := range res.Changes {
			edits, hit := sn.stepEdits(res, rows, ci, from, to)
			// a step that adds lines below the line it answers is for that line too
			hit = hit || c.Line >= from && c.Line <= to || c.Old.From != 0 && c.Old.From <= to && c.Old.To >= from
			if !hit || len(edits) == 0 {
				continue
			}
			out = append(out, codeAction{
				Title: fmt.Sprintf("smolbots fix: %s (%s)", c.Message, c.Code),
				Kind:  "quickfix",
				Edit:  &workspaceEdit{Changes: map[string][]textEdit{uri: edits}},
			})
		}
	}
	if want(verdictsKind) {
		f := sn.parsed()
		for n := from(p.Range); n <= p.Range.End.Line+1 && n <= len(f.Lines); n++ {
			l := &f.Lines[n-1]
			if l.Kind != core.FieldLine || l.Key != core.Disallow && l.Key != core.Allow {
				continue
			}
			sel, agents := rulePath(l.Value), sn.ruleAgents(n)
			out = append(out, codeAction{
				Title:   fmt.Sprintf("smolbots: every reader's verdict on %s for %s (check)", core.Visible(sel), core.Visible(strings.Join(agents, ", "))),
				Kind:    verdictsKind,
				Command: &lspCommand{Title: "verdicts", Command: CommandVerdicts, Arguments: []any{verdictArgs{URI: uri, Selector: sel, Agents: agents, Show: true}}},
			})
		}
	}
	if want("source.fixAll") && len(res.Changes) > 0 && res.Robots != sn.text {
		sn.parsed()
		whole := span{End: positionOf(sn.text, sn.starts, len(sn.text))}
		out = append(out, codeAction{
			Title: fmt.Sprintf("smolbots fix: every step (%d %s), none letting a reader in", len(res.Changes), plural(len(res.Changes), "change", "changes")),
			Kind:  "source.fixAll",
			Edit:  &workspaceEdit{Changes: map[string][]textEdit{uri: {{Range: whole, NewText: res.Robots}}}},
		})
	}
	return out, nil
}

// verdictsKind is the kind of the code actions that show check's grid
// for a rule's own path.
const verdictsKind = "source.smolbots.verdicts"

// ruleAgents are the agents a rule on line n is for: the agent values
// of its group under the first reader in scope that puts it in one (as
// check's -agent reads them), then *.
func (sn *snapshot) ruleAgents(n int) []string {
	var out []string
	for _, r := range sn.readings() {
		g, _ := groupOf(r.rs, n)
		if g == nil {
			continue
		}
		for _, ls := range [][]*core.Line{g.Agents, g.VirtualAgents} {
			for _, l := range ls {
				if _, err := core.ParseAgent(l.Value); err == nil && l.Value != "*" && !slices.Contains(out, l.Value) {
					out = append(out, l.Value)
				}
			}
		}
		break
	}
	return append(out, "*")
}

func from(r span) int { return max(r.Start.Line+1, 1) }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// verdicts runs the smolbots.verdicts command: check's text.
func (s *Server) executeCommand(params json.RawMessage) (any, *rpcError) {
	var p struct {
		Command   string            `json:"command"`
		Arguments []json.RawMessage `json:"arguments"`
	}
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	if p.Command != CommandVerdicts {
		return nil, &rpcError{codeInvalidParams, fmt.Sprintf("unknown command %q; the one command is %s", p.Command, CommandVerdicts)}
	}
	var arg verdictArgs
	// {uri, selector, agents} or the positional [uri, selector, agent...]
	usage := &rpcError{codeInvalidParams, CommandVerdicts + " takes {\"uri\", \"selector\", \"agents\"} or the arguments URI, SELECTOR, AGENT..."}
	switch {
	case len(p.Arguments) == 1:
		if json.Unmarshal(p.Arguments[0], &arg) != nil {
			return nil, usage
		}
	case len(p.Arguments) >= 2:
		var strs []string
		for _, a := range p.Arguments {
			var str string
			if json.Unmarshal(a, &str) != nil {
				return nil, usage
			}
			strs = append(strs, str)
		}
		arg.URI, arg.Selector, arg.Agents = strs[0], strs[1], strs[2:]
	default:
		return nil, usage
	}
	if arg.Selector == "" {
		return nil, &rpcError{codeInvalidParams, "give a selector, raw (/private/x) or a gemini:// or gopher:// URL"}
	}
	sn := s.current(arg.URI)
	if sn == nil {
		return nil, &rpcError{codeInvalidParams, fmt.Sprintf("%s is not an open document", arg.URI)}
	}
	if s.opt.Verdicts == nil {
		return nil, &rpcError{codeInternalError, "this server has no check to run"}
	}
	text, err := s.opt.Verdicts([]byte(sn.text), string(sn.protocol), arg.Selector, arg.Agents)
	if err != nil {
		return nil, &rpcError{codeInvalidParams, core.Visible(err.Error())}
	}
	if arg.Show {
		s.conn.notify("window/showMessage", map[string]any{"type": 3, "message": text})
	}
	return text, nil
}
