package core

import (
	"net/url"
	"path"
	"strings"
)

// The targets real crawlers build from a URL before they compare it with
// the rules. Each takes the part of a gemini:// URL after the host (a raw
// selector is taken as that part), as the crawler's URL code leaves it.

// splitGeminiURL gives the part of a gemini:// URL after its host, and
// whether s was such a URL.
func splitGeminiURL(s string) (rest string, ok bool) {
	scheme, after, found := strings.Cut(s, "://")
	if !found || !strings.EqualFold(scheme, "gemini") {
		return s, false
	}
	if i := strings.IndexAny(after, "/?#"); i >= 0 {
		return after[i:], true
	}
	return "", true
}

// pathNoQuery is TLGS's target: "/" + the path up to ? or #, made
// lexically normal, not decoded
// (marty1885/tlgs@3f00f7d6d5727f15cde918ced87be4c150eecc28:tlgsutils/url_parser.cpp:91-94, :200-206).
func pathNoQuery(s string) string {
	rest, _ := splitGeminiURL(s)
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	if !strings.HasPrefix(rest, "/") {
		rest = "/" + rest
	}
	return lexicallyNormal(rest)
}

// lexicallyNormal is std::filesystem::path::lexically_normal for a
// rooted path: repeated slashes folded, "." dropped, ".." resolved, and
// a path ending in a directory keeps its final slash.
func lexicallyNormal(p string) string {
	if !hasDotOrEmptySegment(p) {
		return p
	}
	segs := strings.Split(p[1:], "/")
	out := make([]string, 0, len(segs))
	trailing := false
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case "", ".":
			trailing = trailing || last
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			trailing = trailing || last
		default:
			out = append(out, s)
		}
	}
	r := "/" + strings.Join(out, "/")
	if trailing && len(out) > 0 {
		r += "/"
	}
	return r
}

// hasDotOrEmptySegment: p holds "//" or a segment starting with ".",
// the only places path normalization changes anything.
func hasDotOrEmptySegment(p string) bool {
	return strings.Contains(p, "//") || strings.Contains(p, "/.")
}

// decodedPath is Gemplex's target: the URL normalized (dot segments and
// repeated slashes removed, "/" for an empty path), then Go's
// url.URL.Path, percent-decoded, without query
// (elektito/gemplex@70352b2ab9ef5d9532595f1a7d1d6fe73e98b89e:pkg/gparse/gparse.go:487-519, cmd/gemplex/crawl.go:455).
func decodedPath(s string) string {
	rest, _ := splitGeminiURL(s)
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	p, err := url.PathUnescape(rest)
	if err != nil {
		p = rest // url.Parse refuses it; the crawler never gets this far
	}
	if p == "" {
		return "/"
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return lexicallyNormal(p)
}

// foldedURL is gemini-grc's target without its "gemini://host:port",
// which rules and targets share: the path cleaned on its escaped form,
// each segment without an escape escaped again, then query and
// fragment; lower-cased. A URL with an empty path keeps it empty, so no
// rule (all start with "/") can match it
// (antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:common/url/url.go:104-111,180-205).
func foldedURL(s string) string { return strings.ToLower(foldedURLCase(s)) }

// foldedURLCase is foldedURL before lower-casing, for notes.
func foldedURLCase(s string) string {
	rest, isURL := splitGeminiURL(s)
	toParse := rest
	if rest == "" || strings.IndexByte("/?#", rest[0]) >= 0 {
		// Parsed after its host, as gemini-grc parses the whole URL: a
		// path starting "//" is a path, which path.Clean folds to "/"
		// (antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:common/url/url.go:146,184).
		toParse = "gemini://h" + rest
	}
	u, err := url.Parse(toParse)
	if err != nil {
		return rest
	}
	p := u.Path
	if p != "" {
		trailing := strings.HasSuffix(p, "/")
		p = path.Clean(u.EscapedPath())
		if p == "." {
			p = "/"
		} else if trailing && p != "/" {
			p += "/"
		}
	}
	parts := strings.Split(p, "/")
	for i, part := range parts {
		if un, err := url.PathUnescape(part); err != nil || un == part {
			parts[i] = url.PathEscape(part)
		}
	}
	out := strings.Join(parts, "/")
	if !isURL && out != "" && out[0] != '/' {
		out = "/" + out
	}
	if u.RawQuery != "" {
		out += "?" + u.RawQuery
	}
	if u.Fragment != "" {
		out += "#" + u.Fragment
	}
	return out
}

// foldedRule is a gemini-grc rule without its "gemini://host:port": a
// gemini:// value keeps only its path, a leading "/" is added, and it is
// lower-cased (antanst/gemini-grc@f362a1d2da323f8b608a20230a75524adae6c1a4:robotsMatch/robots.go:45-61).
// An empty value stays empty, a rule that blocks nothing: gemini-grc
// skips the line (robotsMatch/robots.go:37-40).
func foldedRule(v string) string { return strings.ToLower(foldedRuleCase(v)) }

// foldedRuleCase is foldedRule before lower-casing, for notes.
func foldedRuleCase(v string) string {
	if v == "" {
		return ""
	}
	if rest, ok := splitGeminiURL(v); ok {
		v = rest
		if i := strings.IndexAny(v, "?#"); i >= 0 {
			v = v[:i]
		}
	}
	if !strings.HasPrefix(v, "/") {
		v = "/" + v
	}
	return v
}

// uriPath is Kennedy's target, .NET's Uri.AbsolutePath after Gemini.Net
// folded one pass of "//": unreserved escapes decoded, "\" read as "/",
// dot segments resolved, other bytes outside ASCII graphics escaped in
// upper-case hex, no query (acidus99/Gemini.Net@817c647e5cf306de3a7519fde15d13d84af9f9f2:src/GeminiUrl.cs:47,88).
func uriPath(s string) string {
	rest, _ := splitGeminiURL(s)
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.ReplaceAll(rest, "//", "/") // one pass: "///" leaves "//"
	p := uriEscaper.Replace(percentNormalize(strings.ReplaceAll(rest, "\\", "/")))
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return RemoveDotSegments(p)
}

// uriEscaper escapes what System.Uri escapes in a path besides the bytes
// percentNormalize already does.
var uriEscaper = strings.NewReplacer(`"`, "%22", "<", "%3C", ">", "%3E", "^", "%5E", "`", "%60", "{", "%7B", "|", "%7C", "}", "%7D")

// protegoTarget is mozz-archiver's target: the link's path as its
// urljoin leaves it (os.path.normpath, a final "/" of the link kept; an
// empty path stays empty), then Protego's quoting of the path, with the
// query and fragment raw
// (michael-lazar/mozz-archiver@12617d2efca91663699647654bcd3e40f5f388f2:mozz_archiver/responses.py:139-149,
// scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:161-172).
func protegoTarget(s string) string {
	rest, _ := splitGeminiURL(s)
	p, tail := rest, ""
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		p, tail = rest[:i], rest[i:]
	}
	tail = strings.TrimSuffix(strings.TrimSuffix(tail, "#"), "?") // urlunparse drops empty parts
	if p != "" {
		n := lexicallyNormal("/" + strings.TrimPrefix(p, "/"))
		if n != "/" {
			n = strings.TrimSuffix(n, "/")
		}
		if strings.HasSuffix(p, "/") && !strings.HasSuffix(n, "/") {
			n += "/"
		}
		if strings.HasPrefix(p, "//") && !strings.HasPrefix(p, "///") {
			n = "/" + n // POSIX normpath keeps exactly two leading slashes
		}
		p = n
	}
	return protegoQuote(p, "/%", "/%") + tail
}

