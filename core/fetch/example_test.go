package fetch_test

import (
	"context"
	"fmt"
	"net"

	"github.com/smolbots/smolbots/core/fetch"
)

func ExampleParseTarget() {
	t, err := fetch.ParseTarget("gemini://[2001:db8::7]:1966/any/path")
	fmt.Println(t.Scheme, t.Host, t.Port, t.URL(), err)
	_, err = fetch.ParseTarget("https://capsule.example")
	fmt.Println(err)
	// Output:
	// gemini 2001:db8::7 1966 gemini://[2001:db8::7]:1966 <nil>
	// "https://capsule.example" is a https URL; only gopher:// and gemini:// are fetched
}

// A Gopher server that answers every selector with an error menu: the
// three locations are tried in order, and the outcome is "not-found".
func ExampleFetch() {
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Read(make([]byte, 64))
			c.Write([]byte("3Not here\t\terror.host\t1\r\n.\r\n"))
			c.Close()
		}
	}()
	r, _ := fetch.Fetch(context.Background(), "gopher://"+l.Addr().String(), fetch.Options{})
	for _, a := range r.Attempts {
		fmt.Printf("%q %s\n", a.Sent, a.Status)
	}
	fmt.Println(r.Outcome, r.Conclusions[0].Reading)
	// Output:
	// "robots.txt\r\n" not found: error menu
	// "0/robots.txt\r\n" not found: error menu
	// "/robots.txt\r\n" not found: error menu
	// not-found allow-all
}
