package theme

import (
	"bytes"
	"strings"
	"testing"
)

func TestCSSHasBothSchemes(t *testing.T) {
	var b bytes.Buffer
	if err := CSS(&b); err != nil {
		t.Fatal(err)
	}
	css := b.String()
	i := strings.Index(css, "@media (prefers-color-scheme: dark)")
	if i < 0 {
		t.Fatalf("no dark scheme in:\n%s", css)
	}
	if !strings.Contains(css[:i], ".chroma .k {") || !strings.Contains(css[i:], ".chroma .k {") {
		t.Error("keyword colour missing from one of the schemes")
	}
	if !strings.Contains(css[:i], ".chroma .ctl {") || !strings.Contains(css[i:], ".chroma .ctl {") {
		t.Error("control character marks missing from one of the schemes")
	}
}
