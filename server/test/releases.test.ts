import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listReleases, publish, readManifest, remotesJson, rollback } from '../src/release/releases';

let root: string;
let releasesDir: string;

function build(content: string): string {
  const dist = fs.mkdtempSync(path.join(root, 'dist-'));
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), content);
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
});
