package realservers

import (
	"bufio"
	"crypto/tls"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// Listen serves every connection on a fresh loopback port with handle
// until the test ends, for hostile servers that misbehave as the real
// ones never do. Each connection gets 20 s. It returns "127.0.0.1:port".
func Listen(t testing.TB, handle func(net.Conn)) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("realservers: %v", err)
	}
	var wg sync.WaitGroup
	t.Cleanup(func() { l.Close(); wg.Wait() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer c.Close()
				c.SetDeadline(time.Now().Add(20 * time.Second))
				handle(c)
			}()
		}
	}()
	return l.Addr().String()
}

// StartCanned answers every request line with reply and closes. With
// useTLS it speaks TLS with a fresh self-signed certificate, as a Gemini
// server does. It returns "127.0.0.1:port".
func StartCanned(t testing.TB, reply []byte, useTLS bool) string {
	t.Helper()
	var cfg *tls.Config
	if useTLS {
		certFile, keyFile, _ := makeCert(t, t.TempDir())
		cert, err := tls.LoadX509KeyPair(certFile, keyFile)
		if err != nil {
			t.Fatalf("realservers: %v", err)
		}
		cfg = &tls.Config{Certificates: []tls.Certificate{cert}}
	}
	return Listen(t, func(c net.Conn) {
		if cfg != nil {
			c = tls.Server(c, cfg)
		}
		if _, err := bufio.NewReader(c).ReadString('\n'); err == nil {
			c.Write(reply)
		}
	})
}

// ListenGemini is Listen behind TLS, with a fresh self-signed
// certificate, as a Gemini server: handle gets each connection after
// the handshake, with its request line (without CRLF).
func ListenGemini(t testing.TB, handle func(c net.Conn, request string)) string {
	t.Helper()
	certFile, keyFile, _ := makeCert(t, t.TempDir())
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		t.Fatalf("realservers: %v", err)
	}
	return ListenGeminiWith(t, cert, handle)
}

// ListenGeminiWith is ListenGemini with a certificate of the caller's.
func ListenGeminiWith(t testing.TB, cert tls.Certificate, handle func(c net.Conn, request string)) string {
	t.Helper()
	cfg := &tls.Config{Certificates: []tls.Certificate{cert}}
	return Listen(t, func(raw net.Conn) {
		c := tls.Server(raw, cfg)
		if c.Handshake() != nil {
			return
		}
		req, err := bufio.NewReader(c).ReadString('\n')
		if err != nil {
			return
		}
		handle(c, strings.TrimRight(req, "\r\n"))
	})
}
