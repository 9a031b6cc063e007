package state

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/v1.golden from the current encoder")

// goldenCase is one line of testdata/v1.golden: a state and its v1 fragment.
type goldenCase struct {
	Name  string `json:"name"`
	State State  `json:"state"`
	Hash  string `json:"hash"`
}

// goldenStates are the cases pinned in testdata/v1.golden.
var goldenStates = []goldenCase{
	{Name: "empty"},
	{Name: "robots only", State: State{Robots: "User-agent: *\nDisallow: /private\n"}},
	{Name: "typical", State: State{
		Robots:    "User-agent: *\nDisallow: /private\n\nUser-agent: indexer\nDisallow: /\nAllow: /public\n",
		Selectors: "/private/x\n/public/y\ngopher://example.org/1/phlog\ngemini://example.org/gemlog/",
		Agents:    "GUS(indexer)\n*\nLupa(researcher,archiver)",
		Hidden:    []string{"gopher2019", "norobots"},
		Cell:      "gemini\nGUS(indexer)\n/private/x",
	}},
	{Name: "crlf and tabs", State: State{Robots: "User-agent: *\r\nDisallow:\t/a\r\n", Selectors: "/a\r\n/b"}},
	{Name: "unicode", State: State{Robots: "User-agent: *\nDisallow: /ünïcødé/日本\n", Selectors: "/ünïcødé/日本/x", Agents: "Ünï(indexer)"}},
	{Name: "nul and control bytes", State: State{Robots: "Disallow: /a\x00b\x01\n", Selectors: "/a\x00b"}},
	{Name: "hidden with empty id", State: State{Hidden: []string{"", "rfc9309"}}},
	{Name: "cell only", State: State{Cell: "rfc9309\n*\n/"}},
	{Name: "crawlers chosen", State: State{Selectors: "/private-notes", Crawlers: []string{"tlgs", "veronica2"}, Cell: "tlgs\n\n/private-notes"}},
	{Name: "no crawlers", State: State{Robots: "User-agent: *\n", Crawlers: []string{}}},
	{Name: "served over gemini", State: State{
		Robots:   "User-agent: *\nDisallow: /private\n",
		Hidden:   []string{"gopher2019", "gopherdraft"},
		Protocol: "gemini",
	}},
}

// pinned are encodings written by hand into this file: they catch a
// format change even after -update has rewritten the golden file.
var pinned = []struct {
	hash string
	want State
}{
	{"v1.AQAA__8", State{}},
	{"v1.YlQMLU4t0k1MT80rsVLQ4nLJLE7Myckvt1LQLyjKLEssSeViEoIx9Su49AtKk3Iyk5n53EODNTLzUlIrUos0ubQAAQAA__8",
		State{Robots: "User-agent: *\nDisallow: /private\n", Selectors: "/private/x\n/public", Agents: "GUS(indexer)\n*"}},
	{"v1.YuQLLU4t0k1MT80rsVLQ4mJnAAQAAP__", State{Robots: "User-agent: *\n", Crawlers: []string{}}},
}

const goldenPath = "testdata/v1.golden"

func TestPinnedV1(t *testing.T) {
	for _, p := range pinned {
		got, err := Decode(p.hash)
		if err != nil {
			t.Fatalf("Decode(%q): %v", p.hash, err)
		}
		if !equal(got, p.want) {
			t.Errorf("Decode(%q) = %#v, want %#v", p.hash, got, p.want)
		}
		if enc := Encode(p.want); enc != p.hash {
			t.Errorf("Encode(%#v) = %q, want %q (if only this fails after a Go upgrade, the compressor changed, not the format: old links still open)", p.want, enc, p.hash)
		}
	}
}

func TestGoldenV1(t *testing.T) {
	if *update {
		var buf bytes.Buffer
		for _, c := range goldenStates {
			c.Hash = Encode(c.State)
			line, err := json.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			buf.Write(line)
			buf.WriteByte('\n')
		}
		if err := os.WriteFile(filepath.FromSlash(goldenPath), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := readGolden(t)
	if len(cases) != len(goldenStates) {
		t.Errorf("%s has %d cases, the test lists %d (run with -update)", goldenPath, len(cases), len(goldenStates))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			// The contract: a fragment written once decodes to the same state forever.
			got, err := Decode(c.Hash)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if !equal(got, c.State) {
				t.Errorf("Decode(%q) = %#v, want %#v", c.Hash, got, c.State)
			}
			if enc := Encode(c.State); enc != c.Hash {
				t.Errorf("Encode = %q, golden %q (if only this fails after a Go upgrade, the compressor changed: rerun with -update)", enc, c.Hash)
			}
		})
	}
}

