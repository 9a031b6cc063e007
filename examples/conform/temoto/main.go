// Command temoto is a smolbots conform adapter for the Go library
// github.com/temoto/robotstxt, which AuraGem's crawler reads robots.txt
// with. It is a module of its own so the main module does not depend on
// the library.
//
//	smolbots conform -- ./temoto                    per case: ROBOTS-FILE AGENT URL; prints allowed or disallowed
//	smolbots conform -jsonl -- ./temoto -jsonl      JSON lines
//
// -agent NAME asks as NAME whatever the case's agent (AuraGem asks as
// indexer). -auragem adds AuraGem's own step before the library: a file without
// the exact text "User-Agent:" gets "User-Agent: *" and a newline in
// front (clseibold/auragem_sis@5af3f8df4f:crawler/context.go:404-407).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/temoto/robotstxt"
)

var (
	auragem = flag.Bool("auragem", false, "prepend User-Agent: * as AuraGem does")
	fixed   = flag.String("agent", "", "ask as this `NAME` whatever the case's agent, as a crawler with one user-agent does (AuraGem: indexer)")
)

func allowed(robots []byte, agent, rawURL string) (bool, error) {
	if *auragem && !bytes.Contains(robots, []byte("User-Agent:")) {
		robots = append([]byte("User-Agent: *\n"), robots...)
	}
	data, err := robotstxt.FromBytes(robots)
	if err != nil {
		return false, err
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return false, err
	}
	// the library knows no virtual agents: it gets the name, or the bare
	// role when that is all there is ("indexer", as AuraGem asks)
	name, _, _ := strings.Cut(agent, "(")
	if *fixed != "" {
		name = *fixed
	}
	return data.TestAgent(u.Path, strings.TrimSpace(name)), nil
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
			ok, err := allowed([]byte(c.Robots), c.Agent, c.URL)
			if err != nil {
				out.Encode(map[string]any{"id": c.ID, "error": err.Error()})
				continue
			}
			out.Encode(map[string]any{"id": c.ID, "allowed": ok})
		}
		return
	}
	if flag.NArg() != 3 {
		fmt.Fprintln(os.Stderr, "usage: temoto [-auragem] ROBOTS-FILE AGENT URL")
		os.Exit(2)
	}
	robots, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	ok, err := allowed(robots, flag.Arg(1), flag.Arg(2))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if !ok {
		fmt.Println("disallowed")
		os.Exit(1) // as older runners read it
	}
	fmt.Println("allowed")
}
