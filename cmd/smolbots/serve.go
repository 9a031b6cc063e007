package main

import "io"

// runServe is filled in with the relay and the playground.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return usageErr("serve is coming with the playground")
}
