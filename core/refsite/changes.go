package refsite

import (
	"slices"

	"github.com/smolbots/smolbots/core/changes"
	"github.com/smolbots/smolbots/core/crawlers"
)

// changesPage is /changes: the changelog of readings (core/changes),
// newest first, each entry under its own anchor, which a shared link's
// page and the suite's last_change point at.
func changesPage() *page {
	p := &page{Path: "changes", Title: "Changes of reading",
		Lead: "Every change to what a reader of smolbots answers: when, in which commit, under which readers, which conformance cases it changed, and why."}
	p.Body = append(p.Body, para{words("A link made on the playground keeps the verdicts its page showed; when one opens later with other verdicts, the page names the entry below that explains the difference, or says that none does. The conformance suite's expectations are held to this list: an expectation cannot change without an entry naming its case (`core/changes` in the repository).")})
	p.Body = append(p.Body, para{[]span{t("The suite these cases belong to: "), link("the conformance suite", "/conformance"), t(".")}})
	for i := len(changes.Log) - 1; i >= 0; i-- {
		e := changes.Log[i]
		p.Body = append(p.Body, heading{2, e.ID, e.Date + ": " + e.Title})
		f := facts{ID: e.ID + "-facts"}
		f.Items = append(f.Items, fact{"Date", []span{t(e.Date)}})
		commit := e.Commit
		if commit == "" {
			commit = "not yet named"
		}
		f.Items = append(f.Items, fact{"Commit", []span{code(commit)}})
		if len(e.Readers) > 0 {
			f.Items = append(f.Items, fact{"Readers", joined(e.Readers, readerLink)})
		}
		switch {
		case slices.Equal(e.Cases, []string{changes.EveryCase}):
			f.Items = append(f.Items, fact{"Cases changed", []span{t("every case of the suite: the readers are new")}})
		case len(e.Cases) > 0:
			f.Items = append(f.Items, fact{"Cases changed", joined(e.Cases, code)})
		}
		f.Items = append(f.Items, fact{"Why", words(e.Why)})
		f.Items = append(f.Items, fact{"Shown by", words("`" + e.Source + "`")})
		p.Body = append(p.Body, f)
	}
	return p
}

// readerLink links a reader's reference page by its ID.
func readerLink(id string) span {
	if d, ok := crawlers.ReaderByID(id); ok {
		if d.Crawler != nil {
			return link(d.Crawler.Name, "/crawlers/"+id)
		}
		return codeLink(id, "/dialects/"+id)
	}
	return code(id)
}

// joined is each item's span, separated by commas.
func joined(items []string, each func(string) span) []span {
	var out []span
	for i, it := range items {
		if i > 0 {
			out = append(out, t(", "))
		}
		out = append(out, each(it))
	}
	return out
}
