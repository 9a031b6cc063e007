package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/matrix"
	"github.com/smolbots/smolbots/core/state"
)

// Result is one case as `conform -json` prints it.
type Result struct {
	ID      string   `json:"id"`
	Tier    string   `json:"tier"`
	Allowed bool     `json:"allowed"`
	Error   string   `json:"error"`
	Agrees  []string `json:"agrees"` // the readers whose verdict it gave, in the suite's order
	// Differs: it answered, and not as the chosen reader does.
	Differs   bool   `json:"differs"`
	Permalink string `json:"permalink"` // the case in the playground, for a case that differs
	// Stderr is the end of what the implementation wrote on stderr, for
	// an error.
	Stderr string `json:"stderr,omitempty"`
}

// Summary is the last line of `conform -json`.
type Summary struct {
	Kind    string         `json:"kind"` // "summary"
	Suite   string         `json:"suite"`
	Release string         `json:"release"` // the suite's release name
	Agent   string         `json:"agent"`
	Dialect string         `json:"dialect"`
	Tier    string         `json:"tier,omitempty"` // the one tier run, when -tier chose one
	Cases   int            `json:"cases"`
	Errors  int            `json:"errors"`
	Differs int            `json:"differs"` // cases answered otherwise than Dialect, errors included
	Agree   map[string]int `json:"agree"`
	// Closest is the reader it agrees with most, "" when Withheld.
	Closest string `json:"closest"`
	// Withheld says why there is no closest reader and no row of the
	// matrix: more errors than MaxErrorShare of the cases allows.
	Withheld string `json:"withheld,omitempty"`
	// Notes are said once about the whole run (lines that are not
	// JSON, a process that never answered).
	Notes []string `json:"notes,omitempty"`
	// Features is the implementation's own row of the matrix: yes or no
	// from its answer on the feature's demonstration, error when it
	// gave none.
	Features map[string]string `json:"features"`
}

// Score compares the answers with every reader's verdict and with the
// chosen one.
func Score(s *Suite, answers []Answer, dialect string, demos []Demo) ([]Result, Summary) {
	sum := Summary{Kind: "summary", Suite: s.Version + " (" + s.Date + ")", Release: s.Release, Agent: s.Agent, Dialect: dialect, Tier: s.Tier, Cases: len(s.Cases), Agree: map[string]int{}, Features: map[string]string{}}
	for _, r := range s.Readers {
		sum.Agree[r] = 0
	}
	byID := map[string]Answer{}
	for _, a := range answers {
		byID[a.ID] = a
	}
	var out []Result
	for _, c := range s.Cases {
		a, ok := byID[c.ID]
		if !ok {
			a = Answer{ID: c.ID, Error: "not asked"}
		}
		r := Result{ID: c.ID, Tier: c.Tier, Allowed: a.Allowed, Error: a.Error, Agrees: []string{}, Stderr: a.Stderr}
		if a.Error != "" {
			sum.Errors++
		} else {
			for _, reader := range s.Readers {
				if c.Expect[reader] == a.Allowed {
					r.Agrees = append(r.Agrees, reader)
					sum.Agree[reader]++
				}
			}
		}
		if a.Error != "" || c.Expect[dialect] != a.Allowed {
			r.Differs = true
			r.Permalink = Permalink(c, dialect)
			sum.Differs++
		}
		out = append(out, r)
	}
	if sum.Errors > MaxErrors(sum.Cases) {
		sum.Withheld = fmt.Sprintf("%d of %d cases are errors, more than the %d (%d%%) a closest reader and a row of the matrix allow: a parser that fails that often has not been measured",
			sum.Errors, sum.Cases, MaxErrors(sum.Cases), maxErrorPercent)
		return out, sum
	}
	best := -1
	for _, reader := range s.Readers {
		if sum.Agree[reader] > best {
			best, sum.Closest = sum.Agree[reader], reader
		}
	}
	for _, d := range AskedDemos(s, demos) {
		a, ok := byID["matrix/"+d.ID]
		switch {
		case !ok || a.Error != "":
			sum.Features[d.ID] = "error"
		default:
			sum.Features[d.ID] = Support(d, a.Allowed)
		}
	}
	return out, sum
}

// maxErrorPercent is the share of the cases that may be errors before
// Score withholds the closest reader and the matrix row.
const maxErrorPercent = 1

// MaxErrors is how many of n cases may be errors while Score still
// names a closest reader and a row of the matrix: 1% of them, rounded
// down (6 of 644; none in a run of fewer than 100).
func MaxErrors(n int) int { return n * maxErrorPercent / 100 }

