// Package relay is the HTTP face of package fetch: GET /api/robots?url=
// answers a host's robots.txt as JSON (CONTRACTS.md, "Relay"). It is a
// plain http.Handler: `smolbots serve` runs it under net/http and the
// worker under the Workers runtime, each with its own dial function.
package relay

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/smolbots/smolbots/core/fetch"
)

// Path is where the relay answers.
const Path = "/api/robots"

// maxURL bounds the url parameter; a host name is at most 253 bytes.
const maxURL = 2048

// Config sets a relay up.
type Config struct {
	// Dial opens connections; it is only ever given addresses the Guard
	// accepted. Required.
	Dial fetch.DialFunc
	// Guard says which destinations are allowed.
	Guard Guard
	// AllowOrigin is the one origin allowed to read answers from another
	// origin (CORS); "" allows none, "*" any.
	AllowOrigin string
	// Timeout and MaxBody override the hard caps (tests make them short).
	Timeout time.Duration
	MaxBody int
	// MaxFetches caps the fetches running at once, so that a flood of
	// requests cannot open a socket each; 0 sets no cap (the worker's
	// platform bounds each request's connections itself). A request over
	// the cap waits for a free slot up to QueueWait (DefaultQueueWait if
	// 0), then gets 503 with Retry-After.
	MaxFetches int
	QueueWait  time.Duration
}

// DefaultQueueWait is how long a request waits for a fetch slot.
const DefaultQueueWait = 5 * time.Second

type handler struct {
	c     Config
	slots chan struct{} // one value per running fetch; nil: no cap
}

// New returns the relay handler.
func New(c Config) http.Handler {
	if c.Dial == nil {
		panic("relay: Config.Dial is required")
	}
	h := &handler{c: c}
	if c.MaxFetches > 0 {
		h.slots = make(chan struct{}, c.MaxFetches)
		if h.c.QueueWait <= 0 {
			h.c.QueueWait = DefaultQueueWait
		}
	}
	return h
}

// takeSlot waits for a fetch slot; false when the wait ran out or the
// client went away.
func (h *handler) takeSlot(r *http.Request) bool {
	if h.slots == nil {
		return true
	}
	select {
	case h.slots <- struct{}{}:
		return true
	default:
	}
	wait := time.NewTimer(h.c.QueueWait)
	defer wait.Stop()
	select {
	case h.slots <- struct{}{}:
		return true
	case <-wait.C:
	case <-r.Context().Done():
	}
	return false
}

func (h *handler) freeSlot() {
	if h.slots != nil {
		<-h.slots
	}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.cors(w, r)
	if r.URL.Path != Path {
		writeError(w, http.StatusNotFound, "nothing here; the relay answers GET "+Path+"?url=gemini://host")
		return
	}
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		writeError(w, http.StatusMethodNotAllowed, "only GET is answered here")
		return
	}
	raw := r.URL.Query().Get("url")
	switch {
	case raw == "":
		writeError(w, http.StatusBadRequest, "give the host as ?url=gopher://host[:port] or ?url=gemini://host[:port]")
		return
	case len(raw) > maxURL:
		writeError(w, http.StatusBadRequest, "the URL is too long")
		return
	}
	g := h.c.Guard
	if err := g.CheckURL(raw); err != nil {
		writeError(w, http.StatusForbidden, "refused: "+err.Error())
		return
	}
	t, err := fetch.ParseTarget(raw)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := g.CheckTarget(t); err != nil {
		writeError(w, http.StatusForbidden, "refused: "+err.Error())
		return
	}
	if !h.takeSlot(r) {
		w.Header().Set("Retry-After", strconv.Itoa(int(h.c.QueueWait/time.Second)+1))
		writeError(w, http.StatusServiceUnavailable, "the relay is busy with other fetches; try again in a few seconds")
		return
	}
	defer h.freeSlot()
	res := fetch.FetchTarget(r.Context(), t, fetch.Options{
		Dial:       h.c.Dial,
		Vet:        g.Vet,
		RobotsOnly: true,
		Timeout:    h.c.Timeout,
		MaxBody:    h.c.MaxBody,
	})
	status := http.StatusOK
	switch res.Failure {
	case fetch.FailUpstream:
		status = http.StatusBadGateway
	case fetch.FailTimeout:
		status = http.StatusGatewayTimeout
	case fetch.FailRefused:
		status = http.StatusForbidden
	}
	writeJSON(w, status, res)
}

func (h *handler) cors(w http.ResponseWriter, r *http.Request) {
	switch o := h.c.AllowOrigin; {
	case o == "":
	case o == "*":
		w.Header().Set("Access-Control-Allow-Origin", "*")
	default:
		w.Header().Add("Vary", "Origin")
		if r.Header.Get("Origin") == o {
			w.Header().Set("Access-Control-Allow-Origin", o)
		}
	}
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, struct {
		Error string `json:"error"`
	}{msg})
}

// writeJSON sets every header before the status and never writes an
// empty body (the worker's response writer stalls on one).
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		buf.Reset()
		status = http.StatusInternalServerError
		buf.WriteString(`{"error":"the answer could not be encoded"}` + "\n")
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}
