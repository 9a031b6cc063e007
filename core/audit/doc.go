// Package audit reads the access logs of Gemini and Gopher servers and
// says, client by client, whether each read robots.txt and stayed out,
// read it and went in anyway, or never read it. It is pure Go with no
// syscall/js: the CLI (smolbots audit) and the page feed it the same
// way, a stream of log lines in (Auditor.Write in any chunks, or
// ReadFrom), one Client per address out (Auditor.Result).
//
// The line readers (formats.go, syslog.go, times.go) know each server's
// format from the code that writes it; see Formats for the list and
// docs/audit.md for the lines. The rest of this comment is the design
// choices the issue (smolbots#21) leaves open.
//
// Clients. Gemini sends no User-agent and no crawler here presents a
// certificate, so a client is its address, written one way (brackets and
// ::ffff: dropped, IPv6 compressed; host names, which geomyidae writes by
// default, lowered). Lines that record no address (agate without
// --log-ip writes "-", geminid writes none) are one anonymous client "-":
// the report says clients cannot be told apart there.
//
// Reading robots.txt. A request for /robots.txt (Gemini, a query
// allowed) or for the selector robots.txt or /robots.txt (Gopher) counts
// as reading the file when the server says it answered with it (Gemini
// 2x, gophernicus 200, geomyidae "serving"), or does not say (PyGopherd,
// Motsognir). A refused request (a 53, a 51) is an ordinary request: the
// client did not get the file. The file given is taken as the one in
// force for the whole log; the audit cannot know earlier versions, and
// says so.
//
// Verdicts. Each request is judged for the agent * by the dialects of a
// protocol scope: by default the request's own protocol (what the
// server speaks, or what a PyGopherd line says); with Options.Protocol,
// that scope for every request, and requests over the other protocol
// are left out. HTTP and Spartan requests through PyGopherd are always
// left out. A request is a violation when every dialect in scope denies
// its path, disputed when only some do (the dialects are named). A
// client is
//   - ignored: after its first robots.txt fetch it made a violation;
//   - obeyed: it fetched robots.txt and made none after (disputed
//     requests are counted apart and do not make it ignored; requests it
//     made before reading are counted in before_robots and do not count
//     against it either);
//   - never-read: it never fetched robots.txt. Its violations and
//     disputed requests are all its denied requests, so the report shows
//     what a client that never asked went into.
//
// Known crawlers. A client whose address its crawler's operator
// publishes (PublishedAddresses: each with its source and date) is named
// and judged by that crawler's preset instead of the dialects: the
// crawler's own reading is what it should have followed. Unpublished
// says why the other presets have no address.
//
// Order. Lines are taken in the order read, which is the order of the
// requests within one log; rotated logs must be given oldest first. A
// client's first robots.txt fetch splits its requests into before and
// after.
//
// Bounded memory. Nothing is kept per line: per client a few counters
// and at most three example requests (six while it has not read the
// file), per distinct path a cached verdict in a cache of at most
// 32,768 entries per scope that starts again when full, and a line is
// held whole only up to MaxLineBytes (a longer one is counted as
// unmatched). Memory grows with the number of clients, not of lines.
//
// Examples. A client's examples are its first three violations, or
// while it has none, its first three disputed requests; each carries the
// deciding line (of the scope's own reading for a violation: gemini,
// gopherdraft or rfc9309; of the first denying dialect for a disputed
// one; of the preset for a known crawler) and, with Options.Link, a
// permalink to the case on the page: the file, the path as logged, the
// agent *, the protocol and the preset.
package audit
