package refsite

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
	"github.com/smolbots/smolbots/core/grid"
	"github.com/smolbots/smolbots/core/lint"
)

// The dialect, crawler and index pages.

// dialectTexts are the texts each dialect cites.
var dialectTexts = map[string][]string{
	"gopher2019":  {"gopher2019"},
	"gopherdraft": {"gopherdraft"},
	"gemini":      {"gemini", "1994"},
	"conner2020":  {"conner2020", "conner2021"},
	"rfc9309":     {"rfc9309"},
	"norobots":    {"1994", "robotparser"},
}

func readerByID(id string) Reader {
	for _, r := range Readers() {
		if r.ID == id {
			return r
		}
	}
	return Reader{}
}

var (
	concernsOnce sync.Once
	concerns     map[string][]string // reader ID -> lint codes whose example concerns it
)

// lintConcerns are the lint codes whose example's finding names the
// reader, computed from the examples.
func lintConcerns(id string) []string {
	concernsOnce.Do(func() {
		concerns = map[string][]string{}
		for _, e := range lintEntries() {
			for _, fd := range lintFindings(e.Example, lint.SevInfo) {
				if fd.Code != e.Code {
					continue
				}
				for _, d := range fd.Dialects {
					if !slices.Contains(concerns[d], e.Code) {
						concerns[d] = append(concerns[d], e.Code)
					}
				}
			}
		}
	})
	return concerns[id]
}

func lintCodeList(id string) []block {
	codes := lintConcerns(id)
	if len(codes) == 0 {
		return []block{para{words("No lint example names it.")}}
	}
	l := list{ID: "lint-codes"}
	for _, c := range codes {
		l.Items = append(l.Items, item{ID: "lint-" + c, Spans: []span{codeLink(c, "/lint/"+c), t(": " + Summary(c))}})
	}
	return []block{l}
}

func dialectPage(d core.Dialect) *page {
	r := readerByID(d.ID)
	p := &page{Path: "dialects/" + d.ID, Title: d.ID + ": " + d.Title, Lead: "One of smolbots's six readings of a robots.txt, from " + d.Source + "."}
	p.Body = append(p.Body, facts{ID: "summary", Items: []fact{
		{"Source", []span{t(d.Source)}},
		{"Served over", []span{t(map[string]string{"both": "Gemini and Gopher", "gemini": "Gemini", "gopher": "Gopher"}[r.Protocol])}},
		{"Where the file lives", []span{t(d.Facts.Location)}},
		{"Caching", []span{t(d.Facts.Caching)}},
		{"Delays", []span{t(d.Facts.Delays)}},
	}})
	p.Body = append(p.Body, heading{2, "texts", "The texts"})
	tl := list{ID: "text-list"}
	for _, id := range dialectTexts[d.ID] {
		src := texts[id]
		sp := []span{t(src.Title)}
		if src.Href != "" {
			sp = []span{link(src.Title, src.Href)}
		}
		tl.Items = append(tl.Items, item{ID: "text-" + id, Spans: sp})
	}
	p.Body = append(p.Body, tl)
	p.Body = append(p.Body, para{words("Where a text is silent or unclear, smolbots decides and says so in the verdict's note; docs/dialects.md in the repository records each decision.")})
	p.Body = append(p.Body, heading{2, "knobs", "How it reads a file, knob by knob"})
	p.Body = append(p.Body, para{words("A dialect in smolbots is a set of independent knobs (`core.Dialect`); these are this one's settings.")})
	p.Body = append(p.Body, knobFacts(d))
	p.Body = append(p.Body, heading{2, "examples", "Worked examples"})
	p.Body = append(p.Body, para{[]span{t("Its column of the "), link("compatibility matrix", "/compat"), t(", asked as "), code(defaultAgent), t(": each row's demonstration, the verdict and the line that decided it.")}})
	p.Body = append(p.Body, columnList(p, r, ""))
	p.Body = append(p.Body, heading{2, "lint", "Lint codes about it"})
	p.Body = append(p.Body, para{words("The codes whose example names this dialect among those it concerns:")})
	p.Body = append(p.Body, lintCodeList(d.ID)...)
	return p
}

