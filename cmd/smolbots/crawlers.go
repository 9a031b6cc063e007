package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/fetch"
)

// CrawlerConclusion is what one crawler preset makes of a fetch:
// "read", "allow-all", "skip-host" or "unknown", with its code cited.
// It is worked out here, not in core/fetch, so the relay worker (which
// is near its size budget) does not link core.
type crawlerConclusion struct {
	Crawler string `json:"crawler"`
	Reading string `json:"reading"`
	Note    string `json:"note"`
}

// concludeCrawlers applies each preset of the fetch's protocol to the
// first reply: the one a crawler that follows no redirect gets.
func concludeCrawlers(r *fetch.Result) []crawlerConclusion {
	scheme, _, _ := strings.Cut(r.URL, "://")
	reply := firstReply(r)
	out := []crawlerConclusion{}
	for _, d := range core.Presets() {
		c := d.Crawler
		if c.Protocol != scheme {
			continue
		}
		reading, note := c.Conclude(reply)
		out = append(out, crawlerConclusion{Crawler: d.ID, Reading: reading, Note: note})
	}
	return out
}

func firstReply(r *fetch.Result) core.Reply {
	if len(r.Attempts) == 0 || r.Attempts[0].Status == "" {
		return core.Reply{Failed: true}
	}
	code, meta, _ := strings.Cut(r.Attempts[0].Status, " ")
	status, _ := strconv.Atoi(code)
	return core.Reply{Status: status, Meta: meta, Found: r.Outcome == fetch.Found}
}

// reportCrawlers writes one line per crawler preset: what it makes of
// the fetch.
func reportCrawlers(w io.Writer, cs []crawlerConclusion) {
	for _, c := range cs {
		fmt.Fprintf(w, "  crawler %s: %s: %s\n", c.Crawler, c.Reading, c.Note)
	}
}

// crawlerVerdict is a preset's verdict when the fetch, not the file,
// decides: it allows everything, or skips the host.
func crawlerVerdict(d core.Dialect, c crawlerConclusion, selector string) core.Verdict {
	return core.Verdict{
		Dialect: d.ID, Agent: d.Crawler.Identity(), Selector: selector, Target: selector,
		Allowed: c.Reading == "allow-all", GroupLines: []int{},
		Why:  "the fetch decided before any rule was read",
		Note: c.Note,
	}
}
