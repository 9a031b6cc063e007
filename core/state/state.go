// Package state turns the playground's whole state into a permalink
// fragment and back. The format is a contract: links pasted into mailing
// lists today must open the same case later, so every version ever
// written keeps decoding (see the golden tests).
//
// Version 1 is "v1." followed by base64url without padding of the raw
// DEFLATE (RFC 1951) of a sequence of records. A record is a uvarint tag,
// a uvarint length and that many bytes:
//
//	tag 1  Robots     (at most once)
//	tag 2  Selectors  (at most once)
//	tag 3  Agents     (at most once)
//	tag 4  one Hidden dialect ID (repeated, in order)
//	tag 5  Cell       (at most once)
//	tag 6  never written (line ends stay in the Robots text)
//	tag 7  Crawlers   (at most once): the crawler preset IDs the "Real
//	       crawlers" table shows, joined by commas; an empty value shows
//	       none. Left out for the default choice.
//	tag 8  Protocol   (at most once): "gemini" or "gopher", what the
//	       file is served over; left out for "any", so links made before
//	       the page had the choice open as "any", as they always did
//	tag 9  Custom     (at most once, version 2 only): the "Your reader"
//	       column's reader in its canonical spelling (core/custom,
//	       custom:BASE,knob=value,...)
//	tag 10 Record     (at most once, v1 and v2): what the sender's page
//	       showed, bound to the case by its hash (record.go); a record
//	       that is not the case's is dropped, a second one drops both
//
// Version 2 ("v2.") is version 1's format with tag 9. A case with a
// reader of one's own is written as version 2 and every other case as
// version 1: a page from before the column skips unknown tags, and
// would show a v1 link with tag 9 without its column, as if the sender
// had none; it refuses a v2 link with a sentence instead. Links without
// the column stay v1, so older cached pages keep opening them.
//
// Empty fields are left out. Unknown tags are skipped, so a link made by
// a newer page still opens in an older copy cached for offline use.
//
// Robots holds the file's bytes as the page has them, line ends
// included: the page's textarea turns CRLF into LF, so the page keeps the
// style beside it and writes a CRLF file here with its CRs. Links made
// before that hold LF text and open as LF files, as they always did.
package state

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
)

// State is everything the page needs to show a case.
type State struct {
	Robots    string   // the robots.txt text, with its own line ends (CRLF kept)
	Selectors string   // one per line, as typed
	Agents    string   // one per line, as typed
	Hidden    []string // dialect IDs the user hid, in the order hidden
	Cell      string   // the selected cell's key (grid.CellKey), "" for none
	// Crawlers are the crawler presets the page shows, by ID in order:
	// nil for the default (every verified preset), empty for none.
	Crawlers []string
	Protocol string // what the file is served over (core.Protocol); "" for any
	// Custom is the "Your reader" column's reader, its canonical
	// spelling (custom:BASE,knob=value,...); "" for no such column.
	Custom string
	// Record is what the page that made the link showed (record.go):
	// nil for none, and after Decode only one that is the case's.
	Record *Record
}

// Prefix starts every version 1 fragment, Prefix2 every version 2 one.
const (
	Prefix  = "v1."
	Prefix2 = "v2."
)

// PrefixOf is the version prefix of s's fragment: version 2 only for a
// case that needs it (a reader of one's own).
func PrefixOf(s State) string {
	if s.Custom != "" {
		return Prefix2
	}
	return Prefix
}

const (
	// MaxDecodedBytes bounds the serialised state after decompression. A
	// robots.txt is read up to 500 KiB (core.MaxBytes); twice that leaves
	// room for the text beyond the cap that a user pasted, hundreds of
	// selectors and agents, and the framing.
	MaxDecodedBytes = 1 << 20

	// MaxHashBytes bounds the fragment before decoding. Even an
	// incompressible state of MaxDecodedBytes fits: stored DEFLATE blocks
	// add 5 bytes per 64 KiB and base64 adds a third, about 1.34 MiB in
	// all. It stays below the 2 MiB URLs that browsers accept.
	MaxHashBytes = 1536 * 1024
)

