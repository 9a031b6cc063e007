//go:build js && wasm

// Command relay is the relay as a Cloudflare Worker: the same handler as
// `smolbots serve`, dialing through the Workers sockets API. main only
// wires; the handler lives in core/relay.
package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"syscall/js"

	"github.com/smolbots/smolbots/core/relay"
	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
	cffetch "github.com/syumai/workers/cloudflare/fetch"
	"github.com/syumai/workers/cloudflare/sockets"
)

func main() {
	workers.Serve(relay.New(relay.Config{
		Dial: dial,
		Guard: relay.Guard{
			AllowLoopback: cloudflare.Getenv("SMOLBOTS_ALLOW_LOOPBACK") == "1",
			// The sockets API has no resolver: names are looked up over
			// DNS-over-HTTPS (through the runtime's fetch), vetted, and
			// the vetted address is dialled.
			Resolver: relay.DoH{Endpoint: cloudflare.Getenv("SMOLBOTS_DOH_URL"), Do: runtimeFetch},
		},
		// Only the page's origin may read answers cross-origin.
		AllowOrigin: cloudflare.Getenv("SMOLBOTS_ALLOW_ORIGIN"),
	}))
}

// runtimeFetch sends an HTTP request with the runtime's fetch. js.Global()
// is a Proxy here, and workerd refuses fetch called on it ("Illegal
// invocation"): bind the real globalThis.
func runtimeFetch(req *http.Request) (*http.Response, error) {
	global := js.Global().Get("globalThis")
	return cffetch.NewClient(cffetch.WithBinding(global)).Do(&cffetch.Request{Request: req}, nil)
}

// dial opens a plain socket; Gemini's TLS is done by package fetch, since
// the runtime's own TLS rejects the self-signed certificates capsules use.
func dial(ctx context.Context, _, addr string) (net.Conn, error) {
	c, err := sockets.Connect(ctx, addr, &sockets.SocketOptions{SecureTransport: sockets.SecureTransportOff})
	if err != nil {
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: err}
	}
	return &socket{Conn: c}, nil
}

// socket reports a failed connect, which the sockets API only shows at
// the first write, as the dial error it is.
type socket struct {
	net.Conn
	wrote bool
}

func (s *socket) Write(b []byte) (int, error) {
	n, err := s.Conn.Write(b)
	if err != nil && !s.wrote && !errors.Is(err, os.ErrDeadlineExceeded) {
		return n, &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("cannot connect to the address")}
	}
	s.wrote = true
	return n, err
}
