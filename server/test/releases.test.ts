import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  contractsCompatible,
  formatStatus,
  listReleases,
  publish,
  readManifest,
  readReleaseInfo,
  releaseStatus,
  remotesJson,
  rollback,
  storeManifest,
} from '../src/release/releases';

let root: string;
let releasesDir: string;

function build(content: string, entry = 'remoteEntry.js'): string {
  const dist = fs.mkdtempSync(path.join(root, 'dist-'));
  fs.writeFileSync(path.join(dist, entry), content);
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'chunk.js'), `// ${content}`);
  return dist;
}

const base = { remote: 'cart' as const, packageVersion: '0.1.0', commit: 'abc1234', contractsVersion: '1.0.0' };

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-rel-'));
  releasesDir = path.join(root, 'releases');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('releases', () => {
  it('publishes into an immutable, content-versioned folder and makes it live', () => {
    const one = publish({ ...base, releasesDir, distDir: build('one') });
    expect(one.version).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);
    expect(fs.readFileSync(path.join(releasesDir, 'cart', one.version, 'assets', 'chunk.js'), 'utf8')).toBe('// one');
    expect(remotesJson(readManifest(releasesDir))).toEqual({
      cart: { version: one.version, entry: `/releases/cart/${one.version}/remoteEntry.js` },
    });
    // The same build again is the same version: nothing is copied over it.
    const again = publish({ ...base, releasesDir, distDir: build('one'), commit: 'fff0000' });
    expect(again.version).toBe(one.version);
    expect(again.commit).toBe('abc1234');
  });

  it('rolls back to the previous version, and to a named one', () => {
    const one = publish({ ...base, releasesDir, distDir: build('one') });
    const two = publish({ ...base, releasesDir, distDir: build('two') });
    expect(readManifest(releasesDir).live.cart).toBe(two.version);
    expect(rollback(releasesDir, 'cart')).toBe(one.version);
    expect(readManifest(releasesDir).live.cart).toBe(one.version);
    expect(rollback(releasesDir, 'cart', two.version)).toBe(two.version);
    expect(() => rollback(releasesDir, 'cart', '9.9.9-nothing')).toThrow("cart has no published version '9.9.9-nothing'");
    expect(readManifest(releasesDir).history.map((h) => h.action)).toEqual(['publish', 'publish', 'rollback', 'rollback']);
    expect(listReleases(releasesDir, 'cart').map((r) => r.version).sort()).toEqual([one.version, two.version].sort());
  });

  it('points a remote at another origin (a CDN) when the manifest says so', () => {
    const one = publish({ ...base, releasesDir, distDir: build('one') });
    const manifest = { ...readManifest(releasesDir), origins: { cart: 'https://cdn.example.test/releases/' } };
    expect(remotesJson(manifest).cart?.entry).toBe(`https://cdn.example.test/releases/cart/${one.version}/remoteEntry.js`);
  });

  it('refuses a build without a remote entry', () => {
    const dist = fs.mkdtempSync(path.join(root, 'empty-'));
    expect(() => publish({ ...base, releasesDir, distDir: dist })).toThrow(/has no remoteEntry.js/);
  });

  it('a second rollback steps further back instead of returning to where it came from', () => {
    const one = publish({ ...base, releasesDir, distDir: build('one') });
    const two = publish({ ...base, releasesDir, distDir: build('two') });
    publish({ ...base, releasesDir, distDir: build('three') });
    expect(rollback(releasesDir, 'cart')).toBe(two.version);
    expect(rollback(releasesDir, 'cart')).toBe(one.version);
    expect(() => rollback(releasesDir, 'cart')).toThrow('cart has no earlier version to roll back to');
  });
});