const (
	tagRobots uint64 = iota + 1
	tagSelectors
	tagAgents
	tagHidden
	tagCell
	// Tag 6 was kept for line endings, which stay in the Robots text.
	tagCrawlers uint64 = 7
	tagProtocol uint64 = 8
	tagCustom   uint64 = 9
)

// ErrTooLarge is returned by EncodeChecked for a state that would not
// decode again because it passes MaxDecodedBytes.
var ErrTooLarge = errors.New("the case is too large for a link")

// Encode gives the fragment for s, without a leading '#'. Encoding is
// deterministic for a given Go release.
func Encode(s State) string {
	return WrapAs(PrefixOf(s), deflate(Marshal(s)))
}

// deflate is raw at DEFLATE's best compression.
func deflate(raw []byte) []byte {
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression) // the level is valid: no error
	w.Write(raw)                                       // writes to a bytes.Buffer do not fail
	w.Close()
	return z.Bytes()
}

// Marshal is the sequence of records Encode compresses. The page
// compresses it with the browser's own DEFLATE (CompressionStream), which
// keeps Go's compressor out of its WebAssembly, and wraps the result.
func Marshal(s State) []byte {
	var raw bytes.Buffer
	put := func(tag uint64, v string) {
		raw.Write(binary.AppendUvarint(nil, tag))
		raw.Write(binary.AppendUvarint(nil, uint64(len(v))))
		raw.WriteString(v)
	}
	if s.Robots != "" {
		put(tagRobots, s.Robots)
	}
	if s.Selectors != "" {
		put(tagSelectors, s.Selectors)
	}
	if s.Agents != "" {
		put(tagAgents, s.Agents)
	}
	for _, h := range s.Hidden {
		put(tagHidden, h)
	}
	if s.Cell != "" {
		put(tagCell, s.Cell)
	}
	if s.Crawlers != nil {
		put(tagCrawlers, strings.Join(s.Crawlers, ","))
	}
	if s.Protocol != "" && s.Protocol != "any" {
		put(tagProtocol, s.Protocol)
	}
	if s.Custom != "" {
		put(tagCustom, s.Custom)
	}
	if s.Record != nil {
		if r := marshalRecord(s); r != nil {
			put(tagRecord, string(r))
		}
	}
	return raw.Bytes()
}

// MarshalChecked is Marshal that refuses a state Decode would reject, so
// the page can say the case is too large for a link instead of writing
// a broken one.
func MarshalChecked(s State) ([]byte, error) {
	raw := Marshal(s)
	if len(raw) > MaxDecodedBytes {
		return nil, ErrTooLarge
	}
	return raw, nil
}

// Wrap is the version 1 fragment for records compressed as raw DEFLATE.
func Wrap(deflated []byte) string { return WrapAs(Prefix, deflated) }

// WrapAs is Wrap under the version prefix given (PrefixOf the state).
func WrapAs(prefix string, deflated []byte) string {
	return prefix + base64.RawURLEncoding.EncodeToString(deflated)
}

