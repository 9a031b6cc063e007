package conformance

import (
	"bytes"
	"encoding/json"
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
	Allowed bool     `json:"allowed"`
	Error   string   `json:"error"`
	Agrees  []string `json:"agrees"` // the readers whose verdict it gave, in the suite's order
	// Differs: it answered, and not as the chosen reader does.
	Differs   bool   `json:"differs"`
	Permalink string `json:"permalink"` // the case in the playground, for a case that differs
}

// Summary is the last line of `conform -json`.
type Summary struct {
	Kind    string         `json:"kind"` // "summary"
	Suite   string         `json:"suite"`
	Agent   string         `json:"agent"`
	Dialect string         `json:"dialect"`
	Cases   int            `json:"cases"`
	Errors  int            `json:"errors"`
	Differs int            `json:"differs"` // cases answered otherwise than Dialect, errors included
	Agree   map[string]int `json:"agree"`
	Closest string         `json:"closest"`
	// Features is the implementation's own row of the matrix: yes or no
	// from its answer on the feature's demonstration, error when it
	// gave none.
	Features map[string]string `json:"features"`
}

// Score compares the answers with every reader's verdict and with the
// chosen one.
func Score(s *Suite, answers []Answer, dialect string, demos []Demo) ([]Result, Summary) {
	sum := Summary{Kind: "summary", Suite: s.Version + " (" + s.Date + ")", Agent: s.Agent, Dialect: dialect, Cases: len(s.Cases), Agree: map[string]int{}, Features: map[string]string{}}
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
		r := Result{ID: c.ID, Allowed: a.Allowed, Error: a.Error, Agrees: []string{}}
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
	best := -1
	for _, reader := range s.Readers {
		if sum.Agree[reader] > best {
			best, sum.Closest = sum.Agree[reader], reader
		}
	}
	for _, d := range demos {
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
