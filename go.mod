module github.com/smolbots/smolbots

go 1.26

require (
	github.com/alecthomas/chroma/v2 v2.27.0
	github.com/andybalholm/brotli v1.3.0
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.22.1
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/syumai/workers v0.32.0
	github.com/temoto/robotstxt v1.1.2
	honnef.co/go/js/dom/v2 v2.0.0-20250304181735-b5e52f05e89d
)

require (
	github.com/dlclark/regexp2/v2 v2.2.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/text v0.14.0 // indirect
)
