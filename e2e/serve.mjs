// Starts the real server for the browser tests on its own port, database and release registry,
// so a test may repoint /remotes.json without touching the developer's store.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
// E2E_STATE_DIR lets two suites run side by side (with different E2E_PORTs).
const state = path.resolve(here, process.env.E2E_STATE_DIR ?? '.state');
fs.rmSync(state, { recursive: true, force: true });
fs.mkdirSync(state, { recursive: true });
if (!fs.existsSync(path.join(root, 'shell', 'dist', 'index.html'))) {
  console.error('No shell/dist/index.html: build the store first (pnpm build)');
  process.exit(1);
}
const env = { ...process.env, SQLITE_FILE: path.join(state, 'shop.sqlite'), RELEASES_DIR: path.join(state, 'releases'), LOG_LEVEL: 'warn' };
// The suite's store gets its own release registry (in its database): the builds of the shell and
// each remote, published as the release command publishes them.
execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/release.ts', 'publish', 'all', '--no-build'], { cwd: path.join(root, 'server'), env, stdio: ['ignore', 'ignore', 'inherit'] });

// The server as production runs it: compiled into dist/main.mjs (well under a second).
execFileSync(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: path.join(root, 'server'), stdio: 'inherit' });
const child = spawn(process.execPath, ['dist/main.mjs'], {
  cwd: path.join(root, 'server'),
  stdio: 'inherit',
  env: {
    ...env,
    PORT: process.env.E2E_PORT ?? '8090',
    // The suite checks what the server draws, not how fast (that is the bench's): a busy CI machine
    // must not push a draw past its 100 ms budget and turn a page into a browser-drawn one.
    DRAW_BUDGET_MS: process.env.DRAW_BUDGET_MS ?? '3000',
    // No page load is sampled for vitals unless it runs a canary: the byte budget (perf/budget.spec.ts)
    // measures the page as nine in ten shoppers get it. A sampled page also loads the vitals chunk,
    // 2.2 KB compressed (home: 162.1 KB against 160.0 KB; see the README's "Releasing").
    // release/canary-vitals.spec.ts starts its own instance with every page load sampled.
    VITALS_SAMPLE_PERCENT: process.env.VITALS_SAMPLE_PERCENT ?? '0',
    // Every browser test checks out from 127.0.0.1: the suite is one source making hundreds of
    // checkouts an hour, far past what the per-IP mail limit allows any real one (API tests cover it).
    AUTH_LIMIT_ORDER_MAIL_IP: process.env.AUTH_LIMIT_ORDER_MAIL_IP ?? '100000/1h',
    // Likewise every page: far more new drawings a minute from 127.0.0.1 than any one shopper causes.
    DRAW_LIMIT_PER_MINUTE: process.env.DRAW_LIMIT_PER_MINUTE ?? '100000',
    // Likewise a busy day's places: every test shopper holds them from 127.0.0.1, and the helpers' senders
    // share a phone; the per-holder limits are the API tests' (server/test/day-holds.test.ts).
    ORDERS_DAY_HOLDS_PER_IP: process.env.ORDERS_DAY_HOLDS_PER_IP ?? '100000',
    ORDERS_DAY_HOLDS_PER_PHONE: process.env.ORDERS_DAY_HOLDS_PER_PHONE ?? '100000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
