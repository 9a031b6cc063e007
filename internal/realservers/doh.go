package realservers

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

// StartDoH serves DNS over HTTPS in its JSON form on loopback, answering
// from names (host -> IP addresses; a name not listed is NXDOMAIN), and
// returns its endpoint URL. It stands in for a public resolver whose
// answers an attacker controls.
func StartDoH(t testing.TB, names map[string][]string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		type rr struct {
			Name string `json:"name"`
			Type int    `json:"type"`
			TTL  int    `json:"TTL"`
			Data string `json:"data"`
		}
		name, qtype := r.URL.Query().Get("name"), r.URL.Query().Get("type")
		ips, ok := names[name]
		ans := struct {
			Status int  `json:"Status"`
			Answer []rr `json:"Answer,omitempty"`
		}{}
		if !ok {
			ans.Status = 3 // NXDOMAIN
		}
		for _, s := range ips {
			ip := netip.MustParseAddr(s)
			switch {
			case qtype == "A" && ip.Is4():
				ans.Answer = append(ans.Answer, rr{name + ".", 1, 60, s})
			case qtype == "AAAA" && !ip.Is4():
				ans.Answer = append(ans.Answer, rr{name + ".", 28, 60, s})
			}
		}
		w.Header().Set("Content-Type", "application/dns-json")
		json.NewEncoder(w).Encode(ans)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/dns-query"
}