func crawlerPage(d core.Dialect) *page {
	c := d.Crawler
	doc := crawlerDocs[d.ID]
	r := readerByID(d.ID)
	title := c.Name
	if !c.Verified {
		title += " (unverified)"
	}
	p := &page{Path: "crawlers/" + d.ID, Title: title, Lead: upperFirst(doc.What) + "."}
	var basis []span
	if c.Verified {
		basis = []span{t("Built from its code: ")}
		if u := c.URL(""); u != "" {
			// The repository at the commit read (off GitHub, the commit's page).
			basis = append(basis, codeLink(c.Repo+"@"+c.Commit, strings.TrimSuffix(strings.Replace(u, "/blob/", "/tree/", 1), "/")))
		} else {
			basis = append(basis, code(c.Repo+"@"+c.Commit))
		}
		basis = append(basis, t(". "+d.Source+"."))
	} else {
		basis = []span{t("Built from its maintainer's words, with no code read: no code is public. Every answer on this page is a model of what he wrote, and the matrix marks what his words do not cover as unknown.")}
	}
	names := []span{t("none: it ignores User-agent lines, so every Disallow in the file applies to it")}
	if len(c.Agents) > 0 {
		names = nil
		for i, a := range c.Agents {
			if i > 0 {
				names = append(names, t(", then "))
			}
			names = append(names, code(a))
		}
		names = append(names, t(" (in the order its code tests them)"))
	}
	role := []span{t("none: Gopher has no virtual agents")}
	if len(c.Roles) > 0 {
		role = []span{t(strings.Join(c.Roles, ", ") + ", the Gemini text's virtual agent for what it does")}
	}
	p.Body = append(p.Body, webOnly{[]block{para{[]span{t("Its answers on the "), link("compatibility matrix", "/compat"), t("'s demonstrations, each linked to its cell:")}}}})
	p.Body = append(p.Body, plainOnly{[]block{para{[]span{t("Its answers on the "), link("compatibility matrix", "/compat"), t("'s demonstrations:")}}}})
	p.Body = append(p.Body, glance(r))
	p.Body = append(p.Body, facts{ID: "summary", Items: []fact{
		{"Basis", basis},
		{"Reads robots.txt over", []span{t(c.Protocol)}},
		{"Names it answers to", names},
		{"Role", role},
		{"Preset", []span{code(d.ID), t(" in "), code("smolbots check -dialect " + d.ID)}},
	}})

	if len(doc.Status) > 0 {
		p.Body = append(p.Body, heading{2, "status", "Is it still running?"})
		l := list{ID: "status-list"}
		for i, s := range doc.Status {
			l.Items = append(l.Items, item{ID: fmt.Sprintf("status-%d", i+1), Spans: words(s)})
		}
		p.Body = append(p.Body, l)
	}

	p.Body = append(p.Body, heading{2, "history", "Names and readings before"})
	p.Body = append(p.Body, citedList(c, "history", doc.Former, "The code's history shows no other name or reading."))

	p.Body = append(p.Body, heading{2, "fetch", "How it fetches robots.txt"})
	p.Body = append(p.Body, facts{ID: "fetch-facts", Items: []fact{
		{"Request", []span{t(c.Fetch.Location)}},
		{"What counts as a robots.txt", []span{t(c.Fetch.Counts)}},
		{"Caching", []span{t(c.Fetch.Caching)}},
		{sourceWord(c), refSpans(c, c.Fetch.Ref)},
	}})
	fc := fetchCells()
	ol := list{ID: "outcomes"}
	for _, o := range fetchOutcomes {
		cell := fc[o.ID][d.ID]
		ol.Items = append(ol.Items, item{ID: "outcome-" + o.ID, Spans: []span{t(upperFirst(o.What) + ": " + readingWord(cell.Reading) + ". " + cell.Note)}})
	}
	p.Body = append(p.Body, ol)

	behaviours := "What its code does, line by line"
	if !c.Verified {
		behaviours = "What its maintainer wrote, and where"
	}
	p.Body = append(p.Body, heading{2, "behaviours", behaviours})
	bl := list{ID: "sources"}
	for _, s := range c.Sources {
		sp := append([]span{t(upperFirst(s.What) + ": ")}, refSpans(c, s.Ref)...)
		bl.Items = append(bl.Items, item{ID: "source-" + s.Key, Spans: sp})
	}
	p.Body = append(p.Body, bl)
	p.Body = append(p.Body, heading{3, "knobs", "The same, knob by knob"})
	p.Body = append(p.Body, knobFacts(d))

	p.Body = append(p.Body, heading{2, "not-modelled", "What is not modelled"})
	p.Body = append(p.Body, citedList(c, "not-modelled", doc.NotModelled, "Nothing that changes a verdict, as far as its code was read."))

	p.Body = append(p.Body, heading{2, "matrix", "Its column of the matrix"})
	p.Body = append(p.Body, para{[]span{t("Each row of the "), link("compatibility matrix", "/compat"), t(" as this crawler answers it, with the line of its code that decides.")}})
	p.Body = append(p.Body, columnList(p, r, ""))

	p.Body = append(p.Body, heading{2, "logs", "In a server log"})
	p.Body = append(p.Body, para{words("Gemini clients send no User-agent, so a crawler shows in a log only by what it asks for and where it comes from. " + doc.Logs)})

	p.Body = append(p.Body, heading{2, "lint", "Lint codes about it"})
	p.Body = append(p.Body, lintCodeList(d.ID)...)
	return p
}

