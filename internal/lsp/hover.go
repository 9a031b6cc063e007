package lsp

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/lint"
	"github.com/smolbots/smolbots/core/narrate"
)

// reading is the file as one reader in scope reads it.
type reading struct {
	d     core.Dialect
	rs    *core.Ruleset
	crawl *core.Policy // a preset's policy (its own names); nil for a dialect
}

func (r *reading) name() string {
	if r.d.Crawler != nil {
		return r.d.Crawler.Name
	}
	return r.d.ID
}

// readings are the scope's dialects, then its crawler presets.
func (sn *snapshot) readings() []reading {
	sn.readOnce.Do(func() {
		f := sn.parsed()
		for _, d := range sn.protocol.Dialects() {
			sn.readers = append(sn.readers, reading{d: d, rs: d.Compile(f)})
		}
		for _, d := range crawlers.For(sn.protocol) {
			rs := d.Compile(f)
			sn.readers = append(sn.readers, reading{d: d, rs: rs, crawl: rs.Policy(core.Agent{})})
		}
	})
	return sn.readers
}

type groupPart int

const (
	partNone groupPart = iota
	partAgent
	partRule
	partSetting
)

// groupOf finds line n among rs's groups: the group and the part of it
// the line is.
func groupOf(rs *core.Ruleset, n int) (*core.Group, groupPart) {
	has := func(ls []*core.Line) bool {
		return slices.ContainsFunc(ls, func(l *core.Line) bool { return l.Pos.Line == n })
	}
	for _, g := range rs.Groups {
		if n < g.FirstLine() || n > g.LastLine() {
			continue
		}
		switch {
		case has(g.Agents), has(g.VirtualAgents):
			return g, partAgent
		case has(g.Rules):
			return g, partRule
		case has(g.Settings):
			return g, partSetting
		}
	}
	return nil, partNone
}

// fieldTitle is a field's name as the docs write it.
func fieldTitle(k core.Field) string {
	for _, f := range fieldNames {
		if strings.EqualFold(f, string(k)) {
			return f
		}
	}
	return string(k)
}

// lineReading says in a sentence or two how r reads line l: the group
// it is part of, the verdict on the rule's own path, or why it is
// ignored. The words are the page's: group labels, narrate's sentence.
func (r *reading) lineReading(l *core.Line) string {
	n := l.Pos.Line
	g, part := groupOf(r.rs, n)
	if g == nil {
		for _, ig := range r.rs.Ignored {
			if ig.Pos.Line == n {
				return "ignored: this rule is in no group it reads (it comes before any User-agent line, or a blank line cut it off from its group)."
			}
		}
		switch {
		case l.Key == core.Allow && !r.d.AllowField:
			return "ignored: Allow is not a field it reads."
		case l.Key == "" && l.Typo != "":
			return fmt.Sprintf("ignored: %s is not a field name it knows (a misspelling of %s).", code(l.Name), fieldTitle(l.Typo))
		case l.Key == "":
			return fmt.Sprintf("ignored: %s is not a field it knows.", code(l.Name))
		case l.Key == core.UserAgent || l.Key == core.VirtualAgent:
			return "ignored: it starts no group it reads here."
		case l.Key == core.Allow || l.Key == core.Disallow:
			return "ignored: this rule is in no group it reads."
		}
		return fmt.Sprintf("not a rule: it does not act on %s.", fieldTitle(l.Key))
	}
	label := g.Label()
	if r.crawl != nil {
		probe := "/"
		if part == partRule {
			probe = rulePath(l.Value)
		}
		v := r.crawl.Test(probe)
		if !slices.Contains(v.GroupLines, g.FirstLine()) {
			if v.Group == "" {
				return fmt.Sprintf("not for it: the group at %s is not one it reads, and no group applies to it.", label)
			}
			return fmt.Sprintf("not for it: it reads %s instead.", v.Group)
		}
		switch part {
		case partAgent:
			return fmt.Sprintf("starts the group it reads, %s.", label)
		case partSetting:
			return fmt.Sprintf("a setting of the group it reads, %s.", label)
		}
		v.Agent = r.d.Crawler.Name // the sentence names the crawler, as the page's does
		return fmt.Sprintf("a rule of the group it reads, %s. %s", label, narrate.Sentence(r.d, v))
	}
	switch part {
	case partAgent:
		return fmt.Sprintf("names the group %s.", label)
	case partSetting:
		return fmt.Sprintf("a setting of the group %s.", label)
	}
	path := rulePath(l.Value)
	var v core.Verdict
	for i, a := range groupAgents(g) {
		if v2 := r.rs.Policy(a).Test(path); i == 0 || slices.Contains(v2.GroupLines, g.FirstLine()) {
			v = v2
			if slices.Contains(v2.GroupLines, g.FirstLine()) {
				break
			}
		}
	}
	return fmt.Sprintf("a rule of the group %s. %s", label, narrate.Sentence(r.d, v))
}

