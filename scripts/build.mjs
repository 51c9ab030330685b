// Build and publish the shell, then each remote, every one on its own into the release registry
// (the release command: server/src/cli/release.ts). The shell goes first: each remote's contracts
// version is checked against the live shell's. `node scripts/build.mjs cart` publishes only the cart.
import { execFileSync } from 'node:child_process';

const run = (args) => execFileSync('pnpm', args, { stdio: 'inherit' });
const targets = process.argv.slice(2).length ? process.argv.slice(2) : ['shell', 'catalog', 'cart', 'account', 'checkout', 'backoffice'];

for (const target of targets) run(['--filter', '@adire/server', 'release', 'publish', target]);
// The server itself, compiled into server/dist/main.mjs (what `pnpm start` runs).
if (!process.argv.slice(2).length) run(['--filter', '@adire/server', 'build']);