// protegoPattern is Protego's quoting of a rule: a last-segment
// ";params", the query and the fragment stay raw, the path is unquoted
// (but %2F and %25) and quoted again with * kept
// (scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:176-193).
func protegoPattern(v string) string {
	if v == "" {
		return ""
	}
	last := ""
	if c := v[len(v)-1]; c == '?' || c == ';' || c == '$' {
		v, last = v[:len(v)-1], v[len(v)-1:]
	}
	p, tail := v, ""
	if i := strings.IndexAny(v, "?#"); i >= 0 {
		p, tail = v[:i], v[i:]
	}
	from := strings.LastIndexByte(p, '/') + 1
	if i := strings.IndexByte(p[from:], ';'); i >= 0 {
		p, tail = p[:from+i], p[from+i:]+tail
	}
	return protegoQuote(p, "/*$%", "/*%") + last + tail
}

// protegoQuote is Protego's _unquote(ignore) then Python's quote with
// safe: escapes decoded except those of ignore, which are kept with
// their hex digits upper-cased (scrapy/protego@b5175c0d5cb5bed3726826dfec34b156e6498842:src/protego.py:140-141,147),
// then every byte outside letters, digits, "_.-~" and safe escaped in
// upper-case hex. So `/a%2fb` and `/a%2Fb` are one path.
func protegoQuote(p, ignore, safe string) string {
	plain := true
	for i := 0; i < len(p) && plain; i++ {
		plain = p[i] != '%' && (unreserved(p[i]) || strings.IndexByte(safe, p[i]) >= 0)
	}
	if plain {
		return p // nothing to decode or escape
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '%' {
			v, ok := decodeEscape(p, i)
			if ok && strings.IndexByte(ignore, v) >= 0 {
				// A kept escape is upper-cased (protego.py:141,147).
				b.WriteByte('%')
				b.WriteByte(upperHex[v>>4])
				b.WriteByte(upperHex[v&15])
				i += 2
				continue
			}
			if ok {
				c, i = v, i+2
				if !unreserved(c) && strings.IndexByte(safe, c) < 0 || c == '%' {
					b.WriteByte('%')
					b.WriteByte(upperHex[c>>4])
					b.WriteByte(upperHex[c&15])
					continue
				}
				b.WriteByte(c)
				continue
			}
		}
		if unreserved(c) || strings.IndexByte(safe, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(upperHex[c>>4])
		b.WriteByte(upperHex[c&15])
	}
	return b.String()
}