// Stored is raw as DEFLATE stored blocks, not compressed: what the page
// wraps when the browser has no CompressionStream. Any reader inflates
// it; the link is only longer.
func Stored(raw []byte) []byte {
	const maxBlock = 65535
	out := make([]byte, 0, len(raw)+5*(len(raw)/maxBlock+1))
	for {
		n := min(len(raw), maxBlock)
		final := byte(0)
		if n == len(raw) {
			final = 1
		}
		// BFINAL, BTYPE 00 (stored), padding to the byte; LEN and NLEN.
		out = append(out, final, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
		out = append(out, raw[:n]...)
		raw = raw[n:]
		if final == 1 {
			return out
		}
	}
}

// EncodeChecked is Encode that refuses a state Decode would reject.
func EncodeChecked(s State) (string, error) {
	raw, err := MarshalChecked(s)
	if err != nil {
		return "", err
	}
	h := WrapAs(PrefixOf(s), deflate(raw))
	if len(h) > MaxHashBytes {
		return "", ErrTooLarge
	}
	return h, nil
}

// Decode reads a fragment made by Encode, with or without its leading
// '#'. An empty fragment is the empty state. Errors are plain sentences
// the page can show as they are.
func Decode(hash string) (State, error) {
	hash = strings.TrimPrefix(hash, "#")
	if len(hash) > MaxHashBytes {
		return State{}, fmt.Errorf("the link is too long (%d bytes; at most %d are read)", len(hash), MaxHashBytes)
	}
	hash = unmangle(hash)
	if hash == "" {
		return State{}, nil
	}
	version, body, ok := strings.Cut(hash, ".")
	if !ok || version == "" {
		return State{}, errors.New("the link does not hold a saved case (no version prefix such as v1.)")
	}
	if version != "v1" && version != "v2" {
		return State{}, fmt.Errorf("the link was made by a newer or unknown version of the page (%.20q); it cannot be opened here", version)
	}
	z, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return State{}, errors.New("the link is damaged: its text is not valid (it may have been cut or wrapped by a mail program)")
	}
	r := flate.NewReader(bytes.NewReader(z))
	defer r.Close()
	raw, err := io.ReadAll(io.LimitReader(r, MaxDecodedBytes+1))
	if err != nil {
		return State{}, errors.New("the link is damaged: its content does not decompress (it may have been cut short)")
	}
	if len(raw) > MaxDecodedBytes {
		return State{}, fmt.Errorf("the case in the link is too large (over %d bytes once unpacked)", MaxDecodedBytes)
	}
	return unmarshal(raw, version == "v2")
}

// unmangle undoes what mail programs and readers do to a long link:
// line breaks or spaces inside it (kept as %20 by some browsers) and
// punctuation or a closing bracket glued to its end. None of these
// characters occurs in a fragment Encode writes.
func unmangle(h string) string {
	if strings.ContainsAny(h, " \t\r\n%") {
		h = strings.ReplaceAll(h, "%20", "")
		h = strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, h)
	}
	return strings.TrimRight(h, ".,;:!?)]}>\"'")
}

// unmarshal reads the records; v2 says whether tag 9 is read (a v1
// fragment never carries it, so one there is skipped like any unknown).
func unmarshal(raw []byte, v2 bool) (State, error) {
	var s State
	var record []byte
	seen := map[uint64]bool{}
	damaged := errors.New("the link is damaged: its content is not a saved case")
	for len(raw) > 0 {
		tag, n := binary.Uvarint(raw)
		if n <= 0 {
			return State{}, damaged
		}
		raw = raw[n:]
		size, n := binary.Uvarint(raw)
		if n <= 0 || size > uint64(len(raw)-n) {
			return State{}, damaged
		}
		v := string(raw[n : n+int(size)])
		raw = raw[n+int(size):]
		if tag == tagRecord {
			if seen[tag] {
				record = nil // two records: neither is shown
			} else {
				record = []byte(v)
			}
			seen[tag] = true
			continue
		}
		if tag != tagHidden && seen[tag] {
			return State{}, damaged
		}
		seen[tag] = true
		switch tag {
		case tagRobots:
			s.Robots = v
		case tagSelectors:
			s.Selectors = v
		case tagAgents:
			s.Agents = v
		case tagHidden:
			s.Hidden = append(s.Hidden, v)
		case tagCell:
			s.Cell = v
		case tagCrawlers:
			s.Crawlers = []string{}
			for _, id := range strings.Split(v, ",") {
				if id != "" {
					s.Crawlers = append(s.Crawlers, id)
				}
			}
		case tagProtocol:
			s.Protocol = v
		case tagCustom:
			if v2 {
				s.Custom = v
			}
		}
	}
	if record != nil {
		s.Record = readRecord(record, s)
	}
	return s, nil
}