// refSpans links a crawler's reference, written in full: code as code,
// a post or a web page (Veronica-2's) as a plain link.
func refSpans(c *core.Crawler, ref string) []span {
	full := fullRef(c, ref)
	u := refURL(c, ref)
	if !c.Verified {
		if u != "" {
			return []span{link(full, u)}
		}
		return []span{t(full)}
	}
	if u != "" {
		return []span{codeLink(full, u)}
	}
	return []span{code(full)}
}

// sourceWord labels a crawler's references: "Code" where its code was
// read, "Source" where they are its maintainer's posts.
func sourceWord(c *core.Crawler) string {
	if c.Verified {
		return "Code"
	}
	return "Source"
}

func indexPage() *page {
	p := &page{Path: indexPath, Title: "The smolbots reference", Lead: "Every lint code, dialect and crawler smolbots knows, and the matrix of what each reader does, generated from the code so the pages cannot drift from it."}
	p.Body = append(p.Body, webOnly{paras("Each page can be cited by its address, and each section and row by its anchor.")})
	p.Body = append(p.Body, plainOnly{paras("Each page can be cited by its address.")})
	p.Body = append(p.Body, paras("`smolbots explain CODE` prints a lint code's page in the terminal, and every `lint -json` finding carries its page's address as `url`.")...)

	p.Body = append(p.Body, heading{2, "lint", "Lint codes"})
	tb := table{ID: "lint-table", Caption: "Every lint code, its severity and what it flags"}
	tb.Head = []string{"Code", "Severity", "What it flags"}
	for _, e := range lintEntries() {
		var sevs []string
		for _, s := range e.Severities {
			sevs = append(sevs, string(s))
		}
		tb.Rows = append(tb.Rows, row{ID: e.Code, Cells: []cell{
			{Spans: []span{codeLink(e.Code, "/lint/"+e.Code)}, Header: true},
			{Spans: []span{t(strings.Join(sevs, ", "))}},
			{Spans: []span{t(e.Summary)}},
		}})
	}
	p.Body = append(p.Body, tb)

	p.Body = append(p.Body, heading{2, "dialects", "Dialects"})
	dl := list{ID: "dialect-list"}
	for _, d := range core.Dialects() {
		dl.Items = append(dl.Items, item{ID: "dialect-" + d.ID, Spans: []span{codeLink(d.ID, "/dialects/"+d.ID), t(": " + d.Title + ", from " + d.Source)}})
	}
	p.Body = append(p.Body, dl)

	p.Body = append(p.Body, heading{2, "crawlers", "Crawlers"})
	cl := list{ID: "crawler-list"}
	for _, d := range crawlers.All() {
		name := d.Crawler.Name
		if !d.Crawler.Verified {
			name += " (unverified)"
		}
		cl.Items = append(cl.Items, item{ID: "crawler-" + d.ID, Spans: []span{link(name, "/crawlers/"+d.ID), t(": " + crawlerDocs[d.ID].What)}})
	}
	p.Body = append(p.Body, cl)
	p.Body = append(p.Body, proxySection()...)

	p.Body = append(p.Body, heading{2, "compat", "Compatibility"})
	p.Body = append(p.Body, para{[]span{link("The compatibility matrix", "/compat"), t(fmt.Sprintf(": %d features by %d readers, each cell the reader's own verdict on a demonstration, and what each crawler does with each reply to its robots.txt request. The same data as JSON: ", len(Features), len(Readers()))), link("compat.json", "/compat.json"), t(".")}})

	p.Body = append(p.Body, heading{2, "conformance", "Conformance suite"})
	p.Body = append(p.Body, para{[]span{link("The conformance suite", "/conformance"), t(": test vectors for crawler authors, each case with every reader's verdict, and how to run a parser on them with "), code("smolbots conform"), t(". The suite as JSON: "), link("conformance.json", "/conformance.json"), t(".")}})
	p.Body = append(p.Body, para{[]span{link("Changes of reading", "/changes"), t(": every change to what a reader answers, with the cases it changed and why.")}})
	return p
}

