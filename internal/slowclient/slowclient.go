// Package slowclient drops HTTP clients that stop reading an answer,
// without cutting off those that read it slowly. http.Server's
// WriteTimeout bounds a whole answer: short, it fails a slow honest
// download of the page's WebAssembly; long, it lets a client that never
// reads hold a connection all that time. Here the write deadline is
// instead moved forward on every piece written, so only a stall counts.
package slowclient

import (
	"net/http"
	"time"
)

// piece is the most written under one deadline: a client must take in
// this much within the stall time.
const piece = 32 << 10

// Handler serves h with a write deadline that each piece of the answer
// pushes stall into the future. While h works out its answer (a relay
// fetch, bounded by its own timeout) no deadline runs.
func Handler(h http.Handler, stall time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		rc.SetWriteDeadline(time.Time{}) // none left from an earlier answer on this connection
		h.ServeHTTP(&writer{w: w, rc: rc, stall: stall}, r)
		rc.SetWriteDeadline(time.Now().Add(stall)) // for the last flush
	})
}

// writer hides the ResponseWriter's ReadFrom (sendfile would write a
// whole file under one deadline); it keeps Flush and Unwrap.
type writer struct {
	w     http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
}

func (w *writer) Header() http.Header { return w.w.Header() }

func (w *writer) WriteHeader(code int) {
	w.rc.SetWriteDeadline(time.Now().Add(w.stall))
	w.w.WriteHeader(code)
}

func (w *writer) Write(b []byte) (int, error) {
	n := 0
	for len(b) > 0 {
		p := b[:min(len(b), piece)]
		w.rc.SetWriteDeadline(time.Now().Add(w.stall))
		m, err := w.w.Write(p)
		n += m
		if err != nil {
			return n, err
		}
		b = b[m:]
	}
	return n, nil
}

func (w *writer) Flush() {
	w.rc.SetWriteDeadline(time.Now().Add(w.stall))
	w.rc.Flush()
}

// Unwrap lets http.ResponseController reach the server's writer.
func (w *writer) Unwrap() http.ResponseWriter { return w.w }