func readGolden(t *testing.T) []goldenCase {
	t.Helper()
	f, err := os.Open(filepath.FromSlash(goldenPath))
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	defer f.Close()
	var out []goldenCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c goldenCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s: %v", goldenPath, err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// equal compares states treating nil and empty Hidden alike.
func equal(a, b State) bool {
	if len(a.Hidden) == 0 && len(b.Hidden) == 0 {
		a.Hidden, b.Hidden = nil, nil
	}
	return reflect.DeepEqual(a, b)
}

func TestRoundTrip(t *testing.T) {
	big := strings.Repeat("User-agent: bot\nDisallow: /x\n\n", 500*1024/30)
	states := []State{
		{},
		{Robots: "\r\n\r\n", Selectors: "\n", Agents: " "},
		{Robots: "a\x00b\x00", Selectors: "\x00"},
		{Robots: "\xff\xfe not utf-8 \xc3", Cell: "\xff"},
		{Robots: "🤖 User-agent: *\nDisallow: /日本\n", Agents: "Robot🤖(indexer)"},
		{Hidden: []string{"gemini"}},
		{Hidden: []string{"a", "", "b", "a"}},
		{Robots: big, Selectors: "/x", Agents: "bot"},
	}
	for _, s := range states {
		h := Encode(s)
		if strings.HasPrefix(h, "#") || !strings.HasPrefix(h, Prefix) {
			t.Errorf("Encode gives %.20q..., want the prefix %q and no '#'", h, Prefix)
		}
		for _, in := range []string{h, "#" + h} {
			got, err := Decode(in)
			if err != nil {
				t.Errorf("Decode(Encode(%.40q)): %v", s.Robots, err)
				continue
			}
			if !equal(got, s) {
				t.Errorf("round trip changed the state: %#.60v became %#.60v", s, got)
			}
		}
	}
}

func TestDecodeEmpty(t *testing.T) {
	for _, in := range []string{"", "#"} {
		s, err := Decode(in)
		if err != nil || !equal(s, State{}) {
			t.Errorf("Decode(%q) = %#v, %v; want the zero state and no error", in, s, err)
		}
	}
}

// wrapped is raw as a fragment, as Encode writes its records.
func wrapped(raw []byte) string { return Wrap(deflate(raw)) }

func TestDecodeGarbage(t *testing.T) {
	good := Encode(goldenStates[2].State)
	rng := rand.New(rand.NewSource(1))
	randomBytes := make([]byte, 300)
	rng.Read(randomBytes)
	bomb := wrapped(make([]byte, MaxDecodedBytes+1)) // 1 MiB of zeros packs into about a kilobyte
	cases := map[string]string{
		"random bytes":         string(randomBytes),
		"random base64":        Prefix + base64.RawURLEncoding.EncodeToString(randomBytes),
		"truncated":            good[:len(good)/2],
		"truncated by one":     good[:len(good)-1],
		"no version":           "hello",
		"empty version":        ".abc",
		"wrong version":        "v3." + good[len(Prefix):],
		"v10":                  "v10." + good[len(Prefix):],
		"bad base64":           "v1.!!!",
		"padded base64":        good + "==",
		"empty body":           "v1.",
		"deflate bomb":         bomb,
		"oversize":             Prefix + strings.Repeat("A", MaxHashBytes),
		"record past the end":  wrapped([]byte{1, 10, 'a'}),
		"bad varint":           wrapped([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}),
		"huge length":          wrapped([]byte{1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}),
		"repeated robots":      wrapped([]byte{1, 1, 'a', 1, 1, 'b'}),
		"tag without a length": wrapped([]byte{1}),
	}
	if len(bomb) > 4096 {
		t.Fatalf("the bomb is %d bytes; it should be small to prove the cap is on the output", len(bomb))
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			s, err := Decode(in)
			if err == nil {
				t.Fatalf("Decode(%.40q...) = %#.40v, want an error", in, s)
			}
			if !equal(s, State{}) {
				t.Errorf("an error came with a non-empty state %#.40v", s)
			}
			msg := err.Error()
			if msg == "" || strings.ContainsAny(msg, "\n\x00") || len(msg) > 200 {
				t.Errorf("error message %q is not one plain sentence", msg)
			}
		})
	}
}

func TestDecodeMangledLinks(t *testing.T) {
	want := goldenStates[2].State
	h := Encode(want)
	for name, in := range map[string]string{
		"sentence end":    h + ".",
		"angle brackets":  h + ">",
		"parenthesis":     h + ").",
		"wrapped":         h[:40] + "\n" + h[40:80] + "\r\n" + h[80:],
		"spaces":          h[:30] + " " + h[30:],
		"encoded space":   h[:30] + "%20" + h[30:],
		"quoted":          h + "\"",
		"hash and period": "#" + h + ".",
	} {
		got, err := Decode(in)
		if err != nil || !equal(got, want) {
			t.Errorf("%s: Decode gave %v; want the state back", name, err)
		}
	}
}