// proxySection lists the web proxies and gateways a webproxy group is
// written for, and what each does with robots.txt, with the evidence.
func proxySection() []block {
	out := []block{
		heading{2, "proxies", "Web proxies and gateways"},
		para{[]span{t("The programs that show capsules and holes on the web, which "), code("User-agent: webproxy"), t(" groups are written for. Only Gemportal reads robots.txt; the others ignore it whatever it says, so ask their operators instead. The "), codeLink("webproxy-readers", "/lint/webproxy-readers"), t(" finding says this beside a file's webproxy group.")}},
	}
	l := list{ID: "proxy-list"}
	for _, w := range crawlers.WebProxies {
		verb := "reads"
		if strings.Contains(w.Name, " and ") {
			verb = "read"
		}
		reads := verb + " no robots.txt: " + w.What
		if w.Reads != "" {
			reads = verb + " robots.txt: " + w.Reads
		}
		sp := []span{t(w.Name + " (" + w.Kind + ") " + reads + ". ")}
		if !w.Verified {
			sp = append(sp, t("No code was read. "))
		}
		sp = append(sp, t("Evidence: "))
		for i, ref := range w.Evidence {
			if i > 0 {
				sp = append(sp, t("; "))
			}
			bare, note, _ := strings.Cut(ref, " (")
			if u := proxyRefURL(bare); u != "" {
				sp = append(sp, codeLink(bare, u))
			} else {
				sp = append(sp, t(bare))
			}
			if note != "" {
				sp = append(sp, t(" ("+note))
			}
		}
		sp = append(sp, t("."))
		l.Items = append(l.Items, item{ID: "proxy-" + proxyID(w.Name), Spans: sp})
	}
	return append(out, l)
}

// proxyID is a web proxy's anchor: its name's first word, lower-cased.
func proxyID(name string) string {
	w, _, _ := strings.Cut(strings.ToLower(name), " ")
	return strings.NewReplacer(".", "-").Replace(w)
}

// citedWords is prose about crawler c with each code reference in it
// ("path/file.ext:12-34") linked to its line at the commit read.
// citedList is the list id-list of sentences, each item id-N with its
// citations linked, or the paragraph none when there is no sentence.
func citedList(c *core.Crawler, id string, sentences []string, none string) block {
	if len(sentences) == 0 {
		return para{words(none)}
	}
	l := list{ID: id + "-list"}
	for i, s := range sentences {
		l.Items = append(l.Items, item{ID: fmt.Sprintf("%s-%d", id, i+1), Spans: citedWords(c, s)})
	}
	return l
}

func citedWords(c *core.Crawler, s string) []span {
	var out []span
	for _, sp := range words(s) {
		if sp.Code || sp.Href != "" {
			out = append(out, sp)
			continue
		}
		text := sp.Text
		for _, ref := range grid.CitesIn(c, text) {
			i := strings.Index(text, ref.Ref)
			if i < 0 || ref.URL == "" {
				continue
			}
			if i > 0 {
				out = append(out, t(text[:i]))
			}
			out = append(out, codeLink(fullRef(c, ref.Ref), ref.URL))
			text = text[i+len(ref.Ref):]
		}
		out = append(out, commitLinks(c, text)...)
	}
	return out
}

// commitLinks links each full commit hash in prose about crawler c to
// that commit's page in its repository.
func commitLinks(c *core.Crawler, text string) []span {
	var out []span
	for text != "" {
		i := fullHash.FindStringIndex(text)
		if i == nil {
			break
		}
		h := text[i[0]:i[1]]
		u := (&core.Crawler{Repo: c.Repo, Commit: h}).URL("")
		if u == "" {
			break
		}
		if i[0] > 0 {
			out = append(out, t(text[:i[0]]))
		}
		u = strings.TrimSuffix(strings.Replace(u, "/blob/", "/commit/", 1), "/")
		out = append(out, codeLink(h, u))
		text = text[i[1]:]
	}
	if text != "" {
		out = append(out, t(text))
	}
	return out
}

var fullHash = regexp.MustCompile(`\b[0-9a-f]{40}\b`)

// glance is a reader's column of the matrix in words, each answer
// linked to its cell on /compat: what a crawler page opens with.
func glance(r Reader) list {
	cells := compatCells()
	l := list{ID: "at-a-glance"}
	for _, f := range Features {
		c := cells[f.ID][r.ID]
		l.Items = append(l.Items, item{ID: "glance-" + f.ID, Spans: []span{{Text: upperFirst(f.Question) + ": " + c.Support, Href: "/compat#" + cellID(f.ID, r.ID), Web: true}}})
	}
	return l
}
