#!/usr/bin/env bash
# Builds the playground into OUTDIR: the wasm, Go's wasm_exec.js from the
# same Go, the static files, from web/gensite the chroma style sheet
# and index.html with the default case already drawn, and from
# web/genref the reference pages (reference.html, lint/, dialects/,
# crawlers/, compat.html, compat.json, conformance.html, conformance.json,
# conformance/: the results, badges and kept releases)
# and their Gemtext edition (gemini/).
#   RELAY_URL      base URL of the relay (default: same origin)
#   SMOLBOTS_SITE  the site's address (default: netlify.toml's; on
#                  Netlify the deploy's URL, see web/ldflags.sh)
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: web/build-site.sh OUTDIR" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
out=$1
mkdir -p "$out"
GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o "$out/playground.wasm" ./wasm/playground
GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o "$out/ondemand.wasm" ./wasm/ondemand
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$out/wasm_exec.js"
# The pages name the site's address, the commit and the build date, and
# the playground its commit and date (a link's record names them).
stamp=$(web/ldflags.sh)
go run -ldflags "$stamp" ./web/gensite web/index.html "$out"
go run -ldflags "$stamp" ./web/genref "$out"
cp web/style.css web/main.js web/favicon.svg "$out/"
relay=${RELAY_URL:-}
case "$relay" in
  *'"'*|*'<'*|*'>'*|*'&'*|*'|'*) echo "build-site: RELAY_URL holds a character that cannot go in HTML: $relay" >&2; exit 2 ;;
esac
sed -i "s|<meta name=\"smolbots-relay\" content=\"\">|<meta name=\"smolbots-relay\" content=\"$relay\">|" "$out/index.html"
