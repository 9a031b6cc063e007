package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/chromedp/chromedp"

	"github.com/smolbots/smolbots/web/internal/headless"
)

func main() {
	srv := httptest.NewServer(http.FileServer(http.Dir(os.Args[1])))
	defer srv.Close()
	for i := 0; i < 3; i++ {
		dir, _ := os.MkdirTemp("", "probe")
		ctx, cancel, err := headless.Start(context.Background(), dir)
		if err != nil {
			panic(err)
		}
		chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"))
		v, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`new Promise(ok => setTimeout(() => {
			const n = performance.getEntriesByType("navigation")[0];
			const o = {responseEnd: n.responseEnd, dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd};
			for (const p of performance.getEntriesByType("paint")) o[p.name] = p.startTime;
			for (const m of performance.getEntriesByType("mark")) o[m.name] = m.startTime;
			for (const r of performance.getEntriesByType("resource")) o[r.name.split("/").pop()] = [Math.round(r.startTime), Math.round(r.responseEnd)];
			ok(o);
		}, 1500))`, chromedp.EvalAwaitPromise))
		fmt.Println(v, err)
		cancel()
		os.RemoveAll(dir)
	}
}
