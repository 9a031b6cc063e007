package audit

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/state"
	"github.com/smolbots/smolbots/internal/tabletest"
)

// robots for these tests: /private is denied by every dialect;
// /private/ok only by those without Allow; /x.cgi only by those with *.
const testRobots = "User-agent: *\nDisallow: /private\nAllow: /private/ok\nDisallow: /*.cgi\n"

func molly(sec int, client string, status int, path string) string {
	return fmt.Sprintf("2025-07-14T08:%02d:%02d+02:00\t%s\t%d\tgemini://capsule.example%s\n", sec/60, sec%60, client, status, path)
}

func audit(t *testing.T, robots, log string, opt Options) *Result {
	t.Helper()
	if opt.Now.IsZero() {
		opt.Now, opt.Location = testNow, testLoc
	}
	a, err := New([]byte(robots), opt)
	if err != nil {
		t.Fatal(err)
	}
	a.Begin("test.log")
	if _, err := a.ReadFrom(strings.NewReader(log)); err != nil {
		t.Fatal(err)
	}
	return a.Result()
}

func byClient(res *Result) map[string]Client {
	m := map[string]Client{}
	for _, c := range res.Clients {
		m[c.Client] = c
	}
	return m
}

func TestVerdicts(t *testing.T) {
	log := molly(0, "192.0.2.1", 20, "/robots.txt") + // reads, stays out
		molly(1, "192.0.2.1", 20, "/index.gmi") +
		molly(2, "192.0.2.2", 20, "/private/a") + // goes in before reading: not held against it
		molly(3, "192.0.2.2", 20, "/robots.txt") +
		molly(4, "192.0.2.2", 51, "/private/b") + // then goes in: ignored
		molly(5, "192.0.2.2", 20, "/private/ok") + // disputed
		molly(6, "192.0.2.3", 20, "/private/c") + // never reads
		molly(7, "192.0.2.3", 20, "/x.cgi") +
		molly(8, "192.0.2.4", 53, "/robots.txt") + // asked, was refused: never read it
		molly(9, "192.0.2.4", 20, "/index.gmi") +
		molly(10, "192.0.2.5", 20, "/robots.txt") + // reads, only disputed requests: obeyed
		molly(11, "192.0.2.5", 20, "/x.cgi") +
		molly(12, "192.0.2.5", 20, "/private/ok")
	res := audit(t, testRobots, log, Options{})
	var order []string
	for _, c := range res.Clients {
		order = append(order, c.Client+" "+c.Verdict)
	}
	want := []string{"192.0.2.2 ignored", "192.0.2.3 never-read", "192.0.2.4 never-read", "192.0.2.5 obeyed", "192.0.2.1 obeyed"}
	if !reflect.DeepEqual(order, want) {
		t.Errorf("order %q, want %q", order, want)
	}
	m := byClient(res)
	ign := m["192.0.2.2"]
	if ign.Requests != 4 || ign.Violations != 1 || ign.Disputed != 1 || ign.BeforeRobots != 1 || ign.RobotsFetched != "2025-07-14T06:00:03Z" {
		t.Errorf("ignored: %+v", ign)
	}
	if len(ign.Examples) != 1 || ign.Examples[0].URL != "gemini://capsule.example/private/b" || ign.Examples[0].Line != 2 ||
		ign.Examples[0].Rule != "Disallow: /private" || strings.Join(ign.Examples[0].Dialects, ",") != "gemini,conner2020,rfc9309,norobots" {
		t.Errorf("ignored's examples: %+v", ign.Examples)
	}
	nr := m["192.0.2.3"]
	if nr.Violations != 1 || nr.Disputed != 1 || nr.BeforeRobots != 2 || nr.RobotsFetched != "" || strings.Join(nr.DisputedBy, ",") != "rfc9309" {
		t.Errorf("never-read: %+v", nr)
	}
	if m["192.0.2.4"].RobotsFetched != "" || m["192.0.2.4"].BeforeRobots != 2 {
		t.Errorf("a refused robots.txt request is not a reading: %+v", m["192.0.2.4"])
	}
	ob := m["192.0.2.5"]
	if ob.Disputed != 2 || strings.Join(ob.DisputedBy, ",") != "gemini,conner2020,rfc9309,norobots" || len(ob.Examples) != 2 || !ob.Examples[0].Disputed {
		t.Errorf("disputed only: %+v", ob)
	}
	// /x.cgi: only rfc9309 denies, and its line decides; /private/ok:
	// gemini, conner2020 and norobots deny, and the first of them decides.
	if ob.Examples[0].Line != 4 || ob.Examples[1].Line != 2 || strings.Join(ob.Examples[1].Dialects, ",") != "gemini,conner2020,norobots" {
		t.Errorf("disputed examples: %+v", ob.Examples)
	}
	if res.Ignored() != 1 || res.Requests != 13 {
		t.Errorf("ignored %d, requests %d", res.Ignored(), res.Requests)
	}
}

