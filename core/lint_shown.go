package core

import (
	"slices"
	"strings"
)

// LintShown is Lint for a reader shown only some of the built-in
// dialects (by ID; others are ignored), as a report of a page with
// columns hidden: a finding that bites in none of them is left out, and
// each finding's message and Dialects name no other dialect. Findings
// about the file itself and the crawler lints are as Lint gives them.
func LintShown(f *File, selectors []string, dialects []string) []Finding {
	var named dialectSet
	for i, d := range lintDialects {
		if slices.Contains(dialects, d.ID) {
			named |= 1 << i
		}
	}
	if named == inAll || f == nil {
		return Lint(f, selectors)
	}
	lt := newLinter(f, selectors)
	lt.named, lt.word = named, shownWord
	var names [inAll + 1]string
	var plural [inAll + 1]bool
	for s := range names {
		names[s], plural[s] = setNames[dialectSet(s)&named], setPlural[dialectSet(s)&named]
		if s != 0 && dialectSet(s)&named == 0 {
			names[s] = "none of the dialects shown" // "… ignores"
		}
	}
	lt.nameTable, lt.pluralSets = &names, &plural
	return lt.run()
}

// wordFunc writes a sentence that Lint words with every dialect named
// and LintShown with only those shown, by lint code; a and b are the
// sets, l the line and s the text the code needs. Lint's linter has
// none: only LintShown names shownWord, so a program that calls only
// Lint (the page's first module) does not link it.
type wordFunc func(lt *linter, code string, a, b dialectSet, l *Line, s string) string

func shownWord(lt *linter, code string, a, b dialectSet, l *Line, s string) string {
	switch code {
	case "invalid-utf8": // s: Lint's format
		if lt.shown(inNorobots) == 0 {
			return "This line holds bytes that are not valid UTF-8 (%d %s in all). The dialects compare the raw bytes, which rarely equal what a client sends. Save the file as UTF-8."
		}
		return s
	case "empty-user-agent": // a: the dialects taking the line as naming no robot, b: as naming every robot
		if lt.shown(a) == 0 {
			return "This User-agent line has no value. " + lt.names(b) + " (Python's substring test) " + lt.verb(b, "applies", "apply") + " the group to every robot"
		}
		msg := "This User-agent line has no value. " + lt.names(a) + " " + lt.verb(a, "takes", "take") + " it as naming no robot"
		if lt.shown(b) != 0 {
			msg += ", while " + lt.names(b) + " (Python's substring test) " + lt.verb(b, "applies", "apply") + " the group to every robot"
		}
		return msg
	case "agent-version": // a: the dialects that ignore the version
		if lt.shown(a) != 0 {
			return lt.names(a) + " " + lt.verb(a, "compares", "compare") + " only the name before it"
		}
		return "none of the dialects shown ignores the version"
	case "role-user-agent": // s: the role
		return roleUserAgentShown(lt, l, s)
	case "virtual-agent-field-portability": // a: the dialects ignoring the line
		if lt.shown(inConner2020) == 0 {
			return lt.names(a) + " " + lt.verb(a, "ignores", "ignore") + " this Virtual-agent line"
		}
		return "Virtual-agent is read only by conner2020; " + lt.names(a) + " " + lt.verb(a, "ignores", "ignore") + " this line"
	case "allow-portability":
		return lt.message(msgKey{"allow-portability", "", "", 0, 0}, func() string { return allowPortabilityShown(lt) })
	case "delay-portability": // a: the dialects ignoring the field s
		return upperFirst(lt.names(a)+" "+lt.verb(a, "ignores", "ignore")) + " " + fieldTitle(Field(s)) + ", so crawlers following " + lt.verb(a, "it", "them") + " do not honour it."
	case "crawl-delay-invalid":
		var parts []string
		for _, p := range [...]struct {
			d   dialectSet
			why string
		}{{inGopherDraft, "gopherdraft asks for a whole number of seconds with no unit"}, {inNorobots, "norobots (Python) ignores the line"}, {inConner2020, "conner2020 expects seconds"}} {
			if lt.shown(p.d) != 0 {
				parts = append(parts, p.why)
			}
		}
		return joinWords(parts)
	}
	panic("core: no shown wording for " + code)
}

// roleUserAgentShown is role-user-agent's message naming only the
// dialects shown.
func roleUserAgentShown(lt *linter, l *Line, lower string) string {
	var parts []string
	if lt.shown(inConner2020) != 0 {
		parts = append(parts, "conner2020 reads it as a robot literally named "+lower+" (the role is "+quote("Virtual-agent: "+lower)+" there)")
	}
	if unnamed := inGopherDraft | inRFC9309 | inNorobots; lt.shown(unnamed) != 0 {
		parts = append(parts, lt.names(unnamed)+" "+lt.verb(unnamed, "applies", "apply")+" it only to unnamed robots declaring that role, not to named ones such as GUS("+lower+")")
	}
	msg := "Only gemini reads "
	if lt.shown(inGemini) == 0 {
		msg = "No dialect shown reads "
	}
	msg += ruleText(l) + " as the virtual agent " + lower + ", covering every robot with that role."
	if len(parts) > 0 {
		msg += " " + strings.Join(parts, ", and ") + "."
	}
	return msg
}

// allowPortabilityShown is allowPortability naming only the dialects
// shown.
func allowPortabilityShown(lt *linter) string {
	msg := lt.names(withoutAllow) + " " + lt.verb(withoutAllow, "does not know Allow and ignores", "do not know Allow and ignore") + " this line, so what it opens stays disallowed there."
	var ways []string
	if lt.shown(inGopherDraft) != 0 {
		ways = append(ways, "gopherdraft lets a matching Allow win")
	}
	if lt.shown(inRFC9309) != 0 {
		ways = append(ways, "rfc9309 takes the longest match")
	}
	if first := inConner2020 | inNorobots; lt.shown(first) != 0 {
		ways = append(ways, lt.names(first)+" "+lt.verb(first, "takes", "take")+" the first match in file order")
	}
	if len(ways) > 0 {
		msg += " Where it counts, " + joinWords(ways) + "."
	}
	return msg
}
