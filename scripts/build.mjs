// Build the shell, then build and publish each remote on its own (releases/<remote>/<version>/).
import { execFileSync } from 'node:child_process';

const run = (args) => execFileSync('pnpm', args, { stdio: 'inherit' });
const remotes = process.argv.slice(2).length ? process.argv.slice(2) : ['catalog', 'cart', 'account', 'checkout'];

run(['--filter', '@adire/shell', 'build']);
for (const remote of remotes) run(['--filter', '@adire/server', 'release', 'publish', remote]);
