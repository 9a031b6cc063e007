package relay

import (
	"context"
	"fmt"
	"net/netip"
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core/fetch"
)

// Resolver looks host names up; *net.Resolver is one.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Guard decides which destinations the relay may reach: only public
// Gopher and Gemini hosts, so that the relay cannot be used to probe a
// private network or a cloud metadata service.
type Guard struct {
	// AllowLoopback lets 127.0.0.0/8, ::1 and localhost through: for
	// tests only.
	AllowLoopback bool
	// Resolver looks names up so that every address a name has is
	// vetted, and the vetted address is dialled (no second lookup a
	// rebinding DNS server could answer differently). Nil: names are
	// handed to the dialer unresolved. localhost names never reach it.
	Resolver Resolver
}

func refused(format string, args ...any) error {
	return &fetch.RefusedError{Reason: fmt.Sprintf(format, args...)}
}

// CheckURL vets the raw text of a URL's authority before it is parsed:
// characters that smuggle another host or request are refused outright.
func (g Guard) CheckURL(raw string) error {
	for i := 0; i < len(raw); i++ {
		if c := raw[i]; c < 0x20 || c == 0x7f {
			return refused("the URL holds a control character (%q)", rune(c))
		}
	}
	_, auth, _, err := fetch.SplitURL(raw)
	if err != nil {
		return nil // a bad URL, not a refused one: the parser says why
	}
	if i := strings.IndexAny(auth, " @\\%"); i >= 0 {
		return refused("the host part holds %q, which hides the real destination", auth[i])
	}
	host := auth
	if !strings.HasPrefix(host, "[") {
		if i := strings.LastIndexByte(host, ':'); i >= 0 {
			host = host[:i]
		}
	}
	if len(host) > 253 {
		return refused("the host name is longer than 253 bytes")
	}
	return nil
}

// CheckTarget vets a parsed destination without looking anything up.
func (g Guard) CheckTarget(t fetch.Target) error {
	if t.Port < 1024 && t.Port != fetch.GopherPort && t.Port != fetch.GeminiPort {
		return refused("port %d is below 1024 and is neither Gopher's 70 nor Gemini's 1965", t.Port)
	}
	if a, err := netip.ParseAddr(t.Host); err == nil {
		return g.CheckAddr(a)
	}
	return g.checkName(t.Host)
}

// checkName refuses names that are numbers in disguise or that only
// make sense inside a private network.
func (g Guard) checkName(host string) error {
	h := strings.TrimSuffix(host, ".")
	if h == "" || strings.Contains(h, "..") {
		return refused("%q is not a host name", host)
	}
	labels := strings.Split(h, ".")
	if numericLabel(labels[len(labels)-1]) {
		return refused("%q is an IP address written in an unusual form (decimal, octal, hex or short); write it in the usual dotted form", host)
	}
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		if g.AllowLoopback {
			return nil
		}
		return refused("%q is this machine (loopback)", host)
	}
	if len(labels) == 1 {
		return refused("%q is a single-label name, which only means something inside a private network", host)
	}
	for _, suffix := range []string{"local", "internal", "lan", "home.arpa", "intranet", "corp", "localdomain"} {
		if h == suffix || strings.HasSuffix(h, "."+suffix) {
			return refused("%q is a name for a private network (.%s)", host, suffix)
		}
	}
	return nil
}

