package relay_test

import (
	"fmt"

	"github.com/smolbots/smolbots/core/fetch"
	"github.com/smolbots/smolbots/core/relay"
)

func ExampleGuard_CheckTarget() {
	g := relay.Guard{}
	for _, u := range []string{"gemini://0x7f.1", "gemini://[64:ff9b::a9fe:a9fe]", "gopher://capsule.example:7070"} {
		t, _ := fetch.ParseTarget(u)
		fmt.Println(u, "->", g.CheckTarget(t))
	}
	// Output:
	// gemini://0x7f.1 -> "0x7f.1" is an IP address written in an unusual form (decimal, octal, hex or short); write it in the usual dotted form
	// gemini://[64:ff9b::a9fe:a9fe] -> 64:ff9b::a9fe:a9fe is a NAT64 form of a cloud metadata address
	// gopher://capsule.example:7070 -> <nil>
}
