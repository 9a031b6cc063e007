package benchrobots

import (
	"fmt"
	"strconv"
	"strings"
)

// Case is one adversarial file: Name for the benchmark, Data its bytes.
type Case struct {
	Name string
	Data []byte
}

// fill repeats unit(i) after head until the file holds max, then
// cuts it there.
func fill(max int, head string, unit func(i int) string) []byte {
	var b strings.Builder
	b.WriteString(head)
	for i := 0; b.Len() < max; i++ {
		b.WriteString(unit(i))
	}
	return []byte(b.String()[:max])
}

// Adversarial are the files of max bytes that stress a reader most: one
// rule a group, repeated groups, one group of prefixes, agent lines
// alone, records without rules. The core and lint benchmarks share them.
func Adversarial(max int) []Case {
	return []Case{
		// What the playground's benchmark types (the same records as
		// core/grid's benchmark): robots and roles, Allow lines, globs,
		// delays.
		{"page", fill(max, "", Record)},
		// About 15,000 groups of one rule, each for another robot.
		{"one-rule-groups", fill(max, "", func(i int) string {
			return fmt.Sprintf("User-agent: b%d\nDisallow: /%d\n", i, i)
		})},
		// The same robots named again and again, with blank lines, roles
		// written both ways, and * records among them: duplicate groups,
		// merged and combined policies over thousands of groups.
		{"repeated-groups", fill(max, "", func(i int) string {
			switch i % 4 {
			case 0:
				return "User-agent: *\nDisallow: /s" + strconv.Itoa(i) + "\n\n"
			case 1:
				return "User-agent: GUS\nDisallow: /g" + strconv.Itoa(i) + "\nAllow: /g" + strconv.Itoa(i) + "/o\n\n"
			case 2:
				return "User-agent: indexer\nVirtual-agent: indexer\nDisallow: /i" + strconv.Itoa(i) + "\n"
			}
			return "User-agent: *\n\nDisallow: /lost" + strconv.Itoa(i) + "\n"
		})},
		// About 29,000 rules in one group, many a prefix of later ones.
		{"one-group-prefixes", fill(max, "User-agent: *\n", func(i int) string {
			if i%3 == 0 {
				return "Allow: /p/" + strconv.Itoa(i) + "\n"
			}
			return "Disallow: /p/" + strconv.Itoa(i) + "\n"
		})},
		// About 25,000 User-agent lines and a single rule.
		{"agent-lines", append(fill(max, "", func(i int) string {
			return "User-agent: bot" + strconv.Itoa(i) + "\n"
		})[:max-16], "\nDisallow: /\n"...)},
		// About 34,000 records with no rules: notes name each of them.
		{"ruleless-records", fill(max, "", func(i int) string {
			return "User-agent: *\n\n"
		})},
	}
}

// Selectors are the 50 selectors the adversarial benchmarks ask.
var Selectors = func() []string {
	var s []string
	for i := 0; i < 50; i++ {
		switch i % 5 {
		case 0:
			s = append(s, fmt.Sprintf("/p/%d", i*97))
		case 1:
			s = append(s, fmt.Sprintf("/%d", i*31))
		case 2:
			s = append(s, fmt.Sprintf("/g%d/o/x", i))
		case 3:
			s = append(s, fmt.Sprintf("p/%d", i))
		default:
			s = append(s, fmt.Sprintf("1/s%d", i))
		}
	}
	return s
}()
