#!/usr/bin/env bash
# smolbots build entry point.
#
#   ./build.sh test    install what the tests need, then run every test
#   ./build.sh serve   build the playground and serve it with the relay on 127.0.0.1:8080
#   ./build.sh build   build the CLI, the playground and the relay worker into build/
#   ./build.sh dist    write the deployable static site into dist/
#   ./build.sh bench   run the benchmarks (figures go to BENCHMARKS.md by hand)
#   ./build.sh deps    only install the dependencies
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
export PATH="$PATH:/usr/local/go/bin:$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin"

log() { printf '==> %s\n' "$*" >&2; }

# A download that stalls fails the step instead of hanging it.
NET_TIMEOUT=${NET_TIMEOUT:-15m}

# Debian packages the tests start for real: Gopher and Gemini servers,
# headless Chromium, openssl for test certificates, brotli for the page
# benchmark's compressed sizes, python3 (urllib.robotparser),
# python3-protego, libwww-robotrules-perl and ruby-webrobots for the
# conformance table's adapters in examples/conform, mandoc for the manual
# page's lint, man-db and groff-base to render it as man does, neovim as a
# real client of `smolbots lsp`.
APT_PACKAGES=(gophernicus molly-brown chromium fonts-dejavu-core openssl systemd brotli python3 python3-protego libwww-robotrules-perl ruby-webrobots mandoc man-db groff-base neovim)

