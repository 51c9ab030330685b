#!/usr/bin/env bash
# `pnpm scale [instances] [--port 8080]`: several store instances on one PostgreSQL behind nginx
# (server/scale/main.ts). Installs Debian's nginx when missing; without DATABASE_URL it runs on a
# throw-away PostgreSQL (scripts/with-postgres.sh), gone when you stop it.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_pnpm
ensure_nginx
cd "$ROOT"
if [ -n "${DATABASE_URL:-}" ]; then
  exec pnpm --silent --filter @adire/server scale "$@"
fi
exec bash scripts/with-postgres.sh bash -c 'DATABASE_URL="$TEST_DATABASE_URL" exec pnpm --silent --filter @adire/server scale "$@"' scale "$@"
