package site_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/site"
)

func ExampleGeminiLinks() {
	page := "# Notes\n=> ../about.gmi About\n=> gemini://other.example/ Friends\n```\n=> not-a-link\n```\n"
	for _, l := range site.GeminiLinks("gemini://capsule.example/notes/index.gmi", []byte(page)) {
		fmt.Println(l, site.Origin(l) == "gemini://capsule.example")
	}
	// Output:
	// gemini://capsule.example/about.gmi true
	// gemini://other.example/ false
}

func ExampleGopherLinks() {
	menu := "iWelcome\tfake\t(NULL)\t0\r\n1Phlog\t/phlog\tcapsule.example\t70\r\n0About me\t/about me.txt\tcapsule.example\t70\r\nhWeb\tURL:https://example.com/\tcapsule.example\t70\r\n.\r\n"
	for _, l := range site.GopherLinks([]byte(menu)) {
		sel, _ := site.Selector(l)
		fmt.Printf("%s %q\n", l, sel)
	}
	// Output:
	// gopher://capsule.example/1/phlog "/phlog"
	// gopher://capsule.example/0/about%20me.txt "/about me.txt"
	// https://example.com/ ""
}

// A crawler walks a capsule with its own fetch and its own reading of
// robots.txt (here: nothing under /private/); pages come breadth first.
func ExampleWalk() {
	pages := map[string]string{
		"gemini://capsule.example/":              "=> a.gmi\n=> private/x.gmi\n=> gemini://other.example/\n",
		"gemini://capsule.example/a.gmi":         "=> / Home\n",
		"gemini://capsule.example/private/x.gmi": "=> y.gmi\n",
	}
	res, _ := site.Walk(context.Background(), site.Config{
		Start: "gemini://capsule.example/",
		Fetch: func(_ context.Context, u string) *fetch.PageResult {
			return &fetch.PageResult{URL: u, Kind: fetch.KindLinks, Note: "20 text/gemini", Status: 20, Body: []byte(pages[u])}
		},
		MayFetch: func(p *site.Page) []site.Refusal {
			if strings.HasPrefix(p.Selector, "/private/") {
				return []site.Refusal{{Reader: "gemini", Agent: "smolbots(researcher)", Line: 2, Rule: "Disallow: /private/"}}
			}
			return nil
		},
		Delay: site.NoDelay, // a real crawler keeps the default second
	})
	for _, p := range res.Pages {
		fmt.Printf("%s fetched=%v: %s\n", p.Selector, p.Fetched, p.Status)
	}
	fmt.Println(res.Requests, "requests; elsewhere:", res.Elsewhere)
	// Output:
	// / fetched=true: 20 text/gemini, 3 links
	// /a.gmi fetched=true: 20 text/gemini, 1 link
	// /private/x.gmi fetched=false: not fetched: robots.txt refuses it (line 2: Disallow: /private/ (gemini))
	// 2 requests; elsewhere: [{gemini://other.example 1}]
}
