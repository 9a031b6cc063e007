package lint

import (
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/internal/benchrobots"
)

// BenchmarkBigLint times the lints on each adversarial file of
// BenchmarkBig (core/big_test.go), which times the verdicts.
func BenchmarkBigLint(b *testing.B) {
	for _, c := range benchrobots.Adversarial(core.MaxBytes) {
		f := core.Parse(c.Data)
		b.Run(c.Name, func(b *testing.B) {
			b.SetBytes(int64(len(c.Data)))
			b.ReportAllocs()
			for b.Loop() {
				Lint(f, benchrobots.Selectors)
			}
		})
	}
}
