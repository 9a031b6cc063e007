package realservers

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
)

// FreePort finds a port that is free on every interface, for a server
// that is started later by another program and so cannot be handed a
// listener. A port the kernel gives for ":0" comes from the ephemeral
// range, where any test's listener or outgoing connection may take it
// between our close and the server's bind (a CI run lost a wrangler port
// to another package's relay test that way). So it draws from the ports
// below that range, which only an explicit choice like this one uses.
func FreePort(t testing.TB) int {
	t.Helper()
	lo, hi := 10000, ephemeralLow()
	for try := 0; try < 100; try++ {
		port := lo + rand.IntN(hi-lo)
		l, err := net.Listen("tcp", ":"+strconv.Itoa(port))
		if err != nil {
			continue
		}
		l.Close()
		return port
	}
	t.Fatalf("realservers: no free port in %d-%d after 100 tries", lo, hi-1)
	return 0
}

// ClosedAddr is a loopback address where nothing listens: a port taken
// and given back at once.
func ClosedAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// ephemeralLow is the first port of the kernel's ephemeral range, or
// Linux's default when it cannot be read.
func ephemeralLow() int {
	low := 32768
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return low
	}
	var a, z int
	if _, err := fmt.Sscan(strings.TrimSpace(string(b)), &a, &z); err == nil && a > 11000 {
		low = a
	}
	return low
}