deps_apt() {
  local missing=()
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing Debian packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo timeout "$NET_TIMEOUT" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo timeout "$NET_TIMEOUT" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

deps_npm() {
  if [ ! -d tools/node_modules ] || [ tools/package-lock.json -nt tools/node_modules ]; then
    log "installing pinned npm tools"
    (cd tools && timeout "$NET_TIMEOUT" npm ci --no-audit --no-fund --loglevel=error)
  fi
  # the conformance table's JavaScript library, pinned in its own package
  local rp=examples/conform/robots-parser
  if [ ! -d $rp/node_modules ] || [ $rp/package-lock.json -nt $rp/node_modules ]; then
    log "installing the pinned robots-parser for the conformance table"
    (cd $rp && timeout "$NET_TIMEOUT" npm ci --no-audit --no-fund --loglevel=error)
  fi
}

deps_go() {
  timeout "$NET_TIMEOUT" go mod download
  (cd bench && timeout "$NET_TIMEOUT" go mod download)
  # the conformance table's Go libraries, each in its adapter's module
  local m
  for m in examples/conform/temoto examples/conform/grobotstxt; do
    (cd $m && timeout "$NET_TIMEOUT" go mod download)
  done
}

deps() { deps_apt; deps_npm; deps_go; }

# The playground: wasm + static files into build/web.
build_site() {
  if [ -x web/build-site.sh ]; then
    web/build-site.sh "$ROOT/build/web"
  fi
}

build_cli() {
  mkdir -p build
  # Go records no revision in a git worktree: pass it in. The site's
  # address, commit and date come from web/ldflags.sh, as the reference
  # pages' do.
  local stamp
  stamp=$(web/ldflags.sh)
  go build -trimpath -ldflags="-X main.revision=$(git rev-parse HEAD 2>/dev/null) $stamp" -o build/smolbots ./cmd/smolbots
}

# The relay worker: runtime glue from syumai/workers plus the Go relay as
# wasm, into build/worker (wrangler.toml points at it). The free plan takes
# at most 3 MB compressed; we keep it under 2.5 MB.
WORKER_MAX_GZIP=2500000
build_worker() {
  go run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -o build/worker
  GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o build/worker/app.wasm ./wasm/relay
  local size
  size=$(cat build/worker/* | gzip -9 | wc -c)
  log "relay worker: $(cat build/worker/* | wc -c) bytes, $size gzip"
  if [ "$size" -gt "$WORKER_MAX_GZIP" ]; then
    echo "build: the relay worker is $size bytes gzipped, over the 2.5 MB budget; check go list -deps ./wasm/relay" >&2
    return 1
  fi
}

# The browser tests' package deadline (go test's default is 10m).
E2E_TIMEOUT=${E2E_TIMEOUT:-25m}

# Fuzz targets run briefly on every test run; their corpora live in testdata/fuzz.
FUZZTIME=${FUZZTIME:-8s}
# Go 1.26's fuzzing coordinator can fail a target with a bare "context
# deadline exceeded" as -fuzztime ends, when a worker is slow to stop
# (golang/go#75804, fixed in Go 1.27): no input failed, nothing was
# written. Such a run is tried once more; any other failure, or a
# written failing input, fails at once.
fuzz_one() {
  local pkg=$1 target=$2 out rc try
  for try in 1 2; do
    log "fuzz $pkg $target for $FUZZTIME"
    rc=0
    out=$(go test -run='^$' -fuzz="^${target}\$" -fuzztime="$FUZZTIME" "$pkg" 2>&1) || rc=$?
    printf '%s\n' "$out"
    [ "$rc" -eq 0 ] && return 0
    if [ "$try" -eq 1 ] && fuzz_deadline_race <<<"$out"; then
      log "fuzz $target: the coordinator's deadline race (golang/go#75804), no failing input; once more"
      continue
    fi
    return "$rc"
  done
}
# fuzz_deadline_race: the output on stdin failed only by that race: the
# one line under "--- FAIL" is "context deadline exceeded", and no input
# was written or panicked.
fuzz_deadline_race() {
  local out
  out=$(cat)
  ! grep -qE 'Failing input written|panic:' <<<"$out" || return 1
  [ "$(sed -n '/^--- FAIL: /,/^FAIL/p' <<<"$out" | grep -c '^    ')" -eq 1 ] || return 1
  sed -n '/^--- FAIL: /,/^FAIL/p' <<<"$out" | grep -qx '    context deadline exceeded'
}
run_fuzz() {
  local pkg target
  while read -r pkg target; do
    fuzz_one "$pkg" "$target"
  done < <(grep -rl --include='*_test.go' '^func Fuzz' . | grep -v '^./bench/' | while read -r f; do
             d=$(dirname "$f")
             grep -o '^func Fuzz[A-Za-z0-9_]*' "$f" | sed 's/^func //' | sed "s|^|$d |"
           done | sort -u)
}

# The CLI for the systems admins run capsules on: pure Go (CGO_ENABLED=0),
# so a build here is the binary there.
CROSS_TARGETS=(linux/amd64 linux/arm64 linux/arm openbsd/amd64 freebsd/amd64 netbsd/amd64 darwin/arm64 darwin/amd64)
cross_build() {
  local t
  for t in "${CROSS_TARGETS[@]}"; do
    log "cross-build the CLI for $t"
    # GOARM=7 is read only for GOARCH=arm: a Raspberry Pi's armv7.
    CGO_ENABLED=0 GOOS=${t%/*} GOARCH=${t#*/} GOARM=7 go build -trimpath -o /dev/null ./cmd/smolbots
  done
}

cmd_test() {
  deps
  build_cli
  cross_build
  build_site
  build_worker
  log "go vet"
  go vet ./...
  log "go test"
  go test -count=1 $(go list ./... | grep -vx 'github.com/smolbots/smolbots/web/e2e')
  # The page in headless Chromium: its own step with room, as a loaded
  # machine can take several times the few minutes it takes alone; a
  # wait that never ends fails with its own message long before this.
  log "go test ./web/e2e (the page in headless Chromium)"
  go test -count=1 -timeout "$E2E_TIMEOUT" ./web/e2e
  log "go test -race: one File and its Policies shared by many goroutines"
  go test -count=1 -race -run '^TestConcurrent' ./core
  log "benchmarks compile and run once"
  (cd bench && go vet ./... && go test -count=1 -run='^$' -bench=. -benchtime=1x ./... >/dev/null)
  (cd examples/conform/temoto && go vet ./...)
  (cd examples/conform/grobotstxt && go vet ./...)
  run_fuzz
}

cmd_serve() {
  deps_go
  build_site
  build_cli
  exec build/smolbots serve -addr "${ADDR:-127.0.0.1:8080}" -dir build/web "$@"
}

cmd_bench() {
  deps_go
  (cd bench && go test -run='^$' -bench=. -benchmem -count=1 ./...)
}

case "${1:-}" in
  test) shift; cmd_test "$@" ;;
  serve) shift; cmd_serve "$@" ;;
  build) shift; deps_go; build_cli; build_site; build_worker ;;
  dist) shift; deps_go; if [ -x web/dist.sh ]; then web/dist.sh "$ROOT/dist"; else echo "dist: the playground is coming" >&2; exit 1; fi ;;
  bench) shift; cmd_bench "$@" ;;
  deps) shift; deps ;;
  *) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
