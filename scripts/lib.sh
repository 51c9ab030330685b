# Shared by the README's commands. Needs only Node 20 and npm; obtains pnpm and the rest itself.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# better-sqlite3 has no usable prebuilt here: compile it against Node's own headers.
export npm_config_nodedir="${npm_config_nodedir:-/usr}"

step() { printf '\n\033[1m▶ %s\033[0m\n' "$*"; }

ensure_pnpm() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null | cut -d. -f1)" = 12 ]; then return; fi
  if [ ! -x "$ROOT/.tools/node_modules/.bin/pnpm" ]; then
    step "Installing pnpm 12 into .tools/"
    npm install --prefix "$ROOT/.tools" --no-save --no-audit --no-fund pnpm@12 >/dev/null
  fi
  export PATH="$ROOT/.tools/node_modules/.bin:$PATH"
}

# Debian's nginx (pnpm scale and the scale drill). Its service is kept from starting on install: the
# store runs its own nginx from a folder of its own.
ensure_nginx() {
  if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then return; fi
  step "Installing nginx (Debian package)"
  local policy=/usr/sbin/policy-rc.d made=""
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && made=1; fi
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  local rc=$?
  [ -n "$made" ] && rm -f "$policy"
  return $rc
}

# Debian's prometheus (promtool for the alert rules in npm test; pnpm scale --with-prometheus and the
# alert drill run it). Its service is kept from starting on install, as nginx's: the store runs its own.
ensure_prometheus() {
  if command -v promtool >/dev/null 2>&1 || [ -x /usr/bin/promtool ]; then return; fi
  step "Installing prometheus (Debian package)"
  local policy=/usr/sbin/policy-rc.d made=""
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && made=1; fi
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq prometheus >/dev/null
  local rc=$?
  [ -n "$made" ] && rm -f "$policy"
  return $rc
}

install_deps() {
  step "Installing dependencies (pnpm install)"
  (cd "$ROOT" && pnpm install --frozen-lockfile --reporter=append-only | grep -v 'better-sqlite3 install:' | tail -n 5)
}

build_store() {
  step "Building the shell and each remote, publishing each into the release registry"
  (cd "$ROOT" && node scripts/build.mjs)
}
