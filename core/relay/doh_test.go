package relay_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/relay"
	"github.com/smolbots/smolbots/internal/realservers"
)

func TestDoHResolver(t *testing.T) {
	doh := relay.DoH{Do: http.DefaultClient.Do, Endpoint: realservers.StartDoH(t, map[string][]string{
		"both.example":  {"93.184.216.34", "2606:2800:220:1::1"},
		"v6.example":    {"2606:2800:220:1::1"},
		"empty.example": {},
	})}
	addrs, err := doh.LookupNetIP(context.Background(), "ip", "both.example")
	if err != nil || len(addrs) != 2 || addrs[0] != netip.MustParseAddr("93.184.216.34") || addrs[1] != netip.MustParseAddr("2606:2800:220:1::1") {
		t.Fatalf("both.example: %v %v", addrs, err)
	}
	if addrs, err := doh.LookupNetIP(context.Background(), "ip", "v6.example"); err != nil || len(addrs) != 1 {
		t.Fatalf("v6.example: %v %v", addrs, err)
	}
	for _, name := range []string{"missing.example", "empty.example"} {
		if addrs, err := doh.LookupNetIP(context.Background(), "ip", name); err == nil {
			t.Errorf("%s resolved to %v", name, addrs)
		}
	}
	for body, want := range map[string]string{
		"not json": "unreadable",
		`{"Status":0,"Answer":[{"type":1,"data":"x"}]}`: "not an IP address",
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(body)) }))
		_, err := relay.DoH{Endpoint: srv.URL, Do: http.DefaultClient.Do}.LookupNetIP(context.Background(), "ip", "x.example")
		srv.Close()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("answer %q: error %v, want %q", body, err, want)
		}
	}
}

// Through DoH as through the native resolver: a name with a refused
// address is refused before any dial, a public one dialled by its IP.
func TestGuardWithDoH(t *testing.T) {
	endpoint := realservers.StartDoH(t, map[string][]string{
		"rebind.example": {"93.184.216.34", "10.0.0.1"},
		"public.example": {"93.184.216.34"},
	})
	d := &dialRecorder{}
	h := relay.New(relay.Config{Dial: d.dial, Guard: relay.Guard{Resolver: relay.DoH{Endpoint: endpoint, Do: http.DefaultClient.Do}}})
	if rec, body := get(h, robotsPath("gemini://rebind.example")); rec.Code != 403 || !strings.Contains(body["error"].(string), "10.0.0.1") {
		t.Errorf("rebind.example: %d %s", rec.Code, rec.Body)
	}
	if rec, body := get(h, robotsPath("gemini://nowhere.example")); rec.Code != 502 || body["outcome"] != string(fetch.Unreachable) {
		t.Errorf("nowhere.example: %d %s", rec.Code, rec.Body)
	}
	if len(d.addrs) != 0 {
		t.Fatalf("dialled %q", d.addrs)
	}
	get(h, robotsPath("gopher://public.example"))
	if len(d.addrs) != 1 || d.addrs[0] != "93.184.216.34:70" {
		t.Fatalf("public.example dialled %q, want 93.184.216.34:70", d.addrs)
	}
}
