package conformance

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
)

// Release is the dated name of the suite's current version: the name an
// author pins in CI (conform -release 2026.12). A release is cut once,
// as the file `smolbots vectors` prints, into releases/NAME.json, and
// never changes after: the site serves the kept file as it is
// (/conformance/NAME.json), releases/SHA256SUMS holds every kept file's
// digest, and a test holds the current suite to its release's file byte
// for byte, so a change to any case or verdict needs a new Version and a
// new Release (a new month's name, or NAME.N within a month).
const Release = "2026.12"

//go:embed releases/*.json releases/SHA256SUMS
var releases embed.FS

var releaseName = regexp.MustCompile(`^[0-9]{4}\.[0-9]{2}(\.[0-9]+)?$`)

// Releases are the kept releases' names, oldest first.
func Releases() []string {
	names, _ := fs.Glob(releases, "releases/*.json")
	var out []string
	for _, n := range names {
		out = append(out, strings.TrimSuffix(strings.TrimPrefix(n, "releases/"), ".json"))
	}
	sort.Slice(out, func(i, j int) bool { return releaseLess(out[i], out[j]) })
	return out
}

func releaseLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		if pa[i] != pb[i] {
			if len(pa[i]) != len(pb[i]) {
				return len(pa[i]) < len(pb[i])
			}
			return pa[i] < pb[i]
		}
	}
	return len(pa) < len(pb)
}

// KeptRelease is a kept release's file, byte for byte as it was cut.
func KeptRelease(name string) ([]byte, error) {
	if !releaseName.MatchString(name) {
		return nil, fmt.Errorf("%q is not a release name (YYYY.MM, or YYYY.MM.N); kept releases: %s", name, strings.Join(Releases(), ", "))
	}
	data, err := releases.ReadFile("releases/" + name + ".json")
	if err != nil {
		return nil, fmt.Errorf("no kept release %s; kept releases: %s", name, strings.Join(Releases(), ", "))
	}
	return data, nil
}

// LoadRelease is a kept release as a suite, to run.
func LoadRelease(name string) (*Suite, error) {
	data, err := KeptRelease(name)
	if err != nil {
		return nil, err
	}
	var s Suite
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("release %s: %v", name, err)
	}
	return &s, nil
}

// KeptSums is releases/SHA256SUMS: each kept file's digest, as
// sha256sum writes them ("HEX  NAME.json").
func KeptSums() (map[string]string, error) {
	data, err := releases.ReadFile("releases/SHA256SUMS")
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if ok {
			out[name] = sum
		}
	}
	return out, nil
}

// SHA256 is the hex digest sha256sum prints.
func SHA256(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}
