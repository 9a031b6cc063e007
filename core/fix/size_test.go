package fix

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smolbots/smolbots/core"
	"github.com/smolbots/smolbots/core/crawlers"
)

// padTo appends comment lines to b until it holds n bytes.
func padTo(b *strings.Builder, n int) {
	for b.Len() < n {
		b.WriteString("# padding, which no reader takes for a field, to push what follows on\n")
	}
}

// refusedThenAllowed names the first reader (every dialect and every
// crawler preset in scope, AuraGem too), agent and path that refuses the
// path in before and allows it in after, each read as core reads it
// (core.Decide, with each file compiled once per reader).
func refusedThenAllowed(scope core.Protocol, before, after []byte, agents []core.Agent, paths []string) string {
	fb, fa := core.Parse(before), core.Parse(after)
	for _, d := range append(scope.Dialects(), crawlers.For(scope)...) {
		rb, ra := d.Compile(fb), d.Compile(fa)
		for _, a := range agents {
			pb, pa := rb.Policy(a), ra.Policy(a)
			for _, p := range paths {
				vb, va := pb.Test(p), pa.Test(p)
				if !vb.Allowed && va.Allowed {
					return fmt.Sprintf("%s (as %s) is let into %s: line %d refused it before", d.ID, a, p, vb.Line)
				}
				if vb.Alternative != nil && !vb.Alternative.Allowed && (va.Alternative == nil && va.Allowed || va.Alternative != nil && va.Alternative.Allowed) {
					return fmt.Sprintf("%s's other reading (as %s) is let into %s", d.ID, a, p)
				}
			}
		}
	}
	return ""
}

// A multi-megabyte file: TLGS reads 2.5 MB of it, Gemplex, Kennedy, GUS
// and mozz-archiver all of it, the dialects 500 KiB. fix rewrites what
// it can in the head and keeps every byte, so that no reader is let into
// a path it refuses today: it once wrote the first 500 KiB only and said
// every row agreed.
func TestFixMultiMegabyteKeepsEveryReader(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /private/\n\nDisallow: /cut-off/\nUser-agent: indexer\nDisallow: /do/\n")
	padTo(&b, 1_200_000)
	b.WriteString("User-agent: *\nDisallow: /tail-secret/\n\nUser-agent: tlgs\nDisallow: /tlgs-only/\n")
	padTo(&b, 2_300_000)
	b.WriteString("Disallow: /deep/\n")
	data := []byte(b.String())
	paths := []string{"/private/xy", "/cut-off/xy", "/do/xy", "/tail-secret/xy", "/tlgs-only/xy", "/deep/xy", "/"}
	agents := []core.Agent{core.MustAgent("*"), core.MustAgent("indexer"), core.MustAgent("GUS(indexer)"), core.MustAgent("tlgs")}
	tlgs, _ := crawlers.ReaderByID("tlgs")
	if v := core.Decide(core.Parse(data), tlgs, core.MustAgent("*"), "/tail-secret/xy"); v.Allowed {
		t.Fatalf("TLGS allows /tail-secret/xy in the input (line %d): the test file no longer tests the tail", v.Line)
	}
	// With a dialect as the reference the tail stays too, and whatever
	// the rewrite opens is said.
	res, err := Fix(data, Options{Protocol: core.ProtocolGemini, Reference: core.RFC9309})
	if err != nil || !strings.HasSuffix(res.Robots, string(data[core.MaxBytes:])) {
		t.Errorf("rfc9309 reference: %v, the tail is not kept", err)
	} else if msg := refusedThenAllowed(core.ProtocolGemini, data, []byte(res.Robots), agents, paths); msg != "" && len(res.Opened) == 0 {
		t.Errorf("rfc9309 reference: %s, and Opened does not say so", msg)
	}
	for _, scope := range []core.Protocol{core.ProtocolGemini, core.ProtocolAny} {
		res, err := Fix(data, Options{Protocol: scope})
		if err != nil {
			t.Fatalf("%s: %v", scope, err)
		}
		if len(res.Changes) == 0 {
			t.Errorf("%s: no change: the head's blank line inside a group is left", scope)
		}
		if tail := string(data[core.MaxBytes:]); !strings.HasSuffix(res.Robots, tail) {
			t.Errorf("%s: the result is %d bytes and does not end with the input's bytes past the cut", scope, len(res.Robots))
		}
		if msg := refusedThenAllowed(scope, data, []byte(res.Robots), agents, paths); msg != "" {
			t.Errorf("%s: %s", scope, msg)
		}
		if len(res.Opened) > 0 {
			t.Errorf("%s: opened %+v under strict", scope, res.Opened)
		}
		// The diff holds both files whole: the tail faces itself.
		olds, news := 0, 0
		rows := res.Diff()
		for _, r := range rows {
			olds, news = olds+min(r.Old, 1), news+min(r.New, 1)
		}
		if last := rows[len(rows)-1]; olds != strings.Count(string(data), "\n") || news != strings.Count(res.Robots, "\n") || last.Changed || last.OldText != "Disallow: /deep/" {
			t.Errorf("%s: the diff has %d old and %d new lines, last row %+v", scope, olds, news, last)
		}
		if again, err := Fix([]byte(res.Robots), Options{Protocol: scope}); err != nil || len(again.Changes) > 0 {
			t.Errorf("%s: fixing the result again: %v, %+v", scope, err, again.Changes)
		}
	}
}

