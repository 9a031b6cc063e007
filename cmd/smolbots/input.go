package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
)

// maxInputBytes bounds what the CLI reads into memory. Only the first
// core.MaxBytes are parsed; the rest is read so the size can be reported.
const maxInputBytes = 64 << 20

// readRobots reads ROBOTS: a file path, "-" for standard input, or a
// gopher:// or gemini:// URL.
func readRobots(arg string, stdin io.Reader) ([]byte, error) {
	if arg == "-" {
		return readCapped(stdin, "standard input")
	}
	if strings.Contains(arg, "://") {
		return fetchRobots(arg) // gopher:// or gemini://, fetched directly
	}
	fi, err := os.Stat(arg)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, usageErr("the file %s does not exist", arg)
	case errors.Is(err, fs.ErrPermission):
		return nil, usageErr("the file %s cannot be read: permission denied", arg)
	case err != nil:
		return nil, usageErr("the file %s cannot be read: %v", arg, err)
	case fi.IsDir():
		return nil, usageErr("%s is a directory, not a robots.txt file", arg)
	}
	f, err := os.Open(arg)
	if err != nil {
		return nil, usageErr("the file %s cannot be read: %v", arg, unwrapPathError(err))
	}
	defer f.Close()
	return readCapped(f, arg)
}

func readCapped(r io.Reader, name string) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxInputBytes+1))
	if err != nil {
		return nil, usageErr("reading %s failed: %v", name, unwrapPathError(err))
	}
	if len(b) > maxInputBytes {
		return nil, usageErr("%s is larger than %d MiB; a robots.txt is read only up to 500 KiB anyway", name, maxInputBytes>>20)
	}
	return b, nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// stringList is a repeatable flag.
type stringList []string

func (s *stringList) String() string { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error {
	*s = append(*s, v)
	return nil
}
