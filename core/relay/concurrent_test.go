package relay_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/relay"
	"github.com/smolbots/smolbots/internal/realservers"
)

// 100 requests at once through a real HTTP server to real gophernicus
// and molly-brown on loopback: every one answered, and correctly.
func TestHundredConcurrentRequests(t *testing.T) {
	gopherFile, geminiFile := realservers.File(t, "gopher-robots.txt"), realservers.File(t, "gemini-robots.txt")
	gopher := realservers.StartGopher(t, map[string][]byte{"robots.txt": gopherFile})
	gemini := realservers.StartGemini(t, map[string][]byte{"robots.txt": geminiFile}, realservers.GeminiOptions{})
	srv := httptest.NewServer(relay.New(relay.Config{
		Dial:  (&net.Dialer{}).DialContext,
		Guard: relay.Guard{AllowLoopback: true, Resolver: net.DefaultResolver},
	}))
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: 100}}

	const n = 100
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		target, want := "gopher://"+gopher, gopherFile
		if i%2 == 1 {
			target, want = gemini.URL, geminiFile
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := client.Get(srv.URL + relay.Path + "?url=" + url.QueryEscape(target))
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			raw, _ := io.ReadAll(resp.Body)
			var res fetch.Result
			if err := json.Unmarshal(raw, &res); err != nil || resp.StatusCode != 200 || res.Outcome != fetch.Found || res.Body != string(want) {
				errs <- fmt.Errorf("%s: %d %.300s", target, resp.StatusCode, raw)
			}
		}()
	}
	wg.Wait()
	close(errs)
	failed := 0
	for err := range errs {
		failed++
		if failed <= 3 {
			t.Error(err)
		}
	}
	if failed > 0 {
		t.Fatalf("%d of %d concurrent requests failed", failed, n)
	}
}
