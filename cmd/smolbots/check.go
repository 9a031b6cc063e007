package main

import "io"

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return usageErr("check is coming")
}

func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return usageErr("lint is coming")
}