// A violation takes the examples' place from disputed requests; at most
// three are kept, the first three.
func TestExamplesFirstThreeViolations(t *testing.T) {
	log := molly(0, "192.0.2.9", 20, "/robots.txt") + molly(1, "192.0.2.9", 20, "/x.cgi")
	for i := 0; i < 5; i++ {
		log += molly(2+i, "192.0.2.9", 20, fmt.Sprintf("/private/%d", i))
	}
	c := audit(t, testRobots, log, Options{}).Clients[0]
	var urls []string
	for _, ex := range c.Examples {
		urls = append(urls, strings.TrimPrefix(ex.URL, "gemini://capsule.example"))
	}
	if c.Violations != 5 || strings.Join(urls, " ") != "/private/0 /private/1 /private/2" {
		t.Errorf("%d violations, examples %q", c.Violations, urls)
	}
}

// A client at a published address is named and judged by its preset:
// Kennedy reads no Allow, so /private/ok is denied to it outright.
func TestKnownCrawler(t *testing.T) {
	log := molly(0, "64.149.155.184", 20, "/robots.txt") + molly(1, "64.149.155.184", 20, "/private/ok") +
		molly(2, "[2600:1700:1731:d0f:35a7:42d4:c71f:a02b]", 20, "/index.gmi")
	m := byClient(audit(t, testRobots, log, Options{}))
	k := m["64.149.155.184"]
	if k.Crawler != "kennedy" || k.CrawlerName != "Kennedy" || k.Verdict != Ignored || k.Violations != 1 ||
		len(k.Examples) != 1 || strings.Join(k.Examples[0].Dialects, ",") != "kennedy" || k.Examples[0].Line != 2 {
		t.Errorf("%+v", k)
	}
	if v6 := m["2600:1700:1731:d0f:35a7:42d4:c71f:a02b"]; v6.Crawler != "kennedy" || v6.Verdict != NeverRead {
		t.Errorf("the IPv6 address, in brackets: %+v", v6)
	}
	for _, p := range PublishedAddresses {
		if _, ok := crawlers.ReaderByID(p.Preset); !ok || p.Source == "" || p.Date == "" {
			t.Errorf("%+v: a published address needs a preset, a source and a date", p)
		}
	}
	for _, d := range crawlers.All() {
		_, none := Unpublished[d.ID]
		has := false
		for _, p := range PublishedAddresses {
			has = has || p.Preset == d.ID
		}
		if has == none {
			t.Errorf("preset %s: list its published addresses or say in Unpublished why there are none (not both)", d.ID)
		}
	}
}

// One client whatever the spelling of its address: brackets, the
// IPv4-in-IPv6 prefix, zeros, upper case.
func TestClientSpellings(t *testing.T) {
	log := molly(0, "[2001:DB8:0::5]", 20, "/robots.txt") +
		"192.0.2.9:5 GET gemini://capsule.example/private/a 20 text/gemini\n" +
		"2001:db8::5:4242 GET gemini://capsule.example/private/b 20 text/gemini\n" +
		molly(3, "[::ffff:192.0.2.9]", 20, "/robots.txt")
	res := audit(t, testRobots, log, Options{})
	m := byClient(res)
	if len(res.Clients) != 2 || m["2001:db8::5"].Violations != 1 || m["192.0.2.9"].BeforeRobots != 1 || m["192.0.2.9"].Verdict != Obeyed {
		t.Errorf("%+v", res.Clients)
	}
	if m["192.0.2.9"].RobotsFetched != "2025-07-14T06:00:03Z" || res.Untimed != 2 {
		t.Errorf("times: %+v, untimed %d", m["192.0.2.9"], res.Untimed)
	}
}

// agate without --log-ip and geminid record no address: their requests
// are one anonymous client, and the notes say clients cannot be told
// apart.
func TestAnonymous(t *testing.T) {
	log := `[2025-07-14T06:15:02Z INFO  agate] 192.0.2.1:1965 - "gemini://capsule.example/robots.txt" 20 "text/plain"
[2025-07-14T06:15:03Z INFO  agate] 192.0.2.1:1965 - "gemini://capsule.example/private/a" 20 "text/gemini"
[14/Jul/2025:06:15:04 +0000] gemini://capsule.example/private/b capsule.example private/b 20 10 - -
`
	res := audit(t, testRobots, log, Options{})
	if len(res.Clients) != 1 || res.Clients[0].Client != "-" || !res.Clients[0].Anonymous || res.Clients[0].Violations != 2 || res.Anonymous != 3 {
		t.Fatalf("%+v", res.Clients)
	}
	notes := strings.Join(Notes(res), "\n")
	if !strings.Contains(notes, "clients cannot be told apart") || !strings.Contains(notes, "--log-ip") || !strings.Contains(notes, "geminid records none") {
		t.Errorf("notes:\n%s", notes)
	}
}

