package lsp

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/fix"
	"github.com/smolbots/smolbots/core/lint"
)

// TestNeovim: Debian's neovim, headless, attached to `smolbots lsp` as
// built here, opens a real capsule's robots.txt. It gets lint's findings
// with their pages' addresses, a hover that names the readers, a code
// action whose edit writes what fix writes for that line, and check's
// text for a selector.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Fatal("nvim is not installed: ./build.sh deps installs Debian's neovim")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "smolbots")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/smolbots").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	text := readReal(t, realFile)
	robots := filepath.Join(dir, "capsule", "robots.txt")
	os.MkdirAll(filepath.Dir(robots), 0o755)
	if err := os.WriteFile(robots, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	script, _ := filepath.Abs("testdata/nvim-client.lua")
	outPath := filepath.Join(dir, "out.json")
	const hoverLine, actionLine, selector = 2, 1, "/cgi/gempkg/x"
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-c", "luafile "+script)
	cmd.Env = append(os.Environ(), "SMOLBOTS_BIN="+bin, "ROBOTS_FILE="+robots, "LSP_OUT="+outPath,
		"HOVER_LINE=2", "ACTION_LINE=1", "VERDICT_SELECTOR="+selector,
		"XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_CACHE_HOME="+dir)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, out)
	}
	raw, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatalf("nvim wrote nothing: %v", err)
	}
	var got struct {
		Error       string
		Diagnostics []diagnostic
		Shown       int
		Hover       struct{ Contents struct{ Kind, Value string } }
		Actions     []codeAction
		Applied     string
		Buffer      []string
		Verdicts    string
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("%v in %s", err, raw)
	}
	if got.Error != "" {
		t.Fatalf("the Neovim script failed: %s", got.Error)
	}

	// diagnostics: lint -protocol gemini's, each with its page
	f := core.Parse([]byte(text))
	findings := lint.Control(f, lint.Lint(f, nil), lint.Options{Protocol: core.ProtocolGemini})
	if len(findings) == 0 || len(got.Diagnostics) != len(findings) || got.Shown != len(findings) {
		t.Fatalf("Neovim got %d diagnostics (shows %d), lint finds %d: %+v", len(got.Diagnostics), got.Shown, len(findings), got.Diagnostics)
	}
	for i, fd := range findings {
		d := got.Diagnostics[i]
		if d.Code != fd.Code || d.Range.Start.Line != fd.Line-1 || d.CodeDescription == nil || d.CodeDescription.Href != lint.URL(fd.Code) {
			t.Errorf("diagnostic %d: %+v, lint: line %d %s (%s)", i, d, fd.Line, fd.Code, lint.URL(fd.Code))
		}
	}

	// hover: three readers and more, each with its reading
	readers := 0
	for _, d := range append(core.ProtocolGemini.Dialects(), crawlers.For(core.ProtocolGemini)...) {
		name := d.ID
		if d.Crawler != nil {
			name = d.Crawler.Name
		}
		if strings.Contains(got.Hover.Contents.Value, "**"+name+"**: ") {
			readers++
		}
	}
	if got.Hover.Contents.Kind != "markdown" || readers < 3 || !strings.Contains(got.Hover.Contents.Value, "`Disallow: /cgi/gempkg/`") {
		t.Errorf("the hover names %d readers: %+v", readers, got.Hover)
	}

	// the code action: fix's step for line 2, its lines as fix writes them
	res, err := fix.Fix([]byte(text), fix.Options{Protocol: core.ProtocolGemini})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(res.Changes, func(c fix.Change) bool { return c.Line == actionLine+1 })
	if i < 0 {
		t.Fatalf("fix changes nothing on line %d: %+v", actionLine+1, res.Changes)
	}
	ch := res.Changes[i]
	if !strings.Contains(got.Applied, ch.Message) || !strings.Contains(got.Applied, ch.Code) {
		t.Errorf("the first action is %q, fix's step is %s: %s", got.Applied, ch.Code, ch.Message)
	}
	fixed := strings.Split(strings.ReplaceAll(res.Robots, "\r\n", "\n"), "\n")
	for n := ch.New.From; n <= ch.New.To; n++ {
		if n-1 >= len(got.Buffer) || got.Buffer[n-1] != fixed[n-1] {
			t.Errorf("after the action, line %d of the buffer is %q; fix writes %q\nbuffer: %q", n, at(got.Buffer, n-1), fixed[n-1], got.Buffer)
		}
	}
	if len(got.Buffer) != len(strings.Split(strings.TrimSuffix(text, "\n"), "\n"))+ch.New.To-ch.New.From+1 {
		t.Errorf("the action wrote more than its step: %q", got.Buffer)
	}

	// the verdicts command, asked before the action: check's own text
	check, err := exec.Command(bin, "check", "-protocol", "gemini", robots, selector).Output()
	if len(check) == 0 {
		t.Fatalf("check: %v", err)
	}
	if got.Verdicts != string(check) {
		t.Errorf("smolbots.verdicts:\n%s\ncheck:\n%s", got.Verdicts, check)
	}
}

func at(lines []string, i int) string {
	if i < 0 || i >= len(lines) {
		return ""
	}
	return lines[i]
}
