import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';
import { loadConfig } from '../server-config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ReleaseRegistry } from '../release/registry';
import { CANARY_ERROR_MARGIN, CANARY_MIN_PAGE_LOADS } from '../release/canary';
import { formatStatus, isReleaseTarget, isRemoteName, RELEASE_TARGETS, type ReleaseTarget } from '../release/releases';

const USAGE = `Usage:
  pnpm release publish <target|all> [--no-build] [--dist <folder>] [--force]
      build one target alone (or take an already built --dist folder), store it in the release
      registry as <target> <version> and make it live ('all': the shell, then each remote).
      Refused when its contracts major differs from the live shell's (for the shell: from any
      live remote's) unless --force.
  pnpm release rollback <target> [version] [--force]
      make the version live before the current one (or the named one) live again
  pnpm release publish <target> --store-only [--dist <folder>]
      store a build in the registry without making it live (for a canary)
  pnpm release canary <target> <version> --percent <1-99>
      serve a stored version to that share of browsers beside the live one (sticky per browser, by a
      cookie); aborted automatically when its error rate exceeds the live version's by ${Math.round(CANARY_ERROR_MARGIN * 100)} points
      over at least ${CANARY_MIN_PAGE_LOADS} page loads (the history says why)
  pnpm release promote <target>       make the running canary live for everyone
  pnpm release abort <target>         return everyone to the live version
  pnpm release origin <remote> <https://cdn…/releases | --self>
      serve a remote's releases from another origin (a CDN holding the same folders), or from the store again
  pnpm release status [--all] [--json]
      the live and earlier versions of the shell and every remote: when, from which commit,
      with which contracts; then the latest changes
Targets: ${RELEASE_TARGETS.join(', ')}
The registry lives in the store's database (DATABASE_URL, else SQLITE_FILE): a change made here is
served by every instance on its next page load. RELEASES_DIR is this machine's cache of unpacked
releases (default: releases/ at the project root); a releases folder from before the registry
(with its manifest.json) is imported once.`;

const config = loadConfig();
const releasesDir = config.releasesDir;
const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const distIndex = args.indexOf('--dist');
const distArg = distIndex >= 0 ? args[distIndex + 1] : undefined;
const percentIndex = args.indexOf('--percent');
const percentArg = percentIndex >= 0 ? args[percentIndex + 1] : undefined;
const positional = args.filter((a, i) => !a.startsWith('--') && (distIndex < 0 || i !== distIndex + 1) && (percentIndex < 0 || i !== percentIndex + 1));
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

async function publishOne(registry: ReleaseRegistry, target: ReleaseTarget) {
  const appDir = appDirOf(target);
  if (!distArg && !flags.has('--no-build')) {
    execFileSync('pnpm', ['--filter', `@adire/${appDir}`, 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const started = Date.now();
  const info = await registry.publish({
    remote: target,
    distDir: distArg ? path.resolve(distArg) : path.join(ROOT, appDir, 'dist'),
    packageVersion: packageVersion(appDir),
    contractsVersion: packageVersion('shared/contracts'),
    commit: gitCommit(),
    force: flags.has('--force'),
    storeOnly: flags.has('--store-only'),
  });
  if (flags.has('--store-only')) {
    console.log(`${target} ${info.version} is stored (not live): pnpm release canary ${target} ${info.version} --percent 10`);
    return;
  }
  console.log(`${target} ${info.version} is live (commit ${info.commit}, contracts ${info.contractsVersion}; ${Date.now() - started} ms)`);
}

const NEXT_LOAD = 'Every instance of the store shows it on its next page load.';

async function main() {
  if (!['publish', 'rollback', 'origin', 'status', 'canary', 'promote', 'abort'].includes(command ?? '')) fail(USAGE);
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const registry = new ReleaseRegistry(db, releasesDir);
    const imported = await registry.importFolder();
    if (imported !== null) console.log(`Imported ${imported} releases and the live manifest of ${releasesDir} into the release registry.`);
    if (command === 'publish') {
      if (distIndex >= 0 && !distArg) fail('--dist needs a folder');
      if (name === 'all' && !distArg) {
        for (const target of RELEASE_TARGETS) await publishOne(registry, target);
      } else await publishOne(registry, targetArg());
      console.log(NEXT_LOAD);
    } else if (command === 'rollback') {
      const target = targetArg();
      const live = await registry.rollback(target, version, { force: flags.has('--force') });
      console.log(`${target} rolled back: ${live} is live. ${NEXT_LOAD}`);
    } else if (command === 'canary') {
      const target = targetArg();
      if (!version) fail(`Name the version to try.\n${USAGE}`);
      const percent = Number(percentArg);
      if (!percentArg || !Number.isInteger(percent)) fail(`--percent needs a whole number from 1 to 99.\n${USAGE}`);
      await registry.canary(target, version, percent);
      console.log(`${target} ${version} is a canary for ${percent}% of browsers (each keeps its share). ${NEXT_LOAD}`);
    } else if (command === 'promote') {
      const target = targetArg();
      console.log(`${target} ${await registry.promote(target)} is live for everyone. ${NEXT_LOAD}`);
    } else if (command === 'abort') {
      const target = targetArg();
      console.log(`${target} canary ${await registry.abort(target)} aborted: every browser is back on the live version. ${NEXT_LOAD}`);
    } else if (command === 'origin') {
      const remote = name ?? '';
      if (!isRemoteName(remote)) fail(`Unknown remote '${remote}': one of ${RELEASE_TARGETS.filter((t) => t !== 'shell').join(', ')}.\n${USAGE}`);
      const self = flags.has('--self');
      if (!self && !version) fail(`Give the origin (https://cdn…/releases) or --self.\n${USAGE}`);
      await registry.setOrigin(remote, self ? null : version!);
      console.log(`${remote} is served from ${self ? 'the store itself' : version}. ${NEXT_LOAD}`);
    } else {
      const status = await registry.status();
      if (flags.has('--json')) console.log(JSON.stringify({ ...status, drawing: [...status.drawing] }, null, 2));
      else console.log(formatStatus(status, flags.has('--all') ? { earlier: Infinity, changes: Infinity } : {}));
    }
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => fail(`release ${command ?? ''} failed: ${(err as Error).message}`));
