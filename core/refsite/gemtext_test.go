package refsite

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/smolbots/smolbots/core"
)

// Every .gmi file reads as Gemtext: no Markdown backquotes in text
// lines, no item followed by more than one link line, preformatted
// lines at most 80 columns, no sentence about anchors (Gemtext has
// none), the page's web link at its own address (the index's at
// /reference), and the stamp.
func TestGemtextRules(t *testing.T) {
	files := allPages(t)
	n := 0
	for name, data := range files {
		if !strings.HasSuffix(name, ".gmi") {
			continue
		}
		n++
		text := string(data)
		inPre := false
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			at := func(f string, a ...any) {
				t.Helper()
				t.Errorf("%s:%d: "+f+": %q", append(append([]any{name, i + 1}, a...), l)...)
			}
			if strings.HasPrefix(l, "```") {
				inPre = !inPre
				continue
			}
			if inPre {
				if w := utf8.RuneCountInString(l); w > gemWidth {
					at("a preformatted line of %d columns", w)
				}
				continue
			}
			// An item that links is a link line of its own: no bullet
			// is followed by a link of its own text.
			if f := strings.Fields(l); len(f) > 2 && f[0] == "=>" && i > 0 && strings.HasPrefix(lines[i-1], "* ") && strings.Contains(lines[i-1], strings.Join(f[2:], " ")) {
				at("a link line under its bullet")
			}
			if strings.Contains(l, "`") {
				at("a backquote in a text line")
			}
			if anchorWord.MatchString(l) || !strings.HasPrefix(l, "=>") && strings.Contains(l, "/compat#") {
				at("a sentence about anchors")
			}
			if strings.HasPrefix(l, "=>") && (strings.Contains(strings.Fields(l)[1], ".gmi#") || strings.HasPrefix(strings.Fields(l)[1], "#")) {
				at("a link to an anchor")
			}
		}
		if inPre {
			t.Errorf("%s: a preformatted block is not closed", name)
		}
		if !strings.Contains(text, stamp()) {
			t.Errorf("%s: no stamp %q", name, stamp())
		}
		page := strings.TrimSuffix(strings.TrimPrefix(name, "gemini/"), ".gmi")
		if page == "index" {
			page = "reference"
		}
		if web := "=> " + core.Site() + "/" + page + " This page on the web\n"; !strings.Contains(text, web) {
			t.Errorf("%s: no %q", name, web)
		}
	}
	if n < 20 {
		t.Fatalf("only %d .gmi files", n)
	}
}

var anchorWord = regexp.MustCompile(`(?i)\b(its|their|own|by) anchors?\b`)

// Each item of a list, the facts and a table is one line in Gemtext:
// a link line when it links, a bullet when it does not; an item that
// names several pages is a line of text followed by one link line each.
func TestGemtextOneLinkLinePerItem(t *testing.T) {
	pages, err := build()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	check := func(p *page, text string, spans []span) {
		t.Helper()
		n++
		var b strings.Builder
		gemItemText(&b, text, spans)
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		links := len(gemHrefs(spans))
		switch {
		case links <= 1 && len(lines) != 1:
			t.Errorf("%s: item %q is %d lines", p.Path, text, len(lines))
		case links == 1 && !strings.HasPrefix(lines[0], "=> "):
			t.Errorf("%s: item %q links but is not a link line: %q", p.Path, text, lines[0])
		case links > 1:
			if strings.HasPrefix(lines[0], "* ") || len(lines) != links+1 {
				t.Errorf("%s: item %q with %d links is %q", p.Path, text, links, lines)
			}
			for _, l := range lines[1:] {
				if !strings.HasPrefix(l, "=> ") {
					t.Errorf("%s: item %q: %q is not a link line", p.Path, text, l)
				}
			}
		}
	}
	for _, p := range pages {
		for _, bl := range p.Body {
			switch x := bl.(type) {
			case list:
				for _, it := range x.Items {
					check(p, spanText(it.Spans, false), it.Spans)
				}
			case facts:
				for _, f := range x.Items {
					check(p, f.Term+": "+spanText(f.Spans, false), f.Spans)
				}
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d items", n)
	}
}
