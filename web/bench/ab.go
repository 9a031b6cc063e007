package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// abRun builds the page at the git revision rev (A) beside this tree's
// (B, already served at siteB) and cold-loads, round after round, hello
// world, then the shared link and the default page on A and on B, in
// an order that alternates each round, so that both see the same
// machine. A loaded machine moves absolute times by a third between
// runs; the ratio of B to A in one run moves far less.
func abRun(tmp, rev, helloURL, siteB string, sizeB int) error {
	src := filepath.Join(tmp, "base-src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return err
	}
	archive := exec.Command("sh", "-c", "git archive "+rev+" | tar -x -C "+src)
	archive.Stderr = os.Stderr
	if err := archive.Run(); err != nil {
		return fmt.Errorf("unpacking revision %s: %w", rev, err)
	}
	siteA := filepath.Join(tmp, "site-base")
	cmd := exec.Command("web/build-site.sh", siteA)
	cmd.Dir = src
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building the page at %s: %w", rev, err)
	}
	pgA, err := os.ReadFile(filepath.Join(siteA, "playground.wasm"))
	if err != nil {
		return err
	}
	srvA := httptest.NewServer(http.FileServer(http.Dir(siteA)))
	defer srvA.Close()
	load, _ := exec.Command("cat", "/proc/loadavg").Output()
	fmt.Printf("A/B: A = %s, B = this tree; %d rounds; load average at the start %s\n", rev, *loads, strings.Join(strings.Fields(string(load))[:3], " "))
	fmt.Printf("playground.wasm: A %d bytes (gzip %d), B %d bytes\n\n", len(pgA), gz(pgA), sizeB)

	sh := sharedLink()
	watch := sh.watch()
	if *probe {
		watch += probeScript
	}
	type side struct {
		url                             string
		text, verdict, ready, first, ku []float64
		gap                             []float64 // per load, take-over to verdicts on screen
	}
	sides := []*side{{url: srvA.URL}, {url: siteB}}
	hw, err := inTurn(tmp, helloURL, len(sides), func(k int) error {
		sd, name := sides[k], "AB"[k:k+1]
		s, err := coldLoad(tmp, sd.url+"/#"+sh.fragment, watch, sharedTimes)
		if err != nil {
			return fmt.Errorf("%s, the shared link: %w", name, err)
		}
		sd.text, sd.verdict, sd.ready = append(sd.text, s[0]), append(sd.verdict, s[1]), append(sd.ready, s[2])
		sd.gap = append(sd.gap, s[1]-s[2])
		if *probe {
			if err := printProbe(tmp, sd.url+"/#"+sh.fragment, watch, name, s); err != nil {
				return err
			}
		}
		p, err := coldLoad(tmp, sd.url+"/", firstKey, pageTimes)
		if err != nil {
			return fmt.Errorf("%s, the default page: %w", name, err)
		}
		sd.first, sd.ku = append(sd.first, p[0]), append(sd.ku, p[5])
		return nil
	})
	if err != nil {
		return err
	}
	h := median(hw)
	load, _ = exec.Command("cat", "/proc/loadavg").Output()
	fmt.Printf("hello world's first paint, median of %d: %.0f ms (load average at the end %s)\n\n", *loads, h, strings.Join(strings.Fields(string(load))[:3], " "))
	fmt.Println("| median of", *loads, "| A ms | A ratio | B ms | B ratio | B/A |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
	row := func(name string, f func(*side) []float64) {
		a, b := median(f(sides[0])), median(f(sides[1]))
		fmt.Printf("| %s | %.0f | %.2fx | %.0f | **%.2fx** | %.2f |\n", name, a, a/h, b, b/h, b/a)
	}
	row("shared link: its text shown", func(s *side) []float64 { return s.text })
	row("shared link: its own verdicts painted", func(s *side) []float64 { return s.verdict })
	row("shared link: the wasm has taken over", func(s *side) []float64 { return s.ready })
	// Within one load, so the machine's moments before the take-over
	// (the module's download and compile) drop out.
	a, b := median(sides[0].gap), median(sides[1].gap)
	fmt.Printf("| shared link: the take-over to its verdicts on screen, within each load | %.0f | | %.0f | | %.2f |\n", a, b, b/a)
	row("default page: first verdict painted", func(s *side) []float64 { return s.first })
	row("default page: first keystroke answered", func(s *side) []float64 { return s.ku })
	return nil
}

// probeScript, added to the shared link's watch, notes the long tasks
// (50 ms or more) of the page's thread and the first update's model and
// drawing times (read as the take-over ends, before a later update
// writes over them).
const probeScript = `
window.__long = [];
window.__firstUpdate = [-1, -1];
new MutationObserver((ms, o) => {
	if (!document.body || document.body.dataset.ready !== "true") return;
	o.disconnect();
	window.__firstUpdate = [Number(document.body.dataset.modelMs), Number(document.body.dataset.drawMs)];
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
try { new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({type: "longtask", buffered: true}); } catch (e) {}`

// printProbe lists the start-up marks of the load just made (s holds
// its text, verdicts and take-over) with its long tasks: a second
// evaluation in a fresh browser would not be the same load, so the
// probe loads once more and prints that load's figures.
func printProbe(tmp, url, watch, name string, s []float64) error {
	const marks = `new Promise((ok, fail) => {
	const t0 = Date.now();
	(function poll() {
		const w = window.__shared, m = performance.getEntriesByName("smolbots-first-grid");
		if (!w.text || !w.verdict || !m.length) {
			if (Date.now() - t0 > 20000) return fail(new Error("the shared case did not show"));
			return setTimeout(poll, 5);
		}
		setTimeout(() => {
			const out = [w.text, w.verdict, window.__firstUpdate[0], window.__firstUpdate[1]];
			for (const n of ["smolbots-compiled", "smolbots-go-run", "smolbots-main", "smolbots-restored", "smolbots-first-grid", "smolbots-frame", "smolbots-idle"]) {
				const e = performance.getEntriesByName(n);
				out.push(e.length ? e[0].startTime : -1);
			}
			for (const t of window.__long) out.push(t[0], t[1]);
			ok(out);
		}, 300);
	})();
})`
	p, err := coldLoad(tmp, url, watch, marks)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s text %.0f verdict %.0f | first update: model %.1f draw %.1f | compiled %.0f go-run %.0f main %.0f restored %.0f first-grid %.0f frame %.0f idle %.0f | long tasks:", name, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10])
	for i := 11; i+1 < len(p); i += 2 {
		fmt.Fprintf(os.Stderr, " %.0f+%.0f", p[i], p[i+1])
	}
	fmt.Fprintln(os.Stderr)
	return nil
}

// inTurn runs -loads rounds of cold loads: hello world's (its first
// paints are returned), then load(k) for each of n sides, in an order
// that turns each round, so that every side sees the machine's moments
// alike.
func inTurn(tmp, helloURL string, n int, load func(k int) error) ([]float64, error) {
	var hw []float64
	for i := 0; i < *loads; i++ {
		h, err := coldLoad(tmp, helloURL+"/", "", helloPaint)
		if err != nil {
			return nil, err
		}
		hw = append(hw, h[0])
		for j := 0; j < n; j++ {
			if err := load((i + j) % n); err != nil {
				return nil, err
			}
		}
	}
	return hw, nil
}
