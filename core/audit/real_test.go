package audit

import (
	"bufio"
	"crypto/tls"
	"io"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/smolbots/smolbots/internal/realservers"
)

// The lines the real servers Debian packages write (molly-brown's access
// log, gophernicus's -l file and its syslog messages), read alone and in
// every framing under the tags a set-up gives them: each is the request
// the test made, in every framing.
func TestRealServersFramed(t *testing.T) {
	files := map[string][]byte{"robots.txt": []byte("User-agent: *\nDisallow: /private\n"), "private/x.txt": []byte("x\n"), "index.txt": []byte("i\n")}
	t.Run("molly-brown", func(t *testing.T) {
		g := realservers.StartGemini(t, files, realservers.GeminiOptions{})
		addr := "127.0.0.1:" + g.Host[strings.LastIndexByte(g.Host, ':')+1:]
		for _, p := range []string{"/robots.txt", "/private/x.txt"} {
			c, err := net.DialTimeout("tcp", addr, 5*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			c.SetDeadline(time.Now().Add(10 * time.Second))
			tc := tls.Client(c, &tls.Config{InsecureSkipVerify: true, ServerName: "localhost"})
			io.WriteString(tc, g.URL+p+"\r\n")
			head, _ := bufio.NewReader(tc).ReadString('\n')
			tc.Close()
			if !strings.HasPrefix(head, "20 ") {
				t.Fatalf("%s: %q", p, head)
			}
		}
		// molly-brown writes each line from a goroutine of its own, in any order.
		lines := waitFileLines(t, g.AccessLog, holding("/robots.txt", "/private/x.txt"))
		checkRealFramed(t, lines, "molly-brown", false, []string{"molly-brown", "gemini"}, []string{g.URL + "/robots.txt", g.URL + "/private/x.txt"})
	})
	gopherRequests := func(t *testing.T, addr string) {
		for _, sel := range []string{"robots.txt", "/private/x.txt"} {
			c, err := net.DialTimeout("tcp", addr, 5*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			c.SetDeadline(time.Now().Add(10 * time.Second))
			io.WriteString(c, sel+"\r\n")
			io.Copy(io.Discard, c)
			c.Close()
		}
	}
	t.Run("gophernicus file", func(t *testing.T) {
		addr, log := realservers.StartGopherLogged(t, files)
		gopherRequests(t, addr)
		lines := waitFileLines(t, log, holding("/robots.txt", "/private/x.txt"))
		checkRealFramed(t, lines, "gophernicus", false, []string{"gophernicus", "in.gophernicus", "gopher"}, []string{"/robots.txt", "/private/x.txt"})
	})
	t.Run("gophernicus syslog", func(t *testing.T) {
		addr, sys := realservers.StartGopherSyslog(t, files)
		gopherRequests(t, addr)
		var msgs []string
		for _, gram := range sys.Wait(t, "/robots.txt\"", "/private/x.txt\"") {
			// glibc sends "<PRI>Mmm dd hh:mm:ss TAG[PID]: MESSAGE".
			tag, msg, ok := strings.Cut(gram, "]: ")
			if !ok || !strings.Contains(tag, " gophernicus[") {
				t.Fatalf("a datagram not from gophernicus[PID]: %q", gram)
			}
			msgs = append(msgs, msg)
		}
		checkRealFramed(t, msgs, "gophernicus-syslog", true, []string{"gophernicus", "in.gophernicus", "gopher"}, []string{"/robots.txt", "/private/x.txt"})
	})
}

// holding: the lines hold each of texts.
func holding(texts ...string) func([]string) bool {
	return func(ls []string) bool {
		all := strings.Join(ls, "\n")
		for _, text := range texts {
			if !strings.Contains(all, text) {
				return false
			}
		}
		return true
	}
}

func waitFileLines(t *testing.T, path string, done func([]string) bool) []string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, _ := os.ReadFile(path)
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		if strings.HasSuffix(string(b), "\n") && done(lines) {
			return lines
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s after 10 s:\n%s", path, b)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// checkRealFramed: each message is a request of format (a syslog-only
// one read under its own tag), every target wanted is among them, and
// each reads the same in every framing under every tag.
func checkRealFramed(t *testing.T, msgs []string, format string, syslogOnly bool, tags, targets []string) {
	t.Helper()
	t.Logf("%s wrote:\n%s", format, strings.Join(msgs, "\n"))
	seen := map[string]bool{}
	n := 0
	for _, msg := range msgs {
		var ref Entry
		line := msg
		if syslogOnly {
			line = framings[0].frame(tags[0], msg)
		}
		k := reader(t, "auto").Read([]byte(line), &ref)
		if k == Other && ref.Format != nil && ref.Format.Family == FormatByName(format).Family {
			// the start-up probe's connection, which sent no request
			// to molly-brown: the server's line in every framing too
			for _, fr := range framings {
				var e Entry
				if k := reader(t, "auto").Read([]byte(fr.frame(tags[0], msg)), &e); k != Other || e.Format == nil || e.Format.Family != ref.Format.Family {
					t.Errorf("%s: %q reads %s", fr.name, msg, describe(k, &e))
				}
			}
			continue
		}
		if k != Request || ref.Format.Name != format {
			t.Errorf("%q reads %s, want a request of %s", line, describe(k, &ref), format)
			continue
		}
		want := ref.String()
		seen[string(ref.Target)] = true
		for _, fr := range framings {
			for _, tag := range tags {
				framed := fr.frame(tag, msg)
				var e Entry
				k := reader(t, "auto").Read([]byte(framed), &e)
				w := want
				if syslogOnly {
					// the time is the framing's
					w = strings.Replace(want, "time="+FormatTime(ref.Time), "time="+map[bool]string{true: FormatTime(framingTime), false: "-"}[fr.hasTime], 1)
				}
				n++
				if k != Request || e.String() != w {
					t.Errorf("%s under %q: %q reads %s, want %s", fr.name, tag, framed, describe(k, &e), w)
				}
			}
		}
	}
	for _, target := range targets {
		if !seen[target] {
			t.Errorf("no request for %s among %v", target, seen)
		}
	}
	t.Logf("%d real lines of %s, %d framed readings", len(msgs), format, n)
}
