package main

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/smolbots/smolbots/internal/realservers"
)

// openPTY gives a pseudo-terminal: the side a command writes to (a
// terminal, as a user's) and the side that reads what it wrote.
func openPTY(t *testing.T) (term, reader *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Fatalf("no pseudo-terminal: %v", err)
	}
	var unlock int32
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatal(e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatal(e)
	}
	s, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(); m.Close() })
	return s, m
}

// fix's file on a terminal shows control bytes as lint quotes them, as
// fetch's body does; redirected to a file it keeps them (TestFixBadInput
// and the golden tests read it byte for byte).
func TestFixEscapesOnATerminal(t *testing.T) {
	term, reader := openPTY(t)
	var stderr bytes.Buffer
	code := run([]string{"fix", "-protocol", "gemini", "-"}, bytes.NewReader([]byte("User-agent: *\nDisallow: /a\x1b]0;X\x07\x1b[2J\n")), term, &stderr)
	reader.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 4096)
	n, _ := reader.Read(buf)
	got := string(buf[:n])
	if code == 2 || bytes.ContainsAny(buf[:n], "\x1b\x07") || !bytes.Contains(buf[:n], []byte(`Disallow: /a\x1b]0;X\a\x1b[2J`)) {
		t.Errorf("exit %d, the terminal got %q (stderr %q)", code, got, stderr.String())
	}
}

// fetch's body on a terminal is escaped: a hostile capsule's file cannot
// retitle the window or clear the screen (piped, it stays byte for byte:
// TestTextOutputEscapesControls).
func TestFetchEscapesOnATerminal(t *testing.T) {
	body := "User-agent: *\nDisallow: /a\x1b]0;X\x07\x1b[2J\n"
	addr := realservers.StartGopher(t, map[string][]byte{"robots.txt": []byte(body)})
	term, reader := openPTY(t)
	var stderr bytes.Buffer
	code := run([]string{"fetch", "gopher://" + addr}, bytes.NewReader(nil), term, &stderr)
	reader.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 4096)
	n, _ := reader.Read(buf)
	got := buf[:n]
	if code != 0 || bytes.ContainsAny(got, "\x1b\x07") || !bytes.Contains(got, []byte(`Disallow: /a\x1b]0;X\a\x1b[2J`)) {
		t.Errorf("exit %d, the terminal got %q (stderr %q)", code, got, stderr.String())
	}
}
