package main

import (
	"flag"

	"github.com/smolbots/smolbots/core"
)

// protocolFlag declares -protocol on a command's flags.
func protocolFlag(fs *flag.FlagSet) *string {
	return fs.String("protocol", "", "what the file is served over, as `gemini|gopher|any`; it decides which dialects count (default any, or the ROBOTS URL's scheme)")
}

// scopeOf is the protocol scope of a run: the -protocol flag when given,
// else the one a gemini:// or gopher:// ROBOTS URL implies, else any.
func scopeOf(flagValue, robots string) (core.Protocol, error) {
	if flagValue == "" {
		if p, ok := core.ProtocolOfURL(robots); ok {
			return p, nil
		}
	}
	p, err := core.ParseProtocol(flagValue)
	if err != nil {
		return "", usageErr("%v", err)
	}
	return p, nil
}

// flagGiven reports whether the command line set the named flag.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
