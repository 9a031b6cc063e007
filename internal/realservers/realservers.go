// Package realservers starts real Gopher and Gemini servers (the Debian
// packages gophernicus and molly-brown) on loopback for tests, serving
// files from a fresh temporary directory. Each server is stopped by its
// PID when the test ends.
package realservers

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const (
	gophernicusBin = "/usr/sbin/gophernicus"
	socketActivate = "systemd-socket-activate"
	mollyBrownBin  = "molly-brown"
)

// StartGopher serves files (slash-separated path under the root -> bytes)
// with gophernicus and returns its "127.0.0.1:port". Text files are
// declared binary (`-e txt=9`), so every reply is the file byte for byte.
func StartGopher(t testing.TB, files map[string][]byte) string {
	return startGopher(t, files, "-e", "txt=9")
}

// StartGopherLogged is StartGopher that also writes gophernicus's
// access log (Apache's combined format, one line per request), and
// returns its path.
func StartGopherLogged(t testing.TB, files map[string][]byte) (addr, accessLog string) {
	log := filepath.Join(t.TempDir(), "access.log")
	return startGopher(t, files, "-e", "txt=9", "-l", log), log
}

// StartGopherText is StartGopher with gophernicus's own handling of text
// files: it rewrites their line endings to CRLF.
func StartGopherText(t testing.TB, files map[string][]byte) string {
	return startGopher(t, files)
}

func startGopher(t testing.TB, files map[string][]byte, extra ...string) string {
	t.Helper()
	need(t, gophernicusBin, "gophernicus")
	need(t, socketActivate, "systemd")
	root := writeTree(t, files)
	var lastErr error
	for try := 0; try < 5; try++ {
		port := FreePort(t)
		addr := "127.0.0.1:" + strconv.Itoa(port)
		args := append([]string{"-l", addr, "--inetd", "-a", gophernicusBin,
			"-h", "localhost", "-p", strconv.Itoa(port), "-r", root, "-nv", "-ns", "-nr"}, extra...)
		if lastErr = start(t, "gophernicus", addr, socketActivate, args...); lastErr == nil {
			return addr
		}
	}
	t.Fatalf("realservers: gophernicus did not start: %v", lastErr)
	return ""
}

// Gemini is a running molly-brown.
type Gemini struct {
	// Host is "localhost:port": molly-brown answers 53 to requests for
	// any other host name, so URLs must use it.
	Host        string
	Port        int
	URL         string // gemini://localhost:port
	Fingerprint string // SHA-256 of its certificate as openssl prints it
	CertPath    string
	// AccessLog is molly-brown's access log (its AccessLog setting). It
	// writes each line after the request, from a goroutine of its own, so
	// a reader may have to wait for the last ones.
	AccessLog string
}

// GeminiOptions configure molly-brown's redirects: a regular expression
// on the request path -> the path to redirect to (status 30 or 31).
type GeminiOptions struct {
	TempRedirects map[string]string
	PermRedirects map[string]string
}

// StartGemini serves files with molly-brown and a fresh self-signed
// certificate made by openssl. molly-brown listens on every interface;
// send it only loopback traffic.
func StartGemini(t testing.TB, files map[string][]byte, opts GeminiOptions) *Gemini {
	t.Helper()
	need(t, mollyBrownBin, "molly-brown")
	dir := t.TempDir()
	docs := writeTree(t, files)
	cert, key, fp := makeCert(t, dir)
	var lastErr error
	for try := 0; try < 5; try++ {
		port := FreePort(t)
		conf := filepath.Join(dir, "molly.conf")
		var sb strings.Builder
		fmt.Fprintf(&sb, "Port = %d\nHostname = \"localhost\"\nCertPath = %q\nKeyPath = %q\nDocBase = %q\nAccessLog = %q\nErrorLog = %q\n",
			port, cert, key, docs+"/", filepath.Join(dir, "access.log"), filepath.Join(dir, "error.log"))
		writeRedirects(&sb, "TempRedirects", opts.TempRedirects)
		writeRedirects(&sb, "PermRedirects", opts.PermRedirects)
		if err := os.WriteFile(conf, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		addr := "127.0.0.1:" + strconv.Itoa(port)
		if lastErr = start(t, "molly-brown", addr, mollyBrownBin, "-c", conf); lastErr == nil {
			return &Gemini{
				Host: "localhost:" + strconv.Itoa(port), Port: port,
				URL: "gemini://localhost:" + strconv.Itoa(port), Fingerprint: fp, CertPath: cert,
				AccessLog: filepath.Join(dir, "access.log"),
			}
		}
	}
	t.Fatalf("realservers: molly-brown did not start: %v", lastErr)
	return nil
}

// makeCert makes a self-signed certificate for localhost with openssl in
// dir and returns its files and SHA-256 fingerprint as openssl prints it.
func makeCert(t testing.TB, dir string) (cert, key, fingerprint string) {
	t.Helper()
	need(t, "openssl", "openssl")
	cert, key = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	run(t, "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
		"-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=localhost",
		"-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1")
	fp := run(t, "openssl", "x509", "-in", cert, "-noout", "-fingerprint", "-sha256")
	_, fp, _ = strings.Cut(strings.TrimSpace(fp), "=")
	return cert, key, fp
}

func writeRedirects(sb *strings.Builder, section string, m map[string]string) {
	if len(m) == 0 {
		return
	}
	fmt.Fprintf(sb, "\n[%s]\n", section)
	for from, to := range m {
		fmt.Fprintf(sb, "%q = %q\n", from, to)
	}
}

// need fails the test, saying what to install, when a program is missing.
func need(t testing.TB, bin, pkg string) {
	t.Helper()
	if _, err := exec.LookPath(bin); err != nil {
		t.Fatalf("realservers: %s is missing: install the Debian package %s (./build.sh deps does)", bin, pkg)
	}
}

func run(t testing.TB, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("realservers: %s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// writeTree fills a fresh directory with files.
func writeTree(t testing.TB, files map[string][]byte) string {
	t.Helper()
	root := t.TempDir()
	// The root must be world-readable for the servers.
	os.Chmod(root, 0o755)
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// startWait bounds the wait for a server to listen.
const startWait = 30 * time.Second

// start runs a server, waits until addr accepts connections, and stops it
// by PID at cleanup.
func start(t testing.TB, what, addr, name string, args ...string) error {
	t.Helper()
	cmd := exec.Command(name, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	stop := func() {
		// The process group holds the server and any per-connection child.
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(3 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
	}
	// A loaded machine can take seconds to start a server; one that
	// fails to bind exits, which ends the wait at once.
	deadline := time.Now().Add(startWait)
	for {
		select {
		case <-exited:
			return fmt.Errorf("%s exited: %s", what, strings.TrimSpace(out.String()))
		default:
		}
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			t.Cleanup(stop)
			return nil
		}
		if time.Now().After(deadline) {
			stop()
			return fmt.Errorf("%s did not listen on %s within %s: %s", what, addr, startWait, strings.TrimSpace(out.String()))
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// File reads testdata/relay/name, the robots.txt files the servers are
// given in tests, from any package of the module.
func File(t testing.TB, name string) []byte {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(here), "..", "..")
	b, err := os.ReadFile(filepath.Join(root, "testdata", "relay", name))
	if err != nil {
		t.Fatalf("realservers: %v", err)
	}
	return b
}
