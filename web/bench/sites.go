package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/web/internal/headless"
)

// Two tools for trying a lever on the page without a commit: build the
// site into a directory (web/build-site.sh DIR), change what the lever
// changes there, and compare.
var (
	sites = flag.String("sites", "", "NAME=DIR,NAME=DIR,...: built sites cold-loaded in turn with hello world, each shared link's start-up split within the load")
	loaf  = flag.String("loaf", "", "DIR: cold-load the shared link from this built site -loads times and list its start-up marks and long animation frames")
)

// sitesRun cold-loads, round after round, hello world, then on each site
// (in an order that turns each round) the shared link and the default
// page. Besides the ratios it gives three steps of the shared link
// measured within each load (medians of the per-load differences), which
// the machine's moment moves far less than times from navigation.
func sitesRun(tmp, helloURL string) error {
	type site struct {
		name, url                   string
		text, verdict, ready, first []float64
		compiled, goMain, restored  []float64
	}
	var all []*site
	for _, nd := range strings.Split(*sites, ",") {
		name, dir, ok := strings.Cut(nd, "=")
		if !ok {
			return fmt.Errorf("-sites wants NAME=DIR pairs, got %q", nd)
		}
		srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
		defer srv.Close()
		all = append(all, &site{name: name, url: srv.URL})
	}
	sh := sharedLink()
	hw, err := inTurn(tmp, helloURL, len(all), func(k int) error {
		s := all[k]
		v, err := coldLoad(tmp, s.url+"/#"+sh.fragment, sh.watch(), sharedTimes)
		if err != nil {
			return fmt.Errorf("%s, the shared link: %w", s.name, err)
		}
		s.text, s.verdict, s.ready = append(s.text, v[0]), append(s.verdict, v[1]), append(s.ready, v[2])
		s.compiled, s.goMain, s.restored = append(s.compiled, v[3]), append(s.goMain, v[4]), append(s.restored, v[5])
		p, err := coldLoad(tmp, s.url+"/", firstKey, pageTimes)
		if err != nil {
			return fmt.Errorf("%s, the default page: %w", s.name, err)
		}
		s.first = append(s.first, p[0])
		return nil
	})
	if err != nil {
		return err
	}
	h := median(hw)
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("hello world's first paint, median of %d: %.0f ms (load average at the end %s)\n\n", *loads, h, strings.Join(strings.Fields(string(load))[:3], " "))
	fmt.Println("| site | link: text | link: verdicts | link: taken over | default page: first verdict | link: module compiled | link: Go's main | main to link read, ms | link read to take-over, ms | take-over to verdicts on screen, ms |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	within := func(from, to []float64) float64 {
		d := make([]float64, len(from))
		for i := range from {
			d[i] = to[i] - from[i]
		}
		return median(d)
	}
	for _, s := range all {
		fmt.Printf("| %s | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx | %.0f | %.0f | %.0f |\n", s.name,
			median(s.text)/h, median(s.verdict)/h, median(s.ready)/h, median(s.first)/h, median(s.compiled)/h, median(s.goMain)/h,
			within(s.goMain, s.restored), within(s.restored, s.ready), within(s.ready, s.verdict))
	}
	return nil
}

// loafScript waits for the take-over and 1.5 s more, then lists the
// start-up marks and every long animation frame (50 ms or more): when
// it began, how long its tasks ran before rendering, the scripts in it,
// and its rendering (style, layout, paint) to its end.
const loafScript = `new Promise(ok => {
	const frames = [];
	new PerformanceObserver(l => { for (const e of l.getEntries()) frames.push(e); }).observe({type: "long-animation-frame", buffered: true});
	(function wait() { if (document.body && document.body.dataset.ready === "true") setTimeout(report, 1500); else setTimeout(wait, 5); })();
	function report() {
		const mark = n => (m => m.length ? m[0].startTime.toFixed(0) : "-")(performance.getEntriesByName(n));
		const fcp = performance.getEntriesByName("first-contentful-paint")[0];
		let out = "first paint " + (fcp ? fcp.startTime.toFixed(0) : "-");
		for (const n of ["compiled", "go-run", "main", "restored", "first-grid", "idle"]) out += ", " + n + " " + mark("smolbots-" + n);
		for (const f of frames.sort((a, b) => a.startTime - b.startTime)) {
			const render = f.renderStart ? f.renderStart - f.startTime : f.duration;
			out += "\n  frame at " + f.startTime.toFixed(0) + ": tasks " + render.toFixed(0) + " ms (" + f.scripts.map(s => s.invoker + " " + s.duration.toFixed(0)).join(", ") + "), rendering " + (f.duration - render).toFixed(0) + " ms";
		}
		ok(out);
	}
})`

func loafRun(tmp string) error {
	srv := httptest.NewServer(http.FileServer(http.Dir(*loaf)))
	defer srv.Close()
	url := srv.URL + "/#" + sharedLink().fragment
	for i := 0; i < *loads; i++ {
		profile, err := os.MkdirTemp(tmp, "profile-")
		if err != nil {
			return err
		}
		ctx, cancel, err := headless.Start(context.Background(), profile)
		if err != nil {
			return err
		}
		err = chromedp.Do(ctx, chromedp.Navigate(url))
		var out string
		if err == nil {
			out, err = chromedp.Run(ctx, chromedp.Evaluate[string](loafScript, chromedp.EvalAwaitPromise))
		}
		cancel()
		os.RemoveAll(profile)
		if err != nil {
			return err
		}
		fmt.Println(out)
	}
	return nil
}
