#!/usr/bin/env bash
# The browser suite (npm test's last step): the specs in E2E_SHARDS shards side by side (default 3),
# each with its own store (port, database and release registry: E2E_PORT / E2E_STATE_DIR), then the
# speed specs (perf/: Lighthouse, the JavaScript budget; the canary judged by its shoppers' INP) alone,
# on a machine no other shard is loading. Each run prints its own "N passed" line; the exit code is the worst of them.
set -uo pipefail
cd "$(dirname "$0")/../e2e"
# Three, on a 2-core machine: a shard waits on its store and its browser much of the time (one eighth
# of the suite took 10.2 min beside other work for 3.5 min of CPU, its server and browser included).
SHARDS="${E2E_SHARDS:-3}"
BASE_PORT="${E2E_PORT:-8090}"
status=0
pids=()
for i in $(seq 1 "$SHARDS"); do
  E2E_SKIP_PERF=1 E2E_PORT=$((BASE_PORT + i - 1)) E2E_STATE_DIR=".state-shard-$i" \
    npx playwright test --shard="$i/$SHARDS" 2>&1 | sed -u "s/^/[shard $i] /" &
  pids+=($!)
done
# pipefail: a shard's status is playwright's, not sed's.
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
E2E_PORT="$BASE_PORT" E2E_STATE_DIR=".state-perf" npx playwright test perf/ release/canary-vitals.spec.ts || status=1
exit $status
