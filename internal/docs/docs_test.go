package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

const root = "../.."

// maxREADME is the front door's length: more belongs in docs/.
const maxREADME = 150

func TestREADMEShort(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n > maxREADME {
		t.Errorf("README.md has %d lines, more than %d: move the detail into a page in docs/ and link it", n, maxREADME)
	}
}

var (
	fence   = regexp.MustCompile("(?ms)^```.*?^```[^\n]*$")
	codeRun = regexp.MustCompile("`[^`\n]*`")
	link    = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	refDef  = regexp.MustCompile(`(?m)^\s*\[[^\]]+\]:\s*(\S+)`)
	heading = regexp.MustCompile(`(?m)^#{1,6}\s+(.+?)\s*#*\s*$`)
	htmlID  = regexp.MustCompile(`<a\s+(?:id|name)="([^"]+)"`)
	inLink  = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
)

// prose is a Markdown file without its code, where a link is only text.
func prose(md string) string {
	return codeRun.ReplaceAllString(fence.ReplaceAllString(md, ""), "")
}

// anchors are the fragment IDs GitHub gives a file's headings: lower
// case, punctuation dropped, spaces as hyphens, repeats numbered.
func anchors(md string) map[string]bool {
	ids := map[string]bool{}
	seen := map[string]int{}
	for _, m := range heading.FindAllStringSubmatch(fence.ReplaceAllString(md, ""), -1) {
		text := inLink.ReplaceAllString(m[1], "$1")
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case unicode.IsLetter(r) || unicode.IsNumber(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		id := b.String()
		if n := seen[id]; n > 0 {
			seen[id]++
			id += "-" + strconv.Itoa(n)
		} else {
			seen[id] = 1
		}
		ids[id] = true
	}
	for _, m := range htmlID.FindAllStringSubmatch(md, -1) {
		ids[m[1]] = true
	}
	return ids
}

func TestLinksResolve(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	checked := 0
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := prose(string(b))
		var targets []string
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			targets = append(targets, m[1])
		}
		for _, m := range refDef.FindAllStringSubmatch(text, -1) {
			targets = append(targets, m[1])
		}
		name, _ := filepath.Rel(root, file)
		for _, target := range targets {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			checked++
			path, frag, _ := strings.Cut(target, "#")
			dest := file
			if path != "" {
				dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
			}
			if _, err := os.Stat(dest); err != nil {
				t.Errorf("%s: the link %s leads to no file", name, target)
				continue
			}
			if frag == "" {
				continue
			}
			if !strings.HasSuffix(dest, ".md") {
				t.Errorf("%s: the link %s has an anchor in a file that is not Markdown", name, target)
				continue
			}
			md, err := os.ReadFile(dest)
			if err != nil {
				t.Fatal(err)
			}
			if !anchors(string(md))[frag] {
				t.Errorf("%s: the link %s names no heading of %s", name, target, path)
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d relative links found in README.md and docs/*.md; is the link pattern reading them?", checked)
	}
}

func TestAnchors(t *testing.T) {
	got := anchors("# `smolbots audit`: who ignored my robots.txt?\n## Lint in CI\n```\n# not a heading\n```\n## Lint in CI\n## [Go](x.md) and -json\n")
	for _, id := range []string{"smolbots-audit-who-ignored-my-robotstxt", "lint-in-ci", "lint-in-ci-1", "go-and--json"} {
		if !got[id] {
			t.Errorf("no anchor %q in %v", id, got)
		}
	}
	if got["not-a-heading"] {
		t.Error("a line in a code block was read as a heading")
	}
}

// docs/page.md tells how to serve the page elsewhere than 8080 and how
// to pass serve's flags: build.sh must do both.
func TestServeAddr(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(root, "docs", "page.md"))
	if err != nil {
		t.Fatal(err)
	}
	build, err := os.ReadFile(filepath.Join(root, "build.sh"))
	if err != nil {
		t.Fatal(err)
	}
	serve := regexp.MustCompile(`(?m)^\s*exec build/smolbots serve -addr "\$\{ADDR:-127\.0\.0\.1:8080\}" .*"\$@"$`)
	if strings.Contains(string(page), "ADDR=") && !serve.Match(build) {
		t.Error(`docs/page.md says ADDR=... ./build.sh serve and flags after serve work, but build.sh's serve does not run smolbots serve -addr "${ADDR:-127.0.0.1:8080}" ... "$@"`)
	}
	if !strings.Contains(string(page), "ADDR=127.0.0.1:18080 ./build.sh serve") {
		t.Error("docs/page.md no longer says how to serve the page on another address")
	}
}

// docs/index.md says it lists every page of the documentation: each
// docs/*.md must be linked from it.
func TestIndexListsEveryPage(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(root, "docs", "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		name := filepath.Base(p)
		if name != "index.md" && !strings.Contains(string(index), "]("+name+")") {
			t.Errorf("docs/index.md does not link %s", name)
		}
	}
}
