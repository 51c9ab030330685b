import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server-config';
import { ReleaseRegistry } from '../src/release';
import { startTestShop, type TestShop } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built shell: its page and one hashed asset (plus a file every build has under the same name). */
function shellBuild(root: string, label: string, asset: string): string {
  const dist = fs.mkdtempSync(path.join(root, 'shell-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><title>${label}</title></head><body><script type="module" src="/assets/${asset}"></script></body></html>`);
  fs.writeFileSync(path.join(dist, 'assets', asset), `console.log(${JSON.stringify(label)});`);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><title>${label}</title></svg>`);
  return dist;
}

const release = { packageVersion: '0.1.0', commit: 'abc1234', contractsVersion: '1.0.0' };

let shop: TestShop;
let work: string;
beforeAll(async () => {
  shop = await startTestShop({ shell: true });
  work = path.dirname(shop.dirs.releasesDir);
});
afterAll(async () => {
  await shop.close();
});

describe('the shell served from its live release', () => {

  it('falls back to SHELL_DIR while no shell is released', async () => {
    const page = await shop.app.inject('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Adire Blooms</title>');
    expect(page.headers['x-adire-shell']).toBeUndefined();
    expect((await shop.app.inject('/remotes.json')).json()).toEqual({});
  });

  it('serves the live shell release: its page never cached, its hashed assets for good; a publish and a rollback show on the next load', async () => {
    const one = await shop.registry.publish({ ...release, remote: 'shell', distDir: shellBuild(work, 'Shell one', 'main-AAAAAAAA.js') });

    const page = await shop.app.inject('/product-category/roses');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Shell one</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['x-adire-shell']).toBe(one.version);
    // The page carries the live manifest, the shell's version included (the version readout uses it).
    expect(page.body).toContain(`"shell":{"version":"${one.version}"}`);
    expect((await shop.app.inject('/remotes.json')).json()).toEqual({ shell: { version: one.version } });

    const asset = await shop.app.inject('/assets/main-AAAAAAAA.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("Shell one");');
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    const icon = await shop.app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');

    const two = await shop.registry.publish({ ...release, remote: 'shell', distDir: shellBuild(work, 'Shell two', 'main-BBBBBBBB.js') });
    expect((await shop.app.inject('/')).body).toContain('<title>Shell two</title>');
    expect((await shop.app.inject('/favicon.svg')).body).toContain('Shell two');
    // A page loaded before the publish still gets its own chunks.
    expect((await shop.app.inject('/assets/main-AAAAAAAA.js')).statusCode).toBe(200);
    expect((await shop.app.inject('/assets/main-BBBBBBBB.js')).body).toBe('console.log("Shell two");');

    expect(await shop.registry.rollback('shell')).toBe(one.version);
    const back = await shop.app.inject('/');
    expect(back.body).toContain('<title>Shell one</title>');
    expect(back.headers['x-adire-shell']).toBe(one.version);
    expect((await shop.app.inject('/favicon.svg')).body).toContain('Shell one');
    expect(two.version).not.toBe(one.version);
  });

  it("sends the shell's hashed remote entry for good, its brotli and gzip copies too (they were revalidated on every page load)", async () => {
    const dist = shellBuild(work, 'Shell with an entry', 'main-CCCCCCCC.js');
    const entry = 'export const init = () => {};';
    fs.writeFileSync(path.join(dist, 'remoteEntry-Ab3_x-9Z.js'), entry);
    fs.writeFileSync(path.join(dist, 'remoteEntry-Ab3_x-9Z.js.br'), zlib.brotliCompressSync(entry));
    fs.writeFileSync(path.join(dist, 'remoteEntry-Ab3_x-9Z.js.gz'), zlib.gzipSync(entry));
    await shop.registry.publish({ ...release, remote: 'shell', distDir: dist });
    for (const encoding of ['identity', 'br', 'gzip']) {
      const res = await shop.app.inject({ url: '/remoteEntry-Ab3_x-9Z.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['content-encoding'], encoding).toBe(encoding === 'identity' ? undefined : encoding);
      expect(res.headers['cache-control'], encoding).toBe(IMMUTABLE);
    }
    // A file without a hashed name is still revalidated, however it is sent.
    expect((await shop.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } })).headers['cache-control']).toBe('no-cache');
  });

  it("unpacks a remote's release published through another instance on its first request here", async () => {
    // Another instance: the same database, a cache folder of its own.
    const other = new ReleaseRegistry(shop.db, path.join(work, 'other-instance-releases'));
    const dist = fs.mkdtempSync(path.join(work, 'cart-dist-'));
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), '// entry');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'chunk.js'), '// cart chunk');
    const { version } = await other.publish({ ...release, remote: 'cart', distDir: dist });
    expect(fs.existsSync(path.join(shop.dirs.releasesDir, 'cart', version))).toBe(false);

    const chunk = await shop.app.inject(`/releases/cart/${version}/assets/chunk.js`);
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toBe('// cart chunk');
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(fs.existsSync(path.join(shop.dirs.releasesDir, 'cart', version, 'remoteEntry.js'))).toBe(true);
    expect((await shop.app.inject(`/releases/cart/${version}/assets/missing.js`)).statusCode).toBe(404);
  });

  it("serves a remote built in the shared layout: its entry under its version, its hashed files at one address for every version (after a publish only what changed is new)", async () => {
    /** A build of the account remote as the federation plugin writes it: release/remoteEntry.js loading ../assets/…. */
    const accountBuild = (files: Record<string, string>) => {
      const dist = fs.mkdtempSync(path.join(work, 'account-dist-'));
      for (const [file, text] of Object.entries({ 'release/remoteEntry.js': `import '../assets/${Object.keys(files)[0]}';`, ...Object.fromEntries(Object.entries(files).map(([f, t]) => [`assets/${f}`, t])) })) {
        fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
        fs.writeFileSync(path.join(dist, file), text);
      }
      return dist;
    };
    // Published through another instance (the same database, a cache of its own): found here on its first request.
    const other = new ReleaseRegistry(shop.db, path.join(work, 'account-elsewhere'));
    const one = await other.publish({ ...release, remote: 'account', distDir: accountBuild({ 'mount-AAAA1111.js': '// mount one', 'runtime-RRRR0000.js': '// runtime' }) });
    expect(fs.existsSync(path.join(shop.dirs.releasesDir, 'account'))).toBe(false);
    const entry = await shop.app.inject(`/releases/account/${one.version}/remoteEntry.js`);
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe("import '../assets/mount-AAAA1111.js';");
    expect(entry.headers['cache-control']).toBe(IMMUTABLE);
    const runtime = await shop.app.inject('/releases/account/assets/runtime-RRRR0000.js');
    expect(runtime.statusCode).toBe(200);
    expect(runtime.body).toBe('// runtime');
    expect(runtime.headers['cache-control']).toBe(IMMUTABLE);

    // The next build changes the mount file only: its runtime keeps its name, and so its address.
    const two = await shop.registry.publish({ ...release, remote: 'account', distDir: accountBuild({ 'mount-BBBB2222.js': '// mount two', 'runtime-RRRR0000.js': '// runtime' }) });
    expect((await shop.app.inject(`/releases/account/${two.version}/remoteEntry.js`)).body).toBe("import '../assets/mount-BBBB2222.js';");
    expect((await shop.app.inject('/releases/account/assets/mount-BBBB2222.js')).body).toBe('// mount two');
    expect((await shop.app.inject('/releases/account/assets/runtime-RRRR0000.js')).body).toBe('// runtime');
    // A page loaded before the publish still gets its files; a file no version has is not found.
    expect((await shop.app.inject('/releases/account/assets/mount-AAAA1111.js')).body).toBe('// mount one');
    expect((await shop.app.inject('/releases/account/assets/mount-CCCC3333.js')).statusCode).toBe(404);
    // A build whose file has the name of another version's with other bytes would be served one or the other: refused.
    await expect(shop.registry.publish({ ...release, remote: 'account', distDir: accountBuild({ 'mount-CCCC3333.js': '// mount three', 'runtime-RRRR0000.js': '// runtime, changed' }) })).rejects.toThrow(
      `account ${one.version} has assets/runtime-RRRR0000.js with other content: a changed file needs a new name`,
    );
    expect((await shop.app.inject('/releases/account/assets/runtime-RRRR0000.js')).body).toBe('// runtime');
    expect((await shop.app.inject('/releases/account/assets/mount-CCCC3333.js')).statusCode).toBe(404);
  });

  it('serves no release record, dotfile or path outside the releases', async () => {
    for (const url of ['/release.json', '/..%2fmanifest.json', '/assets/..%2f..%2fmanifest.json', '/.manifest.lock', '/assets/missing-CCCCCCCC.js']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
    }
  });
});

describe('development overrides', () => {
  it('are announced to the shell, with the page allowed to load code from this machine, only in development mode', async () => {
    const dev = await startTestShop({ shell: true, config: { devOverrides: true } });
    try {
      expect((await dev.app.inject('/remotes.json')).json()).toEqual({ devOverrides: true });
      expect((await dev.app.inject('/')).headers['content-security-policy']).toMatch(/script-src 'self' http:\/\/localhost:\* http:\/\/127\.0\.0\.1:\*/);
      expect((await shop.app.inject('/remotes.json')).json()).not.toHaveProperty('devOverrides');
      expect((await shop.app.inject('/')).headers['content-security-policy']).not.toContain('localhost');
    } finally {
      await dev.close();
    }
  });

  it('are on with ADIRE_DEV_OVERRIDES=1 or ADIRE_DEV_REMOTES=1, and never in production', () => {
    expect(loadConfig({}).devOverrides).toBe(false);
    expect(loadConfig({ ADIRE_DEV_OVERRIDES: '1' }).devOverrides).toBe(true);
    expect(loadConfig({ ADIRE_DEV_REMOTES: '1' }).devOverrides).toBe(true);
    expect(loadConfig({ ADIRE_DEV_OVERRIDES: '1', NODE_ENV: 'production' }).devOverrides).toBe(false);
  });
});
