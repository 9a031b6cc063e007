package relay

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"net/url"
)

// DefaultDoH is the DNS-over-HTTPS endpoint the worker asks by default.
const DefaultDoH = "https://cloudflare-dns.com/dns-query"

// DoH is a Resolver speaking DNS over HTTPS in its JSON form, for a
// runtime that has no resolver of its own (the worker): names are
// resolved and vetted there too, and the vetted address is dialled.
type DoH struct {
	Endpoint string // "" means DefaultDoH
	// Do sends a request: http.DefaultClient.Do natively, the runtime's
	// fetch in the worker (net/http's client would double its size).
	Do func(*http.Request) (*http.Response, error)
}

type dohAnswer struct {
	Status int
	Answer []struct {
		Type int    `json:"type"`
		Data string `json:"data"`
	}
}

// LookupNetIP asks for the A and AAAA records of host.
func (d DoH) LookupNetIP(ctx context.Context, _, host string) ([]netip.Addr, error) {
	var out []netip.Addr
	var lastErr error
	for _, qtype := range []string{"A", "AAAA"} {
		addrs, err := d.query(ctx, host, qtype)
		if err != nil {
			lastErr = err
			continue
		}
		out = append(out, addrs...)
	}
	if len(out) == 0 {
		if lastErr == nil {
			lastErr = fmt.Errorf("%s has no address", host)
		}
		return nil, lastErr
	}
	return out, nil
}

func (d DoH) query(ctx context.Context, host, qtype string) ([]netip.Addr, error) {
	endpoint := d.Endpoint
	if endpoint == "" {
		endpoint = DefaultDoH
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet,
		endpoint+"?name="+url.QueryEscape(host)+"&type="+qtype, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/dns-json")
	resp, err := d.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("the DNS resolver answered HTTP %d", resp.StatusCode)
	}
	var a dohAnswer
	if err := json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&a); err != nil {
		return nil, fmt.Errorf("the DNS resolver's answer is unreadable: %v", err)
	}
	if a.Status != 0 {
		return nil, fmt.Errorf("DNS status %d for %s", a.Status, host)
	}
	var out []netip.Addr
	for _, rr := range a.Answer {
		if rr.Type != 1 && rr.Type != 28 { // A, AAAA; CNAMEs lead to them
			continue
		}
		ip, err := netip.ParseAddr(rr.Data)
		if err != nil {
			return nil, fmt.Errorf("the DNS resolver gave %q, which is not an IP address", rr.Data)
		}
		out = append(out, ip)
	}
	return out, nil
}
