#!/usr/bin/env bash
# Run a command against a throw-away PostgreSQL on loopback:
#   scripts/with-postgres.sh <command…>   (the command sees TEST_DATABASE_URL)
# Installs Debian's postgresql when it is missing; initdb refuses root, so the cluster runs as 'postgres'.
# PG_ARCHIVE_DIR (pnpm scale, issue 41): the cluster archives its WAL into <dir>/wal (every
# PG_ARCHIVE_TIMEOUT seconds, default 10, when there were writes) and a base backup goes into <dir>/base.
set -euo pipefail

find_bin() {
  command -v "$1" 2>/dev/null && return
  ls /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -n 1
}

if [ -z "$(find_bin initdb)" ]; then
  echo "Installing PostgreSQL (Debian package)…"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
INITDB=$(find_bin initdb)
PG_CTL=$(find_bin pg_ctl)

PGDIR=$(mktemp -d /tmp/adire-pg.XXXXXX)
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home "$PGDIR" postgres
    chown -R postgres "$PGDIR"
    su postgres -s /bin/bash -c "$*"
  else
    bash -c "$*"
  fi
}
cleanup() {
  as_pg "'$PG_CTL' -D '$PGDIR/data' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$PGDIR"
}
trap cleanup EXIT

as_pg "'$INITDB' -D '$PGDIR/data' -U postgres --auth=trust --no-sync -E UTF8 >/dev/null"
if [ -n "${PG_ARCHIVE_DIR:-}" ]; then
  mkdir -p "$PG_ARCHIVE_DIR/wal" "$PG_ARCHIVE_DIR/base"
  [ "$(id -u)" = 0 ] && chown -R postgres "$PG_ARCHIVE_DIR"
  wal="$PG_ARCHIVE_DIR/wal"
  # The same settings as server/src/db/backup/postgres.ts (archiveSettings): whole segments, never overwritten.
  cat >>"$PGDIR/data/postgresql.conf" <<CONF
wal_level = replica
archive_mode = on
archive_timeout = ${PG_ARCHIVE_TIMEOUT:-10}
archive_command = 'test ! -f ''$wal/%f'' && cp ''%p'' ''$wal/%f.part'' && mv ''$wal/%f.part'' ''$wal/%f'''
CONF
fi
as_pg "'$PG_CTL' -D '$PGDIR/data' -w -l '$PGDIR/log' -o \"-h 127.0.0.1 -p $PORT -k '$PGDIR' -c fsync=off\" start >/dev/null"
echo "PostgreSQL $("$PG_CTL" --version | awk '{print $3}') is up on 127.0.0.1:$PORT"
if [ -n "${PG_ARCHIVE_DIR:-}" ]; then
  as_pg "'$(find_bin pg_basebackup)' -d 'postgres://postgres@127.0.0.1:$PORT/postgres' -D '$PG_ARCHIVE_DIR/base/$(date -u +%Y%m%dT%H%M%SZ)' -X stream -c fast"
  echo "Backups on: PostgreSQL archives its WAL into $PG_ARCHIVE_DIR/wal every ${PG_ARCHIVE_TIMEOUT:-10} s; base backup in $PG_ARCHIVE_DIR/base (BACKUP_URL=$PG_ARCHIVE_DIR pnpm backup status)"
fi

TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" "$@"
