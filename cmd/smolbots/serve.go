package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/smolbots/smolbots/core/relay"
	"github.com/smolbots/smolbots/internal/slowclient"
)

// runServe serves the playground's static files and the relay together,
// on loopback by default, until SIGINT or SIGTERM.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("serve")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := fs.String("dir", filepath.Join("build", "web"), "directory of the built page")
	loopback := fs.Bool("allow-loopback", false, "let the relay reach loopback hosts (tests only)")
	origin := fs.String("allow-origin", "", "one other origin allowed to call the relay (CORS)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usageErr("serve takes no arguments besides its flags")
	}
	if fi, err := os.Stat(*dir); err != nil || !fi.IsDir() {
		return usageErr("the page is not built: %s is missing; run ./build.sh build, or give its directory with -dir", *dir)
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		return usageErr("cannot listen on %s: %v", *addr, err)
	}
	srv := newServer(*dir, relay.Config{
		Dial:        (&net.Dialer{}).DialContext,
		Guard:       relay.Guard{AllowLoopback: *loopback, Resolver: net.DefaultResolver},
		AllowOrigin: *origin,
	}, serveLimits)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	mode := ""
	if *loopback {
		mode = " (test mode: the relay may reach loopback)"
	}
	fmt.Fprintf(stdout, "smolbots: serving http://%s/ (page from %s, relay at %s)%s\n", l.Addr(), *dir, relay.Path, mode)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// limits are what serve grants one client; tests shorten them.
type limits struct {
	readHeader time.Duration // to send a request's headers
	idle       time.Duration // a kept-alive connection with no request
	stall      time.Duration // an answer the client stops reading
	fetches    int           // relay fetches running at once
	queueWait  time.Duration // a relay request waiting for one of them
}

// serveLimits let a slow but honest client through (one reading the
// page's few MB at a trickle keeps going as long as it reads) and drop
// those that only hold a connection. A flood of relay requests queues
// for 32 upstream fetches, then gets 503.
var serveLimits = limits{
	readHeader: 10 * time.Second,
	idle:       30 * time.Second,
	stall:      30 * time.Second,
	fetches:    32,
	queueWait:  relay.DefaultQueueWait,
}

// newServer serves the page in dir and the relay.
func newServer(dir string, rc relay.Config, l limits) *http.Server {
	rc.MaxFetches, rc.QueueWait = l.fetches, l.queueWait
	mux := http.NewServeMux()
	mux.Handle(relay.Path, relay.New(rc))
	mux.Handle("/", pageHeaders(http.FileServer(http.Dir(dir))))
	return &http.Server{
		Handler:           slowclient.Handler(mux, l.stall),
		ReadHeaderTimeout: l.readHeader,
		IdleTimeout:       l.idle,
	}
}

// pageHeaders sets the headers the deployed site sends (netlify.toml), so
// that the page behaves the same locally: no inline script, wasm allowed.
func pageHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}
