import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../config';
import {
  formatStatus,
  isReleaseTarget,
  publish,
  RELEASE_TARGETS,
  releaseStatus,
  rollback,
  type ReleaseTarget,
} from '../release/releases';

const USAGE = `Usage:
  pnpm release publish <target> [--no-build] [--dist <folder>] [--force]
      build one target alone (or take an already built --dist folder), copy it into
      releases/<target>/<version>/ and make it live. Refused when its contracts major differs
      from the live shell's (for the shell: from any live remote's) unless --force.
  pnpm release rollback <target> [version] [--force]
      make the version live before the current one (or the named one) live again
  pnpm release status [--all] [--json]
      the live and earlier versions of the shell and every remote: when, from which commit,
      with which contracts; then the latest changes
Targets: ${RELEASE_TARGETS.join(', ')}
RELEASES_DIR sets the releases folder (default: releases/ at the project root).`;

// Only the releases folder is needed here (not the whole server configuration).
const releasesDir = process.env.RELEASES_DIR ?? path.join(ROOT, 'releases');
const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const distIndex = args.indexOf('--dist');
const distArg = distIndex >= 0 ? args[distIndex + 1] : undefined;
const positional = args.filter((a, i) => !a.startsWith('--') && (distIndex < 0 || i !== distIndex + 1));
const [command, name, version] = positional;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function targetArg(): ReleaseTarget {
  if (!name || !isReleaseTarget(name)) fail(`Unknown target '${name ?? ''}'.\n${USAGE}`);
  return name;
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return 'unknown';
  }
}

function packageVersion(dir: string): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const appDirOf = (target: ReleaseTarget) => (target === 'shell' ? 'shell' : `mf-${target}`);

try {
  if (command === 'publish') {
    const target = targetArg();
    const appDir = appDirOf(target);
    if (distIndex >= 0 && !distArg) fail('--dist needs a folder');
    if (!distArg && !flags.has('--no-build')) {
      execFileSync('pnpm', ['--filter', `@adire/${appDir}`, 'build'], { cwd: ROOT, stdio: 'inherit' });
    }
    const started = Date.now();
    const info = publish({
      releasesDir,
      remote: target,
      distDir: distArg ? path.resolve(distArg) : path.join(ROOT, appDir, 'dist'),
      packageVersion: packageVersion(appDir),
      contractsVersion: packageVersion('shared/contracts'),
      commit: gitCommit(),
      force: flags.has('--force'),
    });
    console.log(
      `${target} ${info.version} is live (commit ${info.commit}, contracts ${info.contractsVersion}; ${Date.now() - started} ms)` +
        '\nThe store shows it on the next page load.',
    );
  } else if (command === 'rollback') {
    const target = targetArg();
    const live = rollback(releasesDir, target, version, { force: flags.has('--force') });
    console.log(`${target} rolled back: ${live} is live. The store shows it on the next page load.`);
  } else if (command === 'status') {
    if (flags.has('--json')) console.log(JSON.stringify(releaseStatus(releasesDir), null, 2));
    else console.log(formatStatus(releasesDir, flags.has('--all') ? { earlier: Infinity, changes: Infinity } : {}));
  } else {
    fail(USAGE);
  }
} catch (err) {
  fail(`release ${command ?? ''} failed: ${(err as Error).message}`);
}
