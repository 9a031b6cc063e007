package realservers

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Syslog is what a server sent to syslog: the datagrams its libc wrote
// to /dev/log, as they arrived.
type Syslog struct {
	mu    sync.Mutex
	grams []string
}

// Wait returns the datagrams received once some datagram holds each of
// texts, or fails the test after 10 s.
func (s *Syslog) Wait(t testing.TB, texts ...string) []string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.mu.Lock()
		got := append([]string(nil), s.grams...)
		s.mu.Unlock()
		all := strings.Join(got, "\n")
		missing := ""
		for _, text := range texts {
			if !strings.Contains(all, text) {
				missing = text
				break
			}
		}
		if missing == "" {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("realservers: no syslog message holds %q after 10 s: %q", missing, got)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// StartGopherSyslog is StartGopher with gophernicus's syslog on (its
// default, which the other starters turn off with -ns). The machine has
// no syslog daemon to ask, so gophernicus runs in a mount namespace of
// its own (unshare, as root) where /dev/log, on an overlay of /dev, is a
// link to a datagram socket of this test: the host's /dev is untouched.
func StartGopherSyslog(t testing.TB, files map[string][]byte) (addr string, log *Syslog) {
	t.Helper()
	need(t, "unshare", "util-linux")
	dir := t.TempDir()
	sock := filepath.Join(dir, "log")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatalf("realservers: syslog socket: %v", err)
	}
	os.Chmod(sock, 0o666) // gophernicus drops privileges before it logs
	t.Cleanup(func() { conn.Close() })
	log = &Syslog{}
	go func() {
		buf := make([]byte, 64<<10)
		for {
			n, err := conn.Read(buf)
			if err != nil {
				return
			}
			log.mu.Lock()
			log.grams = append(log.grams, string(buf[:n]))
			log.mu.Unlock()
		}
	}()
	upper, work := filepath.Join(dir, "upper"), filepath.Join(dir, "work")
	os.Mkdir(upper, 0o755)
	os.Mkdir(work, 0o755)
	// $1 upper, $2 work, $3 socket; the rest is the server's command.
	const script = `mount --make-rprivate / && mount -t overlay overlay -o "lowerdir=/dev,upperdir=$1,workdir=$2" /dev && ln -s "$3" /dev/log && shift 3 && exec "$@"`
	root := writeTree(t, files)
	var lastErr error
	for try := 0; try < 5; try++ {
		port := FreePort(t)
		addr = "127.0.0.1:" + strconv.Itoa(port)
		args := []string{"-m", "sh", "-c", script, "sh", upper, work, sock,
			socketActivate, "-l", addr, "--inetd", "-a", gophernicusBin,
			"-h", "localhost", "-p", strconv.Itoa(port), "-r", root, "-nv", "-nr", "-e", "txt=9"}
		if lastErr = start(t, "gophernicus", addr, "unshare", args...); lastErr == nil {
			return addr, log
		}
		// A second try needs a fresh work directory for the overlay.
		os.RemoveAll(work)
		os.Mkdir(work, 0o755)
	}
	t.Fatalf("realservers: gophernicus with syslog did not start: %v", lastErr)
	return "", nil
}
