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

install_deps() {
  step "Installing dependencies (pnpm install)"
  (cd "$ROOT" && pnpm install --frozen-lockfile --reporter=append-only | grep -v 'better-sqlite3 install:' | tail -n 5)
}

build_store() {
  step "Building the shell and publishing each remote into releases/"
  (cd "$ROOT" && node scripts/build.mjs)
}