describe('shell releases', () => {
  const shell = { ...base, remote: 'shell' as const };

  it('publishes the shell into releases/shell/<version>/ and rolls it back, apart from the remotes', () => {
    const cart = publish({ ...base, releasesDir, distDir: build('cart') });
    const one = publish({ ...shell, releasesDir, distDir: build('<title>one</title>', 'index.html') });
    const two = publish({ ...shell, releasesDir, distDir: build('<title>two</title>', 'index.html') });
    expect(fs.readFileSync(path.join(releasesDir, 'shell', two.version, 'index.html'), 'utf8')).toBe('<title>two</title>');
    expect(readManifest(releasesDir).live).toEqual({ cart: cart.version, shell: two.version });
    // The public manifest keeps its shape: the remotes by name, the shell's version beside them.
    expect(storeManifest(readManifest(releasesDir))).toEqual({ cart: remotesJson(readManifest(releasesDir)).cart, shell: { version: two.version } });
    expect(rollback(releasesDir, 'shell')).toBe(one.version);
    expect(readManifest(releasesDir).live).toEqual({ cart: cart.version, shell: one.version });
    expect(() => publish({ ...shell, releasesDir, distDir: build('no page') })).toThrow(/has no index.html: build the shell first/);
  });

  it('tells the shell to honour dev overrides only when asked to', () => {
    expect(storeManifest(readManifest(releasesDir))).toEqual({});
    expect(storeManifest(readManifest(releasesDir), { devOverrides: true })).toEqual({ devOverrides: true });
  });
});

describe('contracts check', () => {
  const shell = { ...base, remote: 'shell' as const };

  it('compares the major version only', () => {
    expect(contractsCompatible('1.0.0', '1.4.2')).toBe(true);
    expect(contractsCompatible('1.9.0', '2.0.0')).toBe(false);
    expect(contractsCompatible('banana', 'banana')).toBe(false);
  });

  it('refuses a remote built with another contracts major than the live shell, unless forced', () => {
    const liveShell = publish({ ...shell, releasesDir, distDir: build('<p>shell</p>', 'index.html') });
    const old = publish({ ...base, releasesDir, distDir: build('cart 1') });
    const attempt = () => publish({ ...base, releasesDir, distDir: build('cart 2'), contractsVersion: '2.0.0' });
    expect(attempt).toThrow(
      `Refused to publish cart 0.1.0-`,
    );
    expect(attempt).toThrow(
      `it was built with contracts 2.0.0, but the live shell ${liveShell.version} was built with contracts 1.0.0. ` +
        `A different major version means they may not understand each other's events and API shapes. ` +
        `Release a shell built with contracts 2.x first, or pass --force to publish it anyway.`,
    );
    // Nothing changed: no folder, the old cart still live.
    expect(listReleases(releasesDir, 'cart')).toHaveLength(1);
    expect(readManifest(releasesDir).live.cart).toBe(old.version);
    // A minor difference is fine.
    const minor = publish({ ...base, releasesDir, distDir: build('cart 1.1'), contractsVersion: '1.1.0' });
    expect(readManifest(releasesDir).live.cart).toBe(minor.version);
    // Forced: live, and the history says so.
    const forced = publish({ ...base, releasesDir, distDir: build('cart 2'), contractsVersion: '2.0.0', force: true });
    expect(readManifest(releasesDir).live.cart).toBe(forced.version);
    expect(readManifest(releasesDir).history.at(-1)).toMatchObject({ action: 'publish', version: forced.version, forced: true });
    expect(readReleaseInfo(releasesDir, 'cart', forced.version)?.contractsVersion).toBe('2.0.0');
  });

  it('refuses a shell whose contracts major differs from any live remote, and a rollback across majors', () => {
    publish({ ...base, releasesDir, distDir: build('cart') });
    publish({ ...base, remote: 'account', releasesDir, distDir: build('account') });
    const v1 = publish({ ...shell, releasesDir, distDir: build('<p>1</p>', 'index.html') });
    expect(() => publish({ ...shell, releasesDir, distDir: build('<p>2</p>', 'index.html'), contractsVersion: '2.0.0' })).toThrow(
      /but the live cart .* was built with contracts 1\.0\.0; the live account .* was built with contracts 1\.0\.0\. .*Release those remotes built with contracts 2\.x first/,
    );
    const v2 = publish({ ...shell, releasesDir, distDir: build('<p>2</p>', 'index.html'), contractsVersion: '2.0.0', force: true });
    publish({ ...base, releasesDir, distDir: build('cart 2'), contractsVersion: '2.0.0' });
    // The shell at 2.x again matches the new cart; rolling the shell back to 1.x would not.
    expect(() => rollback(releasesDir, 'shell', v1.version)).toThrow(/Refused to roll back to shell .*or pass --force to roll back to it anyway/);
    expect(readManifest(releasesDir).live.shell).toBe(v2.version);
    expect(rollback(releasesDir, 'shell', v1.version, { force: true })).toBe(v1.version);
  });
});

