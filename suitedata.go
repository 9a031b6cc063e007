// Package smolbots holds the files the conformance suite is built from,
// so that the CLI and the reference site carry them: the scenarios of
// testdata/scenarios and the real files of testdata/realworld. The code
// lives under core/ and cmd/.
package smolbots

import "embed"

// Testdata is testdata/scenarios and testdata/realworld, as the
// conformance suite (core/conformance) reads them.
//
//go:embed testdata/scenarios/*.txtar testdata/realworld/*.txt testdata/realworld/index.tsv
var Testdata embed.FS
