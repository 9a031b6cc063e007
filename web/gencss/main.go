// Command gencss writes the editor's token colours (light and dark) as a
// style sheet, so the page ships CSS and no chroma style registry.
package main

import (
	"bufio"
	"fmt"
	"os"

	"github.com/smolbots/smolbots/core/highlight"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gencss OUT.css")
		os.Exit(2)
	}
	f, err := os.Create(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "gencss:", err)
		os.Exit(1)
	}
	w := bufio.NewWriter(f)
	err = highlight.CSS(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gencss:", err)
		os.Exit(1)
	}
}
