package pageview

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// FetchResult mirrors the relay's JSON (core/fetch.Result; a test keeps
// the two in step). The page decodes it here instead of importing
// core/fetch, whose network code has no place in the page's wasm.
type FetchResult struct {
	URL         string            `json:"url"`
	Outcome     string            `json:"outcome"`
	Body        string            `json:"body"`
	BodyBase64  []byte            `json:"body_base64,omitempty"`
	Bytes       int               `json:"bytes"`
	Truncated   bool              `json:"truncated"`
	MIME        string            `json:"mime,omitempty"`
	Fingerprint string            `json:"fingerprint,omitempty"`
	Redirects   []FetchRedirect   `json:"redirects,omitempty"`
	Attempts    []FetchAttempt    `json:"attempts"`
	Conclusions []FetchConclusion `json:"conclusions,omitempty"`
	Error       string            `json:"error,omitempty"`
}

// FetchRedirect mirrors core/fetch.Redirect.
type FetchRedirect struct {
	Status int    `json:"status"`
	From   string `json:"from"`
	To     string `json:"to"`
}

// FetchAttempt mirrors core/fetch.Attempt.
type FetchAttempt struct {
	URL         string `json:"url"`
	Sent        string `json:"sent"`
	Status      string `json:"status,omitempty"`
	Error       string `json:"error,omitempty"`
	Bytes       int    `json:"bytes"`
	Fingerprint string `json:"fingerprint,omitempty"`
	Reply       string `json:"reply,omitempty"`
}

// FetchConclusion mirrors core/fetch.Conclusion.
type FetchConclusion struct {
	Dialect string `json:"dialect"`
	Reading string `json:"reading"`
	Note    string `json:"note"`
}

// FetchView is what the page does with a relay answer.
type FetchView struct {
	OK     bool   // the answer was read (whatever the outcome)
	Load   bool   // Body is a robots.txt to put in the editor
	Body   string // the file, when Load
	Status string // one sentence for the status line
	HTML   string // the details panel
}

// MaxRelayBytes bounds what the page reads from the relay: the body is
// at most 512 KiB, JSON escaping can grow it, attempts are small.
const MaxRelayBytes = 4 << 20

// ReadFetch turns the relay's HTTP status and body into a view. It never
// fails: a bad answer becomes a clear message. The page calls it in its
// on-demand module (wasm/ondemand), where encoding/json's decoder costs
// the checker's module nothing.
func ReadFetch(requested string, httpStatus int, body []byte) FetchView {
	if len(body) > MaxRelayBytes {
		return FetchViewOf(requested, httpStatus, nil, true)
	}
	var r FetchResult
	if err := json.Unmarshal(body, &r); err != nil {
		// A field of the wrong type inside the object is left empty and
		// the rest is read; anything else is not an answer.
		var typeErr *json.UnmarshalTypeError
		if !errors.As(err, &typeErr) || typeErr.Field == "" {
			return FetchViewOf(requested, httpStatus, nil, false)
		}
	}
	return FetchViewOf(requested, httpStatus, &r, false)
}

