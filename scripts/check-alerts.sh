#!/usr/bin/env bash
# deploy/prometheus/ checked by Prometheus' own tool (issue 41): the scrape config, the alert rules, and
# the rules' unit tests (alerts.test.yml). Run by `npm test`; prints "N passed" / "N failed" for
# scripts/test-all.sh to count.
set -uo pipefail
cd "$(dirname "$0")/../deploy/prometheus"
PROMTOOL=$(command -v promtool || echo /usr/bin/promtool)
passed=0; failed=0
check() {
  local name="$1"; shift
  if out=$("$PROMTOOL" "$@" 2>&1); then echo "  ✓ $name"; passed=$((passed + 1)); else echo "$out"; echo "  ✗ $name"; failed=$((failed + 1)); fi
}
check "promtool check config prometheus.yml" check config prometheus.yml
check "promtool check rules alerts.yml" check rules alerts.yml
check "promtool test rules alerts.test.yml" test rules alerts.test.yml
echo "${passed} passed"
[ "$failed" -gt 0 ] && echo "${failed} failed"
[ "$failed" -eq 0 ]