// Each request is judged by its own protocol's dialects; -protocol
// judges every request by one scope and leaves the other protocol out;
// HTTP through PyGopherd is always out.
func TestProtocols(t *testing.T) {
	log := `192.0.2.20 [GopherProtocol/FileHandler]: robots.txt
192.0.2.20 [GopherProtocol/FileHandler]: /private/ok
192.0.2.20 [GeminiProtocol/FileHandler]: /private/ok
192.0.2.20 [HTTPProtocol/FileHandler]: /private/x
`
	res := audit(t, testRobots, log, Options{})
	c := res.Clients[0]
	// Gopher: gopher2019, conner2020, norobots deny; gopherdraft and
	// rfc9309 allow. Gemini: gemini, conner2020, norobots deny.
	if c.Requests != 3 || c.Disputed != 2 || strings.Join(c.DisputedBy, ",") != "gopher2019,gemini,conner2020,norobots" || res.OutOfScope != 1 {
		t.Errorf("%+v, out of scope %d", c, res.OutOfScope)
	}
	if len(res.Scopes) != 2 || res.Scopes[0].Protocol != "gemini" || res.Scopes[1].Protocol != "gopher" {
		t.Errorf("scopes %+v", res.Scopes)
	}
	res = audit(t, testRobots, log, Options{Protocol: core.ProtocolGemini})
	if c := res.Clients[0]; c.Requests != 1 || c.Verdict != NeverRead || res.OutOfScope != 3 {
		t.Errorf("-protocol gemini: %+v, out of scope %d", c, res.OutOfScope)
	}
	res = audit(t, testRobots, log, Options{Protocol: core.ProtocolAny})
	if c := res.Clients[0]; c.Requests != 3 || c.Verdict != Obeyed || len(res.Scopes) != 1 || len(res.Scopes[0].Dialects) != 6 {
		t.Errorf("-protocol any: %+v %+v", c, res.Scopes)
	}
}

