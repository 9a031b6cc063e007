package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
)

// brotliLevel is what serve compresses with: quality 11, what a static
// host precompresses with, takes 40 s for the page's 5.5 MB module; 6
// takes a few hundred ms once, and its output is within 16% of 11's
// (1.26 MB against 1.09; gzip's best is 1.49).
const brotliLevel = 6

// compressible are the extensions of the page's text and WebAssembly.
var compressible = map[string]bool{
	".html": true, ".css": true, ".js": true, ".mjs": true, ".json": true, ".svg": true,
	".wasm": true, ".txt": true, ".gmi": true, ".xml": true, ".md": true, ".map": true,
}

// compressed serves the files of root as next does, but sends those of
// a compressible type brotli- or gzip-encoded to a client that accepts
// it, as the static host does. Each file is compressed once per
// content and encoding and kept in memory; a file that changes on disk
// (a new build) is compressed again. Anything else (a directory
// without its slash, a missing file, a range request) goes to next.
type compressed struct {
	root  http.FileSystem
	next  http.Handler
	mu    sync.Mutex
	cache map[string]*encoded
}

// encoded is one file in one encoding.
type encoded struct {
	once    sync.Once
	modTime time.Time
	size    int64
	body    []byte
	etag    string
}

func newCompressed(root http.FileSystem, next http.Handler) *compressed {
	return &compressed{root: root, next: next, cache: map[string]*encoded{}}
}

func (c *compressed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	if !compressible[path.Ext(name)] || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		c.next.ServeHTTP(w, r)
		return
	}
	w.Header().Add("Vary", "Accept-Encoding")
	enc := acceptedEncoding(r.Header.Get("Accept-Encoding"))
	if enc == "" || r.Header.Get("Range") != "" || strings.HasSuffix(r.URL.Path, "/index.html") {
		c.next.ServeHTTP(w, r) // FileServer redirects .../index.html to ./
		return
	}
	f, err := c.root.Open(name)
	if err != nil {
		c.next.ServeHTTP(w, r)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		c.next.ServeHTTP(w, r)
		return
	}
	e, err := c.get(name, enc, f, fi)
	if err != nil {
		c.next.ServeHTTP(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Encoding", enc)
	h.Set("ETag", e.etag)
	// ServeContent answers conditional requests and HEAD; the type
	// comes from the name.
	http.ServeContent(w, r, name, e.modTime, bytes.NewReader(e.body))
}

// warm compresses the compressible files at the top of root with
// brotli, so that the first visitor's browser does not wait for it.
func (c *compressed) warm() {
	d, err := c.root.Open("/")
	if err != nil {
		return
	}
	list, _ := d.Readdir(-1)
	d.Close()
	for _, fi := range list {
		name := "/" + fi.Name()
		if !compressible[path.Ext(name)] || !fi.Mode().IsRegular() {
			continue
		}
		if f, err := c.root.Open(name); err == nil {
			c.get(name, "br", f, fi)
			f.Close()
		}
	}
}

// get returns the file's encoding, compressing it on first use.
func (c *compressed) get(name, enc string, f io.Reader, fi fs.FileInfo) (*encoded, error) {
	key := enc + " " + name
	c.mu.Lock()
	e := c.cache[key]
	if e == nil || !e.modTime.Equal(fi.ModTime()) || e.size != fi.Size() {
		e = &encoded{modTime: fi.ModTime(), size: fi.Size()}
		c.cache[key] = e
	}
	c.mu.Unlock()
	var err error
	e.once.Do(func() {
		var raw []byte
		if raw, err = io.ReadAll(f); err != nil {
			return
		}
		var b bytes.Buffer
		var w io.WriteCloser
		if enc == "br" {
			w = brotli.NewWriterLevel(&b, brotliLevel)
		} else {
			w, _ = gzip.NewWriterLevel(&b, gzip.BestCompression) // the level is valid
		}
		w.Write(raw) // writes to a bytes.Buffer do not fail
		w.Close()
		sum := sha256.Sum256(raw)
		e.body = b.Bytes()
		e.etag = `"` + hex.EncodeToString(sum[:8]) + "-" + enc + `"`
	})
	if err != nil || e.body == nil {
		c.mu.Lock()
		if c.cache[key] == e {
			delete(c.cache, key) // try again next time
		}
		c.mu.Unlock()
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return e, nil
}

// acceptedEncoding picks br, else gzip, from an Accept-Encoding header
// ("" for neither): a coding is accepted unless its q is 0; "*" stands
// for both.
func acceptedEncoding(header string) string {
	q := map[string]bool{}
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		ok := true
		for _, p := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(k, "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				ok = err == nil && f > 0
			}
		}
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "*" {
			for _, c := range []string{"br", "gzip"} {
				if _, named := q[c]; !named {
					q[c] = ok
				}
			}
			continue
		}
		q[coding] = ok
	}
	for _, c := range []string{"br", "gzip"} {
		if q[c] {
			return c
		}
	}
	return ""
}
