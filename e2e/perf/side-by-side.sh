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
# Every store is measured as a shop is deployed: behind TLS with HTTP/2 (one nginx in front of all
# four, a certificate made for the run, SIDE_BY_SIDE_FRONT=tls, the default), so the browser fetches
# each page's style sheets, pictures and scripts over one connection as it does on the web, not over
# six plain HTTP/1.1 connections that each pay their own handshake in Lighthouse's simulation.
# SIDE_BY_SIDE_FRONT=plain measures the servers themselves, as runs before 2026-11-30 did.
# Front ports: FRONT_PORT_BASE (9100) + 10 (ours), +12 (SSR=0), +1 (MF-only), +2 (single-spa).
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
  wait "${pids[@]}" 2> /dev/null || true
  if [ -n "${front:-}" ]; then rm -rf "$front"; fi
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

# The TLS front: nginx with HTTP/2 before each store, proxying to it over keep-alive HTTP/1.1.
FRONT=${SIDE_BY_SIDE_FRONT:-tls}
FRONT_PORT_BASE=${FRONT_PORT_BASE:-9100}
url_of() { echo "http://127.0.0.1:$1"; }
if [ "$FRONT" = tls ]; then
  command -v nginx > /dev/null || { say "no nginx: apt-get install -y nginx (or SIDE_BY_SIDE_FRONT=plain)"; exit 1; }
  front=$(mktemp -d /tmp/side-by-side-front.XXXXXX)
  mkdir -p "$front/tmp"
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 -addext "subjectAltName=IP:127.0.0.1" \
    -keyout "$front/key.pem" -out "$front/cert.pem" 2> /dev/null
  # nginx 1.25+ spells HTTP/2 as its own directive; older ones as a listen parameter.
  if nginx -V 2>&1 | grep -qE 'nginx/1\.(2[5-9]|[3-9][0-9])'; then h2_listen=''; h2_line='http2 on;'; else h2_listen=' http2'; h2_line=''; fi
  {
    [ "$(id -u)" = 0 ] && echo 'user root root;'
    echo "worker_processes 1; pid $front/nginx.pid; error_log $front/error.log warn; events { worker_connections 1024; }"
    echo "http { access_log off; client_body_temp_path $front/tmp; proxy_temp_path $front/tmp; fastcgi_temp_path $front/tmp; uwsgi_temp_path $front/tmp; scgi_temp_path $front/tmp;"
    for pair in "$((FRONT_PORT_BASE + 10)):$OUR_PORT" "$((FRONT_PORT_BASE + 12)):$SSR0_PORT" "$((FRONT_PORT_BASE + 1)):$MF_PORT" "$((FRONT_PORT_BASE + 2)):$SSPA_PORT"; do
      echo "  upstream u${pair%%:*} { server 127.0.0.1:${pair##*:}; keepalive 16; }"
      echo "  server { listen 127.0.0.1:${pair%%:*} ssl$h2_listen; $h2_line ssl_certificate $front/cert.pem; ssl_certificate_key $front/key.pem;"
      echo "    location / { proxy_pass http://u${pair%%:*}; proxy_http_version 1.1; proxy_set_header Connection \"\"; proxy_set_header Host \$http_host; proxy_set_header X-Forwarded-Proto https; } }"
    done
    echo "}"
  } > "$front/nginx.conf"
  nginx -p "$front" -c "$front/nginx.conf" -g 'daemon off;' > "$front/nginx.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 40); do curl -ksf -o /dev/null "https://127.0.0.1:$((FRONT_PORT_BASE + 10))/healthz" && break; sleep 0.25; done
  curl -ksf --http2 -o /dev/null "https://127.0.0.1:$((FRONT_PORT_BASE + 10))/healthz" || { say "the TLS front did not start ($front/error.log)"; exit 1; }
  url_of() {
    case $1 in
      "$OUR_PORT") echo "https://127.0.0.1:$((FRONT_PORT_BASE + 10))" ;; "$SSR0_PORT") echo "https://127.0.0.1:$((FRONT_PORT_BASE + 12))" ;;
      "$MF_PORT") echo "https://127.0.0.1:$((FRONT_PORT_BASE + 1))" ;; "$SSPA_PORT") echo "https://127.0.0.1:$((FRONT_PORT_BASE + 2))" ;;
    esac
  }
  # The bench's own requests (the checkout's order) and its browsers take the run's certificate.
  export BENCH_SELF_SIGNED=1 NODE_TLS_REJECT_UNAUTHORIZED=0
  say "behind TLS with HTTP/2 (nginx $(nginx -v 2>&1 | sed 's/.*nginx\///')): ours $(url_of "$OUR_PORT"), SSR=0 $(url_of "$SSR0_PORT"), MF-only $(url_of "$MF_PORT"), single-spa $(url_of "$SSPA_PORT")"
elif [ "$FRONT" != plain ]; then
  say "SIDE_BY_SIDE_FRONT is tls or plain, not $FRONT"; exit 1
fi

cd "$e2e"
BASE_URL=$(url_of "$OUR_PORT") \
BENCH_BASELINE_URL=$(url_of "$SSR0_PORT") BENCH_BASELINE_LABEL=SSR=0 \
BENCH_PEERS="MF-only=$(url_of "$MF_PORT"),single-spa=$(url_of "$SSPA_PORT")" \
LIGHTHOUSE_CDN_COPY=127.0.0.1:$CDN_PORT \
  node --import tsx perf/bench-store.ts
