//go:build js && wasm

// Command relay is the relay as a Cloudflare Worker: the same handler as
// `smolbots serve`, dialing through the Workers sockets API. main only
// wires; the handler lives in core/relay.
package main

import (
	"context"
	"errors"
	"net"
	"os"

	"github.com/smolbots/smolbots/core/relay"
	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
	"github.com/syumai/workers/cloudflare/sockets"
)

func main() {
	workers.Serve(relay.New(relay.Config{
		Dial: dial,
		// The runtime resolves names itself, on the public edge; IP
		// literals and names are still vetted by the guard.
		Guard: relay.Guard{AllowLoopback: cloudflare.Getenv("SMOLBOTS_ALLOW_LOOPBACK") == "1"},
		// Only the page's origin may read answers cross-origin.
		AllowOrigin: cloudflare.Getenv("SMOLBOTS_ALLOW_ORIGIN"),
	}))
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
