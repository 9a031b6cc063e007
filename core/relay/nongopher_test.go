package relay_test

import (
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/internal/realservers"
)

// issue 39: a gopher:// URL on a real TLS server's port (molly-brown) is
// a 502 with the sentence that the server answers TLS, as the CLI says,
// never a 200 "not-found" that reads as "everything allowed".
func TestGopherURLOnRealTLSServer(t *testing.T) {
	g := realservers.StartGemini(t, map[string][]byte{"robots.txt": []byte("User-agent: *\nDisallow: /\n")}, realservers.GeminiOptions{})
	a := ask(t, testRelay(nil), "gopher://127.0.0.1:"+g.Host[strings.LastIndexByte(g.Host, ':')+1:])
	if a.code != 502 || a.res.Outcome != fetch.Unreachable || !strings.Contains(a.res.Error, "answers TLS, as a Gemini server does; is the port right?") {
		t.Errorf("%d %s", a.code, a.raw)
	}
}
