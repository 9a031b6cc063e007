package core

import "strings"

// normalizeURLPath decodes escaped unreserved characters, writes the
// remaining escapes in upper case and removes dot segments from the
// path before any query.
func NormalizeURLPath(s string) string {
	path, query, hasQuery := strings.Cut(s, "?")
	out := RemoveDotSegments(normalEscapes(path))
	if hasQuery {
		// Escapes are normalised in every component (RFC 3986 section
		// 6.2.2.2); dot segments only in the path.
		out += "?" + normalEscapes(query)
	}
	return out
}

// normalEscapes writes each percent escape of s in its normal form:
// unreserved characters decoded, the rest in upper-case hex.
func normalEscapes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '%' {
			if v, ok := decodeEscape(s, i); ok {
				i += 2
				writeNormalEscape(&b, v)
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// removeDotSegments is RFC 3986 section 5.2.4.
func RemoveDotSegments(in string) string {
	if !strings.Contains(in, "/.") && !strings.HasPrefix(in, ".") {
		return in // no dot segment: nothing moves (and nothing is allocated)
	}
	var out []string // output segments, each with its leading "/"
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		case in == "/..":
			in = "/"
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		case in == "." || in == "..":
			in = ""
		default:
			next := strings.IndexByte(in[1:], '/')
			if next < 0 {
				out, in = append(out, in), ""
			} else {
				out, in = append(out, in[:next+1]), in[next+1:]
			}
		}
	}
	return strings.Join(out, "")
}