// What fix cannot rewrite safely it refuses, in a sentence: a file some
// reader in scope reads past the 3 MiB core keeps, and a tail holding
// more rule paths than fix can hold every reader to (the file:
// 60,000 Disallow lines, then one that six crawlers read and the
// dialects do not). Under -protocol gopher, whose readers stop at the
// cut, an 8 MB file is rewritten and kept whole.
func TestFixRefusesWhatItCannotHold(t *testing.T) {
	var many strings.Builder
	many.WriteString("User-agent: *\n")
	for i := range 60000 {
		fmt.Fprintf(&many, "Disallow: /p%05d/\n", i)
	}
	many.WriteString("Disallow: /tail-secret/\n")
	huge := eightMB()
	for _, c := range []struct {
		name  string
		data  string
		scope core.Protocol
		want  string // in the error; "" for none
	}{
		{"60,001 rules", many.String(), core.ProtocolGemini, "it has 33,055 rule paths that TLGS, Gemplex, Kennedy, GUS, GUS (2020), mozz-archiver and AuraGem read; fix holds each reader to its verdicts on at most 1,000 of them"},
		{"8 MB, gemini", huge, core.ProtocolGemini, "bytes, and Gemplex, Kennedy, GUS, GUS (2020), mozz-archiver and AuraGem read more of it than the first 3,145,728 bytes that smolbots reads"},
		{"8 MB, any", huge, core.ProtocolAny, "nothing is rewritten"},
		{"8 MB, gopher", huge, core.ProtocolGopher, ""},
	} {
		res, err := Fix([]byte(c.data), Options{Protocol: c.scope})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want == "" && (!strings.HasSuffix(res.Robots, c.data[core.MaxBytes:]) || len(res.Changes) == 0):
			t.Errorf("%s: %d changes, %d bytes out of %d: the tail is not kept", c.name, len(res.Changes), len(res.Robots), len(c.data))
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// eightMB is an 8 MiB file: a head with a blank line inside its group
// and a * group first, then a few rules among comment lines.
func eightMB() string {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /private/\n\nDisallow: /cut-off/\nUser-agent: indexer\nDisallow: /do/\n")
	for i := 0; b.Len() < 8<<20; i++ {
		padTo(&b, b.Len()+64<<10)
		fmt.Fprintf(&b, "Disallow: /part%d/\n", i)
	}
	return b.String()
}