// groupAgents are the agents a group's rule may be tested for, best
// first: its agent values read as the CLI reads -agent, then as plain
// names (a dialect without roles reads User-agent: indexer as a name),
// then *. The first whose policy picks the group speaks for it.
func groupAgents(g *core.Group) []core.Agent {
	var out []core.Agent
	for _, ls := range [][]*core.Line{g.Agents, g.VirtualAgents} {
		for _, l := range ls {
			if a, err := core.ParseAgent(l.Value); err == nil {
				out = append(out, a)
			}
			if l.Value != "*" && l.Value != "" {
				out = append(out, core.Agent{Raw: l.Value, Name: l.Value})
			}
		}
	}
	return append(out, core.MustAgent("*"))
}

// rulePath is a path a rule's own value covers: the value without a
// final $, and with each * taken as nothing.
func rulePath(v string) string {
	v = strings.TrimSuffix(v, "$")
	v = strings.ReplaceAll(v, "*", "")
	if v == "" {
		return "/"
	}
	return v
}

func code(s string) string { return "`" + strings.ReplaceAll(s, "`", "'") + "`" }

// reach names the crawlers in scope that a group starting at line n
// reaches (under each one's own reading), and those it does not.
func (sn *snapshot) reach(n int) (reached, missed []string) {
	for _, r := range sn.readings() {
		if r.crawl == nil {
			continue
		}
		g, part := groupOf(r.rs, n)
		if g != nil && part == partAgent && slices.Contains(r.crawl.Test("/").GroupLines, g.FirstLine()) {
			reached = append(reached, r.name())
		} else {
			missed = append(missed, r.name())
		}
	}
	return reached, missed
}

// hoverText is the markdown shown over line n (1-based), "" for a line
// no reader acts on.
func (sn *snapshot) hoverText(n int) string {
	f := sn.parsed()
	if n < 1 || n > len(f.Lines) {
		return ""
	}
	l := &f.Lines[n-1]
	if l.Kind != core.FieldLine {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Line %d** %s, read under the %s scope:\n\n", n, code(core.Visible(l.Rule())), sn.protocol)
	if l.Key == core.UserAgent || l.Key == core.VirtualAgent {
		reached, missed := sn.reach(n)
		switch {
		case len(reached) == 0:
			b.WriteString("This group reaches none of the crawlers in scope.\n\n")
		default:
			fmt.Fprintf(&b, "This group reaches %s.\n\n", lint.JoinWords(reached))
		}
		if len(reached) > 0 && len(missed) > 0 {
			fmt.Fprintf(&b, "It does not reach %s.\n\n", lint.JoinWords(missed))
		}
	}
	for i := range sn.readings() {
		r := &sn.readings()[i]
		fmt.Fprintf(&b, "- **%s**: %s\n", r.name(), r.lineReading(l))
	}
	return b.String()
}

type textPosition struct {
	TextDocument docID    `json:"textDocument"`
	Position     position `json:"position"`
}

func (s *Server) hover(params json.RawMessage) (any, *rpcError) {
	p, sn, err := s.positionDoc(params)
	if sn == nil {
		return nil, err
	}
	text := sn.hoverText(p.Position.Line + 1)
	if text == "" {
		return nil, nil
	}
	return map[string]any{
		"contents": map[string]any{"kind": "markdown", "value": text},
		"range":    sn.lineSpan(p.Position.Line+1, 0),
	}, nil
}

// positionDoc reads the params of a request about a place in a
// document, and the document as it stands: nil when the params do not
// fit (err says why), the document is not open, or it is too large to
// answer about.
func (s *Server) positionDoc(params json.RawMessage) (p textPosition, sn *snapshot, err *rpcError) {
	if err := decode(params, &p); err != nil {
		return p, nil, err
	}
	sn = s.current(p.TextDocument.URI)
	if sn == nil || len(sn.text) > maxDocBytes {
		return p, nil, nil
	}
	return p, sn, nil
}
