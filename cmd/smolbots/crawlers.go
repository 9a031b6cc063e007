package main

import (
	"fmt"
	"io"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/fetch"
)

// concludeCrawlers says what each crawler preset of the protocol makes
// of the fetch's first reply. It is worked out here and by the page, not
// in core/fetch, so the relay worker (near its size budget) does not
// link core.
func concludeCrawlers(r *fetch.Result) []core.CrawlerConclusion {
	status := ""
	if len(r.Attempts) > 0 {
		status = r.Attempts[0].Status
	}
	return core.ConcludeFetch(r.URL, status, r.Outcome == fetch.Found)
}

// reportCrawlers writes one line per crawler preset: what it makes of
// the fetch.
func reportCrawlers(w io.Writer, cs []core.CrawlerConclusion) {
	for _, c := range cs {
		fmt.Fprintf(w, "  crawler %s: %s: %s\n", c.Crawler, c.Reading, c.Note)
	}
}

// crawlerVerdict is a preset's verdict when the fetch, not the file,
// decides: it allows everything, or skips the host.
func crawlerVerdict(d core.Dialect, c core.CrawlerConclusion, selector string) core.Verdict {
	return core.Verdict{
		Dialect: d.ID, Agent: d.Crawler.Identity(), Selector: selector, Target: selector,
		Allowed: c.Reading == "allow-all", GroupLines: []int{},
		Why:  "the fetch decided before any rule was read",
		Note: c.Note,
	}
}
