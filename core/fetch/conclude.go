package fetch

// Conclusion is what one dialect makes of an outcome other than "found".
// Reading is "allow-all", "disallow-all", "undecided" or "not-robots".
type Conclusion struct {
	Dialect string `json:"dialect"`
	Reading string `json:"reading"`
	Note    string `json:"note"`
}

// dialectIDs are core's dialect IDs, in core's order (a test pins them).
var dialectIDs = []string{"gopher2019", "gopherdraft", "gemini", "conner2020", "rfc9309", "norobots"}

// conclude applies DIALECTS.md, "Fetch outcomes".
func conclude(o Outcome) []Conclusion {
	out := make([]Conclusion, 0, len(dialectIDs))
	for _, id := range dialectIDs {
		c := Conclusion{Dialect: id}
		switch o {
		case NotFound:
			c.Reading, c.Note = "allow-all", "There is no robots.txt, so everything is allowed."
		case NotRobots:
			c.Reading, c.Note = "not-robots", "The reply is not a robots.txt, so there is nothing to parse."
		default:
			if id == "rfc9309" {
				c.Reading, c.Note = "disallow-all", "RFC 9309: when the file cannot be read, disallow everything until it can."
			} else {
				c.Reading, c.Note = "undecided", "This source says nothing about a file that cannot be read; RFC 9309 would disallow everything."
			}
		}
		out = append(out, c)
	}
	return out
}
