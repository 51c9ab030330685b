#!/usr/bin/env bash
# README command two: every test — the server's import rules (.dependency-cruiser.cjs), unit (vitest in
# each package), API on SQLite and on PostgreSQL,
# then the browser tests (Playwright in Debian's Chromium) against the built store on the real server.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
export FORCE_COLOR=0 NO_COLOR=1 CI="${CI:-}"
LOGS="$(mktemp -d /tmp/adire-tests.XXXXXX)"
declare -a SUMMARY=()
PASSED=0
FAILED=0
STATUS=0

logfile() { echo "$LOGS/$(echo "$1" | tr -c 'a-zA-Z0-9' '_').log"; }

# Add up the counts a suite's runner printed into its log, and its line of the summary.
tally() {
  local name="$1" rc="$2" took="$3" log
  log=$(logfile "$name")
  local p f
  # vitest: "Tests  2 failed | 13 passed (15)"; playwright: "  10 passed (20.9s)" / "  1 failed"
  # (a line of a suite run beside another starts with its tag, "[shard N] " or "[sqlite] "; of a
  # package's tests run two at a time by pnpm, with its folder: "shared/domain test: ")
  p=$(grep -E '^(\[[a-z0-9 ]+\] )?([^ ]+ test: )?\s*(Tests\s+.*\b[0-9]+ passed|[0-9]+ passed)' "$log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
  f=$(grep -E '^(\[[a-z0-9 ]+\] )?([^ ]+ test: )?\s*(Tests\s+.*\b[0-9]+ failed|[0-9]+ failed)' "$log" | grep -oE '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
  PASSED=$((PASSED + p)); FAILED=$((FAILED + f))
  if [ "$rc" -ne 0 ]; then
    STATUS=1
    [ "$f" -eq 0 ] && FAILED=$((FAILED + 1)) # a suite that broke before counting still counts as a failure
    SUMMARY+=("✗ $name: $p passed, $f failed (exit $rc; $took)")
    # Which tests: the lines vitest ("FAIL  test/x.test.ts > …") and Playwright ("  1) [chromium] › …")
    # print for each failure, so a run whose logs are gone (a CI machine) still names them.
    local line
    while IFS= read -r line; do SUMMARY+=("    $line"); done < <(
      grep -E '^(\[[a-z0-9 ]+\] )?([^ ]+ test: )?\s*(FAIL\s|[0-9]+\) \[)' "$log" | sed -E 's/^(\[[^]]*\] )?\s+/\1/' | sort -u | head -12)
    # A run that broke before its tests (Playwright's "Error: Process from config.webServer exited
    # early.", a port in use, a crash) names no test: its own error lines say why.
    if [ "$f" -eq 0 ]; then
      while IFS= read -r line; do SUMMARY+=("    $line"); done < <(
        grep -E '^(\[[a-z0-9 ]+\] )?(\[WebServer\] )?\s*([A-Za-z]*Error|error):' "$log" | sed -E 's/^(\[[^]]*\] )?\s+/\1/' | head -6)
    fi
  else
    SUMMARY+=("✓ $name: $p passed ($took)")
  fi
}

# Run one suite, keep its output, and add up the counts its runner prints.
suite() {
  local name="$1"; shift
  step "$name"
  local started=$SECONDS
  "$@" 2>&1 | tee "$(logfile "$name")"
  local rc=${PIPESTATUS[0]}
  tally "$name" "$rc" "$((SECONDS - started)) s"
}

# Suites in two lanes side by side, each lane's suites one after another (each line tagged with its
# suite's tag, each suite counted as its own): for suites that wait on something else much of the time
# (the API tests on PostgreSQL wait on its server), so a 2-core machine fills that time with the other
# lane's work.
#   lanes "<name>|<tag>|<command>" ... -- "<name>|<tag>|<command>" ...
lanes() {
  local one=() two=() spec
  while [ $# -gt 0 ] && [ "$1" != -- ]; do one+=("$1"); shift; done
  shift
  two=("$@")
  step "$(for spec in "${one[@]}" "${two[@]}"; do printf '%s | ' "${spec%%|*}"; done | sed 's/ | $//')"
  run_lane "${one[@]}" &
  local first=$!
  run_lane "${two[@]}" &
  local second=$!
  wait "$first"; wait "$second"
  for spec in "${one[@]}" "${two[@]}"; do
    local name="${spec%%|*}" rc took
    read -r rc took < "$(logfile "$name").status"
    tally "$name" "$rc" "$took s, in a lane beside another"
  done
}

run_lane() {
  local spec name rest tag command started rc
  for spec in "$@"; do
    name="${spec%%|*}"; rest="${spec#*|}"; tag="${rest%%|*}"; command="${rest#*|}"
    started=$SECONDS
    bash -c "$command" 2>&1 | sed -u "s/^/[$tag] /" | tee "$(logfile "$name")"
    rc=${PIPESTATUS[0]}
    echo "$rc $((SECONDS - started))" > "$(logfile "$name").status"
  done
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  step "Installing Chromium (Debian package)"
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
}

ensure_pnpm
install_deps || { echo "Dependency install failed"; exit 1; }
ensure_chromium
ensure_nginx
ensure_prometheus

cd "$ROOT"
suite "Architecture rules (dependency-cruiser)" bash scripts/rules.sh
suite "Alert rules and scrape config (promtool)" bash scripts/check-alerts.sh
suite "Unit tests (shared packages, shell, remotes)" pnpm -r --workspace-concurrency=2 --no-bail --filter './shared/*' --filter @adire/shell --filter './mf-*' test
# Two lanes of about the same length: the API tests on SQLite, then the fuzzing of every endpoint on
# PostgreSQL (its own cluster); beside them the rest of the PostgreSQL run, then the typecheck. The
# PostgreSQL runs wait on their server much of the time, so a 2-core machine fills it with the other
# lane's work. Before (2026-11-29), SQLite + typecheck beside the whole PostgreSQL run: 453 s beside
# 587 s, of which the fuzzing 198 s. (The unit tests and the build in a lane too were tried: beside the
# PostgreSQL run on a busy machine, jsdom tests passed their 5 s limit and a fuzz case on PostgreSQL its
# 20 s; its slowest endpoint takes 5 s.)
lanes "API tests on SQLite|sqlite|pnpm --filter @adire/server test" "API fuzzing on PostgreSQL|pg fuzz|bash scripts/with-postgres.sh pnpm --filter @adire/server test test/fuzz.test.ts" \
  -- "API tests on PostgreSQL (all but the fuzzing)|postgres|bash scripts/with-postgres.sh pnpm --filter @adire/server test --exclude test/fuzz.test.ts" "Typecheck (tsc, every package)|typecheck|pnpm -r typecheck"
suite "Build the store (shell + each remote released)" node scripts/build.mjs
suite "Scale drill (two instances behind nginx on PostgreSQL)" bash scripts/with-postgres.sh pnpm --filter @adire/server test:scale
suite "Browser tests (Playwright, Debian Chromium; two shards, then perf/ alone)" bash scripts/browser-tests.sh

printf '\n\033[1mSummary\033[0m\n'
printf '  %s\n' "${SUMMARY[@]}"
echo "Reports: e2e/playwright-report-state-shard-*/index.html and playwright-report-state-perf/ (browser), logs in $LOGS"
echo "$PASSED passed, $FAILED failed"
exit $STATUS
