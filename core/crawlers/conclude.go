package crawlers

import (
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core"
)

// CrawlerConclusion is what one crawler preset makes of a fetch.
type CrawlerConclusion struct {
	Crawler string `json:"crawler"` // preset ID
	Reading string `json:"reading"` // "read", "allow-all", "skip-host" or "unknown"
	Note    string `json:"note"`
}

// ConcludeFetch applies every preset of the URL's protocol to the first
// reply of a fetch of it, given as the fetch records it: a Gemini status
// line ("20 text/plain", "" when nothing answered) and, for Gopher,
// whether a robots.txt was found. A crawler that follows no redirect
// gets only that first reply. The CLI and the page share this.
func ConcludeFetch(url, statusLine string, found bool) []CrawlerConclusion {
	scheme, _, _ := strings.Cut(url, "://")
	r := core.Reply{Failed: statusLine == "", Found: found}
	if code, meta, _ := strings.Cut(statusLine, " "); statusLine != "" {
		r.Status, _ = strconv.Atoi(code)
		r.Meta = meta
	}
	out := []CrawlerConclusion{}
	for _, d := range All() {
		c := d.Crawler
		if c.Protocol != strings.ToLower(scheme) {
			continue
		}
		reading, note := c.Conclude(r)
		out = append(out, CrawlerConclusion{Crawler: d.ID, Reading: reading, Note: note})
	}
	return out
}
