//go:build js && wasm

package main

import (
	"encoding/base64"
	"syscall/js"

	"github.com/smolbots/smolbots/core/pageview"
)

// decodeRelay reads the relay's JSON with the browser's JSON.parse into
// pageview's mirror of the answer; nil when the text is not a JSON
// object. (Go's encoding/json decoder would make the page 4% larger.)
func decodeRelay(text string) (r *pageview.FetchResult) {
	defer func() {
		if recover() != nil { // JSON.parse threw: not JSON
			r = nil
		}
	}()
	o := js.Global().Get("JSON").Call("parse", text)
	if o.Type() != js.TypeObject || o.IsNull() || js.Global().Get("Array").Call("isArray", o).Bool() {
		return nil
	}
	r = &pageview.FetchResult{
		URL:         str(o, "url"),
		Outcome:     str(o, "outcome"),
		Body:        str(o, "body"),
		Bytes:       num(o, "bytes"),
		Truncated:   o.Get("truncated").Truthy(),
		MIME:        str(o, "mime"),
		Fingerprint: str(o, "fingerprint"),
		Error:       str(o, "error"),
	}
	if b64 := str(o, "body_base64"); b64 != "" {
		if raw, err := base64.StdEncoding.DecodeString(b64); err == nil {
			r.BodyBase64 = raw
		}
	}
	each(list(o, "redirects"), func(x js.Value) {
		r.Redirects = append(r.Redirects, pageview.FetchRedirect{Status: num(x, "status"), From: str(x, "from"), To: str(x, "to")})
	})
	each(list(o, "attempts"), func(x js.Value) {
		r.Attempts = append(r.Attempts, pageview.FetchAttempt{URL: str(x, "url"), Sent: str(x, "sent"), Status: str(x, "status"), Error: str(x, "error"), Bytes: num(x, "bytes"), Fingerprint: str(x, "fingerprint"), Reply: str(x, "reply")})
	})
	each(list(o, "conclusions"), func(x js.Value) {
		r.Conclusions = append(r.Conclusions, pageview.FetchConclusion{Dialect: str(x, "dialect"), Reading: str(x, "reading"), Note: str(x, "note")})
	})
	return r
}

// str is o[key] when it is a string, else "".
func str(o js.Value, key string) string {
	if o.Type() != js.TypeObject {
		return ""
	}
	if v := o.Get(key); v.Type() == js.TypeString {
		return v.String()
	}
	return ""
}

// num is o[key] when it is a number, else 0.
func num(o js.Value, key string) int {
	if o.Type() != js.TypeObject {
		return 0
	}
	if v := o.Get(key); v.Type() == js.TypeNumber {
		return v.Int()
	}
	return 0
}

// list is o[key] when it is an array, else an empty one.
func list(o js.Value, key string) js.Value {
	if v := o.Get(key); js.Global().Get("Array").Call("isArray", v).Bool() {
		return v
	}
	return js.Global().Get("Array").New()
}
