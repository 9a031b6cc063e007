// Package relay is the HTTP face of package fetch: GET /api/robots?url=
// answers a host's robots.txt as JSON, and GET /api/links?url= the
// same-host links of one page (CONTRACTS.md, "Relay"). It is a plain
// http.Handler: `smolbots serve` runs it under net/http and the worker
// under the Workers runtime, each with its own dial function.
package relay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/site"
)

// Path is where the relay answers with a robots.txt.
const Path = "/api/robots"

// LinksPath is where it answers with a page's links.
const LinksPath = "/api/links"

// MaxLinks bounds the links one /api/links answer lists.
const MaxLinks = 1000

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
	if r.URL.Path != Path && r.URL.Path != LinksPath {
		writeError(w, http.StatusNotFound, "nothing here; the relay answers GET "+Path+"?url=gemini://host and GET "+LinksPath+"?url=gemini://host/page")
		return
	}
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		writeError(w, http.StatusMethodNotAllowed, "only GET is answered here")
		return
	}
	raw := r.URL.Query().Get("url")
	switch {
	case raw == "" && r.URL.Path == LinksPath:
		writeError(w, http.StatusBadRequest, "give the page as ?url=gemini://host[:port]/path or ?url=gopher://host[:port]/1selector")
		return
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
	if r.URL.Path == LinksPath {
		// The page request is checked before the destination: a selector
		// no request may carry is a bad URL wherever it points.
		if _, _, _, err := fetch.PageRequest(raw); err != nil {
			writeError(w, http.StatusBadRequest, err.Error())
			return
		}
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
	o := fetch.Options{
		Dial:       h.c.Dial,
		Vet:        g.Vet,
		RobotsOnly: true,
		Timeout:    h.c.Timeout,
		MaxBody:    h.c.MaxBody,
	}
	if r.URL.Path == LinksPath {
		h.links(w, r, raw, o)
		return
	}
	res := fetch.FetchTarget(r.Context(), t, o)
	writeJSON(w, failureStatus(res.Failure), res)
}

// failureStatus is the HTTP status of a fetch that failed so, 200 when
// the server answered.
func failureStatus(f fetch.Failure) int {
	switch f {
	case fetch.FailUpstream:
		return http.StatusBadGateway
	case fetch.FailTimeout:
		return http.StatusGatewayTimeout
	case fetch.FailRefused:
		return http.StatusForbidden
	}
	return http.StatusOK
}

// Links is GET /api/links's answer: the same-host links of one page,
// never its content.
//
//   - url: the page asked for, as requested (without its fragment).
//   - links: its links on the same host and port, in order, each once,
//     at most MaxLinks; for a Gemini redirect to the same host, its
//     target. Always an array.
//   - truncated: the page had more same-host links than MaxLinks.
//   - note: why the list is empty or what else is known, in plain words
//     ("20 image/png: not text/gemini, so its body was not read", "the
//     server answered 51 Not found, not a page", "4 links to other
//     hosts, ports or schemes left out"); "" when there is nothing to say.
//   - error: plain words, when the page could not be read.
type Links struct {
	URL       string   `json:"url"`
	Links     []string `json:"links"`
	Truncated bool     `json:"truncated"`
	Note      string   `json:"note"`
	Error     string   `json:"error,omitempty"`
}

// links makes the one page request and answers its same-host links.
func (h *handler) links(w http.ResponseWriter, r *http.Request, raw string, o fetch.Options) {
	t, _, itemType, err := fetch.PageRequest(raw)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if itemType != 0 && itemType != '1' {
		// Nothing will be sent, but a refused destination is refused
		// all the same.
		if _, err := o.Vet(r.Context(), t); err != nil {
			var ref *fetch.RefusedError
			if errors.As(err, &ref) {
				writeError(w, http.StatusForbidden, "refused: "+err.Error())
			} else {
				writeError(w, http.StatusBadGateway, err.Error())
			}
			return
		}
	}
	res, err := fetch.Page(r.Context(), raw, o)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	ans := Links{URL: res.URL, Links: []string{}}
	var found []string
	switch res.Kind {
	case fetch.KindFailed:
		ans.Error = res.Error
		writeJSON(w, failureStatus(res.Failure), ans)
		return
	case fetch.KindLinks:
		found = site.Links(res)
	case fetch.KindStatus:
		if res.Status/10 == 3 {
			if to, ok := site.Canonical(resolve(res.URL, res.Meta)); ok {
				found = []string{to}
			}
		}
	}
	origin := site.Origin(res.URL)
	seen := map[string]bool{}
	other := 0
	for _, l := range found {
		if site.Origin(l) != origin {
			other++
			continue
		}
		if seen[l] {
			continue
		}
		seen[l] = true
		if len(ans.Links) == MaxLinks {
			ans.Truncated = true
			continue
		}
		ans.Links = append(ans.Links, l)
	}
	ans.Note = linksNote(res, len(found), other, ans.Truncated)
	writeJSON(w, http.StatusOK, ans)
}

// linksNote says in words what the page gave.
func linksNote(res *fetch.PageResult, found, other int, truncated bool) string {
	var parts []string
	switch res.Kind {
	case fetch.KindLinks:
		if found == 0 {
			parts = append(parts, "the page has no links")
		}
	case fetch.KindStatus:
		if res.Status/10 == 3 {
			parts = append(parts, "the server redirects: "+res.Note)
		} else {
			parts = append(parts, "the server answered "+res.Note+", not a page")
		}
	default:
		parts = append(parts, res.Note)
	}
	if other > 0 {
		parts = append(parts, fmt.Sprintf("%d %s to other hosts, ports or schemes, never requested, not listed", other, plural(other, "link", "links")))
	}
	if truncated {
		parts = append(parts, fmt.Sprintf("only the first %d same-host links are listed", MaxLinks))
	}
	if res.Truncated {
		parts = append(parts, fmt.Sprintf("the page was cut at %d KiB, so the links past the cut are unseen", len(res.Body)>>10))
	}
	return strings.Join(parts, "; ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// resolve is meta read against the page's URL, "" when it is no URL.
func resolve(page, meta string) string {
	base, err := url.Parse(page)
	if err != nil {
		return ""
	}
	ref, err := url.Parse(meta)
	if err != nil || meta == "" {
		return ""
	}
	return base.ResolveReference(ref).String()
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
