#!/usr/bin/env bash
# `pnpm scale [instances] [--port 8080]`: several store instances on one PostgreSQL behind nginx
# (server/scale/main.ts). Installs Debian's nginx when missing; without DATABASE_URL it runs on a
# throw-away PostgreSQL (scripts/with-postgres.sh), gone when you stop it, its WAL archived (PG_ARCHIVE_DIR).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_pnpm
ensure_nginx
case " $* " in *" --with-prometheus "*) ensure_prometheus ;; esac
cd "$ROOT"
if [ -n "${DATABASE_URL:-}" ]; then
  exec pnpm --silent --filter @adire/server scale "$@"
fi
# The throw-away cluster archives its WAL (issue 41) into BACKUP_URL, or var/scale-backup/<time>.
export PG_ARCHIVE_DIR="${BACKUP_URL:-$ROOT/var/scale-backup/$(date -u +%Y%m%dT%H%M%SZ)}"
exec bash scripts/with-postgres.sh bash -c 'DATABASE_URL="$TEST_DATABASE_URL" exec pnpm --silent --filter @adire/server scale "$@"' scale "$@"
