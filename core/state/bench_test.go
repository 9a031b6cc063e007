package state

import (
	"fmt"
	"strings"
	"testing"
)

// The page re-encodes the permalink after typing pauses and decodes it
// once on load: a typical case and a 500 KiB robots.txt.
func BenchmarkEncodeDecode(b *testing.B) {
	var big strings.Builder
	for i := 0; big.Len() < 500<<10; i++ {
		fmt.Fprintf(&big, "User-agent: bot%d\nDisallow: /area%d/private\nAllow: /area%d/open\n\n", i, i, i)
	}
	for _, c := range []struct {
		name string
		s    State
	}{
		{"typical", goldenStates[2].State},
		{"500KiB", State{Robots: big.String(), Selectors: "/x\n/y", Agents: "GUS(indexer)"}},
	} {
		h := Encode(c.s)
		b.Run(c.name+"/encode", func(b *testing.B) {
			for b.Loop() {
				Encode(c.s)
			}
			b.ReportMetric(float64(len(h)), "hash-bytes")
		})
		b.Run(c.name+"/decode", func(b *testing.B) {
			for b.Loop() {
				if _, err := Decode(h); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
