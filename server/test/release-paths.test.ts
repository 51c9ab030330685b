import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_TARGETS, type ReleaseTarget } from '../src/release';
import { startTestShop, type TestShop } from './helpers';

/**
 * A release's server draw module is never the browser's, however its path is spelt (issue 32, item 4):
 * the outside review fetched `/releases/shell/<v>//server/draw.mjs`, `/./server/`, `/assets/../server/`
 * and `/releases/shell/%2e%2e/shell/<v>/server/` (200, 1.3 MB) because the path was checked before it
 * was normalised. Requests go over a real socket, byte for byte as written (no client tidies them).
 */

const release = { packageVersion: '0.1.0', commit: 'abc1234', contractsVersion: '1.0.0' };
const SECRET = 'THE-SERVER-DRAW-MODULE';

let shop: TestShop;
let origin: string;
const versions = {} as Record<ReleaseTarget, string>;

/** GET a path exactly as written. */
function get(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}/`, { path: rawPath }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

beforeAll(async () => {
  shop = await startTestShop({ shell: true });
  const work = path.dirname(shop.dirs.releasesDir);
  for (const target of RELEASE_TARGETS) {
    const dist = fs.mkdtempSync(path.join(work, `${target}-dist-`));
    const files: Record<string, string> = {
      'remoteEntry.js': `// ${target} entry`,
      'assets/chunk-AAAAAAAA.js': `// ${target} chunk`,
      'server/draw.mjs': `export const secret = '${SECRET} of ${target}';`,
      ...(target === 'shell' ? { 'index.html': '<!doctype html><title>Shell</title><div id="shell-root"></div>' } : {}),
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), text);
    }
    versions[target] = (await shop.registry.publish({ ...release, remote: target, distDir: dist })).version;
  }
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await shop.close();
});

/** Every spelling of `<target>/<version>/server/draw.mjs` the review tried, and the same tricks elsewhere in the path. */
const spellings = (t: string, v: string) => [
  `/releases/${t}/${v}/server/draw.mjs`,
  `/releases/${t}/${v}//server/draw.mjs`,
  `/releases/${t}/${v}///server/draw.mjs`,
  `/releases/${t}/${v}/./server/draw.mjs`,
  `/releases/${t}/${v}/assets/../server/draw.mjs`,
  `/releases/${t}/%2e%2e/${t}/${v}/server/draw.mjs`,
  `/releases/${t}/%2E%2E/${t}/${v}/server/draw.mjs`,
  `/releases/${t}/${v}/%2e/server/draw.mjs`,
  `/releases/${t}/${v}/assets/%2e%2e/server/draw.mjs`,
  `/releases/${t}/${v}/assets%2f..%2fserver/draw.mjs`,
  `/releases/${t}/${v}/server%2fdraw.mjs`,
  `/releases/${t}/${v}/%73erver/draw.mjs`,
  `/releases//${t}/${v}/server/draw.mjs`,
  `/releases/./${t}/${v}/server/draw.mjs`,
  `/releases/${t}/./${v}/server/draw.mjs`,
  `/releases/${t}/${v}/server/./draw.mjs`,
  `/releases/${t}/${v}/server//draw.mjs`,
  `/releases/${t}/${v}/assets/../assets/../server/draw.mjs`,
  `/releases/cart/../${t}/${v}/server/draw.mjs`,
  `/releases/${t}/${v}/%252e%252e/server/draw.mjs`,
  `/releases/${t}/${v}/server/draw.mjs?x=1`,
];

describe('release paths are normalised before they are checked (issue 32, item 4)', () => {
  for (const target of RELEASE_TARGETS) {
    it(`never serves the ${target} release's server module, however the path is spelt`, async () => {
      for (const url of spellings(target, versions[target])) {
        const res = await get(url);
        expect(res.status, url).toBe(404);
        expect(res.body, url).not.toContain(SECRET);
      }
    });

    it(`still serves the ${target} release's browser files`, async () => {
      const v = versions[target];
      const entry = await get(`/releases/${target}/${v}/remoteEntry.js`);
      expect(entry.status).toBe(200);
      expect(entry.body).toBe(`// ${target} entry`);
      const chunk = await get(`/releases/${target}/${v}/assets/chunk-AAAAAAAA.js?v=1`);
      expect(chunk.status).toBe(200);
      expect(chunk.body).toBe(`// ${target} chunk`);
    });
  }

  it("never serves the live shell's server module from the store's root, however the path is spelt", async () => {
    const rootSpellings = [
      '/server/draw.mjs',
      '//server/draw.mjs',
      '/./server/draw.mjs',
      '/assets/../server/draw.mjs',
      '/%2e%2e/server/draw.mjs',
      '/assets/%2e%2e/server/draw.mjs',
      '/assets%2f..%2fserver/draw.mjs',
      '/%73erver/draw.mjs',
      '/server%2fdraw.mjs',
      '/server//draw.mjs',
      '/server/./draw.mjs',
    ];
    for (const url of rootSpellings) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).not.toContain(SECRET);
    }
    expect((await get('/assets/chunk-AAAAAAAA.js')).body).toBe('// shell chunk');
  });

  it('serves no path that leaves the release folders, and no release record (a NUL is the usual 400)', async () => {
    const v = versions.cart;
    for (const url of [
      `/releases/cart/${v}/../../shell/${versions.shell}/server/draw.mjs`,
      `/releases/cart/${v}/%2e%2e/%2e%2e/%2e%2e/package.json`,
      `/releases/cart/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
      `/releases/cart/${v}/release.json`,
      `/releases/cart/${v}/%00remoteEntry.js`,
      `/releases/cart/${v}/..%5c..%5cremoteEntry.js`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(url.includes('%00') ? 400 : 404);
      expect(res.body, url).not.toContain(SECRET);
    }
  });
});
