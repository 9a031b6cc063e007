//go:build !js

// Natively the worker's handler runs under net/http, for debugging
// without the Workers runtime (`smolbots serve` also serves the page).
package main

import (
	"flag"
	"log"
	"net"
	"net/http"

	"github.com/smolbots/smolbots/core/relay"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8787", "address to listen on")
	loopback := flag.Bool("allow-loopback", false, "allow loopback destinations (tests only)")
	flag.Parse()
	h := relay.New(relay.Config{
		Dial:  (&net.Dialer{}).DialContext,
		Guard: relay.Guard{AllowLoopback: *loopback, Resolver: net.DefaultResolver},
	})
	log.Printf("relay on http://%s%s", *addr, relay.Path)
	log.Fatal(http.ListenAndServe(*addr, h))
}