// Requests before Since are left out, but a robots.txt fetch before it
// still counts as read; lines with no time cannot be placed.
func TestSince(t *testing.T) {
	log := molly(0, "192.0.2.30", 20, "/robots.txt") + molly(1, "192.0.2.30", 20, "/private/a") +
		molly(100, "192.0.2.30", 20, "/private/b") + molly(2, "192.0.2.31", 20, "/private/c") +
		"192.0.2.32:5 GET gemini://capsule.example/private/d 20 text/gemini\n"
	since := time.Date(2025, 7, 14, 6, 1, 0, 0, time.UTC)
	res := audit(t, testRobots, log, Options{Since: since})
	if len(res.Clients) != 1 || res.Clients[0].Violations != 1 || res.Clients[0].Requests != 1 || res.Clients[0].RobotsFetched != "2025-07-14T06:00:00Z" {
		t.Errorf("%+v", res.Clients)
	}
	if res.BeforeSince != 3 || res.Undated != 1 {
		t.Errorf("before %d, undated %d", res.BeforeSince, res.Undated)
	}
	now := time.Date(2025, 7, 20, 0, 0, 0, 0, time.UTC)
	parseSince := func(in string) string {
		got, err := ParseSince(in, now, testLoc)
		if err != nil {
			return err.Error()
		}
		return got.UTC().Format(time.RFC3339)
	}
	tabletest.Strings(t, "ParseSince", parseSince, map[string]string{
		"2025-07-14T06:01:00Z": "2025-07-14T06:01:00Z",
		"2025-07-14":           "2025-07-13T22:00:00Z",
		"2025-07-14 08:01:00":  "2025-07-14T06:01:00Z",
		"36h":                  "2025-07-18T12:00:00Z",
		"7d":                   "2025-07-13T00:00:00Z",
	})
	for _, bad := range []string{"yesterday", "-3h", "2025-13-01"} {
		if _, err := ParseSince(bad, now, testLoc); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// The same log gives the same result however it is cut into writes,
// as the page will feed it: byte by byte, in odd chunks, with CRLF line
// ends, without a final line end.
func TestChunking(t *testing.T) {
	log := molly(0, "192.0.2.1", 20, "/robots.txt") + molly(1, "192.0.2.1", 20, "/private/a") +
		"nonsense\n" + molly(2, "[2001:db8::7]", 20, "/x.cgi")
	want := audit(t, testRobots, log, Options{})
	for name, feed := range map[string]func(a *Auditor){
		"one byte at a time": func(a *Auditor) { a.ReadFrom(iotest.OneByteReader(strings.NewReader(log))) },
		"halves":             func(a *Auditor) { a.ReadFrom(iotest.HalfReader(strings.NewReader(log))) },
		"CRLF":               func(a *Auditor) { a.Write([]byte(strings.ReplaceAll(log, "\n", "\r\n"))) },
		"no final line end":  func(a *Auditor) { a.Write([]byte(strings.TrimSuffix(log, "\n"))) },
	} {
		a, _ := New([]byte(testRobots), Options{Now: testNow, Location: testLoc})
		a.Begin("test.log")
		feed(a)
		if got := a.Result(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n%+v\nwant\n%+v", name, got, want)
		}
	}
}

// A line longer than MaxLineBytes is never held whole: it counts as one
// unmatched line, shown cut.
func TestOverlongLine(t *testing.T) {
	long := strings.Repeat("x", 3*MaxLineBytes)
	a, _ := New([]byte(testRobots), Options{})
	a.Begin("big.log")
	for i := 0; i < len(long); i += 1000 {
		a.Write([]byte(long[i:min(i+1000, len(long))]))
	}
	a.Write([]byte("\n" + molly(0, "192.0.2.1", 20, "/private/a")))
	res := a.Result()
	if res.Lines != 2 || res.Unmatched != 1 || res.Requests != 1 || len(res.UnmatchedLines[0].Text) > 204 || cap(a.partial) > 2*MaxLineBytes {
		t.Errorf("%+v (held %d)", res.Stats, cap(a.partial))
	}
}

// Unmatched lines are counted, the first three kept with their file and
// line; in the text they are escaped.
func TestUnmatchedReported(t *testing.T) {
	a, _ := New([]byte(testRobots), Options{})
	a.Begin("one.log")
	a.Write([]byte("bad \x1b[31m one\n" + molly(0, "192.0.2.1", 20, "/a")))
	a.Begin("two.log")
	a.Write([]byte("bad two\nbad three\nbad four\n"))
	res := a.Result()
	if res.Unmatched != 4 || len(res.UnmatchedLines) != 3 || res.UnmatchedLines[2] != (Line{"two.log", 2, "bad three"}) {
		t.Fatalf("%+v", res.Stats)
	}
	var b bytes.Buffer
	WriteText(&b, res, "robots.txt")
	if strings.ContainsRune(b.String(), 0x1b) || !strings.Contains(b.String(), `one.log:1: bad \x1b[31m one`) || !strings.Contains(b.String(), "4 lines match no format; the first:") {
		t.Errorf("text:\n%s", b.String())
	}
}

// Client names and URLs from the log never reach the terminal raw.
func TestTextEscapes(t *testing.T) {
	log := "[2025-07-14 06:15:02 +0000|evil\x1b]0;x\x07.example|50211|serving] /robots.txt\n" +
		"[2025-07-14 06:15:03 +0000|evil\x1b]0;x\x07.example|50211|serving] /private/\x1b[2J\n"
	var b bytes.Buffer
	res := audit(t, testRobots, log, Options{Link: func(s state.State) string { return "#" + state.Encode(s) }})
	WriteText(&b, res, "robots.txt")
	if strings.ContainsAny(b.String(), "\x1b\x07") || !strings.Contains(b.String(), `/private/\x1b[2J`) {
		t.Errorf("text:\n%q", b.String())
	}
	// The permalink opens the case: the file, the path, the protocol.
	link := res.Clients[0].Examples[0].Link
	s, err := state.Decode(link)
	if err != nil || s.Robots != testRobots || s.Selectors != "/private/\x1b[2J" || s.Protocol != "gopher" || s.Agents != "*" {
		t.Errorf("link %q: %+v %v", link, s, err)
	}
}

// The verdict cache is bounded: more distinct paths than it holds give
// the same verdicts.
func TestCacheBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(molly(0, "192.0.2.1", 20, "/robots.txt"))
	for i := 0; i < cacheSize+100; i++ {
		p := fmt.Sprintf("/pub/%d", i)
		if i%1000 == 7 {
			p = fmt.Sprintf("/private/%d", i)
		}
		b.WriteString(molly(1, "192.0.2.1", 20, p))
	}
	a, _ := New([]byte(testRobots), Options{})
	a.ReadFrom(strings.NewReader(b.String()))
	c := a.Result().Clients[0]
	if want := (cacheSize + 100 + 992) / 1000; c.Violations != want {
		t.Errorf("%d violations, want %d", c.Violations, want)
	}
	for _, s := range a.scopes {
		if s != nil && len(s.cache) > cacheSize {
			t.Errorf("cache holds %d", len(s.cache))
		}
	}
}

var _ io.ReaderFrom = (*Auditor)(nil)
var _ io.Writer = (*Auditor)(nil)