// FetchViewOf is ReadFetch after decoding: r is the answer, nil when it
// was not a JSON object; tooLarge says it passed MaxRelayBytes.
func FetchViewOf(requested string, httpStatus int, r *FetchResult, tooLarge bool) FetchView {
	if tooLarge {
		return failed(fmt.Sprintf("The relay's answer is too large (over %d MiB); nothing was loaded.", MaxRelayBytes>>20))
	}
	// The relay answers a fetch that failed upstream (502, 504) with the
	// whole result, attempts and conclusions included; other errors
	// carry only {"error": ...}.
	if r == nil || r.Outcome == "" {
		if httpStatus == 200 {
			return failed(fmt.Sprintf("The relay's answer for %s could not be read; nothing was loaded.", requested))
		}
		msg := ""
		if r != nil {
			msg = r.Error
		}
		switch {
		case msg != "":
		case httpStatus == 404:
			msg = "this site has no relay (it is served as static files only); use the command line's fetch instead"
		default:
			msg = "the relay answered without an explanation"
		}
		return failed(fmt.Sprintf("Could not fetch %s (HTTP %d): %s.", requested, httpStatus, strings.TrimSuffix(msg, ".")))
	}
	v := FetchView{OK: true, HTML: resultHTML(r)}
	switch r.Outcome {
	case "found":
		if r.BodyBase64 != nil {
			r.Body = string(r.BodyBase64) // the editor shows invalid bytes as replacement characters
		}
		v.Load, v.Body = true, r.Body
		v.Status = fmt.Sprintf("Fetched %d bytes from %s and loaded them into the editor.", r.Bytes, r.URL)
		if r.Truncated {
			v.Status += " The server sent more than 512 KiB; only the first 512 KiB were kept."
		}
	case "not-found":
		v.Status = fmt.Sprintf("%s has no robots.txt; the editor was left as it was.", r.URL)
	case "unreachable":
		v.Status = fmt.Sprintf("%s could not be read; the editor was left as it was.", r.URL)
	case "not-robots":
		v.Status = fmt.Sprintf("%s answered with something that is not a robots.txt; the editor was left as it was.", r.URL)
	default:
		v.Status = fmt.Sprintf("The relay gave an unknown outcome %q for %s.", r.Outcome, r.URL)
	}
	return v
}

func failed(msg string) FetchView {
	return FetchView{Status: msg, HTML: `<p>` + esc(msg) + `</p>`}
}

func resultHTML(r *FetchResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<p><strong>%s</strong>: outcome <code>%s</code>`, esc(r.URL), esc(r.Outcome))
	if r.MIME != "" {
		fmt.Fprintf(&b, `, type <code>%s</code>`, esc(r.MIME))
	}
	if r.Outcome == "found" {
		fmt.Fprintf(&b, `, %d bytes`, r.Bytes)
	}
	b.WriteString(`.</p>`)
	if r.Error != "" {
		fmt.Fprintf(&b, `<p>Error: %s</p>`, esc(r.Error))
	}
	if r.Fingerprint != "" {
		fmt.Fprintf(&b, `<p>TLS certificate SHA-256 fingerprint: <code class="fp">%s</code></p>`, esc(r.Fingerprint))
	}
	if len(r.Attempts) > 0 {
		b.WriteString(`<table class="attempts"><caption>Requests made, in order</caption><thead><tr><th scope="col">URL</th><th scope="col">Sent</th><th scope="col">Status</th><th scope="col">Bytes</th></tr></thead><tbody>`)
		for _, a := range r.Attempts {
			status := a.Status
			if a.Error != "" {
				status = strings.TrimSpace(status + " " + a.Error)
			}
			if a.Reply != "" {
				status += ": the server said “" + a.Reply + "”, which every dialect reads as no robots.txt"
			}
			fmt.Fprintf(&b, `<tr><td><code>%s</code></td><td><code>%s</code></td><td>%s</td><td>%d</td></tr>`,
				esc(a.URL), esc(strings.TrimRight(a.Sent, "\r\n")), esc(status), a.Bytes)
		}
		b.WriteString(`</tbody></table>`)
	}
	for _, h := range r.Redirects {
		fmt.Fprintf(&b, `<p>Redirect %d: <code>%s</code> → <code>%s</code></p>`, h.Status, esc(h.From), esc(h.To))
	}
	if len(r.Conclusions) > 0 {
		b.WriteString(`<table class="conclusions"><caption>What each dialect concludes</caption><thead><tr><th scope="col">Dialect</th><th scope="col">Reading</th><th scope="col">Why</th></tr></thead><tbody>`)
		for _, c := range r.Conclusions {
			fmt.Fprintf(&b, `<tr data-dialect="%s"><th scope="row">%s</th><td>%s</td><td>%s</td></tr>`, esc(c.Dialect), esc(c.Dialect), esc(readingWords(c.Reading)), esc(c.Note))
		}
		b.WriteString(`</tbody></table>`)
	}
	b.WriteString(CrawlerFetchHTML(r))
	return b.String()
}

func readingWords(r string) string {
	switch r {
	case "allow-all":
		return "everything allowed"
	case "disallow-all":
		return "everything disallowed"
	case "undecided":
		return "not said"
	case "not-robots":
		return "not a robots.txt"
	}
	return r
}
