// Package relay is the HTTP face of package fetch: GET /api/robots?url=
// answers a host's robots.txt as JSON (CONTRACTS.md, "Relay"). It is a
// plain http.Handler: `smolbots serve` runs it under net/http and the
// worker under the Workers runtime, each with its own dial function.
package relay

import (
	"bytes"
	"encoding/json"
	"net/http"
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
}

type handler struct{ c Config }

// New returns the relay handler.
func New(c Config) http.Handler {
	if c.Dial == nil {
		panic("relay: Config.Dial is required")
	}
	return &handler{c}
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
