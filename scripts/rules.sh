#!/usr/bin/env bash
# The server's import rules and the shared contracts' (.dependency-cruiser.cjs), run by `npm test` and by `pnpm rules`.
# Prints dependency-cruiser's report, then one line per rule and "N passed" / "N failed" (rules kept /
# rules broken) for scripts/test-all.sh to count. Exit status 1 when any rule is broken.
set -uo pipefail
cd "$(dirname "$0")/.."
report="$(mktemp /tmp/adire-rules.XXXXXX)"
trap 'rm -f "$report"' EXIT
npx --no-install depcruise --config .dependency-cruiser.cjs --output-type err-long \
  server/src server/test server/scale server/bench server/seed e2e shared/contracts/src >"$report" 2>&1
rc=$?
cat "$report"
if [ "$rc" -ne 0 ] && ! grep -qE 'dependency violations? ' "$report"; then
  echo "dependency-cruiser did not run (exit $rc)"; echo "1 failed"; exit 1
fi
passed=0; failed=0
for rule in $(node -e "for (const r of require('./.dependency-cruiser.cjs').forbidden) console.log(r.name)" | awk '!seen[$0]++'); do
  n=$(grep -cE "^\s*(error|warn) ${rule}: " "$report")
  if [ "$n" -eq 0 ]; then echo "  ✓ ${rule}"; passed=$((passed + 1)); else echo "  ✗ ${rule}: ${n} violations"; failed=$((failed + 1)); fi
done
echo "${passed} passed"
[ "$failed" -gt 0 ] && echo "${failed} failed"
[ "$failed" -eq 0 ] && [ "$rc" -eq 0 ]
