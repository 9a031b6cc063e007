package core_test

import (
	"fmt"

	"github.com/smolbots/smolbots/core"
)

const capsuleRobots = `# robots.txt of a small Gemini capsule
User-agent: *
Disallow: /cgi-bin/

User-agent: indexer
Disallow: /gemlog/drafts/
Disallow: /search

User-agent: GUS
Allow: /search/about
Disallow: /search
`

// Parse keeps every line with its position and kind; it never fails.
func ExampleParse() {
	f := core.Parse([]byte("User-agent: *\r\nDisallow: /private # keep out\r\nnot a field\r\n"))
	for _, l := range f.Lines {
		fmt.Printf("line %d col %d: name=%q value=%q comment=%v terminator=%q\n",
			l.Pos.Line, l.ValuePos.Col, l.Name, l.Value, l.HasComment, l.Terminator)
	}
	fmt.Println(len(f.Lines), "lines, truncated:", f.Truncated)
	// Output:
	// line 1 col 13: name="User-agent" value="*" comment=false terminator="\r\n"
	// line 2 col 11: name="Disallow" value="/private" comment=true terminator="\r\n"
	// line 3 col 0: name="" value="" comment=false terminator="\r\n"
	// 3 lines, truncated: false
}

// Compile groups a parsed file the way one dialect reads it; the same
// file gives different groups under different dialects.
func ExampleDialect_Compile() {
	f := core.Parse([]byte("User-agent: GUS\nDisallow: /a\n\nDisallow: /b\n"))
	for _, d := range []core.Dialect{core.Gopher2019, core.Gemini, core.RFC9309} {
		rs := d.Compile(f)
		fmt.Printf("%s: %d group(s), %d rule(s) in the first, %d line(s) ignored\n",
			d.ID, len(rs.Groups), len(rs.Groups[0].Rules), len(rs.Ignored))
	}
	// Output:
	// gopher2019: 1 group(s), 2 rule(s) in the first, 0 line(s) ignored
	// gemini: 1 group(s), 1 rule(s) in the first, 1 line(s) ignored
	// rfc9309: 1 group(s), 2 rule(s) in the first, 0 line(s) ignored
}

// Parse once, compile once per dialect, choose the policy once per
// crawler, then test as many selectors as needed.
func ExamplePolicy_Test() {
	f := core.Parse([]byte(capsuleRobots))
	agent := core.MustAgent("GUS(indexer)")
	for _, d := range []core.Dialect{core.Gemini, core.RFC9309} {
		p := d.Compile(f).Policy(agent)
		for _, sel := range []string{"/search/about", "/gemlog/drafts/x.gmi", "/cgi-bin/cal"} {
			v := p.Test(sel)
			fmt.Printf("%-8s %-21s allowed=%-5v line=%d rule=%q\n", d.ID, sel, v.Allowed, v.Line, v.Rule)
		}
	}
	// Output:
	// gemini   /search/about         allowed=false line=7 rule="Disallow: /search"
	// gemini   /gemlog/drafts/x.gmi  allowed=false line=6 rule="Disallow: /gemlog/drafts/"
	// gemini   /cgi-bin/cal          allowed=true  line=0 rule=""
	// rfc9309  /search/about         allowed=true  line=10 rule="Allow: /search/about"
	// rfc9309  /gemlog/drafts/x.gmi  allowed=true  line=0 rule=""
	// rfc9309  /cgi-bin/cal          allowed=true  line=0 rule=""
}

// Allowed is Test without the explanation, for crawlers' hot loops.
func ExamplePolicy_Allowed() {
	p := core.RFC9309.Compile(core.Parse([]byte(capsuleRobots))).Policy(core.MustAgent("Kristall"))
	for _, sel := range []string{"/", "/cgi-bin/cal", "/robots.txt"} {
		fmt.Println(sel, p.Allowed(sel))
	}
	// Output:
	// / true
	// /cgi-bin/cal false
	// /robots.txt true
}

// Decide answers a single question; for many, keep the Policy. Here an
// unnamed indexer: the Gemini spec reads `User-agent: indexer` as its
// virtual agent, Conner's proposal as a bot called "indexer".
func ExampleDecide() {
	f := core.Parse([]byte(capsuleRobots))
	for _, d := range []core.Dialect{core.Gemini, core.Conner2020} {
		v := core.Decide(f, d, core.MustAgent("indexer"), "/search")
		fmt.Printf("%s allowed=%v line=%d rule=%q\n", v.Dialect, v.Allowed, v.Line, v.Rule)
	}
	// Output:
	// gemini allowed=false line=7 rule="Disallow: /search"
	// conner2020 allowed=true line=0 rule=""
}

// ParseAgent reads a crawler as users write it: a name, a version, and
// the virtual agents it declares.
func ExampleParseAgent() {
	for _, s := range []string{"*", "GUS/2.1", "Lupa(researcher, archiver)", "indexer", "GUS(indexer"} {
		a, err := core.ParseAgent(s)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("name=%q roles=%q\n", a.Name, a.Roles)
	}
	// Output:
	// name="" roles=[]
	// name="GUS" roles=[]
	// name="Lupa" roles=["researcher" "archiver"]
	// name="" roles=["indexer"]
	// error: agent "GUS(indexer" opens a parenthesis but does not close it at the end
}

// SelectorFrom takes a raw selector as it is, or the selector out of a
// gopher:// or gemini:// URL.
func ExampleSelectorFrom() {
	for _, in := range []string{
		"0/robots.txt",
		"gopher://capsule.example/0/caf%C3%A9.txt",
		"gopher://capsule.example/7/search%09gopher",
		"gemini://capsule.example",
		"gemini://capsule.example/search?q=x#top",
		"https://capsule.example/",
	} {
		sel, err := core.SelectorFrom(in)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("%q\n", sel)
	}
	// Output:
	// "0/robots.txt"
	// "/café.txt"
	// "/search"
	// "/"
	// "/search?q=x"
	// error: "https://capsule.example/" is a https URL; only gopher:// and gemini:// URLs or raw selectors are understood
}

// Settings lists the delay fields that apply to the crawler.
func ExamplePolicy_Settings() {
	f := core.Parse([]byte("User-agent: *\nCrawl-delay: 10\nRequest-rate: 1/5\nDisallow: /x\n"))
	for _, s := range core.Norobots.Compile(f).Policy(core.MustAgent("GUS")).Settings() {
		fmt.Println(s.Line, s.Field, s.Value, s.Valid)
	}
	// Output:
	// 2 crawl-delay 10 true
	// 3 request-rate 1/5 true
}

// The reading as docs/library.md shows it: parse once, pick the
// crawler's group once, test many selectors.
func Example_library() {
	body := []byte("User-agent: *\nDisallow: /private\n")
	agent := core.MustAgent("examplebot(indexer)")
	f := core.Parse(body)                     // once per file
	p := core.Gemini.Compile(f).Policy(agent) // once per crawler
	v := p.Test("/private/x")                 // per selector
	fmt.Println(v.Allowed, v.Line, v.Rule)
	// Output: false 2 Disallow: /private
}
