#!/usr/bin/env bash
# One interleaved store bench (issue 31, item 4): our store drawn by the server, the same build with
# SSR=0, and the two reference stores of ../shared/bench/peers.sh (the Tractor Store 2.0 with Module
# Federation only, and with single-spa), measured page by page and run by run with Lighthouse at its
# standard mobile settings (4× CPU, simulated network), so one moment's load weighs on all four.
#
#   pnpm build                                   # our store (the SSR=0 server serves the same build)
#   export PEERS_DIR=/tmp/peers                  # set up once, kept between runs
#   export MF_SRC=… SSPA_SRC=… CDN_SRC=…         # local git dirs (the search tool's fetch of
#          # FlorianRappl/module-federation-tractor-v2, FlorianRappl/single-spa-module-federation-tractor-v2,
#          # neuland/tractor-store-blueprint); not needed once PEERS_DIR is set up
#   bash e2e/perf/side-by-side.sh                # or: pnpm bench:store:side-by-side
#
# PEERS_SH: peers.sh elsewhere than ../shared/bench (a worktree of this repo). Ports: OUR_PORT (8110), SSR0_PORT (8112), and peers.sh's MF_PORT / SSPA_PORT / CDN_PORT (4301, 4302,
# 4443). State dirs e2e/.state-side-a and -b (OUR_STATE, SSR0_STATE). Every BENCH_* setting of
# bench-store.ts passes through (BENCH_RUNS=3, BENCH_PAGES, BENCH_VERBOSE=1,
# BENCH_CPU_SLOWDOWN=host-calibrated). Servers this script started are stopped at its end, by pid.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
e2e=$(dirname "$here")
root=$(dirname "$e2e")
peers=${PEERS_SH:-$root/../shared/bench/peers.sh}
OUR_PORT=${OUR_PORT:-8110}
SSR0_PORT=${SSR0_PORT:-8112}
MF_PORT=${MF_PORT:-4301}
SSPA_PORT=${SSPA_PORT:-4302}
CDN_PORT=${CDN_PORT:-4443}
export MF_PORT SSPA_PORT CDN_PORT
: "${PEERS_DIR:?set PEERS_DIR to a folder for the reference stores (kept between runs)}"
export PEERS_DIR
say() { echo "[side-by-side $(date +%T)] $*" >&2; }

[ -f "$root/shell/dist/index.html" ] || { say "no build: run pnpm build first"; exit 1; }
[ -x "$peers" ] || [ -f "$peers" ] || { say "no $peers"; exit 1; }

pids=()
stop_all() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [ -n "${started_peers:-}" ]; then bash "$peers" stop || true; fi
}
trap stop_all EXIT

# The reference stores: cloned and installed once, built when their dist is missing, served for this run.
if [ ! -d "$PEERS_DIR/mf/.git" ] || [ ! -d "$PEERS_DIR/sspa/.git" ]; then
  : "${MF_SRC:?set MF_SRC, SSPA_SRC and CDN_SRC (local git dirs) for the first setup of PEERS_DIR}"
  : "${SSPA_SRC:?}" "${CDN_SRC:?}"
fi
bash "$peers" setup
if [ ! -f "$PEERS_DIR/mf/dist/index.html" ] || [ ! -f "$PEERS_DIR/sspa/dist/index.html" ]; then bash "$peers" build; fi
if ! { [ -f "$PEERS_DIR/serve.pid" ] && kill -0 "$(cat "$PEERS_DIR/serve.pid")" 2>/dev/null; }; then
  bash "$peers" serve
  started_peers=1
fi

# Our store, twice from the same build: drawn by the server (the default) and by the browser alone.
start_store() { # port state ssr
  (cd "$e2e" && SSR=$3 NODE_ENV=production E2E_PORT=$1 E2E_STATE_DIR=$2 exec node serve.mjs) > "/tmp/side-by-side-$1.log" 2>&1 &
  pids+=($!)
}
start_store "$OUR_PORT" "${OUR_STATE:-.state-side-a}" 1
start_store "$SSR0_PORT" "${SSR0_STATE:-.state-side-b}" 0
for port in "$OUR_PORT" "$SSR0_PORT"; do
  for _ in $(seq 120); do curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break; sleep 0.5; done
  curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" || { say "our store on $port did not start (/tmp/side-by-side-$port.log)"; exit 1; }
done
say "serving: ours :$OUR_PORT, SSR=0 :$SSR0_PORT, MF-only :$MF_PORT, single-spa :$SSPA_PORT, CDN copy :$CDN_PORT; load $(cut -d' ' -f1-3 /proc/loadavg)"

cd "$e2e"
BASE_URL=http://127.0.0.1:$OUR_PORT \
BENCH_BASELINE_URL=http://127.0.0.1:$SSR0_PORT BENCH_BASELINE_LABEL=SSR=0 \
BENCH_PEERS="MF-only=http://127.0.0.1:$MF_PORT,single-spa=http://127.0.0.1:$SSPA_PORT" \
LIGHTHOUSE_CDN_COPY=127.0.0.1:$CDN_PORT \
  node --import tsx perf/bench-store.ts