// AskedDemos are the demonstrations whose case the suite holds: all of
// them, unless the suite keeps one tier.
func AskedDemos(s *Suite, demos []Demo) []Demo {
	in := map[string]bool{}
	for _, c := range s.Cases {
		in[c.ID] = true
	}
	var out []Demo
	for _, d := range demos {
		if in["matrix/"+d.ID] {
			out = append(out, d)
		}
	}
	return out
}

// JSON is v as the CLI writes JSON: no HTML escaping, DEL and the C1
// controls escaped, no final newline.
func JSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return core.EscapeJSONControls(bytes.TrimSuffix(b.Bytes(), []byte("\n"))), nil
}

// Permalink opens the case in the playground with the reader's cell
// selected: a dialect asked as the case's agent, or the crawler preset.
func Permalink(c Case, reader string) string {
	st := state.State{Robots: c.Robots, Selectors: c.URL}
	d, known := crawlers.ReaderByID(reader)
	switch {
	case !known: // a custom reader: the page's "Your reader" column
		st.Agents = c.Agent
		st.Custom = reader
		st.Cell = grid.CellKey(reader, c.Agent, c.URL)
	case d.Crawler != nil:
		st.Crawlers = []string{d.ID}
		st.Cell = grid.CrawlerKey(d.ID, c.URL)
	default:
		st.Agents = c.Agent
		st.Cell = grid.CellKey(reader, c.Agent, c.URL)
	}
	return core.Site() + "/#" + state.Encode(st)
}

// Row is a reader's row of the matrix on the suite's demonstrations, as
// Score computes the implementation's: what the reader would score if it
// were the implementation.
func Row(s *Suite, reader string, demos []Demo) map[string]string {
	row := map[string]string{}
	for _, d := range demos {
		for _, c := range s.Cases {
			if c.ID == "matrix/"+d.ID {
				row[d.ID] = Support(d, c.Expect[reader])
			}
		}
	}
	return row
}

// Support is the matrix's cell for a verdict on d's demonstration: yes
// when it is the verdict that means the reader has the feature.
func Support(d Demo, allowed bool) string {
	if allowed == (d.Yes == "allowed") {
		return "yes"
	}
	return "no"
}

// ReaderRow is the row of a reader that is not in the suite (the page's
// reader of one's own): its verdicts on the demonstrations asked as
// agent ("" for DefaultAgent), scored as Score scores an
// implementation's answers. Features are in demos' order.
func ReaderRow(reader core.Dialect, demos []Demo, agent string) ([]string, error) {
	if agent == "" {
		agent = DefaultAgent
	}
	a, err := core.ParseAgent(agent)
	if err != nil {
		return nil, err
	}
	var row []string
	for i, c := range demoCases(demos, a) {
		row = append(row, Support(demos[i], Expect([]core.Dialect{reader}, c.Robots, c.Agent, c.URL)[reader.ID]))
	}
	return row, nil
}

// MatrixDemos are the compatibility matrix's rows (core/matrix) as the
// suite asks them.
func MatrixDemos() []Demo {
	var out []Demo
	for _, f := range matrix.Features {
		out = append(out, Demo{ID: f.ID, Question: f.Question, Robots: f.Robots, Selector: f.Selector, Yes: f.Yes})
	}
	return out
}

// RowDiff lists the features where two rows differ, as
// "feature: a/b".
func RowDiff(a, b map[string]string, demos []Demo) []string {
	var out []string
	for _, d := range demos {
		if a[d.ID] != b[d.ID] {
			out = append(out, d.ID+": "+a[d.ID]+"/"+b[d.ID])
		}
	}
	return out
}

// Filter keeps only the named readers in the suite's expectations.
func (s *Suite) Filter(readers []string) {
	keep := map[string]bool{}
	for _, r := range readers {
		keep[r] = true
	}
	s.Readers = readers
	for i := range s.Cases {
		for k := range s.Cases[i].Expect {
			if !keep[k] {
				delete(s.Cases[i].Expect, k)
			}
		}
		for k := range s.Cases[i].Unread {
			if !keep[k] {
				delete(s.Cases[i].Unread, k)
			}
		}
		if len(s.Cases[i].Unread) == 0 {
			s.Cases[i].Unread = nil
		}
	}
}

// IDList is the suite's IDs with what each means, one a line, for the
// golden list: "ID<TAB>feature<TAB>digest of robots, agent and URL".
func (s *Suite) IDList() string {
	var b strings.Builder
	b.WriteString("# suite " + s.Version + " " + s.Date + "\n")
	for _, c := range s.Cases {
		b.WriteString(c.ID + "\t" + c.Feature + "\t" + digest(c.Robots+"\x00"+c.Agent+"\x00"+c.URL) + "\n")
	}
	return b.String()
}
