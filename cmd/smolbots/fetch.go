package main

import "io"

// runFetch is filled in with the Gopher and Gemini clients.
func runFetch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return usageErr("fetch is coming with the relay")
}
