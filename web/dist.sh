#!/usr/bin/env bash
# Writes the deployable static site into OUTDIR: index.html plus
# content-hashed assets under assets/, every reference rewritten, so the
# assets can be cached for ever and index.html never; the reference
# pages beside it, and their Gemtext edition in OUTDIR/gemini.
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: web/dist.sh OUTDIR" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
out=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
web/build-site.sh "$tmp"

rm -rf "$out"
mkdir -p "$out/assets"

# hashed NAME: copies $tmp/NAME to assets/ under a name holding the first
# 16 hex digits of its SHA-256 and prints the new path.
hashed() {
  local name=$1 sum base ext
  sum=$(sha256sum "$tmp/$name" | cut -c1-16)
  base=${name%.*}
  ext=${name##*.}
  cp "$tmp/$name" "$out/assets/$base.$sum.$ext"
  echo "assets/$base.$sum.$ext"
}

# The wasm first: main.js names both modules, so main.js is hashed after
# the rewrite.
for m in playground ondemand; do
  wasm=$(hashed $m.wasm)
  sed -i "s|\"$m.wasm\"|\"$wasm\"|" "$tmp/main.js"
  grep -q "\"$wasm\"" "$tmp/main.js" || { echo "dist: main.js does not load $m.wasm by that name" >&2; exit 1; }
  if [ $m = playground ]; then preload=$wasm; fi # index.html preloads the checker's module only
done

html=$(cat "$tmp/index.html")
case "$html" in
  *'"playground.wasm"'*) html=${html//\"playground.wasm\"/\"$preload\"} ;;
  *) echo "dist: index.html does not preload playground.wasm" >&2; exit 1 ;;
esac
for f in main.js wasm_exec.js style.css chroma.css favicon.svg; do
  h=$(hashed "$f")
  case "$html" in
    *"\"$f\""*) html=${html//\"$f\"/\"$h\"} ;;
    *) echo "dist: index.html does not reference $f" >&2; exit 1 ;;
  esac
  case $f in
    style.css) style=$h ;;
    favicon.svg) icon=$h ;;
  esac
done
printf '%s\n' "$html" > "$out/index.html"

# The reference pages (web/genref): served without .html (Netlify's
# pretty URLs), each naming the style sheet and icon by their absolute
# paths, rewritten here to the hashed copies. gemini/ is the Gemtext
# edition, ready to be a capsule's root.
for d in lint dialects crawlers conformance gemini; do
  cp -R "$tmp/$d" "$out/$d"
done
cp "$tmp/reference.html" "$tmp/compat.html" "$tmp/compat.json" "$tmp/conformance.html" "$tmp/conformance.json" "$tmp/changes.html" "$out/"
find "$out" -name '*.html' ! -path "$out/index.html" -print0 | while IFS= read -r -d '' page; do
  sed -i -e "s|href=\"/style.css\"|href=\"/$style\"|" -e "s|href=\"/favicon.svg\"|href=\"/$icon\"|" "$page"
  grep -q "href=\"/$style\"" "$page" || { echo "dist: $page does not link the style sheet" >&2; exit 1; }
done
# Examples use the reserved .example names: the .org example domain in
# anything deployed (the wasm included) is a leftover, not an address.
if grep -rlai 'example[.]org' "$out" >&2; then
  echo "dist: the files above name the .org example domain; use a .example host or the site's address" >&2
  exit 1
fi
echo "dist: wrote $out" >&2
