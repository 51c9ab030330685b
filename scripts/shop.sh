#!/usr/bin/env bash
# README command one: install, build, migrate, seed and serve the shop at http://127.0.0.1:8080.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_pnpm
install_deps
build_store
step "Starting the shop (migrations and seed run on start)"
cd "$ROOT"
# BACKUP_URL (issue 41): Litestream replicates the SQLite file beside the server (the server is its child,
# and it says so in one line). With DATABASE_URL, PostgreSQL archives its own WAL (README, "Operating the shop").
if [ -n "${BACKUP_URL:-}" ] && [ -z "${DATABASE_URL:-}" ]; then
  pnpm --filter @adire/server build
  cd "$ROOT/server" && exec node --import tsx src/cli/backup.ts replicate -- node dist/main.mjs
fi
exec pnpm --filter @adire/server start