describe('status', () => {
  it('shows each live version, the earlier ones, when and from which commit, and the latest changes', () => {
    const one = publish({ ...base, releasesDir, distDir: build('one'), now: new Date('2026-03-01T10:00:00Z') });
    const two = publish({ ...base, releasesDir, distDir: build('two'), commit: 'def5678', now: new Date('2026-03-02T11:30:00Z') });
    const status = releaseStatus(releasesDir).find((s) => s.target === 'cart')!;
    expect(status.live?.version).toBe(two.version);
    expect(status.earlier.map((r) => r.version)).toEqual([one.version]);
    const text = formatStatus(releasesDir);
    expect(text).toContain(`shell\n  live     (not published)`);
    expect(text).toContain(`  live     ${two.version}  published 2026-03-02 11:30:00 UTC  commit def5678  contracts 1.0.0`);
    expect(text).toContain(`  earlier  ${one.version}  published 2026-03-01 10:00:00 UTC  commit abc1234`);
    expect(text).toContain(`publish   cart      ${one.version} → ${two.version}`);
  });

  it('carries a release\'s server draw module like its browser files, and says which releases draw on the server', () => {
    const dist = build('catalog with a server draw');
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(path.join(dist, 'server', 'draw.mjs'), 'export async function draw() {}');
    const drawing = publish({ ...base, remote: 'catalog', releasesDir, distDir: dist });
    expect(fs.readFileSync(path.join(releasesDir, 'catalog', drawing.version, 'server', 'draw.mjs'), 'utf8')).toBe('export async function draw() {}');
    const plain = publish({ ...base, remote: 'catalog', releasesDir, distDir: build('catalog without one') });
    const text = formatStatus(releasesDir);
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
      const child = spawn(process.execPath, ['--import', 'tsx', fixture, releasesDir, 'cart', label, String(count)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('exit', (code) => (code === 0 ? resolve(out.trim().split('\n')) : reject(new Error(`publisher ${label} exited ${code}: ${err}`))));
    });

  it('two processes publishing at once leave a valid manifest with every publish in its history', async () => {
    const [a, b] = await Promise.all([runPublisher('a', 6), runPublisher('b', 6)]);
    const raw = fs.readFileSync(path.join(releasesDir, 'manifest.json'), 'utf8');
    const manifest = JSON.parse(raw) as ReturnType<typeof readManifest>;
    const published = manifest.history.map((h) => h.version);
    expect(published.sort()).toEqual([...a, ...b].sort());
    // Each change saw the one before it: no publish read a stale manifest and lost another's change.
    const chain = readManifest(releasesDir).history;
    chain.forEach((h, i) => expect(h.previous).toBe(i === 0 ? null : chain[i - 1]!.version));
    expect(manifest.live.cart).toBe(chain.at(-1)!.version);
    // Every release folder is complete, and no lock or temporary file is left behind.
    for (const version of [...a, ...b]) expect(readReleaseInfo(releasesDir, 'cart', version)?.commit).toMatch(/^[ab]$/);
    expect(fs.readdirSync(releasesDir).sort()).toEqual(['cart', 'manifest.json']);
  }, 40_000);
});

