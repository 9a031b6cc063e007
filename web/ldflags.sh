#!/usr/bin/env bash
# Prints the -X flags that stamp a build with the site's address, the
# commit it was built from and the UTC date (core.site, core.version,
# core.built): build.sh's CLI and web/build-site.sh's reference pages
# both take them from here.
#   SMOLBOTS_SITE  the site's address (default: netlify.toml's)
# On Netlify (NETLIFY=true) the deploy's own address, URL, comes first,
# and its COMMIT_REF names the commit.
set -euo pipefail
cd "$(dirname "$0")/.."
site=${SMOLBOTS_SITE:-}
if [ "${NETLIFY:-}" = true ] && [ -n "${URL:-}" ]; then
  site=$URL
fi
if [ -z "$site" ]; then
  site=$(sed -n 's/^[[:space:]]*SMOLBOTS_SITE[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' netlify.toml | head -n 1)
fi
case "$site" in
  https://*|http://*) ;;
  *) echo "ldflags: the site's address must start with https:// or http://, not: $site" >&2; exit 2 ;;
esac
case "$site" in
  *[[:space:]\'\"]*) echo "ldflags: the site's address holds a space or a quote: $site" >&2; exit 2 ;;
esac
commit=${COMMIT_REF:-$(git rev-parse HEAD 2>/dev/null || true)}
pkg=github.com/smolbots/smolbots/core
printf '%s' "-X $pkg.site=$site -X $pkg.version=$commit -X $pkg.built=$(date -u +%Y-%m-%d)"
