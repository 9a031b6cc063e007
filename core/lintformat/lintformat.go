// Package lintformat writes lint findings in the forms CI systems read:
// a SARIF 2.1.0 log for code scanning, and GitHub workflow annotations.
// It only formats: the findings and the rules' texts come from the
// caller, so the CLI and any other tool word them the same way.
package lintformat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/smolbots/smolbots/core/lint"
)

// File is one linted robots.txt: the path as the user gave it, its bytes
// (to turn byte columns into characters) and its findings.
type File struct {
	Path     string
	Data     []byte
	Findings []lint.Finding
}

// Rule is one lint code as SARIF describes it.
type Rule struct {
	ID      string
	Summary string // one line: shortDescription
	Full    string // what the code flags: fullDescription
	Help    string // the whole reference page as text: help
	HelpURI string // the code's page on the reference site
}

// Tool names the program that linted.
type Tool struct {
	Name, Version, InformationURI string
}

// SchemaURI is the OASIS address of the SARIF 2.1.0 schema (errata 01),
// which the log names as its $schema.
const SchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

type text struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID               string `json:"id"`
	ShortDescription text   `json:"shortDescription"`
	FullDescription  text   `json:"fullDescription"`
	Help             text   `json:"help"`
	HelpURI          string `json:"helpUri"`
}

type region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type location struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region region `json:"region"`
	} `json:"physicalLocation"`
}

type result struct {
	RuleID    string     `json:"ruleId"`
	RuleIndex int        `json:"ruleIndex"`
	Level     string     `json:"level"`
	Message   text       `json:"message"`
	Locations []location `json:"locations"`
}

type run struct {
	Tool struct {
		Driver struct {
			Name           string      `json:"name"`
			Version        string      `json:"version,omitempty"`
			InformationURI string      `json:"informationUri,omitempty"`
			Rules          []sarifRule `json:"rules"`
		} `json:"driver"`
	} `json:"tool"`
	// Columns count characters (code points); core counts bytes, so
	// SARIF converts them with the file's text.
	ColumnKind string   `json:"columnKind"`
	Results    []result `json:"results"`
}

type sarifLog struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []run  `json:"runs"`
}

// SARIF writes one SARIF 2.1.0 log, one run, every rule described and
// every finding of every file a result. A finding about the whole file
// (line 0) is placed on line 1, as code scanning needs a line.
func SARIF(w io.Writer, tool Tool, rules []Rule, files []File) error {
	var r run
	d := &r.Tool.Driver
	d.Name, d.Version, d.InformationURI = tool.Name, tool.Version, tool.InformationURI
	index := map[string]int{}
	d.Rules = make([]sarifRule, len(rules))
	for i, ru := range rules {
		index[ru.ID] = i
		d.Rules[i] = sarifRule{ID: ru.ID, ShortDescription: text{ru.Summary}, FullDescription: text{ru.Full}, Help: text{ru.Help}, HelpURI: ru.HelpURI}
	}
	r.ColumnKind = "unicodeCodePoints"
	r.Results = []result{}
	for _, f := range files {
		uri := (&url.URL{Path: f.Path}).String()
		if strings.Contains(f.Path, "://") {
			uri = f.Path // a gemini:// or gopher:// ROBOTS is a URI already
		}
		for _, fd := range f.Findings {
			i, ok := index[fd.Code]
			if !ok {
				return fmt.Errorf("lintformat: no rule for code %q", fd.Code)
			}
			var loc location
			loc.PhysicalLocation.ArtifactLocation.URI = uri
			loc.PhysicalLocation.Region = region{StartLine: max(fd.Line, 1)}
			if fd.Line > 0 && fd.Col > 0 {
				loc.PhysicalLocation.Region.StartColumn = charColumn(f.Data, fd.Line, fd.Col)
			}
			r.Results = append(r.Results, result{RuleID: fd.Code, RuleIndex: i, Level: level(fd.Severity, "note"), Message: text{message(fd)}, Locations: []location{loc}})
		}
	}
	b, err := json.MarshalIndent(sarifLog{Schema: SchemaURI, Version: "2.1.0", Runs: []run{r}}, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// level is a severity in SARIF's or GitHub's words, which name the
// lowest differently (info).
func level(s lint.Severity, info string) string {
	if s == lint.SevError || s == lint.SevWarning {
		return string(s)
	}
	return info
}

// message is the finding's text with the readers it concerns, as the
// text output shows them.
func message(fd lint.Finding) string {
	if len(fd.Dialects) == 0 {
		return fd.Message
	}
	return fd.Message + " (" + strings.Join(fd.Dialects, ", ") + ")"
}

// charColumn turns a 1-based byte column on a 1-based line into a
// 1-based column in code points; a position past the text is kept.
func charColumn(data []byte, line, col int) int {
	for n := 1; n < line; n++ {
		k := bytes.IndexByte(data, '\n')
		if k < 0 {
			return col
		}
		data = data[k+1:]
	}
	if col-1 > len(data) {
		return col
	}
	return utf8.RuneCount(data[:col-1]) + 1
}

// GitHub writes one workflow command per finding, which GitHub Actions
// shows as an annotation on the file and line:
// ::warning file=F,line=N,col=C,title=CODE::message.
func GitHub(w io.Writer, files []File) error {
	var b strings.Builder
	for _, f := range files {
		for _, fd := range f.Findings {
			b.WriteString("::" + level(fd.Severity, "notice") + " file=" + escapeProperty(f.Path))
			if fd.Line > 0 {
				fmt.Fprintf(&b, ",line=%d", fd.Line)
				if fd.Col > 0 {
					fmt.Fprintf(&b, ",col=%d", charColumn(f.Data, fd.Line, fd.Col))
				}
			}
			b.WriteString(",title=" + escapeProperty(fd.Code) + "::" + escapeData(message(fd)) + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// escapeData escapes a workflow command's message as the runner reads
// it back: % first, then CR and LF.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a property value, where : and , also end it.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
