#!/usr/bin/env bash
# README command one: install, build, migrate, seed and serve the shop at http://127.0.0.1:8080.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_pnpm
install_deps
build_store
step "Starting the shop (migrations and seed run on start)"
cd "$ROOT" && exec pnpm --filter @adire/server start
