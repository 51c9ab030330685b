// `pnpm dev`: the server (restarts on change, serving each remote's watch build), the shell on the
// Vite dev server (hot reload) and every remote rebuilding on change. Open http://127.0.0.1:5100.
import { spawn } from 'node:child_process';

const env = { ...process.env, ADIRE_DEV_REMOTES: '1', FORCE_COLOR: '1' };
const tasks = [
  ['server', ['--filter', '@adire/server', 'dev']],
  ['shell', ['--filter', '@adire/shell', 'dev']],
  ...['catalog', 'cart', 'account', 'checkout', 'backoffice'].map((r) => [r, ['--filter', `@adire/mf-${r}`, 'watch']]),
];

const children = tasks.map(([name, args]) => {
  const child = spawn('pnpm', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}]`.padEnd(11);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) console.log(prefix, line);
    });
  }
  child.on('exit', (code) => console.log(prefix, `exited (${code})`));
  return child;
});

console.log('Dev store: http://127.0.0.1:5100 (shell hot-reloads; remotes rebuild — reload the page to see them)');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