// numericLabel: a label inet_aton would read as a number (decimal, octal
// with a leading 0, hex with 0x). No top-level domain is numeric.
func numericLabel(s string) bool {
	if s == "" {
		return false
	}
	ls := strings.ToLower(s)
	if strings.HasPrefix(ls, "0x") {
		_, err := strconv.ParseUint(ls[2:], 16, 64)
		return err == nil || ls == "0x"
	}
	for _, c := range ls {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Vet is fetch.Options.Vet: it checks the destination, resolves a name
// and checks every address it has, and returns the address to dial.
func (g Guard) Vet(ctx context.Context, t fetch.Target) (string, error) {
	if err := g.CheckTarget(t); err != nil {
		return "", err
	}
	if a, err := netip.ParseAddr(t.Host); err == nil {
		return netip.AddrPortFrom(a.Unmap(), uint16(t.Port)).String(), nil
	}
	var addrs []netip.Addr
	var err error
	switch h := strings.TrimSuffix(t.Host, "."); {
	case h == "localhost" || strings.HasSuffix(h, ".localhost"):
		// RFC 6761: these names are this machine, without asking DNS.
		addrs = []netip.Addr{netip.AddrFrom4([4]byte{127, 0, 0, 1}), netip.IPv6Loopback()}
	case g.Resolver == nil:
		return t.HostPort(), nil
	default:
		addrs, err = g.Resolver.LookupNetIP(ctx, "ip", t.Host)
	}
	if err != nil || len(addrs) == 0 {
		return "", fmt.Errorf("could not find the host %s", t.Host)
	}
	for _, a := range addrs {
		if why := g.why(a.WithZone("")); why != "" {
			return "", refused("%s resolves to %s, %s", t.Host, a, why)
		}
	}
	// Prefer IPv4: a host's IPv6 route is more often broken.
	pick := addrs[0].Unmap()
	for _, a := range addrs {
		if a.Unmap().Is4() {
			pick = a.Unmap()
			break
		}
	}
	return netip.AddrPortFrom(pick, uint16(t.Port)).String(), nil
}

// metadata addresses of cloud providers, refused even in test mode.
var metadata = map[netip.Addr]bool{
	netip.MustParseAddr("169.254.169.254"): true, // most clouds
	netip.MustParseAddr("169.254.170.2"):   true, // container credentials
	netip.MustParseAddr("100.100.100.200"): true,
	netip.MustParseAddr("192.0.0.192"):     true,
	netip.MustParseAddr("fd00:ec2::254"):   true,
}

type block struct {
	p   netip.Prefix
	why string
}

func blocks(pairs ...string) []block {
	var b []block
	for i := 0; i < len(pairs); i += 2 {
		b = append(b, block{netip.MustParsePrefix(pairs[i]), pairs[i+1]})
	}
	return b
}

var v4Blocks = blocks(
	"0.0.0.0/8", "an unspecified address",
	"10.0.0.0/8", "a private address",
	"100.64.0.0/10", "a carrier-grade NAT address",
	"169.254.0.0/16", "a link-local address",
	"172.16.0.0/12", "a private address",
	"192.0.0.0/24", "an IETF protocol address",
	"192.0.2.0/24", "a documentation address",
	"192.88.99.0/24", "a 6to4 relay address",
	"192.168.0.0/16", "a private address",
	"198.18.0.0/15", "a benchmarking address",
	"198.51.100.0/24", "a documentation address",
	"203.0.113.0/24", "a documentation address",
	"224.0.0.0/4", "a multicast address",
	"240.0.0.0/4", "a reserved address",
)

var v6Blocks = blocks(
	"::/128", "an unspecified address",
	"::/96", "an IPv4-compatible address (deprecated)",
	"64:ff9b:1::/48", "a local NAT64 address",
	"100::/64", "a discard address",
	"2001:db8::/32", "a documentation address",
	"2001:10::/28", "an ORCHID address",
	"2001:20::/28", "an ORCHID address",
	"fc00::/7", "a unique-local address",
	"fe80::/10", "a link-local address",
	"fec0::/10", "a site-local address",
	"ff00::/8", "a multicast address",
)

var (
	nat64  = netip.MustParsePrefix("64:ff9b::/96")
	siit   = netip.MustParsePrefix("::ffff:0:0:0/96")
	sixTo4 = netip.MustParsePrefix("2002::/16")
	teredo = netip.MustParsePrefix("2001::/32")
	global = netip.MustParsePrefix("2000::/3")
)

// CheckAddr refuses every address that is not public unicast, including
// IPv6 forms that carry a refused IPv4 address inside them.
func (g Guard) CheckAddr(a netip.Addr) error {
	if why := g.why(a.WithZone("")); why != "" {
		return refused("%s is %s", a, why)
	}
	return nil
}

func (g Guard) why(a netip.Addr) string {
	if metadata[a] {
		return "a cloud metadata address"
	}
	if a.Is4In6() {
		if why := g.why(a.Unmap()); why != "" {
			return "an IPv4-mapped form of " + why
		}
		return ""
	}
	if a.IsLoopback() {
		if g.AllowLoopback {
			return ""
		}
		return "a loopback address"
	}
	if a.Is4() {
		for _, b := range v4Blocks {
			if b.p.Contains(a) {
				return b.why
			}
		}
		if a == netip.AddrFrom4([4]byte{255, 255, 255, 255}) {
			return "the broadcast address"
		}
		return ""
	}
	b := a.As16()
	embedded := func(name string, v4 [4]byte) string {
		// A loopback address inside another form is not this machine:
		// refused even in test mode.
		if why := (Guard{}).why(netip.AddrFrom4(v4)); why != "" {
			return name + " form of " + why
		}
		return ""
	}
	switch {
	case nat64.Contains(a):
		return embedded("a NAT64", [4]byte{b[12], b[13], b[14], b[15]})
	case siit.Contains(a):
		return embedded("an IPv4-translated", [4]byte{b[12], b[13], b[14], b[15]})
	case sixTo4.Contains(a):
		return embedded("a 6to4", [4]byte{b[2], b[3], b[4], b[5]})
	case teredo.Contains(a):
		if why := embedded("a Teredo (server)", [4]byte{b[4], b[5], b[6], b[7]}); why != "" {
			return why
		}
		return embedded("a Teredo (client)", [4]byte{^b[12], ^b[13], ^b[14], ^b[15]})
	}
	for _, bl := range v6Blocks {
		if bl.p.Contains(a) {
			return bl.why
		}
	}
	if !global.Contains(a) {
		return "not a global unicast address"
	}
	return ""
}
