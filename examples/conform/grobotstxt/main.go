// Command grobotstxt is a smolbots conform adapter for the Go library
// github.com/jimsmart/grobotstxt v1.0.3, a port of Google's C++
// robots.txt parser. It is a module of its own so the main module does
// not depend on the library.
//
//	smolbots conform -- ./grobotstxt                ROBOTS-FILE AGENT URL: prints allowed or disallowed, exit 0 or 1
//	smolbots conform -jsonl -- ./grobotstxt -jsonl  JSON lines
//
// The library takes the whole URL and reads its path itself, so
// gemini:// and gopher:// URLs are handed over as they come. It knows no
// virtual agents: it gets the name, cut at "(" (a bare role such as
// "indexer" is a name to it).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/jimsmart/grobotstxt"
)

func allowed(robots, agent, url string) bool {
	name, _, _ := strings.Cut(agent, "(")
	return grobotstxt.AgentAllowed(robots, strings.TrimSpace(name), url)
}

func main() {
	jsonl := flag.Bool("jsonl", false, "read cases as JSON lines on stdin")
	flag.Parse()
	if *jsonl {
		sc := bufio.NewScanner(os.Stdin)
		sc.Buffer(nil, 1<<20)
		out := json.NewEncoder(os.Stdout)
		for sc.Scan() {
			var c struct{ ID, Robots, Agent, URL string }
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(3)
			}
			out.Encode(map[string]any{"id": c.ID, "allowed": allowed(c.Robots, c.Agent, c.URL)})
		}
		return
	}
	if flag.NArg() != 3 {
		fmt.Fprintln(os.Stderr, "usage: grobotstxt ROBOTS-FILE AGENT URL")
		os.Exit(2)
	}
	robots, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if !allowed(string(robots), flag.Arg(1), flag.Arg(2)) {
		fmt.Println("disallowed")
		os.Exit(1)
	}
	fmt.Println("allowed")
}
