package core_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/smolbots/smolbots/core"
)

// TestConcurrentUse shares one File among goroutines that compile it in
// every dialect at once, and one Policy per dialect among goroutines
// testing selectors. ./build.sh test runs it under -race. A file of 200
// rules makes the policies build their rule index lazily, under load.
func TestConcurrentUse(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, "Disallow: /p%d/\nAllow: /p%d/open\n", i, i)
	}
	f := core.Parse([]byte(b.String()))
	want := map[string]bool{}
	for _, d := range core.Dialects() {
		// The answers from a fresh parse, one goroutine.
		p := d.Compile(core.Parse([]byte(b.String()))).Policy(core.MustAgent("GUS"))
		want[d.ID] = p.Allowed("/p7/x")
	}
	policies := make([]*core.Policy, len(core.Dialects()))
	var wg sync.WaitGroup
	for i, d := range core.Dialects() {
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p := d.Compile(f).Policy(core.MustAgent("GUS"))
				if g == 0 {
					policies[i] = p
				}
			}()
		}
	}
	wg.Wait()
	errs := make(chan string, 64)
	for _, p := range policies {
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < 300; i++ {
					sel := fmt.Sprintf("/p%d/x", i%200)
					if v := p.Test(sel); v.Allowed != p.Allowed(sel) {
						errs <- fmt.Sprintf("%s: Test and Allowed disagree on %s", p.Dialect.ID, sel)
						return
					}
				}
				if got := p.Allowed("gemini://capsule.example/p7/x"); got != want[p.Dialect.ID] {
					errs <- fmt.Sprintf("%s: /p7/x allowed=%v, want %v", p.Dialect.ID, got, want[p.Dialect.ID])
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
