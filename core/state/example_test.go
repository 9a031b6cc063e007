package state_test

import (
	"fmt"

	"github.com/smolbots/smolbots/core/state"
)

func Example() {
	s := state.State{
		Robots:    "User-agent: *\nDisallow: /private\n",
		Selectors: "/private/x\n/public",
		Agents:    "GUS(indexer)\n*",
	}
	h := state.Encode(s) // put it in location.hash
	fmt.Println(h)

	back, err := state.Decode("#" + h) // from location.hash, '#' and all
	fmt.Printf("%q %v\n", back.Agents, err)

	_, err = state.Decode("#v9.xyz")
	fmt.Println(err)
	// Output:
	// v1.YlQMLU4t0k1MT80rsVLQ4nLJLE7Myckvt1LQLyjKLEssSeViEoIx9Su49AtKk3Iyk5n53EODNTLzUlIrUos0ubQAAQAA__8
	// "GUS(indexer)\n*" <nil>
	// the link was made by a newer or unknown version of the page ("v9"); it cannot be opened here
}
