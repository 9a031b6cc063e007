package audit

import (
	"bytes"
	"fmt"
	"testing"
)

// BenchmarkAuditor reads a molly-brown log of 100,000 lines from 2,000
// clients in memory: the cost per line of reading, judging and counting,
// without the disk. (cmd/smolbots's BenchmarkAuditVersusAwk times the
// whole CLI against awk on 2,000,000 lines.)
func BenchmarkAuditor(b *testing.B) {
	var log bytes.Buffer
	for n := 0; n < 100_000; n++ {
		c := n * 7919 % 2000
		path := fmt.Sprintf("/gemlog/%03d.gmi", n*31%1000)
		if n%8 == 0 {
			path = fmt.Sprintf("/private/%d.gmi", n%1000)
		}
		fmt.Fprintf(&log, "2025-07-14T08:%02d:%02d+02:00\t198.51.%d.%d\t20\tgemini://capsule.example%s\n", n/60%60, n%60, c/250, c%250+1, path)
	}
	data := log.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		a, _ := New([]byte(testRobots), Options{})
		a.Write(data)
		a.Result()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100_000, "ns/line")
}
