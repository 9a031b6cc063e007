package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/smolbots/smolbots/core/refsite"
	"github.com/smolbots/smolbots/core/relay"
	"github.com/smolbots/smolbots/internal/slowclient"
)

var serveCmd = &command{
	name: "serve",
	summary: `Serves the playground and the relay together, on loopback by default,
until interrupted. The page's files, and the reference pages beside them,
go out brotli- or gzip-compressed to a browser that takes it, as the static
host sends them. The relay answers GET /api/robots?url=... as fetch -json
does, and GET /api/links?url=... with a page's same-host links, for public
gopher:// and gemini:// hosts only.`,
	examples: []string{
		"./build.sh build && smolbots serve               # then open http://127.0.0.1:8080/",
		"smolbots serve -addr 127.0.0.1:9000 -dir build/web",
	},
	exits: []string{
		"0  stopped by SIGINT or SIGTERM",
		"2  usage error, the page is not built, or the address is taken",
	},
	define: func(fs *flag.FlagSet) func(*call) error {
		o := serveOptions{}
		fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "the `HOST:PORT` to listen on")
		fs.StringVar(&o.dir, "dir", filepath.Join("build", "web"), "the directory of the built page, as `DIR`")
		fs.BoolVar(&o.loopback, "allow-loopback", false, "let the relay reach loopback hosts (tests only)")
		fs.StringVar(&o.origin, "allow-origin", "", "one other `ORIGIN` allowed to call the relay (CORS)")
		return func(c *call) error { return runServe(c, o) }
	},
}

type serveOptions struct {
	addr, dir, origin string
	loopback          bool
}

// runServe serves the playground's static files and the relay together,
// on loopback by default, until SIGINT or SIGTERM.
func runServe(c *call, o serveOptions) error {
	addr, dir, loopback, origin, stdout := &o.addr, &o.dir, &o.loopback, &o.origin, c.stdout
	if len(c.args) != 0 {
		return usageErr("serve takes no arguments besides its flags")
	}
	if fi, err := os.Stat(*dir); err != nil || !fi.IsDir() {
		return usageErr("the page is not built: %s is missing; run ./build.sh build, or give its directory with -dir", *dir)
	}
	l, err := net.Listen("tcp", *addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return usageErr("%s is taken by another program; stop it or choose another with -addr", *addr)
	}
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

// newServer serves the page in dir, compressed (compress.go), and the
// relay.
func newServer(dir string, rc relay.Config, l limits) *http.Server {
	rc.MaxFetches, rc.QueueWait = l.fetches, l.queueWait
	mux := http.NewServeMux()
	api := relay.New(rc)
	mux.Handle(relay.Path, api)
	mux.Handle("/api/", api)                  // a wrong /api/ path gets the relay's JSON 404, as on the worker
	site := refsite.PrettyURLs(http.Dir(dir)) // /lint/x is lint/x.html, as on the static host
	files := newCompressed(site, http.FileServer(site))
	go files.warm()
	mux.Handle("/", pageHeaders(files))
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