// TestCrawlersNilOrEmpty: no record is the default choice, an empty
// record shows no crawler, and links made before the record existed
// open with the default.
func TestCrawlersNilOrEmpty(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{{nil, "nil"}, {[]string{}, "empty"}, {[]string{"gus"}, "[gus]"}} {
		s, err := Decode(Encode(State{Crawlers: c.in}))
		got := fmt.Sprint(s.Crawlers)
		if s.Crawlers == nil {
			got = "nil"
		} else if len(s.Crawlers) == 0 {
			got = "empty"
		}
		if err != nil || got != c.want {
			t.Errorf("Crawlers %#v came back as %s (%v), want %s", c.in, got, err, c.want)
		}
	}
	for _, p := range pinned[:2] { // made before tag 7
		if s, _ := Decode(p.hash); s.Crawlers != nil {
			t.Errorf("an old link %s opens with crawlers %#v, want the default (nil)", p.hash, s.Crawlers)
		}
	}
	if _, err := Decode(wrapped([]byte{7, 1, 'a', 7, 1, 'b'})); err == nil {
		t.Error("two crawler records decode; want the link called damaged")
	}
}

func TestDecodeSkipsUnknownTags(t *testing.T) {
	// A newer page may add fields; an older cached page opens the link anyway.
	s, err := Decode(wrapped([]byte{1, 1, 'a', 42, 2, 'x', 'y', 3, 1, 'b'}))
	if err != nil {
		t.Fatal(err)
	}
	if want := (State{Robots: "a", Agents: "b"}); !equal(s, want) {
		t.Errorf("got %#v, want %#v", s, want)
	}
}

// The protocol is tag 8; a link without it is "any", so Encode leaves
// "any" out and old links keep their exact fragments. Tags 6 and 7 (other
// fields of the page) are skipped when this copy does not know them.
func TestProtocolTag(t *testing.T) {
	// Tag 6 is unused and skipped; tag 7 is the crawler choice.
	s, err := Decode(wrapped([]byte{1, 1, 'a', 6, 1, 'x', 7, 1, 'y', 8, 6, 'g', 'o', 'p', 'h', 'e', 'r'}))
	if err != nil {
		t.Fatal(err)
	}
	if want := (State{Robots: "a", Crawlers: []string{"y"}, Protocol: "gopher"}); !equal(s, want) {
		t.Errorf("got %#v, want %#v", s, want)
	}
	base := goldenStates[2].State
	withAny := base
	withAny.Protocol = "any"
	if Encode(withAny) != Encode(base) {
		t.Error(`Protocol "any" changes the fragment; it must be left out like ""`)
	}
	if _, err := Decode(wrapped([]byte{8, 1, 'a', 8, 1, 'b'})); err == nil {
		t.Error("a second protocol record decodes")
	}
}

func TestEncodeChecked(t *testing.T) {
	if _, err := EncodeChecked(goldenStates[2].State); err != nil {
		t.Errorf("a typical state: %v", err)
	}
	if _, err := EncodeChecked(State{Robots: strings.Repeat("x", MaxDecodedBytes)}); err != ErrTooLarge {
		t.Errorf("a state over MaxDecodedBytes: err = %v, want ErrTooLarge", err)
	}
	// Incompressible text just under the decoded cap still fits the hash cap.
	rng := rand.New(rand.NewSource(2))
	b := make([]byte, MaxDecodedBytes-64)
	for i := range b {
		b[i] = byte(' ' + rng.Intn(95))
	}
	h, err := EncodeChecked(State{Robots: string(b)})
	if err != nil {
		t.Fatalf("incompressible state under the cap: %v", err)
	}
	if _, err := Decode(h); err != nil {
		t.Errorf("Decode of an EncodeChecked fragment: %v", err)
	}
}

func TestTypicalSize(t *testing.T) {
	h := Encode(goldenStates[2].State)
	t.Logf("typical state: %d bytes of fragment", len(h))
	if len(h) > 400 {
		t.Errorf("typical state encodes to %d bytes; expected a short link", len(h))
	}
}

