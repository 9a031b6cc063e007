package relay_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

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

// A flood beyond MaxFetches never has more upstream connections open
// than the cap: the requests over it wait for a slot, and those that
// wait too long get 503 JSON with Retry-After.
func TestFetchCap(t *testing.T) {
	const maxFetches = 2
	var mu sync.Mutex
	open, peak := 0, 0
	hold := make(chan struct{})
	addr := listen(t, func(c net.Conn) {
		mu.Lock()
		open++
		peak = max(peak, open)
		mu.Unlock()
		readRequest(c)
		<-hold
		c.Write([]byte("Disallow: /x\r\n"))
		mu.Lock()
		open--
		mu.Unlock()
	})
	api := relay.New(relay.Config{
		Dial:       (&net.Dialer{}).DialContext,
		Guard:      relay.Guard{AllowLoopback: true},
		Timeout:    10 * time.Second, // the held fetches outlast the queue wait
		MaxFetches: maxFetches,
		QueueWait:  time.Second,
	})
	// Each request that reaches the relay says so: the test frees the
	// slots once the last one is there, not after a guess at how long
	// it takes to come.
	arrived := make(chan struct{}, maxFetches+2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived <- struct{}{}
		api.ServeHTTP(w, r)
	}))
	defer srv.Close()
	target := srv.URL + robotsPath("gopher://"+addr)

	// Two fetches take the slots; the third waits QueueWait and is
	// turned away.
	const n = maxFetches + 1
	codes := make(chan int, n)
	busy := make(chan string, n)
	for i := 0; i < n; i++ {
		go func() {
			resp, err := http.Get(target)
			if err != nil {
				codes <- 0
				return
			}
			defer resp.Body.Close()
			raw, _ := io.ReadAll(resp.Body)
			if resp.StatusCode == http.StatusServiceUnavailable {
				busy <- resp.Header.Get("Retry-After") + " " + string(raw)
			}
			codes <- resp.StatusCode
		}()
	}
	// The one over the cap is answered while the others still hold.
	select {
	case code := <-codes:
		if code != http.StatusServiceUnavailable {
			t.Fatalf("first answer %d, want 503 for the request over the cap", code)
		}
		if b := <-busy; !strings.HasPrefix(b, "2 ") || !strings.Contains(b, `"error":"the relay is busy`) {
			t.Errorf("503 answer %q, want Retry-After and a JSON error", b)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no request was turned away while the slots were taken")
	}
	// A request that comes while the slots are taken waits its turn and
	// is answered once one frees.
	queued := make(chan int, 1)
	go func() {
		resp, err := http.Get(target)
		if err != nil {
			queued <- 0
			return
		}
		resp.Body.Close()
		queued <- resp.StatusCode
	}()
	for i := 0; i < n+1; i++ {
		select {
		case <-arrived:
		case <-time.After(10 * time.Second):
			t.Fatalf("%d of the %d requests reached the relay within 10 s", i, n+1)
		}
	}
	close(hold)
	for i := 0; i < maxFetches; i++ {
		if code := <-codes; code != http.StatusOK {
			t.Errorf("a fetch holding a slot got %d, want 200", code)
		}
	}
	if code := <-queued; code != http.StatusOK {
		t.Errorf("the queued request got %d, want 200", code)
	}
	mu.Lock()
	defer mu.Unlock()
	if peak > maxFetches {
		t.Fatalf("%d upstream connections open at once, over the cap of %d", peak, maxFetches)
	}
}
