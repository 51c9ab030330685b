import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { ReleaseRegistry } from '../src/release';
import { formatStatus, storeManifest } from '../src/release';
import { contractsCompatible, remotesJson } from '../src/release/testing';
import { createTestDatabase } from './helpers';

let root: string;
let releasesDir: string;
let db: Db;
let databaseUrl: string | undefined;
let dropDatabase: () => Promise<void>;
let registry: ReleaseRegistry;

function build(content: string, entry = 'remoteEntry.js'): string {
  const dist = fs.mkdtempSync(path.join(root, 'dist-'));
  fs.writeFileSync(path.join(dist, entry), content);
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'chunk.js'), `// ${content}`);
  return dist;
}

const base = { remote: 'cart' as const, packageVersion: '0.1.0', commit: 'abc1234', contractsVersion: '1.0.0' };
type PublishOptions = Parameters<ReleaseRegistry['publish']>[0];
const publish = (options: Partial<PublishOptions> & Pick<PublishOptions, 'distDir'>) => registry.publish({ ...base, ...options });
const live = async () => (await registry.pointers()).live;
const history = async () => (await registry.status()).history;
const versionsOf = async (target: string) => (await registry.status()).targets.find((t) => t.target === target)!;

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-rel-'));
  releasesDir = path.join(root, 'releases');
  ({ databaseUrl, drop: dropDatabase } = await createTestDatabase());
  db = openDatabase({ databaseUrl, sqliteFile: path.join(root, 'shop.sqlite') });
  await migrateToLatest(db);
  registry = new ReleaseRegistry(db, releasesDir);
});
afterEach(async () => {
  await db.close();
  await dropDatabase();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the release registry', () => {
  it('stores a build under a content version, makes it live, and unpacks it into the cache', async () => {
    const one = await publish({ distDir: build('one') });
    expect(one.version).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);
    expect(fs.readFileSync(path.join(releasesDir, 'cart', one.version, 'assets', 'chunk.js'), 'utf8')).toBe('// one');
    expect(remotesJson({ live: await live(), history: [] })).toEqual({
      cart: { version: one.version, entry: `/releases/cart/${one.version}/remoteEntry.js` },
    });
    // The same build again is the same version: its first record stays, nothing is stored twice.
    const again = await publish({ distDir: build('one'), commit: 'fff0000' });
    expect(again.version).toBe(one.version);
    expect(again.commit).toBe('abc1234');
    expect(Number((await db.kysely.selectFrom('release_blob').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(2);
  });

  it('rolls back to the previous version, and to a named one', async () => {
    const one = await publish({ distDir: build('one') });
    const two = await publish({ distDir: build('two') });
    expect((await live()).cart).toBe(two.version);
    expect(await registry.rollback('cart')).toBe(one.version);
    expect((await live()).cart).toBe(one.version);
    expect(await registry.rollback('cart', two.version)).toBe(two.version);
    await expect(registry.rollback('cart', '9.9.9-nothing')).rejects.toThrow("cart has no published version '9.9.9-nothing'");
    expect((await history()).map((h) => h.action)).toEqual(['publish', 'publish', 'rollback', 'rollback']);
    const cart = await versionsOf('cart');
    expect([cart.live!.version, ...cart.earlier.map((r) => r.version)].sort()).toEqual([one.version, two.version].sort());
  });

  it('points a remote at another origin (a CDN), and back at the store', async () => {
    const one = await publish({ distDir: build('one') });
    await registry.setOrigin('cart', 'https://cdn.example.test/releases/');
    expect(remotesJson({ ...(await registry.pointers()), history: [] }).cart?.entry).toBe(`https://cdn.example.test/releases/cart/${one.version}/remoteEntry.js`);
    await expect(registry.setOrigin('cart', 'javascript:alert(1)')).rejects.toThrow('must be an http(s) address');
    await registry.setOrigin('cart', null);
    expect(remotesJson({ ...(await registry.pointers()), history: [] }).cart?.entry).toBe(`/releases/cart/${one.version}/remoteEntry.js`);
    expect((await live()).cart).toBe(one.version);
  });

  it('refuses a build without a remote entry', async () => {
    const dist = fs.mkdtempSync(path.join(root, 'empty-'));
    await expect(publish({ distDir: dist })).rejects.toThrow(/has no release\/remoteEntry.js or remoteEntry.js/);
  });

  it('a second rollback steps further back instead of returning to where it came from', async () => {
    const one = await publish({ distDir: build('one') });
    const two = await publish({ distDir: build('two') });
    await publish({ distDir: build('three') });
    expect(await registry.rollback('cart')).toBe(two.version);
    expect(await registry.rollback('cart')).toBe(one.version);
    await expect(registry.rollback('cart')).rejects.toThrow('cart has no earlier version to roll back to');
  });
});

describe('several instances on one registry', () => {
  it('a publish and a rollback made through one are served by the other on its next load, from its own cache', async () => {
    const otherCache = path.join(root, 'other-instance');
    const other = new ReleaseRegistry(db, otherCache);
    const one = await publish({ distDir: build('one') });
    expect((await other.served()).live.cart).toBe(one.version);
    // Unpacked into the other instance's cache, with its record.
    expect(fs.readFileSync(path.join(otherCache, 'cart', one.version, 'assets', 'chunk.js'), 'utf8')).toBe('// one');
    expect(JSON.parse(fs.readFileSync(path.join(otherCache, 'cart', one.version, 'release.json'), 'utf8'))).toMatchObject({ commit: 'abc1234' });
    const two = await publish({ distDir: build('two') });
    expect((await other.served()).live.cart).toBe(two.version);
    await registry.rollback('cart');
    expect((await other.served()).live.cart).toBe(one.version);
    // Without a change the stamp is the same and the same manifest is served (no reread).
    expect(await other.served()).toBe(await other.served());
  });

  it('refuses to unpack a file whose bytes do not match its hash', async () => {
    const one = await publish({ distDir: build('one') });
    const file = await db.kysely.selectFrom('release_file').select('hash').where('path', '=', 'assets/chunk.js').executeTakeFirstOrThrow();
    await db.kysely.updateTable('release_blob').set({ bytes: Buffer.from('// tampered') }).where('hash', '=', file.hash).execute();
    const other = new ReleaseRegistry(db, path.join(root, 'other-instance'));
    await expect(other.unpack('cart', one.version)).rejects.toThrow(`cart ${one.version}: assets/chunk.js does not match its hash in the registry`);
    expect(fs.existsSync(path.join(root, 'other-instance', 'cart', one.version))).toBe(false);
    expect(await other.unpack('cart', '0.0.0-unknown')).toBeNull();
  });

  it('imports a releases folder from before the registry once: releases, files, live pointers, origins and history', async () => {
    const legacy = path.join(root, 'legacy');
    const folder = path.join(legacy, 'cart', '0.1.0-legacy0001');
    fs.mkdirSync(path.join(folder, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'remoteEntry.js'), 'old cart');
    fs.writeFileSync(path.join(folder, 'assets', 'chunk.js'), '// old');
    const info = { remote: 'cart', version: '0.1.0-legacy0001', commit: 'old1234', publishedAt: '2026-01-01T00:00:00.000Z', contractsVersion: '1.0.0' };
    fs.writeFileSync(path.join(folder, 'release.json'), JSON.stringify(info));
    const history = [{ at: info.publishedAt, action: 'publish', remote: 'cart', version: info.version, previous: null }];
    fs.writeFileSync(path.join(legacy, 'manifest.json'), JSON.stringify({ live: { cart: info.version }, history, origins: { cart: 'https://cdn.example/releases' } }));
    const upgraded = new ReleaseRegistry(db, legacy);
    expect(await upgraded.importFolder()).toBe(1);
    expect(await upgraded.pointers()).toEqual({ live: { cart: info.version }, origins: { cart: 'https://cdn.example/releases' } });
    expect((await upgraded.status()).history).toEqual(history);
    expect(fs.existsSync(path.join(legacy, 'manifest.json'))).toBe(false);
    expect(fs.existsSync(path.join(legacy, 'manifest.imported.json'))).toBe(true);
    // Once: a manifest put back later is not read again.
    fs.copyFileSync(path.join(legacy, 'manifest.imported.json'), path.join(legacy, 'manifest.json'));
    expect(await upgraded.importFolder()).toBeNull();
    // Another instance unpacks the imported release from the registry.
    const other = new ReleaseRegistry(db, path.join(root, 'other-instance'));
    expect(fs.readFileSync(path.join((await other.unpack('cart', info.version))!, 'assets', 'chunk.js'), 'utf8')).toBe('// old');
    expect(await registry.rollback('cart', info.version)).toBe(info.version);
  });
});

describe('canary releases', () => {
  it('stores a build without making it live, serves it to a share, promotes it, aborts another, with the history', async () => {
    const stable = await publish({ distDir: build('stable') });
    const canary = await publish({ distDir: build('canary'), storeOnly: true });
    expect((await live()).cart).toBe(stable.version);
    await expect(registry.canary('cart', stable.version, 10)).rejects.toThrow('is already live for everyone');
    await expect(registry.canary('cart', canary.version, 0)).rejects.toThrow('--percent must be a whole number from 1 to 99');
    await expect(registry.canary('cart', '9.9.9-none', 10)).rejects.toThrow("cart has no published version '9.9.9-none'");
    await registry.canary('cart', canary.version, 10);
    const other = new ReleaseRegistry(db, path.join(root, 'other-instance'));
    expect((await other.served()).canary).toEqual({ cart: { version: canary.version, percent: 10 } });
    // Unpacked beside the live version, before any browser asks.
    expect(fs.existsSync(path.join(root, 'other-instance', 'cart', canary.version, 'remoteEntry.js'))).toBe(true);
    expect(await registry.promote('cart')).toBe(canary.version);
    expect((await other.served())).toMatchObject({ live: { cart: canary.version } });
    expect((await other.served()).canary).toBeUndefined();
    await registry.canary('cart', stable.version, 50);
    expect(await registry.abort('cart')).toBe(stable.version);
    await expect(registry.abort('cart')).rejects.toThrow('cart has no canary running');
    expect((await history()).map((h) => `${h.action} ${h.version}${h.reason ? ` (${h.reason})` : ''}`)).toEqual([
      `publish ${stable.version}`,
      `canary ${canary.version} (for 10% of browsers)`,
      `promote ${canary.version}`,
      `canary ${stable.version} (for 50% of browsers)`,
      `abort ${stable.version} (aborted by hand)`,
    ]);
    // A rollback after a promote returns to the version before it.
    expect(await registry.rollback('cart')).toBe(stable.version);
  });

  it('counts what shells report for the compared versions only, and aborts a failing canary by itself', async () => {
    const stable = await publish({ distDir: build('stable') });
    const canary = await publish({ distDir: build('canary'), storeOnly: true });
    await registry.canary('cart', canary.version, 10);
    const rule = { minPageLoads: 50, errorMargin: 0.05, minClients: 1 };
    await registry.report([{ target: 'cart', version: 'someone-elses', pageLoads: 1000, failures: 1000, client: 'c1' }], rule);
    await registry.report([{ target: 'cart', version: stable.version, pageLoads: 60, failures: 0, client: 'c1' }], rule);
    expect((await registry.report([{ target: 'cart', version: canary.version, pageLoads: 40, failures: 40, client: 'c1' }], rule)).aborted).toEqual([]);
    expect(formatStatus(await registry.status())).toContain(`  canary   ${canary.version}  for 10% of browsers: 40 page loads, error rate 100.0%; stable ${stable.version}: 60 page loads, error rate 0.0%`);
    const { aborted } = await registry.report([{ target: 'cart', version: canary.version, pageLoads: 20, failures: 0, client: 'c1' }], rule);
    expect(aborted).toEqual([{ target: 'cart', reason: "error rate 66.7% over 60 page loads from 1 client against the stable version's 0.0% over 60 page loads from 1 client (more than 5 points worse)" }]);
    expect((await history()).at(-1)).toMatchObject({ action: 'abort', version: canary.version, reason: expect.stringMatching(/^automatic: error rate 66\.7%/) });
    expect((await registry.served()).canary).toBeUndefined();
  });
});

describe('shell releases', () => {
  const shell = { remote: 'shell' as const };

  it('publishes the shell and rolls it back, apart from the remotes', async () => {
    const cart = await publish({ distDir: build('cart') });
    const one = await publish({ ...shell, distDir: build('<title>one</title>', 'index.html') });
    const two = await publish({ ...shell, distDir: build('<title>two</title>', 'index.html') });
    expect(fs.readFileSync(path.join(releasesDir, 'shell', two.version, 'index.html'), 'utf8')).toBe('<title>two</title>');
    expect(await live()).toEqual({ cart: cart.version, shell: two.version });
    // The public manifest keeps its shape: the remotes by name, the shell's version beside them.
    const manifest = { live: await live(), history: [] };
    expect(storeManifest(manifest)).toEqual({ cart: remotesJson(manifest).cart, shell: { version: two.version } });
    expect(await registry.rollback('shell')).toBe(one.version);
    expect(await live()).toEqual({ cart: cart.version, shell: one.version });
    await expect(publish({ ...shell, distDir: build('no page') })).rejects.toThrow(/has no index.html: build the shell first/);
  });

  it('tells the shell to honour dev overrides only when asked to', () => {
    expect(storeManifest({ live: {}, history: [] })).toEqual({});
    expect(storeManifest({ live: {}, history: [] }, { devOverrides: true })).toEqual({ devOverrides: true });
  });
});

describe('contracts check', () => {
  const shell = { remote: 'shell' as const };

  it('compares the major version only', () => {
    expect(contractsCompatible('1.0.0', '1.4.2')).toBe(true);
    expect(contractsCompatible('1.9.0', '2.0.0')).toBe(false);
    expect(contractsCompatible('banana', 'banana')).toBe(false);
  });

  it('refuses a remote built with another contracts major than the live shell, unless forced', async () => {
    const liveShell = await publish({ ...shell, distDir: build('<p>shell</p>', 'index.html') });
    const old = await publish({ distDir: build('cart 1') });
    const attempt = () => publish({ distDir: build('cart 2'), contractsVersion: '2.0.0' });
    await expect(attempt()).rejects.toThrow(`Refused to publish cart 0.1.0-`);
    await expect(attempt()).rejects.toThrow(
      `it was built with contracts 2.0.0, but the live shell ${liveShell.version} was built with contracts 1.0.0. ` +
        `A different major version means they may not understand each other's events and API shapes. ` +
        `Release a shell built with contracts 2.x first, or pass --force to publish it anyway.`,
    );
    // Nothing changed: not stored, the old cart still live.
    expect((await versionsOf('cart')).earlier).toHaveLength(0);
    expect((await live()).cart).toBe(old.version);
    // A minor difference is fine.
    const minor = await publish({ distDir: build('cart 1.1'), contractsVersion: '1.1.0' });
    expect((await live()).cart).toBe(minor.version);
    // Forced: live, and the history says so.
    const forced = await publish({ distDir: build('cart 2'), contractsVersion: '2.0.0', force: true });
    expect((await live()).cart).toBe(forced.version);
    expect((await history()).at(-1)).toMatchObject({ action: 'publish', version: forced.version, forced: true });
    expect((await versionsOf('cart')).live?.contractsVersion).toBe('2.0.0');
  });

  it('refuses a shell whose contracts major differs from any live remote, and a rollback across majors', async () => {
    await publish({ distDir: build('cart') });
    await publish({ remote: 'account', distDir: build('account') });
    const v1 = await publish({ ...shell, distDir: build('<p>1</p>', 'index.html') });
    await expect(publish({ ...shell, distDir: build('<p>2</p>', 'index.html'), contractsVersion: '2.0.0' })).rejects.toThrow(
      /but the live (cart|account) .* was built with contracts 1\.0\.0; the live (cart|account) .* was built with contracts 1\.0\.0\. .*Release those remotes built with contracts 2\.x first/,
    );
    const v2 = await publish({ ...shell, distDir: build('<p>2</p>', 'index.html'), contractsVersion: '2.0.0', force: true });
    await publish({ distDir: build('cart 2'), contractsVersion: '2.0.0' });
    // The shell at 2.x again matches the new cart; rolling the shell back to 1.x would not.
    await expect(registry.rollback('shell', v1.version)).rejects.toThrow(/Refused to roll back to shell .*or pass --force to roll back to it anyway/);
    expect((await live()).shell).toBe(v2.version);
    expect(await registry.rollback('shell', v1.version, { force: true })).toBe(v1.version);
  });
});

describe('status', () => {
  it('shows each live version, the earlier ones, when and from which commit, and the latest changes', async () => {
    const one = await publish({ distDir: build('one'), now: new Date('2026-03-01T10:00:00Z') });
    const two = await publish({ distDir: build('two'), commit: 'def5678', now: new Date('2026-03-02T11:30:00Z') });
    const status = await versionsOf('cart');
    expect(status.live?.version).toBe(two.version);
    expect(status.earlier.map((r) => r.version)).toEqual([one.version]);
    const text = formatStatus(await registry.status());
    expect(text).toContain(`shell\n  live     (not published)`);
    expect(text).toContain(`  live     ${two.version}  published 2026-03-02 11:30:00 UTC  commit def5678  contracts 1.0.0`);
    expect(text).toContain(`  earlier  ${one.version}  published 2026-03-01 10:00:00 UTC  commit abc1234`);
    expect(text).toContain(`publish   cart      ${one.version} → ${two.version}`);
  });

  it("carries a release's server draw module like its browser files, and says which releases draw on the server", async () => {
    const dist = build('catalog with a server draw');
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(path.join(dist, 'server', 'draw.mjs'), 'export async function draw() {}');
    const drawing = await publish({ remote: 'catalog', distDir: dist });
    const other = new ReleaseRegistry(db, path.join(root, 'other-instance'));
    expect(fs.readFileSync(path.join((await other.unpack('catalog', drawing.version))!, 'server', 'draw.mjs'), 'utf8')).toBe('export async function draw() {}');
    const plain = await publish({ remote: 'catalog', distDir: build('catalog without one') });
    const text = formatStatus(await registry.status());
    expect(text).toMatch(new RegExp(`earlier  ${drawing.version} .*contracts 1\\.0\\.0  draws on the server`));
    expect(text).toMatch(new RegExp(`live     ${plain.version} .*contracts 1\\.0\\.0  live since`));
    // The server module is part of the content: another one is another version.
    expect(drawing.version).not.toBe(plain.version);
  });
});

describe('concurrent publishes', () => {
  const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'publisher.ts');
  const runPublisher = (label: string, count: number) =>
    new Promise<string[]>((resolve, reject) => {
      const env = { ...process.env, SQLITE_FILE: path.join(root, 'shop.sqlite'), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
      const child = spawn(process.execPath, ['--import', 'tsx', fixture, path.join(root, `cache-${label}`), 'cart', label, String(count)], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env,
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('exit', (code) => (code === 0 ? resolve(out.trim().split('\n')) : reject(new Error(`publisher ${label} exited ${code}: ${err}`))));
    });

  it('two machines publishing at once leave every publish in the history, each change after the one before', async () => {
    const [a, b] = await Promise.all([runPublisher('a', 6), runPublisher('b', 6)]);
    const chain = await history();
    expect(chain.map((h) => h.version).sort()).toEqual([...a, ...b].sort());
    // Each change saw the one before it: no publish read a stale pointer and lost another's change.
    chain.forEach((h, i) => expect(h.previous).toBe(i === 0 ? null : chain[i - 1]!.version));
    expect((await live()).cart).toBe(chain.at(-1)!.version);
    // Every release is complete in the registry: a third instance unpacks each one.
    for (const version of [...a, ...b]) {
      const folder = (await registry.unpack('cart', version))!;
      expect(JSON.parse(fs.readFileSync(path.join(folder, 'release.json'), 'utf8')).commit).toMatch(/^[ab]$/);
    }
    expect(fs.readdirSync(path.join(releasesDir, 'cart')).filter((n) => n.includes('.staging-'))).toEqual([]);
  }, 60_000);
});
