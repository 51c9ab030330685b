import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '@adire/contracts';
import { loadConfig, ROOT } from '../config';
import { isRemoteName, listReleases, publish, readManifest, rollback } from '../release/releases';

const USAGE = `Usage:
  pnpm release publish <remote> [--no-build]   build one remote alone and make it live
  pnpm release rollback <remote> [version]     point a remote back at its previous (or a named) version
  pnpm release status                          live and earlier versions of every remote
Remotes: ${REMOTE_NAMES.join(', ')}`;

const { releasesDir } = loadConfig();
const [command, name, ...rest] = process.argv.slice(2);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function remoteArg(): (typeof REMOTE_NAMES)[number] {
  if (!name || !isRemoteName(name)) fail(`Unknown remote '${name ?? ''}'.\n${USAGE}`);
  return name;
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function packageVersion(dir: string): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version: string }).version;
}

try {
  if (command === 'publish') {
    const remote = remoteArg();
    const appDir = `mf-${remote}`;
    if (!rest.includes('--no-build')) {
      execFileSync('pnpm', ['--filter', `@adire/${appDir}`, 'build'], { cwd: ROOT, stdio: 'inherit' });
    }
    const info = publish({
      releasesDir,
      remote,
      distDir: path.join(ROOT, appDir, 'dist'),
      packageVersion: packageVersion(appDir),
      contractsVersion: packageVersion('shared/contracts'),
      commit: gitCommit(),
    });
    console.log(`${remote} ${info.version} is live (commit ${info.commit})`);
  } else if (command === 'rollback') {
    const remote = remoteArg();
    const version = rollback(releasesDir, remote, rest[0]);
    console.log(`${remote} rolled back: ${version} is live`);
  } else if (command === 'status') {
    const manifest = readManifest(releasesDir);
    for (const remote of REMOTE_NAMES) {
      const live = manifest.live[remote];
      console.log(`${remote}: ${live ?? '(not published)'}`);
      for (const r of listReleases(releasesDir, remote).reverse()) {
        console.log(`  ${r.version === live ? '*' : ' '} ${r.version}  published ${r.publishedAt}  commit ${r.commit}`);
      }
    }
  } else {
    fail(USAGE);
  }
} catch (err) {
  fail(`release ${command ?? ''} failed: ${(err as Error).message}`);
}