func FuzzDecode(f *testing.F) {
	// Every golden state, encoded: valid fragments the mutator bends.
	for _, c := range goldenStates {
		f.Add(Encode(c.State), c.State.Robots, c.State.Selectors)
	}
	f.Add("", "", "")                                               // the empty fragment: the zero state
	f.Add("#", "\x00", "\r\n")                                      // a bare '#'; NUL and CRLF in the texts
	f.Add("v1.", "a", "b")                                          // a version with no body
	f.Add("v1.!!!", "", "")                                         // not base64url
	f.Add("v2.AQAA__8", "", "")                                     // a version this page does not know
	f.Add("v1.AQAA__", "", "")                                      // cut inside the DEFLATE stream
	f.Add("v1.AQAA__8.", "\xff", "日本")                              // punctuation glued on by a mail reader; bad UTF-8
	f.Add(wrapped([]byte{1, 0xff, 0xff, 0xff, 0xff, 0x0f}), "", "") // a record longer than the data
	f.Fuzz(func(t *testing.T, hash, robots, selectors string) {
		s, err := Decode(hash)
		if err != nil && !equal(s, State{}) {
			t.Fatalf("error with a non-empty state")
		}
		if err == nil {
			// Whatever decodes re-encodes to something that decodes the same.
			again, err := Decode(Encode(s))
			if err != nil || !equal(again, s) {
				t.Fatalf("re-encoding a decoded state: %v", err)
			}
		}
		in := State{Robots: robots, Selectors: selectors, Agents: hash, Hidden: []string{selectors}, Cell: robots}
		out, err := Decode(Encode(in))
		if err != nil {
			t.Fatalf("Decode(Encode(s)): %v", err)
		}
		if !equal(out, in) {
			t.Fatalf("Decode(Encode(s)) != s")
		}
	})
}

// TestStoredAndWrap: the page's way to a link (Marshal, the browser's
// DEFLATE or Stored, Wrap) opens as the case, at every block boundary.
func TestStoredAndWrap(t *testing.T) {
	for _, n := range []int{0, 1, 65535, 65536, 65535*2 + 7, 300000} {
		s := State{Robots: strings.Repeat("x", n), Agents: "GUS", Hidden: []string{"rfc9309"}, Protocol: "gopher"}
		raw, err := MarshalChecked(s)
		if err != nil {
			t.Fatal(err)
		}
		stored := Stored(raw)
		blocks := max(1, (len(raw)+65534)/65535)
		if want := len(raw) + 5*blocks; len(stored) != want {
			t.Errorf("%d bytes: stored as %d, want %d", n, len(stored), want)
		}
		got, err := Decode(Wrap(stored))
		if err != nil {
			t.Fatalf("%d bytes: %v", n, err)
		}
		if got.Robots != s.Robots || got.Agents != s.Agents || got.Protocol != s.Protocol || len(got.Hidden) != 1 {
			t.Errorf("%d bytes: the case changed on the way", n)
		}
	}
	if _, err := MarshalChecked(State{Robots: strings.Repeat("x", MaxDecodedBytes)}); err != ErrTooLarge {
		t.Errorf("a state over MaxDecodedBytes: %v", err)
	}
}

// TestVersion2: a case with a reader of one's own is written as v2 with
// its spelling in tag 9, and every other case stays v1, so the v1
// golden file and older cached pages still hold. The pinned fragment
// catches a change of format.
func TestVersion2(t *testing.T) {
	const pinnedV2 = "v2.YpQOLU4t0k1MT80rsVLQ4nLJLE7Myckvt1LQT-RiYtFP1E_ilEouLS7Jz7UqSku2NDaw1MlNLEnOsE3LLCouAQQAAP__"
	s := State{Robots: "User-agent: *\nDisallow: /a\n", Selectors: "/a/b", Custom: "custom:rfc9309,match=first"}
	if got := Encode(s); got != pinnedV2 {
		t.Errorf("Encode = %q, want the pinned %q", got, pinnedV2)
	}
	got, err := Decode(pinnedV2)
	if err != nil || !equal(got, s) {
		t.Fatalf("Decode(pinned v2) = %#v, %v; want %#v", got, err, s)
	}
	h, err := EncodeChecked(s)
	if err != nil || !strings.HasPrefix(h, Prefix2) {
		t.Errorf("EncodeChecked = %.10q, %v; want the prefix %q", h, err, Prefix2)
	}
	s.Custom = ""
	if h := Encode(s); !strings.HasPrefix(h, Prefix) {
		t.Errorf("a case without a custom reader encodes as %.10q, want the prefix %q", h, Prefix)
	}
	// Tag 9 belongs to v2: in a v1 fragment it is an unknown tag.
	rec := append([]byte{1, 1, 'a', 9, 3}, "xyz"...)
	if got, err := Decode(WrapAs(Prefix, deflate(rec))); err != nil || got.Custom != "" || got.Robots != "a" {
		t.Errorf("a v1 fragment with tag 9 reads as %#v, %v; want Robots \"a\" and no Custom", got, err)
	}
	if got, err := Decode(WrapAs(Prefix2, deflate(rec))); err != nil || got.Custom != "xyz" {
		t.Errorf("a v2 fragment with tag 9 reads as %#v, %v; want Custom \"xyz\"", got, err)
	}
	if _, err := Decode(WrapAs(Prefix2, deflate(append(rec, 9, 1, 'q')))); err == nil {
		t.Error("a v2 fragment with tag 9 twice opened; want the damaged-link error")
	}
}
