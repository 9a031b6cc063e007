package fetch

import (
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Default ports of the two protocols.
const (
	GopherPort = 70
	GeminiPort = 1965
)

// A Target is where a robots.txt is fetched from: a scheme and a host.
// Only the host and port of a URL matter; its path is never sent.
type Target struct {
	Scheme string // "gopher" or "gemini"
	Host   string // lower-case name, or an IP literal without brackets
	Port   int
}

// HostPort is the host and port as net.Dial wants them.
func (t Target) HostPort() string {
	return net.JoinHostPort(t.Host, strconv.Itoa(t.Port))
}

// URL is the canonical gopher:// or gemini:// URL of the host; the port
// is written only when it is not the protocol's default.
func (t Target) URL() string {
	return t.Scheme + "://" + t.authority()
}

func (t Target) authority() string {
	h := t.Host
	if strings.Contains(h, ":") {
		h = "[" + h + "]"
	}
	if t.Port != defaultPort(t.Scheme) {
		h += ":" + strconv.Itoa(t.Port)
	}
	return h
}

// IsIP reports whether the host is an IP literal.
func (t Target) IsIP() bool {
	_, err := netip.ParseAddr(t.Host)
	return err == nil
}

func defaultPort(scheme string) int {
	if scheme == "gemini" {
		return GeminiPort
	}
	return GopherPort
}

// SplitURL cuts a URL into its lower-cased scheme, its authority (the
// text between "://" and the first "/", "?" or "#") and the rest.
func SplitURL(raw string) (scheme, authority, rest string, err error) {
	scheme, after, ok := strings.Cut(raw, "://")
	if !ok || scheme == "" {
		return "", "", "", fmt.Errorf("%q is not a URL; write gopher://host[:port] or gemini://host[:port]", clip(raw))
	}
	scheme = strings.ToLower(scheme)
	if scheme != "gopher" && scheme != "gemini" {
		return "", "", "", fmt.Errorf("%q is a %s URL; only gopher:// and gemini:// are fetched", clip(raw), clip(scheme))
	}
	end := strings.IndexAny(after, "/?#")
	if end < 0 {
		end = len(after)
	}
	return scheme, after[:end], after[end:], nil
}

// ParseTarget reads gopher://host[:port] or gemini://host[:port], with
// IPv6 literals in brackets. A path, query or fragment is accepted and
// ignored: only the host's robots.txt is ever requested.
func ParseTarget(raw string) (Target, error) {
	scheme, auth, _, err := SplitURL(raw)
	if err != nil {
		return Target{}, err
	}
	t := Target{Scheme: scheme, Port: defaultPort(scheme)}
	if auth == "" {
		return Target{}, fmt.Errorf("%q has no host", clip(raw))
	}
	if strings.Contains(auth, "@") {
		return Target{}, fmt.Errorf("%q has a user name before the host; give only host and port", clip(raw))
	}
	host, port := auth, ""
	if strings.HasPrefix(auth, "[") {
		end := strings.IndexByte(auth, ']')
		if end < 0 {
			return Target{}, fmt.Errorf("%q has an IPv6 address without its closing bracket", clip(raw))
		}
		host = auth[1:end]
		switch tail := auth[end+1:]; {
		case tail == "":
		case tail[0] == ':':
			port = tail[1:]
			if port == "" {
				return Target{}, fmt.Errorf("%q has an empty port", clip(raw))
			}
		default:
			return Target{}, fmt.Errorf("%q has text after the IPv6 address", clip(raw))
		}
		a, err := netip.ParseAddr(host)
		if err != nil || !a.Is6() || a.Zone() != "" {
			return Target{}, fmt.Errorf("%q has a bad IPv6 address in brackets", clip(raw))
		}
		host = a.String()
	} else {
		if i := strings.LastIndexByte(auth, ':'); i >= 0 {
			host, port = auth[:i], auth[i+1:]
			if port == "" {
				return Target{}, fmt.Errorf("%q has an empty port", clip(raw))
			}
		}
		if strings.Contains(host, ":") {
			return Target{}, fmt.Errorf("%q: put an IPv6 address in brackets, like gemini://[2001:db8::1]", clip(raw))
		}
		if host == "" {
			return Target{}, fmt.Errorf("%q has no host", clip(raw))
		}
		if len(host) > 253 {
			return Target{}, fmt.Errorf("the host name is longer than 253 bytes")
		}
		if err := checkHostName(host); err != nil {
			return Target{}, err
		}
		host = strings.ToLower(host)
	}
	if port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || port[0] == '+' {
			return Target{}, fmt.Errorf("%q is not a port number (1 to 65535)", clip(port))
		}
		t.Port = n
	}
	t.Host = host
	return t, nil
}

// checkHostName accepts letters, digits, '-' and '_' in dot-separated
// labels of 1 to 63 bytes; one final dot is allowed. A character outside
// them is named as written (decoded as UTF-8), so the message quotes what
// the user typed.
func checkHostName(host string) error {
	for i := 0; i < len(host); {
		c, size := utf8.DecodeRuneInString(host[i:])
		i += size
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' {
			continue
		}
		switch {
		case c == utf8.RuneError && size == 1:
			return fmt.Errorf("the host %q holds the byte 0x%02X, which is not text", clip(host), host[i-1])
		case c >= utf8.RuneSelf:
			return fmt.Errorf("the host %q holds the character %q, which no host name has; write an international name in its xn-- (Punycode) form", clip(host), c)
		}
		return fmt.Errorf("the host %q holds the character %q, which no host name has", clip(host), c)
	}
	for _, label := range strings.Split(strings.TrimSuffix(host, "."), ".") {
		switch {
		case label == "":
			return fmt.Errorf("the host %q has an empty label (a dot at the start or two dots in a row)", clip(host))
		case len(label) > 63:
			return fmt.Errorf("the host %q has a label longer than 63 bytes", clip(host))
		}
	}
	return nil
}

// clip keeps messages short when the input is huge.
func clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}
