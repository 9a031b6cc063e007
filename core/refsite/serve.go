package refsite

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
)

// PrettyURLs serves a page at its path without .html, as Netlify does
// for the deployed site: /lint/bom is lint/bom.html. A path with an
// extension, or one that exists as it is, is served unchanged. Wrap the
// directory of the built site with it and hand it to http.FileServer.
func PrettyURLs(files http.FileSystem) http.FileSystem { return pretty{files} }

type pretty struct{ http.FileSystem }

func (p pretty) Open(name string) (http.File, error) {
	// A page beside a directory of the same name (/conformance, with
	// conformance/results under it) is the page, not the listing.
	if path.Ext(name) == "" && name != "/" {
		if st, err := statOf(p.FileSystem, name); err == nil && st.IsDir() {
			if g, err := p.FileSystem.Open(name + ".html"); err == nil {
				return g, nil
			}
		}
	}
	f, err := p.FileSystem.Open(name)
	if err == nil || !errors.Is(err, fs.ErrNotExist) || path.Ext(name) != "" || name == "/" {
		return f, err
	}
	if g, err2 := p.FileSystem.Open(name + ".html"); err2 == nil {
		return g, nil
	}
	return nil, err
}

func statOf(files http.FileSystem, name string) (fs.FileInfo, error) {
	f, err := files.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Stat()
}
