package realservers

import (
	"fmt"
	"strings"
)

// The capsule and the Gopher hole that `smolbots site`, core/site and
// the relay's /api/links are tested on, served by the real molly-brown
// and gophernicus. Each holds what a walker must handle: links that
// loop, relative links with "..", links to other hosts and ports, a
// directory robots.txt keeps smolbots out of with links inside it (which
// must never be requested), a binary file linked as a page, a missing
// page, and (Gopher) info lines and items for other hosts.

// CapsuleRobots is the capsule's robots.txt: every reader keeps out of
// /private/; RFC 9309 (where * is a wildcard) also out of /files/*.bin,
// which the Gemini text reads literally; indexers (TLGS, GUS) keep out
// of /archive/.
const CapsuleRobots = "User-agent: *\nDisallow: /private/\nDisallow: /files/*.bin\n\nUser-agent: indexer\nDisallow: /archive/\n"

// Capsule is the test capsule's files, for StartGemini. Its pages link
// to other hosts as gemini://capsule.example/ and to another port on the
// same host as gemini://localhost:1/.
func Capsule() map[string][]byte {
	return map[string][]byte{
		"robots.txt": []byte(CapsuleRobots),
		"index.gmi": []byte("# A test capsule\n" +
			"=> about.gmi About\n" +
			"=>dir/page.gmi\tA page in a directory\n" +
			"=> /private/secret.gmi Private\n" +
			"=> archive/old.gmi The archive\n" +
			"=> image.png A picture\n" +
			"=> files/data.bin Data\n" +
			"=> gemini://capsule.example/ Another capsule\n" +
			"=> gemini://localhost:1/ Another port\n" +
			"=> https://example.com/ The web\n" +
			"=> mailto:admin@capsule.example Mail\n" +
			"=> about.gmi#team About, again\n" +
			"```\n=> not-a-link.gmi preformatted text\n```\n"),
		"about.gmi":          []byte("# About\n=> / Home\n=> ./dir/../about.gmi This page again\n"),
		"dir/page.gmi":       []byte("# A page\n=> ../index.gmi Home\n=> sub/deep.gmi Deeper\n=> ../missing.gmi Gone\n"),
		"dir/sub/deep.gmi":   []byte("# Deep\n=> ../../dir/page.gmi Back up\n=> ../../../../about.gmi Above the root\n"),
		"private/secret.gmi": []byte("# Secret\n=> hidden.gmi Never seen\n"),
		"private/hidden.gmi": []byte("# Hidden\n"),
		"archive/old.gmi":    []byte("# Old\n=> /index.gmi Home\n"),
		"image.png":          []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR=> not-a-link.gmi\n"),
		"files/data.bin":     []byte("\x00\x01\x02=> /private/hidden.gmi\n"),
	}
}

// HoleRobots is the Gopher hole's robots.txt.
const HoleRobots = "User-agent: *\nDisallow: /private\n"

// Hole is the test Gopher hole's files, for StartGopherLogged (menus
// are gophermaps; gophernicus fills in its own host and port).
func Hole() map[string][]byte {
	return map[string][]byte{
		"robots.txt": []byte(HoleRobots),
		"gophermap": []byte("iA test Gopher hole\tfake\t(NULL)\t0\n" +
			"1A directory\t/dir\n" +
			"1Private\t/private\n" +
			"0A text\t/a.txt\n" +
			"9A binary\t/blob.bin\n" +
			"1A binary linked as a menu\t/blob-menu.bin\n" +
			"1Another hole\t/\tcapsule.example\t70\n" +
			"hThe web\tURL:https://example.com/\n" +
			"1Home again\t/\n"),
		"dir/gophermap":     []byte("1Up\t/\n1This menu again\t/dir\n0A file\t/dir/b.txt\n3Not an item\t\terror.host\t1\n"),
		"dir/b.txt":         []byte("b\n"),
		"private/gophermap": []byte("1Inner\t/private/inner\n"),
		"private/inner/x":   []byte("x\n"),
		"a.txt":             []byte("a\n"),
		"blob.bin":          []byte("\x00\x01\x02\x03binary\n"),
		"blob-menu.bin":     []byte("1Not\tan\titem\t70\n\x00\x01binary\n"),
	}
}

// BigCapsule is a generated capsule of n pages of size bytes each:
// index.gmi and p1.gmi to p<n-1>.gmi, each linking to the next two
// (the last ones back to /), so a walk from / finds them all.
func BigCapsule(n, size int) map[string][]byte {
	files := map[string][]byte{"robots.txt": []byte("User-agent: *\nDisallow: /private/\n")}
	name := func(i int) string {
		if i%n == 0 {
			return "/"
		}
		return fmt.Sprintf("/p%d.gmi", i%n)
	}
	line := strings.Repeat("filler text for the page's size. ", 3) + "\n"
	for i := 0; i < n; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "# Page %d\n=> %s next\n=> %s after\n", i, name(i+1), name(i+2))
		for b.Len() < size {
			b.WriteString(line)
		}
		file := strings.TrimPrefix(name(i), "/")
		if i == 0 {
			file = "index.gmi"
		}
		files[file] = []byte(b.String()[:size])
	}
	return files
}
