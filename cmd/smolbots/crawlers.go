package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/fetch"
)

// concludeCrawlers says what each crawler preset of the protocol makes
// of the fetch's first reply. It is worked out here and by the page, not
// in core/fetch, so the relay worker (near its size budget) does not
// link core.
func concludeCrawlers(r *fetch.Result) []crawlers.CrawlerConclusion {
	status := ""
	if len(r.Attempts) > 0 {
		status = r.Attempts[0].Status
	}
	return crawlers.ConcludeFetch(r.URL, status, r.Outcome == fetch.Found)
}

// reportCrawlers writes one line per crawler preset: what it makes of
// the fetch.
func reportCrawlers(w io.Writer, cs []crawlers.CrawlerConclusion) {
	for _, c := range cs {
		fmt.Fprintf(w, "  crawler %s: %s: %s\n", c.Crawler, c.Reading, c.Note)
	}
}

// crawlerVerdict is a preset's verdict when the fetch, not the file,
// decides: it allows everything, refuses everything for now, or skips
// the host.
func crawlerVerdict(d core.Dialect, c crawlers.CrawlerConclusion, selector string) core.Verdict {
	return core.Verdict{
		Dialect: d.ID, Agent: d.Crawler.Identity(), Selector: selector, Target: selector,
		Allowed: c.Reading == "allow-all", GroupLines: []int{},
		Why:  "the fetch decided before any rule was read",
		Note: c.Note,
	}
}

// notRobotsPresets sorts the presets for a reply that is not a robots.txt
// (fetch's not-robots): those that read its body anyway (Kennedy and
// mozz-archiver read a 2x of any type), those the reply alone decides
// for (they allow all or skip the host), and those that give no verdict,
// each with why: a crawler whose code for the reply was not read, or one
// that reads robots.txt over the other protocol.
func notRobotsPresets(presets []core.Dialect, fetched *fetch.Result) (answer []core.Dialect, read, decided, silent []string) {
	concl := map[string]crawlers.CrawlerConclusion{}
	for _, c := range concludeCrawlers(fetched) {
		concl[c.Crawler] = c
	}
	for _, d := range presets {
		c, ok := concl[d.ID]
		switch {
		case !ok:
			silent = append(silent, fmt.Sprintf("%s (it reads robots.txt over %s only)", d.ID, d.Crawler.Protocol))
			continue
		case c.Reading == "unknown":
			silent = append(silent, fmt.Sprintf("%s (its code for this reply was not read)", d.ID))
			continue
		case c.Reading == "read":
			read = append(read, d.ID)
		default:
			decided = append(decided, d.ID)
		}
		answer = append(answer, d)
	}
	return answer, read, decided, silent
}

// reportNotRobots says on stderr which presets answer a reply that is
// not a robots.txt and which do not, and that the dialects do not.
func reportNotRobots(w io.Writer, e *notRobotsError, read, decided, silent []string, dialects []core.Dialect) {
	fmt.Fprintf(w, "smolbots check: %s", e.msg)
	if len(read) > 0 {
		fmt.Fprintf(w, "; %s %s it anyway", strings.Join(read, ", "), verb(len(read), "reads", "read"))
	}
	fmt.Fprintln(w)
	if len(decided) > 0 {
		fmt.Fprintf(w, "smolbots check: %s %s not read it; the reply alone gives their verdicts (why: the crawler lines above)\n", strings.Join(decided, ", "), verb(len(decided), "does", "do"))
	}
	if len(silent) > 0 {
		fmt.Fprintf(w, "smolbots check: no verdict from %s\n", strings.Join(silent, ", "))
	}
	if len(dialects) > 0 {
		ids := make([]string, len(dialects))
		for i, d := range dialects {
			ids[i] = d.ID
		}
		fmt.Fprintf(w, "smolbots check: no verdict from the dialects %s: they read only a robots.txt\n", strings.Join(ids, ", "))
	}
}

func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
