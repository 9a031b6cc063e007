package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// A verdict the crawler's own code decides before any robots.txt is
// read shows as such in check, text and JSON: gemini-grc ignores the
// file for a gopher:// URL (common/worker.go:147-157), TLGS never
// fetches a URL with a raw byte of 0x80 or more (crawler.cpp:249-251).
func TestCheckUnread(t *testing.T) {
	robots := "User-agent: *\nDisallow: /\n"
	r := runCLI(t, robots, "check", "-dialect", "gemini-grc,tlgs", "-", "gopher://hole.example/1/x", "gemini://capsule.example/café")
	for _, want := range []string{
		"gemini-grc  ignores file  reads no robots.txt for this URL",
		"tlgs        NEVER FETCHES  its code never fetches this URL",
		"allowed by gemini-grc (ignores the file)",
		"common/worker.go:147-157",
		"crawler.cpp:249-251",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("check lacks %q:\n%s", want, r.stdout)
		}
	}
	r = runCLI(t, robots, "check", "-json", "-dialect", "gemini-grc,tlgs", "-", "gopher://hole.example/1/x", "gemini://capsule.example/café")
	checkJSONLines(t, "check", r.stdout)
	var unread []string
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var v struct {
			Dialect, Unread, Why string
			Allowed              bool
		}
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		if v.Unread != "" {
			unread = append(unread, v.Dialect+":"+v.Unread)
			if v.Why == "" {
				t.Errorf("%s: an unread verdict without its why", v.Dialect)
			}
		}
	}
	if strings.Join(unread, " ") != "gemini-grc:ignores-file tlgs:never-fetched" {
		t.Errorf("unread verdicts %v:\n%s", unread, r.stdout)
	}
}
